// `npm run outbox`: the emails that were not delivered, for an operator.
//   npm run outbox                          counts by status, and the failed/expired emails (newest first)
//   npm run outbox -- --requeue <id>        send that one again (a failed, expired or dropped row)
//   npm run outbox -- --requeue all-expired every expired email (likewise all-failed)
// Same database choice as the other tools (DATABASE_URL, else the embedded development one).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { outboxCounts, requeue, undelivered } from '../mail/outbox-admin.js';
import { closePrismaClient, createPrismaClient } from '../store/prisma.js';
import { toolDatabase } from './database.js';

if (existsSync('.env')) process.loadEnvFile('.env');

const USAGE = 'usage: npm run outbox [-- --requeue <id|all-expired|all-failed>] [-- --limit n]';
let args: { requeue?: string | undefined; limit?: string | undefined };
try {
  args = parseArgs({ options: { requeue: { type: 'string' }, limit: { type: 'string' } } }).values;
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
let target: bigint | 'all-expired' | 'all-failed' | undefined;
if (args.requeue !== undefined) {
  if (args.requeue === 'all-expired' || args.requeue === 'all-failed') target = args.requeue;
  else if (/^[0-9]{1,18}$/.test(args.requeue)) target = BigInt(args.requeue);
  else {
    process.stderr.write(`--requeue takes an outbox id, all-expired or all-failed\n${USAGE}\n`);
    process.exit(2);
  }
}
const limit = args.limit && /^[0-9]{1,5}$/.test(args.limit) ? Number(args.limit) : 200;

const db = await toolDatabase();
const prisma = createPrismaClient(db.url, { poolSize: 1 });
try {
  if (target !== undefined) {
    const n = await requeue(prisma, new Date(), target);
    process.stdout.write(`re-queued ${n} email${n === 1 ? '' : 's'}\n`);
    if (n === 0) process.exitCode = 1;
  } else {
    const counts = await outboxCounts(prisma);
    process.stdout.write(`outbox: ${Object.entries(counts).map(([s, n]) => `${s} ${n}`).join(', ') || 'empty'}\n`);
    const rows = await undelivered(prisma, limit);
    if (rows.length === 0) process.stdout.write('no failed or expired emails\n');
    for (const r of rows) {
      process.stdout.write(
        `${r.id}\t${r.status}\t${r.kind}\t${r.createdAt.toISOString()}\t${r.attempts} attempts\t${r.toAddress}\t${r.subject}\n` +
          (r.lastError ? `\tlast error: ${r.lastError.replace(/\s+/g, ' ').slice(0, 300)}\n` : ''),
      );
    }
  }
} finally {
  await closePrismaClient(prisma);
  await db.release();
}
