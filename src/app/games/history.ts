// A game is its seed, its options and its log: replaying the log from the seed reproduces the
// snapshot (the log up to the snapshot's version) and the current state (the whole log).
// `action` entries are applied, an `undo` takes back the latest action still standing, `start`,
// `resign`, `timeout` (a win claimed on time, or a game abandoned) and `extend` (more time given)
// leave the engine state alone.
import { isDeepStrictEqual } from 'node:util';
import { storedGameSetup, type Action, type GameModule, type SetupOptions } from '../../engine/index.js';
import { botRole, recordKey } from '../../engine/record.js';
import { logIsInRows } from '../../store/game-log.js';
import type { Entry, GameRow } from '../../store/games.js';

export interface StandingAction {
  seq: number;
  role: string;
  action: Action;
}

/** The actions still in force after the undos, oldest first. Throws on an inconsistent log. */
export function standingActions(entries: Entry[]): StandingAction[] {
  const stack: StandingAction[] = [];
  entries.forEach((e, i) => {
    if (e.seq !== i + 1) throw new Error(`log entry ${i + 1} has seq ${e.seq}`);
    if (e.kind === 'action') stack.push({ seq: e.seq, role: e.role, action: e.action as Action });
    else if (e.kind === 'undo') {
      const undone = stack.pop();
      const names = (e.action as { undoes?: number } | null)?.undoes;
      if (!undone || undone.seq !== names || undone.role !== e.role) throw new Error(`undo at seq ${e.seq} does not match the latest standing action`);
    }
  });
  return stack;
}

/**
 * Would `role`'s undo be accepted, the game being at `state` after the `standing` actions: its
 * refusal in words, or the action to take back. `stateBefore` replays the game to the state before
 * the last action (asked only when the rest allows the undo). Used by play.ts's undo() and, for a game
 * changed before the games row kept it, by games.ts to answer `undoable`.
 */
export function undoCheck(m: GameModule, standing: StandingAction[], state: unknown, role: string, stateBefore: () => unknown): { refusal: string } | { last: StandingAction } {
  if (!m.undoable) return { refusal: `${m.title} offers no undo.` };
  const last = standing[standing.length - 1];
  if (!last) return { refusal: 'There is no action to take back.' };
  if (last.role !== role) return { refusal: `The last action is ${last.role}'s, not yours: you cannot take it back.` };
  if (!m.undoable(stateBefore(), state, role)) return { refusal: 'Your last action cannot be taken back: it drew dice, revealed something, or passed the turn on.' };
  return { last };
}

/** Which generator keys a game, its secret seed, its commitment and players' seeds, and its options (from the games row). */
export interface GameSeed {
  seed: string;
  rng: string;
  /** Null (or absent): a game from before dice commitments, keyed by its seed alone. */
  seedCommitment?: string | null;
  /** The seats with the seeds their players added (all of them once the game starts). */
  players?: readonly { role: string; playerSeed: string | null }[];
  /** A game against the computer: its role, which adds no seed (as the bot's). */
  computer?: { role: string } | null;
  /** The options the game was created with (null: none). */
  options: unknown;
}

/**
 * The key of a game's generator: since dice commitments, the SHA-256 of the server's seed and the
 * players' seeds in role order (src/engine/kit/dice.ts); before them, the seed itself.
 */
export function generatorKey(m: GameModule, g: GameSeed): string {
  if (!g.seedCommitment) return g.seed;
  return recordKey(m, g.seed, unseededRole(m, g), g.players ?? []);
}

/** The role whose player adds no seed to the dice: the bot's, or the computer's (neither has a seat). */
export function unseededRole(m: GameModule, g: Pick<GameSeed, 'options' | 'computer'>): string | null {
  return botRole(m, g.options) ?? g.computer?.role ?? null;
}

/**
 * The engine's first state of a game: a 256-bit key (generatorKey) keys the engine's ChaCha20
 * generator; a game stored before secret seeds ('mulberry32', a 32-bit seed) is set up as it was then.
 */
export function setupGame(m: GameModule, g: GameSeed): unknown {
  const options = storedGameSetup(m, (g.options ?? {}) as SetupOptions);
  if (g.rng === 'chacha20') return m.setup(generatorKey(m, g), options);
  if (g.rng === 'mulberry32' && m.setupLegacy) return m.setupLegacy(Number(g.seed), options);
  throw new Error(`${m.id} cannot set up a game with generator "${g.rng}"`);
}

export function replayGame(m: GameModule, g: GameSeed, actions: StandingAction[]): unknown {
  let state = setupGame(m, g);
  for (const a of actions) state = m.apply(state, a.role, a.action);
  return state;
}

/**
 * The game's current state: its snapshot's state (written every few changes, change/write.ts) with
 * the entries after it applied. Null while the game is open. The entries after a snapshot are
 * never undos (an undo writes a snapshot), so they apply forwards.
 */
export function currentState(m: GameModule, snapshot: GameRow['snapshot']): unknown {
  if (!snapshot || snapshot.state === undefined || snapshot.state === null) return null;
  let state: unknown = snapshot.state;
  for (const e of snapshot.tail ?? []) {
    if (e.kind === 'undo') throw new Error(`an undo (seq ${e.seq}) after the snapshot of version ${snapshot.stateVersion}`);
    if (e.kind === 'action') state = m.apply(state, e.role, e.action as Action);
  }
  if (state !== snapshot.state) logIsInRows(state);
  return state;
}

export interface StoredGame {
  id: string;
  number: number;
  seed: string;
  rng: string;
  seedCommitment: string | null;
  players: { role: string; playerSeed: string | null }[];
  /** A game against the computer: its role (no seed of its own). */
  computer?: { role: string } | null;
  options: unknown;
  status: string;
  outcome: unknown;
  snapshot: { version: number; state: unknown } | null;
}

/** Compares a stored game with its replay; returns what is wrong, or [] if nothing. */
/** A state without its log (the games keep it in `log`, and the Gallic War past turns' in `history`). */
function withoutLog(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return state;
  const { log: _log, history: _history, ...rest } = state as Record<string, unknown>;
  return rest;
}

export function checkGame(m: GameModule, game: StoredGame, entries: Entry[]): string[] {
  const problems: string[] = [];
  if (!game.snapshot) return entries.length ? ['log entries but no snapshot'] : [];
  if (entries[0]?.kind !== 'start') problems.push('the log does not begin with its start entry');
  // Snapshots are written every few changes: the stored state is that of its version, at most the log's last.
  if (game.snapshot.version > entries.length) problems.push(`snapshot version ${game.snapshot.version}, but ${entries.length} log entries`);
  let state: unknown;
  let atSnapshot: unknown;
  try {
    state = replayGame(m, game, standingActions(entries));
    atSnapshot = game.snapshot.version === entries.length ? state : replayGame(m, game, standingActions(entries.slice(0, game.snapshot.version)));
  } catch (err) {
    return [...problems, `replay failed: ${(err as Error).message}`];
  }
  // JSON round trip: the stored state went through JSON, so compare like with like.
  // A snapshot written by an older version of Alea holds its log in that version's words (issue 41):
  // the log is the rules' and the dice's account of the rest of the state, which must be the same.
  const replayed = JSON.parse(JSON.stringify(atSnapshot)) as unknown;
  if (!isDeepStrictEqual(replayed, game.snapshot.state) && !isDeepStrictEqual(withoutLog(replayed), withoutLog(game.snapshot.state))) {
    problems.push('the snapshot state differs from the replayed state');
  }
  const outcome = m.outcome(state);
  // Ended by the service rather than the rules: a resignation or a win on time.
  const resigned = entries.some((e) => e.kind === 'resign' || e.kind === 'timeout');
  if (outcome && !resigned) {
    if (game.status !== 'finished') problems.push(`the rules ended the game but its status is ${game.status}`);
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(outcome)), game.outcome)) problems.push('the stored outcome differs from the rules\' outcome');
  }
  if (!outcome && !resigned && (game.status === 'finished' || game.status === 'abandoned')) problems.push('finished without an outcome, a resignation or a time-out');
  // Abandoned by both players (time-controls.ts): ended without a result.
  const last = entries[entries.length - 1];
  const abandonedByAll = last?.kind === 'timeout' && (last.action as { abandoned?: boolean; late?: string } | null)?.abandoned === true && (last.action as { late?: string }).late === undefined;
  // Ended by a player before it was underway: aborted (src/engine/ending.ts), without a result.
  // A game that ended so before aborts existed kept its result (its outcome has no `aborted`).
  const aborted = resigned && (game.outcome as { aborted?: unknown } | null)?.aborted === true;
  if (aborted && m.underway(state)) problems.push('aborted, but the game was underway when it ended');
  if (resigned && game.status !== (abandonedByAll || aborted ? 'abandoned' : 'finished')) problems.push(`resigned but its status is ${game.status}`);
  return problems;
}
