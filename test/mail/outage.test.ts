// Issue 9 §3 and §5: emails outlast an SMTP outage. A real SMTP server in process is refused
// (down), tarpits (accepts, never greets), or is down for two hours of injected clock; every
// email still arrives exactly once (lost: 0), and reminders are enqueued while sends hang.
import t, { type Test } from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { createLogger } from '../../src/logger.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { createMailWorker, messageIdFor, type MailWorkerOptions } from '../../src/mail/mail-worker.js';
import type { PrismaClient } from '../../src/store/prisma.js';
import { createWorker } from '../../src/worker.js';
import { act, apiServer, look, startGame } from '../helpers/api.js';
import { testDatabase } from '../helpers/db.js';
import { TEST_TIME } from '../helpers/server.js';
import { testSmtp, type TestSmtp } from '../helpers/smtp.js';

const T0 = '2026-03-01T10:00:00.000Z';
const MIN = 60_000;

async function enqueue(prisma: PrismaClient, n: number, kind = 'your-turn'): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 0; i < n; i++) {
    const row = await prisma.outboxEmail.create({
      data: { kind, dedupeKey: `outage:${i}:${Math.random()}`, toAddress: `p${i}@example.org`, subject: `Mail ${i}`, textBody: `Text ${i}`, nextAttemptAt: new Date(T0), createdAt: new Date(T0) },
    });
    ids.push(row.id);
  }
  return ids;
}

function worker(prisma: PrismaClient, smtp: TestSmtp, clock: ReturnType<typeof fixedClock>, options: MailWorkerOptions = {}, greetingMs?: number) {
  return createMailWorker({
    prisma,
    transport: smtpTransport(smtp.url, greetingMs ? { greetingMs } : {}),
    clock,
    logger: createLogger('silent'),
    mailFrom: 'Alea <alea@example.org>',
    messageIdHost: 'alea.test',
    options,
  });
}

async function drain(w: ReturnType<typeof worker>): Promise<void> {
  while ((await w.runOnce()) > 0);
}

function exactlyOnce(t: Test, smtp: TestSmtp, ids: bigint[]): void {
  t.equal(smtp.received.length, ids.length, `emails lost: ${ids.length - new Set(smtp.received.map((m) => m.messageId)).size}`);
  t.same(smtp.received.map((m) => m.messageId).sort(), ids.map((id) => messageIdFor(id, 'alea.test')).sort(), 'each delivered once');
}

t.test('SMTP refusing connections: the breaker pauses sending, nothing is lost, all go out once when it is back', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const ids = await enqueue(prisma, 12);
  await smtp.down();
  const clock = fixedClock(T0);
  const w = worker(prisma, smtp, clock, { breakerThreshold: 3, breakerOpenMs: 5 * MIN });
  for (let i = 0; i < 30; i++) {
    await drain(w);
    clock.advance(MIN);
  }
  const rows = await prisma.outboxEmail.findMany();
  t.ok(rows.every((r) => r.status === 'pending'), 'all still pending after 30 minutes of refusals');
  const attempts = rows.reduce((n, r) => n + r.attempts, 0);
  t.ok(attempts <= 3 + 4 + 30 / 5 + 2, `the breaker spares the server: ${attempts} attempts for 12 emails in 30 minutes`);
  await smtp.up();
  clock.advance(10 * MIN);
  await drain(w);
  exactlyOnce(t, smtp, ids);
  t.equal(await prisma.outboxEmail.count({ where: { status: 'sent' } }), 12);
});

t.test('SMTP down for two hours of injected clock, then back: emails lost 0, each delivered once', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const ids = [...(await enqueue(prisma, 15)), ...(await enqueue(prisma, 5, 'game-over'))];
  await smtp.down();
  const clock = fixedClock(T0);
  const w = worker(prisma, smtp, clock);
  for (let minute = 0; minute < 120; minute++) {
    await drain(w);
    clock.advance(MIN);
  }
  t.equal(await prisma.outboxEmail.count({ where: { status: 'pending' } }), 20, 'nothing given up after two hours');
  await smtp.up();
  // The capped backoff: every email is tried again within maxDelayMs (10 minutes) of SMTP's return.
  for (let minute = 0; minute <= 10 && smtp.received.length < ids.length; minute++) {
    await drain(w);
    clock.advance(MIN);
  }
  exactlyOnce(t, smtp, ids);
  t.same(await prisma.outboxEmail.groupBy({ by: ['status'], _count: true }), [{ status: 'sent', _count: 20 }]);
});

t.test('a tarpit (accepts, never greets) does not block: the others are sent in parallel, the tarpitted retried', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const ids = await enqueue(prisma, 8);
  smtp.tarpit(2);
  const clock = fixedClock(T0);
  // A greeting timeout far longer than the test's patience: the two tarpitted sends hang throughout.
  const w = worker(prisma, smtp, clock, {}, 120_000);
  const round = drain(w);
  await smtp.waitFor(6, 20_000);
  t.pass('the six others went out while two conversations hung');
  // The tarpit lets go (the server closes): the two fail and are rescheduled.
  await smtp.down();
  await round;
  t.equal(await prisma.outboxEmail.count({ where: { status: 'pending' } }), 2, 'the two tarpitted wait for a retry');
  await smtp.up();
  clock.advance(MIN);
  await drain(w);
  exactlyOnce(t, smtp, ids);
});

t.test('the SMTP greeting timeout defaults to a few seconds, not nodemailer\'s 30', async (t) => {
  const { prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  await enqueue(prisma, 1);
  smtp.tarpit(1);
  const w = worker(prisma, smtp, fixedClock(T0));
  const started = Date.now();
  await w.runOnce();
  const row = await prisma.outboxEmail.findFirstOrThrow();
  t.match(row.lastError, /Greeting/i);
  t.ok(Date.now() - started < 20_000, `gave up on the greeting after ${Date.now() - started} ms`);
});

t.test('a tarpitting server does not hold up reminders: the time-control loop runs while sends hang', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const smtp = await testSmtp(t);
  smtp.tarpit(Infinity);
  // Greeting timeout as long as nodemailer's old default: sends hang for the whole test.
  const transport = smtpTransport(smtp.url, { greetingMs: 120_000, connectionMs: 120_000 });
  const w = createWorker({ prisma: s.db.prisma, clock, config: s.app.config, transport, logger: createLogger('silent'), options: { pollMs: 20 } });
  t.teardown(async () => {
    await smtp.down();
    await w.stop();
    transport.close();
  });
  const g = await startGame(s);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  // Game news to send: the sends that will hang.
  await s.db.prisma.outboxEmail.createMany({
    data: [1, 2, 3].map((i) => ({ kind: 'game-over', toAddress: `x${i}@example.org`, subject: 'News', textBody: 'News', nextAttemptAt: clock.now(), createdAt: clock.now() })),
  });
  w.start();
  const hanging = Date.now();
  while (smtp.connections() === 0) {
    if (Date.now() - hanging > 30_000) throw new Error('the worker never connected');
    await new Promise((r) => setTimeout(r, 20));
  }
  // Pompey's reminder falls due while the sends hang.
  clock.set(new Date(Date.parse(TEST_TIME) + 2.4 * 24 * 3600_000));
  const start = Date.now();
  for (;;) {
    const reminder = await s.db.prisma.outboxEmail.findFirst({ where: { kind: 'reminder' } });
    if (reminder) break;
    if (Date.now() - start > 30_000) throw new Error('no reminder enqueued while sends hang');
    await new Promise((r) => setTimeout(r, 20));
  }
  t.pass('the reminder was enqueued while the SMTP conversations hung');
  t.equal(smtp.received.length, 0);
});
