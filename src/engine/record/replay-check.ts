// The replay check of a game record: who held each seat (a person, the rulebook bot, the
// computer), the generator's key from the seeds, every entry replayed from it under the rules
// writing the log the record shows (so every deal and die is the one recorded), nothing after the
// game's end, and the end as recorded (the rules' result, a resignation, a win on time, an
// abandonment). The seed itself is the commitment check's (commitment.ts).

import { storedGameSetup } from '../kit/revisions.js';
import { isSeedHex, seededRoles } from '../kit/dice.js';
import { endingOutcome } from '../ending.js';
import { RuleError, type GameModule, type SetupOptions } from '../types.js';
import { botRole, fullViewOf, LOG_VERSION, logChange, logOf, recordKey, walkSteps, type GameRecord, type NamedCheck, type RecordEntry } from './format.js';

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

const ENDINGS = new Set(['resign', 'timeout']);

/** The replay check of a record of game module `m` (the caller found it by the record's `game`). */
export function checkReplay(m: GameModule, r: Partial<GameRecord>): NamedCheck {
  const steps = replayCheck(m, r);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The replay check, an entry at a time: it pauses (yields) after each entry replayed, so that a
 * caller with other work to do (the service, checking a long game before it signs its record)
 * may do it between entries; its value is the check.
 */
export function* replayCheck(m: GameModule, r: Partial<GameRecord>): Generator<undefined, NamedCheck> {
  const held: string[] = [];
  const check = (status: NamedCheck['status'], reason?: string): NamedCheck => ({ name: 'replay', status, held, ...(reason !== undefined && { reason }) });
  const fail = (reason: string) => check('failed', reason);
  if (!Array.isArray(r.entries) || !Array.isArray(r.players)) return fail('The record has no entries or no players.');
  if (r.status !== 'finished' || !r.reader?.complete) return check('not checked', `The game #${r.number} is not over (or this is one reader's share of it): it can be replayed, and checked, when it ends.`);
  if (!isSeedHex(r.seed)) return check('not checked', 'The record has no seed to replay the game from (see the commitment check).');

  // Who held each seat, and the key from the server's seed and the people's seeds.
  const seats = seatsOf(m, r);
  if (typeof seats === 'string') return fail(seats);
  const { bot, unseeded } = seats;
  const options = storedGameSetup(m, { ...(r.options ?? {}), ...(typeof r.rulesRevision === 'string' && { revision: r.rulesRevision }) } as SetupOptions);
  // The rulebook bot's game is set up as solitaire; the computer's is an ordinary one.
  const setupOptions: SetupOptions = bot !== null ? { ...options, solitaire: true } : { ...options };
  const roles = seededRoles(m.roles, unseeded);
  for (const role of roles) {
    const p = r.players.find((x) => x.role === role);
    if (!p || !isSeedHex(p.playerSeed)) return fail(`The record has no seed of ${role}'s player.`);
  }
  const key = recordKey(m, r.seed, unseeded, r.players);
  const others = [bot !== null && `${bot} is the rulebook bot's`, r.computer && `${r.computer.role} the computer's (${r.computer.level})`].filter(Boolean);
  held.push(
    `The dice are keyed by SHA-256 of the server's seed and the seeds of ${roles.map((role) => `${role} (${r.players!.find((x) => x.role === role)!.name})`).join(' and ')}, in that order${others.length ? `; ${others.join('')}, which adds none` : ''}.`,
  );

  // Every entry replays from that key, writes the log the record shows, and none follows the end.
  const entries = r.entries;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.seq !== i + 1) return fail(`Entry ${i + 1} has the number ${e.seq}: the log must be complete, in order.`);
    if (e.kind === 'action' && (e.action === undefined || e.action === null)) return fail(`Entry ${e.seq} has no action: a record is checked whole.`);
    if (ENDINGS.has(e.kind) && i < entries.length - 1) return fail(`Entry ${e.seq + 1} (${entries[i + 1]!.kind} by ${entries[i + 1]!.role}) follows the end of the game: entry ${e.seq} (${e.kind} by ${e.role}) ended it.`);
  }
  if (entries[0]?.kind !== 'start') return fail('The log does not begin with the start of the game.');
  let first: unknown;
  try {
    first = m.setup(key, setupOptions);
  } catch (err) {
    return fail(`The game cannot be set up with these options: ${(err as Error).message}`);
  }
  // A record written in an older wording of the log (LOG_VERSION) replays under the rules to its
  // recorded end, but its lines are not compared with today's: the signature vouches for them.
  const logVersion = typeof r.logVersion === 'number' ? r.logVersion : 1;
  const wordsOfOld = logVersion !== LOG_VERSION;
  let log: string[] = [];
  let last: unknown = first;
  let mismatch: string | null = null;
  let endedAt: number | null = null;
  try {
    for (const { step, state } of walkSteps(m, first, entries)) {
      if (endedAt !== null) {
        mismatch = `Entry ${step.seq} (${step.kind} by ${step.role}) follows the end of the game: the rules ended it at entry ${endedAt}.`;
        break;
      }
      const now = logOf(fullViewOf(m, state));
      const { log: added, rewrites } = logChange(log, now);
      const recorded = (step as RecordEntry).log ?? [];
      if (!wordsOfOld && !jsonEqual(added, recorded)) {
        const k = added.findIndex((line, j) => line !== recorded[j]);
        const at = k < 0 ? Math.min(added.length, recorded.length) : k;
        mismatch = `Entry ${step.seq} (${step.kind} by ${step.role}) replays differently: the replay writes ${JSON.stringify(added[at] ?? '(nothing)')} where the record says ${JSON.stringify(recorded[at] ?? '(nothing)')}.`;
      } else if (!wordsOfOld && ((step as RecordEntry).rewrites ?? 0) !== rewrites) {
        mismatch = `Entry ${step.seq} (${step.kind} by ${step.role}) replays differently: it writes again ${rewrites} of the lines before it, where the record says ${(step as RecordEntry).rewrites ?? 0}.`;
      }
      if (mismatch) break;
      log = now;
      last = state;
      if (m.outcome(state) && !ENDINGS.has(step.kind)) endedAt = step.seq;
      yield;
    }
  } catch (err) {
    // A log that went astray first is the reason, not the action it later makes impossible.
    if (mismatch) return fail(mismatch);
    const which = err instanceof RuleError ? 'an action the rules refuse' : 'a broken log';
    return fail(`The replay stops at ${which}: ${(err as Error).message}`);
  }
  if (mismatch) return fail(mismatch);
  held.push(
    wordsOfOld
      ? `All ${entries.length} entries replay from that key under the rules. The record's log is in Alea's log wording ${logVersion} (today's is ${LOG_VERSION}), so its lines were not compared with the replay's.`
      : `All ${entries.length} entries replay from that key, and each writes the log the record shows: every deal, card and die is the one recorded.`,
  );

  // The game ends as recorded.
  const end = entries[entries.length - 1]!;
  const ruled = m.outcome(last);
  const result = r.result ?? null;
  if (!result) return fail('The record of a finished game has no result.');
  if (ENDINGS.has(end.kind)) {
    if (ruled) return fail(`The rules ended the game before its last entry (${ruled.reason}), yet it ends with a ${end.kind}.`);
    // A time-out is won by its claimant, unless every side abandoned the game (`roles`): then nobody wins.
    const abandonedBy = end.kind === 'timeout' ? (end.action as { roles?: unknown } | null)?.roles : undefined;
    const byAll = Array.isArray(abandonedBy) && m.roles.every((x) => abandonedBy.includes(x));
    const winner = end.kind === 'resign' ? (m.roles.filter((x) => x !== end.role).length === 1 ? m.roles.find((x) => x !== end.role)! : null) : byAll ? null : end.role;
    const how = end.kind === 'resign' ? `resignation of ${end.role}` : byAll ? 'abandonment of the game by every side' : `time-out claimed by ${end.role}`;
    // Before each side had made its first moves, such an ending aborts the game (ending.ts): no winner.
    const expected = endingOutcome(m, last, { winner, reason: how, vp: result.vp });
    if (Boolean(result.aborted) !== Boolean(expected.aborted)) {
      return fail(expected.aborted ? `The game was not yet underway at the ${how}: it is aborted, but the record gives it a result.` : `The record says the game was aborted, but it was underway at the ${how}.`);
    }
    if (result.winner !== expected.winner) return fail(`The recorded winner is ${result.winner ?? 'nobody'}, but the ${how} makes it ${expected.winner ?? 'nobody'}.`);
    held.push(
      expected.aborted
        ? `The game ended by the ${how} before each side had made its first moves: aborted, as recorded, with no result.`
        : `The game ended by the ${how}, as recorded: ${winner === null ? 'nobody wins' : `${winner} wins`}.`,
    );
  } else {
    if (!ruled) return fail(`The replay does not end the game, but the record says it ended: ${result.reason}.`);
    if (!jsonEqual(ruled, result)) return fail(`The replay ends with ${JSON.stringify(ruled)}, the record says ${JSON.stringify(result)}.`);
    held.push(`The rules end the game as recorded: ${result.reason} (${result.winner ?? 'a draw'}).`);
  }
  return check('passed');
}
