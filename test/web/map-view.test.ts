// What the map shows, measured in real Chromium on the screen as drawn: every stack sits on its
// place or is joined to it by a drawn line, and no place's name lies under a stack, in both games,
// at both sizes and from the first view to the largest zoom (issue 41, map 1); the first view
// holds the whole map on a desktop and every one of the player's own blocks on a phone (map 2);
// on a phone a selected block and all its destinations stay in sight above the panel that says
// what is selected (map 3).
import t from 'tap';
import type { Page } from 'playwright-core';
import { look, startGame, toCommand, type Seated } from '../helpers/api.js';
import { mapTransform, pickBlock } from '../helpers/board.js';
import { boardTests, fighter, post, screenshot, startGallicWar } from '../helpers/board-walk.js';
import { LAPTOP, PHONE, realErrors } from '../helpers/browser.js';
import jcCoast from '../../web/src/generated/julius-caesar-coast.json' with { type: 'json' };
import cgwCoast from '../../web/src/generated/caesars-gallic-war-coast.json' with { type: 'json' };

const { server, browser, open } = await boardTests(t);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const inside = (b: Box, area: Box, tol = 1) => b.x >= area.x - tol && b.y >= area.y - tol && b.x + b.width <= area.x + area.width + tol && b.y + b.height <= area.y + area.height + tol;
const overlap = (a: Box, b: Box, tol = 0.5) => a.x + tol < b.x + b.width && b.x + tol < a.x + a.width && a.y + tol < b.y + b.height && b.y + tol < a.y + a.height;
const near = (p: { x: number; y: number }, b: Box, tol: number) => p.x >= b.x - tol && p.x <= b.x + b.width + tol && p.y >= b.y - tol && p.y <= b.y + b.height + tol;
const show = (b: Box) => `${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}x${b.height.toFixed(0)}`;

/** The map as drawn on the screen: each place's point, each stack's box, each name's box, each leader line. */
async function drawn(page: Page) {
  // (No named functions in the page's code: the test's compiler would wrap them in a helper the page lacks.)
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    const points: Record<string, { x: number; y: number }> = {};
    for (const e of d.querySelectorAll('svg.map [data-location], svg.map [data-area]')) {
      const r = e.querySelector('circle.hit').getBoundingClientRect();
      points[e.getAttribute('data-location') ?? e.getAttribute('data-area')] = { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }
    const stacks = [...d.querySelectorAll('svg.map [data-stack]')].map((e: any) => [e.getAttribute('data-stack') as string, e.getBoundingClientRect()] as const);
    const labels = [...d.querySelectorAll('svg.map .labels text')].map((e: any) => [e.textContent as string, e.getBoundingClientRect()] as const);
    const leaders = [...d.querySelectorAll('svg.map line[data-leader]')].map((e: any) => {
      const m = e.getScreenCTM();
      const [x1, y1, x2, y2] = [e.x1, e.y1, e.x2, e.y2].map((v: any) => v.baseVal.value);
      return { at: e.getAttribute('data-leader') as string, from: { x: m.a * x1 + m.c * y1 + m.e, y: m.b * x1 + m.d * y1 + m.f }, to: { x: m.a * x2 + m.c * y2 + m.e, y: m.b * x2 + m.d * y2 + m.f } };
    });
    return {
      points,
      stacks: stacks.map(([at, r]) => ({ at, box: { x: r.x, y: r.y, width: r.width, height: r.height } })),
      labels: labels.map(([text, r]) => ({ text, box: { x: r.x, y: r.y, width: r.width, height: r.height } })).filter((l) => l.box.width > 0),
      leaders,
    };
  });
}

/** What is wrong with the stacks as drawn now (a line for each stack off its point with no line to it, and each name it covers); how many; whether two stand at one place. */
async function misplaced(page: Page, where: string): Promise<{ faults: string[]; stacks: number; shared: boolean }> {
  const m = await drawn(page);
  const faults: string[] = [];
  for (const s of m.stacks) {
    const p = m.points[s.at];
    if (!p) {
      faults.push(`${where}: a stack at ${s.at}, no such place`);
      continue;
    }
    const tied = near(p, s.box, 1) || m.leaders.some((l) => l.at === s.at && ((near(l.from, { ...p, width: 0, height: 0 }, 2) && near(l.to, s.box, 2)) || (near(l.to, { ...p, width: 0, height: 0 }, 2) && near(l.from, s.box, 2))));
    if (!tied) faults.push(`${where}: the stack at ${s.at} (${show(s.box)}) is neither on its point (${p.x.toFixed(0)},${p.y.toFixed(0)}) nor joined to it by a line`);
    for (const l of m.labels) if (overlap(l.box, s.box)) faults.push(`${where}: the stack at ${s.at} (${show(s.box)}) covers the name “${l.text}” (${show(l.box)})`);
  }
  return { faults, stacks: m.stacks.length, shared: m.stacks.some((s, i) => m.stacks.findIndex((o) => o.at === s.at) !== i) };
}

/** Each zoom from the first view to the largest, then the smallest: `check` at every one. */
async function atEveryZoom(page: Page, check: (zoom: string) => Promise<void>) {
  const press = async (name: string, times: number) => {
    for (let i = 0; i < times; i++) await page.getByRole('button', { name }).click();
    await page.waitForTimeout(200);
  };
  await check('the first view');
  await press('Zoom in', 2);
  await check(`zoomed in (${(await mapTransform(page)).s.toFixed(2)})`);
  await press('Zoom in', 12);
  await check(`the largest zoom (${(await mapTransform(page)).s.toFixed(2)})`);
  await press('Zoom out', 24);
  await check(`the smallest zoom (${(await mapTransform(page)).s.toFixed(2)})`);
  await page.getByRole('button', { name: 'Reset the view' }).click();
}

/** A game brought forward through the API by seeded players, past `moves` actions, until both sides stand at one place (a battle to fight). */
async function playOn(byRole: Record<string, Seated>, id: string, moves: number, seed: number): Promise<boolean> {
  const f = fighter(seed);
  let cur = await look(Object.values(byRole)[0]!, id);
  for (let n = 0; n < moves + 1000 && cur.status === 'active' && (n < moves || !cur.view.contested.length); n++) {
    const role = cur.pending[f.pick(cur.pending.length)] as string;
    const mine = await look(byRole[role]!, id);
    cur = await post(byRole[role]!, id, mine, f.choose(role, mine));
  }
  return cur.view.contested.length > 0;
}

t.test('every stack sits on its place or is joined to it by a line, and covers no name, in both games at both sizes and every zoom', async (t) => {
  const jc = await startGame(server, { visibility: 'private' });
  const cgw = await startGallicWar(server);
  const later = await startGame(server, { visibility: 'private' });
  t.ok(await playOn(later.byRole, later.id, 60, 7), 'Julius Caesar played on to a battle');
  const cgwLater = await startGallicWar(server);
  t.ok(await playOn(cgwLater.byRole, cgwLater.id, 100, 11), "Caesar's Gallic War played on to a battle");
  const boards = [
    { what: 'Julius Caesar at the start', u: jc.caesar, id: jc.id },
    { what: 'Julius Caesar later', u: later.pompey, id: later.id },
    { what: "Caesar's Gallic War at the start", u: cgw.byRole.Roman!, id: cgw.id },
    { what: "Caesar's Gallic War later", u: cgwLater.byRole.Barbarian!, id: cgwLater.id },
  ];
  for (const b of boards)
    for (const viewport of [LAPTOP, PHONE]) {
      const w = await open(browser, b.u, b.id, viewport);
      await w.page.locator('.map-wrap').scrollIntoViewIfNeeded();
      const faults: string[] = [];
      let stacks = 0;
      let shared = false;
      await atEveryZoom(w.page, async (zoom) => {
        const m = await misplaced(w.page, `${b.what}, ${viewport.width}x${viewport.height}, ${zoom}`);
        faults.push(...m.faults);
        stacks = Math.max(stacks, m.stacks);
        shared ||= m.shared;
      });
      t.ok(stacks >= 5, `${b.what} at ${viewport.width}x${viewport.height}: ${stacks} stacks measured`);
      if (b.what.endsWith('later')) t.ok(shared, 'among them the two sides’ stacks at one place');
      t.same(faults, [], `${b.what} at ${viewport.width}x${viewport.height}: every stack on its place or joined to it by a line, no name under a stack`);
      t.same(realErrors(w.errors), [], 'no console errors');
      await w.context.close();
    }
});

/** The elements that show one of the player's blocks on the map: the block itself, or the stack it is in. */
async function ownBlockBoxes(page: Page, ids: string[]): Promise<Record<string, Box | null>> {
  return page.evaluate((ids) => {
    const d = (globalThis as any).document;
    const out: Record<string, Box | null> = {};
    for (const id of ids) {
      const e = d.querySelector(`svg.map [data-block="${id}"]`) ?? d.querySelector(`svg.map [data-blocks~="${id}"]`);
      const r = e?.getBoundingClientRect();
      out[id] = r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    }
    return out;
  }, ids);
}

t.test('the first view shows the whole map on a desktop and every own block on a phone, for both sides of both games', async (t) => {
  const jc = await startGame(server, { visibility: 'private' });
  const cgw = await startGallicWar(server);
  const sides = [
    { u: jc.caesar, id: jc.id, map: jcCoast },
    { u: jc.pompey, id: jc.id, map: jcCoast },
    { u: cgw.byRole.Roman!, id: cgw.id, map: cgwCoast },
    { u: cgw.byRole.Barbarian!, id: cgw.id, map: cgwCoast },
  ];
  for (const s of sides) {
    const own: string[] = (await look(s.u, s.id)).view.blocks.filter((b: any) => b.id && b.side === s.u.role).map((b: any) => b.id as string);
    t.ok(own.length > 0, `${s.u.role} has ${own.length} blocks on the map`);
    for (const viewport of [LAPTOP, PHONE]) {
      const w = await open(browser, s.u, s.id, viewport);
      await w.page.waitForTimeout(200);
      const where = `${s.u.role} at ${viewport.width}x${viewport.height}`;
      const screen = { x: 0, y: 0, ...viewport };
      const frame = (await w.page.locator('.map-wrap').boundingBox())!;
      // What of the map is on the screen: the frame, cut by the screen's edges.
      const top = Math.max(frame.y, 0);
      const seen = { x: Math.max(frame.x, 0), y: top, width: Math.min(frame.x + frame.width, viewport.width) - Math.max(frame.x, 0), height: Math.min(frame.y + frame.height, viewport.height) - top };
      const boxes = await ownBlockBoxes(w.page, own);
      const out = own.filter((id) => !boxes[id] || !inside(boxes[id]!, seen)).map((id) => `${id} at ${boxes[id] ? show(boxes[id]!) : 'nowhere'}`);
      t.same(out, [], `${where}: every own block is on the screen at load (the map shows ${show(seen)})`);
      if (viewport === LAPTOP) {
        t.ok(inside(frame, screen), `${where}: the map's frame is wholly on the screen without scrolling (${show(frame)})`);
        const svg = (await w.page.locator('svg.map').boundingBox())!;
        const tr = await mapTransform(w.page);
        const whole = { x: svg.x + tr.x, y: svg.y + tr.y, width: s.map.width * tr.s, height: s.map.height * tr.s };
        t.ok(inside(whole, seen), `${where}: the whole map (${show(whole)}) is inside it`);
      }
      // The pictures of docs/web.md: a phone's overview (Pompey's armies as markers), the Gallic War on a phone.
      const picture = viewport === PHONE && { Pompey: 'phone-overview.png', Roman: 'phone-gallic-war.png' }[s.u.role];
      if (picture) {
        await w.page.locator('.map-wrap').scrollIntoViewIfNeeded();
        await screenshot(w.page, picture);
      }
      t.same(realErrors(w.errors), [], 'no console errors');
      await w.context.close();
    }
  }
});

t.test('on a phone a selected block and every destination it lights stay in sight above a one-line panel', async (t) => {
  const g = await startGame(server, { visibility: 'private' });
  await toCommand(g);
  const now = await look(g.caesar, g.id);
  // The block with the most destinations.
  const ends = new Map<string, Set<string>>();
  for (const a of now.legalActions) if (a.type === 'move') ends.set(a.block, new Set([...(ends.get(a.block) ?? []), a.path.at(-1)]));
  const [block, places] = [...ends].sort((a, b) => b[1].size - a[1].size)[0]!;
  t.ok(places.size >= 3, `${block} may move to ${places.size} places: ${[...places].join(', ')}`);
  const w = await open(browser, g.caesar, g.id, PHONE);
  const page = w.page;
  await pickBlock(page, block);
  await page.locator('svg .target').first().waitFor();
  await page.waitForTimeout(300);
  const sheet = (await page.locator('.map-sheet').boundingBox())!;
  t.ok(sheet.height <= 80, `the panel is one line (${sheet.height.toFixed(0)} px high)`);
  t.ok(await page.locator('.map-sheet').getByRole('button', { name: /^(Cancel|Done)$/ }).count(), 'with a Cancel button');
  const frame = (await page.locator('.map-wrap').boundingBox())!;
  const top = Math.max(frame.y, 0);
  const seen = { x: Math.max(frame.x, 0), y: top, width: Math.min(frame.x + frame.width, PHONE.width) - Math.max(frame.x, 0), height: Math.min(frame.y + frame.height, sheet.y) - top };
  t.ok(seen.height > 150, `the map shows above the panel (${show(seen)})`);
  const chosen = (await ownBlockBoxes(page, [block]))[block];
  t.ok(chosen && inside(chosen, seen), `the selected block is in sight (${chosen ? show(chosen) : 'nowhere'}; the map shows ${show(seen)})`);
  const lit = await page.evaluate(() =>
    [...(globalThis as any).document.querySelectorAll('svg.map .target')].map((e: any) => {
      const r = e.querySelector('circle.halo').getBoundingClientRect();
      return { at: e.getAttribute('data-location'), box: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
  t.same(lit.map((l: any) => l.at).sort(), [...places].sort(), 'its destinations are lit');
  const hidden = lit.filter((l: any) => !inside(l.box, seen)).map((l: any) => `${l.at} at ${show(l.box)}`);
  t.same(hidden, [], `every destination is in sight above the panel (the map shows ${show(seen)})`);
  await screenshot(page, 'phone-selection.png');
  t.same(realErrors(w.errors), [], 'no console errors');
  await w.context.close();
});
