// CORS: browser clients on other origins may call the API (bearer tokens, never cookies), with
// the headers they need to read; CORS_ORIGINS narrows the origins or turns it off.
import t from 'tap';
import { apiServer, openEvents } from '../helpers/api.js';

const ORIGIN = 'https://client.example';

const preflight = (base: string, path: string, origin = ORIGIN) =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
  });

t.test('any origin by default: preflights answered without a token, answers readable', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const pre = await preflight(s.base, '/v1/games/01900000-0000-7000-8000-000000000000/actions');
  t.equal(pre.status, 204);
  t.equal(pre.headers.get('access-control-allow-origin'), '*');
  t.match(pre.headers.get('access-control-allow-methods'), /\bPOST\b.*\bDELETE\b/);
  t.equal(pre.headers.get('access-control-allow-headers'), 'authorization, content-type, idempotency-key');
  t.equal(pre.headers.get('access-control-max-age'), '600');
  t.equal(pre.headers.get('access-control-allow-credentials'), null, 'no credentials: tokens, not cookies');

  const created = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }, { headers: { origin: ORIGIN, 'idempotency-key': 'k1' } });
  t.equal(created.status, 201);
  t.equal(created.headers.get('access-control-allow-origin'), '*');
  const exposed = created.headers.get('access-control-expose-headers')!.split(/,\s*/);
  for (const h of ['location', 'idempotent-replayed', 'x-request-id', 'retry-after']) t.ok(exposed.includes(h), `exposes ${h}`);

  const refused = await s.anon.get('/v1/me', { headers: { origin: ORIGIN } });
  t.equal(refused.status, 401);
  t.equal(refused.headers.get('access-control-allow-origin'), '*', 'errors are readable too');

  const stream = await openEvents(s.base, created.body.id, { token: u.token });
  t.equal(stream.res.headers.get('access-control-allow-origin'), '*', 'the event stream too (EventSource)');
  await stream.close();
});

t.test('CORS_ORIGINS lists the origins allowed', async (t) => {
  const s = await apiServer(t, { config: { corsOrigins: [ORIGIN, 'http://localhost:5173'] } });
  const ok = await preflight(s.base, '/v1/games');
  t.equal(ok.headers.get('access-control-allow-origin'), ORIGIN);
  t.match(ok.headers.get('vary'), /origin/i);
  const other = await preflight(s.base, '/v1/games', 'https://evil.example');
  t.equal(other.headers.get('access-control-allow-origin'), null);
  const res = await s.anon.get('/healthz', { headers: { origin: 'http://localhost:5173' } });
  t.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:5173');
  t.equal((await s.anon.get('/healthz', { headers: { origin: 'https://evil.example' } })).headers.get('access-control-allow-origin'), null);
});

t.test('CORS_ORIGINS=off: no CORS headers and no preflight route', async (t) => {
  const s = await apiServer(t, { config: { corsOrigins: false } });
  const pre = await preflight(s.base, '/v1/games');
  t.equal(pre.status, 404);
  t.equal(pre.headers.get('access-control-allow-origin'), null);
  t.equal((await s.anon.get('/healthz', { headers: { origin: ORIGIN } })).headers.get('access-control-allow-origin'), null);
});
