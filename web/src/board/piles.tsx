// Where a map's stacks stand (issue 41): each place's piles, one per side, placed by
// board/placement.ts where they cover no name and no other stack, and a line in the pile's colour
// from the place's point to each pile set away from it. At overview zooms (blocks too small to
// read) each pile is a marker with its count instead, on its point where it covers no other
// marker, that zooms in when pressed.
import { keyed } from './keys';
import { nearest, type Box, type Stack } from './placement';
import type { MapBlock, Pile } from './stacks';
import { count } from './words';

/** A pile's extent from its top block's top-left corner: the edges behind it (3 units a block, 3 at most) and the count's disc on its top-right corner. */
export function pileSize(n: number, b: number): { w: number; h: number; top: number } {
  if (n < 2) return { w: b, h: b, top: 0 };
  const e = 3 * (Math.min(n, 4) - 1);
  return { w: Math.max(b + e, 1.27 * b), h: 1.27 * b + e, top: 0.27 * b };
}

export interface Place {
  at: string;
  place: string;
  /** The point, and the room around it the piles leave free (the place's ring). */
  x: number;
  y: number;
  clear: number;
  sides: { key: string; blocks: MapBlock[] }[];
}

/**
 * The piles of a map's places (each `size(n)` for n blocks), stood where `stand` puts them
 * (board/placement.ts): each pile on its own, so a place's two sides may stand either side of it.
 */
export function layPiles(places: Place[], size: (n: number) => { w: number; h: number; top: number }, stand: (stacks: Stack[]) => Box[]): Pile[] {
  const piles = places.flatMap((p) => p.sides.map((s) => ({ p, s, z: size(s.blocks.length) })));
  const boxes = stand(piles.map(({ p, z }) => ({ x: p.x, y: p.y, clear: p.clear, w: z.w, h: z.h })));
  return piles.map(({ p, s, z }, i): Pile => {
    const box = boxes[i]!;
    return { key: s.key, at: p.at, px: p.x, py: p.y, x: box[0], y: box[1] + z.top, box, place: p.place, blocks: s.blocks };
  });
}

/** The lines from each place's point to its piles that stand away from it, in the piles' colours (drawn under the places' dots). */
export function Leaders({ piles }: { piles: Pile[] }) {
  return (
    <g aria-hidden="true">
      {piles.map((p) => {
        const [x, y] = nearest(p.box, p.px, p.py);
        return x === p.px && y === p.py ? null : <line class={`leader ${p.blocks[0]!.side}`} data-leader={p.at} x1={p.px} y1={p.py} x2={x} y2={y} />;
      })}
    </g>
  );
}

/**
 * At overview zooms: each pile as one marker `m` map units wide (MARKER_PX on the screen), as laid
 * out (layPiles with markers' sizes), the count on its side's colour. A button named by its count
 * first (the words on it), then its blocks: it zooms in there.
 */
export function Markers({ piles, m, onOpen }: { piles: Pile[]; m: number; onOpen: (x: number, y: number) => void }) {
  return (
    <g class="markers">
      {piles.map((p) => {
        const [x, y] = p.box;
        const open = () => onOpen(p.px, p.py);
        const own = p.blocks.flatMap((b) => (b.tagged && b.id ? [b.id] : []));
        const named = p.blocks.filter((b) => !b.hidden).map((b) => b.name.split(',')[0]);
        const side = p.blocks[0]!.side;
        return (
          <g
            key={p.key}
            class={`marker ${side}`}
            data-stack={p.at}
            {...(own.length ? { 'data-blocks': own.join(' ') } : {})}
            role="button"
            tabindex={0}
            aria-label={`${count(p.blocks.length, `${side} block`)} at ${p.place}${named.length ? ` (${named.join('; ')})` : ''}, show them`}
            onClick={(e) => {
              e.stopPropagation();
              open();
            }}
            onKeyDown={keyed(open)}
          >
            <rect x={x} y={y} width={m} height={m} rx={m / 6} />
            <text x={x + m / 2} y={y + m * 0.68} text-anchor="middle" font-size={m * 0.5} aria-hidden="true">
              {p.blocks.length}
            </text>
          </g>
        );
      })}
    </g>
  );
}
