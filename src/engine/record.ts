// A game's record (GET /v1/games/{id}/record) and its check: the one definition of the record's
// format, of how its log is replayed position by position, and of what checking it means. The
// service builds records and replays positions with it (src/app/games/record/), `npm run
// check-record` and the web page's verifier check records with it, so the three cannot disagree.
// Pure, like the rest of the engine: it runs in Node and in a browser.

import { diceKey, isSeedHex, seedCommitment, seededRoles } from './kit/dice.js';
import { games } from './index.js';
import { RuleError, type Action, type GameModule, type Outcome, type SetupOptions } from './types.js';

export const RECORD_FORMAT = 'alea-record/1';

/** A log entry's kind, as the service appends them (start, a player's action, undo, and its own). */
export type EntryKind = 'start' | 'action' | 'undo' | 'resign' | 'timeout' | 'extend';

/** One entry of the game's log as the service stores it (seq 1 is the start). */
export interface LogStep {
  seq: number;
  kind: EntryKind | string;
  role: string;
  /** The engine action of an `action` entry; the service's data of the others (undo: `{undoes}`). */
  action?: unknown;
}

export interface RecordEntry {
  seq: number;
  kind: EntryKind;
  /** Who made it (for a start: the role that joined; a time-out: the claimant). */
  role: string;
  /** When it was made (ISO 8601). */
  at: string;
  /**
   * An `action` entry's action when the reader may see it (always once the game is over; during
   * it, the reader's own only); the service's data of the other kinds (undo `{undoes}`, timeout
   * `{late}`, extend `{roles, days}`).
   */
  action?: unknown;
  /** The lines this entry added to the reader's log (once the game is over: the full log). */
  log: string[];
  /** The service's own words for an entry the engine does not log (an undo, a resignation, a time-out, an extension). */
  note?: string;
}

export interface RecordPlayer {
  role: string;
  name: string;
  /** The seed this player added (64 hex digits); null in a game made before seeds were combined. */
  playerSeed: string | null;
  /** Who drew it: the player's own client, or the server for a client that sent none. */
  playerSeedBy: 'player' | 'server' | null;
}

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  id: string;
  number: number;
  game: string;
  title: string;
  /** The game's options (the module's own, as every game answer lists them). */
  options: Record<string, string | boolean>;
  status: 'active' | 'finished';
  /** The role the rulebook bot plays (a game set up as solitaire), or null. */
  bot: string | null;
  /** The computer opponent (the service's search) and its level, when it held a seat; or null. */
  computer: { role: string; level: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  players: RecordPlayer[];
  /** SHA-256 of the server's seed, published from the game's creation (null: a game made before). */
  seedCommitment: string | null;
  /** The server's seed, once the game is over (only with a commitment). */
  seed?: string;
  /** Whose share this is: a role, or null for an observer; `complete` when it holds every action (the game is over). */
  reader: { role: string | null; complete: boolean };
  /** Whether this record can be checked (it is complete and has a commitment and a seed), and why not. */
  verifiable: boolean;
  unverifiableReason?: string;
  /** The log, oldest first. */
  entries: RecordEntry[];
  /** How the game ended (null while it runs). */
  result: Outcome | null;
}

/** The engine module of a game id, or null. */
export function moduleFor(game: string): GameModule | null {
  return Object.prototype.hasOwnProperty.call(games, game) ? games[game]! : null;
}

/** The role a game's bot plays (games against the bot are set up with `solitaire`), or null. */
export function botRole(m: GameModule, options: unknown): string | null {
  const solitaire = (options as { solitaire?: unknown } | null)?.solitaire === true;
  return solitaire && m.bot ? m.bot.role : null;
}

/**
 * Walks a game's log from its first state, calling `each` with the state after every entry (an
 * action applied, an undo taken back, the others leaving the state alone). Throws RuleError for
 * an action the rules refuse and Error for an undo that matches nothing.
 */
export function walkLog(m: GameModule, first: unknown, steps: readonly LogStep[], each: (step: LogStep, state: unknown) => void): void {
  let state = first;
  // The state before each action still standing: an undo goes back to it.
  const before: { seq: number; role: string; state: unknown }[] = [];
  for (const step of steps) {
    if (step.kind === 'action') {
      before.push({ seq: step.seq, role: step.role, state });
      state = m.apply(state, step.role, step.action as Action);
    } else if (step.kind === 'undo') {
      const undoes = (step.action as { undoes?: unknown } | null)?.undoes;
      const last = before.pop();
      if (!last || last.seq !== undoes || last.role !== step.role) throw new Error(`The undo of entry ${step.seq} does not take back the latest action still standing.`);
      state = last.state;
    }
    each(step, state);
  }
}

/** The lines of `after` past the part it shares with `before` (what an entry added to a log). */
export function addedLines(before: readonly string[], after: readonly string[]): string[] {
  let i = 0;
  while (i < before.length && i < after.length && before[i] === after[i]) i++;
  return after.slice(i);
}

/** A view's log (views of both games carry one). */
export function logOf(view: unknown): string[] {
  const log = (view as { log?: unknown } | null)?.log;
  return Array.isArray(log) ? (log as string[]) : [];
}

/** The whole position with nothing hidden: the module's full view, or (a module without one) the observer's. */
export function fullViewOf(m: GameModule, state: unknown): unknown {
  return m.fullView ? m.fullView(state) : m.view(state, null);
}

/**
 * The generator key of a game from its seeds (kit/dice.ts), as the service keys it when the game
 * starts; `unseeded` is the role no person holds (the rulebook bot's or the computer's), or null.
 */
export function recordKey(m: GameModule, seed: string, unseeded: string | null, players: readonly { role: string; playerSeed: string | null }[]): string {
  const seeds: Record<string, string> = {};
  for (const p of players) if (p.playerSeed !== null) seeds[p.role] = p.playerSeed;
  return diceKey(seed, seededRoles(m.roles, unseeded), seeds);
}

export interface CheckResult {
  ok: boolean;
  /** What was checked and held, in order, in words. */
  checks: string[];
  /** Why the check failed (when not ok). */
  problem?: string;
}

/** Equal as JSON values, whatever the order of object keys. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => jsonEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const short = (hex: string) => `${hex.slice(0, 12)}…`;

/**
 * Who held each seat of a record: a person (in `players`), the rulebook bot (`bot`) or the
 * computer (`computer`), each role exactly once. The bot's role and the computer's add no seed
 * (`unseeded`). A problem in words instead, if the record's seats do not add up.
 */
function seatsOf(m: GameModule, r: Partial<GameRecord>): { bot: string | null; unseeded: string | null } | string {
  const bot = r.bot ?? null;
  const computer = r.computer ?? null;
  if (bot !== null && botRole(m, { solitaire: true }) !== bot) return `${m.title} has no rulebook bot playing ${bot}.`;
  if (computer !== null && (typeof computer !== 'object' || !m.roles.includes(computer.role) || typeof computer.level !== 'string')) return `The record's computer seat ${JSON.stringify(computer)} is not a role of ${m.title} with a level.`;
  const holders = new Map<string, string[]>(m.roles.map((role) => [role, []]));
  for (const p of r.players ?? []) holders.set(p.role, [...(holders.get(p.role) ?? []), `a person (${p.name})`]);
  if (bot !== null) holders.get(bot)!.push('the rulebook bot');
  if (computer !== null) holders.get(computer.role)!.push(`the computer (${computer.level})`);
  for (const [role, by] of holders) {
    if (!m.roles.includes(role)) return `The record seats ${by.join(' and ')} as ${role}, which is not a role of ${m.title}.`;
    if (by.length === 0) return `The record says nobody held the seat of ${role}: neither a person, nor the rulebook bot, nor the computer.`;
    if (by.length > 1) return `The record has two holders of the seat of ${role}: ${by.join(' and ')}.`;
  }
  if (bot !== null && computer !== null) return 'The record has both the rulebook bot and the computer at the table.';
  return { bot, unseeded: bot ?? computer?.role ?? null };
}

/**
 * Checks a game record: the server's seed matches the commitment published when the game was
 * created, the generator's key is the one the seeds give, every action replays from it as the
 * rules allow, each entry writes the log the record shows (so every deal and die is the one
 * recorded), and the game ends as recorded.
 */
export function checkRecord(input: unknown): CheckResult {
  const checks: string[] = [];
  const fail = (problem: string): CheckResult => ({ ok: false, checks, problem });
  if (typeof input !== 'object' || input === null) return fail('This is not a game record (a JSON object).');
  const r = input as Partial<GameRecord>;
  if (r.format !== RECORD_FORMAT) return fail(`This is not a game record of format ${RECORD_FORMAT} (format: ${JSON.stringify(r.format ?? null)}).`);
  const m = typeof r.game === 'string' ? moduleFor(r.game) : null;
  if (!m) return fail(`Unknown game ${JSON.stringify(r.game)}.`);
  const name = `game #${r.number} of ${m.title}`;
  if (!Array.isArray(r.entries) || !Array.isArray(r.players)) return fail('The record has no entries or no players.');
  if (r.seedCommitment === null || r.seedCommitment === undefined) return fail(`The ${name} was created before dice commitments: it has no commitment, and cannot be verified.`);
  if (!isSeedHex(r.seedCommitment)) return fail('The commitment is not 64 lower-case hexadecimal digits.');
  if (!r.reader?.complete || r.status !== 'finished') return fail(`The ${name} is not over (or this is one reader's share of it): its seed is published, and its record can be checked, when it ends.`);
  if (!isSeedHex(r.seed)) return fail('The record of a finished game must carry its seed (64 lower-case hexadecimal digits).');

  // 1. The seed is the one committed to at the start.
  const commitment = seedCommitment(r.seed);
  if (commitment !== r.seedCommitment) return fail(`The seed does not match the commitment: SHA-256 of the seed is ${short(commitment)}, the commitment published at the start is ${short(r.seedCommitment)}.`);
  checks.push(`The seed ${short(r.seed)} is the one committed to when the game was created: its SHA-256 is the commitment ${short(r.seedCommitment)}.`);

  // 2. Who held each seat, and the key from the server's seed and the people's seeds.
  const options = (r.options ?? {}) as SetupOptions;
  const seats = seatsOf(m, r);
  if (typeof seats === 'string') return fail(seats);
  const { bot, unseeded } = seats;
  // The rulebook bot's game is set up as solitaire; the computer's is an ordinary one.
  const setupOptions: SetupOptions = bot !== null ? { ...options, solitaire: true } : { ...options };
  const roles = seededRoles(m.roles, unseeded);
  for (const role of roles) {
    const p = r.players.find((x) => x.role === role);
    if (!p || !isSeedHex(p.playerSeed)) return fail(`The record has no seed of ${role}'s player.`);
  }
  const key = recordKey(m, r.seed, unseeded, r.players);
  checks.push(`The dice are keyed by SHA-256 of the server's seed and the seeds of ${roles.map((role) => `${role} (${r.players!.find((x) => x.role === role)!.name})`).join(' and ')}, in that order.`);

  // 3. Every entry replays from that key and writes the log the record shows.
  const entries = r.entries;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.seq !== i + 1) return fail(`Entry ${i + 1} has the number ${e.seq}: the log must be complete, in order.`);
    if (e.kind === 'action' && (e.action === undefined || e.action === null)) return fail(`Entry ${e.seq} has no action: a record is checked whole.`);
  }
  if (entries[0]?.kind !== 'start') return fail('The log does not begin with the start of the game.');
  let first: unknown;
  try {
    first = m.setup(key, setupOptions);
  } catch (err) {
    return fail(`The game cannot be set up with these options: ${(err as Error).message}`);
  }
  let log: string[] = [];
  let last: unknown = first;
  let mismatch: string | null = null;
  try {
    walkLog(m, first, entries, (step, state) => {
      if (mismatch) return;
      const now = logOf(fullViewOf(m, state));
      const added = addedLines(log, now);
      const recorded = (step as RecordEntry).log ?? [];
      if (!jsonEqual(added, recorded)) {
        const k = added.findIndex((line, j) => line !== recorded[j]);
        const at = k < 0 ? Math.min(added.length, recorded.length) : k;
        mismatch = `Entry ${step.seq} (${step.kind} by ${step.role}) replays differently: the replay writes ${JSON.stringify(added[at] ?? '(nothing)')} where the record says ${JSON.stringify(recorded[at] ?? '(nothing)')}.`;
      }
      log = now;
      last = state;
    });
  } catch (err) {
    // A log that went astray first is the reason, not the action it later makes impossible.
    if (mismatch) return fail(mismatch);
    const which = err instanceof RuleError ? 'an action the rules refuse' : 'a broken log';
    return fail(`The replay stops at ${which}: ${(err as Error).message}`);
  }
  if (mismatch) return fail(mismatch);
  checks.push(`All ${entries.length} entries replay from that key, and each writes the log the record shows: every deal, card and die is the one recorded.`);

  // 4. The game ends as recorded.
  const end = entries[entries.length - 1]!;
  const ruled = m.outcome(last);
  const result = r.result ?? null;
  if (!result) return fail('The record of a finished game has no result.');
  if (end.kind === 'resign' || end.kind === 'timeout') {
    if (ruled) return fail(`The rules ended the game before its last entry (${ruled.reason}), yet it ends with a ${end.kind}.`);
    // A time-out is won by its claimant, unless every side abandoned the game (`roles`): then nobody wins.
    const abandonedBy = end.kind === 'timeout' ? (end.action as { roles?: unknown } | null)?.roles : undefined;
    const byAll = Array.isArray(abandonedBy) && m.roles.every((x) => abandonedBy.includes(x));
    const winner = end.kind === 'resign' ? (m.roles.filter((x) => x !== end.role).length === 1 ? m.roles.find((x) => x !== end.role)! : null) : byAll ? null : end.role;
    const how = end.kind === 'resign' ? `resignation of ${end.role}` : byAll ? 'abandonment of the game by every side' : `time-out claimed by ${end.role}`;
    if (result.winner !== winner) return fail(`The recorded winner is ${result.winner ?? 'nobody'}, but the ${how} makes it ${winner ?? 'nobody'}.`);
    checks.push(`The game ended by the ${how}, as recorded: ${winner === null ? 'nobody wins' : `${winner} wins`}.`);
  } else {
    if (!ruled) return fail(`The replay does not end the game, but the record says it ended: ${result.reason}.`);
    if (!jsonEqual(ruled, result)) return fail(`The replay ends with ${JSON.stringify(ruled)}, the record says ${JSON.stringify(result)}.`);
    checks.push(`The rules end the game as recorded: ${result.reason} (${result.winner ?? 'a draw'}).`);
  }
  return { ok: true, checks };
}
