// What waits for a player, in real Chromium (issue 41.9 and 41.13e): My games shows each game's
// unread messages, live over /v1/me/events; the tab's title counts the games waiting for the
// player's move and the unread messages, on the home page as on a game's page; opening a game
// reads its messages, but not while its tab is hidden (the title then says a message came, and
// the message stays unread, so the next email still brings it). With ALEA_SCREENSHOTS=DIR it
// saves the home page with its counts at 1440x900 and 375x667 there.
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/app/clock.js';
import { act, apiServer, look, startGame, type User } from '../helpers/api.js';
import { axe, chromiumPresent, INSTALL_HINT, launch, LAPTOP, person, PHONE, realErrors, type Watched } from '../helpers/browser.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

const SHOTS = process.env.ALEA_SCREENSHOTS;
const path = (id: string) => `/v1/games/${id}/messages`;

async function signedIn(t: Test, browser: Awaited<ReturnType<typeof launch>>, base: string, u: User, viewport = LAPTOP): Promise<Watched> {
  const w = await person(browser, base, viewport);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
  // The tab's visibility, under the test's control: window.setHidden(true) hides it. (A string:
  // tsx would wrap a function's inner functions in a helper the page does not have.)
  await w.context.addInitScript(`{
    let hidden = false;
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    window.setHidden = (h) => { hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
  }`);
  t.teardown(async () => {
    if (!t.passing()) await w.page.screenshot({ path: `/tmp/alea-web-waits-${u.name}.png`, fullPage: true }).catch(() => {});
  });
  return w;
}

/** Waits until the tab's title is `title` (and says what it was if it never is). */
async function title(t: Test, page: Page, title: string, what: string): Promise<void> {
  await page.waitForFunction((x) => (globalThis as any).document.title === x, title, { timeout: 15_000 }).catch(() => {});
  t.equal(await page.title(), title, what);
}

const unreadOf = async (u: User, id: string) => ((await u.client.get('/v1/games?mine=true')).body.items as any[]).find((g) => g.id === id).unreadMessages;

t.test('My games shows each game\'s unread messages live; the title counts them with the move; opening the game reads them', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const g = await startGame(s); // both players discard first: it is Caesar's move
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, g.caesar);
  await w.page.goto('/');
  const item = w.page.locator('ul.games li', { hasText: `#${g.game.number} Julius Caesar` });
  await item.waitFor();
  await title(t, w.page, '(your move) Alea', 'no message: the move alone');

  await g.pompey.client.post(path(g.id), { text: 'Ave.' });
  await item.getByText('1 new message').waitFor();
  await title(t, w.page, '(your move, 1 message) Alea', 'a message arrived live: in the list and the title');
  await g.pompey.client.post(path(g.id), { text: 'Second.' });
  await item.getByText('2 new messages').waitFor();
  await title(t, w.page, '(your move, 2 messages) Alea', 'two');
  t.same(await axe(w.page), [], 'axe: My games with a message count');
  if (SHOTS) {
    await w.page.screenshot({ path: `${SHOTS}/home-unread-laptop.png`, fullPage: true });
    const phone = await signedIn(t, browser, s.base, g.caesar, PHONE);
    await phone.page.goto('/');
    await phone.page.locator('ul.games li', { hasText: '2 new messages' }).waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/home-unread-phone.png`, fullPage: true });
    t.same(await axe(phone.page), [], 'axe: the same on a phone');
  }

  // Opening the game shows the messages: read.
  await item.getByRole('link', { name: `#${g.game.number} Julius Caesar` }).click();
  await w.page.locator('.message-list .message-text', { hasText: 'Second.' }).waitFor();
  await title(t, w.page, `(your move) #${g.game.number} Julius Caesar · Alea`, 'on the game page, read: the move alone');
  t.equal(await unreadOf(g.caesar, g.id), 0, 'read on the server');
  await w.page.goBack();
  await item.waitFor();
  await title(t, w.page, '(your move) Alea', 'home again: nothing unread');
  t.notMatch(await item.innerText(), /new message/);

  // Read on another device: the count goes here too, live.
  await g.pompey.client.post(path(g.id), { text: 'Third.' });
  await item.getByText('1 new message').waitFor();
  await g.caesar.client.get(path(g.id));
  await item.getByText('1 new message').waitFor({ state: 'detached' });
  await title(t, w.page, '(your move) Alea', 'read elsewhere: gone here too');
  t.same(realErrors(w.errors), [], 'no console error');
});

t.test('a game\'s page in a hidden tab: a message shows in the title and stays unread until the tab is seen', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const g = await startGame(s);
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, g.caesar);
  await w.page.goto(`/games/${g.id}`);
  await w.page.getByText('No message yet.').waitFor();
  const name = `#${g.game.number} Julius Caesar · Alea`;
  await title(t, w.page, `(your move) ${name}`, 'the move');

  await w.page.evaluate(() => (globalThis as any).setHidden(true));
  await g.pompey.client.post(path(g.id), { text: 'While you were away.' });
  await w.page.locator('.message-list .message-text', { hasText: 'While you were away.' }).waitFor();
  await title(t, w.page, `(your move, 1 message) ${name}`, 'hidden: the title says a message came');
  t.equal(await unreadOf(g.caesar, g.id), 1, 'and it stays unread (the next email still brings it)');
  await g.pompey.client.post(path(g.id), { text: 'Still there?' });
  await title(t, w.page, `(your move, 2 messages) ${name}`, 'two');

  await w.page.evaluate(() => (globalThis as any).setHidden(false));
  await title(t, w.page, `(your move) ${name}`, 'seen: read');
  for (let i = 0; i < 50 && (await unreadOf(g.caesar, g.id)) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
  t.equal(await unreadOf(g.caesar, g.id), 0, 'read on the server');

  // Caesar discards: no longer his move, and a message read at once leaves the title bare.
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  await title(t, w.page, name, 'not my move');
  await g.pompey.client.post(path(g.id), { text: 'Seen at once.' });
  await w.page.locator('.message-list .message-text', { hasText: 'Seen at once.' }).waitFor();
  await title(t, w.page, name, 'a message read as it comes: nothing to say');

  // A watcher of the public game, once over, reads its messages and has nothing unread.
  const watcher = await s.signUp('Cicero');
  await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  const v = await signedIn(t, browser, s.base, watcher);
  await v.page.goto(`/games/${g.id}`);
  await v.page.locator('.message-list .message-text', { hasText: 'Seen at once.' }).waitFor();
  await v.page.evaluate(() => (globalThis as any).setHidden(true));
  await g.caesar.client.post(path(g.id), { text: 'Well played.' });
  await v.page.locator('.message-list .message-text', { hasText: 'Well played.' }).waitFor();
  await title(t, v.page, name, "a watcher's title counts no message");
  t.same([...realErrors(w.errors), ...realErrors(v.errors)], [], 'no console error');
});

t.test('the home page\'s title says which games wait for my move: "(2 games wait) Alea", "(your move) Alea"', async (t) => {
  const s = await apiServer(t, { clock: systemClock });
  const g = await startGame(s);
  // A second game of Marcus's, against Cicero: both start with a discard each, his move in both.
  const cicero = await s.signUp('Cicero');
  const mine = (await g.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  await cicero.client.post(`/v1/games/${mine.id}/join`, {});
  const browser = await launch(t);
  const w = await signedIn(t, browser, s.base, g.caesar);
  await w.page.goto('/');
  await title(t, w.page, '(2 games wait) Alea', 'two games wait for my move');
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions.find((a: any) => a.type === 'discard'));
  await title(t, w.page, '(your move) Alea', 'one, live');
  await act(g.caesar, mine.id, (await look(g.caesar, mine.id)).legalActions.find((a: any) => a.type === 'discard'));
  await title(t, w.page, 'Alea', 'none');
  await w.page.goto('/settings');
  await title(t, w.page, 'Settings · Alea', 'other pages keep their own title');
  t.same(realErrors(w.errors), [], 'no console error');
});
