// Issue 10: a player who has the game open live (an event stream, in any API instance) when it
// becomes their move gets the "your move" email only after a hold of a few minutes, and not at
// all if they act meanwhile. Presence is a table the worker reads (src/app/notify/presence.ts).
import t, { type Test } from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { MAIL_DEFAULTS } from '../../src/mail/mail-worker.js';
import { act, apiServer, commandCard, look, startGame, type ApiServer, type Started, type User } from '../helpers/api.js';
import { mailHarness } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';

const HOLD = MAIL_DEFAULTS.holdMs;

async function setup(t: Test) {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  await mail.deliver();
  return { s, clock, mail, g };
}

/** Opens the game's event stream as this user and waits for its first event; closed at teardown. */
async function watch(t: Test, s: ApiServer, u: User, id: string): Promise<() => Promise<void>> {
  const controller = new AbortController();
  const res = await fetch(`${u.client.base}/v1/games/${id}/events`, { headers: { authorization: `Bearer ${u.client.token}` }, signal: controller.signal });
  t.equal(res.status, 200);
  const reader = res.body!.getReader();
  await reader.read();
  // The presence row is written before the stream's first bytes.
  t.equal(await s.db.prisma.gamePresence.count(), 1, 'the open stream is recorded');
  const close = async () => {
    controller.abort();
    const start = Date.now();
    while ((await s.db.prisma.gamePresence.count()) > 0 && Date.now() - start < 10_000) await new Promise((r) => setTimeout(r, 20));
  };
  t.teardown(close);
  return close;
}

/**
 * The emails delivered now to Caesar (Pompey, whose discard starts the card play, gets his own
 * "your move" too: test/http/games.test.ts).
 */
async function toCaesar(mail: { deliver(): Promise<{ to: string[] }[]> }, g: Started) {
  return (await mail.deliver()).filter((m) => m.to[0] === g.caesar.email) as any[];
}

/** Pompey discards: Caesar's card play starts ("your move" to Caesar). */
const pompeyDiscards = async (g: Started) => act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions.find((a: any) => a.type === 'discard'));

t.test('not watching: "your move" goes at once', async (t) => {
  const { mail, g } = await setup(t);
  await pompeyDiscards(g);
  t.match((await toCaesar(mail, g)).map((m) => [m.to[0], m.subject]), [[g.caesar.email, /Your move/]]);
});

t.test('watching live and acting within the hold: the "your move" is dropped, never sent', async (t) => {
  const { s, clock, mail, g } = await setup(t);
  await watch(t, s, g.caesar, g.id);
  await pompeyDiscards(g);
  t.same(await toCaesar(mail, g), [], 'held while Caesar watches');
  clock.advance(60_000);
  const game = await look(g.caesar, g.id);
  await act(g.caesar, g.id, { type: 'play', card: commandCard(game) });
  clock.advance(HOLD);
  t.same(await toCaesar(mail, g), [], 'Caesar moved in time: no email');
  t.equal((await s.db.prisma.outboxEmail.findFirstOrThrow({ where: { kind: 'your-turn', userId: g.caesar.id } })).status, 'dropped');
});

t.test('watching live but not acting: the "your move" goes when the hold ends', async (t) => {
  const { s, clock, mail, g } = await setup(t);
  const close = await watch(t, s, g.caesar, g.id);
  await pompeyDiscards(g);
  t.same(await toCaesar(mail, g), [], 'held while Caesar watches');
  clock.advance(HOLD - 1000);
  t.same(await toCaesar(mail, g), [], 'still held');
  await close();
  clock.advance(1000);
  t.match((await toCaesar(mail, g)).map((m) => [m.to[0], m.subject]), [[g.caesar.email, /Your move/]], 'sent after the hold');
});

t.test('a newer "your move" to the same player for the same game replaces a held one: one email, not two', async (t) => {
  const { s, clock, mail, g } = await setup(t);
  const close = await watch(t, s, g.caesar, g.id);
  await pompeyDiscards(g);
  t.same(await toCaesar(mail, g), [], 'held while Caesar watches');
  // What a reveal during Caesar's continuing move enqueues: another "your move", with the news.
  const first = await s.db.prisma.outboxEmail.findFirstOrThrow({ where: { kind: 'your-turn', userId: g.caesar.id, status: 'pending' } });
  clock.advance(1000);
  const { id: _id, ...copy } = first;
  await s.db.prisma.outboxEmail.create({ data: { ...copy, dedupeKey: `${first.dedupeKey}:newer`, subject: 'Your move (newer)', createdAt: clock.now(), nextAttemptAt: first.nextAttemptAt } });
  t.same(await toCaesar(mail, g), [], 'both still held');
  t.equal((await s.db.prisma.outboxEmail.findUniqueOrThrow({ where: { id: first.id } })).status, 'dropped', 'the older one is dropped at once');
  await close();
  clock.advance(HOLD);
  t.match((await toCaesar(mail, g)).map((m) => [m.to[0], m.subject]), [[g.caesar.email, 'Your move (newer)']], 'only the newer one goes');
});

t.test('a presence whose instance died (no heartbeat) expires: nothing is held', async (t) => {
  const { s, mail, g, clock } = await setup(t);
  await s.db.prisma.gamePresence.create({ data: { streamId: '00000000-0000-4000-8000-000000000001', userId: g.caesar.id, gameId: g.id, expiresAt: new Date(clock.now().getTime() - 1) } });
  await pompeyDiscards(g);
  t.match((await toCaesar(mail, g)).map((m) => m.to[0]), [g.caesar.email]);
});
