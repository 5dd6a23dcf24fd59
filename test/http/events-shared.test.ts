// Event streams across instances: two servers on one database, each with the shared events
// (Postgres LISTEN/NOTIFY). A listener on one hears of changes made through the other, with
// nothing but {id, version}; malformed messages on the channel are ignored.
import pg from 'pg';
import t, { type Test } from 'tap';
import { sharedEvents } from '../../src/app/events.js';
import { recentStates, sharedRecentStates } from '../../src/app/games/recent-states.js';
import { listenChannel } from '../../src/store/notify-channel.js';
import { act, apiServer, look, openEvents, openStream, type ApiServer } from '../helpers/api.js';
import { testDatabase, type TestDatabase } from '../helpers/db.js';

const CHANNEL = 'alea_game_events';
const quiet = { warn: () => {} };

/**
 * A server with the shared events; a notification that fails fails the test, but for the test that
 * drops the connections (`dropped`): a change's notification still on its way when its connection
 * is ended (on a busy machine, the game's creation's) fails with it, as the service logs it.
 */
async function instance(t: Test, db: TestDatabase, dropped = false): Promise<ApiServer> {
  const dropping = /terminating connection due to administrator command|Connection terminated|the game events connection is down/;
  const onError = (err: unknown) => (dropped && dropping.test(String(err)) ? undefined : t.fail(`notify: ${err}`));
  const events = await sharedEvents((on) => listenChannel(db.url, CHANNEL, on, quiet), onError, sharedRecentStates);
  t.teardown(() => events.close());
  return apiServer(t, { db, events });
}

t.test('a listener on one instance hears of changes made through another', async (t) => {
  const db = await testDatabase(t);
  const a = await instance(t, db);
  const b = await instance(t, db);
  const caesar = await a.signUp('Marcus');
  const pompeyOnA = await a.signUp('Gnaeus');
  const game = (await a.anon.withToken(caesar.token).post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const stream = await openEvents(b.base, game.id, { token: caesar.token }); // on B
  const onA = await openEvents(a.base, game.id, { token: caesar.token }); // where the changes are made
  await stream.waitFor(1);
  await onA.waitFor(1);
  t.equal((await pompeyOnA.client.post(`/v1/games/${game.id}/join`, {})).status, 200); // through A
  const g = { caesar: { ...caesar, role: 'Caesar' }, pompey: { ...pompeyOnA, role: 'Pompey' } };
  await act(g.caesar, game.id, (await look(g.caesar, game.id)).legalActions[0]);
  await stream.waitFor(3);
  t.same(
    stream.events.map((e) => JSON.parse(e.data!)),
    [0, 1, 2].map((version) => ({ id: game.id, version })),
    'every version, once, and nothing else (no origin, nothing hidden)',
  );
  await onA.waitFor(3);
  // The instance's own changes also come back on the channel: its listeners are still told once.
  await new Promise((r) => setTimeout(r, 300));
  t.same(
    onA.events.map((e) => JSON.parse(e.data!)),
    [0, 1, 2].map((version) => ({ id: game.id, version })),
    'on the instance that made them: every version, once',
  );
  await onA.close();

  // Noise on the channel is ignored.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  for (const payload of ['not json', '[]', JSON.stringify({ id: game.id }), JSON.stringify({ id: game.id, version: -1 }), JSON.stringify({ id: 7, version: 9 })]) {
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }
  await client.end();
  await act(g.pompey, game.id, (await look(g.pompey, game.id)).legalActions[0]);
  await stream.waitFor(4);
  t.same(JSON.parse(stream.events[3]!.data!), { id: game.id, version: 3 });
  await stream.close();
});

t.test('cancelling through one instance ends the streams on another', async (t) => {
  const db = await testDatabase(t);
  const a = await instance(t, db, true);
  const b = await instance(t, db, true);
  const u = await a.signUp('Marcus');
  const game = (await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const stream = await openEvents(b.base, game.id, { token: u.token });
  await stream.waitFor(1);
  t.equal((await u.client.delete(`/v1/games/${game.id}`)).status, 204);
  const events = await stream.waitFor(2);
  t.equal(events[1]!.event, 'cancelled');
  await stream.ended;
});

t.test("signing out through one instance ends that token's streams on another at once, and its cache refuses the token", async (t) => {
  const db = await testDatabase(t);
  const a = await instance(t, db, true);
  const b = await instance(t, db, true);
  const u = await a.signUp('Marcus');
  const phone = (await a.anon.post('/v1/auth/login', { email: u.email, password: 'correct horse battery' })).body.token as string;
  const game = (await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const stream = await openEvents(b.base, game.id, { token: u.token });
  const mine = await openStream(b.base, '/v1/me/events', { token: u.token });
  const onPhone = await openStream(b.base, '/v1/me/events', { token: phone });
  await stream.waitFor(1);
  await mine.waitFor(1);
  await onPhone.waitFor(1);
  t.equal((await b.anon.withToken(u.token).get('/v1/me')).status, 200); // B remembers the token as good
  t.equal((await u.client.post('/v1/auth/logout')).status, 204); // through A
  const within = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
  t.ok(await within(stream.ended, 3000), 'the game stream on B ends');
  t.ok(await within(mine.ended, 3000), 'and the /v1/me/events stream on B');
  t.equal((await b.anon.withToken(u.token).get('/v1/me')).status, 401, 'B refuses the token at once, within its cache time');
  t.notOk(await within(onPhone.ended, 500), "the phone's stream goes on");
  t.equal((await a.anon.withToken(phone).delete('/v1/me/tokens')).status, 204, 'sign out everywhere, through A');
  t.ok(await within(onPhone.ended, 3000), "the phone's stream on B ends");
});

t.test('when its connection drops, an instance listens again', async (t) => {
  const db = await testDatabase(t);
  const a = await instance(t, db, true);
  const b = await instance(t, db, true);
  const u = await a.signUp('Marcus');
  const other = await a.signUp('Gnaeus');
  const game = (await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query(
    "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = 'alea-events' AND datname = current_database()",
  );
  t.equal(rows.length, 2, 'both instances lost their channel');
  await client.end();
  const stream = await openEvents(b.base, game.id, { token: u.token });
  await stream.waitFor(1);
  // Reopened after about a second; A's notification may fail before that (logged), so wait.
  for (let i = 0; i < 50; i++) {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const n = (await c.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'alea-events' AND datname = current_database()")).rows[0].n;
    await c.end();
    if (n === 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  t.equal((await other.client.post(`/v1/games/${game.id}/join`, {})).status, 200);
  const events = await stream.waitFor(2);
  t.same(JSON.parse(events[1]!.data!), { id: game.id, version: 1 });
  await stream.close();
});

t.test('a change heard from another instance makes this one forget what it holds of the game, if older', async (t) => {
  const states = recentStates();
  let deliver!: (payload: string) => void;
  const events = await sharedEvents(
    async (onMessage) => {
      deliver = onMessage;
      return { name: CHANNEL, notify: async (payload) => deliver(payload), close: async () => {} };
    },
    (err) => t.fail(`notify: ${err}`),
    states,
  );
  const [g1, g2, g3] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
  states.set(g1, 5, { s: 1 });
  states.set(g2, 5, { s: 2 });
  states.set(g3, 5, { s: 3 });
  const other = (event: object) => deliver(JSON.stringify({ origin: 'another instance', ...event }));
  other({ id: g1, version: 6 });
  t.equal(states.get(g1), undefined, 'a newer version elsewhere: forgotten');
  other({ id: g2, version: 5 });
  other({ id: g2, version: 4 });
  t.equal(states.get(g2)?.version, 5, 'the same or an older version: kept');
  // This instance's own changes come back on the channel: they never make it forget.
  events.publish({ id: g2, version: 9 });
  t.equal(states.get(g2)?.version, 5, "its own change, heard back: kept");
  other({ id: g3, version: 0, cancelled: true });
  t.equal(states.get(g3), undefined, 'a game cancelled elsewhere: forgotten');
  await events.close();
});
