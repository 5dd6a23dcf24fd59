// The map: the Mediterranean coastline (Natural Earth, projected at build time into
// generated/coast.json), cities at their latitude/longitude from the catalog, seas, roads by
// type, ports and VP; blocks stacked on their locations. Every location is an element with
// data-location and an accessible name; own blocks carry data-block. Keyboard: Tab reaches
// selectable blocks and target locations; Enter or Space acts.
import type { Act } from '../../board/actions';
import { MapFrame, usePlaces } from '../../board/map-frame';
import coast from '../../generated/coast.json';
import { BlockFace, blockName, roman, type ViewBlock } from './blocks';
import type { Catalog } from './catalog';
import type { Role } from './types';

interface Common {
  blocks: ViewBlock[];
  me: Role | null;
  selected: string | null;
  selectable: Set<string>;
  targets: Map<string, Act[]>;
  onLocation: (id: string) => void;
  onBlock: (id: string) => void;
  label: (a: Act) => string;
}

// SVG elements take attributes as written: `tabindex` in lower case (Preact would set a
// `tabIndex` attribute, which SVG ignores, and the element would not be focusable).
const keyed = (f: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f();
  }
};

function byLocation(blocks: ViewBlock[]): Map<string, ViewBlock[]> {
  const m = new Map<string, ViewBlock[]>();
  for (const b of blocks) m.set(b.location, [...(m.get(b.location) ?? []), b]);
  return m;
}

function targetName(loc: string, acts: Act[] | undefined, label: (a: Act) => string): string {
  if (!acts?.length) return '';
  return acts.length === 1 ? `: ${label(acts[0]!)}` : `: ${acts.length} possible actions`;
}

const B = 20; // a block's side on the map, in map units

export function MapView({ catalog, contested, battle, ...c }: Common & { catalog: Catalog; contested: string[]; battle: string | null }) {
  const at = usePlaces(coast, catalog.locations);
  const stacks = byLocation(c.blocks);
  const cities = catalog.locations.filter((l) => l.kind === 'city');
  const seas = catalog.locations.filter((l) => l.kind === 'sea');
  return (
    <MapFrame coast={coast} at={at} links={catalog.roads.map((r) => ({ a: r.a, b: r.b, cls: `road ${r.kind}` }))} svgClass="map" label="The map of the Mediterranean" regionLabel="Map (scrolls sideways on small screens)">
        {seas.map((s) => {
          const [x, y] = at.get(s.id)!;
          const here = stacks.get(s.id) ?? [];
          const target = c.targets.get(s.id);
          return (
            <g
              data-location={s.id}
              class={`sea${target ? ' target' : ''}`}
              role={target ? 'button' : 'group'}
              tabindex={target ? 0 : undefined}
              aria-label={`${s.name} (sea)${here.length ? `, ${here.length} blocks` : ''}${targetName(s.id, target, c.label)}`}
              onClick={() => c.onLocation(s.id)}
              onKeyDown={keyed(() => c.onLocation(s.id))}
            >
              {target && <circle class="halo" cx={x} cy={y} r={26} />}
              <text class="sea-name" x={x} y={y} text-anchor="middle">
                {s.name.toUpperCase()}
              </text>
              <Stack {...c} blocks={here} x={x} y={y + 6} />
            </g>
          );
        })}
        {cities.map((l) => {
          const [x, y] = at.get(l.id)!;
          const here = stacks.get(l.id) ?? [];
          const target = c.targets.get(l.id);
          const cls = `city${l.port ? ' port' : ''}${l.majorPort ? ' major-port' : ''}${target ? ' target' : ''}${contested.includes(l.id) ? ' contested' : ''}`;
          return (
            <g
              data-location={l.id}
              class={cls}
              role={target ? 'button' : 'group'}
              tabindex={target ? 0 : undefined}
              aria-label={`${l.name}${l.vp ? `, ${l.vp} VP` : ''}${l.majorPort ? ', major port' : l.port ? ', port' : ''}${here.length ? `, ${here.length} blocks` : ''}${battle === l.id ? ', battle' : ''}${targetName(l.id, target, c.label)}`}
              onClick={() => c.onLocation(l.id)}
              onKeyDown={keyed(() => c.onLocation(l.id))}
            >
              {(target || contested.includes(l.id)) && <circle class="halo" cx={x} cy={y} r={12} />}
              <circle class="dot" cx={x} cy={y} r={l.vp ? 6 : 4.5} />
              <text x={x + 8} y={y - 5}>
                {l.name}
                {l.vp ? <tspan class="vp"> {l.vp}</tspan> : null}
              </text>
              <Stack {...c} blocks={here} x={x} y={y + 6} />
            </g>
          );
        })}
    </MapFrame>
  );
}

/** A location's blocks: own ones one by one (each selectable), the enemy's as one stack with a count. */
function Stack({ blocks, x, y, me, selected, selectable, onBlock }: Common & { blocks: ViewBlock[]; x: number; y: number }) {
  if (!blocks.length) return null;
  const shown = blocks.filter((b) => b.name);
  const hidden = blocks.filter((b) => !b.name);
  const items: preact.JSX.Element[] = [];
  const perRow = 3;
  shown.forEach((b, i) => {
    const bx = x - (Math.min(shown.length, perRow) * (B + 1)) / 2 + (i % perRow) * (B + 1);
    const by = y + Math.floor(i / perRow) * (B + 1);
    const own = b.side === me && !!b.id;
    const can = own && selectable.has(b.id!);
    items.push(
      <g
        class={`block ${b.side}${b.type === 'cleopatra' ? ' cleopatra' : ''}${can ? ' selectable' : ''}${selected === b.id ? ' selected' : ''}`}
        {...(own ? { 'data-block': b.id } : {})}
        role={can ? 'button' : 'img'}
        tabindex={can ? 0 : undefined}
        aria-label={blockName(b) + (can ? (selected === b.id ? ', selected' : ', select') : '')}
        aria-pressed={can ? selected === b.id : undefined}
        onClick={(e) => {
          if (!can) return;
          e.stopPropagation();
          onBlock(b.id!);
        }}
        onKeyDown={(e) => {
          if (!can) return;
          e.stopPropagation();
          keyed(() => onBlock(b.id!))(e);
        }}
      >
        <rect class="face" x={bx} y={by} width={B} height={B} rx={2} />
        <rect class="edge" x={bx} y={by} width={B} height={3} />
        <text class="str" x={bx + B / 2} y={by + 11} text-anchor="middle">
          {roman(b.strength)}
        </text>
        <text x={bx + B / 2} y={by + B - 2} text-anchor="middle" font-size="6">
          {(b.name ?? '').replace(/^Legio /, 'L').slice(0, 7)}
        </text>
      </g>,
    );
  });
  if (hidden.length) {
    const row = Math.ceil(shown.length / perRow);
    const hx = x - B / 2;
    const hy = y + row * (B + 1);
    const side = hidden[0]!.side;
    const cleo = hidden.some((b) => b.type === 'cleopatra');
    items.push(
      <g class={`block hidden ${side}`} role="img" aria-label={`${hidden.length} ${side} block${hidden.length > 1 ? 's' : ''}, face down${cleo ? ', Cleopatra among them' : ''}`}>
        {hidden.length > 1 && <rect class="face" x={hx + 3} y={hy - 3} width={B} height={B} rx={2} />}
        <rect class="face" x={hx} y={hy} width={B} height={B} rx={2} />
        {cleo && <circle cx={hx + B / 2} cy={hy + B / 2} r={3} fill="#e8c547" />}
        {hidden.length > 1 && (
          <>
            <circle class="count-bg" cx={hx + B} cy={hy} r={5} />
            <text class="count" x={hx + B} y={hy + 3} text-anchor="middle">
              {hidden.length}
            </text>
          </>
        )}
      </g>,
    );
  }
  return <>{items}</>;
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
                <button class="secondary" onClick={() => c.onLocation(id)} aria-label={`${id}${targetName(id, target, c.label)}`}>
                  {id} ←
                </button>
              ) : (
                <strong>{id}</strong>
              )}
              {(stacks.get(id) ?? []).map((b, i) =>
                b.side === c.me && b.id && c.selectable.has(b.id) ? (
                  <button class="link" key={b.id} aria-pressed={c.selected === b.id} aria-label={`${blockName(b)}, select`} data-block={b.id} onClick={() => c.onBlock(b.id!)}>
                    <BlockFace b={b} selected={c.selected === b.id} />
                  </button>
                ) : (
                  <BlockFace key={b.id ?? i} b={b} tagged={b.side === c.me} />
                ),
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
