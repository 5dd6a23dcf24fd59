// Accounts in Postgres. Emails arrive here already normalised (trimmed, lower-cased).
import { Prisma } from './generated/prisma/client.js';
import type { EmailPreference, User } from './generated/prisma/client.js';
import type { Db } from './games.js';

export type { EmailPreference, User };

/** Thrown by createUser when the email is taken (the unique index decides, not a prior read). */
export class EmailTaken extends Error {}

export async function createUser(db: Db, data: { email: string; displayName: string; passwordHash: string; now: Date }): Promise<User> {
  try {
    return await db.user.create({
      data: { email: data.email, displayName: data.displayName, passwordHash: data.passwordHash, createdAt: data.now, updatedAt: data.now },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new EmailTaken();
    throw err;
  }
}

/** A live account (a deleted one is no account: src/store/user-data.ts). */
export function findUserByEmail(db: Db, email: string): Promise<User | null> {
  return db.user.findUnique({ where: { email, deletedAt: null } });
}

/** A live account (a deleted one is no account: src/store/user-data.ts). */
export function findUserById(db: Db, id: string): Promise<User | null> {
  return db.user.findUnique({ where: { id, deletedAt: null } });
}

/**
 * Locks the user's row until the transaction ends (vacation changes), then reads it. NO KEY
 * UPDATE: rows that merely reference the user (a seat taken, an idempotency key) need not wait.
 */
export async function lockUser(tx: Prisma.TransactionClient, id: string): Promise<User | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM users WHERE id = ${id}::uuid AND deleted_at IS NULL FOR NO KEY UPDATE`;
  return locked.length ? findUserById(tx, id) : null;
}

/**
 * The user's games in progress as their creator: open ones waiting for an opponent (not against
 * the bot), and games against the bot not finished (open only for the moment it takes to start).
 */
export async function countGamesInProgress(db: Db, userId: string): Promise<{ open: number; againstBot: number; againstComputer: number }> {
  const [row] = await db.$queryRaw<{ open: bigint; against_bot: bigint; against_computer: bigint }[]>`
    SELECT count(*) FILTER (WHERE status = 'open' AND options->>'solitaire' IS DISTINCT FROM 'true' AND computer_role IS NULL) AS open,
           count(*) FILTER (WHERE options->>'solitaire' = 'true') AS against_bot,
           count(*) FILTER (WHERE computer_role IS NOT NULL) AS against_computer
      FROM games WHERE created_by = ${userId}::uuid AND status IN ('open', 'active')`;
  return { open: Number(row?.open ?? 0), againstBot: Number(row?.against_bot ?? 0), againstComputer: Number(row?.against_computer ?? 0) };
}

/** The rate of creating games (src/app/games/game-limits.ts): its bucket's new state. */
export async function setGameCreationTat(db: Db, userId: string, tat: Date): Promise<void> {
  await db.$executeRaw`UPDATE users SET game_creation_tat = ${tat} WHERE id = ${userId}::uuid`;
}

/**
 * What a token check needs, in one statement: the user's token generation (null: no such user,
 * or a deleted one)
 * and whether this token was signed out on its own.
 */
export async function tokenStatus(db: Db, id: string, tokenId: string): Promise<{ generation: number | null; revoked: boolean }> {
  const rows = await db.$queryRaw<{ generation: number | null; revoked: boolean }[]>`
    SELECT (SELECT token_generation FROM users WHERE id = ${id}::uuid AND deleted_at IS NULL) AS generation,
           EXISTS (SELECT 1 FROM revoked_tokens WHERE token_id = ${tokenId}) AS revoked`;
  return { generation: rows[0]?.generation ?? null, revoked: rows[0]?.revoked === true };
}

/**
 * Signs one token out until it expires. Tokens that have expired since they were signed out are
 * forgotten a few at a time (their expiry refuses them anyway), so the table holds only live ones.
 */
export async function revokeToken(db: Db, data: { tokenId: string; userId: string; expiresAt: Date; now: Date }): Promise<void> {
  await db.$executeRaw`
    INSERT INTO revoked_tokens (token_id, user_id, expires_at) VALUES (${data.tokenId}, ${data.userId}::uuid, ${data.expiresAt})
    ON CONFLICT (token_id) DO NOTHING`;
  await db.$executeRaw`DELETE FROM revoked_tokens WHERE token_id IN (SELECT token_id FROM revoked_tokens WHERE expires_at < ${data.now} LIMIT 100)`;
}

/**
 * Sets a new password hash, if given, and revokes every token issued so far; with
 * `whileGeneration`, only if that is still the user's token generation (of two racing uses of
 * one reset link, one wins). Null if no such user, or the generation has moved on.
 */
export async function renewCredentials(
  db: Db,
  id: string,
  data: { passwordHash?: string; whileGeneration?: number; now: Date },
): Promise<User | null> {
  try {
    return await db.user.update({
      where: { id, ...(data.whileGeneration !== undefined && { tokenGeneration: data.whileGeneration }) },
      data: { ...(data.passwordHash && { passwordHash: data.passwordHash }), tokenGeneration: { increment: 1 }, updatedAt: data.now },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2025') return null;
    throw err;
  }
}

export interface UserChanges {
  displayName?: string;
  email?: string;
  emailVerifiedAt?: Date | null;
  pendingEmail?: string | null;
  emailPreference?: EmailPreference;
  vacationStartedAt?: Date;
  vacationEndsAt?: Date;
  vacationYear?: number;
  vacationDaysUsed?: number;
  now: Date;
}

/** Null if there is no such user; EmailTaken if a new `email` is another account's. */
export async function updateUser(db: Db, id: string, data: UserChanges): Promise<User | null> {
  const { now, ...changes } = data;
  try {
    return await db.user.update({ where: { id }, data: { ...changes, updatedAt: now } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2025') return null;
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new EmailTaken();
    throw err;
  }
}

/** The address is confirmed (if it is still the user's and was not already): a password reset's link proved it. */
export async function confirmAddress(db: Db, id: string, email: string, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE users SET email_verified_at = ${now} WHERE id = ${id}::uuid AND email = ${email} AND email_verified_at IS NULL`;
}

/**
 * Moves the deadlines (and the reminders and overdue notices that go with them) of the user's
 * pending seats in active games by `ms` (negative: earlier), for the seats whose deadline is at
 * or after `from`. Locks all the user's active games first, in a fixed order, so that it never
 * interleaves with a change to one of them: a change takes its game's row lock before reading
 * the seats and the player's vacation, so it either commits before this (and its deadlines are
 * shifted here) or reads the vacation this transaction wrote.
 */
export async function shiftSeatDeadlines(tx: Prisma.TransactionClient, userId: string, from: Date, ms: number): Promise<number> {
  await tx.$queryRaw`
    SELECT g.id FROM games g
    WHERE g.status = 'active' AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = ${userId}::uuid)
    ORDER BY g.id FOR UPDATE OF g`;
  const shift = Prisma.sql`${ms} * interval '1 millisecond'`;
  return tx.$executeRaw`
    UPDATE game_players p SET deadline = p.deadline + ${shift}, remind_at = p.remind_at + ${shift}, overdue_notice_at = p.overdue_notice_at + ${shift}
    FROM games g
    WHERE g.id = p.game_id AND g.status = 'active' AND p.user_id = ${userId}::uuid AND p.deadline >= ${from}`;
}
