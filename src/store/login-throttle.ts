// Failed sign-ins, in the database so that every instance sees the same counts (the per-address
// limit of src/http/limits.ts is per process). Two kinds of rows per (normalised) email address,
// known to an account or not alike, so the limits tell nothing about which accounts exist:
//  - one per client source (a keyed digest of the address or its /64, src/app/accounts/sign-in-throttle.ts):
//    its failures and wait, and when a sign-in from that source last succeeded;
//  - one for the account as a whole (source ACCOUNT): every failure from anywhere, for a much
//    higher ceiling.
import type { Db } from './games.js';

export interface LoginBackoff {
  /** Failures allowed before any wait. */
  freeAttempts: number;
  /** The wait after the first failure past them; it doubles with each further one... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
  /** A failure this long after the previous one starts the count again. */
  resetAfterMs: number;
}

/** The source of the per-account row (a source digest never takes this form). */
export const ACCOUNT = '*';

export interface LoginThrottle {
  /** Until when this source may not try this address (null: it may). */
  sourceBlockedUntil: Date | null;
  /** Until when the account's ceiling stops sources it does not trust (null: it does not). */
  accountBlockedUntil: Date | null;
  /** When a sign-in from this source last succeeded (null: never, or forgotten). */
  signedInAt: Date | null;
}

/** The state of sign-ins to this address from this source. */
export async function loginThrottle(db: Db, email: string, source: string, now: Date): Promise<LoginThrottle> {
  const rows = await db.$queryRaw<{ source: string; blocked_until: Date | null; signed_in_at: Date | null }[]>`
    SELECT source, blocked_until, signed_in_at FROM login_throttle WHERE email = ${email} AND source IN (${source}, ${ACCOUNT})`;
  const mine = rows.find((r) => r.source === source);
  const account = rows.find((r) => r.source === ACCOUNT);
  const blocked = (d: Date | null | undefined) => (d && d.getTime() > now.getTime() ? d : null);
  return { sourceBlockedUntil: blocked(mine?.blocked_until), accountBlockedUntil: blocked(account?.blocked_until), signedInAt: mine?.signed_in_at ?? null };
}

/** Counts one failure on the row of (email, source); returns until when it is now blocked (null: not yet). */
async function countFailure(db: Db, email: string, source: string, now: Date, o: LoginBackoff): Promise<Date | null> {
  const resetBefore = new Date(now.getTime() - o.resetAfterMs);
  const [row] = await db.$queryRaw<{ failures: number }[]>`
    INSERT INTO login_throttle (email, source, failures, last_failure_at) VALUES (${email}, ${source}, 1, ${now})
    ON CONFLICT (email, source) DO UPDATE SET
      failures = CASE WHEN login_throttle.last_failure_at IS NULL OR login_throttle.last_failure_at < ${resetBefore} THEN 1 ELSE login_throttle.failures + 1 END,
      last_failure_at = ${now}
    RETURNING failures`;
  const past = row!.failures - o.freeAttempts;
  if (past <= 0) return null;
  const until = new Date(now.getTime() + Math.min(o.maxMs, o.baseMs * 2 ** Math.min(past - 1, 30)));
  await db.$executeRaw`UPDATE login_throttle SET blocked_until = ${until} WHERE email = ${email} AND source = ${source}`;
  return until;
}

/**
 * Counts a failed sign-in against its source and against the account. Rows that count for
 * nothing any more (no recent failure, no wait, no recent sign-in) are cleared a few at a time,
 * so the table never grows past a day's worth of guessed addresses, with no job to run.
 */
export async function recordLoginFailure(db: Db, email: string, source: string, now: Date, o: { perSource: LoginBackoff; perAccount: LoginBackoff; trustMs: number }): Promise<void> {
  await countFailure(db, email, source, now, o.perSource);
  await countFailure(db, email, ACCOUNT, now, o.perAccount);
  const resetBefore = new Date(now.getTime() - Math.max(o.perSource.resetAfterMs, o.perAccount.resetAfterMs));
  const trustedSince = new Date(now.getTime() - o.trustMs);
  await db.$executeRaw`DELETE FROM login_throttle WHERE (email, source) IN (
    SELECT email, source FROM login_throttle
    WHERE (last_failure_at IS NULL OR last_failure_at < ${resetBefore}) AND (blocked_until IS NULL OR blocked_until < ${now})
      AND (signed_in_at IS NULL OR signed_in_at < ${trustedSince})
    LIMIT 100)`;
}

/** A successful sign-in: this source's failures are forgotten, and the source is remembered as the owner's. */
export async function recordLoginSuccess(db: Db, email: string, source: string, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO login_throttle (email, source, failures, signed_in_at) VALUES (${email}, ${source}, 0, ${now})
    ON CONFLICT (email, source) DO UPDATE SET failures = 0, blocked_until = NULL, signed_in_at = ${now}`;
}

/** Every failure counted against this address, from anywhere, forgotten (a password reset proved the owner). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.$executeRaw`UPDATE login_throttle SET failures = 0, blocked_until = NULL WHERE email = ${email}`;
}
