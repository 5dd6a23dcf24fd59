// Accounts: register, sign in, tokens, my account; their errors and limits.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { apiServer } from '../helpers/api.js';
import { logCapture, TEST_TIME } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';

t.test('register: 201 with a token and the user; the token works', async (t) => {
  const s = await apiServer(t);
  const res = await s.anon.post('/v1/auth/register', { email: 'Livia@Example.ORG', password: PASSWORD, name: '  Livia   Drusilla ' });
  t.equal(res.status, 201);
  t.match(res.body, {
    tokenType: 'Bearer',
    token: /^[\w-]+\.[\w-]+\.[\w-]+$/,
    expiresAt: '2026-01-31T12:00:00.000Z',
    user: { email: 'livia@example.org', name: 'Livia Drusilla', notifications: { email: 'all' }, vacation: null, vacationDaysLeft: 21, createdAt: TEST_TIME },
  });
  const me = await s.anon.withToken(res.body.token).get('/v1/me');
  t.equal(me.status, 200);
  t.same(me.body, res.body.user);
  const stored = await s.db.prisma.user.findUniqueOrThrow({ where: { email: 'livia@example.org' } });
  t.match(stored.passwordHash, /^scrypt\$\d+\$8\$\d\$[\w-]{22}\$[\w-]{43}$/, 'the password is stored as a scrypt hash');
  t.notMatch(JSON.stringify(stored), PASSWORD);
});

t.test('register: duplicate email 409, bad email and short password 400 naming the field', async (t) => {
  const s = await apiServer(t);
  await s.anon.post('/v1/auth/register', { email: 'cato@example.org', password: PASSWORD, name: 'Cato' });
  const dup = await s.anon.post('/v1/auth/register', { email: 'CATO@example.org', password: PASSWORD, name: 'Cato the Younger' });
  t.equal(dup.status, 409);
  t.match(dup.body, { code: 'email_taken', errors: [{ in: 'body', path: '/email' }] });
  t.match(dup.headers.get('content-type'), /^application\/problem\+json/);

  const cases: [unknown, string][] = [
    [{ email: 'not-an-email', password: PASSWORD, name: 'X' }, '/email'],
    [{ email: 'x@example.org', password: 'short', name: 'X' }, '/password'],
    [{ email: 'x@example.org', password: PASSWORD, name: '' }, '/name'],
    [{ email: 'x@example.org', password: PASSWORD, name: '   ' }, '/name'],
    [{ email: 'x@example.org', password: PASSWORD }, '/name'],
    [{ email: 'x@example.org', password: PASSWORD, name: 'X', admin: true }, '/admin'],
    [{ email: 'x@example.org', password: 12345678901, name: 'X' }, '/password'],
  ];
  for (const [body, path] of cases) {
    const res = await s.anon.post('/v1/auth/register', body);
    t.equal(res.status, 400, JSON.stringify(body));
    t.match(res.body, { code: 'validation_failed', errors: [{ in: 'body', path }] }, path);
  }
  t.equal(await s.db.prisma.user.count(), 1, 'nothing was created');
});

t.test('login: 200 with a token; a wrong password and an unknown email get the same 401', async (t) => {
  const s = await apiServer(t);
  await s.anon.post('/v1/auth/register', { email: 'brutus@example.org', password: PASSWORD, name: 'Brutus' });
  const ok = await s.anon.post('/v1/auth/login', { email: 'BRUTUS@example.org', password: PASSWORD });
  t.equal(ok.status, 200);
  t.match(ok.body, { tokenType: 'Bearer', user: { email: 'brutus@example.org', name: 'Brutus' } });
  t.equal((await s.anon.withToken(ok.body.token).get('/v1/me')).status, 200);

  const wrong = await s.anon.post('/v1/auth/login', { email: 'brutus@example.org', password: 'wrong password!' });
  const unknown = await s.anon.post('/v1/auth/login', { email: 'nobody@example.org', password: PASSWORD });
  for (const res of [wrong, unknown]) {
    t.equal(res.status, 401);
    t.match(res.body, { code: 'invalid_credentials', detail: 'The email address or the password is wrong.' });
  }
  const bad = await s.anon.post('/v1/auth/login', { email: 'brutus@example.org' });
  t.match(bad.body, { code: 'validation_failed', errors: [{ path: '/password' }] });
});

t.test('login and register are rate limited per address (429 problem with Retry-After)', async (t) => {
  const s = await apiServer(t, { security: { authRateLimit: { max: 3, windowMs: 60_000 } } });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await s.anon.post('/v1/auth/login', { email: 'a@example.org', password: PASSWORD })).status);
  t.same(statuses, [401, 401, 401, 429]);
  const limited = await s.anon.post('/v1/auth/login', { email: 'a@example.org', password: PASSWORD });
  t.equal(limited.status, 429);
  t.match(limited.body, { code: 'rate_limited', status: 429 });
  t.ok(Number(limited.headers.get('retry-after')) > 0);
  const reg = [];
  for (let i = 0; i < 4; i++) reg.push((await s.anon.post('/v1/auth/register', { email: `r${i}@example.org`, password: PASSWORD, name: 'R' })).status);
  t.same(reg, [201, 201, 201, 429], 'registration has its own allowance');
  t.equal((await s.anon.get('/healthz')).status, 200, 'other routes are not limited');
});

t.test('tokens: missing, malformed, forged and expired tokens are 401', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock, security: { tokenTtlSeconds: 3600 } });
  const u = await s.signUp('Porcia');
  const none = await s.anon.get('/v1/me');
  t.equal(none.status, 401);
  t.match(none.body, { code: 'unauthorized' });
  t.match(none.headers.get('www-authenticate'), /^Bearer/);
  for (const authorization of ['Bearer', 'Bearer nonsense', `Basic ${u.token}`, `Bearer ${u.token}x`, `Bearer ${u.token.split('.').slice(0, 2).join('.')}.AAAA`]) {
    const res = await s.anon.get('/v1/me', { headers: { authorization } });
    t.equal(res.status, 401, authorization.slice(0, 20));
  }
  const other = await apiServer(t, { config: { jwtSecret: 'another-secret-another-secret-another' } });
  t.equal((await other.anon.withToken(u.token).get('/v1/me')).status, 401, 'a token of another secret is refused');
  t.equal((await u.client.get('/v1/me')).status, 200);
  clock.advance(3600 * 1000 + 1000);
  const expired = await u.client.get('/v1/me');
  t.equal(expired.status, 401);
  t.match(expired.body.detail, /expired/);
  t.equal((await u.client.get('/v1/games')).status, 401, 'everywhere');
});

t.test('changing the password: proven by the current one; every earlier token is revoked', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Octavia');
  const other = await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD }); // another device
  const phone = s.anon.withToken(other.body.token);
  const NEW = 'a brand new passphrase';

  const wrong = await u.client.post('/v1/me/password', { currentPassword: 'not my password', newPassword: NEW });
  t.match(wrong, { status: 403, body: { code: 'wrong_password', errors: [{ in: 'body', path: '/currentPassword' }] } });
  const short = await u.client.post('/v1/me/password', { currentPassword: PASSWORD, newPassword: 'short' });
  t.match(short, { status: 400, body: { code: 'validation_failed', errors: [{ path: '/newPassword' }] } });
  t.equal((await s.anon.post('/v1/me/password', { currentPassword: PASSWORD, newPassword: NEW })).status, 401);
  t.equal((await phone.get('/v1/me')).status, 200, 'refusals revoke nothing');

  const ok = await u.client.post('/v1/me/password', { currentPassword: PASSWORD, newPassword: NEW });
  t.equal(ok.status, 200);
  t.match(ok.body, { tokenType: 'Bearer', token: /^[\w-]+\.[\w-]+\.[\w-]+$/, user: { id: u.id, email: u.email } });
  for (const old of [u.client, phone]) {
    const res = await old.get('/v1/me');
    t.equal(res.status, 401);
    t.match(res.body, { code: 'unauthorized', detail: /revoked/ });
  }
  t.equal((await s.anon.withToken(ok.body.token).get('/v1/me')).status, 200, 'the new token works');
  t.equal((await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD })).status, 401, 'the old password is gone');
  const again = await s.anon.post('/v1/auth/login', { email: u.email, password: NEW });
  t.equal(again.status, 200);
  t.equal((await s.anon.withToken(again.body.token).get('/v1/me')).status, 200, 'tokens issued after the change work');
});

t.test('changing the password is rate limited like signing in', async (t) => {
  const s = await apiServer(t, { security: { authRateLimit: { max: 2, windowMs: 60_000 } } });
  const u = await s.anon.post('/v1/auth/register', { email: 'drusus@example.org', password: PASSWORD, name: 'Drusus' });
  const client = s.anon.withToken(u.body.token);
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await client.post('/v1/me/password', { currentPassword: `guess number ${i}`, newPassword: 'whatever it may be' })).status);
  t.same(statuses, [403, 403, 429]);
});

t.test('sign out everywhere: every token stops working, this one too; signing in again works', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Antonia');
  const other = s.anon.withToken((await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD })).body.token);
  const game = (await other.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const res = await u.client.delete('/v1/me/tokens');
  t.equal(res.status, 204);
  t.equal(res.text, '');
  for (const c of [u.client, other]) {
    t.match(await c.get('/v1/me'), { status: 401, body: { detail: /revoked/ } });
    t.equal((await c.get(`/v1/games/${game.id}`)).status, 401, 'everywhere');
  }
  const stream = await fetch(`${s.base}/v1/games/${game.id}/events?access_token=${u.token}`);
  t.equal(stream.status, 401, 'the event stream too');
  await stream.body?.cancel();
  t.equal((await u.client.delete('/v1/me/tokens')).status, 401, 'a revoked token cannot do it again');
  const back = await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD });
  t.equal((await s.anon.withToken(back.body.token).get(`/v1/games/${game.id}`)).status, 200);
});

t.test('sign out on this device: POST /v1/auth/logout revokes this token on the server, and no other', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Livilla');
  const phone = s.anon.withToken((await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD })).body.token);
  const game = (await phone.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const res = await u.client.post('/v1/auth/logout');
  t.equal(res.status, 204);
  t.equal(res.text, '');
  t.match(await u.client.get('/v1/me'), { status: 401, body: { code: 'unauthorized', detail: /signed out/ } });
  t.equal((await u.client.get(`/v1/games/${game.id}`)).status, 401, 'for every operation');
  const stream = await fetch(`${s.base}/v1/games/${game.id}/events?access_token=${u.token}`);
  t.equal(stream.status, 401, 'the event stream too');
  await stream.body?.cancel();
  t.equal((await u.client.post('/v1/auth/logout')).status, 401, 'a signed-out token cannot sign out again');
  t.equal((await phone.get('/v1/me')).status, 200, 'the other device is still signed in');
  t.equal((await phone.get(`/v1/games/${game.id}`)).status, 200);
  // A token issued before tokens had an id (no jti) is signed out alone too.
  const legacy = (iat: number) => s.anon.withToken(s.app.jwt.sign({ sub: u.id, gen: 0, iat }, { expiresIn: 3600, clockTimestamp: s.clock.now().getTime() }));
  const [old1, old2] = [legacy(Math.floor(s.clock.now().getTime() / 1000) - 60), legacy(Math.floor(s.clock.now().getTime() / 1000) - 30)];
  t.equal((await old1.post('/v1/auth/logout')).status, 204);
  t.equal((await old1.get('/v1/me')).status, 401, 'an old token without an id, signed out');
  t.equal((await old2.get('/v1/me')).status, 200, 'another old token still works');
});

t.test('a sign-out through one instance is seen by another within the cache time, and stays', async (t) => {
  const a = await apiServer(t, { security: { tokenGenerationCacheMs: 300 } });
  const b = await apiServer(t, { db: a.db, security: { tokenGenerationCacheMs: 300 } });
  const u = await a.signUp('Drusilla');
  const onB = b.anon.withToken(u.token);
  t.equal((await onB.get('/v1/me')).status, 200); // remembered by B now
  t.equal((await u.client.post('/v1/auth/logout')).status, 204); // through A
  await new Promise((r) => setTimeout(r, 350));
  t.match(await onB.get('/v1/me'), { status: 401, body: { detail: /signed out/ } }, 'B refuses it after its cache time');
  await new Promise((r) => setTimeout(r, 350));
  t.equal((await onB.get('/v1/me')).status, 401, 'and keeps refusing it');
});

t.test('a revocation made elsewhere (another instance) is seen within the cache time', async (t) => {
  const s = await apiServer(t, { security: { tokenGenerationCacheMs: 300 } });
  const u = await s.signUp('Agrippina');
  t.equal((await u.client.get('/v1/me')).status, 200); // remembered now
  await s.db.prisma.user.update({ where: { id: u.id }, data: { tokenGeneration: { increment: 1 } } });
  await new Promise((r) => setTimeout(r, 350));
  t.match(await u.client.get('/v1/me'), { status: 401, body: { detail: /revoked/ } });
});

t.test('the token of a deleted account is refused', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Claudia');
  await s.db.prisma.user.delete({ where: { id: u.id } });
  t.match(await u.client.get('/v1/me'), { status: 401, body: { code: 'unauthorized', detail: 'This account no longer exists.' } });
});

t.test('a token only works on the query string for the event stream', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Servilia');
  const res = await s.anon.get(`/v1/me?access_token=${u.token}`);
  t.equal(res.status, 401, 'other operations want the Authorization header');
});

t.test('PATCH /v1/me changes the name and the email preference (all, moves, none)', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Octavia');
  const res = await u.client.patch('/v1/me', { name: 'Octavia Minor', notifications: { email: 'none' } });
  t.equal(res.status, 200);
  t.match(res.body, { name: 'Octavia Minor', notifications: { email: 'none' } });
  t.match((await u.client.get('/v1/me')).body, { name: 'Octavia Minor', notifications: { email: 'none' } });
  const only = await u.client.patch('/v1/me', { notifications: { email: 'moves' } });
  t.match(only.body, { name: 'Octavia Minor', notifications: { email: 'moves' } });
  t.match((await u.client.patch('/v1/me', { notifications: { email: 'all' } })).body, { notifications: { email: 'all' } });
  for (const [body, path] of [
    [{}, ''],
    [{ notifications: {} }, '/notifications'],
    [{ name: 'x'.repeat(51) }, '/name'],
    [{ email: 'new@example.org' }, '/email'],
    [{ notifications: { email: 'yes' } }, '/notifications/email'],
    [{ notifications: { email: true } }, '/notifications/email'],
  ] as const) {
    const bad = await u.client.patch('/v1/me', body);
    t.equal(bad.status, 400, JSON.stringify(body));
    t.match(bad.body, { code: 'validation_failed', errors: [{ path }] });
  }
  t.equal((await s.anon.patch('/v1/me', { name: 'X' })).status, 401);
});

t.test('passwords and tokens never reach the logs', async (t) => {
  const logs = logCapture();
  const s = await apiServer(t, { logger: logs.logger });
  const u = await s.signUp('Julia');
  await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD });
  await u.client.get('/v1/me');
  await u.client.get(`/v1/games/00000000-0000-7000-8000-000000000000/events?access_token=${u.token}`);
  const changed = await u.client.post('/v1/me/password', { currentPassword: PASSWORD, newPassword: 'the next secret words' });
  t.equal(changed.status, 200);
  const text = logs.text();
  t.notMatch(text, 'the next secret words');
  t.notMatch(text, changed.body.token);
  t.ok(text.length > 0);
  t.notMatch(text, PASSWORD);
  t.notMatch(text, u.token);
  t.notMatch(text, u.token.split('.')[2]!, 'not even the signature');
});
