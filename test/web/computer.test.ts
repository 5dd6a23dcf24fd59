// A game against the computer in the browser: made from the home page's form (the game, "the
// computer" with its level, a side), then played: the person's discard and card, the computer's
// answers arriving live (its moves are made by the worker's runner on a search thread, never in
// the person's request), "thinking…" shown while it decides, and my games naming it and its level;
// and a move waiting in the computer's queue shown with its place there.
import t from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { createComputerRunner } from '../../src/app/computer/runner.js';
import { LEVELS } from '../../src/search/levels.js';
import { createSearchPool } from '../../src/app/computer/search-pool.js';
import { axe, chromiumPresent, emailFor, INSTALL_HINT, launch, person, realErrors, signUpIn } from '../helpers/browser.js';
import { listen, testServer } from '../helpers/server.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

t.test('a person creates a game against the computer from the form, plays, and sees its answers arrive live', async (t) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  // The worker's part: a search thread at a tiny budget, each decision held back a little so that
  // the page's "thinking…" can be seen.
  const pool = createSearchPool({ threads: 1, memoryMb: 256, budget: { iterations: 4, timeMs: 300 } });
  const runner = createComputerRunner(s.app.services, {
    slots: 1,
    think: async (job) => {
      await new Promise((r) => setTimeout(r, 1500));
      return pool.think(job);
    },
    close: () => pool.close(),
  });
  runner.start();
  t.teardown(() => runner.stop());

  const browser = await launch(t);
  const me = await person(browser, base);
  t.teardown(async () => {
    if (!t.passing()) await me.page.screenshot({ path: '/tmp/alea-computer.png', fullPage: true }).catch(() => {});
  });
  const page = me.page;
  await page.goto('/');
  await signUpIn(page, 'Marcus', emailFor('Marcus'));
  await page.getByRole('heading', { name: 'Welcome, Marcus' }).waitFor();
  await page.getByRole('combobox', { name: /^Game/ }).selectOption('julius-caesar');
  await page.getByRole('radio', { name: /The computer/ }).check();
  const level = page.getByLabel(/The computer's level/);
  t.same(
    await level.locator('option').allTextContents(),
    LEVELS.map((l) => l.title),
    'the levels offered are the server\'s, named by what a move costs the computer',
  );
  await level.selectOption('easy');
  await page.getByLabel('My side').selectOption('Caesar');
  t.same(await axe(page), [], 'axe: the new game form with the computer chosen');
  await page.getByRole('button', { name: 'Create the game' }).click();

  // The board at once: the game has started, the computer named with its level.
  await page.getByRole('heading', { name: /Discard one card/ }).waitFor();
  t.match(await page.locator('.status-line').first().innerText(), /You are Caesar\s+against the computer \(Easy: plays by feel, trying 60 ways/, 'the game page names the computer and its level');
  await page.getByText(/the computer \(Pompey\) is thinking…/).first().waitFor();
  t.pass('the page shows that the computer is thinking');
  t.same(await axe(page), [], 'axe: the board against the computer');
  t.equal(await page.getByRole('heading', { name: 'Messages', exact: true }).count(), 0, 'no messages panel: the computer reads none');
  t.equal(await page.getByRole('heading', { name: 'My notes' }).count(), 1, 'my private notes are there');
  if (process.env.ALEA_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.ALEA_SCREENSHOTS}/computer-1440.png` });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.screenshot({ path: `${process.env.ALEA_SCREENSHOTS}/computer-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  const id = /\/games\/([^/?]+)/.exec(page.url())![1]!;

  // My discard; the computer's comes on its own, and the page moves on to the card play by itself.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));
  await page.locator('.hand button.gcard').first().click();
  await page.getByRole('heading', { name: 'Cards', exact: true }).waitFor();
  t.pass("the computer's discard arrived live: the card play began");
  // My card; the computer's answer reveals both.
  await page.locator('.hand button.gcard:not([disabled])').first().click();
  // The computer may have played first: then the second card asks before it reveals both (issue 41).
  const yes = page.locator('.map-sheet').getByRole('button', { name: /^Play / });
  const revealed = page.getByText(/Cards revealed: /).first();
  const asked = await Promise.race([yes.waitFor().then(() => true, () => false), revealed.waitFor().then(() => false, () => false)]);
  if (asked) await yes.click();
  // Revealed in the log either way (two God cards cancel each other and name no Player 1).
  await page.getByText(/Cards revealed: /).first().waitFor();
  t.pass('the computer played its card too: both are revealed, live');
  t.same(navigations, [], 'without a reload');
  const entries = await s.db.prisma.gameAction.findMany({ where: { gameId: id, kind: 'action', role: 'Pompey' } });
  t.ok(entries.length >= 2 && entries.every((e) => e.userId === null), "the computer's moves are in the log, with no user");

  // My games name it.
  await page.goto('/');
  await page.getByText(/against the computer \(Easy: plays by feel, trying 60 ways/).first().waitFor();
  t.pass('my games name the computer and its level');
  t.same(realErrors(me.errors), [], 'no errors in the console');
});

t.test("a person whose computer's move waits in the computer's queue sees its place there", async (t) => {
  const s = await testServer(t, { clock: systemClock });
  const base = await listen(s.app);
  // No runner here: the game waits, and its place is told on its stream as the runner tells it.
  const browser = await launch(t);
  const me = await person(browser, base);
  const page = me.page;
  await page.goto('/');
  await signUpIn(page, 'Livia', emailFor('Livia'));
  await page.getByRole('heading', { name: 'Welcome, Livia' }).waitFor();
  await page.getByRole('combobox', { name: /^Game/ }).selectOption('caesars-gallic-war');
  await page.getByRole('radio', { name: /The computer/ }).check();
  await page.getByLabel(/The computer's level/).selectOption('hard');
  await page.getByLabel('My side').selectOption('Barbarian');
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.getByText(/computer \(Roman\) is thinking…/i).first().waitFor();
  const id = /\/games\/([^/?]+)/.exec(page.url())![1]!;
  const version = (await s.db.prisma.gameSnapshot.findUniqueOrThrow({ where: { gameId: id } })).version;
  // The stream may still be connecting: the runner tells a waiting game's place again every few seconds.
  const tell = (position: number) => s.app.services.events.publish({ id, version, computer: 'Roman', queued: position });
  const told = setInterval(() => tell(3), 200);
  await page.getByText('2 searches ahead of it in the queue').first().waitFor();
  clearInterval(told);
  t.pass('the page shows how many searches come before its own');
  tell(1);
  await page.getByText('its search is next in the queue').first().waitFor();
  t.pass('and follows the place as it changes');
  t.same(await axe(page), [], 'axe: the board with the queue place');
  if (process.env.ALEA_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.ALEA_SCREENSHOTS}/computer-queue-1440.png` });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.screenshot({ path: `${process.env.ALEA_SCREENSHOTS}/computer-queue-375.png`, fullPage: true });
  }
  s.app.services.events.publish({ id, version, thinking: 'Roman', computer: 'Roman' });
  await page.getByText('in the queue').first().waitFor({ state: 'detached' });
  t.pass('once the computer is thinking, no place is shown');
  t.same(realErrors(me.errors), [], 'no errors in the console');
});
