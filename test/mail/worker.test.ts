// The outbox worker against a real Postgres and a real SMTP server: delivery, retries with
// backoff, giving up, several workers sharing one outbox, and crashes at the worst moments.

import { spawn } from 'node:child_process';
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { createLogger } from '../../src/logger.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { createMailWorker, messageIdFor, type MailWorkerOptions } from '../../src/mail/mail-worker.js';
import type { PrismaClient } from '../../src/store/prisma.js';
import { testDatabase } from '../helpers/db.js';
import { testSmtp, type TestSmtp } from '../helpers/smtp.js';

const T0 = '2026-03-01T10:00:00.000Z';

async function enqueue(prisma: PrismaClient, n: number, at = T0): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const row = await prisma.outboxEmail.create({
      data: {
        kind: 'your-turn',
        dedupeKey: `test:${at}:${i}:${Math.random()}`,
        toAddress: `player${i}@example.org`,
        subject: `Your move ${i}`,
        textBody: `Text ${i}`,
        htmlBody: `<p>Html ${i}</p>`,
        nextAttemptAt: new Date(at),
        createdAt: new Date(at),
      },
    });
    ids.push(row.id);
  }
  return ids;
}

function worker(prisma: PrismaClient, smtp: TestSmtp, clock = fixedClock(T0), options: MailWorkerOptions = {}) {
  return createMailWorker({
    prisma,
    transport: smtpTransport(smtp.url),
    clock,
    logger: createLogger('silent'),
    mailFrom: 'Alea <alea@example.org>',
    messageIdHost: 'alea.test',
    headersFor: () => ({ 'X-Alea-Test': 'yes' }),
    options,
  });
}

t.test('due rows are sent once, with a stable Message-ID, and marked sent', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const ids = await enqueue(prisma, 3);
  const w = worker(prisma, smtp);
  t.equal(await w.runOnce(), 3);
  t.equal(await w.runOnce(), 0, 'nothing left to send');
  t.equal(smtp.received.length, 3);
  t.same(smtp.received.map((m) => m.messageId).sort(), ids.map((id) => messageIdFor(id, 'alea.test')).sort());
  const m = smtp.received.find((x) => x.subject === 'Your move 1')!;
  t.same(m.to, ['player1@example.org']);
  t.equal(m.text.trim(), 'Text 1');
  t.match(m.html, /<p>Html 1<\/p>/);
  t.equal(m.headers.get('x-alea-test'), 'yes');
  const rows = await prisma.outboxEmail.findMany();
  t.ok(rows.every((r) => r.status === 'sent' && r.sentAt !== null && r.attempts === 1));
});

t.test('rows not yet due wait', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  await enqueue(prisma, 1, '2026-03-01T11:00:00.000Z');
  const clock = fixedClock(T0);
  const w = worker(prisma, smtp, clock);
  t.equal(await w.runOnce(), 0);
  clock.set('2026-03-01T11:00:00.000Z');
  t.equal(await w.runOnce(), 1);
});

t.test('a failure retries with exponential backoff and keeps the last error', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const [id] = await enqueue(prisma, 1);
  const clock = fixedClock(T0);
  const w = worker(prisma, smtp, clock, { baseDelayMs: 60_000 });
  smtp.failNext(2);
  await w.runOnce();
  let row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: id! } });
  t.equal(row.status, 'pending');
  t.equal(row.attempts, 1);
  t.match(row.lastError, /Try again later/);
  t.equal(row.nextAttemptAt.toISOString(), '2026-03-01T10:01:00.000Z', 'first retry after 1 minute');
  t.equal(await w.runOnce(), 0, 'not before its time');
  clock.set('2026-03-01T10:01:00.000Z');
  await w.runOnce();
  row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: id! } });
  t.equal(row.nextAttemptAt.toISOString(), '2026-03-01T10:03:00.000Z', 'then after 2 more minutes');
  clock.set('2026-03-01T10:03:00.000Z');
  await w.runOnce();
  row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: id! } });
  t.equal(row.status, 'sent');
  t.equal(row.lastError, null);
  t.equal(smtp.received.length, 1);
});

t.test('issue 9 §3: no give-up after n attempts: a failing email retries (backoff capped) until its 48 h are over, then is expired, not failed', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const [id] = await enqueue(prisma, 1);
  const clock = fixedClock(T0);
  const w = worker(prisma, smtp, clock, { baseDelayMs: 1000, maxDelayMs: 3600_000 });
  smtp.failNext(1_000_000);
  let row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: id! } });
  while (clock.now().getTime() < Date.parse(T0) + 47 * 3600_000) {
    await w.runOnce();
    clock.advance(30 * 60_000);
  }
  row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: id! } });
  t.equal(row.status, 'pending', 'still trying after 47 h');
  t.ok(row.attempts > 8, `more than 8 attempts (${row.attempts})`);
  t.ok(row.nextAttemptAt.getTime() - clock.now().getTime() <= 3600_000, 'the delay is capped');
  clock.set(Date.parse(T0) + 48 * 3600_000);
  await w.runOnce();
  row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: id! } });
  t.equal(row.status, 'expired');
  t.match(row.lastError, /Try again later/, 'the last error is kept for the operator');
  t.equal(smtp.received.length, 0);
});

t.test('several workers share one outbox: every email goes out exactly once', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  await enqueue(prisma, 60);
  const workers = [0, 1, 2, 3].map(() => worker(prisma, smtp, fixedClock(T0), { batchSize: 5 }));
  const drain = async (w: ReturnType<typeof worker>) => {
    while ((await w.runOnce()) > 0);
  };
  await Promise.all(workers.map(drain));
  t.equal(smtp.received.length, 60);
  t.equal(new Set(smtp.received.map((m) => m.messageId)).size, 60, 'no email twice');
  t.equal(await prisma.outboxEmail.count({ where: { status: 'sent' } }), 60);
});

async function crashWorker(url: string, smtp: TestSmtp, at: 'claim' | 'send'): Promise<NodeJS.Signals | number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/mail/fixtures/crash-worker.ts'], {
    env: { ...process.env, DATABASE_URL: url, SMTP_URL: smtp.url, CRASH_AT: at },
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
}

for (const at of ['claim', 'send'] as const) {
  t.test(`a worker killed after its ${at === 'claim' ? 'claim commits, before sending' : 'send, before marking the row'} loses nothing and sends no duplicate id`, async (t) => {
    const { prisma, url } = await testDatabase(t);
    const smtp = await testSmtp(t);
    // Rows due now (the child uses the real clock).
    const now = new Date().toISOString();
    const ids = await enqueue(prisma, 3, now);
    t.equal(await crashWorker(url, smtp, at), 'SIGKILL', 'the worker died');
    t.equal(smtp.received.length, at === 'claim' ? 0 : 1, at === 'claim' ? 'nothing was sent' : 'one email left before the crash');
    const claimed = await prisma.outboxEmail.findMany({ orderBy: { id: 'asc' } });
    t.ok(claimed.every((r) => r.status === 'pending' && r.attempts === 1), 'the claimed rows are still pending');

    // A new worker, once the dead worker's lease has run out.
    const later = fixedClock(new Date(Date.now() + 10 * 60_000));
    const w = worker(prisma, smtp, later);
    while ((await w.runOnce()) > 0);
    const rows = await prisma.outboxEmail.findMany();
    t.ok(rows.every((r) => r.status === 'sent'), 'every row is sent');
    const byId = new Map<string, number>();
    for (const m of smtp.received) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
    t.same([...byId.keys()].sort(), ids.map((id) => messageIdFor(id, 'alea.test')).sort(), 'exactly one Message-ID per notification');
    if (at === 'send') {
      // The SMTP server had accepted one message when the worker died; the retry carries the
      // same Message-ID, so the recipient's mail system shows it once.
      t.equal(smtp.received.length, 4);
      t.ok([...byId.values()].some((n) => n === 2), 'the resent email reused its Message-ID');
    } else {
      t.equal(smtp.received.length, 3);
    }
  });
}
