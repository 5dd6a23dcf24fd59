// Correspondence time controls with an injected clock: deadlines stored when a move starts,
// the reminder at 80% of the move's time, the overdue notice at the deadline, claiming a win on
// time, extending, late moves, vacations; and several workers sharing the work. Time moves by
// setting the clock; the worker is the real one, sending to a real SMTP server.
import t, { type Test } from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { verifyGames } from '../../src/app/games/verify.js';
import { createLogger } from '../../src/logger.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { createWorker } from '../../src/worker.js';
import { act, apiServer, look, startGame, type ApiServer, type Started } from '../helpers/api.js';
import { mailHarness, to } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';
import { testSmtp } from '../helpers/smtp.js';

const DAY = 24 * 3600 * 1000;
const T = Date.parse(TEST_TIME);
const at = (days: number) => new Date(T + days * DAY);
const iso = (days: number) => at(days).toISOString();

async function server(t: Test) {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  return { s, clock, mail: await mailHarness(t, s) };
}

/** Caesar discards at once: only Pompey is pending, since the start. */
async function pompeyToMove(s: ApiServer, create: Record<string, unknown> = {}): Promise<Started> {
  const g = await startGame(s, create);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  return g;
}

const seatsOf = (s: ApiServer, id: string) =>
  s.db.prisma.gamePlayer.findMany({ where: { gameId: id }, orderBy: { role: 'asc' }, select: { role: true, deadline: true, remindAt: true, overdueNoticeAt: true } });

t.test('deadlines are stored when a move starts, kept while it goes on, cleared when done; none without a time limit', async (t) => {
  const { s, clock } = await server(t);
  const g = await startGame(s);
  t.match(g.game.players, [{ role: 'Caesar', deadline: iso(3) }, { role: 'Pompey', deadline: iso(3) }]);
  t.same(await seatsOf(s, g.id), [
    { role: 'Caesar', deadline: at(3), remindAt: at(2.4), overdueNoticeAt: at(3) },
    { role: 'Pompey', deadline: at(3), remindAt: at(2.4), overdueNoticeAt: at(3) },
  ]);
  clock.set(at(1));
  const after = await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  t.match(after.players, [{ role: 'Caesar', pending: false, deadline: null }, { role: 'Pompey', pending: true, deadline: iso(3) }]);
  t.same((await seatsOf(s, g.id))[0], { role: 'Caesar', deadline: null, remindAt: null, overdueNoticeAt: null });
  clock.set(at(2));
  const cards = await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions[0]);
  t.match(cards.players, [{ deadline: iso(5) }, { deadline: iso(5) }], 'a new move: a new deadline for both');

  const free = await startGame(s, { daysPerMove: null });
  t.equal(free.game.daysPerMove, null);
  t.match(free.game, { deadline: null, players: [{ pending: true, deadline: null }, { pending: true, deadline: null }] });
  t.same((await seatsOf(s, free.id)).map((x) => x.remindAt), [null, null]);
  const seven = await startGame(s, { daysPerMove: 14 });
  t.equal(seven.game.deadline, new Date(clock.now().getTime() + 14 * DAY).toISOString());
});

t.test('one reminder when 20% of the move time is left, one overdue notice at the deadline, from any worker', async (t) => {
  const { s, clock, mail } = await server(t);
  const g = await pompeyToMove(s);
  t.equal((await g.pompey.client.patch('/v1/me', { notifications: { email: 'moves' } })).status, 200, 'reminders are moves');
  await mail.deliver();
  clock.set(new Date(at(2.4).getTime() - 1000));
  t.same(await mail.deliver(), [], 'not before 80% of the time');
  clock.set(at(2.4));
  let mails = await mail.deliver();
  t.equal(mails.length, 1);
  const r = to(t, mails, g.pompey.email);
  t.equal(r.subject, `Reminder: your move in Julius Caesar #${g.game.number} — 705 (49 BC)`);
  t.match(r.text, /Your move in Julius Caesar #\d+ is due by Sun, 04 Jan 2026 12:00 UTC\./);
  t.match(r.text, /Discard one card face-down/);
  t.match(r.text, `http://alea.test/games/${g.id}`);
  clock.set(at(2.9));
  t.same(await mail.deliver(), [], 'the reminder is not sent again');

  // The deadline: a worker that never saw this game before (nothing is kept in memory).
  const fresh = await mailHarness(t, s);
  clock.set(at(3));
  mails = await fresh.deliver();
  t.equal(mails.length, 1, 'only the opponent is told');
  const n = to(t, mails, g.caesar.email);
  t.equal(n.subject, `Gnaeus ran out of time in Julius Caesar #${g.game.number}`);
  t.match(n.text, /Gnaeus \(Pompey\) has missed the deadline of Sun, 04 Jan 2026 12:00 UTC\./);
  t.match(n.text, /You may claim the win now, or give them more time/);
  t.match(n.text, /If they have not moved by Sun, 18 Jan 2026 12:00 UTC, and you neither claim nor extend, the game ends as abandoned by them: you win\./);
  clock.set(at(10));
  t.same([...(await fresh.deliver()), ...(await mail.deliver())], [], 'nor the notice');
  // The worker's next look at the late move: its abandonment, 14 days past the deadline.
  t.same(await seatsOf(s, g.id), [
    { role: 'Caesar', deadline: null, remindAt: null, overdueNoticeAt: null },
    { role: 'Pompey', deadline: at(3), remindAt: null, overdueNoticeAt: at(17) },
  ]);
});

t.test('both late (a sealed step nobody played): reminders to both, and no overdue notice, since neither may claim', async (t) => {
  const { s, clock, mail } = await server(t);
  const g = await startGame(s);
  await mail.deliver();
  clock.set(at(2.5));
  t.same((await mail.deliver()).map((m) => m.subject.split(':')[0]).sort(), ['Reminder', 'Reminder']);
  clock.set(at(3.5));
  t.same(await mail.deliver(), []);
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 409, body: { code: 'conflict', detail: /past your own deadline/ } });
  // A worker that was down past the deadline drops the stale reminder.
  const h = await pompeyToMove(s);
  await mail.deliver();
  clock.set(at(3.5 + 3.5));
  const mails = await mail.deliver();
  t.same(
    mails.map((m) => [m.to[0], m.subject.split(' ')[0]]),
    [[h.caesar.email, 'Gnaeus']],
    'only the overdue notice',
  );
});

t.test('claim-timeout: not_overdue (409) before the deadline; after it the claim ends the game (aborted: the first turn is not over) and the late player is told', async (t) => {
  const { s, clock, mail } = await server(t);
  const g = await pompeyToMove(s);
  const watcher = await s.signUp('Cicero');
  await mail.deliver();
  clock.set(at(1));
  const early = await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {});
  t.match(early, { status: 409, body: { code: 'not_overdue', detail: /due by Sun, 04 Jan 2026 12:00 UTC/ } });
  t.match(await g.pompey.client.post(`/v1/games/${g.id}/claim-timeout`), { status: 409, body: { code: 'not_overdue', detail: /not to move/ } });
  t.match(await watcher.client.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 403 });
  t.match(await s.anon.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 401 });
  clock.set(new Date(at(3).getTime() - 1));
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 409, body: { code: 'not_overdue' } }, 'a millisecond before');

  clock.set(at(3));
  const won = await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}, { headers: { 'idempotency-key': 'claim-1' } });
  t.equal(won.status, 200);
  // Turn 1 is not over: the claim aborts the game (the ratings test claims a win in an underway game).
  t.match(won.body, { status: 'finished', pending: [], deadline: null, version: 3, finishedAt: iso(3), outcome: { winner: null, aborted: true, reason: /^Pompey ran out of time before each side/, vp: { Caesar: Number, Pompey: Number } } });
  t.same(won.body.legalActions, []);
  const again = await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}, { headers: { 'idempotency-key': 'claim-1' } });
  t.equal(again.headers.get('idempotent-replayed'), 'true');
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 409, body: { code: 'conflict', detail: /over/ } });
  const log = (await g.pompey.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
  t.equal(log[log.length - 1], 'Pompey ran out of time before each side had made its moves of the first turn: the game is aborted.');
  t.equal(won.body.view.log.at(-1), log[log.length - 1], 'the board\'s log ends so too (issue 41)');
  t.equal(won.body.logLength, log.length);

  const mails = await mail.deliver();
  t.equal(mails.length, 1, 'the late player only (the claimant knows)');
  const m = to(t, mails, g.pompey.email);
  t.equal(m.subject, `Game over: Julius Caesar #${g.game.number} — aborted, no result`);
  t.match(m.text, /Pompey ran out of time before each side had made its moves of the first turn: the game is aborted\./);
  t.match(m.text, /Final VP: Caesar \d+, Pompey \d+\./);
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'the game replays: a time-out is an ending like a resignation');
});

t.test('a late move before any claim is accepted, and the next move has a fresh deadline', async (t) => {
  const { s, clock, mail } = await server(t);
  const g = await pompeyToMove(s);
  clock.set(at(4));
  await mail.deliver();
  const late = await g.pompey.client.post(`/v1/games/${g.id}/actions`, { action: (await look(g.pompey, g.id)).legalActions[0], version: 2 });
  t.equal(late.status, 200, 'the late player may still move');
  t.match(late.body, { status: 'active', view: { phase: 'card' }, deadline: iso(7) });
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 409, body: { code: 'not_overdue' } });
  t.match((await mail.deliver()).map((m) => m.subject), [/^Your move: .*play a card$/]);
});

t.test('extend: the opponent adds days to a pending deadline (from it, or from now once passed); the reminder comes again', async (t) => {
  const { s, clock, mail } = await server(t);
  const g = await pompeyToMove(s);
  await mail.deliver();
  clock.set(at(1));
  const ext = await g.caesar.client.post(`/v1/games/${g.id}/extend`, { days: 1 });
  t.equal(ext.status, 200);
  t.match(ext.body, { version: 3, status: 'active', pending: ['Pompey'], deadline: iso(4), players: [{ role: 'Caesar', deadline: null }, { role: 'Pompey', deadline: iso(4) }] });
  t.same((await seatsOf(s, g.id))[1], { role: 'Pompey', deadline: at(4), remindAt: at(3.8), overdueNoticeAt: at(4) });
  t.same(await mail.deliver(), [], 'an extension sends nothing by itself');
  clock.set(at(3));
  t.same(await mail.deliver(), [], 'the old reminder time and deadline are gone');
  clock.set(at(3.8));
  t.match((await mail.deliver()).map((m) => [m.to[0], m.subject]), [[g.pompey.email, /^Reminder: /]], 'the reminder at 20% of the added day');
  clock.set(at(4.5));
  t.match((await mail.deliver()).map((m) => [m.to[0], m.subject]), [[g.caesar.email, /^Gnaeus ran out of time/]]);
  // Past the deadline, days count from now.
  const more = await g.caesar.client.post(`/v1/games/${g.id}/extend`, { days: 2 });
  t.match(more.body, { version: 4, deadline: iso(6.5) });
  t.match(await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {}), { status: 409, body: { code: 'not_overdue' } });
  clock.set(at(6.1));
  t.match((await mail.deliver()).map((m) => m.subject), [/^Reminder: /], 'the reminder again');
  clock.set(at(6.5));
  t.match((await mail.deliver()).map((m) => m.subject), [/ran out of time/], 'and the notice');
  t.equal((await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {})).status, 200);

  const h = await pompeyToMove(s);
  t.match(await h.pompey.client.post(`/v1/games/${h.id}/extend`, { days: 2 }), { status: 409, body: { code: 'conflict', detail: /not to move/ } });
  for (const days of [0, 15, 1.5, '2']) {
    t.match(await h.caesar.client.post(`/v1/games/${h.id}/extend`, { days }), { status: 400, body: { errors: [{ path: '/days' }] } }, `days ${days}`);
  }
  t.match(await h.caesar.client.post(`/v1/games/${h.id}/extend`, {}), { status: 400 });
  const free = await pompeyToMove(s, { daysPerMove: null });
  t.match(await free.caesar.client.post(`/v1/games/${free.id}/extend`, { days: 2 }), { status: 409, body: { detail: /no time limit/ } });
  t.match(await free.caesar.client.post(`/v1/games/${free.id}/claim-timeout`, {}), { status: 409, body: { code: 'not_overdue', detail: /no time limit/ } });
  t.same(await verifyGames(s.db.prisma), { checked: 3, mismatches: [] }, 'extensions leave the replay alone');
});

t.test('vacation: deadlines pushed back, the rest added to moves that start during it, taken back when ended early; 21 days a year', async (t) => {
  const { s, clock, mail } = await server(t);
  const g = await startGame(s);
  await mail.deliver();
  clock.set(at(1));
  const away = await g.pompey.client.patch('/v1/me', { vacation: { days: 7 } });
  t.equal(away.status, 200);
  t.match(away.body, { vacation: { startedAt: iso(1), endsAt: iso(8) }, vacationDaysLeft: 14 });
  t.match((await look(g.caesar, g.id)).players, [{ role: 'Caesar', deadline: iso(3) }, { role: 'Pompey', deadline: iso(10) }], 'Pompey has 7 more days');
  t.same((await seatsOf(s, g.id))[1], { role: 'Pompey', deadline: at(10), remindAt: at(9.4), overdueNoticeAt: at(10) });

  // Moves that start during the vacation get its rest added.
  clock.set(at(2));
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions[0]);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  t.match((await look(g.caesar, g.id)).players, [{ deadline: iso(5) }, { deadline: iso(2 + 3 + 6) }]);
  // Both must now play a card: Caesar too, whose own discard began the card play (issue 27).
  // The two emails go out together; their order is not part of the rule.
  const announced = (await mail.deliver()).map((m) => [m.to[0], m.subject]).sort(([a], [b]) => String(a).localeCompare(String(b)));
  const expected = [[g.caesar.email, /^Your move: /], [g.pompey.email, /^Your move: /]].sort(([a], [b]) => String(a).localeCompare(String(b)));
  t.match(announced, expected, 'moves are still announced');
  clock.set(at(2.5));
  t.same(await mail.deliver(), [], 'no reminder to someone on vacation');

  // Back early: the unused part comes off again, the unused whole days are given back.
  clock.set(at(4));
  const back = await g.pompey.client.patch('/v1/me', { vacation: null });
  t.match(back.body, { vacation: null, vacationDaysLeft: 18 });
  t.match((await look(g.caesar, g.id)).players, [{ deadline: iso(5) }, { deadline: iso(7) }], 'now + 3 days, as if it had been this long');
  t.match((await g.pompey.client.patch('/v1/me', { vacation: null })).body, { vacationDaysLeft: 18 }, 'ending none is a no-op');

  // The yearly allowance.
  const tooMany = await g.pompey.client.patch('/v1/me', { vacation: { days: 19 } });
  t.match(tooMany, { status: 400, body: { code: 'validation_failed', errors: [{ in: 'body', path: '/vacation/days', message: /18 vacation days left/ }] } });
  t.match((await g.pompey.client.patch('/v1/me', { vacation: { days: 18 } })).body, { vacationDaysLeft: 0, vacation: { endsAt: iso(22) } });
  t.match(await g.pompey.client.patch('/v1/me', { vacation: { days: 1 } }), { status: 409, body: { code: 'conflict', detail: /on vacation until/ } });
  for (const vacation of [{ days: 0 }, { days: 22 }, {}, { days: 2, from: 'now' }, 3]) {
    t.match(await g.caesar.client.patch('/v1/me', { vacation }), { status: 400, body: { errors: [{ path: /^\/vacation/ }] } }, JSON.stringify(vacation));
  }
  clock.set(new Date('2027-01-02T00:00:00.000Z'));
  const signedIn = await s.anon.post('/v1/auth/login', { email: g.pompey.email, password: 'correct horse battery' });
  t.match(signedIn.body.user, { vacation: null, vacationDaysLeft: 21 }, 'a new year, a new allowance');
});

t.test('a vacation does not rescue a move that is already late', async (t) => {
  const { s, clock } = await server(t);
  const g = await pompeyToMove(s);
  clock.set(at(4));
  await g.pompey.client.patch('/v1/me', { vacation: { days: 5 } });
  t.match((await look(g.caesar, g.id)).players[1], { deadline: iso(3) });
  t.equal((await g.caesar.client.post(`/v1/games/${g.id}/claim-timeout`, {})).status, 200);
});

t.test('several workers at once: every reminder and notice is sent exactly once', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const smtp = await testSmtp(t);
  const games: Started[] = [];
  for (let i = 0; i < 8; i++) games.push(await pompeyToMove(s));
  const workers = [0, 1, 2, 3].map(() => {
    const transport = smtpTransport(smtp.url);
    t.teardown(() => transport.close());
    return createWorker({ prisma: s.db.prisma, clock, config: s.app.config, transport, logger: createLogger('silent'), options: { batchSize: 3, clockBatchSize: 2 } });
  });
  const all = () => Promise.all(workers.map((w) => w.drain()));
  await all();
  const start = smtp.received.length;
  clock.set(at(2.5));
  await all();
  clock.set(at(3.5));
  await all();
  await all();
  const fresh = smtp.received.slice(start);
  const count = (re: RegExp, address: string) => fresh.filter((m) => re.test(m.subject) && m.to.includes(address)).length;
  t.equal(fresh.length, 16);
  for (const g of games) {
    t.equal(count(/^Reminder: /, g.pompey.email), 1, `game #${g.game.number}: one reminder`);
    t.equal(count(/ran out of time/, g.caesar.email), 1, `game #${g.game.number}: one notice`);
  }
  t.equal(new Set(fresh.map((m) => m.messageId)).size, 16, 'no Message-ID twice');
});

t.test('a game whose reminder cannot be handled is retried later and holds up no other', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const smtp = await testSmtp(t);
  const broken = await pompeyToMove(s);
  const fine = await pompeyToMove(s);
  const lines: string[] = [];
  const logger = createLogger('error', { write: (l: string) => void lines.push(l) });
  const transport = smtpTransport(smtp.url);
  t.teardown(() => transport.close());
  const worker = createWorker({ prisma: s.db.prisma, clock, config: s.app.config, transport, logger });
  await worker.drain();
  const start = smtp.received.length;
  // A game the service cannot read any more (here: its module is gone).
  await s.db.prisma.game.update({ where: { id: broken.id }, data: { module: 'gone' } });
  clock.set(at(2.5));
  await worker.drain();
  t.same(smtp.received.slice(start).map((m) => m.to[0]), [fine.pompey.email], 'the other game is reminded');
  const seat = (await seatsOf(s, broken.id))[1]!;
  t.same(seat.remindAt, new Date(at(2.5).getTime() + 15 * 60_000), 'the broken one is retried in 15 minutes');
  t.ok(lines.some((l) => l.includes('could not handle the reminders of a game') && l.includes(broken.id)), 'and the error is logged');
});
