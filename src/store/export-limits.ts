// How often an account may download its data (src/app/my-data/export-limits.ts): the generic cell
// rate algorithm's "theoretical arrival time" in users.export_tat, spent in one statement, so two
// instances never both let the same account past its limit.
import type { Db } from './games.js';

/**
 * Spends one export of the account if its bucket allows (`burst` in a row, then one every
 * `intervalMs`): null if it did; else how many ms until it may (0: no such live account).
 */
export async function spendExport(db: Db, userId: string, now: Date, burst: number, intervalMs: number): Promise<number | null> {
  const spent = await db.$queryRaw<{ tat: Date }[]>`
    UPDATE users SET export_tat = GREATEST(COALESCE(export_tat, ${now}), ${now}) + make_interval(secs => ${intervalMs / 1000})
     WHERE id = ${userId}::uuid AND deleted_at IS NULL
       AND GREATEST(COALESCE(export_tat, ${now}), ${now}) <= ${now}::timestamptz + make_interval(secs => ${((burst - 1) * intervalMs) / 1000})
    RETURNING export_tat AS tat`;
  if (spent.length) return null;
  const [row] = await db.$queryRaw<{ tat: Date | null }[]>`SELECT export_tat AS tat FROM users WHERE id = ${userId}::uuid AND deleted_at IS NULL`;
  if (!row) return 0;
  return Math.max(1, (row.tat?.getTime() ?? 0) - now.getTime() - (burst - 1) * intervalMs);
}
