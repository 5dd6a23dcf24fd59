// Julius Caesar's board along a seeded game, in real Chromium (the pages follow it live): every
// battle action is a button in the battle panel, named by its label; no page shows an internal id
// or a wrong plural; the tab title marks the player's move; blocks are at least 28 px at
// 1440x900; axe-core (WCAG 2.2 AA, target size included) finds nothing at 1440x900 and 375x667;
// the whole log is reachable, numbered and searchable.
import t from 'tap';
import { startGame } from '../helpers/api.js';
import { battlePanel } from '../helpers/board.js';
import { blockSizes, boardTests, screenshot, walk } from '../helpers/board-walk.js';
import { axe, PHONE, realErrors } from '../helpers/browser.js';

const { server, browser, open } = await boardTests(t);

t.test('Julius Caesar: the battle panel, words, ids, title, block size, axe at both sizes, the whole log', async (t) => {
  const g = await startGame(server, { visibility: 'private' });
  const pages = { Caesar: await open(browser, g.caesar, g.id), Pompey: await open(browser, g.pompey, g.id) };
  t.teardown(async () => {
    if (!t.passing()) for (const [r, w] of Object.entries(pages)) await w.page.screenshot({ path: `/tmp/alea-board-jc-${r}.png`, fullPage: true }).catch(() => {});
  });
  const status = await pages.Caesar.page.locator('[aria-label="Game status"]').innerText();
  t.match(status, /705 \(49 BC\)/, 'the Year as the rulebook writes it: 705 (49 BC)');

  await walk(t, 'julius-caesar', g, pages, 3, 30, ['fire'], async (role, w) => {
    const sizes = await blockSizes(w.page);
    t.ok(sizes.px.length > 5 && Math.min(...sizes.px) >= 28, `blocks at 1440x900 are at least 28 px (${Math.min(...sizes.px).toFixed(1)} px, ${sizes.px.length} blocks)`);
    t.ok(Math.min(...sizes.font) >= 9, `their names at least 9 px (${Math.min(...sizes.font).toFixed(1)} px)`);
    const panel = battlePanel(w.page);
    t.match(await panel.getAttribute('aria-label'), /^Battle at [A-Z]/, 'the battle panel is a landmark named by the battle, with the city’s name');
    t.ok(await panel.locator('table.battle-board').count(), 'the blocks in initiative order, Defender and Attacker');
    t.same(await axe(w.page), [], 'axe (WCAG 2.2 AA): the board in battle at 1440x900');
    await screenshot(w.page, 'julius-caesar-battle.png');
    const phone = await open(browser, g.byRole[role]!, g.id, PHONE);
    await battlePanel(phone.page).waitFor();
    t.same(await axe(phone.page), [], 'axe (WCAG 2.2 AA): the board in battle at 375x667');
    await battlePanel(phone.page).scrollIntoViewIfNeeded(); // axe checks the size of the targets on the screen
    t.same(await axe(phone.page), [], 'axe (WCAG 2.2 AA): the battle panel on the phone’s screen');
    await screenshot(phone.page, 'phone-battle.png');
    const width = await phone.page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth);
    t.ok(width <= PHONE.width, `no page-wide horizontal scroll at 375 px (${width})`);
    t.same(realErrors(phone.errors), [], 'no console errors on the phone');
    await phone.context.close();
  });

  // The whole log: from the first entry, numbered, searchable.
  const caesar = pages.Caesar.page;
  const full = (await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
  t.ok(full.length > 50, `a log longer than the view's part (${full.length} entries)`);
  await caesar.getByRole('button', { name: /^Show the \d+ earlier entr/ }).click();
  const firstEntry = caesar.locator('ol.log li', { hasText: full[0]! }).first();
  await firstEntry.waitFor();
  t.ok(await firstEntry.isVisible(), 'the first entry is on the page');
  const top = await caesar.evaluate(() => {
    const d = (globalThis as any).document;
    const list = d.querySelector('ol.log');
    const li = [...list.querySelectorAll('li')].find((x: any) => !x.classList.contains('turn'));
    const a = list.getBoundingClientRect();
    const b = li.getBoundingClientRect();
    return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
  });
  t.ok(top, 'after “Show the earlier entries” the list shows its start');
  const numbers = await caesar.evaluate(() => [...(globalThis as any).document.querySelectorAll('ol.log .n')].map((e: any) => ({ n: e.textContent, cut: e.scrollWidth > e.clientWidth })));
  t.equal(numbers.length, full.filter((l) => !/^— .* —$/.test(l)).length, 'every entry but the headings is numbered');
  t.same(numbers.filter((x) => x.cut), [], 'no entry number is cut');
  const lastEntry = full.findLastIndex((l) => !/^— .* —$/.test(l)) + 1;
  t.equal(numbers.at(-1)?.n, String(lastEntry), 'the last entry has its number in the whole log');
  t.match(await caesar.locator('ol.log li.turn').first().innerText(), /Year 705 \(49 BC\)/, 'turn headings, with the year as the rulebook writes it');
  await caesar.getByRole('searchbox', { name: 'Search the whole log' }).fill('historical deployment');
  await caesar.getByRole('status').filter({ hasText: /found/ }).waitFor();
  t.ok(await caesar.locator('ol.log li', { hasText: full[0]! }).isVisible(), 'a search finds the first entry');
  t.ok((await caesar.locator('ol.log li:not(.turn)').count()) < 5, 'and only the matching entries');
  t.same(realErrors([...pages.Caesar.errors, ...pages.Pompey.errors]), [], 'no console errors');
  for (const w of Object.values(pages)) await w.context.close();
});
