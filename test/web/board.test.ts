// The board's controls in real Chromium: the map zooms and pans by buttons, keyboard, wheel, drag
// and pinch, its stacks open, and on a phone every map target stays at least 24x24 px at every
// zoom; the choice panels open in view (over the map on a phone); Undo is disabled with nothing
// to undo and says why beside it; a force march asks first, with its cost; the landing and home
// pages name both games. The battles, the words and the log along seeded games of both games are
// in battles-julius-caesar.test.ts and battles-gallic-war.test.ts.
import t from 'tap';
import type { Page } from 'playwright-core';
import { look, readUntil, startGame, toCommand, type Seated } from '../helpers/api.js';
import { clickPlace, mapTransform, pickBlock } from '../helpers/board.js';
import { boardTests, post, screenshot, startGallicWar } from '../helpers/board-walk.js';
import { axe, LAPTOP, person, PHONE, realErrors } from '../helpers/browser.js';

const { server, browser, open } = await boardTests(t);

/** Every target of the map (buttons: locations, stacks, blocks): the smallest side in CSS pixels, and which. */
async function smallestTarget(page: Page): Promise<{ px: number; what: string }> {
  return page.evaluate(() => {
    let best = { px: Infinity, what: '' };
    for (const e of (globalThis as any).document.querySelectorAll('svg.map [role="button"]')) {
      const r = e.getBoundingClientRect();
      const px = Math.min(r.width, r.height);
      if (px < best.px) best = { px, what: e.getAttribute('aria-label') };
    }
    return best;
  });
}

t.test('the map: zoom and pan by buttons, keys, wheel, drag and pinch; stacks open; phone targets at every zoom; the choice panel in view', async (t) => {
  const g = await startGame(server, { visibility: 'private' });
  const w = await open(browser, g.caesar, g.id);
  const page = w.page;
  const t0 = await mapTransform(page);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.waitForTimeout(50);
  const t1 = await mapTransform(page);
  t.ok(t1.s > t0.s * 1.2, `the + button zooms in (${t0.s.toFixed(3)} → ${t1.s.toFixed(3)})`);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  t.ok((await mapTransform(page)).s < t1.s, 'the − button zooms out');
  const map = page.getByRole('region', { name: 'Map' });
  await map.focus();
  await page.keyboard.press('+');
  t.ok((await mapTransform(page)).s > t0.s, 'the + key zooms in');
  const before = await mapTransform(page);
  await page.keyboard.press('ArrowRight');
  t.ok((await mapTransform(page)).x < before.x, 'an arrow key pans');
  await page.keyboard.press('0');
  t.same(await mapTransform(page), t0, '0 resets the view');
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForTimeout(100);
  t.ok((await mapTransform(page)).s > t0.s, 'the wheel zooms in');
  const w0 = await mapTransform(page);
  await page.mouse.move(box.x + 40, box.y + box.height - 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + box.height - 100, { steps: 5 });
  await page.mouse.up();
  const w1 = await mapTransform(page);
  t.ok(Math.abs(w1.x - w0.x - 100) < 2 && Math.abs(w1.y - w0.y + 60) < 2, `a drag pans the map by as much (${(w1.x - w0.x).toFixed(0)}, ${(w1.y - w0.y).toFixed(0)})`);
  t.equal(await page.locator('.map-sheet').count(), 0, 'and the drag’s end is not a click on the map');
  await page.getByRole('button', { name: 'Reset the view' }).click();

  // A stack opens on hover (and Escape closes it); its blocks are then each on the map.
  const pile = page.locator('svg .pile.opens').first();
  await pile.focus();
  await pile.hover();
  await page.locator('.open-stack').waitFor();
  t.ok((await page.locator('.open-stack .block').count()) >= 2, 'a stack opens out on hover, each block on its own');
  await page.keyboard.press('Escape');
  t.equal(await page.locator('.open-stack').count(), 0, 'Escape closes it');
  t.same(await axe(page), [], 'axe: the map at 1440x900');

  // On a phone: pinch, the smallest and largest zoom, the targets, a stack tapped open, the choice panel.
  const phone = await open(browser, g.caesar, g.id, PHONE);
  const p = phone.page;
  const cdp = await phone.context.newCDPSession(p);
  // The pinch is made where a player would make it: on the map, scrolled into view (its middle may
  // start below a phone's screen, where two fingers would pinch the page instead).
  await p.locator('.map-wrap').scrollIntoViewIfNeeded();
  const frame = (await p.locator('.map-wrap').boundingBox())!;
  const screen = p.viewportSize()!;
  const cx = frame.x + frame.width / 2;
  const cy = (Math.max(frame.y, 0) + Math.min(frame.y + frame.height, screen.height)) / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', d: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }] });
  const p0 = await mapTransform(p);
  await touch('touchStart', 30);
  for (const d of [45, 60, 75, 90]) await touch('touchMove', d);
  await touch('touchEnd', 90);
  await p.waitForTimeout(200);
  const p1 = await mapTransform(p);
  t.ok(p1.s > p0.s * 1.5, `a pinch zooms in (${p0.s.toFixed(3)} → ${p1.s.toFixed(3)})`);
  for (let i = 0; i < 12; i++) await p.getByRole('button', { name: 'Zoom out' }).tap();
  await p.waitForTimeout(200);
  const least = await smallestTarget(p);
  t.ok(least.px >= 24, `at the smallest zoom on a phone every map target is at least 24 px (${least.px.toFixed(1)} px: ${least.what})`);
  t.same(await axe(p), [], 'axe (target size included): the map zoomed out on a phone');
  for (let i = 0; i < 12; i++) await p.getByRole('button', { name: 'Zoom in' }).tap();
  await p.waitForTimeout(200);
  t.ok((await smallestTarget(p)).px >= 24, 'and at the largest');
  await p.getByRole('button', { name: 'Reset the view' }).tap();
  // Ravenna's stack (Caesar's own blocks): a tap opens it; a tap on a block selects it, and its panel is in view.
  const ravenna = p.locator('svg [data-blocks~="C-Caesar"]').first();
  await ravenna.focus();
  await ravenna.tap();
  await p.locator('.open-stack').waitFor();
  t.pass('a tap opens a stack');
  await screenshot(p, 'phone-map.png');
  await p.keyboard.press('Escape');
  await p.locator('[data-location="Ravenna"]').tap();
  await p.getByRole('heading', { name: 'Ravenna', exact: true }).waitFor();
  const sheet = (await p.locator('.map-sheet').boundingBox())!;
  t.ok(sheet.y >= 0 && sheet.y + sheet.height <= PHONE.height + 1, `the opened location’s panel is on the screen (${sheet.y.toFixed(0)}–${(sheet.y + sheet.height).toFixed(0)})`);
  t.same(realErrors([...w.errors, ...phone.errors]), [], 'no console errors');
  await w.context.close();
  await phone.context.close();
});

t.test('controls and words: Undo only when there is something to undo, its refusal beside it; a force march asks, with its cost', async (t) => {
  // Julius Caesar: Caesar commands; Undo is disabled until he moves, and takes the move back.
  const g = await startGame(server, { visibility: 'private' });
  await toCommand(g);
  const w = await open(browser, g.caesar, g.id);
  const page = w.page;
  const undo = page.getByRole('button', { name: 'Undo my last action' });
  await page.getByText('Your move').first().waitFor();
  t.ok(await undo.isDisabled(), 'Undo is disabled with nothing to undo');
  t.match(await page.title(), /^\(your move\) /, 'the title says it is his move');
  const mine = await look(g.caesar, g.id);
  const move = mine.legalActions.find((a: any) => a.type === 'move' && a.path.length === 1 && !mine.legalActions.some((b: any) => b !== a && b.block === a.block && b.path?.at(-1) === a.path[0]));
  await pickBlock(page, move.block);
  await page.locator('svg .target').first().waitFor();
  await page.mouse.move(1, 1); // off the map: no stack left open by the pointer in the picture
  await screenshot(page, 'julius-caesar-board.png');
  await clickPlace(page, move.path[0]);
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('button[disabled][title="Nothing of yours to take back now"]'));
  t.ok(await undo.isEnabled(), 'after his move, Undo is enabled');
  // A failed undo says why beside the button (here: the network is down).
  await w.context.setOffline(true);
  await undo.click();
  const refusal = page.locator('[aria-label="Game controls"] [role="alert"]');
  await refusal.waitFor();
  t.match(await refusal.innerText(), /cannot be reached/, `the error shows beside the button: “${await refusal.innerText()}”`);
  await w.context.setOffline(false);
  await undo.click();
  const undone = (now: any) => now.view.blocks.find((b: any) => b.id === move.block).location !== move.path[0];
  t.ok(undone(await readUntil(() => look(g.caesar, g.id), undone)), 'Undo took the move back');
  await page.waitForFunction(() => (globalThis as any).document.querySelector('button[disabled][title="Nothing of yours to take back now"]'));
  t.ok(await undo.isDisabled(), 'and Undo is disabled again: the card play before it is Pompey’s');
  t.equal(await refusal.count(), 0, 'the error went with the successful undo');
  t.same(realErrors(w.errors).filter((e) => !/409|422|ERR_INTERNET_DISCONNECTED/.test(e)), [], 'no console errors but the network’s while it was down');
  await w.context.close();

  // On a phone: the selected block's panel, and "Which one?" when two of its moves end at one
  // place, open over the map and wholly on the screen.
  const now = await look(g.caesar, g.id);
  const twice = now.legalActions.find((a: any) => a.type === 'move' && now.legalActions.some((b: any) => b !== a && b.type === 'move' && b.block === a.block && b.path.at(-1) === a.path.at(-1)));
  t.ok(twice, `a place two moves of one block reach: ${twice?.label}`);
  const ph = await open(browser, g.caesar, g.id, PHONE);
  const onScreen = async (what: string) => {
    const b = (await ph.page.locator('.map-sheet').boundingBox())!;
    const map = (await ph.page.locator('.map-wrap').boundingBox())!;
    t.ok(b.y >= 0 && b.y + b.height <= PHONE.height + 1 && b.x >= 0 && b.x + b.width <= PHONE.width + 1, `${what} is on the screen (${b.y.toFixed(0)}–${(b.y + b.height).toFixed(0)})`);
    // Over the map, or right under it: the one-line panel of a selected block sits under the map scrolled into sight above it.
    t.ok(b.y <= map.y + map.height + 1 && b.y + b.height > map.y, `${what} is over or beside the map, not below it (the map ${map.y.toFixed(0)}–${(map.y + map.height).toFixed(0)})`);
  };
  await pickBlock(ph.page, twice.block);
  await ph.page.locator('.map-sheet h2').waitFor();
  await ph.page.locator('svg .target').first().waitFor();
  await onScreen('the selected block’s panel');
  await clickPlace(ph.page, twice.path.at(-1));
  await ph.page.getByRole('heading', { name: 'Which one?' }).waitFor();
  await onScreen('“Which one?”');
  t.same(await axe(ph.page), [], 'axe (target size included): “Which one?” on a phone');
  await screenshot(ph.page, 'phone-which-one.png');
  t.same(realErrors(ph.errors), [], 'no console errors on the phone');
  await ph.context.close();

  // Caesar's Gallic War: the Roman's legion force-marches only after a confirmation with its cost.
  const c = await startGallicWar(server);
  const roman = c.byRole.Roman!;
  const barbarian = c.byRole.Barbarian!;
  const playFirst = async (u: Seated) => {
    const m = await look(u, c.id);
    const a = m.legalActions.find((x: any) => x.type === 'play' && !/revolt|baggage/.test(x.card)) ?? m.legalActions[0];
    await post(u, c.id, m, a);
  };
  await playFirst(barbarian);
  await playFirst(roman);
  // A force march whose destination no other move of that legion reaches (a click there is that march).
  const marchOf = (g: any) => g.legalActions.find((a: any) => a.type === 'move' && a.path.length === 2 && g.legalActions.filter((b: any) => b.block === a.block && b.path?.at(-1) === a.path[1]).length === 1);
  for (let n = 0; n < 200; n++) {
    const r = await look(roman, c.id);
    if (marchOf(r)) break;
    const who = r.pending.includes('Roman') ? roman : barbarian;
    const m = await look(who, c.id);
    const a = m.legalActions.find((x: any) => (x.type === 'declare' && x.action === 'movement') || x.type === 'group' || x.type === 'go') ?? m.legalActions.find((x: any) => x.type === 'done') ?? m.legalActions[0];
    await post(who, c.id, m, a);
  }
  const r = await look(roman, c.id);
  const march = marchOf(r);
  t.ok(march, `a force march is possible: ${march?.label}`);
  const rw = await open(browser, roman, c.id);
  await pickBlock(rw.page, march.block);
  await rw.page.locator('svg .target').first().waitFor();
  await screenshot(rw.page, 'gallic-war-board.png');
  await clickPlace(rw.page, march.path[1]);
  const ask = rw.page.getByRole('heading', { name: 'Force march?' });
  await ask.waitFor();
  t.match(await rw.page.locator('.map-sheet').innerText(), new RegExp(`costs 1 supply \\(the Roman supply goes from ${r.view.supply} to ${r.view.supply - 1}\\)`), 'the confirmation says what it costs');
  t.equal((await look(roman, c.id)).version, r.version, 'nothing happened before the answer');
  await rw.page.getByRole('button', { name: 'Force march for 1 supply' }).click();
  const marched = await readUntil(() => look(roman, c.id), (now) => now.version > r.version);
  t.ok(
    marched.version > r.version && marched.view.supply === r.view.supply - 1 && marched.view.blocks.find((b: any) => b.id === march.block).location === march.path[1],
    'confirmed, the legion marched and the supply fell by 1',
  );
  t.same(realErrors(rw.errors), [], 'no console errors');
  await rw.context.close();
});

t.test('home and landing name both games and offer the rulebook bot as what it is; axe at both sizes', async (t) => {
  for (const viewport of [LAPTOP, PHONE]) {
    const w = await person(browser, server.base, viewport);
    await w.page.goto('/');
    await w.page.getByRole('heading', { name: /block wargames by email/ }).waitFor();
    const games = await w.page.getByRole('list', { name: 'The games' }).innerText();
    t.match(games, /Julius Caesar/, 'the landing page names Julius Caesar');
    t.match(games, /Caesar's Gallic War/, "and Caesar's Gallic War");
    t.same(await axe(w.page), [], `axe: the landing page at ${viewport.width}x${viewport.height}`);
    const u = await server.signUp('Crassus');
    await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
    await w.page.goto('/');
    await w.page.getByRole('heading', { name: 'Welcome, Crassus' }).waitFor();
    t.equal(await w.page.getByRole('radio', { name: /rulebook bot/i }).count(), 0, 'Julius Caesar has no bot to offer');
    await w.page.getByRole('combobox', { name: /^Game/ }).selectOption('caesars-gallic-war');
    const bot = w.page.getByRole('radio', { name: /^The rulebook bot: I play the Roman, the bot plays the Barbarian, by the solitaire rules/ });
    await bot.waitFor();
    t.pass('the bot is offered as the rulebook bot, with the side it plays and how');
    t.same(await axe(w.page), [], `axe: the home page at ${viewport.width}x${viewport.height}`);
    t.same(realErrors(w.errors), [], 'no console errors');
    await w.context.close();
  }
});
