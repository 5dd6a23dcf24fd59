// Caesar's Gallic War in the browser: a game made from the home page's form (the game, a side, an
// optional rule), joined through the invite link, then played by its labelled legal actions: a
// sealed card play each (the opponent sees only that a card is in), both revealed, the
// announcements. The Roman's page lists the Barbarian's hidden blocks only as counts. axe-core
// and the console are checked on the way.
import t from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, person, realErrors, signUpIn } from '../helpers/browser.js';
import { listen, testServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

t.test("two players start a game of Caesar's Gallic War and play its first cards in the browser", async (t) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  const browser = await launch(t);
  const roman = await person(browser, base);
  const barbarian = await person(browser, base);
  t.teardown(async () => {
    if (t.passing()) return;
    await roman.page.screenshot({ path: '/tmp/alea-cgw-roman.png', fullPage: true }).catch(() => {});
    await barbarian.page.screenshot({ path: '/tmp/alea-cgw-barbarian.png', fullPage: true }).catch(() => {});
  });
  const signUp = (p: typeof roman.page, name: string) => signUpIn(p, name, emailFor(name));

  await roman.page.goto('/');
  await signUp(roman.page, 'Labienus');
  await roman.page.getByRole('heading', { name: 'Welcome, Labienus' }).waitFor();
  await roman.page.getByRole('combobox', { name: /^Game/ }).selectOption('caesars-gallic-war');
  await roman.page.getByRole('heading', { name: "New game of Caesar's Gallic War" }).waitFor();
  await roman.page.getByLabel('My side').selectOption('Roman');
  await roman.page.getByLabel('Yearly Objectives (10)').check();
  t.same(await axe(roman.page), [], 'axe: the new game form for the second game');
  await roman.page.getByRole('button', { name: 'Create the game' }).click();
  const inviteInput = roman.page.getByLabel(/Invite link/);
  await inviteInput.waitFor();
  t.match(await roman.page.locator('main').textContent(), /Yearly Objectives/, 'the open game shows its optional rule');
  const invite = new URL(await inviteInput.inputValue());
  const id = invite.pathname.split('/').pop()!;

  await barbarian.page.goto(invite.pathname + invite.search);
  await barbarian.page.waitForURL(/\/signin\?next=/);
  await signUp(barbarian.page, 'Ambiorix');
  await barbarian.page.waitForURL((u) => u.pathname === `/games/${id}`);
  await barbarian.page.getByRole('button', { name: 'Join as Barbarian' }).click();

  // The board: areas listed, the opponent's blocks as counts only.
  for (const w of [roman, barbarian]) await w.page.getByRole('heading', { name: 'The map of Gaul, area by area' }).waitFor();
  await roman.page.reload();
  await roman.page.getByRole('heading', { name: 'The map of Gaul, area by area' }).waitFor();
  const table = (await roman.page.locator('table.areas').textContent())!;
  t.match(table, /hidden Barbarian block/, "the Barbarian's blocks are hidden from the Roman");
  t.notMatch(table, /\(Barbarian, \d/, 'none is named with its strength');
  t.match(table, /Legio [IVX]+ \(Roman, 4\)/, 'the Roman sees his own legions');
  t.same(await axe(roman.page), [], 'axe: the Gallic War board');

  // Sealed plays: the Barbarian plays first; the Roman sees only that a card is in.
  await barbarian.page.getByRole('button', { name: /^Play / }).first().click();
  await roman.page.getByText('Barbarian has played a card.').waitFor();
  await roman.page.getByRole('button', { name: /^Play / }).first().click();
  // Both revealed: the Roman announces his action first (5.2).
  await roman.page.getByRole('button', { name: /^Announce / }).first().waitFor();
  await roman.page.getByRole('button', { name: /^Announce / }).first().click();
  await barbarian.page.getByRole('button', { name: /^Announce / }).first().waitFor();
  await barbarian.page.getByRole('button', { name: /^Announce / }).first().click();
  await roman.page.waitForFunction(() => /announces/.test((globalThis as any).document.querySelector('ol.log')?.textContent ?? ''));
  t.match(await roman.page.locator('ol.log').textContent(), /The Barbarian announces/, 'the live log shows both announcements');
  t.same(realErrors([...roman.errors, ...barbarian.errors]), [], 'no console errors');
});
