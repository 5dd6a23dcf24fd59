// Bring your own client (issue 42) in real Chromium: Settings makes a personal API token, shows it
// once (copied, working against the API), lists it and revokes it; adds a webhook, shows its
// secret once, and sends a test to a real local receiver that checks the signature with that
// secret; a player challenges another from their page, the other sees it arrive live on the
// challenges page and accepts it, landing in the game; an account declares itself a bot from
// Settings, and is marked "bot" on its page and in a challenge. No console error and no serious
// axe-core violation on any of these pages, and nothing wider than a phone's screen. With
// ALEA_SCREENSHOT=1 it saves the screenshots of docs/screenshots/ (settings-tokens,
// settings-webhooks, challenges; laptop, and phone- for the phone).
import { mkdirSync } from 'node:fs';
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/app/clock.js';
import { projectPath } from '../../src/paths.js';
import { apiServer, Client, type ApiServer, type User } from '../helpers/api.js';
import { axe, chromiumPresent, INSTALL_HINT, LAPTOP, launch, person, PHONE, realErrors, type Watched } from '../helpers/browser.js';
import { refusal, webhookReceiver } from '../helpers/webhook-receiver.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

async function signedIn(t: Test, browser: Awaited<ReturnType<typeof launch>>, base: string, u: User, viewport = LAPTOP): Promise<Watched> {
  const w = await person(browser, base, viewport);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
  t.teardown(async () => {
    if (!t.passing()) await w.page.screenshot({ path: `/tmp/alea-web-clients-${u.name}-${viewport.width}.png`, fullPage: true }).catch(() => {});
  });
  return w;
}

/** With ALEA_SCREENSHOT=1, a screenshot of the screen as it is into docs/screenshots/. */
async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.ALEA_SCREENSHOT) return;
  mkdirSync(projectPath('docs', 'screenshots'), { recursive: true });
  await page.waitForTimeout(300); // the last render settled
  await page.screenshot({ path: projectPath('docs', 'screenshots', name) });
}

/** A section of Settings at the top of the screen, for a screenshot. */
async function shoot(page: Page, heading: string, name: string): Promise<void> {
  await page.getByRole('region', { name: heading }).evaluate((el) => (el as any).scrollIntoView({ block: 'start' }));
  await shot(page, name);
}

t.test('Settings: a personal API token made, shown once and copied, listed, used, and revoked', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const marcus = await s.signUp('Marcus');
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, marcus);
  await w.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.base });
  const page = w.page;
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByText('No token yet.').waitFor();
  t.match(await section.innerText(), /Signing out everywhere revokes every token too/, 'says that signing out everywhere revokes them');

  // Nothing made without a scope: a clear error, no request.
  await section.getByLabel('Name (to recognise it by)').fill('My Discord bot');
  await section.getByRole('checkbox', { name: /^read:/ }).uncheck();
  await section.getByRole('button', { name: 'Make the token' }).click();
  t.equal(await section.getByRole('alert').innerText(), 'Choose at least one scope.');

  await section.getByRole('checkbox', { name: /^read:/ }).check();
  await section.getByRole('checkbox', { name: /^play:/ }).check();
  await section.getByLabel('Expires').selectOption({ label: '30 days' });
  await section.getByRole('button', { name: 'Make the token' }).click();
  const once = section.getByRole('group', { name: /Your new token “My Discord bot”/ });
  await once.waitFor();
  const token = await once.getByRole('textbox').inputValue();
  t.match(token, /^alea_pat_[A-Za-z0-9_-]{43}$/, 'the token itself, shown');
  t.match(await once.innerText(), /cannot show it again/, 'with the warning');
  await once.getByRole('button', { name: 'Copy' }).click();
  await once.getByRole('status').waitFor();
  if ((await once.getByRole('status').innerText()) === 'Copied.') t.equal(await page.evaluate(() => (globalThis as any).navigator.clipboard.readText()), token, 'copied');
  else t.match(await once.getByRole('status').innerText(), /Selected/, 'selected for copying where the clipboard is refused');
  const list = section.getByRole('list', { name: 'My API tokens' });
  await list.getByText('My Discord bot', { exact: true }).waitFor();
  t.match(await list.innerText(), /My Discord bot\s*read\s*play[\s\S]*never used[\s\S]*expires/, 'listed: name, scopes, never used, its expiry');
  t.same(await axe(page), [], 'axe: Settings with a token shown once');

  // The token works against the API, within its scopes; the list then says when it was used.
  const bot = new Client(s.base, token);
  t.equal((await bot.get('/v1/me')).status, 200, 'the token reads');
  t.equal((await bot.get('/v1/me/api-tokens')).status, 403, 'and never manages tokens');
  await once.getByRole('button', { name: /hide it/ }).click();
  t.equal(await section.getByRole('group', { name: /Your new token/ }).count(), 0, 'hidden');
  await page.reload();
  await list.getByText(/last used/).waitFor();
  t.notOk((await page.locator('body').innerText()).includes(token), 'never shown again');

  // Revoked (confirmed): gone from the list, refused by the API.
  page.once('dialog', (d) => void d.accept());
  await list.getByRole('button', { name: 'Revoke “My Discord bot”' }).click();
  await section.getByRole('status').filter({ hasText: 'is revoked' }).waitFor();
  await section.getByText('No token yet.').waitFor();
  t.equal((await bot.get('/v1/me')).status, 401, 'the revoked token is refused');
  t.same(realErrors(w.errors), [], 'no console error');
});

t.test('Settings: a webhook added, its secret shown once, a test sent to a local receiver that checks the signature, deleted', async (t) => {
  const s = await apiServer(t, { clock: systemClock, config: { webhooksAllowPrivate: true } });
  const receiver = await webhookReceiver(t);
  const marcus = await s.signUp('Marcus');
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, marcus);
  const page = w.page;
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByText('No webhook yet.').waitFor();

  await section.getByLabel('URL', { exact: true }).fill(receiver.url);
  await section.getByLabel('Format').selectOption('json');
  await section.getByRole('checkbox', { name: 'Game over' }).check();
  await section.getByRole('checkbox', { name: 'A challenge to me' }).check();
  await section.getByRole('button', { name: 'Add the webhook' }).click();
  const once = section.getByRole('group', { name: "The webhook's signing secret" });
  await once.waitFor();
  const secret = await once.getByRole('textbox').inputValue();
  t.match(secret, /^whsec_/, 'the signing secret, shown');
  const list = section.getByRole('list', { name: 'My webhooks' });
  await list.getByText(receiver.url).waitFor();
  t.match(await list.innerText(), /JSON[\s\S]*Your move, Game over, A challenge to me[\s\S]*Nothing delivered yet/, 'listed: format, events, no delivery yet');
  t.same(await axe(page), [], 'axe: Settings with a webhook and its secret');

  await list.getByRole('button', { name: 'Send a test' }).click();
  await list.getByRole('status').filter({ hasText: /^Delivered: the receiver answered 204 in \d+ ms\.$/ }).waitFor();
  t.equal(receiver.received.length, 1, 'one delivery');
  const got = receiver.received[0]!;
  t.equal(got.json.type, 'test', 'a test event');
  t.equal(refusal(got, secret, new Date()), null, 'signed with the secret the page showed');
  t.not(refusal(got, 'whsec_not-the-secret', new Date()), null, 'and not with another');
  await list.getByText(/Last delivered/).waitFor();

  // A receiver that fails: the page says why.
  receiver.answer = () => ({ status: 500 });
  const other = await webhookReceiver(t, '/down');
  other.answer = () => ({ status: 503 });
  await once.getByRole('button', { name: /hide it/ }).click();
  await section.getByLabel('URL', { exact: true }).fill(other.url);
  await section.getByLabel('Format').selectOption('discord');
  await section.getByRole('button', { name: 'Add the webhook' }).click();
  await list.getByText(other.url).waitFor();
  t.equal(await section.getByRole('group', { name: "The webhook's signing secret" }).count(), 0, 'no secret for Discord');
  const second = list.getByRole('listitem').filter({ hasText: other.url });
  await second.getByRole('button', { name: 'Send a test' }).click();
  await second.getByRole('status').filter({ hasText: /^Not delivered:.*503/ }).waitFor();
  t.pass('a failed test says so');

  // A refused address: a clear error naming it, nothing added.
  await section.getByLabel('URL', { exact: true }).fill('ftp://example.org/hook');
  await section.getByRole('button', { name: 'Add the webhook' }).click();
  await section.getByRole('alert').waitFor();
  t.match(await section.getByRole('alert').innerText(), /url/i, 'the error names the URL');

  page.once('dialog', (d) => void d.accept());
  await second.getByRole('button', { name: 'Delete' }).click();
  await section.getByRole('status').filter({ hasText: 'The webhook is deleted.' }).waitFor();
  await list.getByText(other.url, { exact: true }).waitFor({ state: 'detached' });
  t.equal(await list.getByRole('listitem').count(), 1, 'one left');
  t.same(realErrors(w.errors), [], 'no console error');
});

async function bothSides(t: Test, s: ApiServer) {
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  const browser = await launch(t);
  return { marcus, gnaeus, browser, m: await signedIn(t, browser, s.base, marcus), g: await signedIn(t, browser, s.base, gnaeus) };
}

t.test("a challenge sent from a player's page arrives live on the other's challenges page, accepted there, landing in the game", async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const { marcus, gnaeus, m, g } = await bothSides(t, s);

  // Gnaeus waits on his challenges page, reached from the top bar.
  await g.page.goto('/');
  await g.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
  await g.page.waitForURL(/\/challenges$/);
  await g.page.getByText('Nobody is challenging you now.').waitFor();

  // Marcus challenges him from his page.
  await m.page.goto('/players/Gnaeus');
  await m.page.getByRole('button', { name: 'Challenge Gnaeus' }).click();
  const form = m.page.getByRole('region', { name: 'Challenge Gnaeus' });
  await form.getByLabel('Game').selectOption('julius-caesar');
  await form.getByLabel('My side').selectOption('Caesar');
  await form.getByLabel('Time per move (days)').selectOption('5');
  await form.getByLabel(/A message to Gnaeus/).fill('A game before the Ides?');
  t.same(await axe(m.page), [], "axe: a player's page with the challenge form");
  await form.getByRole('button', { name: 'Send the challenge' }).click();
  await m.page.waitForURL(/\/challenges$/);
  const mine = m.page.getByRole('region', { name: 'My challenges' });
  await mine.getByText(/To\s+Gnaeus/).waitFor();
  t.match(await mine.innerText(), /Julius Caesar: you play Caesar, 5 days per move, unrated[\s\S]*A game before the Ides\?[\s\S]*6 d 23 h left for Gnaeus to answer/, 'my challenge, its terms and when it lapses');

  // It arrives on Gnaeus's page without a reload (the `challenge` event).
  const toMe = g.page.getByRole('region', { name: 'Challenges to me' });
  await toMe.getByText(/From\s+Marcus/).waitFor({ timeout: 15_000 });
  t.match(await toMe.innerText(), /Julius Caesar: you would play Pompey, 5 days per move, unrated/, 'from his side');
  t.same(await axe(g.page), [], 'axe: the challenges page');
  const challenge = (await gnaeus.client.get('/v1/challenges')).body.items[0];

  await toMe.getByRole('button', { name: "Accept Marcus's challenge" }).click();
  await g.page.waitForURL(new RegExp(`/games/${challenge.gameId}$`));
  await g.page.getByText(/You are\s+Pompey\s+against Marcus/).waitFor();
  t.pass('Gnaeus lands in the game, as Pompey');
  // Marcus's page hears of it (the game starting) and lists it as accepted, with the game.
  const past = m.page.getByRole('region', { name: 'Answered and lapsed' });
  await past.getByText(/Accepted/).waitFor({ timeout: 15_000 });
  await past.getByRole('link', { name: 'Open the game' }).click();
  await m.page.waitForURL(new RegExp(`/games/${challenge.gameId}$`));
  await m.page.getByText(/You are\s+Caesar\s+against Gnaeus/).waitFor();
  t.equal((await marcus.client.get(`/v1/games/${challenge.gameId}`)).body.status, 'active', 'the game has begun');
  t.same(realErrors([...m.errors, ...g.errors]), [], 'no console error');
});

t.test('a challenge declined with a reason, one withdrawn: each side reads it live', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const { marcus, m, g } = await bothSides(t, s);
  await m.page.goto('/challenges');
  await g.page.goto('/challenges');
  await m.page.getByText('You are challenging nobody now.').waitFor();
  for (const message of ['First', 'Second']) {
    const r = await marcus.client.post('/v1/challenges', { opponent: 'Gnaeus', game: 'julius-caesar', role: 'random', message });
    t.equal(r.status, 201);
  }
  const toMe = g.page.getByRole('region', { name: 'Challenges to me' });
  await toMe.getByRole('listitem').nth(1).waitFor();
  const first = toMe.getByRole('listitem').filter({ hasText: 'First' });
  await first.getByLabel('Decline, saying').selectOption('timeControl');
  await first.getByRole('button', { name: 'Decline' }).click();
  await g.page.getByRole('status').filter({ hasText: "You declined Marcus's challenge." }).waitFor();
  const past = m.page.getByRole('region', { name: 'Answered and lapsed' });
  await past.getByText(/Declined.*Not this time per move, please/).waitFor({ timeout: 15_000 });
  t.pass('Marcus reads the reason, live');

  m.page.once('dialog', (d) => void d.accept());
  await m.page.getByRole('region', { name: 'My challenges' }).getByRole('button', { name: 'Withdraw my challenge to Gnaeus' }).click();
  await g.page.getByText('Nobody is challenging you now.').waitFor({ timeout: 15_000 });
  await g.page.getByRole('region', { name: 'Answered and lapsed' }).getByText(/Withdrawn/).waitFor();
  t.pass('Gnaeus sees it withdrawn, live');
  t.same(realErrors([...m.errors, ...g.errors]), [], 'no console error');
});

t.test('an account declares itself a bot in Settings: marked bot on its page and in challenges; the bots\' leaderboard', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const marcus = await s.signUp('Marcus');
  const deep = await s.signUp('Deep Caesar');
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, deep);
  await w.page.goto('/settings');
  const section = w.page.getByRole('region', { name: 'Bot account' });
  let said = '';
  w.page.once('dialog', (d) => {
    said = d.message();
    void d.dismiss();
  });
  await section.getByRole('button', { name: 'Make this a bot account' }).click();
  t.match(said, /cannot be undone[\s\S]*plays only by challenge[\s\S]*bots’ leaderboard/, 'the consequences, in the confirmation');
  t.equal((await deep.client.get('/v1/me')).body.bot, false, 'dismissed: still a person');
  w.page.once('dialog', (d) => void d.accept());
  await section.getByRole('button', { name: 'Make this a bot account' }).click();
  await section.getByText('This is a bot account').waitFor();
  t.equal((await deep.client.get('/v1/me')).body.bot, true, 'a bot now');

  // A person who has played cannot: the page says why.
  const person = await signedIn(t, browser, s.base, marcus);
  const g = await marcus.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.equal(g.status, 201);
  await person.page.goto('/settings');
  person.page.once('dialog', (d) => void d.accept());
  await person.page.getByRole('region', { name: 'Bot account' }).getByRole('button', { name: 'Make this a bot account' }).click();
  await person.page.getByRole('region', { name: 'Bot account' }).getByRole('alert').waitFor();
  t.equal((await marcus.client.get('/v1/me')).body.bot, false, 'still a person');

  // Marked on its page; a challenge from it shows the mark too.
  await person.page.goto('/players/Deep%20Caesar');
  const h1 = person.page.getByRole('heading', { level: 1 });
  await h1.waitFor();
  t.match(await h1.innerText(), /^Deep Caesar\s+bot$/, 'marked on its page');
  t.equal((await deep.client.post('/v1/challenges', { opponent: 'Marcus', game: 'julius-caesar' })).status, 201);
  await person.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Challenges' }).click();
  const from = person.page.getByRole('region', { name: 'Challenges to me' }).getByRole('listitem').first();
  await from.waitFor();
  t.match(await from.innerText(), /From Deep Caesar\s+bot/, 'marked in the challenge');
  t.same(await axe(person.page), [], 'axe: a challenge from a bot');

  // The leaderboards: the people's links to the bots'.
  await person.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leaderboards' }).click();
  await person.page.getByRole('heading', { name: 'Julius Caesar: leaderboard' }).waitFor();
  await person.page.getByRole('link', { name: "Julius Caesar: the bots' leaderboard" }).click();
  await person.page.waitForURL(/\/leaderboards\/julius-caesar\/bots$/);
  await person.page.getByRole('heading', { name: "Julius Caesar: bots' leaderboard" }).waitFor();
  await person.page.getByText('No bot has an established rating yet.').waitFor();
  t.same(await axe(person.page), [], "axe: the bots' leaderboard");
  t.same(realErrors([...w.errors, ...person.errors]), [], 'no console error');
});

t.test('the Settings sections and the challenges page on a laptop and a phone: a given-up webhook\'s error, nothing wider than the screen', async (t) => {
  const s = await apiServer(t, { clock: systemClock, config: { webhooksAllowPrivate: true } });
  const receiver = await webhookReceiver(t);
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  t.equal((await marcus.client.post('/v1/me/api-tokens', { name: 'My Discord bot', scopes: ['read', 'play'] })).status, 201);
  t.equal((await marcus.client.post('/v1/me/api-tokens', { name: 'Scoreboard script', scopes: ['read'], expiresAt: '2036-01-01T00:00:00Z' })).status, 201);
  t.equal((await marcus.client.post('/v1/me/webhooks', { url: receiver.url, format: 'json', events: ['yourMove', 'gameOver'] })).status, 201);
  const down = await marcus.client.post('/v1/me/webhooks', { url: `${receiver.url}/down`, format: 'discord', events: ['yourMove', 'message', 'gameOver', 'challenge'] });
  // Given up after a day of failures (the worker's part, test/http/webhooks.test.ts): as the worker leaves it.
  await s.db.prisma.webhook.update({ where: { id: down.body.id }, data: { lastError: 'the receiver answered 404', lastErrorAt: new Date() } });
  t.equal((await gnaeus.client.post('/v1/challenges', { opponent: 'Marcus', game: 'julius-caesar', role: 'Caesar', message: 'A game before the Ides?' })).status, 201);
  t.equal((await marcus.client.post('/v1/challenges', { opponent: 'Gnaeus', game: 'julius-caesar', daysPerMove: 7, rated: true })).status, 201);
  const browser = await launch(t);
  for (const [screen, viewport, prefix] of [['laptop', LAPTOP, ''], ['phone', PHONE, 'phone-']] as const) {
    const w = await signedIn(t, browser, s.base, marcus, viewport);
    const page = w.page;
    const fits = async (what: string) => {
      const wide = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number);
      t.ok(wide <= viewport.width, `${screen}, ${what}: nothing wider than the screen (${wide} px)`);
    };
    await page.goto('/settings');
    await page.getByRole('region', { name: 'API tokens' }).getByText('Scoreboard script', { exact: true }).waitFor();
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByText(receiver.url, { exact: true }).waitFor();
    t.match(await hooks.getByRole('listitem').filter({ hasText: '/down' }).innerText(), /Given up on .* after a day of retries: the receiver answered 404/, 'a given-up webhook shows its error');
    await fits('Settings');
    t.same(await axe(page), [], `axe: Settings, ${screen}`);
    await shoot(page, 'API tokens', `${prefix}settings-tokens.png`);
    await shoot(page, 'Webhooks', `${prefix}settings-webhooks.png`);
    await page.goto('/challenges');
    await page.getByRole('region', { name: 'Challenges to me' }).getByText(/From\s+Gnaeus/).waitFor();
    await page.getByRole('region', { name: 'My challenges' }).getByText(/To\s+Gnaeus/).waitFor();
    await fits('the challenges page');
    t.same(await axe(page), [], `axe: the challenges page, ${screen}`);
    await shot(page, `${prefix}challenges.png`);
    t.same(realErrors(w.errors), [], `${screen}: no console error`);
  }
});

// Issue 41 (optional): the creator of an open public game lets bot accounts join it from its page.
t.test("an open public game's page lets its creator let bot accounts join, or not", async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const creator = await s.signUp('Marcus');
  const game = (await creator.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, creator);
  await w.page.goto(`/games/${game.id}`);
  const box = w.page.getByRole('checkbox', { name: /Bot accounts may join/ });
  await box.waitFor();
  t.equal(await box.isChecked(), false, 'off, as the game was made');
  t.same(await axe(w.page), [], 'axe: the open game with its switch');
  await box.check();
  await w.page.getByText('Bot accounts may now join.').waitFor();
  const shots = process.env.ALEA_SCREENSHOTS;
  if (shots) {
    await w.page.screenshot({ path: `${shots}/open-game-bots-laptop.png`, fullPage: true });
    const phone = await signedIn(t, browser, s.base, creator, PHONE);
    await phone.page.goto(`/games/${game.id}`);
    await phone.page.getByRole('checkbox', { name: /Bot accounts may join/ }).waitFor();
    await phone.page.screenshot({ path: `${shots}/open-game-bots-phone.png`, fullPage: true });
  }
  t.equal((await creator.client.get(`/v1/games/${game.id}`)).body.allowBots, true, 'the game allows bots');
  await box.uncheck();
  await w.page.getByText('Only people may join.').waitFor();
  t.notOk('allowBots' in (await creator.client.get(`/v1/games/${game.id}`)).body, 'and no longer');
  await w.page.reload();
  t.equal(await w.page.getByRole('checkbox', { name: /Bot accounts may join/ }).isChecked(), false, 'as the server has it');

  const priv = (await creator.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
  await w.page.goto(`/games/${priv.id}`);
  await w.page.getByLabel(/Invite link/).waitFor();
  t.equal(await w.page.getByRole('checkbox', { name: /Bot accounts may join/ }).count(), 0, 'a private game has no such switch');
  t.same(realErrors(w.errors), [], 'no console error');
});
