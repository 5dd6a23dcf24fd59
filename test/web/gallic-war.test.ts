// Caesar's Gallic War in the browser: a game made from the home page's form (the game, a side, an
// optional rule), joined through the invite link, then played by its labelled legal actions: a
// sealed card play each (the opponent sees only that a card is in), both revealed, the
// announcements. The Roman's page lists the Barbarian's hidden blocks only as counts. axe-core
// and the console are checked on the way.
import t from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { BORDERS } from '../../src/engine/caesars-gallic-war/data/map.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, person, realErrors, signUpIn } from '../helpers/browser.js';
import { Client, readUntil } from '../helpers/api.js';
import { clickPlace, pickBlock } from '../helpers/board.js';
import { listen, testServer } from '../helpers/server.js';

/** The token the page keeps (to play the other side through the API). */
const tokenOf = (p: import('playwright-core').Page) => p.evaluate(() => (globalThis as any).localStorage.getItem('alea.token')) as Promise<string>;

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
  await signUp(barbarian.page, 'Ambiorix'); // the account made from the invitation joins the game
  await barbarian.page.waitForURL((u) => u.pathname === `/games/${id}` && u.search === '');

  // The board: the map of Gaul, every area on it; the areas also as a list; the opponent's blocks
  // as counts only.
  for (const w of [roman, barbarian]) await w.page.locator('svg.gaul [data-area]').first().waitFor();
  await roman.page.reload();
  await roman.page.locator('svg.gaul [data-area]').first().waitFor();
  t.equal(await roman.page.locator('svg.gaul [data-area]').count(), 32, 'the 32 map points are drawn');
  t.ok((await roman.page.locator('svg.gaul path.land').getAttribute('d'))!.length > 1000, 'on the coastline of Gaul');
  const rhine = BORDERS.filter(([, , type]) => type === 'rhine').length;
  t.equal(await roman.page.locator('svg.gaul line.border.rhine').count(), rhine, `the ${rhine} Rhine borders are drawn as such`);
  t.ok((await roman.page.locator('svg.gaul [data-area="mandubii"]').getAttribute('aria-label'))!.includes('fort Alesia'), 'forts are marked');
  const hiddenOnMap = await roman.page.locator('svg.gaul g.block.hidden.Barbarian').count();
  t.ok(hiddenOnMap > 0, 'the Barbarian blocks show face down on the map');
  t.equal(await roman.page.locator('svg.gaul g.block.Barbarian:not(.hidden)').count(), 0, 'none face up');
  const table = (await roman.page.locator('table.areas').textContent())!;
  t.match(table, /hidden Barbarian block/, "the Barbarian's blocks are hidden from the Roman");
  t.notMatch(table, /\(Barbarian, \d/, 'none is named with its strength');
  t.match(table, /Legio [IVX]+ \(Roman, 4\)/, 'the Roman sees his own legions');
  t.same(await axe(roman.page), [], 'axe: the Gallic War board');

  // An area opens in the side panel with its blocks.
  await clickPlace(roman.page, 'transalpine_gaul');
  await roman.page.getByRole('heading', { name: 'Transalpine Gaul' }).waitFor();
  t.ok(await roman.page.locator('.map-sheet').getByRole('img', { name: /^Legio [IVX]+( \(Caesar\))?, strength 4/ }).count(), 'its blocks, face up for their owner');
  t.same(await axe(roman.page), [], 'axe: the map with an opened area');
  await roman.page.getByRole('button', { name: 'Close' }).click();

  // Sealed plays: the Barbarian plays first; the Roman sees only that a card is in.
  await barbarian.page.getByRole('button', { name: /^Play / }).first().click();
  await roman.page.getByText('Barbarian has played a card.').waitFor();
  await roman.page.getByRole('button', { name: /^Play (?!.*(Revolt|Baggage))/ }).first().click();
  // The second card reveals both: it asks first (issue 41).
  const ask = roman.page.locator('.map-sheet');
  await ask.getByRole('heading', { name: /^Play .+\?$/ }).waitFor();
  t.match(await ask.innerText(), /The Barbarian has played a card: both cards are then revealed/);
  await ask.getByRole('button', { name: /^Play / }).click();
  // Both revealed: the Roman announces his action first (5.2): Movement.
  await roman.page.getByRole('button', { name: 'Announce Movement' }).waitFor();
  await roman.page.getByRole('button', { name: 'Announce Movement' }).click();
  await barbarian.page.getByRole('button', { name: /^Announce / }).first().waitFor();
  await barbarian.page.getByRole('button', { name: /^Announce / }).first().click();
  await roman.page.waitForFunction(() => /The Barbarian announces/.test((globalThis as any).document.querySelector('ol.log')?.textContent ?? ''));
  t.match(await roman.page.locator('ol.log').textContent(), /The Barbarian announces/, 'the live log shows both announcements');

  // The Barbarian's side is played through the API until the Roman may activate a group.
  const api = { Roman: new Client(base, await tokenOf(roman.page)), Barbarian: new Client(base, await tokenOf(barbarian.page)) };
  for (let n = 0; ; n++) {
    const g = (await api.Roman.get(`/v1/games/${id}`)).body;
    if (g.legalActions.some((a: any) => a.type === 'group')) break;
    if (n > 200 || !g.pending.includes('Barbarian')) throw new Error(`the Roman never got to move: ${g.view.prompt}`);
    const b = (await api.Barbarian.get(`/v1/games/${id}`)).body;
    const { label: _l, ...action } = b.legalActions.find((a: any) => a.type === 'done' || a.type === 'go') ?? b.legalActions[0];
    t.equal((await api.Barbarian.post(`/v1/games/${id}/actions`, { action, version: b.version })).status, 200);
  }
  // Movement on the map: activate the legions' group, select a legion, click a lit destination.
  await roman.page.getByRole('button', { name: 'Activate the group in Transalpine Gaul' }).click();
  await roman.page.getByRole('button', { name: 'Move the activated groups' }).click();
  // The click's action may still be on its way: read the game once it has landed.
  const read = async () => (await api.Roman.get(`/v1/games/${id}`)).body;
  const moving = await readUntil(read, (g) => g.legalActions.some((a: any) => a.type === 'move'));
  // A legion's one-area move (a force march asks first: board.test.ts).
  const move = moving.legalActions.find((a: any) => a.type === 'move' && a.block.startsWith('legio-') && a.path.length === 1);
  const block = move.block as string;
  await pickBlock(roman.page, block);
  await roman.page.getByRole('heading', { name: new RegExp(`^Legio [IVX]+.*, strength`) }).waitFor();
  const lit = roman.page.locator('svg.gaul [data-area].target');
  t.ok((await lit.count()) > 0, 'its destinations light up');
  const to = move.path[0] as string;
  t.equal(await roman.page.locator(`svg.gaul [data-area="${to}"]`).getAttribute('class').then((c) => /\btarget\b/.test(c ?? '')), true, `${to} is lit`);
  t.same(await axe(roman.page), [], 'axe: a block selected, its destinations lit');
  await clickPlace(roman.page, to);
  if (await roman.page.getByText('Which one?').isVisible().catch(() => false)) await roman.page.locator('.map-sheet button', { hasText: move.label }).click();
  const after = await readUntil(read, (g) => g.version > moving.version);
  t.equal(after.view.blocks.find((b: any) => b.id === block).location, to, `${block} moved to ${to} by a click on the map`);
  t.same(realErrors([...roman.errors, ...barbarian.errors]), [], 'no console errors');
});

t.test('one person plays the Roman against the bot from the home page (solitaire, 12)', async (t) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  const browser = await launch(t);
  const roman = await person(browser, base);
  t.teardown(async () => {
    if (!t.passing()) await roman.page.screenshot({ path: '/tmp/alea-cgw-solo.png', fullPage: true }).catch(() => {});
  });
  await roman.page.goto('/');
  await signUpIn(roman.page, 'Crassus', emailFor('Crassus'));
  await roman.page.getByRole('heading', { name: 'Welcome, Crassus' }).waitFor();
  await roman.page.getByRole('combobox', { name: /^Game/ }).selectOption('caesars-gallic-war');
  await roman.page.getByRole('radio', { name: /^The rulebook bot/ }).check();
  t.same(await axe(roman.page), [], 'axe: the form with the bot chosen');
  await roman.page.getByRole('button', { name: 'Create the game' }).click();
  await roman.page.waitForURL(/\/games\/[0-9a-f-]+$/);
  await roman.page.locator('svg.gaul [data-area]').first().waitFor();
  // The Roman plays first (12); the bot has no hand.
  await roman.page.getByRole('button', { name: /^Play (?!.*(Revolt|Baggage))/ }).first().click();
  await roman.page.getByRole('button', { name: 'Announce a Supply Action' }).click();
  // His action resolved, the bot's card is revealed and played within the same request.
  await roman.page.waitForFunction(() => /The bot reveals/.test((globalThis as any).document.querySelector('ol.log')?.textContent ?? ''));
  const log = (await roman.page.locator('ol.log').textContent())!;
  t.match(log, /the Roman plays/, "the Roman's card");
  t.match(log, /The bot reveals/, "then the bot's, in the same answer");
  // Whatever the bot did (a battle may now ask the Roman to respond or fire), the game waits for
  // him, and the page offers what he may do.
  const id = new URL(roman.page.url()).pathname.split('/').pop()!;
  const api = new Client(base, await tokenOf(roman.page));
  const g = (await api.get(`/v1/games/${id}`)).body;
  t.same(g.pending, ['Roman'], 'the game waits for the person, not the bot');
  await roman.page.getByRole('button', { name: g.legalActions[0].label, exact: true }).first().waitFor();
  t.pass('the page offers his next action');
  await roman.page.goto('/');
  await roman.page.getByText('against the rulebook bot').first().waitFor();
  t.pass('his games list the rulebook bot as the opponent');
  t.same(realErrors(roman.errors), [], 'no console errors');
});
