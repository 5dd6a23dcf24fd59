// Caesar's Gallic War's board along a seeded game, in real Chromium (the pages follow it live):
// the year as the rulebook writes it, the hand drawn as cards, every battle action a button in the
// battle panel, no internal id or wrong plural, the title marked, blocks at least 28 px at
// 1440x900, axe-core (WCAG 2.2 AA, target size included) clean at 1440x900 and 375x667.
import t from 'tap';
import { battlePanel } from '../helpers/board.js';
import { blockSizes, boardTests, screenshot, startGallicWar, walk } from '../helpers/board-walk.js';
import { axe, PHONE, realErrors } from '../helpers/browser.js';

const { server, browser, open } = await boardTests(t);

t.test("Caesar's Gallic War: the battle panel, words, ids, title, block size, axe at both sizes", async (t) => {
  const g = await startGallicWar(server);
  const pages = { Roman: await open(browser, g.byRole.Roman!, g.id), Barbarian: await open(browser, g.byRole.Barbarian!, g.id) };
  t.teardown(async () => {
    if (!t.passing()) for (const [r, w] of Object.entries(pages)) await w.page.screenshot({ path: `/tmp/alea-board-cgw-${r}.png`, fullPage: true }).catch(() => {});
  });
  t.match(await pages.Roman.page.locator('[aria-label="Game status"]').innerText(), /Turn 1 of 8 \(58 BC\)/, 'the year as the rulebook writes it');
  // The hand: cards drawn as cards, with their values.
  const card = pages.Roman.page.locator('.hand .gcard').first();
  t.match(await card.innerText(), /(TRIBE|EVENT)[\s\S]+\d/, 'a card shows its kind, its name and its value');
  await walk(t, 'caesars-gallic-war', g, pages, 5, 30, ['fire'], async (role, w) => {
    const sizes = await blockSizes(w.page);
    t.ok(sizes.px.length > 5 && Math.min(...sizes.px) >= 28, `blocks at 1440x900 are at least 28 px (${Math.min(...sizes.px).toFixed(1)} px)`);
    t.ok(Math.min(...sizes.font) >= 9, `their names at least 9 px (${Math.min(...sizes.font).toFixed(1)} px)`);
    t.match(await battlePanel(w.page).getAttribute('aria-label'), /^Battle( in [A-Z]|: choose)/, 'the battle panel is a landmark named by the battle, with the area’s name');
    t.same(await axe(w.page), [], 'axe (WCAG 2.2 AA): the board in battle at 1440x900');
    await screenshot(w.page, 'gallic-war-battle.png');
    const phone = await open(browser, g.byRole[role]!, g.id, PHONE);
    await battlePanel(phone.page).waitFor();
    t.same(await axe(phone.page), [], 'axe (WCAG 2.2 AA): the board in battle at 375x667');
    await battlePanel(phone.page).scrollIntoViewIfNeeded();
    t.same(await axe(phone.page), [], 'axe (WCAG 2.2 AA): the battle panel on the phone’s screen');
    t.same(realErrors(phone.errors), [], 'no console errors on the phone');
    await phone.context.close();
  });
  t.same(realErrors([...pages.Roman.errors, ...pages.Barbarian.errors]), [], 'no console errors');
  for (const w of Object.values(pages)) await w.context.close();
});
