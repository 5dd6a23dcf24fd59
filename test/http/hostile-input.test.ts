// Hostile input and resource limits (issue 9, section 4): each finding of the security review,
// replayed. A client mistake or attack gets a 4xx problem and changes nothing; never a 5xx.
import { connect, type Socket } from 'node:net';
import pg from 'pg';
import t from 'tap';
import { apiServer, openEvents, startGame } from '../helpers/api.js';
import { fixedClock } from '../../src/app/clock.js';
import { unsubscribeUrl } from '../../src/app/notify/unsubscribe.js';
import { logCapture, TEST_TIME } from '../helpers/server.js';

t.test('display names: control characters are refused, names are NFC, invisible-only names are refused (register and PATCH /v1/me)', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Livia');
  let n = 0;
  const register = (name: string) => s.anon.post('/v1/auth/register', { email: `names${++n}@example.org`, password: 'correct horse battery', name });
  for (const name of ['Li\u0000via', 'Li\u0007via', 'Livia\u001b[31m', 'Li\nvia', 'Li\tvia', 'Livia\u007f', 'Li\u0085via', '\u202eaivil', 'Li\ud800via', '\u200b', '\u200b\u200c\u2060', '\u3164', ' \u00a0 ', '\ufeff', '\u0301']) {
    const r = await register(name);
    t.equal(r.status, 400, `register ${JSON.stringify(name)}`);
    t.match(r.body, { code: 'validation_failed', errors: [{ path: '/name' }] }, JSON.stringify(name));
    const p = await u.client.patch('/v1/me', { name });
    t.equal(p.status, 400, `PATCH ${JSON.stringify(name)}`);
    t.match(p.body, { code: 'validation_failed', errors: [{ path: '/name' }] });
  }
  t.equal((await u.client.get('/v1/me')).body.name, 'Livia', 'nothing changed');
  t.equal(await s.db.prisma.user.count(), 1, 'no account was made');

  // NFC: "e" + combining acute is stored as the single "é"; spaces are collapsed as before.
  const decomposed = 'Ame\u0301lie  Poulain';
  const r = await register(decomposed);
  t.equal(r.status, 201);
  t.equal(r.body.user.name, 'Am\u00e9lie Poulain');
  const p = await u.client.patch('/v1/me', { name: 'Zo\u0065\u0308' });
  t.equal(p.body.name, 'Zo\u00eb');
  // Names in scripts that need joiners stay as they are.
  t.equal((await u.client.patch('/v1/me', { name: 'क्\u200dष' })).status, 200);
});

t.test('GET /v1/games?cursor= out of range is 400, not 500', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Cursor');
  for (const n of ['9999999999', '2147483648', '0000000000']) {
    const cursor = Buffer.from(`g${n}`).toString('base64url');
    const r = await u.client.get(`/v1/games?cursor=${cursor}`);
    t.equal(r.status, n === '0000000000' ? 200 : 400, `cursor g${n}`);
    if (r.status === 400) t.match(r.body, { code: 'validation_failed', errors: [{ path: '/cursor' }] });
  }
});

t.test('an upper-case game id is the same game: reads, acts and hears its changes on the event stream', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const upper = g.id.toUpperCase();
  const read = await g.caesar.client.get(`/v1/games/${upper}`);
  t.equal(read.status, 200);
  t.equal(read.body.id, g.id, 'answered with the canonical id');
  const stream = await openEvents(s.base, upper, { token: g.caesar.token });
  t.equal(stream.res.status, 200);
  await stream.waitFor(1);
  const mine = (await g.pompey.client.get(`/v1/games/${g.id}`)).body;
  const acted = await g.pompey.client.post(`/v1/games/${upper}/actions`, { action: mine.legalActions[0], version: mine.version });
  t.equal(acted.status, 200);
  const events = await stream.waitFor(2);
  t.match(JSON.parse(events[1]!.data!), { id: g.id, version: mine.version + 1 });
  await stream.close();
  t.equal((await g.caesar.client.get(`/v1/games/urn:uuid:${g.id}`)).status, 400, 'other spellings of a UUID are refused');
});

t.test('tokens without exp, whose sub is not a UUID, or whose jti is not one of ours, are 401', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Claudia');
  const forever = s.app.jwt.sign({ sub: u.id, gen: 0 });
  t.notOk(JSON.parse(Buffer.from(forever.split('.')[1]!, 'base64url').toString()).exp, 'the forged token has no exp');
  const r1 = await s.anon.withToken(forever).get('/v1/me');
  t.equal(r1.status, 401);
  t.match(r1.body, { code: 'unauthorized' });
  for (const sub of ['admin', '', '1', `${u.id}x`, u.id.toUpperCase().replace(/-/g, '')]) {
    const bad = s.app.jwt.sign({ sub, gen: 0 }, { expiresIn: 3600, clockTimestamp: s.clock.now().getTime() });
    const r = await s.anon.withToken(bad).get('/v1/me');
    t.equal(r.status, 401, `sub ${JSON.stringify(sub)}`);
  }
  for (const jti of [7, '', 'x'.repeat(200), ['a'], 'not an id of ours!']) {
    const bad = s.app.jwt.sign({ sub: u.id, gen: 0, jti }, { expiresIn: 3600, clockTimestamp: s.clock.now().getTime() });
    t.equal((await s.anon.withToken(bad).get('/v1/me')).status, 401, `jti ${JSON.stringify(jti)}`);
  }
  const good = s.app.jwt.sign({ sub: u.id, gen: 0 }, { expiresIn: 3600, clockTimestamp: s.clock.now().getTime() });
  t.equal((await s.anon.withToken(good).get('/v1/me')).status, 200, 'a well-formed token still works');
});

t.test('private-game invite codes are masked in the access log', async (t) => {
  const logs = logCapture('info');
  const s = await apiServer(t, { logger: logs.logger });
  const a = await s.signUp('Host');
  const b = await s.signUp('Guest');
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' });
  const code = created.body.invite.code as string;
  t.equal((await b.client.get(`/v1/games/${created.body.id}?invite=${code}`)).status, 200);
  t.notMatch(logs.text(), code, 'the code is nowhere in the logs');
  t.match(logs.text(), /invite=xxx/);
});

t.test('an invite code in any spelling the query parser reads is masked in the access log (?invite%3D<code>, ?invite[]=<code>, ...)', async (t) => {
  const logs = logCapture('info');
  const s = await apiServer(t, { logger: logs.logger });
  const a = await s.signUp('Host');
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' });
  const { id } = created.body;
  const code = created.body.invite.code as string;
  const spellings = [`invite%3D${code}`, `invite[]=${code}`, `invite%5B%5D=${code}`, `INVITE=${code}`, `%69nvite=${code}`, `x=1&invite=${code}&invite=${code}`, `access%5Ftoken=${a.token}`];
  for (const q of spellings) {
    await a.client.get(`/v1/games/${id}?${q}`);
    await s.anon.get(`/games/${id}?${q}`);
  }
  t.notMatch(logs.text(), code, 'the code is nowhere in the logs');
  t.notMatch(logs.text(), a.token, 'nor the token');
  t.match(logs.text(), /invite=xxx/);
});

t.test('event streams are capped per account and per address (429 with Retry-After); closing one frees a place', async (t) => {
  const s = await apiServer(t, { security: { eventStreams: { perUser: 3, perAddress: 5 } } });
  const g = await startGame(s);
  const mine = await Promise.all([0, 1, 2].map(() => openEvents(s.base, g.id, { token: g.caesar.token })));
  t.same(mine.map((x) => x.res.status), [200, 200, 200]);
  const fourth = await openEvents(s.base, g.id, { token: g.caesar.token });
  t.equal(fourth.res.status, 429, 'a fourth stream of one account');
  t.match(await fourth.res.json(), { code: 'rate_limited' });
  t.equal(fourth.res.headers.get('retry-after'), '30');
  const theirs = await Promise.all([0, 1].map(() => openEvents(s.base, g.id, { token: g.pompey.token })));
  t.same(theirs.map((x) => x.res.status), [200, 200]);
  const third = await openEvents(s.base, g.id, { token: g.pompey.token });
  t.equal(third.res.status, 429, 'a sixth stream from one address, though the account has room');
  await third.close();
  await mine[0]!.close();
  // The server sees the close when the socket ends: wait for the place to be free.
  let again = await openEvents(s.base, g.id, { token: g.pompey.token });
  for (let i = 0; again.res.status === 429 && i < 100; i++) {
    await again.close();
    await new Promise((r) => setTimeout(r, 50));
    again = await openEvents(s.base, g.id, { token: g.pompey.token });
  }
  t.equal(again.res.status, 200, 'a closed stream gives its place back');
  for (const x of [...mine.slice(1), ...theirs, again, fourth]) await x.close();
});

t.test('server timeouts: connections that send nothing, trickle headers or a body, or idle after a request are closed', async (t) => {
  const s = await apiServer(t, { security: { httpTimeouts: { headersMs: 300, requestMs: 800, keepAliveMs: 300 } } });
  const { port } = new URL(s.base);
  const probe = (send: (c: Socket) => void) =>
    new Promise<number>((resolve) => {
      const t0 = Date.now();
      const c = connect(Number(port), '127.0.0.1', () => send(c));
      c.on('data', () => {});
      c.on('error', () => {});
      c.on('close', () => resolve(Date.now() - t0));
      // Generous: far above the timeouts, far below Node's defaults (60 s headers, 300 s request).
      setTimeout(() => {
        c.destroy();
        resolve(Infinity);
      }, 15_000).unref();
    });
  const closed = await Promise.all([
    probe(() => {}),
    probe((c) => c.write('GET /healthz HTTP/1.1\r\nHost: x\r\n')),
    probe((c) => c.write('POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em')),
    probe((c) => c.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n')),
  ]);
  for (const [i, what] of ['silent', 'trickled headers', 'trickled body', 'idle keep-alive'].entries()) t.ok(closed[i]! < 15_000, `${what}: closed after ${closed[i]} ms`);
});

t.test('failed sign-ins are limited per account too, with a doubling wait, in the database (two instances share it), alike for unknown addresses', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const backoff = { freeAttempts: 3, baseMs: 10_000, maxMs: 60_000, resetAfterMs: 3600_000 };
  const a = await apiServer(t, { clock, security: { loginBackoff: backoff } });
  const b = await apiServer(t, { clock, db: a.db, security: { loginBackoff: backoff } });
  const u = await a.signUp('Brutus');
  const attempt = (s: typeof a, email: string, password = 'wrong password!') => s.anon.post('/v1/auth/login', { email, password });
  for (const email of [u.email, 'nobody@example.org']) {
    for (let i = 0; i < 3; i++) t.equal((await attempt(i % 2 ? a : b, email)).status, 401, `${email}: free failure ${i + 1}`);
    t.equal((await attempt(a, email)).status, 401, 'the failure past the free ones is answered, and starts a wait');
    for (const s of [a, b]) {
      const r = await attempt(s, email, 'correct horse battery');
      t.equal(r.status, 429, `${email}: blocked on both instances, even with the right password`);
      t.equal(r.headers.get('retry-after'), '10');
      t.match(r.body, { code: 'rate_limited' });
    }
    clock.advance(10_000);
    t.equal((await attempt(b, email)).status, 401, 'after the wait, one more try');
    t.equal((await attempt(a, email)).headers.get('retry-after'), '20', 'and the next wait is doubled');
    clock.advance(20_000);
  }
  t.equal((await attempt(a, u.email, 'correct horse battery')).status, 200, 'the right password after the wait');
  t.equal((await attempt(a, u.email)).status, 401, 'a success starts the count again');
});

t.test("an attacker's failed sign-ins do not lock the owner out: a budget per account and client address, a much higher ceiling per account that spares the owner's own address, and the password reset works throughout", async (t) => {
  const clock = fixedClock(TEST_TIME);
  const loginBackoff = { freeAttempts: 3, baseMs: 10_000, maxMs: 60_000, resetAfterMs: 3600_000 };
  const loginCeiling = { freeAttempts: 12, baseMs: 10_000, maxMs: 60_000, resetAfterMs: 3600_000 };
  const s = await apiServer(t, { clock, security: { loginBackoff, loginCeiling } });
  const u = await s.signUp('Octavia');
  const login = (remoteAddress: string, password = 'wrong password!') =>
    s.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: u.email, password }, remoteAddress });
  // The owner signs in from home once: that address is hers.
  t.equal((await login('192.0.2.7', 'correct horse battery')).statusCode, 200, 'the owner, from home');

  // One attacker, one address: his own budget runs out; the owner is not affected.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await login('203.0.113.66')).statusCode);
  t.same(statuses, [401, 401, 401, 401, 429, 429], 'the attacker waits after his free failures');
  t.equal((await login('203.0.113.66', 'correct horse battery')).statusCode, 429, 'even with the right password, from his address');
  t.equal((await login('192.0.2.7', 'correct horse battery')).statusCode, 200, 'the owner from home: signed in');
  t.equal((await login('198.51.100.9', 'correct horse battery')).statusCode, 200, 'the owner from a café (an address never used): signed in');

  // Many addresses: past the per-account ceiling, addresses the owner has not signed in from wait too.
  for (let i = 1; i <= 12; i++) await login(`203.0.113.${i}`);
  const stranger = await login('203.0.113.200', 'correct horse battery');
  t.equal(stranger.statusCode, 429, 'past the ceiling, an address the owner never signed in from waits');
  t.ok(Number(stranger.headers['retry-after']) > 0, 'with Retry-After');
  t.equal((await login('192.0.2.7', 'correct horse battery')).statusCode, 200, 'the owner, from an address she signed in from: signed in');
  t.equal((await login('198.51.100.9', 'correct horse battery')).statusCode, 200, 'and from the café she signed in from');

  // The password reset works throughout, and a reset lets the owner in from anywhere.
  const asked = await s.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email: u.email }, remoteAddress: '198.51.100.77' });
  t.equal(asked.statusCode, 202);
  await s.app.services.background.idle();
  const row = await s.db.prisma.outboxEmail.findFirst({ where: { kind: 'password-reset', toAddress: u.email } });
  t.ok(row, 'the reset email is on its way');
  const token = /token=([\w.-]+)/.exec(row!.textBody ?? '')![1]!;
  const reset = await s.app.inject({ method: 'POST', url: '/v1/auth/password-reset/confirm', payload: { token, newPassword: 'a new password, at last' }, remoteAddress: '198.51.100.77' });
  t.equal(reset.statusCode, 200, 'the reset sets the password and signs in');
  t.equal((await login('198.51.100.77', 'a new password, at last')).statusCode, 200, 'after the reset, the new password works from a new address');
});

t.test('asking for a password reset answers before any work that depends on the account existing', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Cassius');
  // Hold the outbox locked, so that writing the reset email cannot finish: an answer that waited
  // for it (the known address's extra work) would not come while the lock is held.
  const lock = new pg.Client({ connectionString: s.db.url });
  await lock.connect();
  t.teardown(() => lock.end());
  await lock.query('BEGIN');
  await lock.query('LOCK TABLE outbox IN EXCLUSIVE MODE');
  const within = (p: Promise<{ status: number }>) =>
    Promise.race([p.then((r) => r.status), new Promise<string>((resolve) => setTimeout(() => resolve('no answer in 10 s'), 10_000).unref())]);
  t.equal(await within(s.anon.post('/v1/auth/password-reset', { email: u.email })), 202, 'a known address is answered at once');
  t.equal(await within(s.anon.post('/v1/auth/password-reset', { email: 'nobody@example.org' })), 202, 'an unknown one too');
  t.equal(await s.db.prisma.outboxEmail.count({ where: { kind: 'password-reset' } }), 0, 'the email is not written yet');
  await lock.query('COMMIT');
  await s.app.services.background.idle();
  t.equal(await s.db.prisma.outboxEmail.count({ where: { kind: 'password-reset' } }), 1, 'then it is, for the known address only');
});

t.test('failed sign-ins of addresses nobody tried for a day are forgotten', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const emails = async () => [...new Set((await s.db.prisma.loginThrottle.findMany()).map((r) => r.email))];
  for (let i = 0; i < 5; i++) await s.anon.post('/v1/auth/login', { email: `guess${i}@example.org`, password: 'wrong password!' });
  t.equal((await emails()).length, 5);
  clock.advance(25 * 3600_000);
  await s.anon.post('/v1/auth/login', { email: 'later@example.org', password: 'wrong password!' });
  t.same(await emails(), ['later@example.org']);
});

// Issue 38.6: the documented largest cursor answered 500 (PostgreSQL 22003); integers in paths and
// queries took "0x10", "1e2", "01" and " 1".
t.test('numbers in paths and queries: plain decimal only, within the documented range; the largest works', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const p = g.caesar.client;
  t.match(await p.get(`/v1/games/${g.id}/messages?after=2147483647`), { status: 200, body: { items: [], earlier: false, later: false } }, 'after = the documented maximum: an empty page');
  t.match(await p.get(`/v1/games/${g.id}/messages?before=2147483647`), { status: 200, body: { items: [] } });
  t.match(await p.get(`/v1/games/${g.id}/messages?after=2147483648`), { status: 400, body: { code: 'validation_failed', errors: [{ in: 'query', path: '/after' }] } }, 'one past it: a 400 naming the field');
  t.match(await p.get(`/v1/games/${g.id}/positions/2147483647`), { status: 404 });
  for (const n of ['0x10', '1e2', '01', '%20 1', '1%20', '+1', '1.0', '-0']) {
    t.match(await p.get(`/v1/games/${g.id}/positions/${n}`), { status: 400, body: { code: 'validation_failed', errors: [{ in: 'path', path: '/n' }] } }, `positions/${n}`);
  }
  t.equal((await p.get(`/v1/games/${g.id}/positions/1`)).status, 200, 'positions/1 as ever');
  for (const q of ['limit=0x10', 'limit=1e1', 'limit=010']) t.match(await p.get(`/v1/games?${q}`), { status: 400, body: { errors: [{ path: '/limit' }] } }, q);
  t.equal((await p.get('/v1/games?limit=10')).status, 200);
});

// Issue 38.8: with a valid token, 30 wrong current passwords from 3 addresses, then the right one, changed it.
t.test('a wrong current password counts as a failed sign-in: changing the password, the address or deleting the account is throttled per account and address', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const loginBackoff = { freeAttempts: 3, baseMs: 10_000, maxMs: 60_000, resetAfterMs: 3600_000 };
  const loginCeiling = { freeAttempts: 12, baseMs: 10_000, maxMs: 60_000, resetAfterMs: 3600_000 };
  const s = await apiServer(t, { clock, security: { loginBackoff, loginCeiling } });
  const u = await s.signUp('Tullia');
  const headers = { authorization: `Bearer ${u.token}` };
  const change = (remoteAddress: string, currentPassword = 'wrong password!') =>
    s.app.inject({ method: 'POST', url: '/v1/me/password', headers, payload: { currentPassword, newPassword: 'a brand new password' }, remoteAddress });
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await change(`203.0.113.${i % 3}`)).statusCode);
  // As sign-ins: three free failures from each address, and the fourth, answered, starts its wait.
  t.same(statuses.slice(0, 12), Array(12).fill(403), 'four failures answered from each of three addresses');
  t.same(statuses.slice(12), Array(18).fill(429), 'then each waits');
  const right = await change('203.0.113.1', 'correct horse battery');
  t.equal(right.statusCode, 429, 'the right password from a guessing address waits too');
  t.ok(Number(right.headers['retry-after']) > 0);
  const email = await s.app.inject({ method: 'POST', url: '/v1/me/email', headers, payload: { email: 'elsewhere@example.org', currentPassword: 'correct horse battery' }, remoteAddress: '203.0.113.2' });
  t.equal(email.statusCode, 429, 'and so does changing the address from there');
  const deletion = await s.app.inject({ method: 'POST', url: '/v1/me/deletion', headers, payload: { password: 'correct horse battery' }, remoteAddress: '203.0.113.0' });
  t.equal(deletion.statusCode, 429, 'and deleting the account');
  t.equal((await s.anon.post('/v1/auth/login', { email: u.email, password: 'correct horse battery' })).status, 200, 'the account is untouched: the old password signs in');
  clock.advance(120_000);
  t.equal((await change('203.0.113.1', 'correct horse battery')).statusCode, 200, 'after the wait, the right password works');
});

// Issue 38.10.
t.test('a message of invisible characters only is empty; a JSON body to the one-click unsubscribe is a 415; ?inviteCode= is masked in the log', async (t) => {
  const logs = logCapture('info');
  const s = await apiServer(t, { logger: logs.logger });
  const g = await startGame(s);
  for (const text of ['\u200b', '\u200b\u200c\u2060', ' \u3164 ', '\ufeff\n\u200b']) {
    t.match(await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text }), { status: 400, body: { code: 'validation_failed', errors: [{ path: '/text' }], detail: /is empty/ } }, JSON.stringify(text));
  }
  t.equal((await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: 'Ave\u200b!' })).status, 201, 'a joiner within text stays');

  const created = await g.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' });
  const code = created.body.invite.code as string;
  for (const res of [
    await g.pompey.client.get(`/v1/games/${created.body.id}?inviteCode=${code}`),
    await g.pompey.client.post(`/v1/games/${created.body.id}/join?inviteCode=${code}`, {}),
  ]) {
    t.ok(res.status >= 400 && res.status < 500, `the query's name is invite: ${res.status}`);
    t.notMatch(res.text, code, 'the answer does not repeat the code');
  }
  t.notMatch(logs.text(), code, 'its code is nowhere in the log');
  t.match(logs.text(), /invite=xxx/);

  const url = new URL(unsubscribeUrl(s.app.config.publicUrl, s.app.config.jwtSecret, g.caesar.id));
  const json = await s.app.inject({ method: 'POST', url: url.pathname + url.search, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }) });
  t.equal(json.statusCode, 415, 'a JSON body is not the form RFC 8058 sends');
  t.match(JSON.parse(json.body), { code: 'unsupported_media_type' });
  t.match((await g.caesar.client.get('/v1/me')).body, { notifications: { email: 'all' } }, 'and unsubscribes nobody');
  const form = await s.app.inject({ method: 'POST', url: url.pathname + url.search, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
  t.equal(form.statusCode, 200, 'the form does');
});
