// What both games' maps lay out the same way from their places (board/placement.ts, board/piles.tsx):
// the names, once per map (the seas' centred on their point, the others beside theirs), the piles
// of the places that hold blocks, what the first view shows (the player's own stacks), and what a
// selection keeps in sight (the selected block and every destination it lights).
import { useMemo } from 'preact/hooks';
import { layPiles, pileSize, type Place } from './piles';
import { measure, place, type Label, type Placed } from './placement';
import type { MapBlock, Pile } from './stacks';
import type { Sight } from './zoom';

/** The names' size on the map (alea.css: .map .labels text) and the seas' letter-spacing (.sea-name: .15em). */
const NAME_PX = 10.5;
const SEA_SPACING = NAME_PX * 0.15;

export interface NamedPlace {
  id: string;
  name: string;
  vp?: number;
  sea: boolean;
}

export interface Name extends Placed {
  id: string;
  text: string;
  vp?: number;
  sea: boolean;
}

interface Measured {
  /** The seas' names, centred over their points, and the others' measures (their spots are chosen with the stacks). */
  seas: Name[];
  lands: { p: NamedPlace; n: Label }[];
}

/** Every place's name measured once per map: a sea's over its point, centred; any other's to go beside its point, `gap` away. */
export function useNames(places: NamedPlace[], at: Map<string, [number, number]>, gap: number): Measured {
  return useMemo(() => {
    const seas = places
      .filter((p) => p.sea)
      .map((p): Name => {
        const [x, y] = at.get(p.id)!;
        const text = p.name.toUpperCase();
        const m = measure(text, NAME_PX, 'italic', SEA_SPACING);
        return { id: p.id, text, sea: true, x, y: y - 4, anchor: 'middle', box: [x - m.w / 2, y - 4 - m.up, x + m.w / 2, y - 4 + m.down] };
      });
    const lands = places
      .filter((p) => !p.sea)
      .map((p) => {
        const [x, y] = at.get(p.id)!;
        const m = measure(`${p.name} `, NAME_PX);
        const w = p.vp ? m.w + measure(String(p.vp), NAME_PX, 'bold').w : measure(p.name, NAME_PX).w;
        return { p, n: { x, y, w: w + 1, up: m.up, down: m.down, gap } };
      });
    return { seas, lands };
  }, [places, at]);
}

/** The last placing of each map's names and stacks, and the stacks' places and sizes it was made for. */
const last = new WeakMap<Measured, { key: string; placed: ReturnType<typeof place> }>();

/**
 * The names and the piles of the places holding blocks (`sides`, by place), placed together
 * (board/placement.ts), each place's room `clear(place)` kept free around its point.
 */
export function layOut(
  places: NamedPlace[],
  m: Measured,
  at: Map<string, [number, number]>,
  sides: Map<string, { key: string; blocks: MapBlock[] }[]>,
  b: number,
  size: { width: number; height: number },
  clear: (p: NamedPlace) => number,
): { names: Name[]; piles: Pile[]; markers: (m: number) => Pile[] } {
  let spots: Placed[] = [];
  const held = places
    .filter((p) => sides.has(p.id))
    .map((p): Place => {
      const [x, y] = at.get(p.id)!;
      return { at: p.id, place: p.name, x, y, clear: clear(p), sides: sides.get(p.id)! };
    });
  const points = [...at.values()];
  const piles = layPiles(
    held,
    (n) => pileSize(n, b),
    (stacks) => {
      // Placed again only when a stack appears, goes or changes size: not for a selection.
      const key = stacks.map((s) => `${s.x},${s.y},${s.w},${s.h}`).join(' ');
      const r = last.get(m)?.key === key ? last.get(m)!.placed : place(m.lands.map((l) => l.n), m.seas.map((s) => s.box), stacks, size.width, size.height, points);
      last.set(m, { key, placed: r });
      spots = r.names;
      return r.stacks;
    },
  );
  // Markers `w` units wide: on their points where they cover no other marker (no names then).
  const markers = (w: number) =>
    layPiles(
      held.map((p) => ({ ...p, clear: 0 })),
      () => ({ w, h: w, top: 0 }),
      (stacks) => place([], [], stacks, size.width, size.height, points).stacks,
    );
  return { names: [...m.seas, ...spots.map((n, i): Name => ({ ...n, id: m.lands[i]!.p.id, text: m.lands[i]!.p.name, vp: m.lands[i]!.p.vp, sea: false }))], piles, markers };
}

/** The player's own piles: boxes and points, for the first view (null: none on the map). */
export function homeOf(piles: Pile[]): Sight | null {
  const own = piles.filter((p) => p.blocks.some((m) => m.tagged));
  return own.length ? { boxes: own.map((p) => p.box), points: own.map((p) => [p.px, p.py]) } : null;
}

/** A selected block's pile and the points of its destinations, keyed by both (null: nothing selected). */
export function keepOf(selected: string | null, piles: Pile[], targets: string[], at: Map<string, [number, number]>): { key: string; sight: Sight } | null {
  if (!selected) return null;
  const pile = piles.find((p) => p.blocks.some((m) => m.id === selected));
  const points = targets.flatMap((t) => (at.has(t) ? [at.get(t)!] : []));
  return { key: `${selected} ${targets.join(' ')}`, sight: { boxes: pile ? [pile.box] : [], points } };
}
