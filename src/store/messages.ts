// Messages between the players of a game, each player's reading of them (message_readers), and
// each player's private notepad (game_notes), in Postgres. Who may read or write what, and when
// an email goes, is decided in src/app/messages/.
import { Prisma } from './generated/prisma/client.js';
import type { Db } from './games.js';

export interface MessageRow {
  seq: number;
  authorId: string;
  authorName: string;
  authorHandle: string;
  role: string;
  body: string;
  createdAt: Date;
}

/** A player's reading of one game's messages; the defaults when they never read nor set anything. */
export interface ReaderRow {
  off: boolean;
  seenThrough: number;
  emailedThrough: number;
}

export const NO_READER: ReaderRow = { off: false, seenThrough: 0, emailedThrough: 0 };

/**
 * Appends a message, numbered after the game's last one. Two messages to one game at once queue
 * on a transaction-scoped advisory lock of the game (not its row lock, which changes take).
 */
export async function insertMessage(tx: Prisma.TransactionClient, m: { gameId: string; authorId: string; role: string; body: string; now: Date }): Promise<number> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`alea.messages:${m.gameId}`}, 0))`;
  const rows = await tx.$queryRaw<{ seq: number }[]>`
    INSERT INTO game_messages (game_id, seq, author_id, role, body, created_at)
    SELECT ${m.gameId}::uuid, COALESCE(max(seq), 0) + 1, ${m.authorId}::uuid, ${m.role}, ${m.body}, ${m.now}
      FROM game_messages WHERE game_id = ${m.gameId}::uuid
    RETURNING seq`;
  return Number(rows[0]!.seq);
}

/** When the author's latest `n` messages (any game) since `since` were written, newest first. */
export async function recentMessageTimes(db: Db, authorId: string, since: Date, n: number): Promise<Date[]> {
  const rows = await db.$queryRaw<{ created_at: Date }[]>`
    SELECT created_at FROM game_messages WHERE author_id = ${authorId}::uuid AND created_at > ${since}
     ORDER BY created_at DESC LIMIT ${n}`;
  return rows.map((r) => r.created_at);
}

export interface MessageQuery {
  gameId: string;
  /** Leave out the messages of authors this user blocked. */
  readerId: string;
  after?: number;
  before?: number;
  limit: number;
}

/**
 * One page of a game's messages, oldest first: after `after` (the oldest of them), or else the
 * newest before `before` (or of all); and whether there are more before and after the page.
 */
export async function pageOfMessages(db: Db, q: MessageQuery): Promise<{ items: MessageRow[]; earlier: boolean; later: boolean }> {
  const visible = Prisma.sql`m.game_id = ${q.gameId}::uuid AND NOT EXISTS (
    SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${q.readerId}::uuid AND b.blocked_id = m.author_id)`;
  const range =
    q.after !== undefined
      ? Prisma.sql`m.seq > ${q.after} ${q.before !== undefined ? Prisma.sql`AND m.seq < ${q.before}` : Prisma.empty} ORDER BY m.seq ASC`
      : q.before !== undefined
        ? Prisma.sql`m.seq < ${q.before} ORDER BY m.seq DESC`
        : Prisma.sql`true ORDER BY m.seq DESC`;
  const rows = await db.$queryRaw<MessageRow[]>`
    SELECT m.seq, m.author_id::text AS "authorId", u.display_name AS "authorName", u.handle AS "authorHandle", m.role, m.body, m.created_at AS "createdAt"
      FROM game_messages m JOIN users u ON u.id = m.author_id
     WHERE ${visible} AND ${range} LIMIT ${q.limit + 1}`;
  const page = rows.slice(0, q.limit).map((r) => ({ ...r, seq: Number(r.seq) }));
  if (q.after === undefined) page.reverse();
  // Whether there is more on either side of the page (of an empty page: at or beyond its bounds;
  // past the documented cursors' range, so compared as bigint: after=2^31-1 made a 500).
  const below = page.length ? page[0]!.seq : q.after !== undefined ? q.after + 1 : 0;
  const above = page.length ? page[page.length - 1]!.seq : q.before !== undefined ? q.before - 1 : 2 ** 31 - 1;
  const [flags] = await db.$queryRaw<{ earlier: boolean; later: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM game_messages m WHERE ${visible} AND m.seq < ${below}::bigint) AS earlier,
           EXISTS (SELECT 1 FROM game_messages m WHERE ${visible} AND m.seq > ${above}::bigint) AS later`;
  return { items: page, earlier: flags!.earlier, later: flags!.later };
}

/** A player's reading of a game's messages (the defaults if they have no row). */
export async function findReader(db: Db, gameId: string, userId: string): Promise<ReaderRow> {
  const r = await db.messageReader.findUnique({ where: { gameId_userId: { gameId, userId } }, select: { off: true, seenThrough: true, emailedThrough: true } });
  return r ?? NO_READER;
}

/** The readings of several players of a game, by user id. */
export async function findReaders(db: Db, gameId: string, userIds: string[]): Promise<Map<string, ReaderRow>> {
  const rows = await db.messageReader.findMany({ where: { gameId, userId: { in: userIds } } });
  return new Map(rows.map((r) => [r.userId, { off: r.off, seenThrough: r.seenThrough, emailedThrough: r.emailedThrough }]));
}

/** Turns a player's messages of a game on or off. */
export async function setReaderOff(db: Db, gameId: string, userId: string, off: boolean): Promise<void> {
  await db.$executeRaw`
    INSERT INTO message_readers (game_id, user_id, off) VALUES (${gameId}::uuid, ${userId}::uuid, ${off})
    ON CONFLICT (game_id, user_id) DO UPDATE SET off = EXCLUDED.off`;
}

/** The player has read the game's messages up to `seq` (never moves back); whether that moved their mark. */
export async function markSeen(db: Db, gameId: string, userId: string, seq: number): Promise<boolean> {
  const moved = await db.$executeRaw`
    INSERT INTO message_readers (game_id, user_id, seen_through) VALUES (${gameId}::uuid, ${userId}::uuid, ${seq})
    ON CONFLICT (game_id, user_id) DO UPDATE SET seen_through = GREATEST(message_readers.seen_through, EXCLUDED.seen_through)
    WHERE message_readers.seen_through < EXCLUDED.seen_through`;
  return moved > 0;
}

/** The number of the game's last message (0: none yet). */
export async function lastMessageSeq(db: Db, gameId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ seq: number | null }[]>`SELECT max(seq) AS seq FROM game_messages WHERE game_id = ${gameId}::uuid`;
  return Number(row?.seq ?? 0);
}

/**
 * How many messages of each of these games `userId` has not read: written by someone else after
 * their mark (seen_through), leaving out the authors they blocked (whose messages they do not
 * read). A game with none is left out of the map. One range of each game's messages, by its key.
 */
export async function unreadCounts(db: Db, userId: string, gameIds: string[]): Promise<Map<string, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ game_id: string; n: number }[]>`
    SELECT m.game_id::text AS game_id, count(*)::int AS n
      FROM game_messages m
      LEFT JOIN message_readers r ON r.game_id = m.game_id AND r.user_id = ${userId}::uuid
     WHERE m.game_id = ANY(${gameIds}::uuid[]) AND m.seq > COALESCE(r.seen_through, 0) AND m.author_id <> ${userId}::uuid
       AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${userId}::uuid AND b.blocked_id = m.author_id)
     GROUP BY m.game_id`;
  return new Map(rows.map((r) => [r.game_id, Number(r.n)]));
}

/** The player has been emailed the game's messages up to `seq` (never moves back). */
export async function markEmailed(db: Db, gameId: string, userId: string, seq: number): Promise<void> {
  await db.$executeRaw`
    INSERT INTO message_readers (game_id, user_id, emailed_through) VALUES (${gameId}::uuid, ${userId}::uuid, ${seq})
    ON CONFLICT (game_id, user_id) DO UPDATE SET emailed_through = GREATEST(message_readers.emailed_through, EXCLUDED.emailed_through)
    WHERE message_readers.emailed_through < EXCLUDED.emailed_through`;
}

/**
 * What an email to `userId` about `gameId` may carry of the game's messages: the reader's switch,
 * and the messages of the other players that they have neither read nor been emailed, leaving
 * out authors they blocked, oldest first (at most `limit`, and how many there are in all).
 */
export async function unnotifiedMessages(db: Db, gameId: string, userId: string, limit: number): Promise<{ off: boolean; seated: boolean; messages: MessageRow[]; total: number }> {
  const [head] = await db.$queryRaw<{ off: boolean | null; seated: boolean; through: number | null }[]>`
    SELECT r.off, EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = ${gameId}::uuid AND p.user_id = ${userId}::uuid) AS seated,
           GREATEST(r.seen_through, r.emailed_through) AS through
      FROM (SELECT 1) one LEFT JOIN message_readers r ON r.game_id = ${gameId}::uuid AND r.user_id = ${userId}::uuid`;
  const through = Number(head?.through ?? 0);
  const rows = await db.$queryRaw<(MessageRow & { total: bigint })[]>`
    SELECT m.seq, m.author_id::text AS "authorId", u.display_name AS "authorName", u.handle AS "authorHandle", m.role, m.body, m.created_at AS "createdAt", count(*) OVER () AS total
      FROM game_messages m JOIN users u ON u.id = m.author_id
     WHERE m.game_id = ${gameId}::uuid AND m.seq > ${through} AND m.author_id <> ${userId}::uuid
       AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${userId}::uuid AND b.blocked_id = m.author_id)
     ORDER BY m.seq DESC LIMIT ${limit}`;
  return {
    off: head?.off === true,
    seated: head?.seated === true,
    messages: rows.map(({ total: _total, ...r }) => ({ ...r, seq: Number(r.seq) })).reverse(),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** A player's notepad for a game (null: never written). */
export async function findNote(db: Db, gameId: string, userId: string): Promise<{ body: string; updatedAt: Date } | null> {
  return db.gameNote.findUnique({ where: { gameId_userId: { gameId, userId } }, select: { body: true, updatedAt: true } });
}

export async function saveNote(db: Db, gameId: string, userId: string, body: string, now: Date): Promise<void> {
  await db.gameNote.upsert({ where: { gameId_userId: { gameId, userId } }, create: { gameId, userId, body, updatedAt: now }, update: { body, updatedAt: now } });
}
