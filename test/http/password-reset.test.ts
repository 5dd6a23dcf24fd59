// Password reset by email: the same answer for any address; a real email (SMTP) with a link that
// works once, for an hour; the page and its form, and the JSON confirmation; every earlier token
// revoked; nothing secret in the logs.
import t, { type Test } from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { resetToken } from '../../src/app/accounts/password-reset.js';
import { apiServer, type ApiServer } from '../helpers/api.js';
import { header, mailHarness, to, type MailHarness } from '../helpers/mail.js';
import { logCapture, TEST_TIME } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';
const SECRET = 'test-secret-test-secret-test-secret!';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Asks for a reset of this address and returns the link emailed (and the email). */
async function resetLink(t: Test, s: ApiServer, mail: MailHarness, email: string, asked = email) {
  const res = await s.anon.post('/v1/auth/password-reset', { email: asked });
  t.equal(res.status, 202);
  t.equal(res.text, '');
  await s.app.services.background.idle(); // the work goes on after the answer
  const m = to(t, await mail.deliver(), email);
  const url = /https?:\/\/\S+\/v1\/auth\/password-reset\/page\?token=([\w.-]+)/.exec(m.text)?.[0];
  if (!url) throw new Error(`no link in: ${m.text}`);
  return { url, token: new URL(url).searchParams.get('token')!, mail: m };
}

t.test('the email: to the account, with a link to the page; any address gets the same answer', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Marcus');
  await u.client.patch('/v1/me', { notifications: { email: 'none' } });
  const { url, mail: m } = await resetLink(t, s, mail, u.email, u.email.toUpperCase());
  t.equal(m.subject, 'Reset your Alea password');
  t.ok(url.startsWith('http://alea.test/v1/auth/password-reset/page?token='), 'a link to PUBLIC_URL');
  t.match(m.text, /Hello Marcus,/);
  t.match(m.text, /before Thu, 01 Jan 2026 13:00 UTC; it works once/, 'for an hour');
  t.match(m.html, /Choose a new password/);
  t.equal(header(m, 'List-Unsubscribe'), undefined, 'asked for: not a mailing, sent even with emails off');

  const unknown = await s.anon.post('/v1/auth/password-reset', { email: 'nobody@example.org' });
  t.equal(unknown.status, 202, 'the same answer');
  await s.app.services.background.idle();
  t.same(await mail.deliver(), [], 'and nothing sent');
  t.match(await s.anon.post('/v1/auth/password-reset', { email: 'not an email' }), { status: 400, body: { errors: [{ path: '/email' }] } });
});

t.test('the page: GET shows the form and changes nothing; its POST sets the password once', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Marcus');
  const { token } = await resetLink(t, s, mail, u.email);
  const path = `/v1/auth/password-reset/page?token=${token}`;
  const shown = await s.anon.get(path);
  t.equal(shown.status, 200);
  t.match(shown.headers.get('content-type'), /^text\/html/);
  t.match(shown.text, /<form method="post" action="\?token=[^"]+">/);
  t.match(shown.text, /name="newPassword" autocomplete="new-password"/);
  t.equal(shown.headers.get('referrer-policy'), 'no-referrer');
  t.equal(shown.headers.get('cache-control'), 'no-store');
  t.equal((await u.client.get('/v1/me')).status, 200, 'showing it revokes nothing');
  t.equal((await s.anon.get(path)).status, 200, 'and spends nothing');

  const short = await s.anon.post(path, undefined, { raw: form({ newPassword: 'short', newPasswordAgain: 'short' }), headers: FORM });
  t.equal(short.status, 400);
  t.match(short.text, /must have 10 to 256 characters/);
  t.match(short.text, /<form/, 'the form again');
  const differ = await s.anon.post(path, undefined, { raw: form({ newPassword: 'one new password', newPasswordAgain: 'another password' }), headers: FORM });
  t.match(differ, { status: 400, text: /differ/ });
  t.equal((await u.client.get('/v1/me')).status, 200, 'a wrong form changes nothing');

  const json = await s.anon.post(path, { newPassword: 'a json passphrase', newPasswordAgain: 'a json passphrase' });
  t.match(json, { status: 415, body: { code: 'unsupported_media_type' } }, 'the form alone');
  const NEW = 'a fresh passphrase';
  const done = await s.anon.post(path, undefined, { raw: form({ newPassword: NEW, newPasswordAgain: NEW }), headers: FORM });
  t.equal(done.status, 200);
  t.match(done.text, /Your password is changed/);
  t.match(await u.client.get('/v1/me'), { status: 401, body: { detail: /revoked/ } }, 'earlier tokens revoked');
  t.equal((await s.anon.post('/v1/auth/login', { email: u.email, password: PASSWORD })).status, 401);
  t.equal((await s.anon.post('/v1/auth/login', { email: u.email, password: NEW })).status, 200);

  const again = await s.anon.get(path);
  t.equal(again.status, 400, 'a link works once');
  t.match(again.text, /does not work/);
  const reuse = await s.anon.post(path, undefined, { raw: form({ newPassword: 'yet another one', newPasswordAgain: 'yet another one' }), headers: FORM });
  t.match(reuse, { status: 400, text: /does not work/ });
  t.equal((await s.anon.post('/v1/auth/login', { email: u.email, password: NEW })).status, 200, 'still the new password');
});

t.test('the JSON confirmation: signs in; forged, expired and spent tokens are invalid_token', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Marcus');
  const first = await resetLink(t, s, mail, u.email);
  clock.advance(5 * 60_000);
  const second = await resetLink(t, s, mail, u.email);
  const confirm = (token: string, newPassword = 'the new passphrase') => s.anon.post('/v1/auth/password-reset/confirm', { token, newPassword });

  const forged = resetToken('another-secret-another-secret-another', u.id, 0, new Date(Date.parse(TEST_TIME) + 3600_000));
  const tampered = first.token.replace(/\.\d+\./, '.7.');
  for (const token of [forged, tampered, 'nonsense', `${first.token}x`]) {
    t.match(await confirm(token), { status: 400, body: { code: 'invalid_token', errors: [{ in: 'body', path: '/token' }] } }, token.slice(0, 12));
  }
  t.match(await confirm(first.token, 'short'), { status: 400, body: { code: 'validation_failed', errors: [{ path: '/newPassword' }] } });

  const ok = await confirm(second.token);
  t.equal(ok.status, 200);
  t.match(ok.body, { tokenType: 'Bearer', user: { id: u.id } });
  t.equal((await s.anon.withToken(ok.body.token).get('/v1/me')).status, 200, 'signed in');
  t.match(await confirm(second.token), { status: 400, body: { code: 'invalid_token' } }, 'spent');
  t.match(await confirm(first.token), { status: 400, body: { code: 'invalid_token' } }, 'the other links of before are spent too');

  clock.advance(5 * 60_000); // the next window: one reset email per account per 5 minutes
  const late = await resetLink(t, s, mail, u.email);
  clock.advance(3600_000);
  t.match(await confirm(late.token), { status: 400, body: { code: 'invalid_token' } }, 'expired after an hour');
  t.equal((await s.anon.get(`/v1/auth/password-reset/page?token=${late.token}`)).status, 400);
});

t.test('at most one reset email per account every 5 minutes, however many ask', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Marcus');
  await resetLink(t, s, mail, u.email);
  for (let i = 0; i < 3; i++) t.equal((await s.anon.post('/v1/auth/password-reset', { email: u.email })).status, 202, 'the same answer');
  clock.advance(4 * 60_000);
  t.equal((await s.anon.post('/v1/auth/password-reset', { email: u.email })).status, 202);
  await s.app.services.background.idle();
  t.same(await mail.deliver(), [], 'nothing more sent');
  clock.advance(60_000);
  await resetLink(t, s, mail, u.email);
});

t.test('two uses of one link at once: one wins', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Marcus');
  const { token } = await resetLink(t, s, mail, u.email);
  const results = await Promise.all(['first passphrase!', 'second passphrase'].map((p) => s.anon.post('/v1/auth/password-reset/confirm', { token, newPassword: p })));
  t.same(results.map((r) => r.status).sort(), [200, 400]);
});

t.test('asking and confirming are rate limited per address', async (t) => {
  const s = await apiServer(t, { security: { authRateLimit: { max: 2, windowMs: 60_000 } } });
  const asks = [];
  for (let i = 0; i < 3; i++) asks.push((await s.anon.post('/v1/auth/password-reset', { email: 'x@example.org' })).status);
  t.same(asks, [202, 202, 429]);
  const confirms = [];
  for (let i = 0; i < 3; i++) confirms.push((await s.anon.post('/v1/auth/password-reset/confirm', { token: 'guess', newPassword: 'whatever it is' })).status);
  t.same(confirms, [400, 400, 429]);
});

t.test('links and new passwords stay out of the logs', async (t) => {
  const logs = logCapture();
  const s = await apiServer(t, { logger: logs.logger });
  const mail = await mailHarness(t, s);
  const u = await s.signUp('Marcus');
  const { token } = await resetLink(t, s, mail, u.email);
  await s.anon.get(`/v1/auth/password-reset/page?token=${token}`);
  await s.anon.post(`/v1/auth/password-reset/page?token=${token}`, undefined, { raw: form({ newPassword: 'secret words here', newPasswordAgain: 'secret words here' }), headers: FORM });
  const text = logs.text();
  t.ok(text.includes('password-reset'));
  t.notMatch(text, token.split('.').pop()!, 'not the signature of the link');
  t.notMatch(text, 'secret words here');
});
