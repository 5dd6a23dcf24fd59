// Issue 30: storage that does not grow for nothing. The worker deletes done emails (sent,
// expired, dropped, failed) once older than the retention period (30 days), never a pending one,
// in batches; and idempotency keys past their 24 hours. A game's log, snapshot and seats are
// kept: the game still reads, replays and plays after the prune.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { verifyGames } from '../../src/app/games/verify.js';
import { OUTBOX_RETENTION_MS, pruneOutbox } from '../../src/mail/prune.js';
import { apiServer, commandCard, discardBoth, look, startGame } from '../helpers/api.js';
import { mailHarness } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';

const DAY = 86_400_000;

t.test('done emails are deleted after 30 days, pending ones never; keys after 24 hours; the games are untouched', async (t) => {
  t.equal(OUTBOX_RETENTION_MS, 30 * DAY, 'the retention docs/data.md states');
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  t.ok((await mail.deliver()).length >= 1, 'emails sent');
  await discardBoth(g);
  const keyed = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'play', card: commandCard(await look(g.caesar, g.id)) }, version: (await look(g.caesar, g.id)).version }, { headers: { 'idempotency-key': 'k-1' } });
  t.equal(keyed.status, 200);
  await mail.deliver();
  const prisma = s.db.prisma;
  const old = { toAddress: 'x@example.org', subject: 's', textBody: 'b', createdAt: clock.now() };
  const expired = await prisma.outboxEmail.create({ data: { ...old, kind: 'reveal', status: 'expired' } });
  const dropped = await prisma.outboxEmail.create({ data: { ...old, kind: 'your-turn', status: 'dropped' } });
  // Re-queued by an operator with a long window: still pending, so kept however old.
  const requeued = await prisma.outboxEmail.create({ data: { ...old, kind: 'reveal', status: 'pending', nextAttemptAt: new Date(clock.now().getTime() + 40 * DAY), expiresAt: new Date(clock.now().getTime() + 60 * DAY) } });
  const doneAtStart = await prisma.outboxEmail.count({ where: { status: { not: 'pending' } } });

  clock.advance(1.1 * DAY);
  const recent = await prisma.outboxEmail.create({ data: { ...old, createdAt: clock.now(), kind: 'reveal', status: 'sent', sentAt: clock.now() } });
  t.same(await mail.worker.prune(), { emails: 0, keys: 1 }, 'a day and more later: the key is spent, every email kept');
  t.equal(await prisma.idempotencyKey.count(), 0);

  clock.advance(29.5 * DAY); // 30.6 days after the first emails, 29.5 after `recent`
  const pruned = await mail.worker.prune();
  t.equal(pruned.emails, doneAtStart, 'the sent, expired and dropped emails older than 30 days are deleted');
  const left = await prisma.outboxEmail.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
  t.same(left.map((r) => r.id), [requeued.id, recent.id], 'the pending one and the younger one are kept');
  t.notOk(left.some((r) => r.id === expired.id || r.id === dropped.id));

  // (Its tokens have run out meanwhile: 30 days.)
  const signIn = await s.anon.post('/v1/auth/login', { email: g.pompey.email, password: 'correct horse battery' });
  const pompey = { ...g.pompey, client: s.anon.withToken(signIn.body.token) };
  const game = await look(pompey, g.id);
  t.equal(game.version, 4, 'the game reads as it stood');
  t.same((await verifyGames(prisma)).mismatches, [], 'and replays');
  const moved = await pompey.client.post(`/v1/games/${g.id}/actions`, { action: { type: 'play', card: commandCard(game) }, version: game.version });
  t.equal(moved.status, 200, 'and plays on');
});

t.test('the outbox is pruned in batches, in id order, past pending rows', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const prisma = s.db.prisma;
  const at = (days: number) => new Date(clock.now().getTime() + days * DAY);
  const row = (status: 'sent' | 'pending', days: number) => ({ toAddress: 'x@example.org', subject: 's', textBody: 'b', kind: 'reveal', status, createdAt: at(days) });
  // Ids in creation order: 7 old done rows with an old pending one among them, then young ones.
  for (const [status, days] of [['sent', 0], ['sent', 0], ['pending', 0], ['sent', 1], ['sent', 1], ['sent', 2], ['sent', 2], ['sent', 2], ['sent', 40], ['sent', 41]] as const) {
    await prisma.outboxEmail.create({ data: row(status, days) });
  }
  t.equal(await pruneOutbox(prisma, at(35), OUTBOX_RETENTION_MS, 2), 7, 'seven deleted, two at a time');
  t.same((await prisma.outboxEmail.findMany({ select: { status: true }, orderBy: { id: 'asc' } })).map((r) => r.status), ['pending', 'sent', 'sent']);
  t.equal(await pruneOutbox(prisma, at(35), OUTBOX_RETENTION_MS, 2), 0, 'nothing more');
});
