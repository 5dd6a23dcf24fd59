// What both games' maps share: a projection matching the coastline made at build time
// (scripts/build/web.mjs), places nudged apart where real geography puts them on top of each other,
// and the frame drawn under the places: the zoomable, pannable region (board/zoom.ts) with its
// buttons, the land, and the links between places (roads, borders) as lines. The map inside is
// drawn for the zoom of the moment (blocks, or markers at overview zooms; targets that keep their
// size on the screen).
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { conic } from './conic';
import { LEGIBLE_BLOCK_PX, usePanZoom, type Sight } from './zoom';

export interface Coast {
  width: number;
  height: number;
  rotate: number[];
  parallels: number[];
  scale: number;
  translate: number[];
  d: string;
}

/**
 * Places (by id, at latitude/longitude) in the coastline's SVG coordinates, then pushed apart until
 * no two are closer than `gap` map units (Messana and Rhegium face each other across a 3 km
 * strait): a few passes of pairwise repulsion, the same every time.
 */
export function usePlaces(coast: Coast, places: { id: string; lat: number; lon: number }[], gap = 0): Map<string, [number, number]> {
  const projection = useMemo(() => conic(coast), [coast]);
  return useMemo(() => {
    const pts = spread(
      places.map((p) => projection(p.lon, p.lat)),
      gap,
    );
    return new Map(places.map((p, i) => [p.id, pts[i]!]));
  }, [places, projection, gap]);
}

/** Points pushed apart until no two are closer than `gap`: a few passes of pairwise repulsion, the same every time. */
export function spread(pts: [number, number][], gap: number): [number, number][] {
  for (let pass = 0; pass < 30 && gap > 0; pass++) {
    let moved = false;
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++) {
        const a = pts[i]!;
        const b = pts[j]!;
        let dx = b[0] - a[0];
        let dy = b[1] - a[1];
        const d = Math.hypot(dx, dy);
        if (d >= gap) continue;
        if (d === 0) [dx, dy] = [1, 0];
        const push = (gap - d) / 2 / (d || 1);
        a[0] -= dx * push;
        a[1] -= dy * push;
        b[0] += dx * push;
        b[1] += dy * push;
        moved = true;
      }
    if (!moved) break;
  }
  return pts;
}

export interface MapFrameProps {
  coast: Coast;
  at: Map<string, [number, number]>;
  links: { a: string; b: string; cls: string }[];
  svgClass: string;
  label: string;
  regionLabel: string;
  /** A block's side in map units (it sets the zoom's limits). */
  blockUnits: number;
  /** A place to keep in view (the battle being fought). */
  focus?: string | null;
  /** The player's own stacks as drawn at a zoom, for the first view. */
  home: (s: number) => Sight | null;
  /** What to bring into sight when `keep.key` changes: a selected block and its destinations. */
  keep: { key: string; sight: Sight } | null;
  /** The map at a zoom: `s` CSS pixels a map unit, `overview` when blocks are too small to read, `open` zooms in on a point. */
  children: (z: { s: number; overview: boolean; open: (x: number, y: number) => void }) => ComponentChildren;
}

export function MapFrame({ coast, at, links, svgClass, label, regionLabel, blockUnits, focus, home, keep, children }: MapFrameProps) {
  const pz = usePanZoom({ width: coast.width, height: coast.height, blockUnits, home });
  const pointed = useRef<{ at: number; target: Element | null }>({ at: 0, target: null });
  const ready = pz.t !== null;
  useEffect(() => {
    const p = focus ? at.get(focus) : undefined;
    if (p && ready) pz.show(p[0], p[1]);
  }, [focus, ready]);
  useEffect(() => {
    if (keep && ready) pz.keep(keep.sight);
  }, [keep?.key, ready]);
  const t = pz.t;
  const s = t?.s ?? 1;
  return (
    <div
      class="map-wrap"
      ref={pz.frame}
      style={`--map-aspect: ${coast.width} / ${coast.height}`}
      tabIndex={0}
      role="region"
      aria-label={regionLabel}
      aria-describedby="map-keys"
      onPointerDown={(e) => (pointed.current = { at: Date.now(), target: e.target as Element })}
      onFocusIn={(e) => {
        // Tab moves through the map's targets and blocks: bring the focused one into view (not
        // one a pointer has just pressed: moving it away would lose the click).
        const el = e.target as Element;
        const p = pointed.current;
        if ((Date.now() - p.at < 1000 && p.target && el.contains(p.target)) || !(el instanceof SVGGraphicsElement) || !pz.layer.current?.contains(el)) return;
        const box = el.getBBox();
        pz.show(box.x + box.width / 2, box.y + box.height / 2);
      }}
    >
      <svg class={svgClass} width="100%" height="100%" role="group" aria-label={label}>
        <g ref={pz.layer} transform={t ? `translate(${t.x.toFixed(1)} ${t.y.toFixed(1)}) scale(${t.s.toFixed(4)})` : undefined} visibility={t ? undefined : 'hidden'}>
          {/* The board: its sea, its land; the frame around it is the table. */}
          <rect class="board-sea" width={coast.width} height={coast.height} aria-hidden="true" />
          <path class="land" d={coast.d} aria-hidden="true" />
          <g aria-hidden="true">
            {links.map((l) => {
              const a = at.get(l.a);
              const b = at.get(l.b);
              return a && b ? <line class={l.cls} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} /> : null;
            })}
          </g>
          {children({ s, overview: s * blockUnits < LEGIBLE_BLOCK_PX, open: pz.open })}
        </g>
      </svg>
      <div class="zoom-buttons">
        <button type="button" class="secondary" aria-label="Zoom in" title="Zoom in (+)" onClick={() => pz.zoomBy(1.25)}>
          +
        </button>
        <button type="button" class="secondary" aria-label="Zoom out" title="Zoom out (−)" onClick={() => pz.zoomBy(0.8)}>
          −
        </button>
        <button type="button" class="secondary" aria-label="Reset the view" title="Reset the view (0)" onClick={() => pz.reset()}>
          ⟲
        </button>
      </div>
      <p id="map-keys" class="sr-only">
        Drag, or use the arrow keys, to move the map; the wheel, a pinch, + and − zoom; 0 resets the view.
      </p>
    </div>
  );
}
