// Challenges in Postgres (src/app/challenges/): one row per challenge, kept after its game is gone.
import { Prisma } from './generated/prisma/client.js';
import type { Db } from './games.js';

export type ChallengeStatus = 'open' | 'accepted' | 'declined' | 'canceled' | 'expired';

/** What was offered, as asked (kept: the game offered is deleted when the challenge is declined). */
export interface ChallengeTerms {
  game: string;
  /** The challenger's side as asked: a role, or 'random'. */
  role: string;
  /** The challenger's side as it is (chosen at random when asked so). */
  challengerRole: string;
  daysPerMove: number | null;
  rated: boolean;
  options: Record<string, unknown>;
}

export interface ChallengeRow {
  id: string;
  gameId: string | null;
  /** The game's status, while it exists. */
  gameStatus: 'open' | 'active' | 'finished' | 'abandoned' | null;
  status: ChallengeStatus;
  terms: ChallengeTerms;
  message: string | null;
  declineReason: string | null;
  createdAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  challenger: { id: string; name: string; handle: string; bot: boolean };
  challenged: { id: string; name: string; handle: string; bot: boolean };
}

const select = (where: Prisma.Sql, tail: Prisma.Sql) => Prisma.sql`
  SELECT c.id::text, c.game_id::text AS "gameId", g.status::text AS "gameStatus", c.status::text AS status, c.terms, c.message,
         c.decline_reason AS "declineReason", c.created_at AS "createdAt", c.expires_at AS "expiresAt", c.ended_at AS "endedAt",
         json_build_object('id', a.id, 'name', a.display_name, 'handle', a.handle, 'bot', a.bot_since IS NOT NULL) AS challenger,
         json_build_object('id', b.id, 'name', b.display_name, 'handle', b.handle, 'bot', b.bot_since IS NOT NULL) AS challenged
    FROM challenges c JOIN users a ON a.id = c.challenger_id JOIN users b ON b.id = c.challenged_id
    LEFT JOIN games g ON g.id = c.game_id
   WHERE ${where} ${tail}`;

export async function insertChallenge(
  db: Db,
  c: { gameId: string; challengerId: string; challengedId: string; terms: ChallengeTerms; message: string | null; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const row = await db.challenge.create({
    data: { gameId: c.gameId, challengerId: c.challengerId, challengedId: c.challengedId, terms: c.terms as unknown as Prisma.InputJsonValue, message: c.message, createdAt: c.createdAt, expiresAt: c.expiresAt },
    select: { id: true },
  });
  return row.id;
}

export async function findChallenge(db: Db, id: string): Promise<ChallengeRow | null> {
  return (await db.$queryRaw<ChallengeRow[]>(select(Prisma.sql`c.id = ${id}::uuid`, Prisma.empty)))[0] ?? null;
}

/** Locks the challenge's row (a decision on it is made once), then reads it. */
export async function lockChallenge(tx: Prisma.TransactionClient, id: string): Promise<ChallengeRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM challenges WHERE id = ${id}::uuid FOR UPDATE`;
  return locked.length ? findChallenge(tx, id) : null;
}

/** The user's challenges, both ways (or one), newest first. */
export async function challengesOf(db: Db, userId: string, o: { direction?: 'in' | 'out'; status?: ChallengeStatus; limit: number }): Promise<ChallengeRow[]> {
  const who =
    o.direction === 'in'
      ? Prisma.sql`c.challenged_id = ${userId}::uuid`
      : o.direction === 'out'
        ? Prisma.sql`c.challenger_id = ${userId}::uuid`
        : Prisma.sql`(c.challenger_id = ${userId}::uuid OR c.challenged_id = ${userId}::uuid)`;
  const status = o.status ? Prisma.sql` AND c.status = ${o.status}::challenge_status` : Prisma.empty;
  return db.$queryRaw<ChallengeRow[]>(select(Prisma.sql`${who}${status}`, Prisma.sql`ORDER BY c.created_at DESC, c.id DESC LIMIT ${o.limit}`));
}

/** Open challenges from one player to another. */
export async function openChallengesBetween(db: Db, challengerId: string, challengedId: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM challenges WHERE challenger_id = ${challengerId}::uuid AND challenged_id = ${challengedId}::uuid AND status = 'open'`;
  return Number(rows[0]?.n ?? 0);
}

export async function endChallenge(db: Db, id: string, status: Exclude<ChallengeStatus, 'open'>, now: Date, declineReason: string | null = null): Promise<void> {
  await db.$executeRaw`
    UPDATE challenges SET status = ${status}::challenge_status, ended_at = ${now}, decline_reason = ${declineReason}
     WHERE id = ${id}::uuid AND status = 'open'`;
}

/** Open challenges past their time, oldest first. */
export async function dueChallenges(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM challenges WHERE status = 'open' AND expires_at <= ${now} ORDER BY expires_at LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** A live account by its handle, or else by its display name if exactly one account has it (any case). */
export async function userByNameOrHandle(db: Db, name: string): Promise<{ id: string } | null> {
  const rows = await db.$queryRaw<{ id: string; exact: boolean }[]>`
    SELECT id::text, handle = ${name} AS exact FROM users
     WHERE deleted_at IS NULL AND (handle = ${name} OR lower(display_name) = lower(${name}))
     ORDER BY (handle = ${name}) DESC LIMIT 2`;
  if (rows[0]?.exact) return { id: rows[0].id };
  return rows.length === 1 ? { id: rows[0]!.id } : null;
}
