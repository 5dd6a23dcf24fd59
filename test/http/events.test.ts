// Server-Sent Events: a `version` event at once and on every change, nothing else in them; who
// may read the game may listen; the token may come in the query (and stays out of the logs).
import t from 'tap';
import { act, apiServer, look, openEvents, openStream, startGame } from '../helpers/api.js';
import { logCapture } from '../helpers/server.js';

t.test('a version event at once, then one per change, with only {id, version}', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const stream = await openEvents(s.base, game.id, { token: a.token });
  t.equal(stream.res.status, 200);
  t.match(stream.res.headers.get('content-type'), /^text\/event-stream/);
  t.equal(stream.res.headers.get('cache-control'), 'no-cache, no-transform');
  t.ok(stream.res.headers.get('x-request-id'));
  t.same(await stream.waitFor(1), [{ event: 'version', id: '0', data: JSON.stringify({ id: game.id, version: 0 }) }]);

  await b.client.post(`/v1/games/${game.id}/join`, {});
  await stream.waitFor(2);
  t.same(JSON.parse(stream.events[1]!.data!), { id: game.id, version: 1 }, 'the start');
  const g = { id: game.id, caesar: { ...a, role: 'Caesar' }, pompey: { ...b, role: 'Pompey' } };
  await act(g.caesar, g.id, (await look(a, g.id)).legalActions[0]);
  await act(g.pompey, g.id, (await look(b, g.id)).legalActions[0]);
  await stream.waitFor(4);
  t.same(
    stream.events.map((e) => JSON.parse(e.data!)),
    [0, 1, 2, 3].map((version) => ({ id: game.id, version })),
  );
  t.same(stream.events.map((e) => e.id), ['0', '1', '2', '3']);
  for (const e of stream.events) t.same(Object.keys(JSON.parse(e.data!)), ['id', 'version'], 'nothing else in an event');
  t.match(stream.raw(), /^retry: 5000\n\n/);
  await stream.close();
  // The listener is gone once the client has gone.
  for (let i = 0; i < 50 && s.app.services.events.listenerCount(game.id) > 0; i++) await new Promise((r) => setTimeout(r, 20));
  t.equal(s.app.services.events.listenerCount(game.id), 0);
});

t.test('cancelling an open game sends a last `cancelled` event and ends its streams', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const streams = [await openEvents(s.base, game.id, { token: a.token }), await openEvents(s.base, game.id, { token: b.token })];
  for (const stream of streams) await stream.waitFor(1);
  t.equal((await a.client.delete(`/v1/games/${game.id}`)).status, 204);
  for (const stream of streams) {
    const events = await stream.waitFor(2);
    t.same(events[1], { event: 'cancelled', data: JSON.stringify({ id: game.id, version: 0, cancelled: true }) });
    await stream.ended; // the server ended it
    t.equal(stream.events.length, 2);
  }
  t.equal(s.app.services.events.listenerCount(game.id), 0);
  const again = await openEvents(s.base, game.id, { token: a.token });
  t.equal(again.res.status, 404, 'a reconnection finds nothing');
});

t.test('who may listen: players and watchers of public games; ?access_token= works here', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  const watching = await openEvents(s.base, g.id, { token: watcher.token });
  t.equal(watching.res.status, 200);
  await watching.waitFor(1);
  await watching.close();
  const query = await openEvents(s.base, g.id, { query: `?access_token=${g.pompey.token}` });
  t.equal(query.res.status, 200);
  t.same(JSON.parse((await query.waitFor(1))[0]!.data!), { id: g.id, version: 1 });
  await query.close();

  const none = await openEvents(s.base, g.id);
  t.equal(none.res.status, 401);
  t.match(await none.res.json(), { code: 'unauthorized' });
  const bad = await openEvents(s.base, g.id, { query: '?access_token=forged' });
  t.equal(bad.res.status, 401);
  const priv = await startGame(s, { visibility: 'private' });
  const stranger = await openEvents(s.base, priv.id, { token: watcher.token });
  t.equal(stranger.res.status, 404);
  t.match(await stranger.res.json(), { code: 'not_found' });
  const unknown = await openEvents(s.base, '01900000-0000-7000-8000-000000000000', { token: watcher.token });
  t.equal(unknown.res.status, 404);
  const malformed = await openEvents(s.base, 'nope', { token: watcher.token });
  t.equal(malformed.res.status, 400);
  t.equal(s.app.services.events.listenerCount(), 0, 'refused listeners leave nothing behind');
});

t.test('keep-alive comments; the token in the URL is masked in the logs', async (t) => {
  const logs = logCapture('info');
  const s = await apiServer(t, { ssePingMs: 30, logger: logs.logger });
  const g = await startGame(s);
  const stream = await openEvents(s.base, g.id, { query: `?access_token=${g.caesar.token}` });
  await stream.waitFor(1);
  await new Promise((r) => setTimeout(r, 120));
  t.match(stream.raw(), /: ping\n\n/);
  await stream.close();
  const text = logs.text();
  t.match(text, /\/events\?access_token=xxx/, 'the request is logged, with the token masked');
  t.notMatch(text, g.caesar.token);
});

t.test('closing the server ends open streams instead of waiting for them', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const stream = await openEvents(s.base, g.id, { token: g.caesar.token });
  await stream.waitFor(1);
  const started = Date.now();
  await s.app.close();
  await stream.ended;
  t.ok(Date.now() - started < 5000, 'closed promptly');
  t.equal(s.app.services.events.listenerCount(), 0);
});

/** Resolves true if the stream ends within ms, false otherwise. */
const endsWithin = (stream: { ended: Promise<unknown> }, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);

t.test('open streams end when their token is revoked: signed out on this device, or everywhere', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const phone = (await s.anon.post('/v1/auth/login', { email: g.caesar.email, password: 'correct horse battery' })).body.token as string;
  const game = await openEvents(s.base, g.id, { token: g.caesar.token });
  const mine = await openStream(s.base, '/v1/me/events', { token: g.caesar.token });
  const onPhone = await openEvents(s.base, g.id, { token: phone });
  const phoneMine = await openStream(s.base, '/v1/me/events', { token: phone });
  const pompeys = await openEvents(s.base, g.id, { token: g.pompey.token });
  for (const x of [game, mine, onPhone, phoneMine, pompeys]) await x.waitFor(1);
  t.equal((await g.caesar.client.post('/v1/auth/logout')).status, 204);
  t.ok(await endsWithin(game, 3000), "this device's game stream ends");
  t.ok(await endsWithin(mine, 3000), 'and its /v1/me/events stream');
  t.notOk(await endsWithin(onPhone, 500), "the phone's streams go on");
  t.equal((await s.anon.withToken(phone).delete('/v1/me/tokens')).status, 204, 'sign out everywhere');
  t.ok(await endsWithin(onPhone, 3000), "then the phone's game stream ends");
  t.ok(await endsWithin(phoneMine, 3000), 'and its /v1/me/events stream');
  t.notOk(await endsWithin(pompeys, 500), "the opponent's stream goes on");
  await pompeys.close();
});

t.test('open streams end when their token expires', async (t) => {
  const s = await apiServer(t, { security: { tokenTtlSeconds: 2 } });
  const g = await startGame(s);
  const game = await openEvents(s.base, g.id, { token: g.caesar.token });
  const mine = await openStream(s.base, '/v1/me/events', { token: g.caesar.token });
  await game.waitFor(1);
  await mine.waitFor(1);
  t.ok(await endsWithin(game, 5000), 'the game stream ends at the expiry');
  t.ok(await endsWithin(mine, 5000), 'and the /v1/me/events stream');
});
