// Where the names and the stacks go on a map, in map units, the same every time for the same board
// (issue 41): each place's name beside it where it covers no other name or place, then each
// place's stack as near its point as it can be without covering a name, another stack or another
// place, below it by preference; a stack set away from its point is joined to it by a line, so a
// player always sees which place a stack belongs to. Placed once per board, not per zoom: the map
// scales as one picture, so what is clear at one zoom is clear at all.

/** A rectangle in map units: left, top, right, bottom. */
export type Box = [number, number, number, number];

export const overlaps = (a: Box, b: Box, m = 0) => a[0] < b[2] + m && b[0] < a[2] + m && a[1] < b[3] + m && b[1] < a[3] + m;

/** The point of `b` nearest to (x, y) (the point itself when inside). */
export const nearest = (b: Box, x: number, y: number): [number, number] => [Math.min(b[2], Math.max(b[0], x)), Math.min(b[3], Math.max(b[1], y))];

/** How far (x, y) is from box `b` (0 inside). */
const gap = (b: Box, x: number, y: number) => {
  const [nx, ny] = nearest(b, x, y);
  return Math.hypot(nx - x, ny - y);
};
const within = (b: Box, x: number, y: number, r: number) => gap(b, x, y) < r;

let ctx: CanvasRenderingContext2D | null | undefined;
/**
 * A text's width, ascent and descent in map units as the browser draws it in the map's font (a
 * canvas measures it; an estimate where there is none). `spacing` is CSS letter-spacing in units.
 */
export function measure(text: string, size: number, style = '', spacing = 0): { w: number; up: number; down: number } {
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!ctx) return { w: text.length * size * 0.6 + text.length * spacing, up: size, down: size * 0.3 };
  ctx.font = `${style} ${size}px Georgia, serif`;
  const m = ctx.measureText(text);
  // The canvas rounds the font's ascent and descent to whole pixels: half a unit more each.
  return { w: m.width + text.length * spacing, up: (m.fontBoundingBoxAscent ?? size) + 0.5, down: (m.fontBoundingBoxDescent ?? size * 0.3) + 0.5 };
}

export interface Label {
  /** The place's point, the text's measure, and how far from the point it starts (clear of the place's ring). */
  x: number;
  y: number;
  w: number;
  up: number;
  down: number;
  gap: number;
}
export interface Placed {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  box: Box;
}

/** The six places a name may take around its point: right and a little above it (the first choice), right, left and above, left, above, below. */
function spots(n: Label): Placed[] {
  const mid = (n.up - n.down) / 2;
  const tries: [Placed['anchor'], number, number][] = [
    ['start', n.x + n.gap, n.y - 6],
    ['start', n.x + n.gap, n.y + mid],
    ['end', n.x - n.gap, n.y - 6],
    ['end', n.x - n.gap, n.y + mid],
    ['middle', n.x, n.y - n.gap + 2 - n.down],
    ['middle', n.x, n.y + n.gap - 2 + n.up],
  ];
  return tries.map(([anchor, x, y]) => {
    const x0 = anchor === 'start' ? x : anchor === 'end' ? x - n.w : x - n.w / 2;
    return { x, y, anchor, box: [x0, y - n.up, x0 + n.w, y + n.down] };
  });
}

export interface Stack {
  /** The place's point, the room to keep free around it, and the size of its stack. */
  x: number;
  y: number;
  clear: number;
  w: number;
  h: number;
}

/**
 * Where a stack may stand, nearest first: 16 directions, each from where it just
 * clears the point's ring outwards, ranked by the distance of its middle from the point, below the
 * point before beside it, beside before above.
 */
function stands(g: Stack): { box: Box; cost: number }[] {
  const tries: { box: Box; cost: number }[] = [];
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    const [ux, uy] = [Math.cos(a), Math.sin(a)];
    const at = (d: number): Box => {
      const cx = g.x + ux * d;
      const cy = g.y + uy * d;
      return [cx - g.w / 2, cy - g.h / 2, cx + g.w / 2, cy + g.h / 2];
    };
    let d = 0;
    while (within(at(d), g.x, g.y, g.clear)) d += 2;
    for (let j = 0; j < 24; j++) tries.push({ box: at(d + 6 * j), cost: d + 6 * j + 8 * (1 - uy) });
  }
  return tries.sort((p, q) => p.cost - q.cost);
}

/**
 * The names, then the stacks. Each name at the first of its spots that stays on the map and covers
 * no name placed before it and no other place's dot; `fixed` names (the seas') are placed first, as
 * given. Then each stack at its nearest free stand: on the map, no name, no stack placed
 * before it, and no other place's point under it or nearer to it than its own (it would seem to
 * stand there). A name in the way of a nearer stand moves to another of its spots if one is free,
 * so stacks stay close to their points. Where nothing is free (a crowded coast), the nearest stand
 * that covers no name, no stack and no other point, or failing that no name and no stack, or no name.
 * Returns the names and each stack's box.
 */
export function place(names: Label[], fixed: Box[], stacks: Stack[], width: number, height: number, points: [number, number][]): { names: Placed[]; stacks: Box[] } {
  const onMap = (b: Box) => b[0] >= 1 && b[1] >= 1 && b[2] <= width - 1 && b[3] <= height - 1;
  const dotFree = (b: Box, x: number, y: number) => !names.some((o) => (o.x !== x || o.y !== y) && within(b, o.x, o.y, 8));
  const placed: Placed[] = [];
  const nameFree = (b: Box, i: number) => onMap(b) && !fixed.some((f) => overlaps(f, b, 1)) && !placed.some((p, j) => j !== i && overlaps(p.box, b, 1)) && dotFree(b, names[i]!.x, names[i]!.y);
  for (const [i, n] of names.entries()) {
    const all = spots(n);
    placed.push(all.find((p) => nameFree(p.box, i)) ?? all.find((q) => q.box[0] >= 0 && q.box[2] <= width) ?? all[0]!);
  }
  const stood: Box[] = [];
  const blocked = (b: Box) => fixed.some((f) => overlaps(f, b, 1));
  for (const g of stacks) {
    const tries = stands(g);
    const others = points.filter(([x, y]) => x !== g.x || y !== g.y);
    const apart = (b: Box) => !stood.some((p) => overlaps(p, b, 1));
    const dotsFree = (b: Box, r: number) => !others.some(([x, y]) => within(b, x, y, r));
    const free = (b: Box) => onMap(b) && !blocked(b) && apart(b) && dotsFree(b, Math.max(9, gap(b, g.x, g.y)));
    let chosen: Box | undefined;
    for (const t of tries) {
      if (!free(t.box)) continue;
      // The names under this stand, each moved to a spot clear of it and of every stack, or none moved.
      const before = [...placed];
      const moved = placed.every((p, i) => {
        if (!overlaps(p.box, t.box, 1)) return true;
        const q = spots(names[i]!).find((q) => nameFree(q.box, i) && !overlaps(q.box, t.box, 1) && !stood.some((b) => overlaps(b, q.box, 1)));
        if (q) placed[i] = q;
        return !!q;
      });
      if (moved) {
        chosen = t.box;
        break;
      }
      placed.splice(0, placed.length, ...before);
    }
    const clear = (b: Box) => onMap(b) && !blocked(b) && !placed.some((p) => overlaps(p.box, b, 1));
    const ranked = [(b: Box) => clear(b) && apart(b) && dotsFree(b, 9), (b: Box) => clear(b) && apart(b), clear, () => true];
    for (const ok of ranked) chosen ??= tries.find((t) => ok(t.box))?.box;
    stood.push(chosen!);
  }
  return { names: placed, stacks: stood };
}
