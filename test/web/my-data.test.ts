// A player's data in the browser (settings page, "Your data"): "Download my data" saves the
// export as a JSON file; "Delete my account" asks for the password and a confirmation, refuses a
// wrong password, then deletes the account and signs out, and the opponent's game page shows a
// deleted player where the name was.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import t from 'tap';
import { apiServer, look } from '../helpers/api.js';
import { axe, chromiumPresent, INSTALL_HINT, launch, PASSWORD, person, realErrors } from '../helpers/browser.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

async function signIn(p: Page, email: string, next: string): Promise<void> {
  await p.goto(`/signin?next=${encodeURIComponent(next)}`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(PASSWORD);
  await p.getByRole('button', { name: 'Sign in', exact: true }).click();
  await p.waitForURL((u) => u.pathname === next);
}

t.test('the settings page downloads my data, and deletes my account after my password and a confirmation', async (t) => {
  const s = await apiServer(t);
  const leaver = await s.signUp('Quintus Sertorius');
  const opponent = await s.signUp('Gnaeus');
  const created = await leaver.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  const id = created.body.id as string;
  t.equal((await opponent.client.post(`/v1/games/${id}/join`, {})).status, 200);

  const browser = await launch(t);
  const w = await person(browser, s.base);
  await signIn(w.page, leaver.email, '/settings');
  await w.page.getByRole('heading', { name: 'Your data' }).waitFor();
  t.same(await axe(w.page), [], 'axe: the settings page with its new section');

  const [download] = await Promise.all([w.page.waitForEvent('download'), w.page.getByRole('button', { name: 'Download my data' }).click()]);
  t.equal(download.suggestedFilename(), 'alea-data-2026-01-01.json', 'a file named after the day');
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  t.equal(data.account.email, leaver.email, 'holding my account');
  t.same(data.games.map((g: any) => g.game.id), [id], 'and my game');
  t.equal(data.games[0].game.role, 'Caesar', 'as I see it');

  const yourData = w.page.getByRole('region', { name: 'Your data' });
  const deleteButton = yourData.getByRole('button', { name: 'Delete my account' });
  const password = yourData.getByLabel('Password');
  // A dismissed confirmation deletes nothing.
  await password.fill(PASSWORD);
  w.page.once('dialog', (d) => void d.dismiss());
  await deleteButton.click();
  t.equal((await leaver.client.get('/v1/me')).status, 200, 'dismissed: the account stays');
  // A wrong password is refused, on the page.
  await password.fill('not my password at all');
  w.page.once('dialog', (d) => void d.accept());
  await deleteButton.click();
  await w.page.getByRole('alert').filter({ hasText: /password is wrong/ }).waitFor();
  t.equal((await leaver.client.get('/v1/me')).status, 200, 'a wrong password: the account stays');

  await password.fill(PASSWORD);
  let asked = '';
  w.page.once('dialog', (d) => {
    asked = d.message();
    void d.accept();
  });
  await deleteButton.click();
  await w.page.waitForURL(`${s.base}/`);
  await w.page.getByRole('link', { name: 'Sign in' }).waitFor();
  t.match(asked, /Delete your account for good\?/, 'after a confirmation');
  t.equal(await w.page.evaluate(() => (globalThis as any).localStorage.getItem('alea.token') as string | null), null, 'signed out here');
  t.equal((await leaver.client.get('/v1/me')).status, 401, 'the token is dead');
  t.equal((await look(opponent, id)).status, 'finished', 'the game is resigned');
  t.same(realErrors(w.errors), [], 'no console error');

  // The opponent's page of the game: a deleted player, no name.
  const o = await person(browser, s.base);
  await signIn(o.page, opponent.email, `/games/${id}`);
  await o.page.getByText('deleted player').first().waitFor();
  const html = await o.page.content();
  t.notOk(/sertorius/i.test(html), 'the name and address are nowhere on the opponent\'s page of the game');
  await o.page.goto('/');
  await o.page.getByText('against deleted player').first().waitFor({ state: 'attached' }); // (finished games are folded away)
  t.notOk(/sertorius/i.test(await o.page.content()), 'nor on their home page');
  t.same(realErrors(o.errors), [], 'no console error');
});
