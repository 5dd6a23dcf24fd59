// How a game's record, its past positions and its transcript are made, as the reader may see
// them (read.ts serves records and transcripts, kept once made: stored.ts, readers.ts). Once the
// game is over everything is public: the record holds every action, the server's seed and the
// full log (enough to replay it and check the dice: src/engine/record.ts), it is the same for
// every reader and signed, and a position is the whole board (the engine's fullView). While it
// runs, a player gets only what their own views showed (their own actions; the opponent's as
// their log shows them), an observer of a public game the observer's; never the seed.
import { botRole, checkCommitment, fullViewOf, LOG_VERSION, logChange, replayCheck, logOf, RECORD_FORMAT, type GameRecord, type RecordEntry } from '../../../engine/record.js';
import { definitionOf, type GameModule, type Outcome, type SetupOptions } from '../../../engine/index.js';
import { findGameSummary, type Db, type GameSummaryRow, type TimedEntry } from '../../../store/games.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { notFound } from '../change/checks.js';
import { presentOptions } from '../game-options.js';
import { apiStatus, canSee, entryNote, moduleOf, recentLog, roleOf } from '../present.js';
import { keyringOf } from './keyring.js';
import { replayOf } from './replays.js';
import { inSlices } from './slices.js';

/** Who reads: their role (null: an observer), and whether they get everything (the game is over). */
export interface Reader {
  role: string | null;
  complete: boolean;
}

/** The game, if the user may see it, and what of it they may read. */
export async function readable(ctx: ServiceContext, userId: string, gameId: string): Promise<{ row: GameSummaryRow; reader: Reader; version: number }> {
  const row = await findGameSummary(ctx.prisma, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  return { row, reader: { role: roleOf(row, userId), complete: apiStatus(row.status) === 'finished' }, version: row.snapshot?.version ?? 0 };
}

/** The reader of a finished game's record: everyone alike, who read the one record Alea signs. */
export const EVERYONE: Reader = { role: null, complete: true };

/** The position as the reader may see it: the whole board once the game is over, else the reader's own view. */
function viewFor(m: GameModule, state: unknown, reader: Reader): unknown {
  return reader.complete ? fullViewOf(m, state) : m.view(state, reader.role);
}

/**
 * An entry as the reader may read it, with `log`, the lines it added to the reader's log. An
 * engine action is shown to its own player, and to everyone once the game is over; the others'
 * data (an undo's, a time-out's, an extension's) are public.
 */
function entryFor(e: TimedEntry, reader: Reader, change: { log: string[]; rewrites: number }, outcome: unknown): RecordEntry {
  const data = e.action as Record<string, unknown> | null;
  const shown = e.kind === 'action' ? reader.complete || reader.role === e.role : data !== null && Object.keys(data).length > 0;
  const note = entryNote(e, outcome);
  return {
    seq: e.seq,
    kind: e.kind,
    role: e.role,
    at: e.createdAt.toISOString(),
    ...(shown && { action: e.action }),
    log: change.log,
    ...(change.rewrites > 0 && { rewrites: change.rewrites }),
    ...(note !== null && { note }),
  };
}

/** What building a record needs: the database, and the configuration's keys to sign a finished game's. */
export type RecordContext = Pick<ServiceContext, 'prisma' | 'config' | 'log'>;

/**
 * A started game's record for this reader. Once the game is over the record is the same for
 * everyone (reader: null, complete) and signed with Alea's current key, after Alea has checked
 * it itself (its seed is the one committed to, and it replays to its recorded end): a stored game
 * that does not replay is never signed, and its record says so. A game created before dice
 * commitments is signed too (its record is Alea's), though its dice cannot be checked.
 */
export async function recordOf(ctx: RecordContext, row: GameSummaryRow, reader: Reader): Promise<GameRecord> {
  const record = await buildRecord(ctx.prisma, row, reader);
  if (!reader.complete) return record;
  if (record.seedCommitment !== null) {
    const m = moduleOf(row);
    const failed = [checkCommitment(record, undefined), await inSlices(replayCheck(m, record))].find((c) => c.status !== 'passed');
    if (failed) {
      ctx.log.error({ gameId: row.id, check: failed.name, reason: failed.reason }, 'a finished game\'s record does not check: it is served unsigned');
      return { ...record, verifiable: false, unverifiableReason: `Alea's own check of this game failed (${failed.name}: ${failed.reason}), so Alea did not sign its record.` };
    }
  }
  return keyringOf(ctx.config).sign(record);
}

async function buildRecord(db: Db, row: GameSummaryRow, reader: Reader): Promise<GameRecord> {
  if (row.status === 'open') throw new AppError('conflict', 'This game has not started: it has no record yet.');
  const version = row.snapshot?.version ?? 0;
  const replay = await replayOf(db, row);
  const m = replay.module;
  const entries = await inSlices(
    (function* () {
      const out: RecordEntry[] = [];
      let log: string[] = [];
      for (const [e, state] of replay.states(version)) {
        const now = logOf(viewFor(m, state, reader));
        out.push(entryFor(e, reader, logChange(log, now), row.outcome));
        log = now;
        yield;
      }
      return out;
    })(),
  );
  const seed = reader.complete && row.seedCommitment !== null ? row.seed : null;
  const unverifiable =
    row.seedCommitment === null
      ? 'This game was created before dice commitments: no commitment to its seed was published, so its dice cannot be verified.'
      : !reader.complete
        ? 'The game is not over: its seed is published, and its record can be checked, when it ends.'
        : null;
  return {
    format: RECORD_FORMAT,
    id: row.id,
    number: row.number,
    game: row.module,
    title: m.title,
    options: presentOptions(m, row.options),
    status: reader.complete ? 'finished' : 'active',
    // Who held the seat no person holds: the rulebook bot (a solitaire game), or the computer at its level.
    bot: botRole(m, row.options),
    computer: row.computer && { role: row.computer.role, level: row.computer.level },
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    players: row.players.map((p) => ({
      role: p.role,
      name: p.user.displayName,
      playerSeed: p.playerSeed,
      playerSeedBy: p.playerSeed === null ? null : p.playerSeedByServer ? 'server' : 'player',
    })),
    seedCommitment: row.seedCommitment,
    ...(seed !== null && { seed }),
    reader,
    verifiable: unverifiable === null,
    ...(unverifiable !== null && { unverifiableReason: unverifiable }),
    logVersion: LOG_VERSION,
    ...revisionOfOptions(row.options),
    entries,
    result: reader.complete ? ((row.outcome as Outcome | null) ?? null) : null,
  };
}

export interface Position {
  id: string;
  /** The log entry this position follows (1: the start). */
  n: number;
  /** The game's version now: its last entry. */
  version: number;
  status: 'active' | 'finished';
  role: string | null;
  /** Whether `view` is the whole board (the game is over) rather than the reader's own view. */
  full: boolean;
  /** Entry n as the reader may read it. */
  entry: RecordEntry;
  /** The board after entry n; its `log` holds the latest 50 lines, `logLength` counts them all. */
  view: unknown;
  logLength: number;
}

/** GET /v1/games/{id}/positions/{n}: the board after log entry n, as the caller may see it. */
export async function gamePosition(ctx: ServiceContext, userId: string, gameId: string, n: number): Promise<Position> {
  const { row, reader, version } = await readable(ctx, userId, gameId);
  if (n > version) {
    throw new AppError('not_found', version === 0 ? 'This game has not started: it has no positions yet.' : `This game's log has ${version} entries: there is no position ${n}.`);
  }
  const replay = await replayOf(ctx.prisma, row);
  const m = replay.module;
  const view = viewFor(m, replay.stateAt(n), reader);
  const before = n > 1 ? logOf(viewFor(m, replay.stateAt(n - 1), reader)) : [];
  const recent = recentLog(view);
  return {
    id: row.id,
    n,
    version,
    status: reader.complete ? 'finished' : 'active',
    role: reader.role,
    full: reader.complete,
    entry: entryFor(replay.entries[n - 1]!, reader, logChange(before, logOf(view)), row.outcome),
    view: recent.view,
    logLength: recent.logLength,
  };
}

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

/** The names a game's record shows, seat by seat, as one string: a record made with other names is out of date. */
export function namesOf(row: GameSummaryRow): string {
  return JSON.stringify(row.players.map((p) => [p.role, p.user.displayName]));
}

/** The transcript (GET /v1/games/{id}/transcript): a record in words, for the reader it was made for. */
export function transcriptOf(r: GameRecord): string {
  // Turn headings (the lines that open a turn) as the game's definition knows them.
  const isHeading = (line: string) => definitionOf(r.game)?.logHeading(line) != null;
  const name = (role: string) => {
    const p = r.players.find((x) => x.role === role);
    return p ? `${role} (${p.name})` : role === r.bot ? `${role} (the bot)` : role === r.computer?.role ? `${role} (the computer, ${r.computer.level})` : role;
  };
  const options = Object.entries(r.options).map(([k, v]) => `${k}: ${String(v)}`).join(', ');
  const out = [
    `Alea game #${r.number}: ${r.title}`,
    `Players: ${moduleOf({ module: r.game }).roles.map(name).join(' against ')}`,
    ...(options ? [`Options: ${options}`] : []),
    ...(r.rulesRevision ? [`Rules revision: ${r.rulesRevision}`] : []),
    `Created ${when(r.createdAt)}, started ${when(r.startedAt)}${r.finishedAt ? `, finished ${when(r.finishedAt)}` : ''}`,
    `Result: ${r.result ? `${r.result.winner ?? 'a draw'}${r.result.winner ? ' wins' : ''} (${r.result.reason})` : 'the game goes on'}`,
    `Seen by: ${r.reader.complete ? 'everyone (the game is over: nothing is hidden)' : r.reader.role ? `${name(r.reader.role)}, as that side sees it` : 'an observer (what both sides see)'}`,
    `Seed commitment: ${r.seedCommitment ?? 'none (a game created before dice commitments)'}`,
    ...(r.seed ? [`Seed: ${r.seed}`] : []),
    ...r.players.filter((p) => p.playerSeed).map((p) => `Seed of ${name(p.role)}: ${p.playerSeed}${p.playerSeedBy === 'server' ? ' (drawn by the server for this player)' : ''}`),
    '',
  ];
  // Each line once, as the log says it: an entry that writes again the lines of the entries before
  // it (a block joining a group move) takes them over, and an entry left with no line of its own
  // joins it ("12–13."). An undo keeps what it took back above it, with its note.
  const blocks: { seqs: number[]; entry: RecordEntry; lines: string[] }[] = [];
  for (const e of r.entries) {
    let again = e.kind === 'undo' ? 0 : (e.rewrites ?? 0);
    const joined: number[] = [];
    while (again > 0 && blocks.length > 0) {
      const b = blocks[blocks.length - 1]!;
      const k = Math.min(again, b.lines.length);
      b.lines.splice(b.lines.length - k, k);
      again -= k;
      if (b.lines.length > 0 || b.entry.note) break;
      blocks.pop();
      joined.unshift(...b.seqs);
    }
    blocks.push({ seqs: [...joined, e.seq], entry: e, lines: [...e.log] });
  }
  for (const { seqs, entry: e, lines } of blocks) {
    let i = 0;
    // A turn that opens with this entry is headed before it; one that opens within it, where it does.
    for (; i < lines.length && isHeading(lines[i]!); i++) out.push('', lines[i]!, '');
    const number = seqs.length > 1 ? `${seqs[0]}–${seqs[seqs.length - 1]}` : String(e.seq);
    out.push(`${number}. ${e.kind === 'start' ? 'The game starts' : name(e.role)} · ${when(e.at)}`);
    for (; i < lines.length; i++) out.push(...(isHeading(lines[i]!) ? ['', lines[i]!, ''] : [`   ${lines[i]}`]));
    if (e.note) out.push(`   ${e.note}`);
  }
  return `${out.join('\n')}\n`;
}

/** The rules' revision a game was set up under (GameModule.revisions), when it has one, as the record says it. */
function revisionOfOptions(options: unknown): { rulesRevision?: string } {
  const r = (options as SetupOptions | null)?.revision;
  return typeof r === 'string' ? { rulesRevision: r } : {};
}
