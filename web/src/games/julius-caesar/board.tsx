// The board: status, the map, the hand of cards, the battle, what may be done, and the log.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Game } from '../../api';
import { destination, isCardAction, labelOf, locationTarget, type Act } from '../../board/actions';
import { ActionList, Controls, Heading, Log, Status, useActing } from '../../board/play';
import { BlockFace, type ViewBlock } from './blocks';
import { Cards } from './cards';
import { useCatalog } from './catalog';
import { MapView, LocationList } from './map';
import type { Role, View } from './types';

const other = (r: Role): Role => (r === 'Caesar' ? 'Pompey' : 'Caesar');

export function Board({ game, onGame, reload }: { game: Game; onGame: (g: Game) => void; reload: () => Promise<void> }) {
  const view = game.view as View;
  // This board is Julius Caesar's: its seats are Caesar and Pompey (pages/game.tsx picks the board by game).
  const me = game.role as Role | null;
  const actions = game.legalActions as Act[];
  const catalog = useCatalog();
  const [selected, setSelected] = useState<string | null>(null);
  const [choices, setChoices] = useState<Act[] | null>(null);
  // A location opened by a click that is not an action: its stack, large, in the side panel
  // (on a phone, or where stacks crowd each other, the blocks are easier to pick there).
  const [place, setPlace] = useState<string | null>(null);

  // A new version may make the selection meaningless.
  useEffect(() => {
    setChoices(null);
    setSelected((s) => (s && actions.some((a) => a.block === s) ? s : null));
  }, [game.version]);

  const blocks = view.blocks as ViewBlock[];
  const nameOf = useMemo(() => {
    const names = new Map<string, string>();
    for (const b of blocks) if (b.id && b.name) names.set(b.id, b.name);
    for (const p of [view.pools.Caesar, view.pools.Pompey]) for (const b of p.available ?? []) names.set(b.id, b.name);
    return (id: string) => names.get(id) ?? catalog?.blockName(id) ?? id;
  }, [view, catalog]);
  const label = (a: Act) => labelOf(a, nameOf);

  const acting = useActing(game, onGame, reload);
  const { busy, error } = acting;
  async function act(a: Act) {
    setChoices(null);
    if (await acting.act(a)) setSelected(null);
  }

  // What the map offers: selectable blocks, the selected block's destinations, location targets.
  const blockActions = (id: string) => actions.filter((a) => a.block === id);
  const selectable = new Set(actions.filter((a) => a.block).map((a) => a.block!));
  const targets = new Map<string, Act[]>();
  const add = (loc: string | undefined, a: Act) => loc && targets.set(loc, [...(targets.get(loc) ?? []), a]);
  if (selected) for (const a of blockActions(selected)) add(destination(a), a);
  else for (const a of actions) add(locationTarget(a), a);
  const clickLocation = (loc: string) => {
    const list = targets.get(loc);
    if (!list?.length) return setPlace((p) => (p === loc ? null : loc));
    setPlace(null);
    if (list.length === 1) void act(list[0]!);
    else setChoices(list);
  };
  const selectBlock = (id: string) => {
    setChoices(null);
    setSelected((s) => (s === id ? null : selectable.has(id) ? id : null));
    setPlace(null);
  };
  const placeBlocks = place ? blocks.filter((b) => b.location === place) : [];
  // On a narrow screen the side panel is below the map: bring the opened location into view.
  useEffect(() => {
    if (place && matchMedia('(max-width: 900px)').matches) document.getElementById('place-title')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [place]);

  const opponent = me ? other(me) : null;
  const blockOnly = selected ? blockActions(selected).filter((a) => !destination(a)) : [];
  const general = actions.filter((a) => !a.block && !locationTarget(a) && !isCardAction(a));
  const selBlock = selected ? blocks.find((b) => b.id === selected) : undefined;

  return (
    <main>
      <Heading game={game} me={me} opponent={opponent} />
      <Status game={game} me={me} opponent={opponent} prompt={view.prompt} error={error}>
        <span>
          <strong>{view.year} BC</strong>, {view.turn === 0 ? 'before turn 1' : view.turn === 6 ? 'Winter' : `turn ${view.turn}`}, {view.phase}
        </span>
        <span>
          VP: <span class="side-Caesar">Caesar {view.vp.Caesar}</span> · <span class="side-Pompey">Pompey {view.vp.Pompey}</span>
        </span>
        {view.p1 && <span>Player 1: <strong class={`side-${view.p1}`}>{view.p1}</strong></span>}
      </Status>
      <div class="game">
        <div>
          {catalog ? (
            <MapView
              catalog={catalog}
              blocks={blocks}
              me={me}
              selected={selected}
              selectable={selectable}
              targets={targets}
              contested={view.contested.map((c) => c.location)}
              battle={view.battle?.location ?? null}
              onLocation={clickLocation}
              onBlock={selectBlock}
              label={label}
            />
          ) : (
            <LocationList blocks={blocks} me={me} selected={selected} selectable={selectable} targets={targets} onLocation={clickLocation} onBlock={selectBlock} label={label} />
          )}
          <Pools view={view} me={me} selectable={selectable} selected={selected} onBlock={selectBlock} />
        </div>
        <div class="side">
          {place && !selected && (
            <section class="panel" aria-labelledby="place-title">
              <h2 id="place-title">{place}</h2>
              {placeBlocks.length === 0 && <p class="muted">No block here.</p>}
              {placeBlocks.map((b, i) =>
                b.id && selectable.has(b.id) ? (
                  <button class="link" key={b.id} onClick={() => selectBlock(b.id!)} aria-label={`Select ${nameOf(b.id)}`}>
                    <BlockFace b={b} />
                  </button>
                ) : (
                  <BlockFace key={b.id ?? i} b={b} />
                ),
              )}
              <p>
                <button class="secondary" onClick={() => setPlace(null)}>
                  Close
                </button>
              </p>
            </section>
          )}
          {view.battle && <BattlePanel view={view} blocks={blocks} me={me} />}
          {(choices || selected || general.length > 0) && (
            <section class="panel actions" aria-label="Actions">
              {choices && (
                <>
                  <h2>Which one?</h2>
                  {choices.map((a) => (
                    <button disabled={busy} onClick={() => act(a)}>
                      {label(a)}
                    </button>
                  ))}
                </>
              )}
              {selected && (
                <>
                  <h2>{nameOf(selected)}</h2>
                  {selBlock && <BlockFace b={selBlock} />}
                  <p class="muted">
                    {blockActions(selected).some((a) => destination(a)) ? 'Its possible destinations are highlighted on the map: click one.' : ''}
                  </p>
                  {blockOnly.map((a) => (
                    <button disabled={busy} onClick={() => act(a)}>
                      {label(a)}
                    </button>
                  ))}
                  <button class="secondary" onClick={() => setSelected(null)}>
                    Deselect
                  </button>
                </>
              )}
              {!selected &&
                general.map((a) => (
                  <button disabled={busy} onClick={() => act(a)}>
                    {label(a)}
                  </button>
                ))}
            </section>
          )}
          <Cards view={view} me={me} actions={actions} busy={busy} onAct={act} catalog={catalog} label={label} />
          <ActionList actions={actions} busy={busy} onAct={(a) => void act(a)} label={label} foldOver={8} />
          <Controls game={game} me={me} opponent={opponent} acting={acting} />
          <Log lines={view.log} total={game.logLength} />
        </div>
      </div>
    </main>
  );
}

function Pools({ view, me, selectable, selected, onBlock }: { view: View; me: Role | null; selectable: Set<string>; selected: string | null; onBlock: (id: string) => void }) {
  return (
    <section class="panel" aria-label="Levy pools">
      {(['Caesar', 'Pompey'] as const).map((side) => {
        const p = view.pools[side];
        const levies = side === me ? (p.available ?? []).filter((b) => selectable.has(b.id)) : [];
        const rest = side === me ? (p.available ?? []).filter((b) => !selectable.has(b.id)) : [];
        return (
          <div key={side}>
            <strong class={`side-${side}`}>{side}'s levy pool</strong>: {p.count} blocks
            {levies.length > 0 && (
              <div>
                <span class="muted">Levy: pick a block, then a highlighted city. </span>
                {levies.map((b) => (
                  <button key={b.id} class={selected === b.id ? '' : 'secondary'} aria-pressed={selected === b.id} data-block={b.id} onClick={() => onBlock(b.id)}>
                    {b.name}
                    {b.levy ? ` · ${b.levy}` : ''}
                  </button>
                ))}
              </div>
            )}
            {rest.length > 0 && <span class="muted"> ({rest.map((b) => `${b.name}${b.levy ? ` · ${b.levy}` : ''}`).join(', ')})</span>}
            {p.eliminated.length > 0 && <span class="muted"> · eliminated this year: {p.eliminated.join(', ')}</span>}
            {p.killed.length > 0 && <span class="muted"> · leaders killed: {p.killed.join(', ')}</span>}
          </div>
        );
      })}
    </section>
  );
}

const FIRE = /fires: ([\d, ]+) — (\d+) hits?/;

function BattlePanel({ view, blocks, me }: { view: View; blocks: ViewBlock[]; me: Role | null }) {
  const b = view.battle!;
  const here = blocks.filter((x) => x.location === b.location);
  const recent = view.log.slice(-8).filter((l) => FIRE.test(l));
  return (
    <section class="panel" aria-labelledby="battle-title">
      <h2 id="battle-title">
        Battle at {b.location}, round {b.round}
      </h2>
      <p>
        <span class={`side-${b.attacker}`}>{b.attacker}</span> attacks <span class={`side-${b.defender}`}>{b.defender}</span>
        {b.surprise && ' (surprise)'}.{' '}
        {b.acting && (
          <strong>
            {b.acting.role === me ? 'Your' : `${b.acting.role}'s`} turn{b.acting.initiative ? ` (initiative ${b.acting.initiative})` : ''}
            {b.acting.hits ? `: ${b.acting.hits} hits to take` : ''}
          </strong>
        )}
      </p>
      {(['Caesar', 'Pompey'] as const).map((side) => (
        <div key={side}>
          <span class={`side-${side}`}>{side}</span>:{' '}
          {here
            .filter((x) => x.side === side)
            .map((x, i) => (
              <BlockFace key={x.id ?? `${side}-${i}`} b={x} />
            ))}
        </div>
      ))}
      {recent.length > 0 && (
        <ul aria-label="Dice">
          {recent.map((l) => {
            const [, rolls, hits] = FIRE.exec(l)!;
            return (
              <li>
                {l.split(' fires:')[0]}:{' '}
                <span class="dice">
                  {rolls!.split(',').map((r) => (
                    <span class="die" aria-label={`rolled ${r.trim()}`}>
                      {r.trim()}
                    </span>
                  ))}
                </span>{' '}
                {hits} hit{hits === '1' ? '' : 's'}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

