// What both games' maps share: a projection matching the coastline made at build time
// (scripts/web-build.mjs), and the frame drawn under the places: the scrollable region, the land,
// and the links between places (roads, borders) as lines.
import { geoConicConformal, type GeoProjection } from 'd3-geo';
import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';

export interface Coast {
  width: number;
  height: number;
  rotate: number[];
  parallels: number[];
  scale: number;
  translate: number[];
  d: string;
}

/** Places (by id, at latitude/longitude) in the coastline's SVG coordinates. */
export function usePlaces(coast: Coast, places: { id: string; lat: number; lon: number }[]): Map<string, [number, number]> {
  const projection: GeoProjection = useMemo(
    () =>
      geoConicConformal()
        .rotate(coast.rotate as [number, number])
        .parallels(coast.parallels as [number, number])
        .scale(coast.scale)
        .translate(coast.translate as [number, number]),
    [coast],
  );
  return useMemo(() => new Map(places.map((p) => [p.id, projection([p.lon, p.lat]) ?? [0, 0]])), [places, projection]);
}

export function MapFrame({ coast, at, links, svgClass, label, regionLabel, children }: { coast: Coast; at: Map<string, [number, number]>; links: { a: string; b: string; cls: string }[]; svgClass: string; label: string; regionLabel: string; children: ComponentChildren }) {
  return (
    <div class="map-wrap" tabIndex={0} role="region" aria-label={regionLabel}>
      <svg class={svgClass} viewBox={`0 0 ${coast.width} ${coast.height}`} role="group" aria-label={label}>
        <path class="land" d={coast.d} aria-hidden="true" />
        <g aria-hidden="true">
          {links.map((l) => {
            const a = at.get(l.a);
            const b = at.get(l.b);
            return a && b ? <line class={l.cls} x1={a[0]} y1={a[1]} x2={b[0]} y2={b[1]} /> : null;
          })}
        </g>
        {children}
      </svg>
    </div>
  );
}
