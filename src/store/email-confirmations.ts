// Confirmation links of email addresses (src/app/accounts/email-confirmation.ts), in Postgres: a digest
// of each link's token, the address it confirms, when it was sent, until when it works and
// whether it was used. The rows also count the links an account was sent, for the rate limit.
import type { Db } from './games.js';

export interface ConfirmationLink {
  id: bigint;
  userId: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The links sent to this account since `since`: how many, the first, and the last to `email`. */
export async function linksSentSince(db: Db, userId: string, since: Date, email: string): Promise<{ count: number; first: Date | null; lastTo: Date | null }> {
  const [row] = await db.$queryRaw<{ count: bigint; first: Date | null; last_to: Date | null }[]>`
    SELECT count(*) AS count, min(created_at) AS first, max(created_at) FILTER (WHERE email = ${email}) AS last_to
      FROM email_confirmations WHERE user_id = ${userId}::uuid AND created_at > ${since}`;
  return { count: Number(row?.count ?? 0), first: row?.first ?? null, lastTo: row?.last_to ?? null };
}

/**
 * Records a link sent. Rows that count for nothing any more (expired, and older than the rate
 * limit's window) are cleared a few at a time, so the table stays small with no job to run.
 */
export async function insertLink(db: Db, data: { userId: string; email: string; tokenHash: string; now: Date; expiresAt: Date; forgetBefore: Date }): Promise<void> {
  await db.$executeRaw`
    INSERT INTO email_confirmations (user_id, email, token_hash, created_at, expires_at)
    VALUES (${data.userId}::uuid, ${data.email}, ${data.tokenHash}, ${data.now}, ${data.expiresAt})`;
  await db.$executeRaw`DELETE FROM email_confirmations WHERE id IN (
    SELECT id FROM email_confirmations WHERE expires_at < ${data.now} AND created_at < ${data.forgetBefore} LIMIT 100)`;
}

/** The link with this token digest, locked until the transaction ends (of two uses, one waits). */
export async function lockLink(db: Db, tokenHash: string): Promise<ConfirmationLink | null> {
  const rows = await db.$queryRaw<{ id: bigint; user_id: string; email: string; created_at: Date; expires_at: Date; used_at: Date | null }[]>`
    SELECT id, user_id::text, email, created_at, expires_at, used_at FROM email_confirmations WHERE token_hash = ${tokenHash} FOR UPDATE`;
  const r = rows[0];
  return r ? { id: r.id, userId: r.user_id, email: r.email, createdAt: r.created_at, expiresAt: r.expires_at, usedAt: r.used_at } : null;
}

/** Every link of this account to this address is spent (one used, the others end with it). */
export async function spendLinks(db: Db, userId: string, email: string, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE email_confirmations SET used_at = ${now} WHERE user_id = ${userId}::uuid AND email = ${email} AND used_at IS NULL`;
}

/**
 * Holds, until the transaction ends, the right to send a link to the address with this key: of
 * two accounts asking for one address at once, the second waits and then sees the first's link.
 */
export async function lockRecipient(db: Db, recipientKey: string): Promise<void> {
  await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`confirm:${recipientKey}`}, 0))`;
}

/**
 * What the address with this key was sent, from any account: the links since `since` (how many,
 * and the first), and the latest expiry of a link of another account than `userId` to `email`
 * that still works (null: none waits).
 */
export async function linksToAddress(db: Db, o: { recipientKey: string; email: string; userId: string; since: Date; now: Date }): Promise<{ count: number; first: Date | null; othersWaitUntil: Date | null }> {
  const [row] = await db.$queryRaw<{ count: bigint; first: Date | null; waits: Date | null }[]>`
    SELECT (SELECT count(*) FROM confirmation_sends WHERE recipient_key = ${o.recipientKey} AND sent_at > ${o.since}) AS count,
           (SELECT min(sent_at) FROM confirmation_sends WHERE recipient_key = ${o.recipientKey} AND sent_at > ${o.since}) AS first,
           (SELECT max(expires_at) FROM email_confirmations
             WHERE email = ${o.email} AND expires_at > ${o.now} AND used_at IS NULL AND user_id <> ${o.userId}::uuid) AS waits`;
  return { count: Number(row?.count ?? 0), first: row?.first ?? null, othersWaitUntil: row?.waits ?? null };
}

/** Counts a link sent to the address with this key; rows older than `forgetBefore` go, a few at a time. */
export async function countSend(db: Db, recipientKey: string, now: Date, forgetBefore: Date): Promise<void> {
  await db.$executeRaw`INSERT INTO confirmation_sends (recipient_key, sent_at) VALUES (${recipientKey}, ${now})`;
  await db.$executeRaw`DELETE FROM confirmation_sends WHERE id IN (SELECT id FROM confirmation_sends WHERE sent_at < ${forgetBefore} LIMIT 100)`;
}
