// The board as a wargamer plays on it, in real Chromium, along seeded games of both games brought
// forward through the API (the pages follow live): every battle action is a button in the battle
// panel, named by its label; no page shows an internal id or a wrong plural; the tab title marks
// the player's move; blocks are at least 28 px at 1440x900; axe-core (WCAG 2.2 AA, target size
// included) finds nothing serious at 1440x900 and 375x667; the whole log is reachable and
// searchable; the map zooms and pans by buttons, keyboard, wheel, drag and pinch, its stacks open,
// and on a phone every map target stays at least 24x24 px at every zoom; the choice panel opens
// in view; Undo is disabled with nothing to undo and says why beside it; a force march asks first,
// with its cost.
import t, { type Test } from 'tap';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { systemClock } from '../../src/app/clock.js';
import { projectPath } from '../../src/paths.js';
import { apiServer, look, startGame, toCommand, type ApiServer, type Seated } from '../helpers/api.js';
import { battleButtons, battlePanel, clickPlace, idsShown, internalIds, mapTransform, pickBlock } from '../helpers/board.js';
import { axe, chromiumPresent, INSTALL_HINT, LAPTOP, launch, person, PHONE, realErrors, type Watched } from '../helpers/browser.js';
import { chooser } from '../helpers/chooser.js';

if (!chromiumPresent()) {
  console.log(INSTALL_HINT);
  t.pass('skipped: no Chromium');
  process.exit(0);
}

type GameId = 'julius-caesar' | 'caesars-gallic-war';
interface Started {
  id: string;
  byRole: Record<string, Seated>;
}

const BATTLE_TYPES: Record<GameId, Set<string>> = {
  'julius-caesar': new Set(['battle', 'surprise', 'fire', 'pass', 'retreat', 'hit', 'regroup']),
  'caesars-gallic-war': new Set(['battle', 'withdraw', 'fort', 'sortie', 'assault', 'retreat-all', 'fire', 'pass', 'retreat', 'hit', 'regroup', 'respond']),
};
const CGW_BATTLE_STEPS = new Set(['battle-choose', 'withdraw', 'fort', 'battle', 'hits', 'assault', 'sortie', 'forced-retreat', 'regroup', 'respond']);
/** The actions a player must find in the battle panel now. */
function battleActions(game: GameId, g: any): any[] {
  const phase = game === 'julius-caesar' ? g.view.phase === 'battle' : CGW_BATTLE_STEPS.has(g.view.step);
  return g.legalActions.filter((a: any) => phase || BATTLE_TYPES[game].has(a.type));
}

/** ALEA_SCREENSHOT=1: the README's pictures (docs/screenshots/); a plain run leaves the checkout as it was. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.ALEA_SCREENSHOT) return;
  mkdirSync(projectPath('docs', 'screenshots'), { recursive: true });
  await page.waitForTimeout(300); // the last render settled
  if ((page.viewportSize()?.width ?? 0) > PHONE.width) await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.screenshot({ path: projectPath('docs', 'screenshots', name) });
}

/** Words a player should never read: a wrong plural. */
const BAD_PLURAL = /\b1 (blocks|hits|cards|entries|steps|rounds|actions|dice)\b/;

const server = await apiServer(t, { clock: systemClock });
const browser = await launch(t);

/** A page signed in as `u` on game `id`. */
async function open(b: Browser, u: Seated, id: string, viewport = LAPTOP): Promise<Watched> {
  const w = await person(b, server.base, viewport);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
  await w.page.goto(`/games/${id}`);
  await w.page.locator('svg.map [data-location], svg.map [data-area]').first().waitFor();
  return w;
}

async function startGallicWar(s: ApiServer): Promise<Started> {
  const a = await s.signUp('Labienus');
  const b = await s.signUp('Ambiorix');
  const created = await a.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', visibility: 'private' });
  if (created.status !== 201) throw new Error(created.text);
  await b.client.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.invite.code });
  return { id: created.body.id, byRole: { Roman: { ...a, role: 'Roman' }, Barbarian: { ...b, role: 'Barbarian' } } };
}

/** Posts a legal action (without its label) for `u` at the game's version; the game as `u` now sees it. */
async function post(u: Seated, id: string, g: any, a: any): Promise<any> {
  const { label: _l, ...action } = a;
  const res = await u.client.post(`/v1/games/${id}/actions`, { action, version: g.version });
  if (res.status !== 200) throw new Error(`${JSON.stringify(action)}: ${res.status} ${res.text}`);
  return res.body;
}

/** A seeded player that seeks battles: attacks when it can, fires more often than not. */
function fighter(seed: number) {
  const pick = chooser(seed);
  return {
    pick,
    choose(role: string, g: any): any {
      const acts = g.legalActions;
      const enemyAt = new Set(g.view.blocks.filter((b: any) => b.side !== role).map((b: any) => b.location));
      const attacks = acts.filter((a: any) => (a.type === 'move' || a.type === 'amphibious') && Array.isArray(a.path) && enemyAt.has(a.path[a.path.length - 1]));
      if (attacks.length) return attacks[pick(attacks.length)];
      const fire = acts.filter((a: any) => a.type === 'fire');
      if (fire.length && pick(3) > 0) return fire[pick(fire.length)];
      return acts[pick(acts.length)];
    },
  };
}

/**
 * Plays a seeded game through the API with both players' pages open, and at each battle position
 * (up to `max`) checks the pending player's page: a button in the battle panel for every battle
 * action, no internal id, no wrong plural, the title marked. `atFirstBattle` runs once there.
 */
async function walk(t: Test, game: GameId, g: Started, pages: Record<string, Watched>, seed: number, max: number, want: string[], atFirstBattle: (role: string, w: Watched) => Promise<void>) {
  const f = fighter(seed);
  const ids = internalIds(game);
  const roles = Object.keys(g.byRole);
  const seen = new Set<string>();
  const missing: string[] = [];
  const leaks: string[] = [];
  const titles: string[] = [];
  let positions = 0;
  let first = true;
  let cur = await look(g.byRole[roles[0]!]!, g.id);
  for (let n = 0; n < 4000 && positions < max; n++) {
    if (cur.status !== 'active') break;
    const role = cur.pending[f.pick(cur.pending.length)] as string;
    const mine = cur.role === role ? cur : await look(g.byRole[role]!, g.id);
    const acts = battleActions(game, mine);
    const newType = acts.some((a) => !seen.has(a.type));
    if (acts.length && (newType || positions < max / 2 || n % 3 === 0)) {
      positions++;
      const w = pages[role]!;
      const lacking = await battleButtons(w.page, acts.map((a) => a.label));
      if (lacking.length) missing.push(`${role}, ${mine.view.prompt}: ${lacking.join(' | ')}`);
      for (const a of acts) seen.add(a.type);
      const shown = await idsShown(w.page, ids);
      if (shown.length) leaks.push(`${role}, ${mine.view.prompt}: ${shown.join(', ')}`);
      const text = await w.page.locator('body').innerText();
      if (BAD_PLURAL.test(text)) leaks.push(`${role}: "${BAD_PLURAL.exec(text)![0]}"`);
      const title = await w.page.title();
      if (!title.startsWith('(your move)')) titles.push(`${role}'s title at their move: ${title}`);
      if (first) {
        first = false;
        await atFirstBattle(role, w);
      }
    }
    cur = await post(g.byRole[role]!, g.id, mine, f.choose(role, mine));
  }
  t.ok(positions >= Math.min(max, 10), `${positions} battle positions checked`);
  t.same(missing, [], 'every battle action is a button in the battle panel, named by its label');
  t.same(
    want.filter((type) => !seen.has(type)),
    [],
    `these battle actions came up: ${[...seen].join(', ')}`,
  );
  t.ok(seen.size >= 3, 'several kinds of them');
  t.same(leaks, [], 'no internal id and no wrong plural on the page');
  t.same(titles, [], 'the tab title is marked at the player’s move');
}

/** The own blocks on the map: their size in CSS pixels, and their face label's font size. */
async function blockSizes(page: Page): Promise<{ px: number[]; font: number[] }> {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    const faces = [...d.querySelectorAll('svg.map [data-block] rect.face, svg.map .pile rect.face:not(.back)')];
    const labels = [...d.querySelectorAll('svg.map [data-block] text.short, svg.map .pile text.short')];
    return {
      px: faces.map((r: any) => Math.min(r.getBoundingClientRect().width, r.getBoundingClientRect().height)),
      font: labels.map((x: any) => parseFloat((globalThis as any).getComputedStyle(x).fontSize) * x.getScreenCTM().a),
    };
  });
}

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
  const frame = (await p.locator('.map-wrap').boundingBox())!;
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
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
  await screenshot(page, 'julius-caesar-board.png');
  await clickPlace(page, move.path[0]);
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('button[disabled][title="Nothing of yours to take back now"]'));
  t.ok(await undo.isEnabled(), 'after his move, Undo is enabled');
  await undo.click();
  t.ok(
    await (async () => {
      for (let i = 0; i < 100; i++) {
        const now = await look(g.caesar, g.id);
        if (now.view.blocks.find((b: any) => b.id === move.block).location !== move.path[0]) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    })(),
    'Undo took the move back',
  );
  await undo.click(); // nothing of his is left to take back: the API refuses
  const refusal = page.locator('[aria-label="Game controls"] [role="alert"]');
  await refusal.waitFor();
  t.ok((await refusal.innerText()).length > 5, `the refusal shows beside the button: “${await refusal.innerText()}”`);
  t.ok(await undo.isDisabled(), 'and Undo is disabled again');
  t.same(realErrors(w.errors).filter((e) => !/409|422/.test(e)), [], 'no console errors');
  await w.context.close();

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
  t.ok(
    await (async () => {
      for (let i = 0; i < 100; i++) {
        const now = await look(roman, c.id);
        if (now.version > r.version) return now.view.supply === r.view.supply - 1 && now.view.blocks.find((b: any) => b.id === march.block).location === march.path[1];
        await new Promise((res) => setTimeout(res, 100));
      }
      return false;
    })(),
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
