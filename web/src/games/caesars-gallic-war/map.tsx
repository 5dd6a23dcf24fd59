// The map of Gaul for Caesar's Gallic War: the coastline (Natural Earth, projected at build time
// into generated/coast-gaul.json), each area at its tribes' real position from the game's catalog,
// the borders drawn by type (the Rhine, rivers and mountains, the Alps pass, the sea lanes), forts
// and ports, and the blocks: own, neutral and revealed ones face up with their strength, the
// opponent's hidden ones as a coloured stack with a count. An area is a button: it opens that
// area (its blocks and the actions that concern it) in the side panel.
import { MapFrame, usePlaces } from '../../board/map-frame';
import coast from '../../generated/coast-gaul.json';
import type { Catalog, GaulBlock } from './types';

const B = 18; // a block's side, in map units
const STRENGTH = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];

const keyed = (f: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f();
  }
};

export function blockText(b: GaulBlock): string {
  if (!b.name) return `a ${b.side} block, face down`;
  return `${b.side === 'neutral' ? 'neutral ' : ''}${b.name}, strength ${b.strength}${b.initiative ? `, ${b.initiative}${b.br}` : ''}${b.inFort ? ', inside the fort' : ''}${b.halfHit ? ', half hit' : ''}${b.reserve ? ' (reserve)' : ''}`;
}

export interface Selecting {
  me: string | null;
  /** Own blocks that have an action now. */
  selectable: Set<string>;
  selected: string | null;
  onBlock: (id: string) => void;
}

export function GaulMap({ catalog, blocks, targets, contested, battle, open, onArea, ...sel }: { catalog: Catalog; blocks: GaulBlock[]; targets: Set<string>; contested: string[]; battle: string | null; open: string | null; onArea: (id: string) => void } & Selecting) {
  const at = usePlaces(coast, catalog.areas);
  const stacks = new Map<string, GaulBlock[]>();
  for (const b of blocks) stacks.set(b.location, [...(stacks.get(b.location) ?? []), b]);
  return (
    <MapFrame coast={coast} at={at} links={catalog.borders.map((r) => ({ a: r.from, b: r.to, cls: `border ${r.type}` }))} svgClass="map gaul" label="The map of Gaul" regionLabel="Map of Gaul (scrolls sideways on small screens)">
        {catalog.areas.map((area) => {
          const [x, y] = at.get(area.id)!;
          const here = stacks.get(area.id) ?? [];
          const sea = area.region === 'sea';
          const cls = `area ${area.region}${targets.has(area.id) ? ' target' : ''}${contested.includes(area.id) ? ' contested' : ''}${open === area.id ? ' open' : ''}`;
          const label = `${area.name}${sea ? ' (sea)' : ''}${area.fort ? `, fort ${area.fort.name}` : ''}${area.seas.length ? ', port' : ''}${here.length ? `, ${here.length} block${here.length === 1 ? '' : 's'}` : ''}${battle === area.id ? ', battle' : ''}${targets.has(area.id) ? ', has actions' : ''}`;
          return (
            <g data-area={area.id} class={cls} role="button" tabindex={0} aria-label={label} aria-pressed={open === area.id} onClick={() => onArea(area.id)} onKeyDown={keyed(() => onArea(area.id))}>
              {(targets.has(area.id) || contested.includes(area.id) || open === area.id) && <circle class="halo" cx={x} cy={y} r={15} />}
              <circle class="hit" cx={x} cy={y} r={14} />
              {sea ? (
                <text class="sea-name" x={x} y={y} text-anchor="middle">
                  {area.name.toUpperCase()}
                </text>
              ) : (
                <>
                  {area.fort ? <rect class="fort" x={x - 5} y={y - 5} width={10} height={10} /> : <circle class="dot" cx={x} cy={y} r={4.5} />}
                  <text class="area-name" x={x + 8} y={y - 5}>
                    {area.name}
                  </text>
                </>
              )}
            </g>
          );
        })}
        {/* The stacks beside (not inside) the area buttons: a block may be a button of its own. */}
        {catalog.areas.map((area) => {
          const here = stacks.get(area.id);
          const [x, y] = at.get(area.id)!;
          return here ? <Stack blocks={here} x={x} y={y + 7} {...sel} /> : null;
        })}
    </MapFrame>
  );
}

/** An area's blocks: the ones the viewer may see face up, the hidden ones as a stack per side. */
function Stack({ blocks, x, y, me, selectable, selected, onBlock }: { blocks: GaulBlock[]; x: number; y: number } & Selecting) {
  if (!blocks.length) return null;
  const shown = blocks.filter((b) => b.name);
  const hidden = new Map<string, number>();
  for (const b of blocks) if (!b.name) hidden.set(b.side, (hidden.get(b.side) ?? 0) + 1);
  const perRow = 4;
  const items = shown.map((b, i) => {
    const bx = x - (Math.min(shown.length, perRow) * (B + 1)) / 2 + (i % perRow) * (B + 1);
    const by = y + Math.floor(i / perRow) * (B + 1);
    const can = b.side === me && !!b.id && selectable.has(b.id);
    const choose = (e: Event) => {
      e.stopPropagation();
      onBlock(b.id!);
    };
    return (
      <g
        class={`block ${b.side}${b.inFort ? ' in-fort' : ''}${can ? ' selectable' : ''}${selected === b.id ? ' selected' : ''}`}
        {...(b.side === me && b.id ? { 'data-block': b.id } : {})}
        role={can ? 'button' : 'img'}
        tabindex={can ? 0 : undefined}
        aria-label={blockText(b) + (can ? (selected === b.id ? ', selected' : ', select') : '')}
        aria-pressed={can ? selected === b.id : undefined}
        onClick={can ? choose : undefined}
        onKeyDown={can ? (e) => (e.key === 'Enter' || e.key === ' ' ? (e.preventDefault(), choose(e)) : undefined) : undefined}
      >
        <rect class="face" x={bx} y={by} width={B} height={B} rx={2} />
        <text class="str" x={bx + B / 2} y={by + 10} text-anchor="middle">
          {STRENGTH[b.strength ?? 0] ?? b.strength}
        </text>
        <text x={bx + B / 2} y={by + B - 2} text-anchor="middle" font-size="5.5">
          {(b.name ?? '').replace(/^Legio /, 'L').slice(0, 7)}
        </text>
      </g>
    );
  });
  let row = Math.ceil(shown.length / perRow);
  for (const [side, n] of hidden) {
    const hx = x - B / 2;
    const hy = y + row++ * (B + 1);
    items.push(
      <g class={`block hidden ${side}`} role="img" aria-label={`${n} ${side} block${n > 1 ? 's' : ''}, face down`}>
        {n > 1 && <rect class="face" x={hx + 3} y={hy - 3} width={B} height={B} rx={2} />}
        <rect class="face" x={hx} y={hy} width={B} height={B} rx={2} />
        {n > 1 && (
          <>
            <circle class="count-bg" cx={hx + B} cy={hy} r={5} />
            <text class="count" x={hx + B} y={hy + 3} text-anchor="middle">
              {n}
            </text>
          </>
        )}
      </g>,
    );
  }
  return <>{items}</>;
}
