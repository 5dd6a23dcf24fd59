// Personal API tokens (issue 42): made with a name, scopes and an expiry, shown once, kept as a
// digest, listed with when last used, revoked one by one; they die with sign-out everywhere, a
// password change, their expiry and the account; a personal token never does what `account` does.
import { createHash } from 'node:crypto';
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { apiServer, openStream, type ApiServer } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';
const signIn = (s: ApiServer, u: { email: string }) => s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD });

t.test('made, shown once, stored as a digest, listed without it; it works with its scopes', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const made = await u.client.post('/v1/me/api-tokens', { name: '  My   bot ', scopes: ['read', 'play'] });
  t.equal(made.status, 201);
  t.match(made.body, { name: 'My bot', scopes: ['read', 'play'], createdAt: TEST_TIME, expiresAt: null, lastUsedAt: null, token: /^alea_pat_[\w-]{43}$/ });
  t.equal(made.headers.get('cache-control'), 'no-store');
  const token: string = made.body.token;
  const row = await s.db.prisma.apiToken.findUniqueOrThrow({ where: { id: made.body.id } });
  t.equal(row.tokenHash, createHash('sha256').update(token).digest('base64url'), 'only the digest is kept');
  t.notOk(JSON.stringify(row).includes(token.slice(9)), 'the token is stored nowhere in the row');

  const bot = s.anon.withToken(token);
  const me = await bot.get('/v1/me');
  t.equal(me.status, 200);
  t.equal(me.body.id, u.id);
  const game = await bot.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.equal(game.status, 201, 'play: creates a game');

  const list = await u.client.get('/v1/me/api-tokens');
  t.equal(list.status, 200);
  t.equal(list.body.items.length, 1);
  t.notOk('token' in list.body.items[0], 'the list never shows the token');
  await s.app.services.background.idle();
  t.equal((await u.client.get('/v1/me/api-tokens')).body.items[0].lastUsedAt, TEST_TIME, 'last used is noted');
});

t.test('a personal token never does what only signing in may: 403 naming the missing scope', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const token = (await u.client.post('/v1/me/api-tokens', { name: 'reader', scopes: ['read'] })).body.token;
  const bot = s.anon.withToken(token);
  const cases: [string, string, unknown, string][] = [
    ['POST', '/v1/me/password', { currentPassword: PASSWORD, newPassword: 'another good password' }, 'account'],
    ['POST', '/v1/me/email', { email: 'x@example.org', currentPassword: PASSWORD }, 'account'],
    ['POST', '/v1/me/deletion', { password: PASSWORD }, 'account'],
    ['DELETE', '/v1/me/tokens', undefined, 'account'],
    ['POST', '/v1/me/api-tokens', { name: 'more', scopes: ['play'] }, 'account'],
    ['GET', '/v1/me/api-tokens', undefined, 'account'],
    ['PATCH', '/v1/me', { name: 'Other' }, 'account'],
    ['POST', '/v1/games', { game: 'julius-caesar', role: 'Caesar' }, 'play'],
  ];
  for (const [method, path, body, scope] of cases) {
    const res = await bot.request(method, path, body === undefined ? {} : { body });
    t.equal(res.status, 403, `${method} ${path}`);
    t.match(res.body, { code: 'insufficient_scope', scope, detail: new RegExp(`"${scope}" scope`) }, `${method} ${path} names ${scope}`);
    t.match(res.headers.get('www-authenticate'), `error="insufficient_scope", scope="${scope}"`);
  }
  t.equal((await signIn(s, u)).status, 200, 'the password is unchanged');
  t.equal(await s.db.prisma.game.count(), 0, 'nothing was made');

  // Nor may a token be made with `account`.
  const bad = await u.client.post('/v1/me/api-tokens', { name: 'all', scopes: ['read', 'account'] });
  t.equal(bad.status, 400);
  t.match(bad.body, { code: 'validation_failed', errors: [{ path: '/scopes/1' }] });
});

t.test('revoked one by one, at once, and its event streams end; signing out with it revokes it', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const a = (await u.client.post('/v1/me/api-tokens', { name: 'a', scopes: ['read'] })).body;
  const b = (await u.client.post('/v1/me/api-tokens', { name: 'b', scopes: ['read'] })).body;
  const stream = await openStream(s.base, '/v1/me/events', { token: a.token });
  await stream.waitFor(1);
  t.equal((await u.client.delete(`/v1/me/api-tokens/${a.id}`)).status, 204);
  await stream.ended;
  t.pass('the stream opened with it ended');
  const refused = await s.anon.withToken(a.token).get('/v1/me');
  t.equal(refused.status, 401);
  t.match(refused.body.detail, /revoked/);
  t.equal((await s.anon.withToken(b.token).get('/v1/me')).status, 200, 'the other still works');
  t.equal((await u.client.delete(`/v1/me/api-tokens/${a.id}`)).status, 404, 'gone');

  t.equal((await s.anon.withToken(b.token).post('/v1/auth/logout')).status, 204);
  t.equal((await s.anon.withToken(b.token).get('/v1/me')).status, 401, 'signed out with itself: revoked');
  t.same((await u.client.get('/v1/me/api-tokens')).body.items, [], 'and gone from the list');
  t.equal((await u.client.get('/v1/me')).status, 200, 'the session still works');
});

t.test('they die with sign-out everywhere, a password change, the account, and their expiry', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const u = await s.signUp('Marcus');
  const make = async (client = u.client, body: object = {}) => (await client.post('/v1/me/api-tokens', { name: 'x', scopes: ['read'], ...body })).body.token as string;

  const t1 = await make();
  t.equal((await u.client.delete('/v1/me/tokens')).status, 204);
  t.equal((await s.anon.withToken(t1).get('/v1/me')).status, 401, 'sign out everywhere');

  const session = (await signIn(s, u)).body.token;
  const client = s.anon.withToken(session);
  const t2 = await make(client);
  const changed = await client.post('/v1/me/password', { currentPassword: PASSWORD, newPassword: 'another good password' });
  t.equal(changed.status, 200);
  t.equal((await s.anon.withToken(t2).get('/v1/me')).status, 401, 'a password change');

  const c2 = s.anon.withToken(changed.body.token);
  const t3 = await make(c2, { expiresAt: '2026-01-01T13:00:00.000Z' });
  t.equal((await s.anon.withToken(t3).get('/v1/me')).status, 200);
  clock.advance(3600_000);
  const expired = await s.anon.withToken(t3).get('/v1/me');
  t.equal(expired.status, 401, 'expired');
  t.match(expired.body.detail, /expired/);
  t.same((await c2.get('/v1/me/api-tokens')).body.items, [], 'dead tokens leave the list');
  const past = await c2.post('/v1/me/api-tokens', { name: 'x', scopes: ['read'], expiresAt: '2026-01-01T12:00:00.000Z' });
  t.equal(past.status, 400, 'an expiry in the past');

  const t4 = await make(c2);
  t.equal((await c2.post('/v1/me/deletion', { password: 'another good password' })).status, 204);
  t.equal((await s.anon.withToken(t4).get('/v1/me')).status, 401, 'the account deleted');
  t.equal(await s.db.prisma.apiToken.count(), 0, 'deletion takes the tokens');
});

t.test('a made-up token, a wrong one and one of the right shape are refused alike', async (t) => {
  const s = await apiServer(t);
  for (const token of ['alea_pat_', 'alea_pat_x', `alea_pat_${'A'.repeat(43)}`]) {
    const res = await s.anon.withToken(token).get('/v1/me');
    t.equal(res.status, 401, token);
    t.equal(res.body.code, 'unauthorized');
  }
});

t.test('at most 20 per account', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  for (let i = 0; i < 20; i++) t.equal((await u.client.post('/v1/me/api-tokens', { name: `t${i}`, scopes: ['read'] })).status, 201);
  const more = await u.client.post('/v1/me/api-tokens', { name: 'one more', scopes: ['read'] });
  t.equal(more.status, 409);
  t.match(more.body, { code: 'conflict', limit: 20 });
});
