// GET /v1/catalog/{game}: the game's public data, without a token, cacheable with an ETag.
import t from 'tap';
import { listen, testServer } from '../helpers/server.js';

t.test('the catalog answers without a token, with an ETag and a long public max-age', async (t) => {
  const { app } = await testServer(t);
  const res = await app.inject({ method: 'GET', url: '/v1/catalog/julius-caesar' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/json/);
  t.match(res.headers.etag, /^"[A-Za-z0-9_-]{20,}"$/);
  t.equal(res.headers['cache-control'], 'public, max-age=86400');
  const body = res.json();
  t.equal(body.game, 'julius-caesar');
  t.equal(body.cities.length, 67);
  t.equal(body.seas.length, 9);
  t.equal(body.blocks.length, 63);
  t.equal(body.cards.length, 27);
  t.match(body.cities.find((c: { id: string }) => c.id === 'Rome'), { lat: 41.9, lon: 12.5, vp: 2 });
});

t.test("Caesar's Gallic War's catalog: the map of Gaul with positions, borders, blocks, cards; its own ETag", async (t) => {
  const { app } = await testServer(t);
  const res = await app.inject({ method: 'GET', url: '/v1/catalog/caesars-gallic-war' });
  t.equal(res.statusCode, 200);
  const body = res.json();
  t.equal(body.game, 'caesars-gallic-war');
  t.equal(body.areas.length, 32);
  t.equal(body.borders.length, 76);
  t.equal(body.blocks.length, 64);
  t.equal(body.cards.length, 33);
  t.match(body.areas.find((a: { id: string }) => a.id === 'mandubii'), { fort: { name: 'Alesia', capacity: 1 }, lat: 47.8, lon: 3.9 });
  const jc = await app.inject({ method: 'GET', url: '/v1/catalog/julius-caesar' });
  t.not(res.headers.etag, jc.headers.etag, 'each game its own ETag');
});

t.test('If-None-Match with the current ETag answers 304 without a body; another ETag gets the data', async (t) => {
  const { app } = await testServer(t);
  const base = await listen(app);
  const first = await fetch(`${base}/v1/catalog/julius-caesar`);
  const etag = first.headers.get('etag')!;
  await first.arrayBuffer();
  const again = await fetch(`${base}/v1/catalog/julius-caesar`, { headers: { 'if-none-match': etag } });
  t.equal(again.status, 304);
  t.equal(again.headers.get('etag'), etag);
  t.equal(await again.text(), '');
  const weak = await fetch(`${base}/v1/catalog/julius-caesar`, { headers: { 'if-none-match': `"other", W/${etag}` } });
  t.equal(weak.status, 304, 'weak comparison, in a list');
  const stale = await fetch(`${base}/v1/catalog/julius-caesar`, { headers: { 'if-none-match': '"not-it"' } });
  t.equal(stale.status, 200);
  t.equal(((await stale.json()) as { game: string }).game, 'julius-caesar');
});

t.test('an unknown game is 404 problem+json', async (t) => {
  const { app } = await testServer(t);
  for (const game of ['chess', '__proto__', 'constructor']) {
    const res = await app.inject({ method: 'GET', url: `/v1/catalog/${game}` });
    t.equal(res.statusCode, 404, game);
    t.match(res.json(), { code: 'not_found' });
  }
});
