// Failed sign-ins per email address, in the database so that every instance sees the same
// count (the per-address limit of src/http/limits.ts is per process). Rows are kept for unknown
// addresses too: the limit must behave the same whether an account exists or not.
import { Prisma } from './generated/prisma/client.js';
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

/** Until when sign-in to this address is blocked, or null if it is not. */
export async function loginBlockedUntil(db: Db, email: string, now: Date): Promise<Date | null> {
  const rows = await db.$queryRaw<{ blocked_until: Date }[]>`
    SELECT blocked_until FROM login_throttle WHERE email = ${email} AND blocked_until > ${now}`;
  return rows[0]?.blocked_until ?? null;
}

/** Counts a failed sign-in; returns until when the address is now blocked (null: not yet). */
export async function recordLoginFailure(db: Db, email: string, now: Date, o: LoginBackoff): Promise<Date | null> {
  const resetBefore = new Date(now.getTime() - o.resetAfterMs);
  const [row] = await db.$queryRaw<{ failures: number }[]>`
    INSERT INTO login_throttle (email, failures, last_failure_at) VALUES (${email}, 1, ${now})
    ON CONFLICT (email) DO UPDATE SET
      failures = CASE WHEN login_throttle.last_failure_at < ${resetBefore} THEN 1 ELSE login_throttle.failures + 1 END,
      last_failure_at = ${now}
    RETURNING failures`;
  // Rows of addresses nobody tried for a day count for nothing: each failure clears a few (the
  // table never grows past a day's worth of guessed addresses, with no job to run).
  await db.$executeRaw`DELETE FROM login_throttle WHERE email IN (
    SELECT email FROM login_throttle WHERE last_failure_at < ${resetBefore} AND (blocked_until IS NULL OR blocked_until < ${now}) LIMIT 100)`;
  const past = row!.failures - o.freeAttempts;
  if (past <= 0) return null;
  const until = new Date(now.getTime() + Math.min(o.maxMs, o.baseMs * 2 ** Math.min(past - 1, 30)));
  await db.$executeRaw`UPDATE login_throttle SET blocked_until = ${until} WHERE email = ${email}`;
  return until;
}

/** A successful sign-in forgets the failures. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.$executeRaw(Prisma.sql`DELETE FROM login_throttle WHERE email = ${email}`);
}
