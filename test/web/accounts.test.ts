// Accounts in the browser: signing in with a `next` that is refused goes home; signing out on
// this device revokes its token on the server; an unconfirmed address is explained on the home
// page, which offers to send the link again; the emailed confirmation link confirms it.
import t from 'tap';
import { apiServer, confirmationToken } from '../helpers/api.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, PASSWORD, person, realErrors, signUpIn } from '../helpers/browser.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

t.test('signing in with a `next` that is refused goes home, never elsewhere', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Tullia');
  const browser = await launch(t);
  for (const next of ['/\\evil.example', '//evil.example', 'https://evil.example/', '/\\/evil.example/x', 'javascript:alert(1)']) {
    const w = await person(browser, s.base);
    await w.page.goto(`/signin?next=${encodeURIComponent(next)}`);
    await w.page.getByLabel('Email').fill(u.email);
    await w.page.getByLabel('Password').fill(PASSWORD);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.waitForURL(`${s.base}/`, { timeout: 10_000 }).catch(() => {});
    t.equal(w.page.url(), `${s.base}/`, `next=${next}: home`);
    await w.page.getByRole('heading', { name: 'My games' }).waitFor({ timeout: 10_000 }).catch(() => {});
    t.ok(await w.page.getByRole('heading', { name: 'My games' }).count(), `next=${next}: the home page is shown`);
    t.same(realErrors(w.errors), [], `next=${next}: no console error`);
    await w.context.close();
  }
  const w = await person(browser, s.base);
  await w.page.goto(`/signin?next=${encodeURIComponent('/settings?x=1#y')}`);
  await w.page.getByLabel('Email').fill(u.email);
  await w.page.getByLabel('Password').fill(PASSWORD);
  await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await w.page.waitForURL(`${s.base}/settings?x=1#y`);
  t.pass('a page of this site is still where signing in leads');
});

t.test('"Sign out on this device" revokes its token on the server; the other device stays signed in', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Scribonia');
  const browser = await launch(t);
  const w = await person(browser, s.base);
  await w.page.goto('/signin?next=%2Fsettings');
  await w.page.getByLabel('Email').fill(u.email);
  await w.page.getByLabel('Password').fill(PASSWORD);
  await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await w.page.getByRole('heading', { name: 'Settings' }).waitFor();
  const token = await w.page.evaluate(() => (globalThis as any).localStorage.getItem('alea.token') as string | null);
  t.ok(token, 'the browser holds a token');
  t.equal((await s.anon.withToken(token!).get('/v1/me')).status, 200, 'which works');
  await w.page.getByRole('button', { name: 'Sign out on this device' }).click();
  await w.page.waitForURL(`${s.base}/`);
  await w.page.getByRole('link', { name: 'Sign in' }).waitFor();
  t.equal(await w.page.evaluate(() => (globalThis as any).localStorage.getItem('alea.token') as string | null), null, 'forgotten by the browser');
  t.match(await s.anon.withToken(token!).get('/v1/me'), { status: 401, body: { detail: /signed out/ } }, 'and refused by the server');
  t.equal((await u.client.get('/v1/me')).status, 200, 'the other device is still signed in');
  t.same(realErrors(w.errors), [], 'no console error');
});

t.test('an unconfirmed address: the home page says why no emails come and sends the link again (rate limited); the link confirms it', async (t) => {
  const s = await apiServer(t);
  const browser = await launch(t);
  const w = await person(browser, s.base);
  const address = emailFor('Valeria');
  await w.page.goto('/signin');
  await signUpIn(w.page, 'Valeria', address);
  const notice = w.page.getByRole('region', { name: 'Confirm your email address' });
  await notice.waitFor();
  t.match(await notice.textContent(), new RegExp(`We sent a link to ${address.replace(/\./g, '\\.')}.*Alea sends you no emails`), 'the home page says why no emails come');
  t.same(await axe(w.page), [], 'axe: the home page with the notice');
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await notice.getByRole('alert').waitFor();
  t.match(await notice.getByRole('alert').textContent(), /less than 5 minutes ago/, 'sending again right away is refused, and says why');

  // The emailed link, opened in another browser (signed out), confirms the address.
  const token = await confirmationToken(s, address);
  const phone = await person(browser, s.base);
  await phone.page.goto(`/verify-email?token=${token}`);
  await phone.page.getByText(`${address} is confirmed`).waitFor();
  t.equal(new URL(phone.page.url()).search, '', 'the token leaves the address bar');
  t.same(await axe(phone.page), [], 'axe: the confirmation page');
  await phone.page.goto(`/verify-email?token=${token}`);
  await phone.page.getByRole('alert').waitFor();
  t.match(await phone.page.getByRole('alert').textContent(), /not valid, has expired .* or was used already/, 'a link works once');

  await w.page.reload();
  await w.page.getByRole('heading', { name: 'My games' }).waitFor();
  t.equal(await w.page.getByRole('region', { name: 'Confirm your email address' }).count(), 0, 'confirmed: no notice');
  t.same(realErrors(w.errors), [], 'no console error');
  t.same(realErrors(phone.errors), [], 'no console error on the confirmation page');
});
