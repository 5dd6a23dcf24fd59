// Idempotency keys: the first response to (user, key) is stored in the same transaction as the
// change it describes, and returned again for a retry.
import type { Prisma } from './prisma.js';
import type { Db } from './games.js';

export type Claim =
  | { claimed: true }
  | { claimed: false; requestHash: string; responseStatus: number | null; responseBody: Prisma.JsonValue | null };

/**
 * Claims (user, key) for this transaction. A key last used before `expiredBefore` is free again.
 * If another transaction holds the same key uncommitted, Postgres makes this wait for it: when it
 * commits, the key is taken (and its stored response is returned); when it rolls back, the key
 * is ours.
 */
export async function claimKey(
  tx: Prisma.TransactionClient,
  k: { userId: string; key: string; requestHash: string; now: Date; expiredBefore: Date },
): Promise<Claim> {
  const won = await tx.$queryRaw<{ key: string }[]>`
    INSERT INTO idempotency_keys (user_id, key, request_hash, created_at)
    VALUES (${k.userId}::uuid, ${k.key}, ${k.requestHash}, ${k.now})
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = EXCLUDED.created_at
      WHERE idempotency_keys.created_at < ${k.expiredBefore}
    RETURNING key`;
  if (won.length > 0) return { claimed: true };
  const row = await tx.idempotencyKey.findUnique({ where: { userId_key: { userId: k.userId, key: k.key } } });
  if (!row) return { claimed: true }; // deleted meanwhile: cannot happen inside the lock, but harmless
  return { claimed: false, requestHash: row.requestHash, responseStatus: row.responseStatus, responseBody: row.responseBody };
}

export async function saveResponse(
  tx: Prisma.TransactionClient,
  k: { userId: string; key: string; status: number; body: Prisma.InputJsonValue },
): Promise<void> {
  await tx.idempotencyKey.update({
    where: { userId_key: { userId: k.userId, key: k.key } },
    data: { responseStatus: k.status, responseBody: k.body },
  });
}

/**
 * Deletes keys last used before `before`, a batch at a time (each its own short statement, on the
 * created_at index); returns how many.
 */
export async function purgeKeys(db: Db, before: Date, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.$executeRaw`
      DELETE FROM idempotency_keys WHERE (user_id, key) IN (
        SELECT user_id, key FROM idempotency_keys WHERE created_at < ${before} LIMIT ${batch})`;
    total += n;
    if (n < batch) return total;
  }
}
