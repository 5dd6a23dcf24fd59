// Zoom and pan for a map drawn in SVG, by hand (a few pointer and wheel handlers instead of a
// library): the wheel zooms around the pointer, one pointer drags, two pointers pinch, the
// buttons and the keyboard (+ − 0 and the arrows) do the same from the map's frame.
//
// The map's units become CSS pixels through one transform, `translate(x y) scale(s)`. The first
// view shows the whole map where the screen holds it with legible blocks (a desktop); elsewhere (a
// phone) it shows the player's own stacks, zoomed out as far as it takes (issue 41). Below
// LEGIBLE_BLOCK_PX a block is too small to read, and the map draws each place's stacks as one
// marker of MARKER_PX instead (board/piles.tsx); its places' targets keep 24 CSS pixels at every
// zoom (WCAG 2.2's target size) by growing in map units as the map shrinks. During a gesture the
// transform is written straight to the element (no re-render of the map per pointer move) and
// kept in state when the gesture ends.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Box } from './placement';

export interface Transform {
  s: number;
  x: number;
  y: number;
}

/** What the first view and a selection keep in sight, in map units: boxes (stacks) and points (places). */
export interface Sight {
  boxes: Box[];
  points: [number, number][];
}

export interface ZoomOptions {
  /** The map's size in its own units. */
  width: number;
  height: number;
  /** A block's side in map units. */
  blockUnits: number;
  /** The player's own stacks (or markers) as drawn at zoom `s`: what the first view shows when the whole map cannot be shown with legible blocks. */
  home?: (s: number) => Sight | null;
}

/** A block's side, in CSS pixels, at the zoom a marker opens to. */
export const DEFAULT_BLOCK_PX = 32;
/** WCAG 2.2 (2.5.8): a target at least 24 by 24 CSS pixels. */
export const MIN_TARGET_PX = 24;
/** The smallest block drawn as a block: its face still reads; below it, markers. */
export const LEGIBLE_BLOCK_PX = 26;
/** A place's marker at overview zooms. */
export const MARKER_PX = 28;
const KEY_STEP = 80;

export interface Limits {
  min: number;
  max: number;
  /** The smallest zoom at which blocks are drawn as blocks, and the zoom a marker opens to. */
  legible: number;
  normal: number;
}

/** The scale limits for a frame of `w` by `h` CSS pixels: from the whole map to three times the normal zoom. */
export function limits(o: ZoomOptions, w: number, h: number): Limits {
  const fit = Math.min(w / o.width, h / o.height);
  const normal = DEFAULT_BLOCK_PX / o.blockUnits;
  return { min: fit, max: Math.max(3 * normal, 2 * fit), legible: LEGIBLE_BLOCK_PX / o.blockUnits, normal };
}

/** An area of the frame, in its CSS pixels. */
interface Area {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest box holding all the boxes (null for none). */
function extent(boxes: Box[]): Box | null {
  if (!boxes.length) return null;
  return boxes.reduce((u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])]);
}

/** The scale that fits box `u` into area `a` with `pad` pixels around, and the transform centring it there. */
function fitting(u: Box, a: Area, pad: number, s?: number): Transform {
  const k = s ?? Math.min((a.w - 2 * pad) / Math.max(u[2] - u[0], 1), (a.h - 2 * pad) / Math.max(u[3] - u[1], 1));
  return { s: k, x: a.x + a.w / 2 - ((u[0] + u[2]) / 2) * k, y: a.y + a.h / 2 - ((u[1] + u[3]) / 2) * k };
}

const asBoxes = (s: Sight): Box[] => [...s.boxes, ...s.points.map(([x, y]): Box => [x, y, x, y])];

/** The bottom of what a player sees of the frame: the screen's, or a panel's fixed over it (a phone's selection panel). */
function seenBottom(r: DOMRect): number {
  const sheet = document.querySelector('.map-sheet')?.getBoundingClientRect();
  return Math.min(innerHeight, sheet && sheet.left < r.right && sheet.right > r.left && sheet.top > r.top ? sheet.top : Infinity);
}

/** The zoom buttons' strip along the frame's right edge, in CSS pixels: what is shown there would be under them. */
const BUTTONS_PX = 56;

/** The part of the frame a player sees, in the frame's pixels (no height when none), left of the zoom buttons. */
function seenArea(el: HTMLElement): Area {
  const r = el.getBoundingClientRect();
  const top = Math.max(0, -r.top);
  return { x: 0, y: top, w: el.clientWidth - BUTTONS_PX, h: Math.max(0, Math.min(el.clientHeight, seenBottom(r) - r.top) - top) };
}

/** The first view of a frame: the whole map with legible blocks if it fits, else the player's own stacks. */
function firstView(o: ZoomOptions, l: Limits, w: number, h: number, seen: Area): Transform {
  const whole: Box = [0, 0, o.width, o.height];
  const home = o.home?.(l.normal);
  if (l.min >= l.legible || !home || (!home.boxes.length && !home.points.length)) return fitting(whole, { x: 0, y: 0, w, h }, 0, l.min);
  const stacks = fitting(extent(asBoxes(home))!, seen, 8);
  if (stacks.s >= l.legible) return fitting(extent(asBoxes(home))!, seen, 8, Math.min(stacks.s, l.normal));
  // Too far apart for legible blocks: markers, which keep their size on the screen as the map
  // shrinks (and stand where they cover no other): zoomed out until they all fit, a few tries.
  const at = (s: number) => extent(asBoxes(o.home!(s)!))!;
  let s = Math.max(l.min, Math.min(fitting(extent(asBoxes({ boxes: [], points: home.points }))!, seen, MARKER_PX).s, l.legible * 0.98));
  for (let i = 0; i < 4 && s > l.min; i++) {
    const k = fitting(at(s), seen, 4).s;
    if (k >= s) break;
    s = Math.max(l.min, k * 0.95);
  }
  return fitting(at(s), seen, 4, s);
}

export interface PanZoom {
  /** The frame (the element that receives the gestures) and the group that is transformed. */
  frame: { current: HTMLDivElement | null };
  layer: { current: SVGGElement | null };
  t: Transform | null;
  size: { w: number; h: number } | null;
  limits: Limits | null;
  zoomBy(k: number): void;
  reset(): void;
  /** Brings a map point into view (panning only), e.g. the battle's location. */
  show(x: number, y: number): void;
  /** Zooms to the normal zoom around a map point (a marker opened). */
  open(x: number, y: number): void;
  /** Pans, and zooms out if it must (not below legible blocks), until the sight is in the part of the frame the player sees. */
  keep(sight: Sight): void;
}

export function usePanZoom(o: ZoomOptions): PanZoom {
  const frame = useRef<HTMLDivElement | null>(null);
  const layer = useRef<SVGGElement | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [t, setT] = useState<Transform | null>(null);
  const live = useRef<Transform | null>(null); // the transform as drawn, during a gesture too
  const lim = useRef<Limits | null>(null);
  const sizeRef = useRef<{ w: number; h: number } | null>(null);
  const opts = useRef(o);
  opts.current = o;

  // The map keeps the frame's centre covered: it may be dragged to its edge, never away.
  const clamp = useCallback(
    (n: Transform): Transform => {
      const l = lim.current;
      const box = sizeRef.current;
      if (!l || !box) return n;
      const s = Math.min(l.max, Math.max(l.min, n.s));
      const along = (pos: number, frameLen: number, mapLen: number) => Math.min(frameLen / 2, Math.max(frameLen / 2 - mapLen * s, pos));
      return { s, x: along(n.x, box.w, o.width), y: along(n.y, box.h, o.height) };
    },
    [o.width, o.height],
  );

  const draw = (n: Transform) => {
    live.current = n;
    layer.current?.setAttribute('transform', `translate(${n.x.toFixed(1)} ${n.y.toFixed(1)}) scale(${n.s.toFixed(4)})`);
  };
  const commit = useRef<ReturnType<typeof setTimeout>>();
  // Until the player zooms or pans, a new size of the frame gets the initial view anew.
  const touched = useRef(false);
  const apply = (n: Transform, now = false, byPlayer = true) => {
    if (byPlayer) touched.current = true;
    const c = clamp(n);
    draw(c);
    clearTimeout(commit.current);
    if (now) setT(c);
    else commit.current = setTimeout(() => setT(live.current), 120);
  };
  const first = () => {
    const el = frame.current;
    const box = sizeRef.current;
    if (!el || !box || !lim.current) return;
    // A frame below the fold: the view fits the whole frame (the player scrolls to it).
    const seen = seenArea(el);
    apply(firstView(opts.current, lim.current, box.w, box.h, seen.h >= 120 ? seen : { ...seen, y: 0, h: box.h }), true, false);
  };

  // The frame's size: measured before the first paint, and again whenever it changes.
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      const h = el.clientHeight;
      if (!w || !h) return;
      const prev = sizeRef.current;
      if (prev && prev.w === w && prev.h === h) return;
      sizeRef.current = { w, h };
      lim.current = limits(opts.current, w, h);
      setSize({ w, h });
      const cur = live.current;
      if (!cur || !prev || !touched.current) first();
      else apply({ s: cur.s, x: cur.x + (w - prev.w) / 2, y: cur.y + (h - prev.h) / 2 }, true, false);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [o.width, o.height, o.blockUnits]);

  const zoomAt = (k: number, px: number, py: number) => {
    const c = live.current;
    if (!c || !lim.current) return;
    const s = Math.min(lim.current.max, Math.max(lim.current.min, c.s * k));
    const r = s / c.s;
    apply({ s, x: px - (px - c.x) * r, y: py - (py - c.y) * r });
  };
  const zoomBy = (k: number) => {
    const box = sizeRef.current;
    if (box) zoomAt(k, box.w / 2, box.h / 2);
  };
  const reset = () => {
    touched.current = false;
    first();
  };
  const show = (mx: number, my: number) => {
    const c = live.current;
    const box = sizeRef.current;
    if (!c || !box) return;
    const sx = mx * c.s + c.x;
    const sy = my * c.s + c.y;
    const margin = 60;
    if (sx > margin && sx < box.w - margin && sy > margin && sy < box.h - margin) return;
    apply({ s: c.s, x: box.w / 2 - mx * c.s, y: box.h / 2 - my * c.s }, true, false);
  };
  const open = (mx: number, my: number) => {
    const el = frame.current;
    const l = lim.current;
    if (el && l) apply(fitting([mx, my, mx, my], seenArea(el), 0, l.normal), true);
  };
  const keep = (sight: Sight) => {
    const el = frame.current;
    const c = live.current;
    const l = lim.current;
    const u = extent(asBoxes(sight));
    if (!el || !c || !l || !u) return;
    // The frame scrolled wholly into sight (above the panel) if it is not and can be.
    const r = el.getBoundingClientRect();
    const bottom = seenBottom(r);
    if (r.height <= bottom && (r.top < 0 || r.bottom > bottom + 1)) scrollBy(0, r.top < 0 ? r.top : Math.min(r.top, r.bottom - bottom));
    const a = seenArea(el);
    const pad = 16;
    const on = (x: number, y: number) => x * c.s + c.x >= a.x + pad && x * c.s + c.x <= a.x + a.w - pad && y * c.s + c.y >= a.y + pad && y * c.s + c.y <= a.y + a.h - pad;
    if (on(u[0], u[1]) && on(u[2], u[3])) return;
    const s = Math.max(Math.min(c.s, l.legible), Math.min(c.s, fitting(u, a, pad).s));
    apply(fitting(u, a, pad, s), true, false);
  };

  // Gestures.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const at = (e: { clientX: number; clientY: number }) => {
      const r = el.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const p = at(e);
      zoomAt(Math.exp(-e.deltaY * unit * (e.ctrlKey ? 0.01 : 0.002)), p.x, p.y);
    };
    const pointers = new Map<number, { x: number; y: number }>();
    let start: { t: Transform; p: { x: number; y: number }; d: number; m: { x: number; y: number } } | null = null;
    let panning = false;
    let swallowClick = false;
    const begin = () => {
      const pts = [...pointers.values()];
      const c = live.current;
      if (!c || pts.length === 0) return void (start = null);
      const m = pts.length > 1 ? { x: (pts[0]!.x + pts[1]!.x) / 2, y: (pts[0]!.y + pts[1]!.y) / 2 } : pts[0]!;
      const d = pts.length > 1 ? Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y) : 0;
      start = { t: c, p: pts[0]!, d, m };
    };
    const onDown = (e: PointerEvent) => {
      if (e.button !== 0 || (e.target as Element).closest('button, a, input, .map-sheet')) return;
      pointers.set(e.pointerId, at(e));
      begin();
    };
    const onMove = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId) || !start) return;
      pointers.set(e.pointerId, at(e));
      const pts = [...pointers.values()];
      if (pts.length > 1 && start.d > 0) {
        panning = true;
        const m = { x: (pts[0]!.x + pts[1]!.x) / 2, y: (pts[0]!.y + pts[1]!.y) / 2 };
        const d = Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y);
        const l = lim.current!;
        const s = Math.min(l.max, Math.max(l.min, (start.t.s * d) / start.d));
        const r = s / start.t.s;
        apply({ s, x: m.x - (start.m.x - start.t.x) * r, y: m.y - (start.m.y - start.t.y) * r });
        return;
      }
      const p = pts[0]!;
      const dx = p.x - start.p.x;
      const dy = p.y - start.p.y;
      if (!panning && Math.hypot(dx, dy) < 6) return;
      if (!panning) {
        panning = true;
        try {
          el.setPointerCapture(e.pointerId);
        } catch {
          // a pointer already gone
        }
      }
      apply({ s: start.t.s, x: start.t.x + dx, y: start.t.y + dy });
    };
    const onUp = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      if (panning && pointers.size === 0) {
        swallowClick = true;
        setTimeout(() => (swallowClick = false), 0);
        panning = false;
        apply(live.current!, true);
      }
      begin();
    };
    // A drag ends with a click on whatever is under the pointer: that click is not a choice.
    const onClick = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    };
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as Element).closest('input, select, textarea, .map-sheet') || e.altKey || e.ctrlKey || e.metaKey) return;
      const c = live.current;
      if (!c) return;
      const moves: Record<string, [number, number]> = { ArrowLeft: [KEY_STEP, 0], ArrowRight: [-KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] };
      if (e.key === '+' || e.key === '=') zoomBy(1.25);
      else if (e.key === '-' || e.key === '_') zoomBy(0.8);
      else if (e.key === '0') reset();
      else if (moves[e.key]) apply({ s: c.s, x: c.x + moves[e.key]![0], y: c.y + moves[e.key]![1] });
      else return;
      e.preventDefault();
    };
    const listeners: [string, (e: any) => void, AddEventListenerOptions | boolean][] = [
      ['wheel', onWheel, { passive: false }],
      ['pointerdown', onDown, false],
      ['pointermove', onMove, false],
      ['pointerup', onUp, false],
      ['pointercancel', onUp, false],
      ['click', onClick, true],
      ['keydown', onKey, false],
    ];
    for (const [type, f, o] of listeners) el.addEventListener(type, f, o);
    return () => {
      for (const [type, f, o] of listeners) el.removeEventListener(type, f, o);
    };
  }, [clamp]);

  return { frame, layer, t, size, limits: lim.current, zoomBy, reset, show, open, keep };
}
