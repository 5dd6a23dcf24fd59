// What the database holds about one user, for its owner's export (src/app/my-data/export.ts), and
// the erasure of it when they delete their account (src/app/my-data/deletion.ts). Every table that
// refers to a user, by id or by address, is handled in USER_TABLES below, and only there: a new
// table that refers to users gets its line in that list.
import { randomBytes } from 'node:crypto';
import { Prisma } from './generated/prisma/client.js';
import type { Db } from './games.js';
import { bodiesOf, packBody } from './outbox-body.js';

/** What a deleted account is shown as, wherever its name was. */
export const DELETED_NAME = 'deleted player';

/** The games the user has a seat at (any status), oldest first. */
export async function gameIdsOfPlayer(db: Db, userId: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT g.id::text FROM games g WHERE EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = ${userId}::uuid)
    ORDER BY g.number`;
  return rows.map((r) => r.id);
}

/** The emails Alea wrote to the user (kept until pruned), without their bodies. */
export function emailsOfUser(db: Db, userId: string) {
  return db.outboxEmail.findMany({
    where: { userId },
    orderBy: { id: 'asc' },
    select: { kind: true, toAddress: true, subject: true, status: true, createdAt: true, sentAt: true, gameId: true },
  });
}

/** Games still in progress with a seat of a deleted account (its deletion resigns them: a crash may have left some). */
export async function activeSeatsOfDeletedUsers(db: Db, limit: number, userId?: string): Promise<{ gameId: string; userId: string }[]> {
  return db.$queryRaw<{ gameId: string; userId: string }[]>`
    SELECT p.game_id::text AS "gameId", p.user_id::text AS "userId"
      FROM game_players p JOIN users u ON u.id = p.user_id JOIN games g ON g.id = p.game_id
     WHERE u.deleted_at IS NOT NULL AND g.status = 'active' ${userId === undefined ? Prisma.empty : Prisma.sql`AND p.user_id = ${userId}::uuid`}
     ORDER BY g.number LIMIT ${limit}`;
}

/** The account as it was when its erasure began. */
interface Erased {
  id: string;
  email: string;
  pendingEmail: string | null;
  displayName: string;
}

/** What a table's line does; `openGames` gathers the ids of the open games deleted (their listeners are told). */
type Eraser = (tx: Prisma.TransactionClient, u: Erased, now: Date, done: { openGames: string[] }) => Promise<unknown>;

/**
 * Every table that refers to a user, and what deleting the account does to its rows. The users
 * row itself is anonymised rather than deleted: seats of finished games (game_players), the
 * games a user created (games.created_by) and the log's authors (game_actions.user_id) keep
 * pointing at it, so every finished game stays whole for its opponent, and shows "deleted
 * player". Rows that are only the user's own business are deleted.
 */
const USER_TABLES: [table: string, erase: Eraser | 'kept'][] = [
  // Emails kept for other players about the user's games (a message, a rematch offer, a move, any
  // status): those not sent yet are dropped, and the name becomes the deleted player's in every
  // one's subject and bodies, since the export shows their subjects to their recipients. First,
  // while a rematch the user offered is still a game with the user's seat (cancelled below).
  ['outbox', (tx, u, now) => forgetNameInOthersEmails(tx, u, now)],
  // Open games the user created and nobody joined, and those offered to the user alone (a
  // rematch: the offer is void): cancelled. A started game stays (the deletion resigns it after
  // this), and so does its creator.
  ['games', (tx, u, _now, done) => cancelOpenGames(tx, done, Prisma.sql`created_by = ${u.id}::uuid`)],
  ['games', (tx, u, _now, done) => cancelOpenGames(tx, done, Prisma.sql`invitee_id = ${u.id}::uuid`)],
  // Messages the user wrote: their text goes, the numbering of a game's messages stays (the
  // author, a kept row, shows as the deleted player). Their reading marks, notes and blocks go.
  ['game_messages', (tx, u) => tx.$executeRaw`UPDATE game_messages SET body = '(deleted with the account)' WHERE author_id = ${u.id}::uuid`],
  ['message_readers', (tx, u) => tx.$executeRaw`DELETE FROM message_readers WHERE user_id = ${u.id}::uuid`],
  ['game_notes', (tx, u) => tx.$executeRaw`DELETE FROM game_notes WHERE user_id = ${u.id}::uuid`],
  ['user_blocks', (tx, u) => tx.$executeRaw`DELETE FROM user_blocks WHERE blocker_id = ${u.id}::uuid OR blocked_id = ${u.id}::uuid`],
  // Seats and the log's authors: kept, pointing at the anonymised row, so the games stay whole.
  ['game_players', 'kept'],
  ['game_actions', 'kept'],
  // Stored answers to retries: the user's own go; other players' answers about a game of the
  // user's list them among its players, and are rewritten to the deleted player.
  ['idempotency_keys', (tx, u) => tx.$executeRaw`DELETE FROM idempotency_keys WHERE user_id = ${u.id}::uuid`],
  ['idempotency_keys', (tx, u) => renameInKeptAnswers(tx, u.id)],
  // Emails: every one to the user or their addresses, sent or not (their bodies hold the name,
  // the addresses and links). (Other players' emails that name the user: the first line. A game
  // in progress is resigned, and its end-of-game email, written after this, names nobody.)
  ['outbox', (tx, u) => tx.$executeRaw`DELETE FROM outbox WHERE user_id = ${u.id}::uuid OR to_address = ${u.email} OR to_address = ${u.pendingEmail ?? u.email}`],
  ['email_confirmations', (tx, u) => tx.$executeRaw`DELETE FROM email_confirmations WHERE user_id = ${u.id}::uuid`],
  // Confirmation links counted per address: kept. They name no account and hold the address only
  // as a keyed digest; a day later they are gone. Erasing them would let an account that mailed
  // a stranger delete itself and mail them again from the next.
  ['confirmation_sends', 'kept'],
  // Tokens signed out one by one: every token dies with the account (its generation is raised and the account reads as gone).
  ['revoked_tokens', (tx, u) => tx.$executeRaw`DELETE FROM revoked_tokens WHERE user_id = ${u.id}::uuid`],
  // Issue 42. Personal API tokens go (every token dies with the account anyway). Challenges made
  // or received go: an open one's game was cancelled above (created by the user, or offered to
  // them), and a past one is the two players' business, one of whom is gone. Webhooks go, and
  // their deliveries with them, sent or not (they hold what the user was told).
  ['api_tokens', (tx, u) => tx.$executeRaw`DELETE FROM api_tokens WHERE user_id = ${u.id}::uuid`],
  ['challenges', (tx, u) => tx.$executeRaw`DELETE FROM challenges WHERE challenger_id = ${u.id}::uuid OR challenged_id = ${u.id}::uuid`],
  ['webhook_deliveries', (tx, u) => tx.$executeRaw`DELETE FROM webhook_deliveries d USING webhooks w WHERE d.webhook_id = w.id AND w.user_id = ${u.id}::uuid`],
  ['webhooks', (tx, u) => tx.$executeRaw`DELETE FROM webhooks WHERE user_id = ${u.id}::uuid`],
  // Ratings: the deleted player leaves the leaderboard (the seats keep the rating before and
  // after each rated game, which their opponents' histories show).
  ['ratings', (tx, u) => tx.$executeRaw`DELETE FROM ratings WHERE user_id = ${u.id}::uuid`],
  ['game_presence', (tx, u) => tx.$executeRaw`DELETE FROM game_presence WHERE user_id = ${u.id}::uuid`],
  // Failed sign-ins are kept per address: the freed address starts afresh.
  ['login_throttle', (tx, u) => tx.$executeRaw`DELETE FROM login_throttle WHERE email = ${u.email} OR email = ${u.pendingEmail ?? u.email}`],
  // Last, the row: no name, an address that can receive nothing (the .invalid top-level domain,
  // RFC 2606, and a random part: the real one is free to register again at once), no password
  // that any can match, no confirmed address, no emails, no vacation; every token revoked.
  [
    'users',
    (tx, u, now) => tx.$executeRaw`
      UPDATE users SET deleted_at = ${now}, display_name = ${DELETED_NAME},
             email = ${`deleted-${randomBytes(16).toString('hex')}@deleted.invalid`}, pending_email = NULL, email_verified_at = NULL,
             password_hash = '!deleted', email_preference = 'none', vacation_started_at = NULL, vacation_ends_at = NULL,
             vacation_year = NULL, vacation_days_used = 0, game_creation_tat = NULL, export_tat = NULL,
             token_generation = token_generation + 1, updated_at = ${now}
       WHERE id = ${u.id}::uuid`,
  ],
];

/** The tables USER_TABLES handles (a test checks that every table referring to users is among them). */
export const USER_TABLE_NAMES: readonly string[] = [...new Set(USER_TABLES.map(([table]) => table))];

/**
 * Erases the account (locked by the caller, in its transaction) as USER_TABLES says. Returns the
 * open games deleted with it.
 */
export async function eraseAccount(tx: Prisma.TransactionClient, u: Erased, now: Date): Promise<{ openGames: string[] }> {
  const done = { openGames: [] as string[] };
  // The user's games first, in a fixed order, as a change locks a game before it touches the
  // user's row: renaming the user writes these games' rows (a trigger: their revision), and a
  // change to one of them holds it while it reads the user.
  await tx.$queryRaw`
    SELECT g.id FROM games g WHERE EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = ${u.id}::uuid)
    ORDER BY g.id FOR UPDATE OF g`;
  for (const [, erase] of USER_TABLES) if (erase !== 'kept') await erase(tx, u, now, done);
  return done;
}

/** Deletes the open games that `where` picks, locked in a fixed order; their ids go to `done`. */
async function cancelOpenGames(tx: Prisma.TransactionClient, done: { openGames: string[] }, where: Prisma.Sql): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    DELETE FROM games WHERE id IN (SELECT id FROM games WHERE ${where} AND status = 'open' ORDER BY id FOR UPDATE)
    RETURNING id::text`;
  done.openGames.push(...rows.map((r) => r.id));
}

/** Stored answers of other players listing the user among a game's players: their name becomes the deleted player's. */
async function renameInKeptAnswers(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  const rows = await tx.$queryRaw<{ user_id: string; key: string; body: string }[]>`
    SELECT user_id::text, key, response_body::text AS body FROM idempotency_keys
     WHERE user_id <> ${userId}::uuid AND response_body IS NOT NULL AND strpos(response_body::text, ${userId}) > 0`;
  for (const r of rows) {
    const body = JSON.parse(r.body) as { players?: { user?: { id?: string; name?: string; handle?: string } }[] };
    for (const p of body.players ?? []) {
      if (p.user?.id !== userId) continue;
      p.user.name = DELETED_NAME;
      // The handle was made from the name; the player page it led to is gone (404).
      if (p.user.handle !== undefined) p.user.handle = DELETED_NAME;
    }
    await tx.$executeRaw`UPDATE idempotency_keys SET response_body = ${JSON.stringify(body)}::json WHERE user_id = ${r.user_id}::uuid AND key = ${r.key}`;
  }
}

/**
 * Emails to other players about the user's games whose subject or bodies carry the name (or the
 * address): dropped if not sent yet, and in every one, whatever its status, the name replaced by
 * DELETED_NAME and the address by nothing (their recipients' exports list the subjects).
 */
async function forgetNameInOthersEmails(tx: Prisma.TransactionClient, u: Erased, now: Date): Promise<void> {
  const rows = await tx.outboxEmail.findMany({
    where: { userId: { not: u.id }, game: { players: { some: { userId: u.id } } } },
    select: { id: true, status: true, subject: true, textBody: true, htmlBody: true, bodyZ: true },
  });
  const name = [u.displayName, escapeHtml(u.displayName)];
  const forget = (s: string) => name.reduce((x, n) => x.split(n).join(DELETED_NAME), s.split(u.email).join(''));
  for (const r of rows) {
    const { text, html } = bodiesOf(r);
    if (![r.subject, text, html ?? ''].some((s) => s.includes(u.displayName) || s.includes(name[1]!) || s.includes(u.email))) continue;
    const bodies = r.bodyZ ? { bodyZ: Buffer.from(packBody(forget(text), html === null ? null : forget(html)), 'base64') } : { textBody: forget(text), htmlBody: html === null ? null : forget(html) };
    await tx.outboxEmail.update({
      where: { id: r.id },
      data: { subject: forget(r.subject), ...bodies, ...(r.status === 'pending' && { status: 'dropped', lastError: 'a player deleted their account', nextAttemptAt: now }) },
    });
  }
}

// As the emails' HTML escapes it (src/app/notify/email-templates.ts).
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
