// GET /v1/me/events: one stream per user, an event whenever any of their games changes (created,
// joined, acted in, cancelled), with only {id, version, status, pending}; nothing about other
// people's games; across instances too (the same LISTEN/NOTIFY channel as the games' streams),
// messages and their reading included (test/http/unread-messages.test.ts says who hears those).
import t, { type Test } from 'tap';
import { sharedEvents } from '../../src/app/events.js';
import { sharedRecentStates } from '../../src/app/games/recent-states.js';
import { listenChannel } from '../../src/store/notify-channel.js';
import { act, apiServer, look, openStream, type ApiServer, type User } from '../helpers/api.js';
import { testDatabase, type TestDatabase } from '../helpers/db.js';

const WAIT_MS = 30_000; // generous: the machine may be busy
const data = (e: { data?: string }) => JSON.parse(e.data!);

const myEvents = (s: ApiServer, u: User, query?: string) => openStream(s.base, '/v1/me/events', query ? { query } : { token: u.token });

t.test('my stream: ready, then my games as they are created, joined, played and finished', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const stream = await myEvents(s, a);
  t.equal(stream.res.status, 200);
  t.match(stream.res.headers.get('content-type'), /^text\/event-stream/);
  t.same(await stream.waitFor(1, WAIT_MS), [{ event: 'ready', data: '{}' }]);

  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  await stream.waitFor(2, WAIT_MS);
  t.same(stream.events[1], { event: 'game', data: JSON.stringify({ id: game.id, version: 0, status: 'open', pending: [] }) }, 'created');

  await b.client.post(`/v1/games/${game.id}/join`, {});
  await stream.waitFor(3, WAIT_MS);
  t.same(data(stream.events[2]!), { id: game.id, version: 1, status: 'active', pending: ['Caesar', 'Pompey'] }, 'the opponent joined: it started');

  const caesar = { ...a, role: 'Caesar' };
  const pompey = { ...b, role: 'Pompey' };
  await act(caesar, game.id, (await look(a, game.id)).legalActions[0]);
  await act(pompey, game.id, (await look(b, game.id)).legalActions[0]);
  await stream.waitFor(5, WAIT_MS);
  t.same(stream.events.slice(3).map(data), [
    { id: game.id, version: 2, status: 'active', pending: ['Pompey'] },
    { id: game.id, version: 3, status: 'active', pending: ['Caesar', 'Pompey'] },
  ]);
  t.equal((await b.client.post(`/v1/games/${game.id}/resign`, {})).status, 200);
  await stream.waitFor(6, WAIT_MS);
  t.same(data(stream.events[5]!), { id: game.id, version: 4, status: 'finished', pending: [] }, 'the opponent resigned');
  for (const e of stream.events.slice(1)) t.same(Object.keys(data(e)), ['id', 'version', 'status', 'pending'], 'nothing else in an event');
  await stream.close();
  for (let i = 0; i < 100 && s.app.services.events.listenerCount() > 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.equal(s.app.services.events.listenerCount(), 0, 'the listener is gone with the client');
});

t.test("nothing about other people's games; a cancelled game says so; the token may come in the query", async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const c = await s.signUp('Cicero');
  const mine = await myEvents(s, c, `?access_token=${encodeURIComponent(c.token)}`);
  t.equal(mine.res.status, 200);
  await mine.waitFor(1, WAIT_MS);
  // Marcus and Gnaeus play a public game Cicero could watch: his stream says nothing of it.
  const theirs = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  await b.client.post(`/v1/games/${theirs.id}/join`, {});
  await act({ ...a }, theirs.id, (await look(a, theirs.id)).legalActions[0]);
  // Then Cicero's own game, created and withdrawn: the only events he gets.
  const own = (await c.client.post('/v1/games', { game: 'julius-caesar', role: 'Pompey' })).body;
  t.equal((await c.client.delete(`/v1/games/${own.id}`)).status, 204);
  await mine.waitFor(3, WAIT_MS);
  t.same(mine.events.slice(1).map(data), [
    { id: own.id, version: 0, status: 'open', pending: [] },
    { id: own.id, version: 0, status: 'cancelled', pending: [] },
  ]);
  t.notOk(mine.raw().includes(theirs.id), "no word of another's game");
  await mine.close();

  const anon = await openStream(s.base, '/v1/me/events');
  t.equal(anon.res.status, 401);
  await anon.close();
  const bad = await openStream(s.base, '/v1/me/events', { token: 'not-a-token' });
  t.equal(bad.res.status, 401);
  await bad.close();
});

async function instance(t: Test, db: TestDatabase): Promise<ApiServer> {
  const events = await sharedEvents((on) => listenChannel(db.url, 'alea_game_events', on, { warn: () => {} }), (err) => t.fail(`notify: ${err}`), sharedRecentStates);
  t.teardown(() => events.close());
  return apiServer(t, { db, events });
}

t.test('a stream on one instance hears of changes made through another', async (t) => {
  const db = await testDatabase(t);
  const one = await instance(t, db);
  const two = await instance(t, db);
  const a = await one.signUp('Marcus');
  const b = await one.signUp('Gnaeus');
  const stream = await myEvents(two, a); // on the second instance
  await stream.waitFor(1, WAIT_MS);
  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body; // through the first
  await b.client.post(`/v1/games/${game.id}/join`, {});
  await stream.waitFor(3, WAIT_MS);
  t.same(stream.events.slice(1).map(data), [
    { id: game.id, version: 0, status: 'open', pending: [] },
    { id: game.id, version: 1, status: 'active', pending: ['Caesar', 'Pompey'] },
  ]);
  // A message and its reading (issue 41.9), through the first instance too: the stream on the
  // second hears of both (and the author of the message is not Marcus, whose stream it is).
  const sent = (await b.client.post(`/v1/games/${game.id}/messages`, { text: 'Ave.' })).body;
  await stream.waitFor(4, WAIT_MS);
  await a.client.get(`/v1/games/${game.id}/messages`);
  await stream.waitFor(5, WAIT_MS);
  t.same(stream.events.slice(3).map((e) => [e.event, data(e)]), [
    ['message', { id: game.id, seq: sent.seq }],
    ['messagesRead', { id: game.id, seq: sent.seq }],
  ]);
  await stream.close();
});
