// From the email to the board, on a phone: the "your move" email's link (as sent, through a real
// SMTP server) opens the sign-in page, then the right game; the board is usable at 375x667 (no
// page-wide horizontal scroll, a card played by touch). The API's own pages (password reset,
// unsubscribe) share the client's stylesheet. axe-core and the console are checked on each page.
import { createServer } from 'node:net';
import t from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { axe, chromiumPresent, INSTALL_HINT, launch, person, PHONE } from '../helpers/browser.js';
import { confirmEmailThroughLink, startGame, type ApiServer } from '../helpers/api.js';
import { Client } from '../helpers/api.js';
import { mailHarness } from '../helpers/mail.js';
import { testServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

/** A free loopback port, so that PUBLIC_URL (the links in emails) is the server's real address. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  return port;
}

t.test('the link of a "your move" email opens the game after sign-in, on a phone', async (t) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const s = await testServer(t, { clock: systemClock, config: { publicUrl: base } });
  await s.app.listen({ port, host: '127.0.0.1' });
  const mail = await mailHarness(t, s);
  let n = 0;
  const server: ApiServer = {
    ...s,
    base,
    anon: new Client(base),
    async signUp(name: string) {
      const email = `${name.toLowerCase()}.${process.pid}.${++n}@example.org`;
      const res = await new Client(base).post('/v1/auth/register', { email, password: 'correct horse battery', name });
      await confirmEmailThroughLink({ ...s, anon: new Client(base) }, email);
      return { client: new Client(base, res.body.token), id: res.body.user.id, email, name, token: res.body.token };
    },
  };
  const g = await startGame(server, { visibility: 'private' });
  const mails = await mail.deliver();
  const yourMove = mails.find((m) => m.to.includes(g.caesar.email) && m.text.includes(`${base}/games/${g.id}`));
  t.ok(yourMove, `Caesar got an email with the game's link: ${mails.map((m) => m.subject).join(' | ')}`);
  const link = /https?:\/\/\S+\/games\/[^\s)>"]+/.exec(yourMove!.text)![0];
  t.equal(new URL(link).origin, base, 'the link points at this server');

  const browser = await launch(t);
  const phone = await person(browser, base, PHONE);
  await phone.page.goto(link);
  await phone.page.waitForURL(/\/signin\?next=/);
  t.same(await axe(phone.page), [], 'axe: sign-in page on a phone');
  await phone.page.getByLabel('Email').fill(g.caesar.email);
  await phone.page.getByLabel('Password').fill('correct horse battery');
  await phone.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await phone.page.waitForURL((u) => u.href === link);
  await phone.page.getByText('You are').waitFor();
  await phone.page.getByRole('heading', { name: /Discard one card/ }).waitFor();
  t.pass('the email link opened the right game after signing in');
  const width = await phone.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);
  t.ok(width <= PHONE.width, `no page-wide horizontal scroll at 375 px (${width})`);
  t.same(await axe(phone.page), [], 'axe: the board on a phone');
  await phone.page.locator('.hand button.gcard').first().tap();
  await phone.page.getByText(/You have discarded/).waitFor();
  t.pass('a card discarded by touch');
  // A tap on a city opens its stack beside the map, large enough for a finger.
  await phone.page.locator('[data-location="Ravenna"] circle.dot').tap();
  await phone.page.getByRole('heading', { name: 'Ravenna', exact: true }).waitFor();
  t.ok(await phone.page.getByRole('img', { name: /^Caesar Caesar, strength 3/ }).count(), 'Ravenna shows Caesar’s own leader block face up');
  await phone.page.screenshot({ path: '/tmp/alea-phone.png', fullPage: false });

  // Settings on a phone.
  await phone.page.getByRole('link', { name: 'Settings' }).tap();
  await phone.page.getByRole('heading', { name: 'Settings' }).waitFor();
  t.same(await axe(phone.page), [], 'axe: settings');
  t.same(phone.errors, [], 'no console errors');
});

t.test("the API's own pages share the client's look", async (t) => {
  const s = await testServer(t);
  const { listen } = await import('../helpers/server.js');
  const base = await listen(s.app);
  const browser = await launch(t);
  const w = await person(browser, base);
  await w.page.goto('/v1/auth/password-reset/page?token=not-a-real-token');
  const sheet = await w.page.evaluate(() => [...(globalThis as any).document.styleSheets].some((x: any) => x.href?.endsWith('/alea.css') && x.cssRules.length > 10));
  t.ok(sheet, 'the password reset page loads /alea.css');
  t.equal(await w.page.locator('a.brand').textContent(), 'Alea', 'with the same top bar');
  t.same(await axe(w.page), [], 'axe: password reset page');
  const css = await fetch(`${base}/alea.css`);
  t.equal(css.status, 200);
  t.match(css.headers.get('content-type'), /text\/css/);
  t.same(
    w.errors.filter((e) => !/status of 400/.test(e)),
    [],
    'no console errors but the bad link’s own 400',
  );
});
