// The engine's human-readable log (a state's `log` array, when it has one) is kept out of the
// snapshot: it grows with every move (93% of a state late in a game), and writing
// it whole each time cost most of a move's WAL and its TOAST compression. Each game_actions row
// keeps the part of the log its change rewrote instead (entries from `log_from` on, usually the
// last one or two), and the snapshot stores `"log": null` in its place (so the key keeps its
// position and the state reads back as the same JSON text). Reading a state puts the log back
// together from its rows, oldest first; `npm run verify` compares that with the replay.
// Snapshots written before this kept the log inline and are read as they are.

/** States whose log is entirely in game_actions (read from there, or written there). */
const logInRows = new WeakSet<object>();

type WithLog = { log: unknown[] };

function hasLog(state: unknown): state is WithLog {
  return typeof state === 'object' && state !== null && Array.isArray((state as WithLog).log);
}

/**
 * What a change writes: the part of the log it rewrote and, when it writes a snapshot
 * (`withState`), the state's JSON with the log left out (null otherwise).
 */
export function splitLog(before: unknown, after: unknown, withState: boolean): { stateJson: string | null; logFrom: number | null; logTail: unknown[] } {
  if (!hasLog(after)) return { stateJson: withState ? JSON.stringify(after) : null, logFrom: null, logTail: [] };
  // The log in the rows so far: the state before's, if it came from (or went to) the rows.
  const kept = hasLog(before) && logInRows.has(before) ? before.log : [];
  const log = after.log;
  let from = 0;
  // Entries are immutable and shared between a state and the next (a reference check is
  // enough, but an undo rebuilds its state by replay: compare those by value).
  while (from < kept.length && from < log.length && (kept[from] === log[from] || JSON.stringify(kept[from]) === JSON.stringify(log[from]))) from++;
  logInRows.add(after);
  return { stateJson: withState ? JSON.stringify({ ...after, log: null }) : null, logFrom: from, logTail: log.slice(from) };
}

/** The state as stored, with its log put back from its rows' parts ([log_from, log_tail], oldest first). */
export function joinLog(state: unknown, parts: [number, unknown[]][] | null): unknown {
  if (typeof state !== 'object' || state === null || (state as { log?: unknown }).log !== null) return state;
  let log: unknown[] = [];
  for (const [from, tail] of parts ?? []) log = log.slice(0, from).concat(tail);
  (state as WithLog).log = log;
  logInRows.add(state);
  return state;
}

/** SQL: the log parts of a game's snapshot state, oldest first (`g` the games row, `s` its snapshot). */
export const LOG_PARTS = `(SELECT json_agg(json_build_array(a.log_from, a.log_tail) ORDER BY a.seq)
  FROM game_actions a WHERE a.game_id = g.id AND a.log_from IS NOT NULL AND a.seq <= s.version)`;

/**
 * A state whose log is the one the rows hold up to its version: the snapshot's state brought up
 * to date by applying the entries after it (src/app/games/history.ts), whose rows hold their parts.
 */
export function logIsInRows(state: unknown): void {
  if (hasLog(state)) logInRows.add(state);
}
