// Zoom and pan for a map drawn in SVG, by hand (a few pointer and wheel handlers instead of a
// library): the wheel zooms around the pointer, one pointer drags, two pointers pinch, the
// buttons and the keyboard (+ − 0 and the arrows) do the same from the map's frame.
//
// The map's units become CSS pixels through one transform, `translate(x y) scale(s)`. The scale
// has limits that keep the map usable: the default makes a block `DEFAULT_BLOCK_PX` wide on a
// desktop; on a touch screen or a narrow one the map never gets so small that a target (a block, a location)
// falls under 24 CSS pixels (WCAG 2.2's target size); with a mouse it may shrink to show the whole
// map. During a gesture the transform is written straight to the element (no re-render of the
// map per pointer move) and kept in state when the gesture ends.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

export interface Transform {
  s: number;
  x: number;
  y: number;
}

export interface ZoomOptions {
  /** The map's size in its own units. */
  width: number;
  height: number;
  /** A block's side in map units. */
  blockUnits: number;
  /** The smallest tap target on the map, in map units (a location's hit circle, a block). */
  targetUnits: number;
}

/** A block's side, in CSS pixels, at the default zoom on a desktop. */
export const DEFAULT_BLOCK_PX = 32;
/** WCAG 2.2 (2.5.8): a target at least 24 by 24 CSS pixels. */
export const MIN_TARGET_PX = 24;
const PHONE_WIDTH = 700;
const KEY_STEP = 80;

export interface Limits {
  min: number;
  max: number;
  initial: number;
}

/** The scale limits for a frame of `w` by `h` CSS pixels. */
export function limits(o: ZoomOptions, w: number, h: number, coarse: boolean): Limits {
  const fit = Math.min(w / o.width, h / o.height);
  const smallest = (MIN_TARGET_PX + 1) / o.targetUnits; // a pixel to spare
  const desktop = DEFAULT_BLOCK_PX / o.blockUnits;
  const phone = w < PHONE_WIDTH;
  const initial = phone ? Math.max(smallest, Math.min(desktop, fit)) : Math.max(desktop, smallest);
  const min = coarse || phone ? smallest : Math.min(fit, initial);
  return { min, max: initial * 3, initial };
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
}

export function usePanZoom(o: ZoomOptions): PanZoom {
  const frame = useRef<HTMLDivElement | null>(null);
  const layer = useRef<SVGGElement | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [t, setT] = useState<Transform | null>(null);
  const live = useRef<Transform | null>(null); // the transform as drawn, during a gesture too
  const lim = useRef<Limits | null>(null);
  const sizeRef = useRef<{ w: number; h: number } | null>(null);

  const clamp = useCallback(
    (n: Transform): Transform => {
      const l = lim.current;
      const box = sizeRef.current;
      if (!l || !box) return n;
      const s = Math.min(l.max, Math.max(l.min, n.s));
      const along = (pos: number, frameLen: number, mapLen: number) => {
        const len = mapLen * s;
        if (len <= frameLen) return (frameLen - len) / 2;
        return Math.min(0, Math.max(frameLen - len, pos));
      };
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
      const coarse = matchMedia('(pointer: coarse)').matches;
      lim.current = limits(o, w, h, coarse);
      setSize({ w, h });
      const cur = live.current;
      if (!cur || !prev || !touched.current) {
        const s = lim.current.initial;
        apply({ s, x: (w - o.width * s) / 2, y: (h - o.height * s) / 2 }, true, false);
      } else apply({ s: cur.s, x: cur.x + (w - prev.w) / 2, y: cur.y + (h - prev.h) / 2 }, true, false);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [o.width, o.height, o.blockUnits, o.targetUnits]);

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
    const box = sizeRef.current;
    const l = lim.current;
    if (!box || !l) return;
    apply({ s: l.initial, x: (box.w - o.width * l.initial) / 2, y: (box.h - o.height * l.initial) / 2 }, true, false);
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

  return { frame, layer, t, size, limits: lim.current, zoomBy, reset, show };
}
