// What an operator sees of the outbox and may do to it (`npm run outbox`): list the emails that
// were not delivered (failed by an older version, or expired), counts by status, and re-queue
// them. A re-queued row starts afresh (attempts 0, due now) with a new usefulness window from
// now; a "your move" whose move has since been made is still dropped by the worker, unsent.
import type { PrismaClient } from '../store/prisma.js';
import { usefulForMs } from './mail-worker.js';

export interface UndeliveredEmail {
  id: bigint;
  kind: string;
  status: string;
  toAddress: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

export const UNDELIVERED = ['failed', 'expired'] as const;

export async function outboxCounts(prisma: PrismaClient): Promise<Record<string, number>> {
  const groups = await prisma.outboxEmail.groupBy({ by: ['status'], _count: true });
  return Object.fromEntries(groups.map((g) => [g.status, g._count]));
}

export async function undelivered(prisma: PrismaClient, limit = 200): Promise<UndeliveredEmail[]> {
  return prisma.outboxEmail.findMany({
    where: { status: { in: [...UNDELIVERED] } },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, kind: true, status: true, toAddress: true, subject: true, attempts: true, lastError: true, createdAt: true },
  });
}

/** Re-queues one failed/expired/dropped row by id, or every failed or expired one. Returns how many. */
export async function requeue(prisma: PrismaClient, now: Date, target: bigint | 'all-expired' | 'all-failed'): Promise<number> {
  const rows = await prisma.outboxEmail.findMany({
    where:
      typeof target === 'bigint'
        ? { id: target, status: { in: ['failed', 'expired', 'dropped'] } }
        : { status: target === 'all-expired' ? 'expired' : 'failed' },
    select: { id: true, kind: true },
  });
  for (const r of rows) {
    await prisma.outboxEmail.updateMany({
      where: { id: r.id, status: { in: ['failed', 'expired', 'dropped'] } },
      data: { status: 'pending', attempts: 0, nextAttemptAt: now, expiresAt: new Date(now.getTime() + usefulForMs(r.kind)) },
    });
  }
  return rows.length;
}
