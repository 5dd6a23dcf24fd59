// How the web client is served (src/http/routes/web.ts): its pages are index.html, never cached
// stale; hashed assets are immutable; nothing shadows the API, the docs or a 404; and a server
// whose client is not built still starts and says how to build it.
import { readdirSync } from 'node:fs';
import t from 'tap';
import Fastify from 'fastify';
import { projectPath } from '../../src/paths.js';
import { webRoutes } from '../../src/http/routes/web.js';
import { testServer } from '../helpers/server.js';

t.test('pages, assets and what they must not shadow', async (t) => {
  const { app } = await testServer(t);
  for (const url of ['/', '/signin?next=%2F', '/settings', '/games/0195f3b0-7c1e-7cc3-9a4e-2d1f4f7a9b10?invite=abc']) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 200, `${url} is the client`);
    t.match(res.headers['content-type'], /text\/html/);
    t.equal(res.headers['cache-control'], 'no-cache', `${url}: index.html is revalidated on every visit`);
    t.match(res.headers['content-security-policy'], /script-src 'self'/);
    t.match(res.body, /<div id="app">/);
  }
  const js = readdirSync(projectPath('web', 'dist', 'assets')).find((f) => f.endsWith('.js'))!;
  const asset = await app.inject({ url: `/assets/${js}` });
  t.equal(asset.statusCode, 200);
  t.match(asset.headers['cache-control'], /max-age=31536000/);
  t.match(asset.headers['cache-control'], /immutable/, 'hashed assets are immutable');
  t.match(asset.headers['content-type'], /javascript/);
  const css = await app.inject({ url: '/alea.css' });
  t.equal(css.statusCode, 200);
  t.equal(css.headers['cache-control'], 'public, max-age=3600', 'the unhashed stylesheet is cached briefly');

  t.equal((await app.inject({ url: '/healthz' })).json().status, 'ok', '/healthz is the API');
  t.match((await app.inject({ url: '/openapi.yaml' })).headers['content-type'], /yaml/);
  t.equal((await app.inject({ url: '/docs' })).statusCode, 200);
  const api404 = await app.inject({ url: '/v1/nothing-here' });
  t.equal(api404.statusCode, 404);
  t.match(api404.headers['content-type'], /application\/problem\+json/, 'an unknown API path is a problem, not the client');
  const other = await app.inject({ url: '/games/x/y' });
  t.equal(other.statusCode, 404, 'an unknown page is a 404');
  t.equal((await app.inject({ url: '/assets/nope.js' })).statusCode, 404);
  t.equal((await app.inject({ url: '/v1/me' })).statusCode, 401, '/v1/me is still the API');
});

t.test('a server whose client is not built starts, and its pages say how to build it', async (t) => {
  const app = Fastify();
  await app.register(webRoutes, { dir: projectPath('.data', 'no-such-web-build') });
  await app.ready();
  t.teardown(() => app.close());
  const res = await app.inject({ url: '/' });
  t.equal(res.statusCode, 503);
  t.match(res.body, /npm run build/);
});
