// Games in Postgres: the games row (with its seats), the append-only log (game_actions), and the
// snapshot of the engine state. The application layer (src/app/games/games.ts, src/app/games/play.ts) runs
// these inside its transactions; nothing here decides rules or visibility.
import { Prisma } from './generated/prisma/client.js';
import type { PrismaClient } from './prisma.js';
import { joinLog, LOG_PARTS } from './game-log.js';
import type { EmailPreference, GameEntryKind, GameStatus, GameVisibility } from './generated/prisma/client.js';

export type { EmailPreference, GameEntryKind, GameStatus, GameVisibility };

/** The client itself or the one of an interactive transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;

/** The time control of one seat (all null while its role need not act, or without a time limit). */
export interface SeatClock {
  /** When its move is due. */
  deadline: Date | null;
  /** When the reminder is due; null once sent. */
  remindAt: Date | null;
  /** When the opponent is to be told it is overdue; null once done. */
  overdueNoticeAt: Date | null;
}

/** A seat with its player's public name. */
export interface SeatRow extends SeatClock {
  role: string;
  userId: string;
  /** This seat's mute switch for emails about the game. */
  emailNotifications: boolean;
  joinedAt: Date;
  /** Since when this role has been pending (null while it need not act). */
  pendingSince: Date | null;
  /** The seed this player added to the dice (public), and whether the server drew it for them; null without a commitment. */
  playerSeed: string | null;
  playerSeedByServer: boolean;
  /**
   * Email, whether it is confirmed, preference and vacation are for notifications and deadlines;
   * never shown to other players.
   */
  user: { id: string; displayName: string; email: string; emailConfirmed: boolean; emailPreference: EmailPreference; vacationEndsAt: Date | null; handle?: string | null; bot?: boolean };
  /** This player's rating before and after the game: a rated game that has ended (src/app/ratings/). */
  rating?: SeatRating | null;
}

/** A player's rating in a rated game's module before and after it. */
export interface SeatRating {
  before: number;
  after: number;
}

/**
 * The generator a game's seed keys: 'chacha20' (64 hex digits) for every game since secret seeds,
 * 'mulberry32' (a 32-bit seed in decimal) for games stored before them.
 */
export type Generator = 'chacha20' | 'mulberry32';

/** A game with its seats; `snapshot.state` is present when read with its state. */
export interface GameRow {
  id: string;
  number: number;
  module: string;
  status: GameStatus;
  /** The engine's secret seed (never shown to anyone) and which generator it keys. */
  seed: string;
  rng: Generator;
  /** SHA-256 of the seed, public; null for a game created before dice commitments (keyed by its seed alone). */
  seedCommitment: string | null;
  options: Prisma.JsonValue;
  outcome: Prisma.JsonValue | null;
  visibility: GameVisibility;
  inviteCode: string | null;
  /** Days per move, or null for no time limit. */
  daysPerMove: number | null;
  /** Its end changes its players' ratings (src/app/ratings/). */
  rated: boolean;
  pending: string[];
  /** The computer opponent's role and level (a game against the computer: no seat for it), or null. */
  computer: { role: string; level: string } | null;
  /**
   * The role whose undo would be accepted now, '' if nobody's (written by every change); null
   * for a game last changed before the column existed (worked out from its log when read).
   */
  undoRole: string | null;
  createdById: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The one person an open game is offered to (a rematch), with their public name; null: none. */
  invitee: { id: string; name: string; handle: string; bot?: true } | null;
  /** The finished game this one is the rematch of. */
  rematchOf: string | null;
  /** The creator would play either side: whoever joins may take the creator's. */
  anyRole: boolean;
  /** An open public game that bot accounts may join (src/app/bot-accounts/). */
  allowBots?: boolean;
  players: SeatRow[];
  /** The games row's revision as read or written (its xmin: see revisionOf). */
  revision?: number;
  /**
   * Null while the game is open. `version` is the game's (its log's last seq); the stored state
   * is that of `stateVersion` (snapshots are written every few changes,
   * src/app/games/change/write.ts), and `tail` holds the entries after it, to apply
   * (src/app/games/history.ts currentState).
   */
  snapshot: { version: number; stateVersion: number; state?: Prisma.JsonValue; tail?: Entry[] } | null;
}
/** The same, read without the state (lists, visibility checks). */
export type GameSummaryRow = GameRow;

// Games are read with one statement each (seats aggregated as JSON): this is the hot path of
// every request that touches a game.
export interface RawGame {
  id: string;
  number: number;
  module: string;
  status: GameStatus;
  seed: string;
  rng: Generator;
  seed_commitment: string | null;
  options: Prisma.JsonValue;
  outcome: Prisma.JsonValue | null;
  visibility: GameVisibility;
  invite_code: string | null;
  days_per_move: number | null;
  rated: boolean;
  pending: string[] | null;
  computer_role: string | null;
  computer_level: string | null;
  undo_role: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  invitee_id: string | null;
  /** The invitee's name and handle, read in one lookup. */
  invitee_user: { name: string; handle: string | null; bot?: boolean } | null;
  /** An open public game that bot accounts may join (src/app/bot-accounts/). */
  allow_bots?: boolean;
  rematch_of: string | null;
  any_role: boolean;
  version: number | null;
  state_version: number | null;
  state?: Prisma.JsonValue;
  /** The log's parts, when the state was read (see game-log.ts). */
  log_parts?: [number, unknown[]][] | null;
  /** The entries after the snapshot's version, when the state was read. */
  tail?: Entry[] | null;
  players:
    | {
        role: string;
        userId: string;
        name: string;
        handle: string | null;
        bot?: boolean;
        email: string;
        emailConfirmed: boolean;
        emailPreference: EmailPreference;
        vacationEndsAt: string | null;
        emailNotifications: boolean;
        joinedAt: string;
        pendingSince: string | null;
        playerSeed: string | null;
        playerSeedByServer: boolean;
        deadline: string | null;
        remindAt: string | null;
        overdueNoticeAt: string | null;
        ratingBefore: number | null;
        ratingAfter: number | null;
      }[]
    | null;
  /** The games row's xmin, as text. */
  revision: string;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybeDate = (v: string | null): Date | null => (v === null ? null : new Date(v));

/** A game row as read by SQL (seats as JSON) to its typed form; game-tx.ts reads the same columns. */
export function toRow(r: RawGame): GameRow {
  return {
    id: r.id,
    number: Number(r.number),
    module: r.module,
    status: r.status,
    seed: r.seed,
    rng: r.rng,
    seedCommitment: r.seed_commitment ?? null,
    options: r.options,
    outcome: r.outcome,
    visibility: r.visibility,
    inviteCode: r.invite_code,
    daysPerMove: r.days_per_move === null ? null : Number(r.days_per_move),
    rated: r.rated === true,
    pending: r.pending ?? [],
    computer: r.computer_role === null || r.computer_role === undefined ? null : { role: r.computer_role, level: r.computer_level ?? 'normal' },
    undoRole: r.undo_role,
    createdById: r.created_by,
    createdAt: date(r.created_at),
    updatedAt: date(r.updated_at),
    startedAt: r.started_at && date(r.started_at),
    finishedAt: r.finished_at && date(r.finished_at),
    invitee: r.invitee_id === null ? null : { id: r.invitee_id, name: r.invitee_user?.name ?? '', handle: r.invitee_user?.handle ?? '', ...(r.invitee_user?.bot && { bot: true as const }) },
    allowBots: r.allow_bots === true,
    rematchOf: r.rematch_of,
    anyRole: r.any_role === true,
    players: (r.players ?? []).map((p) => ({
      role: p.role,
      userId: p.userId,
      emailNotifications: p.emailNotifications,
      joinedAt: new Date(p.joinedAt),
      pendingSince: maybeDate(p.pendingSince),
      playerSeed: p.playerSeed ?? null,
      playerSeedByServer: p.playerSeedByServer === true,
      deadline: maybeDate(p.deadline),
      remindAt: maybeDate(p.remindAt),
      overdueNoticeAt: maybeDate(p.overdueNoticeAt),
      user: { id: p.userId, displayName: p.name, handle: p.handle, ...(p.bot && { bot: true }), email: p.email, emailConfirmed: p.emailConfirmed, emailPreference: p.emailPreference, vacationEndsAt: maybeDate(p.vacationEndsAt) },
      rating: p.ratingBefore === null || p.ratingAfter === null ? null : { before: Number(p.ratingBefore), after: Number(p.ratingAfter) },
    })),
    revision: Number(r.revision),
    snapshot:
      r.version === null
        ? null
        : {
            version: Number(r.version),
            stateVersion: Number(r.state_version),
            ...(r.state !== undefined && { state: joinLog(r.state, r.log_parts ?? null) as Prisma.JsonValue, tail: r.tail ?? [] }),
          },
  };
}

/**
 * A game's revision, as game-tx.ts's gameRevision reads it: its games row's xmin (every
 * update of the row writes a new version of it, with the writing transaction's id; triggers write
 * the row with every write to a seat or to what a read shows of a seated user: migration
 * 20261126140000_revision_is_the_games_row). Null when not known (a row built by hand, or after
 * a seat was taken): such a row can never pass for the game's current one.
 */
export function revisionOf(row: Pick<GameRow, 'revision'>): string | null {
  return row.revision === undefined ? null : String(row.revision);
}

/** The columns of a game read (`g` games, `s` its snapshot), for game-tx.ts too. */
export const COLUMNS = Prisma.sql`
  g.id::text AS id, g.number, g.module, g.status::text AS status, g.seed, g.rng, g.seed_commitment, g.options, g.outcome,
  g.visibility::text AS visibility, g.invite_code, g.days_per_move, g.rated, g.pending, g.undo_role, g.computer_role, g.computer_level,
  g.created_by::text AS created_by,
  g.created_at, g.updated_at, g.started_at, g.finished_at, h.version, s.version AS state_version, g.xmin::text AS revision,
  g.invitee_id::text AS invitee_id, (SELECT json_build_object('name', i.display_name, 'handle', i.handle, 'bot', i.bot_since IS NOT NULL) FROM users i WHERE i.id = g.invitee_id) AS invitee_user,
  g.rematch_of::text AS rematch_of, g.any_role, g.allow_bots,
  (SELECT json_agg(json_build_object(
      'role', p.role, 'userId', p.user_id, 'name', u.display_name, 'handle', u.handle, 'bot', u.bot_since IS NOT NULL, 'email', u.email, 'emailConfirmed', u.email_verified_at IS NOT NULL,
      'emailPreference', u.email_preference,
      'vacationEndsAt', u.vacation_ends_at, 'emailNotifications', p.email_notifications,
      'joinedAt', p.joined_at, 'pendingSince', p.pending_since, 'deadline', p.deadline,
      'playerSeed', p.player_seed, 'playerSeedByServer', p.player_seed_by_server,
      'remindAt', p.remind_at, 'overdueNoticeAt', p.overdue_notice_at,
      'ratingBefore', p.rating_before, 'ratingAfter', p.rating_after) ORDER BY p.role)
    FROM game_players p JOIN users u ON u.id = p.user_id WHERE p.game_id = g.id) AS players`;

/**
 * A game (`g`), its snapshot (`s`) and its version (`h.version`: the last seq of its log; null
 * while it is open, like the snapshot), for COLUMNS.
 */
export const FROM_GAMES = `games g LEFT JOIN game_snapshots s ON s.game_id = g.id
  LEFT JOIN LATERAL (SELECT GREATEST(s.version, max(a.seq)) AS version FROM game_actions a WHERE s.game_id IS NOT NULL AND a.game_id = g.id) h ON true`;

/** SQL: the entries after the snapshot's version, oldest first (null: none). */
export const TAIL = `(SELECT json_agg(json_build_object('seq', a.seq, 'kind', a.kind, 'role', a.role, 'action', a.action) ORDER BY a.seq)
  FROM game_actions a WHERE a.game_id = g.id AND a.seq > s.version)`;

async function selectGames(db: Db, o: { state: boolean; where: Prisma.Sql; tail?: Prisma.Sql }): Promise<GameRow[]> {
  const rows = await db.$queryRaw<RawGame[]>`
    SELECT ${COLUMNS}${o.state ? Prisma.sql`, s.state, ${Prisma.raw(LOG_PARTS)} AS log_parts, ${Prisma.raw(TAIL)} AS tail` : Prisma.empty}
    FROM ${Prisma.raw(FROM_GAMES)}
    WHERE ${o.where} ${o.tail ?? Prisma.empty}`;
  return rows.map(toRow);
}

export interface NewGame {
  module: string;
  seed: string;
  rng: Generator;
  seedCommitment: string | null;
  /** The creator's seed (64 hex digits) and whether the server drew it for them. */
  creatorSeed: { seed: string; byServer: boolean } | null;
  options: Prisma.InputJsonValue;
  visibility: GameVisibility;
  inviteCode: string | null;
  daysPerMove: number | null;
  rated: boolean;
  creatorId: string;
  creatorRole: string;
  /** A game against the computer: the role it plays and its level. */
  computer?: { role: string; level: string };
  now: Date;
  /** Offered to this user only (a rematch). */
  inviteeId?: string | null;
  /** The finished game this one is the rematch of. */
  rematchOf?: string | null;
  /** The creator would play either side. */
  anyRole?: boolean;
  /** Bot accounts may join it (src/app/bot-accounts/). */
  allowBots?: boolean;
}

export async function insertGame(db: Db, g: NewGame): Promise<GameRow> {
  const { id } = await db.game.create({
    data: {
      module: g.module,
      seed: g.seed,
      rng: g.rng,
      seedCommitment: g.seedCommitment,
      options: g.options,
      visibility: g.visibility,
      inviteCode: g.inviteCode,
      daysPerMove: g.daysPerMove,
      ...(g.computer && { computerRole: g.computer.role, computerLevel: g.computer.level }),
      rated: g.rated,
      createdById: g.creatorId,
      inviteeId: g.inviteeId ?? null,
      rematchOfId: g.rematchOf ?? null,
      anyRole: g.anyRole ?? false,
      allowBots: g.allowBots ?? false,
      createdAt: g.now,
      updatedAt: g.now,
      players: {
        create: [{ role: g.creatorRole, userId: g.creatorId, joinedAt: g.now, playerSeed: g.creatorSeed?.seed ?? null, playerSeedByServer: g.creatorSeed?.byServer ?? false }],
      },
    },
    select: { id: true },
  });
  return (await findGame(db, id))!;
}

export async function findGame(db: Db, id: string): Promise<GameRow | null> {
  return (await selectGames(db, { state: true, where: Prisma.sql`g.id = ${id}::uuid` }))[0] ?? null;
}

/** The game without its state (enough for who may see it, and its version). */
export async function findGameSummary(db: Db, id: string): Promise<GameSummaryRow | null> {
  return (await selectGames(db, { state: false, where: Prisma.sql`g.id = ${id}::uuid` }))[0] ?? null;
}

/**
 * Locks the game row until the transaction ends, then reads it: every change to a game takes
 * this lock first, so changes to one game are serialised (across processes too) and each one
 * sees the result of the previous. Returns null if there is no such game.
 */
export async function lockGame(tx: Prisma.TransactionClient, id: string): Promise<GameRow | null> {
  // Two statements on purpose: a locking read that had to wait re-reads only the locked row's
  // newest version (the joined snapshot and seats would be those of before the wait), whereas a
  // new statement after the lock sees everything the previous holder committed.
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM games WHERE id = ${id}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return findGame(tx, id);
}

/** Whether bot accounts may join the game (its creator's choice while it is open), under its lock. */
export async function setAllowBots(tx: Prisma.TransactionClient, id: string, allowed: boolean): Promise<void> {
  await tx.$executeRaw`UPDATE games SET allow_bots = ${allowed} WHERE id = ${id}::uuid`;
}

/** Removes a game with its seats, log and snapshot (cascade); its emails keep a null game. */
export async function deleteGame(tx: Prisma.TransactionClient, id: string): Promise<void> {
  await tx.game.delete({ where: { id } });
}

/**
 * A transaction that writes seats outside a change takes the game's row lock first, as a change
 * does: writing a seat writes the games row too (a trigger), so the other order could deadlock
 * with a change (it holds the game and waits for the seat; this would hold the seat and wait).
 */
async function withGameLocked<T>(db: PrismaClient, gameId: string, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM games WHERE id = ${gameId}::uuid FOR UPDATE`;
    return fn(tx);
  });
}

/** Turns the emails about one game on or off for the user seated at it (rows changed: 0 or 1). */
export async function setSeatEmails(db: PrismaClient, gameId: string, userId: string, on: boolean): Promise<number> {
  return withGameLocked(db, gameId, async (tx) => (await tx.gamePlayer.updateMany({ where: { gameId, userId }, data: { emailNotifications: on } })).count);
}

export interface Entry {
  seq: number;
  kind: GameEntryKind;
  role: string;
  action: Prisma.JsonValue;
}

/** The whole log of a game, oldest first (for replay and undo). */
export function listEntries(db: Db, gameId: string): Promise<Entry[]> {
  return db.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' }, select: { seq: true, kind: true, role: true, action: true } });
}

/** An entry with when it was made (for a game's record). */
export interface TimedEntry extends Entry {
  createdAt: Date;
}

/** The log after a version with each entry's time, oldest first (a game's record and replay). */
export function listTimedEntries(db: Db, gameId: string, afterSeq = 0): Promise<TimedEntry[]> {
  return db.gameAction.findMany({
    where: { gameId, seq: { gt: afterSeq } },
    orderBy: { seq: 'asc' },
    select: { seq: true, kind: true, role: true, action: true, createdAt: true },
  });
}

export function lastEntry(db: Db, gameId: string): Promise<Entry | null> {
  return db.gameAction.findFirst({ where: { gameId }, orderBy: { seq: 'desc' }, select: { seq: true, kind: true, role: true, action: true } });
}

/** Entries after a version (versions are seqs), oldest first. */
export function entriesAfter(db: Db, gameId: string, version: number): Promise<Entry[]> {
  return db.gameAction.findMany({
    where: { gameId, seq: { gt: version } },
    orderBy: { seq: 'asc' },
    select: { seq: true, kind: true, role: true, action: true },
  });
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Writes the time control of some seats of a game (the worker's reminders and notices). */
export async function updateSeatClocks(tx: Prisma.TransactionClient, gameId: string, seats: (SeatClock & { role: string })[]): Promise<void> {
  if (seats.length === 0) return;
  const json = JSON.stringify(seats.map((x) => ({ role: x.role, deadline: iso(x.deadline), remind: iso(x.remindAt), overdue: iso(x.overdueNoticeAt) })));
  await tx.$executeRaw`
    UPDATE game_players p SET deadline = x.deadline, remind_at = x.remind, overdue_notice_at = x.overdue
    FROM json_to_recordset(${json}::json) AS x(role text, deadline timestamptz, remind timestamptz, overdue timestamptz)
    WHERE p.game_id = ${gameId}::uuid AND p.role = x.role`;
}

/**
 * Locks one active game with a reminder or an overdue notice due at `now`, skipping games
 * locked by anyone else (a change in progress, another worker); null if there is none. The
 * caller reads the game afterwards, in a statement of its own (see lockGame).
 */
export async function lockGameWithDueClock(tx: Prisma.TransactionClient, now: Date, abandonedBefore: Date): Promise<string | null> {
  // A seat whose deadline is older than abandonedBefore is the abandonment job's (gamesAbandoned).
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT g.id::text FROM games g
    WHERE g.status = 'active' AND g.id IN (
      SELECT p.game_id FROM game_players p WHERE p.remind_at <= ${now}
      UNION ALL
      SELECT p.game_id FROM game_players p WHERE p.overdue_notice_at <= ${now} AND (p.deadline IS NULL OR p.deadline > ${abandonedBefore}))
    LIMIT 1
    FOR UPDATE OF g SKIP LOCKED`;
  return rows[0]?.id ?? null;
}

/**
 * Active games with a seat whose look at its lateness is due at `now` and whose deadline is
 * older than `abandonedBefore` (abandoned moves: app/games/time-controls.ts), at most `limit`.
 */
export async function gamesAbandoned(db: Db, now: Date, abandonedBefore: Date, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT p.game_id::text AS id FROM game_players p JOIN games g ON g.id = p.game_id
    WHERE p.overdue_notice_at <= ${now} AND p.deadline <= ${abandonedBefore} AND g.status = 'active'
    LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** Sets when the worker next looks at a late seat (its opponent is late too: see app/games/time-controls.ts). */
export async function postponeLateSeat(db: PrismaClient, gameId: string, role: string, until: Date): Promise<void> {
  await withGameLocked(db, gameId, (tx) => tx.$executeRaw`UPDATE game_players SET overdue_notice_at = ${until} WHERE game_id = ${gameId}::uuid AND role = ${role}`);
}

/** Moves a game's reminders and overdue notices that are due at `now` by `ms` (a retry later). */
export async function postponeDueClocks(db: PrismaClient, gameId: string, now: Date, ms: number): Promise<void> {
  const later = new Date(now.getTime() + ms);
  await withGameLocked(db, gameId, (tx) => tx.$executeRaw`
    UPDATE game_players SET
      remind_at = CASE WHEN remind_at <= ${now} THEN ${later} ELSE remind_at END,
      overdue_notice_at = CASE WHEN overdue_notice_at <= ${now} THEN ${later} ELSE overdue_notice_at END
    WHERE game_id = ${gameId}::uuid AND (remind_at <= ${now} OR overdue_notice_at <= ${now})`);
}

export interface GameFilter {
  /** Only games this user is seated at or is offered (a rematch); otherwise public games only. */
  userId?: string;
  /** Public games: leave out the open games of creators this user blocked or is blocked by. */
  viewerId?: string;
  /** Only games of this module. */
  module?: string;
  /** Only games with this time control (null: no time limit). */
  daysPerMove?: number | null;
  /** Public games: only rated (true) or unrated (false) ones. */
  rated?: boolean;
  statuses?: GameStatus[];
  /** Only games numbered below this (keyset pagination, newest first). */
  before?: number;
  /** Public games: at most this many open games of one creator, their newest (a fair lobby). */
  perCreator?: number;
  limit: number;
}

const ALL_STATUSES: GameStatus[] = ['open', 'active', 'finished', 'abandoned'];

/**
 * SQL: the ids of one user's games with these statuses, newest first, at most `limit`, read from
 * the seats' index (user, status, number DESC): one ordered range per status, merged. `alsoWhere`
 * filters them on their games row (`g`), joined as they are read.
 */
export function seatsPage(userId: string, statuses: readonly GameStatus[], before: number | undefined, limit: number, alsoWhere?: Prisma.Sql): Prisma.Sql {
  const ranges = statuses.map(
    (status) => Prisma.sql`(SELECT m.game_id, m.number FROM game_players m${alsoWhere ? Prisma.sql` JOIN games g ON g.id = m.game_id` : Prisma.empty}
      WHERE m.user_id = ${userId}::uuid AND m.status = ${status}::game_status${before === undefined ? Prisma.empty : Prisma.sql` AND m.number < ${before}`}${alsoWhere ? Prisma.sql` AND ${alsoWhere}` : Prisma.empty}
      ORDER BY m.number DESC LIMIT ${limit})`,
  );
  return Prisma.sql`SELECT page.game_id FROM (${Prisma.join(ranges, ' UNION ALL ')}) page ORDER BY page.number DESC LIMIT ${limit}`;
}

/**
 * The lobby, or one user's games, newest first. The statuses are compared as the enum they are
 * (a cast to text hid the games' indexes from the planner: issue 29); one user's games come
 * from their seats' index, the page chosen before any game is read whole: as an array computed
 * first (`= ANY (ARRAY(...))`), since with `IN (...)` the planner may walk every game by number
 * looking for the page's (all of them, for a page that reaches an old game).
 */
export function listGames(db: Db, f: GameFilter): Promise<GameSummaryRow[]> {
  const order = Prisma.sql`ORDER BY g.number DESC LIMIT ${f.limit}`;
  if (f.userId) {
    const statuses = f.statuses ?? ALL_STATUSES;
    const seated = Prisma.sql`g.id = ANY (ARRAY(${seatsPage(f.userId, statuses, f.before, f.limit)}))`;
    // Rematches offered to me: open games with my name on them (few; games_invitee_id_idx).
    const offered = statuses.includes('open')
      ? Prisma.sql` OR (g.status = 'open' AND g.invitee_id = ${f.userId}::uuid${f.before === undefined ? Prisma.empty : Prisma.sql` AND g.number < ${f.before}`})`
      : Prisma.empty;
    return selectGames(db, { state: false, where: Prisma.sql`(${seated}${offered})`, tail: order });
  }
  const conditions = [Prisma.sql`g.visibility = 'public'`];
  if (f.module !== undefined) conditions.push(Prisma.sql`g.module = ${f.module}`);
  if (f.daysPerMove !== undefined) conditions.push(f.daysPerMove === null ? Prisma.sql`g.days_per_move IS NULL` : Prisma.sql`g.days_per_move = ${f.daysPerMove}`);
  if (f.rated !== undefined) conditions.push(Prisma.sql`g.rated = ${f.rated}`);
  if (f.viewerId !== undefined) {
    conditions.push(Prisma.sql`(g.status <> 'open' OR NOT EXISTS (SELECT 1 FROM user_blocks b
      WHERE (b.blocker_id = g.created_by AND b.blocked_id = ${f.viewerId}::uuid) OR (b.blocker_id = ${f.viewerId}::uuid AND b.blocked_id = g.created_by)))`);
  }
  if (f.statuses) conditions.push(Prisma.sql`g.status IN (${Prisma.join(f.statuses.map((x) => Prisma.sql`${x}::game_status`))})`);
  if (f.before !== undefined) conditions.push(Prisma.sql`g.number < ${f.before}`);
  // A game against the computer has no seat to take, even in the moment before it starts; nor
  // has one offered to one person (a public game's rematch) for anyone else.
  if (!f.userId) conditions.push(Prisma.sql`(g.status <> 'open' OR (g.computer_role IS NULL AND g.invitee_id IS NULL))`);
  if (f.perCreator !== undefined) {
    conditions.push(Prisma.sql`(g.status <> 'open' OR (SELECT count(*) FROM games n
      WHERE n.created_by = g.created_by AND n.status = 'open' AND n.visibility = 'public' AND n.invitee_id IS NULL AND n.number > g.number) < ${f.perCreator})`);
  }
  return selectGames(db, { state: false, where: Prisma.join(conditions, ' AND '), tail: order });
}

/** One user's public games with these statuses, newest first (a player's page), chosen from their seats before any game is read whole. */
export function publicGamesOf(db: Db, userId: string, statuses: readonly GameStatus[], before: number | undefined, limit: number): Promise<GameSummaryRow[]> {
  const page = seatsPage(userId, statuses, before, limit, Prisma.sql`g.visibility = 'public'`);
  return selectGames(db, { state: false, where: Prisma.sql`g.id = ANY (ARRAY(${page}))`, tail: Prisma.sql`ORDER BY g.number DESC LIMIT ${limit}` });
}

/** Every game that has started, for verification: id, module, seed, options and snapshot (its log put back, to its version). */
export async function startedGames(db: Db, afterId: string | undefined, take: number) {
  const page = await db.game.findMany({
    where: { snapshot: { isNot: null }, ...(afterId && { id: { gt: afterId } }) },
    orderBy: { id: 'asc' },
    take,
    select: {
      id: true, number: true, module: true, seed: true, rng: true, seedCommitment: true, options: true, status: true, outcome: true, snapshot: true, computerRole: true,
      players: { select: { role: true, playerSeed: true } },
    },
  });
  if (page.length === 0) return page;
  const logs = await db.$queryRaw<{ id: string; log_parts: [number, unknown[]][] }[]>`
    SELECT g.id::text AS id, ${Prisma.raw(LOG_PARTS)} AS log_parts FROM games g JOIN game_snapshots s ON s.game_id = g.id WHERE g.id IN (${Prisma.join(page.map((g) => Prisma.sql`${g.id}::uuid`))})`;
  const parts = new Map(logs.map((l) => [l.id, l.log_parts]));
  for (const g of page) if (g.snapshot) g.snapshot.state = joinLog(g.snapshot.state, parts.get(g.id) ?? null) as Prisma.JsonValue;
  return page;
}
