// Ratings in real Chromium (issue 29): a player creates a rated game from the home page's form;
// when the opponent resigns, the game page shows both rating changes beside the outcome, live;
// the player's page shows the rating and the game with its result and change, and links to the
// opponent's page; the leaderboard lists the players once established. axe-core finds no serious
// or critical violation on the new pages, and no console error.
import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/app/clock.js';
import { Client, confirmEmailThroughLink, playUntilUnderway } from '../helpers/api.js';
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
  const addresses = { marcus: emailFor('marcus'), gnaeus: emailFor('gnaeus') };
  await signUpIn(page, 'Marcus', addresses.marcus);
  await page.getByRole('heading', { name: 'Welcome, Marcus' }).waitFor();
  const me = new Client(base, await tokenOf(page));

  const reg = await new Client(base).post('/v1/auth/register', { email: addresses.gnaeus, password: 'correct horse battery', name: 'Gnaeus' });
  t.equal(reg.status, 201);
  const gnaeus = new Client(base, reg.body.token);
  // Rated play needs confirmed addresses: both confirm theirs (the emailed links).
  for (const address of Object.values(addresses)) await confirmEmailThroughLink({ db: s.db, anon: new Client(base) }, address);
  await page.reload(); // the form offers rated games to a confirmed address
  await page.getByRole('heading', { name: 'Welcome, Marcus' }).waitFor();

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
  // Played on until each side has made its first moves: a resignation then has a result.
  await playUntilUnderway([{ client: me }, { client: gnaeus }], id);
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

  // The leaderboard: nobody until established with 5 games against 3 opponents; then two
  // more players, and each plays each twice in all: the four of them, Marcus first.
  await page.getByRole('link', { name: 'Leaderboards' }).click();
  await page.getByRole('heading', { name: 'Julius Caesar: leaderboard' }).waitFor();
  await page.getByText('No established rating yet').waitFor();
  const others: Client[] = [];
  for (const name of ['Cato', 'Dido']) {
    const address = emailFor(name);
    const r = await new Client(base).post('/v1/auth/register', { email: address, password: 'correct horse battery', name });
    await confirmEmailThroughLink({ db: s.db, anon: new Client(base) }, address);
    others.push(new Client(base, r.body.token));
  }
  const ranked = [me, gnaeus, ...others];
  // [winner, loser]: Marcus and Gnaeus 4-2, Cato 3-3, Dido 1-5 (one-sided records leave the RD high).
  const pairs: [number, number][] = [[1, 0], [0, 2], [2, 0], [0, 3], [0, 3], [1, 2], [1, 2], [1, 3], [3, 1], [2, 3], [2, 3]];
  for (const [w, l] of pairs) {
    const g = await ranked[w]!.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true });
    await ranked[l]!.post(`/v1/games/${g.body.id}/join`, {});
    await playUntilUnderway([{ client: ranked[w]! }, { client: ranked[l]! }], g.body.id);
    t.equal((await ranked[l]!.post(`/v1/games/${g.body.id}/resign`)).status, 200);
  }
  await page.reload();
  const board = page.getByRole('table');
  await board.waitFor();
  const rows = await board.getByRole('row').allInnerTexts();
  t.equal(rows.length, 5, 'a heading and the four players');
  const record = { Marcus: '4 · 2 · 0', Gnaeus: '4 · 2 · 0', Cato: '3 · 3 · 0', Dido: '1 · 5 · 0' };
  const cells = rows.slice(1).map((r) => r.split('\t'));
  t.same(cells.map((c) => c[0]), ['1', '2', '3', '4'], 'ranked');
  for (const c of cells) t.equal(`${c[3]} games, ${c[4]}`, `6 games, ${record[c[1] as keyof typeof record]}`, `${c[1]}'s row`);
  t.same(cells.map((c) => Number(c[2])), cells.map((c) => Number(c[2])).sort((x, y) => y - x), 'highest first');
  t.same(await axe(page), [], 'axe: the leaderboard');
  await board.getByRole('link', { name: 'Gnaeus' }).click();
  await page.waitForURL(/\/players\/Gnaeus$/);
  t.same(realErrors(marcus.errors), [], 'no console error');
});
