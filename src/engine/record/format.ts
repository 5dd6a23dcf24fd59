// A game's record (GET /v1/games/{id}/record): the one definition of its format and of how its
// log is replayed position by position. The service builds records and replays positions with it
// (src/app/games/record/); the check (check.ts) reads records by it. Pure, like the rest of the
// engine: it runs in Node and in a browser.

import { diceKey, seededRoles } from '../kit/dice.js';
import { games } from '../games.js';
import type { Action, GameModule, Outcome } from '../types.js';

/**
 * The record's format. 2: signed (`signature`), and the computer's seat said apart from the
 * rulebook bot's (`computer`). Records of format 1 were never signed.
 */
export const RECORD_FORMAT = 'alea-record/2';

/**
 * The wording of the games' logs: raised whenever a line either engine writes changes (issue 41:
 * every hit a line, hidden entries kept in place, one style for both games). A record says the
 * version its log was written in (`logVersion`; none: 1); the replay check compares the log line
 * by line only for a record of the current wording, and the service makes a kept record again
 * when it was made with another.
 */
export const LOG_VERSION = 2;

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
  /**
   * How many lines before it this entry wrote again (its `log` starts with their new text) or,
   * an undo, took back: a block joining a group move rewrites the move's line (which then names
   * both blocks). Absent: none.
   */
  rewrites?: number;
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
  /** The wording of the log's lines (LOG_VERSION when it was made); absent in records made before: 1. */
  logVersion?: number;
  /** The revision of the game's rules it was set up under (GameModule.revisions); absent: a game of a module's first, or of one without revisions. */
  rulesRevision?: string;
  /** The log, oldest first. */
  entries: RecordEntry[];
  /** How the game ended (null while it runs). */
  result: Outcome | null;
  /** Alea's signature (signature.ts), on a finished game's record only. */
  signature?: RecordSignature;
}

/** The record's parts a signature covers, each by the SHA-256 (hex) of its canonical JSON (signature.ts). */
export interface RecordParts {
  /** Everything but the entries, the result and the signature: id, number, options, players, seeds, dates... */
  details: string;
  entries: string;
  result: string;
}

/** Alea's signature of a finished game's record. */
export interface RecordSignature {
  /** Which of Alea's keys signed (GET /v1/record-keys). */
  keyId: string;
  algorithm: 'Ed25519';
  /** What was signed: the digests of the record's parts as they were when Alea signed it. */
  parts: RecordParts;
  /** The Ed25519 signature of the parts (signature.ts signedMessage), 64 bytes in base64url. */
  value: string;
}

/** The three things a check checks, each on its own. */
export type CheckName = 'signature' | 'commitment' | 'replay';

export interface NamedCheck {
  name: CheckName;
  /** `not checked`: the check could not be made (the reason says why), which is no pass. */
  status: 'passed' | 'failed' | 'not checked';
  /** What was checked and held, in order, in words. */
  held: string[];
  /** Why it failed, or why it was not made. */
  reason?: string;
}

export interface CheckResult {
  /** Whether every check passed. */
  ok: boolean;
  /** Signature, commitment, replay, in that order (none when the input is no record at all). */
  checks: NamedCheck[];
  /** The first check that did not pass, in words ("signature: ..."), or why this is no record. */
  problem?: string;
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
  for (const { step, state } of walkSteps(m, first, steps)) each(step, state);
}

/** walkLog as a generator: each entry with the state after it, one at a time (a caller may pause between them). */
export function* walkSteps(m: GameModule, first: unknown, steps: readonly LogStep[]): Generator<{ step: LogStep; state: unknown }> {
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
    yield { step, state };
  }
}

/** The lines of `after` past the part it shares with `before` (what an entry added to a log). */
export function addedLines(before: readonly string[], after: readonly string[]): string[] {
  return after.slice(sharedLines(before, after));
}

/** How many first lines `before` and `after` share. */
function sharedLines(before: readonly string[], after: readonly string[]): number {
  let i = 0;
  while (i < before.length && i < after.length && before[i] === after[i]) i++;
  return i;
}

/** What an entry did to a log: the lines it wrote (addedLines) and how many before them it wrote again. */
export function logChange(before: readonly string[], after: readonly string[]): { log: string[]; rewrites: number } {
  const i = sharedLines(before, after);
  return { log: after.slice(i), rewrites: before.length - i };
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
