// Verified addresses (issue: anyone could flood any address: registering with someone else's
// address and creating 600 games against the bot put 600 "your move" emails to it in the
// outbox). Registration (and an address change) sends one confirmation email with a link that
// works once, for 48 hours; until the address is confirmed Alea sends it nothing else but a
// password reset asked for; the account plays meanwhile, GET /v1/me says why no emails come, and
// the link can be sent again, rate limited.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { act, apiServer, confirmationToken, confirmEmailThroughLink, look, type ApiServer } from '../helpers/api.js';
import { mailHarness, to } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';
const BOT = { game: 'caesars-gallic-war', role: 'Roman', opponent: 'bot' };
const rowsTo = (s: ApiServer, address: string) => s.db.prisma.outboxEmail.findMany({ where: { toAddress: address }, orderBy: { id: 'asc' } });

t.test("someone else's address: one confirmation email, then nothing else however many games are made, until it is confirmed", async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const victim = 'victim@example.org';
  const reg = await s.anon.post('/v1/auth/register', { email: victim, password: PASSWORD, name: 'Prankster' });
  t.equal(reg.status, 201, 'registration works, and signs in');
  t.match(reg.body.user, { email: victim, emailConfirmed: false, pendingEmail: null });
  const attacker = s.anon.withToken(reg.body.token);
  for (let i = 0; i < 5; i++) t.equal((await attacker.post('/v1/games', BOT)).status, 201, 'the account can play');
  t.same(
    (await rowsTo(s, victim)).map((r) => r.kind),
    ['email-confirmation'],
    'the outbox holds the confirmation and nothing else for the address',
  );
  const [m] = await mail.deliver();
  t.equal(m!.subject, 'Confirm your email address for Alea');
  t.match(m!.text, /http:\/\/alea\.test\/verify-email\?token=[\w-]{43}/, 'a link to the web page');
  t.match(m!.text, /48 hours/);
  t.match(m!.text, /If you did not create an account on Alea, ignore this email/);
  t.match((await attacker.get('/v1/me')).body, { emailConfirmed: false });

  // Its owner confirms it: emails flow from then on.
  await confirmEmailThroughLink(s, victim);
  t.match((await attacker.get('/v1/me')).body, { emailConfirmed: true, email: victim });
  const game = (await attacker.post('/v1/games', BOT)).body;
  await mail.deliver();
  t.ok((await rowsTo(s, victim)).some((r) => r.kind === 'your-turn' && r.gameId === game.id), 'a confirmed address gets "your move"');
});

t.test('a game between an unconfirmed player and a confirmed one: only the confirmed one gets emails', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const a = await s.signUp('Marcus', { confirmed: false });
  const b = await s.signUp('Gnaeus');
  await mail.deliver(); // the confirmation email
  const created = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  t.equal((await b.client.post(`/v1/games/${created.id}/join`, {})).status, 200);
  const mails = await mail.deliver();
  t.same(mails.filter((m) => m.to.includes(a.email)), [], 'the unconfirmed creator: nothing');
  const discard = (await look(b, created.id)).legalActions.find((x: any) => x.type === 'discard');
  await act(b, created.id, discard);
  const aDiscard = (await look(a, created.id)).legalActions.find((x: any) => x.type === 'discard');
  await act(a, created.id, aDiscard);
  t.same((await mail.deliver()).filter((m) => m.to.includes(a.email)), [], 'still nothing');
  t.same((await rowsTo(s, a.email)).map((r) => r.kind), ['email-confirmation'], 'not even in the outbox');
  await confirmEmailThroughLink(s, a.email);
  await act(b, created.id, (await look(b, created.id)).legalActions.find((x: any) => x.type === 'play'));
  await act(a, created.id, (await look(a, created.id)).legalActions.find((x: any) => x.type === 'play'));
  const after = (await mail.deliver()).filter((m) => m.to.includes(a.email));
  t.ok(after.length >= 1, `confirmed now: ${after.map((m) => m.subject).join(' | ')}`);
});

t.test('the link works once, for 48 hours; a forged or unknown token is a 400; the page is the web client', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const u = await s.signUp('Aulus', { confirmed: false });
  const token = await confirmationToken(s, u.email);
  t.equal((await s.anon.get(`/verify-email?token=${token}`)).status, 200, 'the link opens a page of the web client');
  for (const bad of ['x', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 'A'.repeat(43)]) {
    t.match(await s.anon.post('/v1/auth/email-confirmation', { token: bad }), { status: 400, body: { code: 'invalid_token', errors: [{ path: '/token' }] } }, bad);
  }
  const ok = await s.anon.post('/v1/auth/email-confirmation', { token });
  t.equal(ok.status, 200);
  t.same(ok.body, { email: u.email, emailConfirmed: true });
  t.match(await s.anon.post('/v1/auth/email-confirmation', { token }), { status: 400, body: { code: 'invalid_token' } }, 'once only');
  t.match((await u.client.get('/v1/me')).body, { emailConfirmed: true });

  const late = await s.signUp('Tardus', { confirmed: false });
  const lateToken = await confirmationToken(s, late.email);
  clock.advance(48 * 3600_000);
  t.match(await s.anon.post('/v1/auth/email-confirmation', { token: lateToken }), { status: 400, body: { code: 'invalid_token' } }, 'expired after 48 hours');
  t.match((await late.client.get('/v1/me')).body, { emailConfirmed: false });
  const stored = await s.db.prisma.$queryRawUnsafe('SELECT token_hash FROM email_confirmations');
  t.notMatch(JSON.stringify(stored), lateToken, 'only a digest of the token is stored');
});

t.test('sending the link again: rate limited (429 with Retry-After), 409 once confirmed', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock, security: { emailConfirmation: { linkTtlMs: 48 * 3600_000, resendAfterMs: 5 * 60_000, perDay: 3, perAddressPerDay: 10 } } });
  const u = await s.signUp('Iterum', { confirmed: false });
  const resend = () => u.client.post('/v1/me/email-confirmation');
  const soon = await resend();
  t.equal(soon.status, 429, 'not right after the first');
  t.equal(soon.headers.get('retry-after'), '300');
  t.match(soon.body, { code: 'rate_limited', detail: /5 minutes/ });
  clock.advance(5 * 60_000);
  t.equal((await resend()).status, 202, 'after 5 minutes');
  clock.advance(5 * 60_000);
  t.equal((await resend()).status, 202, 'again');
  clock.advance(5 * 60_000);
  const cap = await resend();
  t.equal(cap.status, 429, 'at most 3 a day');
  t.equal(cap.headers.get('retry-after'), String(24 * 3600 - 15 * 60), 'until the first of the day is a day old');
  t.equal((await s.db.prisma.outboxEmail.count({ where: { toAddress: u.email, kind: 'email-confirmation' } })), 3);
  const token = await confirmationToken(s, u.email);
  t.equal((await s.anon.post('/v1/auth/email-confirmation', { token })).status, 200, 'the newest link works');
  t.match(await resend(), { status: 409, body: { code: 'conflict' } }, 'nothing left to confirm');
  t.equal((await s.anon.post('/v1/me/email-confirmation')).status, 401);
});

t.test('changing the address: confirmed before it replaces the old one, and the old one is told', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Mutatus');
  const other = await s.signUp('Alius');
  await mail.deliver();
  t.match(await u.client.post('/v1/me/email', { email: 'new@example.org', currentPassword: 'wrong password!' }), { status: 403, body: { code: 'wrong_password' } });
  t.match(await u.client.post('/v1/me/email', { email: other.email, currentPassword: PASSWORD }), { status: 409, body: { code: 'email_taken' } });
  t.match(await u.client.post('/v1/me/email', { email: 'not an address', currentPassword: PASSWORD }), { status: 400, body: { errors: [{ path: '/email' }] } });
  const asked = await u.client.post('/v1/me/email', { email: 'New@Example.org', currentPassword: PASSWORD });
  t.equal(asked.status, 200);
  t.match(asked.body, { email: u.email, emailConfirmed: true, pendingEmail: 'new@example.org' }, 'the old address stays until the new one is confirmed');
  const sent = await mail.deliver();
  t.same(sent.map((m) => m.to[0]), ['new@example.org'], 'one email, to the new address');
  t.equal(sent[0]!.subject, 'Confirm your email address for Alea');
  // Meanwhile the game emails go to the old, confirmed address.
  const g = (await u.client.post('/v1/games', BOT)).body;
  t.ok((await rowsTo(s, u.email)).some((r) => r.kind === 'your-turn' && r.gameId === g.id), 'game emails still go to the confirmed address');
  t.same((await rowsTo(s, 'new@example.org')).map((r) => r.kind), ['email-confirmation'], 'and none to the new one');
  await mail.deliver();
  await confirmEmailThroughLink(s, 'new@example.org');
  t.match((await u.client.get('/v1/me')).body, { email: 'new@example.org', emailConfirmed: true, pendingEmail: null });
  const told = to(t, await mail.deliver(), u.email);
  t.equal(told.subject, 'Your Alea email address was changed');
  t.match(told.text, /new@example\.org/);
  t.equal((await s.anon.post('/v1/auth/login', { email: 'new@example.org', password: PASSWORD })).status, 200, 'signs in with the new address');
  t.equal((await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD })).status, 401, 'not with the old one');
});

t.test('a password reset goes to an unconfirmed address (its owner takes the account back), and confirms it', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Occupatus', { confirmed: false });
  t.equal((await s.anon.post('/v1/auth/password-reset', { email: u.email })).status, 202);
  await s.app.services.background.idle();
  const row = (await rowsTo(s, u.email)).find((r) => r.kind === 'password-reset');
  t.ok(row, 'the reset email is enqueued');
  const token = /token=([\w.-]+)/.exec(row!.textBody!)![1]!;
  t.equal((await s.anon.post('/v1/auth/password-reset/confirm', { token, newPassword: 'the owner is back now' })).status, 200);
  const me = await s.anon.post('/v1/auth/login', { email: u.email, password: 'the owner is back now' });
  t.match(me.body.user, { emailConfirmed: true }, 'the reset link proved the mailbox');
});

// Issue 38.1: the limits were per account and per source: nine fresh accounts each asked to use
// one stranger's address, and the stranger got nine "Confirm this address" emails in ten seconds,
// each greeting them with a name the attacker chose.
t.test("one stranger's address asked for by many accounts: one link while it works, a few a day in all, and none says what the accounts chose", async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const victim = 'stranger@example.org';
  const accounts = [];
  for (let i = 0; i < 9; i++) accounts.push(await s.signUp(`Visit http-evil-example-com ${i}`));
  await mail.deliver();
  const answers = [];
  for (const a of accounts) answers.push(await a.client.post('/v1/me/email', { email: victim, currentPassword: PASSWORD }));
  t.equal(answers[0]!.status, 200, 'the first account may ask');
  for (const [i, res] of answers.slice(1).entries()) {
    t.match(res, { status: 429, body: { code: 'rate_limited', detail: /another account still works/ } }, `account ${i + 2} is refused while the first link works`);
    t.equal(res.headers.get('retry-after'), String(48 * 3600), 'until that link expires');
  }
  const sent = (await mail.deliver()).filter((m) => m.to.includes(victim));
  t.equal(sent.length, 1, 'one email reached the stranger');
  t.notMatch(sent[0]!.text + sent[0]!.html, /Visit|evil/, 'it names nothing the account chose');
  t.match(sent[0]!.text, /^Hello,$/m);

  // The link expires unused; the next account may ask, and the address's count goes on across
  // accounts: 3 a day, whoever asks, and deleting the asking account does not reset it.
  clock.advance(48 * 3600_000);
  t.equal((await accounts[1]!.client.post('/v1/me/email', { email: victim, currentPassword: PASSWORD })).status, 200, 'a second link, two days later');
  t.equal((await accounts[1]!.client.post('/v1/me/deletion', { password: PASSWORD })).status, 204, 'its account is deleted');
  t.equal((await accounts[2]!.client.post('/v1/me/email', { email: victim, currentPassword: PASSWORD })).status, 200, 'a third (the deleted account\'s link went with it)');
  clock.advance(5 * 60_000);
  t.equal((await accounts[2]!.client.post('/v1/me/email-confirmation')).status, 202, 'the same account sends its link again: the day\'s third');
  clock.advance(5 * 60_000);
  const capped = await accounts[2]!.client.post('/v1/me/email-confirmation');
  t.match(capped, { status: 429, body: { code: 'rate_limited', detail: /At most 3 confirmation links a day are sent to one address/ } }, 'the fourth of the day is refused');
  t.equal(capped.headers.get('retry-after'), String(24 * 3600 - 10 * 60), 'until the day\'s first is a day old');
  // The deleted account's link went with its account, unsent; it still counts for the address.
  t.equal((await mail.deliver()).filter((m) => m.to.includes(victim)).length, 2, 'two more emails that day, no more');
  const kept = JSON.stringify(await s.db.prisma.$queryRawUnsafe('SELECT * FROM confirmation_sends'), (_k, v) => (typeof v === 'bigint' ? String(v) : v));
  t.notMatch(kept, /stranger/, 'the count keeps no address, only a keyed digest');
});

t.test('registration past the address\'s daily links: the account is made, no link is sent; and two accounts asking at once send one', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock, security: { emailConfirmation: { linkTtlMs: 48 * 3600_000, resendAfterMs: 5 * 60_000, perDay: 5, perAddressPerDay: 1 } } });
  const victim = 'twice@example.org';
  const first = await s.anon.post('/v1/auth/register', { email: victim, password: PASSWORD, name: 'Primus' });
  t.equal(first.status, 201);
  t.equal((await s.anon.withToken(first.body.token).post('/v1/me/deletion', { password: PASSWORD })).status, 204);
  const again = await s.anon.post('/v1/auth/register', { email: victim, password: PASSWORD, name: 'Secundus' });
  t.equal(again.status, 201, 'the address registers again');
  t.match(again.body.user, { emailConfirmed: false });
  t.equal(await s.db.prisma.outboxEmail.count({ where: { userId: again.body.user.id, kind: 'email-confirmation' } }), 0, 'but no link was sent: the first registration\'s was the day\'s one');
  t.match(await s.anon.withToken(again.body.token).post('/v1/me/email-confirmation'), { status: 429, body: { detail: /one address/ } }, 'asking for it says why');

  const a = await s.signUp('Tertius');
  const b = await s.signUp('Quartus');
  const race = await Promise.all([a, b].map((u) => u.client.post('/v1/me/email', { email: 'contested@example.org', currentPassword: PASSWORD })));
  t.same(race.map((r) => r.status).sort(), [200, 429], 'of two accounts asking at once, one is refused');
  t.equal(await s.db.prisma.outboxEmail.count({ where: { toAddress: 'contested@example.org' } }), 1);
});

t.test('a password reset to an unconfirmed address names nobody; to a confirmed one, its owner', async (t) => {
  const s = await apiServer(t);
  const unconfirmed = await s.signUp('Chosen by someone', { confirmed: false });
  const confirmed = await s.signUp('Rightful owner');
  for (const u of [unconfirmed, confirmed]) t.equal((await s.anon.post('/v1/auth/password-reset', { email: u.email })).status, 202);
  await s.app.services.background.idle();
  const body = async (address: string) => (await rowsTo(s, address)).find((r) => r.kind === 'password-reset')!;
  const a = await body(unconfirmed.email);
  t.notMatch(a.textBody + (a.htmlBody ?? ''), /Chosen/, 'no name to an address that confirmed nothing');
  t.match(a.textBody, /^Hello,$/m);
  t.match((await body(confirmed.email)).textBody, /^Hello Rightful owner,$/m);
  const links = await rowsTo(s, unconfirmed.email);
  t.notMatch(links.map((r) => r.textBody + (r.htmlBody ?? '')).join(''), /Chosen/, 'nor the confirmation link');
});
