// Driving a game's board in the browser as a player would: a block picked on the map (its stack
// opened first when it stands in one), a location clicked, the battle panel's buttons, the map's
// zoom, and what a page must never show (the catalog's internal ids).
import type { Page } from 'playwright-core';
import { games } from '../../src/engine/index.js';

/** Selects one of the player's blocks on the map: opens its stack if it stands in one, then clicks it (or Enter). */
export async function pickBlock(page: Page, id: string, keyboard = false): Promise<void> {
  const sel = `svg [data-block="${id}"]`;
  if ((await page.locator(sel).count()) === 0) {
    const pile = page.locator(`svg [data-blocks~="${id}"]`).first();
    await pile.focus(); // the map brings what has the focus into view
    if (keyboard) await pile.press('Enter');
    else await pile.click();
  }
  const block = page.locator(sel).first();
  await block.focus();
  if (keyboard) await block.press('Enter');
  else await block.click();
}

/** Clicks (or presses Enter on) a location of either map, as a target if it is one. */
export async function clickPlace(page: Page, id: string, keyboard = false): Promise<void> {
  const el = page.locator(`svg [data-location="${id}"], svg [data-area="${id}"]`).first();
  await el.focus();
  if (keyboard) await el.press('Enter');
  else await el.click(); // its centre: the location's point
}

/** The battle panel: a landmark named "Battle …". */
export const battlePanel = (page: Page) => page.locator('section[aria-label^="Battle"]');

/** Waits until the battle panel offers a button for each label; the labels still missing after `ms`. */
export async function battleButtons(page: Page, labels: string[], ms = 15_000): Promise<string[]> {
  try {
    await page.waitForFunction(
      (want) => {
        const panel = (globalThis as any).document.querySelector('section[aria-label^="Battle"]');
        if (!panel) return false;
        const names = new Set([...panel.querySelectorAll('button')].map((b: any) => b.textContent.trim()));
        return want.every((l: string) => names.has(l));
      },
      labels,
      { timeout: ms, polling: 100 },
    );
    return [];
  } catch {
    const names: string[] = await page.evaluate(() => [...((globalThis as any).document.querySelector('section[aria-label^="Battle"]')?.querySelectorAll('button') ?? [])].map((b: any) => b.textContent.trim()));
    return labels.filter((l) => !names.includes(l));
  }
}

/** The ids of a game's catalog (blocks, locations, cards) that are not also a name: a player must never read them. */
export function internalIds(game: 'julius-caesar' | 'caesars-gallic-war'): string[] {
  const c = games[game]!.catalog!() as any;
  const things: { id: string; name: string }[] =
    game === 'julius-caesar'
      ? [...c.blocks, ...c.cities, ...c.seas] // a Julius Caesar card's id (K12) is its number, as the log writes it
      : [...c.blocks, ...c.areas, ...c.cards];
  const names = new Set(things.map((x) => x.name));
  return [...new Set(things.map((x) => x.id).filter((id) => !names.has(id)))];
}

/** The internal ids that a page shows: in its text, or in an accessible name or tooltip. */
export async function idsShown(page: Page, ids: string[]): Promise<string[]> {
  const text: string = await page.evaluate(() => {
    const d = (globalThis as any).document;
    const attrs = [...d.querySelectorAll('[aria-label], [title]')].map((e: any) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`);
    const titles = [...d.querySelectorAll('svg title')].map((e: any) => e.textContent);
    return [d.body.innerText, ...attrs, ...titles].join('\n');
  });
  return ids.filter((id) => new RegExp(`(?<![\\w-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text));
}

/** The map's zoom (CSS pixels per map unit) and offset, from the transform of its drawing. */
export async function mapTransform(page: Page): Promise<{ s: number; x: number; y: number }> {
  const t = (await page.locator('svg.map > g').first().getAttribute('transform')) ?? '';
  const m = /translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.]+)\)/.exec(t);
  if (!m) throw new Error(`no transform: ${t}`);
  return { x: Number(m[1]), y: Number(m[2]), s: Number(m[3]) };
}
