// Driving seeded games of both games in the browser, battle by battle (test/web/battles-*.test.ts):
// the pages of both players follow the game, brought forward through the API by a seeded player
// that seeks battles, and at each battle position the pending player's page is checked: a button
// in the battle panel for every battle action, no internal id, no wrong plural, the title marked,
// the blocks that have had their battle turn ticked.
import type { Test } from 'tap';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { projectPath } from '../../src/paths.js';
import { systemClock } from '../../src/app/clock.js';
import { apiServer, look, type ApiServer, type Seated } from './api.js';
import { battleButtons, idsShown, internalIds } from './board.js';
import { chromiumPresent, INSTALL_HINT, LAPTOP, launch, person, PHONE, type Watched } from './browser.js';
import { chooser } from './chooser.js';

export type GameId = 'julius-caesar' | 'caesars-gallic-war';
export interface Started {
  id: string;
  byRole: Record<string, Seated>;
}

const BATTLE_TYPES: Record<GameId, Set<string>> = {
  'julius-caesar': new Set(['battle', 'surprise', 'fire', 'pass', 'retreat', 'hit', 'regroup']),
  'caesars-gallic-war': new Set(['battle', 'withdraw', 'fort', 'sortie', 'assault', 'retreat-all', 'fire', 'pass', 'retreat', 'hit', 'regroup', 'respond']),
};
const CGW_BATTLE_STEPS = new Set(['battle-choose', 'withdraw', 'fort', 'battle', 'hits', 'assault', 'sortie', 'forced-retreat', 'regroup', 'respond']);
/** The actions a player must find in the battle panel now. */
export function battleActions(game: GameId, g: any): any[] {
  const phase = game === 'julius-caesar' ? g.view.phase === 'battle' : CGW_BATTLE_STEPS.has(g.view.step);
  return g.legalActions.filter((a: any) => phase || BATTLE_TYPES[game].has(a.type));
}

/** ALEA_SCREENSHOT=1: the pictures of docs/web.md (docs/screenshots/); a plain run leaves the checkout as it was. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.ALEA_SCREENSHOT) return;
  mkdirSync(projectPath('docs', 'screenshots'), { recursive: true });
  await page.waitForTimeout(300); // the last render settled
  if ((page.viewportSize()?.width ?? 0) > PHONE.width) await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.screenshot({ path: projectPath('docs', 'screenshots', name) });
}

/** Words a player should never read: a wrong plural. */
export const BAD_PLURAL = /\b1 (blocks|hits|cards|entries|steps|rounds|actions|dice)\b/;

/** A page of the server at `base`, signed in as `u` on game `id`. */
export async function openBoard(b: Browser, base: string, u: Seated, id: string, viewport = LAPTOP): Promise<Watched> {
  const w = await person(b, base, viewport);
  await w.context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), u.token);
  await w.page.goto(`/games/${id}`);
  await w.page.locator('svg.map [data-location], svg.map [data-area]').first().waitFor();
  return w;
}

export async function startGallicWar(s: ApiServer): Promise<Started> {
  const a = await s.signUp('Labienus');
  const b = await s.signUp('Ambiorix');
  const created = await a.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', visibility: 'private' });
  if (created.status !== 201) throw new Error(created.text);
  await b.client.post(`/v1/games/${created.body.id}/join`, { inviteCode: created.body.invite.code });
  return { id: created.body.id, byRole: { Roman: { ...a, role: 'Roman' }, Barbarian: { ...b, role: 'Barbarian' } } };
}

/** Posts a legal action (without its label) for `u` at the game's version; the game as `u` now sees it. */
export async function post(u: Seated, id: string, g: any, a: any): Promise<any> {
  const { label: _l, ...action } = a;
  const res = await u.client.post(`/v1/games/${id}/actions`, { action, version: g.version });
  if (res.status !== 200) throw new Error(`${JSON.stringify(action)}: ${res.status} ${res.text}`);
  return res.body;
}

/** A seeded player that seeks battles: attacks when it can, fires more often than not. */
export function fighter(seed: number) {
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
export async function walk(t: Test, game: GameId, g: Started, pages: Record<string, Watched>, seed: number, max: number, want: string[], atFirstBattle: (role: string, w: Watched) => Promise<void>) {
  const f = fighter(seed);
  const ids = internalIds(game);
  const roles = Object.keys(g.byRole);
  const seen = new Set<string>();
  const missing: string[] = [];
  const leaks: string[] = [];
  const titles: string[] = [];
  const ticks: string[] = [];
  let ticked = 0;
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
      // Each block of the battle that has had its battle turn this round is ticked, no other.
      const b = mine.view.battle;
      if (b) {
        const at = b.location ?? b.area;
        const want = mine.view.blocks.filter((x: any) => x.location === at && x.id && b.acted.includes(x.id)).length;
        // The page follows the game live: give it a moment to show this position's marks.
        let got = await w.page.locator('.battle-board .acted').count();
        for (let k = 0; k < 50 && got !== want; k++) {
          await w.page.waitForTimeout(100);
          got = await w.page.locator('.battle-board .acted').count();
        }
        if (got !== want) ticks.push(`${role}, ${mine.view.prompt}: ${got} ticked, ${want} have acted`);
        if (want > 0) ticked++;
      }
      // Live too: the title may be a moment behind the position.
      await w.page.waitForFunction(() => (globalThis as any).document.title.startsWith('(your move)'), null, { timeout: 5_000 }).catch(() => {});
      const title = await w.page.title();
      if (!title.startsWith('(your move)')) titles.push(`${role}'s title at their move: ${title}`);
      if (first) {
        first = false;
        await atFirstBattle(role, w);
      }
    }
    if (n % 20 === 0) {
      // Off the battles too: every page, now and then, whatever phase the game is in.
      for (const [r, w] of Object.entries(pages)) {
        const shown = await idsShown(w.page, ids);
        if (shown.length) leaks.push(`${r} at step ${n}, ${mine.view.prompt}: ${shown.join(', ')}`);
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
  t.same(ticks, [], 'the blocks that have had their battle turn this round are ticked in the battle panel');
  t.ok(ticked > 0, `${ticked} positions with ticked blocks`);
}

/** The own blocks on the map: their size in CSS pixels, and their face label's font size. */
export async function blockSizes(page: Page): Promise<{ px: number[]; font: number[] }> {
  return page.evaluate(() => {
    const d = (globalThis as any).document;
    const faces = [...d.querySelectorAll('svg.map [data-block] rect.face, svg.map .pile-face rect.face:not(.back)')];
    const labels = [...d.querySelectorAll('svg.map [data-block] text.short, svg.map .pile-face text.short')];
    return {
      px: faces.map((r: any) => Math.min(r.getBoundingClientRect().width, r.getBoundingClientRect().height)),
      font: labels.map((x: any) => parseFloat((globalThis as any).getComputedStyle(x).fontSize) * x.getScreenCTM().a),
    };
  });
}

/**
 * What a browser test file of the board starts with: a server on the real clock, Chromium, and
 * `open` for a player's board page. Without Chromium the file passes as skipped, and ends.
 */
export async function boardTests(t: Test): Promise<{ server: ApiServer; browser: Browser; open: (b: Browser, u: Seated, id: string, viewport?: { width: number; height: number }) => Promise<Watched> }> {
  if (!chromiumPresent()) {
    console.log(INSTALL_HINT);
    t.pass('skipped: no Chromium');
    process.exit(0);
  }
  const server = await apiServer(t, { clock: systemClock });
  const browser = await launch(t);
  return { server, browser, open: (b, u, id, viewport = LAPTOP) => openBoard(b, server.base, u, id, viewport) };
}
