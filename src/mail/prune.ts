// What the outbox need not keep: an email that is done (sent, expired, dropped, or failed in
// older versions) is deleted once it is older than the retention period. Sent emails were kept
// for ever and took about as much room as a finished game's whole log (issue 30). Pending rows are
// never touched. Deleted in batches walked in id order (the primary key: no index of its own
// is needed, which would cost every email WAL), each batch its own short statement, so neither
// the worker nor a move waits on a long delete.
import type { PrismaClient } from '../store/prisma.js';

/** How long a done email is kept: long enough for `npm run outbox` and for a player's "did Alea email me?". */
export const OUTBOX_RETENTION_MS = 30 * 24 * 3600_000;

const BATCH = 1000;

interface BatchResult {
  last: bigint | null;
  deleted: number;
  /** The batch reached rows younger than the cutoff (ids grow with creation time). */
  reached: boolean;
}

/** Deletes done emails created before `now - retentionMs`; returns how many. */
export async function pruneOutbox(prisma: PrismaClient, now: Date, retentionMs: number = OUTBOX_RETENTION_MS, batch: number = BATCH): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let after = 0n;
  let total = 0;
  for (;;) {
    const [r] = await prisma.$queryRaw<BatchResult[]>`
      WITH batch AS (SELECT id, status, created_at FROM outbox WHERE id > ${after} ORDER BY id LIMIT ${batch}),
      gone AS (
        DELETE FROM outbox o USING batch b
        WHERE o.id = b.id AND b.status <> 'pending' AND b.created_at < ${cutoff}
        RETURNING o.id)
      SELECT (SELECT max(id) FROM batch) AS last, (SELECT count(*)::int FROM gone) AS deleted,
             COALESCE((SELECT bool_or(created_at >= ${cutoff}) FROM batch), true) AS reached`;
    total += r!.deleted;
    if (r!.reached || r!.last === null) return total;
    after = r!.last;
  }
}
