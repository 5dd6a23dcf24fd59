// Accounts in the browser: signing in with a `next` that is refused goes home; signing out on
// this device revokes its token on the server; an unconfirmed address is explained on the home
// page, which offers to send the link again; the emailed confirmation link confirms it; an
// invite link opened signed out offers an account first, which then joins the game.
import t from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { apiServer, confirmationToken } from '../helpers/api.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, PASSWORD, person, PHONE, realErrors, signUpIn } from '../helpers/browser.js';

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

// Issue 41.13d: an invitee opening the link signed out landed on "Sign in", though most have no
// account yet. The create-account form comes first (signing in is one click away), and the new
// account joins the game at once; one who signs in instead comes back to the invitation.
t.test('an invite link opened signed out offers to create an account first, which then joins the game', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const host = await s.signUp('Marcus');
  const invited = async () => {
    const game = (await host.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
    const url = new URL(game.invite.url);
    return { id: game.id as string, link: url.pathname + url.search };
  };
  const browser = await launch(t);
  const shots = process.env.ALEA_SCREENSHOTS;

  const first = await invited();
  const w = await person(browser, s.base);
  await w.page.goto(first.link);
  await w.page.waitForURL(/\/signin\?next=/);
  await w.page.getByText('Marcus invites you to a game of Julius Caesar: you would play Pompey.').waitFor();
  t.equal(await w.page.getByRole('tab', { name: 'Create an account' }).getAttribute('aria-selected'), 'true', 'the create-account form comes first');
  t.ok(await w.page.getByLabel('Your name').isVisible(), 'with its name field');
  t.ok(await w.page.getByRole('button', { name: 'Sign in instead' }).isVisible(), 'and a way to sign in instead');
  t.same(await axe(w.page), [], 'axe: the invitation, signed out');
  if (shots) {
    await w.page.screenshot({ path: `${shots}/invite-signed-out-laptop.png`, fullPage: true });
    const phone = await person(browser, s.base, PHONE);
    await phone.page.goto(first.link);
    await phone.page.getByLabel('Your name').waitFor();
    await phone.page.screenshot({ path: `${shots}/invite-signed-out-phone.png`, fullPage: true });
  }
  await w.page.getByLabel('Your name').fill('Gnaeus');
  await w.page.getByLabel('Email').fill(emailFor('gnaeus'));
  await w.page.getByLabel(/^Password/).fill(PASSWORD);
  await w.page.getByRole('button', { name: 'Create my account and join' }).click();
  await w.page.waitForURL((u) => u.pathname === `/games/${first.id}` && u.search === '');
  await w.page.getByText(/You are\s+Pompey\s+against Marcus/).waitFor();
  t.match((await host.client.get(`/v1/games/${first.id}`)).body, { status: 'active', players: [{ role: 'Caesar' }, { role: 'Pompey', user: { name: 'Gnaeus' } }] }, 'the new account has joined the game');

  // An account already made signs in instead, and comes back to the invitation to join it.
  const second = await invited();
  const known = await s.signUp('Cicero');
  const v = await person(browser, s.base);
  await v.page.goto(second.link);
  await v.page.getByRole('button', { name: 'Sign in instead' }).click();
  t.equal(await v.page.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected'), 'true');
  await v.page.getByLabel('Email').fill(known.email);
  await v.page.getByLabel('Password').fill(PASSWORD);
  await v.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await v.page.waitForURL((u) => u.pathname === `/games/${second.id}` && u.search !== '');
  await v.page.getByRole('heading', { name: 'Marcus invites you to a game of Julius Caesar' }).waitFor();
  t.match(await v.page.locator('main').innerText(), /you would play Pompey/, 'the invitation names the game, who invites, and the side');
  t.same(await axe(v.page), [], 'axe: the invitation, signed in');
  await v.page.getByRole('button', { name: 'Join as Pompey' }).click();
  await v.page.getByText(/You are\s+Pompey\s+against Marcus/).waitFor();
  t.same([...realErrors(w.errors), ...realErrors(v.errors)], [], 'no console error');
});
