// The map of Gaul for Caesar's Gallic War: the coastline (Natural Earth, projected at build time
// into generated/coast-gaul.json), each area at its tribes' real position from the game's catalog,
// the borders drawn by type (the Rhine, rivers and mountains, the Alps pass, the sea lanes), forts
// and ports, and each side's blocks in an area as a stack (board/stacks.tsx): own, neutral and
// revealed ones face up with their strength, the opponent's hidden ones face down. Zoom and pan
// come from the frame (board/map-frame.tsx). An area is a button: it opens that area (its blocks
// and the actions that concern it) beside the map. It draws from the view and the catalog alone;
// the actions are optional, so a replay can draw the same map.
import { useMemo } from 'preact/hooks';
import { keyed } from '../../board/keys';
import { MapFrame, usePlaces } from '../../board/map-frame';
import { homeOf, keepOf, layOut, useNames } from '../../board/map-layout';
import { Leaders, Markers } from '../../board/piles';
import { shortName, Stacks, type MapBlock } from '../../board/stacks';
import { LEGIBLE_BLOCK_PX, MARKER_PX, MIN_TARGET_PX } from '../../board/zoom';
import { count } from '../../board/words';
import coast from '../../generated/caesars-gallic-war-coast.json';
import type { Catalog, GaulBlock } from './types';

const STRENGTH = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];
/** A block's side and an area's hit circle, in map units (the circle grows at overview zooms: never under 24 CSS pixels). */
export const BLOCK = 32;
const HIT = 12.5;

export function blockText(b: GaulBlock): string {
  if (!b.name) return `a ${b.side} block, face down${b.reserve ? ', in reserve' : ''}`;
  return `${b.side === 'neutral' ? 'neutral ' : ''}${b.name}, strength ${b.strength}${b.initiative ? `, ${b.initiative}${b.br}` : ''}${b.inFort ? ', inside the fort' : ''}${b.halfHit ? ', half hit' : ''}${b.reserve ? ' (reserve)' : ''}`;
}

/** "Legio VII" → "VII", "Legio X (Caesar)" → "Caesar", "Mediomatrici" → "Mediom.". */
export function faceName(name: string): string {
  const caesar = /\((\w+)\)$/.exec(name);
  if (caesar) return caesar[1]!;
  return shortName(name.replace(/^Legio /, ''));
}

export interface Selecting {
  me: string | null;
  /** Own blocks that have an action now. */
  selectable: Set<string>;
  selected: string | null;
  onBlock: (id: string) => void;
}

export function mapBlock(b: GaulBlock, i: number, s: Pick<Selecting, 'me' | 'selectable' | 'selected'>): MapBlock {
  const own = b.side === s.me && !!b.id;
  return {
    key: b.id ?? `${b.location}-${b.side}-${i}`,
    ...(b.id ? { id: b.id } : {}),
    tagged: own,
    side: b.side,
    cls: `${!b.name ? 'hidden' : ''}${b.inFort ? ' in-fort' : ''}${b.reserve ? ' reserve' : ''}`,
    hidden: !b.name,
    name: blockText(b),
    top: STRENGTH[b.strength ?? 0] ?? String(b.strength ?? ''),
    ...(b.name ? { short: faceName(b.name), full: b.name } : {}),
    corner: b.initiative ? `${b.initiative}${b.br ?? ''}` : undefined,
    selectable: own && s.selectable.has(b.id!),
    selected: !!b.id && s.selected === b.id,
  };
}

export function GaulMap({ catalog, blocks, targets, contested, battle, open, onArea, ...sel }: { catalog: Catalog; blocks: GaulBlock[]; targets: Set<string>; contested: string[]; battle: string | null; open: string | null; onArea: (id: string) => void } & Selecting) {
  const at = usePlaces(coast, catalog.areas, 2 * HIT + 3);
  const stacks = new Map<string, GaulBlock[]>();
  for (const b of blocks) stacks.set(b.location, [...(stacks.get(b.location) ?? []), b]);
  const places = useMemo(() => catalog.areas.map((a) => ({ id: a.id, name: a.name, sea: a.region === 'sea' })), [catalog]);
  const measured = useNames(places, at, HIT + 3);
  const region = new Map(catalog.areas.map((a) => [a.id, a.region]));
  // Each side's blocks in an area make a pile: the player's own, the opponent's, the neutral tribes.
  const sides = new Map<string, { key: string; blocks: MapBlock[] }[]>();
  for (const [area, here] of stacks) {
    const order = (side: string) => (side === sel.me ? 0 : side === 'neutral' ? 2 : 1);
    const kinds = [...new Set(here.map((b) => b.side))].sort((p, q) => order(p) - order(q));
    sides.set(
      area,
      kinds.map((side) => ({ key: `${area}/${side}`, blocks: here.map((b, i) => (b.side === side ? mapBlock(b, i, sel) : null)).filter((m): m is MapBlock => m !== null) })),
    );
  }
  const { names, piles, markers } = layOut(places, measured, at, sides, BLOCK, coast, (p) => (p.sea ? 6 : HIT + 3.5));
  // An area: under the stacks, or over them when it has an action now; never under 24 CSS pixels,
  // whatever the zoom (`r`: its radius in map units).
  const draw = (r: number) => (area: Catalog['areas'][number]) => {
    const [x, y] = at.get(area.id)!;
    const here = stacks.get(area.id) ?? [];
    const sea = area.region === 'sea';
    const cls = `area ${area.region}${targets.has(area.id) ? ' target' : ''}${contested.includes(area.id) || battle === area.id ? ' contested' : ''}${open === area.id ? ' open' : ''}`;
    const label = `${area.name}${sea ? ' (sea)' : ''}${area.fort ? `, fort ${area.fort.name}` : ''}${area.seas.length ? ', port' : ''}${here.length ? `, ${count(here.length, 'block')}` : ''}${battle === area.id ? ', battle' : ''}${targets.has(area.id) ? ', has actions' : ''}`;
    return (
      <g data-area={area.id} class={cls} role="button" tabindex={0} aria-label={label} aria-pressed={open === area.id} onClick={() => onArea(area.id)} onKeyDown={keyed(() => onArea(area.id))}>
        {(targets.has(area.id) || contested.includes(area.id) || battle === area.id || open === area.id) && <circle class="halo" cx={x} cy={y} r={r + 2} />}
        <circle class="hit" cx={x} cy={y} r={r} />
        {!sea && (area.fort ? <rect class="fort" x={x - 6} y={y - 6} width={12} height={12} /> : <circle class="dot" cx={x} cy={y} r={5} />)}
      </g>
    );
  };
  // The names, over the stacks (placed where no stack covers them), clear of a lit area's ring.
  const labels = (
    <g class="labels" aria-hidden="true">
      {names.map((n) => (
        <text class={n.sea ? 'sea-name' : `area-name ${region.get(n.id)}`} x={n.x} y={n.y} text-anchor={n.anchor}>
          {n.text}
        </text>
      ))}
    </g>
  );
  return (
    <MapFrame
      coast={coast}
      at={at}
      links={catalog.borders.map((r) => ({ a: r.from, b: r.to, cls: `border ${r.type}` }))}
      svgClass="map gaul"
      label="The map of Gaul"
      regionLabel="Map of Gaul"
      blockUnits={BLOCK}
      focus={battle}
      home={(s) => homeOf(s * BLOCK < LEGIBLE_BLOCK_PX ? markers(MARKER_PX / s) : piles)}
      keep={keepOf(sel.selected, piles, [...targets], at)}
    >
      {({ s, overview, open: zoomIn }) => {
        const r = Math.max(HIT, (MIN_TARGET_PX + 1) / 2 / s);
        const shown = overview ? markers(MARKER_PX / s) : piles;
        return (
          <>
            <Leaders piles={shown} />
            <g class="locations">{catalog.areas.filter((a) => !targets.has(a.id)).map(draw(r))}</g>
            {overview ? <Markers piles={shown} m={MARKER_PX / s} onOpen={zoomIn} /> : <Stacks piles={piles} b={BLOCK} onBlock={sel.onBlock} over={labels} />}
            {/* Areas with actions over the stacks: a click on one always reaches it. */}
            <g class="locations targets">{catalog.areas.filter((a) => targets.has(a.id)).map(draw(r))}</g>
          </>
        );
      }}
    </MapFrame>
  );
}
