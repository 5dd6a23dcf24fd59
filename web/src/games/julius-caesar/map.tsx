// The map of Julius Caesar: the Mediterranean coastline (Natural Earth, projected at build time
// into generated/coast.json), cities at their latitude/longitude from the catalog, seas, roads by
// type, ports and VP; each side's blocks at a location as a stack (board/stacks.tsx). Zoom and
// pan come from the frame (board/map-frame.tsx). Every location is an element with data-location
// and an accessible name; highlighted destinations are buttons (Tab, Enter or Space). It draws
// from the view's blocks and the catalog alone: the actions (selectable blocks, targets) are
// optional, so a replay can draw the same map.
import { useMemo } from 'preact/hooks';
import type { Act } from '../../board/actions';
import { keyed } from '../../board/keys';
import { MapFrame, usePlaces } from '../../board/map-frame';
import { homeOf, keepOf, layOut, useNames } from '../../board/map-layout';
import { Leaders, Markers } from '../../board/piles';
import { shortName, Stacks, type MapBlock } from '../../board/stacks';
import { LEGIBLE_BLOCK_PX, MARKER_PX, MIN_TARGET_PX } from '../../board/zoom';
import { count } from '../../board/words';
import coast from '../../generated/julius-caesar-coast.json';
import { BlockChip } from '../../board/chip';
import { blockName, roman, type ViewBlock } from './blocks';
import type { Catalog, MapLocation } from './catalog';
import type { Role } from './types';

export interface MapActions {
  selected: string | null;
  selectable: Set<string>;
  targets: Map<string, Act[]>;
  onLocation: (id: string) => void;
  onBlock: (id: string) => void;
  label: (a: Act) => string;
}

/** Nothing to do: a map only to look at. */
export const NO_ACTIONS: MapActions = { selected: null, selectable: new Set(), targets: new Map(), onLocation: () => {}, onBlock: () => {}, label: () => '' };

interface Common extends MapActions {
  blocks: ViewBlock[];
  me: Role | null;
}

function byLocation(blocks: ViewBlock[]): Map<string, ViewBlock[]> {
  const m = new Map<string, ViewBlock[]>();
  for (const b of blocks) m.set(b.location, [...(m.get(b.location) ?? []), b]);
  return m;
}

function targetName(acts: Act[] | undefined, label: (a: Act) => string): string {
  if (!acts?.length) return '';
  return acts.length === 1 ? `: ${label(acts[0]!)}` : `: ${count(acts.length, 'possible action')}`;
}

/** A block's side and a location's hit circle, in map units (the circle grows at overview zooms: never under 24 CSS pixels). */
export const BLOCK = 32;
const HIT = 12.5;

/** "Legio 13" → "Leg 13", "Equitatus 2" → "Eq 2": what fits on a block's face. */
export function faceName(name: string): string {
  return shortName(name.replace(/^Legio /, 'Leg ').replace(/^Equitatus /, 'Eq ').replace(/^Auxilia /, 'Aux ').replace(/^Navis /, 'Nav ').replace(/^Cleopatra$/, 'Cleo'));
}

export function mapBlock(b: ViewBlock, i: number, me: Role | null, a: Pick<MapActions, 'selected' | 'selectable'>): MapBlock {
  const own = b.side === me && !!b.id;
  const cleo = b.type === 'cleopatra';
  return {
    key: b.id ?? `${b.location}-${b.side}-${i}`,
    ...(b.id ? { id: b.id } : {}),
    tagged: own,
    side: b.side,
    cls: `${!b.name ? 'hidden' : ''}${cleo ? ' cleopatra' : ''}${b.reserve ? ' reserve' : ''}`,
    hidden: !b.name,
    name: blockName(b),
    top: roman(b.strength),
    short: b.name ? faceName(b.name) : cleo ? 'Cleo' : undefined,
    ...(b.name ? { full: b.name } : {}),
    corner: b.initiative ? `${b.initiative}${b.firepower ?? ''}` : undefined,
    selectable: own && a.selectable.has(b.id!),
    selected: !!b.id && a.selected === b.id,
  };
}

export function MapView({ catalog, contested, battle, ...c }: Common & { catalog: Catalog; contested: string[]; battle: string | null }) {
  const at = usePlaces(coast, catalog.locations, 2 * HIT + 3);
  const stacks = byLocation(c.blocks);
  const places = useMemo(() => catalog.locations.map((l) => ({ id: l.id, name: l.name, vp: l.vp, sea: l.kind === 'sea' })), [catalog]);
  const measured = useNames(places, at, HIT + 3);
  // Each side's blocks at a location make a pile, the player's own first.
  const sides = new Map<string, { key: string; blocks: MapBlock[] }[]>();
  for (const [loc, here] of stacks) {
    const order = [...new Set(here.map((b) => b.side))].sort((p, q) => (p === c.me ? -1 : q === c.me ? 1 : p.localeCompare(q)));
    sides.set(
      loc,
      order.map((side) => ({ key: `${loc}/${side}`, blocks: here.map((b, i) => (b.side === side ? mapBlock(b, i, c.me, c) : null)).filter((m): m is MapBlock => m !== null) })),
    );
  }
  const { names, piles, markers } = layOut(places, measured, at, sides, BLOCK, coast, (p) => (p.sea ? 6 : HIT + 3.5));
  // Every location once: those that are not targets under the stacks, the targets over them; a
  // target never under 24 CSS pixels, whatever the zoom (`r`: its radius in map units).
  const seaPlace = (s: MapLocation, r: number) => {
    const [x, y] = at.get(s.id)!;
    const here = stacks.get(s.id) ?? [];
    const target = c.targets.get(s.id);
    return (
      <g
        data-location={s.id}
        class={`sea${target ? ' target' : ''}${battle === s.id ? ' battle' : ''}`}
        role={target ? 'button' : 'group'}
        tabindex={target ? 0 : undefined}
        aria-label={`${s.name} (sea)${here.length ? `, ${count(here.length, 'block')}` : ''}${battle === s.id ? ', battle' : ''}${targetName(target, c.label)}`}
        onClick={() => c.onLocation(s.id)}
        onKeyDown={keyed(() => c.onLocation(s.id))}
      >
        {target && <circle class="halo" cx={x} cy={y} r={r + 3} />}
        <circle class="hit" cx={x} cy={y} r={r} />
      </g>
    );
  };
  const cityPlace = (l: MapLocation, r: number) => {
    const [x, y] = at.get(l.id)!;
    const here = stacks.get(l.id) ?? [];
    const target = c.targets.get(l.id);
    const fight = contested.includes(l.id) || battle === l.id;
    const cls = `city${l.port ? ' port' : ''}${l.majorPort ? ' major-port' : ''}${target ? ' target' : ''}${fight ? ' contested' : ''}${battle === l.id ? ' battle' : ''}`;
    return (
      <g
        data-location={l.id}
        class={cls}
        role={target ? 'button' : 'group'}
        tabindex={target ? 0 : undefined}
        aria-label={`${l.name}${l.vp ? `, ${l.vp} VP` : ''}${l.majorPort ? ', major port' : l.port ? ', port' : ''}${here.length ? `, ${count(here.length, 'block')}` : ''}${battle === l.id ? ', battle' : ''}${targetName(target, c.label)}`}
        onClick={() => c.onLocation(l.id)}
        onKeyDown={keyed(() => c.onLocation(l.id))}
      >
        {(target || fight) && <circle class="halo" cx={x} cy={y} r={r + 1} />}
        <circle class="hit" cx={x} cy={y} r={r} />
        <circle class="dot" cx={x} cy={y} r={l.vp ? 6.5 : 5} />
      </g>
    );
  };
  const draw = (r: number) => (l: MapLocation) => (l.kind === 'sea' ? seaPlace(l, r) : cityPlace(l, r));
  const plain = catalog.locations.filter((l) => !c.targets.has(l.id));
  const lit = catalog.locations.filter((l) => c.targets.has(l.id));
  // The names, over the stacks (placed where no stack covers them), clear of a lit place's ring.
  const labels = (
    <g class="labels" aria-hidden="true">
      {names.map((n) => (
        <text class={n.sea ? 'sea-name' : undefined} x={n.x} y={n.y} text-anchor={n.anchor}>
          {n.text}
          {n.vp ? <tspan class="vp"> {n.vp}</tspan> : null}
        </text>
      ))}
    </g>
  );
  return (
    <MapFrame
      coast={coast}
      at={at}
      links={catalog.roads.map((r) => ({ a: r.a, b: r.b, cls: `road ${r.kind}` }))}
      svgClass="map"
      label="The map of the Mediterranean"
      regionLabel="Map"
      blockUnits={BLOCK}
      focus={battle}
      home={(s) => homeOf(s * BLOCK < LEGIBLE_BLOCK_PX ? markers(MARKER_PX / s) : piles)}
      keep={keepOf(c.selected, piles, [...c.targets.keys()], at)}
    >
      {({ s, overview, open }) => {
        const r = Math.max(HIT, (MIN_TARGET_PX + 1) / 2 / s);
        const shown = overview ? markers(MARKER_PX / s) : piles;
        return (
          <>
            <Leaders piles={shown} />
            <g class="locations">{plain.map(draw(r))}</g>
            {overview ? <Markers piles={shown} m={MARKER_PX / s} onOpen={open} /> : <Stacks piles={piles} b={BLOCK} onBlock={c.onBlock} over={labels} />}
            {/* Highlighted destinations over the stacks: a click on one always reaches it. */}
            <g class="locations targets">{lit.map(draw(r))}</g>
          </>
        );
      }}
    </MapFrame>
  );
}

/** Without the catalog's map: the locations with blocks or actions, as a list. */
export function LocationList(c: Common) {
  const stacks = byLocation(c.blocks);
  const ids = [...new Set([...stacks.keys(), ...c.targets.keys()])].sort();
  return (
    <section class="panel" aria-label="Locations">
      <h2>Locations</h2>
      <ul class="games">
        {ids.map((id) => {
          const target = c.targets.get(id);
          return (
            <li data-location={id} aria-label={id} key={id}>
              {target ? (
                <button class="secondary" onClick={() => c.onLocation(id)} aria-label={`${id}${targetName(target, c.label)}`}>
                  {id} ←
                </button>
              ) : (
                <strong>{id}</strong>
              )}
              {(stacks.get(id) ?? []).map((b, i) =>
                b.side === c.me && b.id && c.selectable.has(b.id) ? (
                  <button class="link" key={b.id} aria-pressed={c.selected === b.id} aria-label={`${blockName(b)}, select`} data-block={b.id} onClick={() => c.onBlock(b.id!)}>
                    <BlockChip m={mapBlock(b, i, c.me, c)} />
                  </button>
                ) : (
                  <BlockChip key={b.id ?? i} m={mapBlock(b, i, c.me, c)} />
                ),
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
