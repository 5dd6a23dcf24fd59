// Ratings in real Chromium (issue 29): a player creates a rated game from the home page's form;
// when the opponent resigns, the game page shows both rating changes beside the outcome, live;
// the player's page shows the rating and the game with its result and change, and links to the
// opponent's page; the leaderboard lists the players once established. axe-core finds no serious
// or critical violation on the new pages, and no console error.
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/app/clock.js';
import { Client } from '../helpers/api.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, person, realErrors, signUpIn } from '../helpers/browser.js';
import { listen, testServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

const tokenOf = (p: Page) => p.evaluate(() => (globalThis as any).localStorage.getItem('alea.token')) as Promise<string>;

t.test('a rated game: the rating change at its end, the player pages, the leaderboard', async (t: Test) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  const browser = await launch(t);
  const marcus = await person(browser, base);
  t.teardown(async () => {
    if (!t.passing()) await marcus.page.screenshot({ path: '/tmp/alea-web-players.png', fullPage: true }).catch(() => {});
  });
  const page = marcus.page;
  await page.goto('/signin');
  await signUpIn(page, 'Marcus', emailFor('marcus'));
  await page.getByRole('heading', { name: 'Welcome, Marcus' }).waitFor();
  const me = new Client(base, await tokenOf(page));

  const reg = await new Client(base).post('/v1/auth/register', { email: emailFor('gnaeus'), password: 'correct horse battery', name: 'Gnaeus' });
  t.equal(reg.status, 201);
  const gnaeus = new Client(base, reg.body.token);

  // A rated public game from the form; Gnaeus joins from the lobby (over the API) and resigns.
  await page.getByLabel('My side').selectOption('Caesar');
  await page.getByLabel(/Anyone: the game waits in the lobby/).check();
  await page.getByRole('checkbox', { name: /Rated: the result changes/ }).check();
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/\/games\/[^/]+$/);
  const id = /\/games\/([^/?]+)/.exec(page.url())![1]!;
  t.equal((await me.get(`/v1/games/${id}`)).body.rated, true, 'the form created a rated game');
  t.equal((await gnaeus.post(`/v1/games/${id}/join`, {})).status, 200);
  await page.getByRole('heading', { name: /Discard one card/ }).waitFor();
  t.equal((await gnaeus.post(`/v1/games/${id}/resign`)).status, 200);

  const changes = page.getByRole('list', { name: 'Rating changes' });
  await changes.waitFor();
  t.match(await page.getByRole('status').filter({ hasText: 'You won!' }).innerText(), /Pompey resigned/);
  t.match(await changes.innerText(), /Caesar Marcus: 1500 → 1662 \(\+162\)[\s\S]*Pompey Gnaeus: 1500 → 1338 \(−162\)/, 'both changes beside the outcome, live');
  t.same(await axe(page), [], 'axe: a rated game at its end');

  // My page, from the top bar.
  await page.getByRole('link', { name: 'Signed in as Marcus' }).click();
  await page.waitForURL(/\/players\/Marcus$/);
  await page.getByRole('heading', { name: 'Marcus', level: 1 }).waitFor();
  const ratings = page.getByRole('table');
  await ratings.waitFor();
  t.match(await ratings.innerText(), /Julius Caesar\s+1662\?\s+1\s+1 · 0 · 0/, 'the rating, provisional');
  const finished = page.getByRole('region', { name: 'Finished games' });
  t.match(await finished.innerText(), /Julius Caesar\s+Caesar\s+against\s+Gnaeus\s*rated\s*won\s*1500 → 1662 \(\+162\)/);
  t.same(await axe(page), [], 'axe: a player page');
  await finished.getByRole('link', { name: 'Gnaeus' }).click();
  await page.waitForURL(/\/players\/Gnaeus$/);
  await page.getByRole('heading', { name: 'Gnaeus', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Finished games' }).getByText(/lost/).waitFor();
  t.match(await page.getByRole('region', { name: 'Finished games' }).innerText(), /1500 → 1338 \(−162\)/);

  // The leaderboard: nobody until established; five more games, then both.
  await page.getByRole('link', { name: 'Leaderboards' }).click();
  await page.getByRole('heading', { name: 'Julius Caesar: leaderboard' }).waitFor();
  await page.getByText('No established rating yet').waitFor();
  for (let i = 0; i < 5; i++) {
    const g = await me.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true });
    await gnaeus.post(`/v1/games/${g.body.id}/join`, {});
    await (i % 2 ? me : gnaeus).post(`/v1/games/${g.body.id}/resign`);
  }
  await page.reload();
  const board = page.getByRole('table');
  await board.waitFor();
  const rows = await board.getByRole('row').allInnerTexts();
  t.match(rows, [/Rank/, /^1\s+Marcus\s+\d+\s+6\s+4 · 2 · 0/, /^2\s+Gnaeus\s+\d+\s+6\s+2 · 4 · 0/]);
  t.same(await axe(page), [], 'axe: the leaderboard');
  await board.getByRole('link', { name: 'Gnaeus' }).click();
  await page.waitForURL(/\/players\/Gnaeus$/);
  t.same(realErrors(marcus.errors), [], 'no console error');
});
