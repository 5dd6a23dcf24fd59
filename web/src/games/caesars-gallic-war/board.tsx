// Caesar's Gallic War in the browser: the year, supply and VP, the map of Gaul (map.tsx) with
// the areas' blocks (own, neutral and revealed ones by name and strength, the opponent's hidden ones
// as a count), an opened area's actions, the hand and the sealed play, every legal action by its
// label, and the log. The areas are also listed as a table (a text alternative to the map).
// Like the Julius Caesar board it shows only the server's view and acts only through legalActions.
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../../api';
import { labelOf, type Act } from '../../board/actions';
import { ActionList, Controls, Heading, Log, Status, useActing } from '../../board/play';
import { useGaulCatalog } from './catalog';
import { blockText, GaulMap } from './map';
import type { GaulBlock as Block, View } from './types';

const other = (r: string | null) => (r === 'Roman' ? 'Barbarian' : r === 'Barbarian' ? 'Roman' : null);

export function GallicWarBoard({ game, onGame, reload }: { game: Game; onGame: (g: Game) => void; reload: () => Promise<void> }) {
  const view = game.view as View;
  const me = game.role;
  const opponent = other(me);
  const actions = game.legalActions as Act[];
  const acting = useActing(game, onGame, reload);
  const { busy, error } = acting;
  const byArea = new Map<string, Block[]>();
  for (const b of view.blocks) byArea.set(b.location, [...(byArea.get(b.location) ?? []), b]);
  const played = me ? view.cards[me] : undefined;
  const catalog = useGaulCatalog();
  const [open, setOpen] = useState<string | null>(null);
  const nameOf = (id: string) => catalog?.areas.find((a) => a.id === id)?.name ?? id;
  const cardName = (id: string) => catalog?.cards.find((c) => c.id === id)?.name ?? id;
  /** The actions that concern an area: aimed at it, or made by a block standing in it. */
  const here = (area: string) =>
    actions.filter((a) => a.area === area || a.to === area || (Array.isArray(a.path) && a.path[a.path.length - 1] === area) || (typeof a.block === 'string' && view.blocks.some((b) => b.id === a.block && b.location === area)));
  // A selected block: its destinations light up on the map; a click on one makes that move.
  const [selected, setSelected] = useState<string | null>(null);
  const [choices, setChoices] = useState<Act[] | null>(null);
  useEffect(() => {
    setSelected(null);
    setChoices(null);
  }, [game.version]);
  const selectable = new Set(actions.flatMap((a) => (typeof a.block === 'string' ? [a.block] : [])));
  const blockActs = selected ? actions.filter((a) => a.block === selected) : [];
  const targets = selected
    ? new Set(blockActs.flatMap((a) => destinationOf(a) ?? []))
    : new Set(view.blocks.map((b) => b.location).concat(catalog?.areas.map((a) => a.id) ?? []).filter((id) => here(id).length > 0));
  const act = (a: Act) =>
    void acting.act(a).then((ok) => {
      if (!ok) return;
      setOpen(null);
      setSelected(null);
      setChoices(null);
    });
  const onArea = (id: string) => {
    setChoices(null);
    const there = blockActs.filter((a) => destinationOf(a) === id);
    if (there.length === 1) return act(there[0]!);
    if (there.length > 1) return setChoices(there);
    setSelected(null);
    setOpen((o) => (o === id ? null : id));
  };
  const onBlock = (id: string) => {
    setChoices(null);
    setOpen(null);
    setSelected((s) => (s === id ? null : id));
  };
  const selectedBlock = selected ? view.blocks.find((b) => b.id === selected) : undefined;

  return (
    <main>
      <Heading game={game} me={me} opponent={opponent} />
      <Status game={game} me={me} opponent={opponent} prompt={view.prompt} error={error}>
        <span>
          <strong>{view.yearBC} BC</strong>, year {view.turn} of 8
        </span>
        <span>Roman VP {view.vp} · Roman supply {view.supply}</span>
        {view.battle && (
          <span>
            Battle in {view.battle.area}: round {view.battle.round} of {view.battle.maxRounds}
            {view.battle.phase !== 'field' ? ` (${view.battle.phase})` : ''}
          </span>
        )}
      </Status>
      <div class="game">
        <div class="board">
          {catalog ? (
            <GaulMap catalog={catalog} blocks={view.blocks} targets={targets} contested={view.contested.map((c) => c.area)} battle={view.battle?.area ?? null} open={open} onArea={onArea} me={me} selectable={selectable} selected={selected} onBlock={onBlock} />
          ) : (
            <p class="loading">Loading the map…</p>
          )}
          <section class="panel" aria-labelledby="areas-title">
            <details>
              <summary id="areas-title">The areas and their blocks, as a list</summary>
              <table class="areas">
                <tbody>
                  {[...byArea.keys()].sort().map((area) => (
                    <tr key={area}>
                      <th scope="row">{nameOf(area)}</th>
                      <td>{describeStack(byArea.get(area)!)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
        </div>
        <div class="side">
          {selected && (
            <section class="panel actions" aria-labelledby="selected-title">
              <h2 id="selected-title">{selectedBlock ? blockText(selectedBlock) : selected}</h2>
              {choices ? (
                <p>Which one?</p>
              ) : (
                blockActs.some((a) => destinationOf(a)) && <p class="muted">Choose a highlighted area on the map, or:</p>
              )}
              {(choices ?? blockActs.filter((a) => !destinationOf(a))).map((a) => (
                <button disabled={busy} onClick={() => act(a)}>
                  {labelOf(a)}
                </button>
              ))}
              <p>
                <button class="secondary" onClick={() => onBlock(selected)}>
                  Cancel
                </button>
              </p>
            </section>
          )}
          {open && (
            <section class="panel" aria-labelledby="open-title">
              <h2 id="open-title">{nameOf(open)}</h2>
              {(byArea.get(open) ?? []).length === 0 ? <p class="muted">No block here.</p> : <ul class="games">{byArea.get(open)!.map((b) => <li>{blockText(b)}</li>)}</ul>}
              {here(open).map((a) => (
                <button disabled={busy} onClick={() => act(a)}>
                  {labelOf(a)}
                </button>
              ))}
              <p>
                <button class="secondary" onClick={() => setOpen(null)}>
                  Close
                </button>
              </p>
            </section>
          )}
          {me && (
            <section class="panel" aria-labelledby="hand-title">
              <h2 id="hand-title">Your hand</h2>
              <p>{view.hand && view.hand.length ? view.hand.map(cardName).join(', ') : 'No cards.'}</p>
              {played?.played && !played.action && <p class="muted">You have played {played.card ? cardName(played.card) : 'a card'}; you may change it until both are revealed.</p>}
              {opponent && view.cards[opponent]?.played && !view.cards[opponent]!.card && <p class="muted">{opponent} has played a card.</p>}
            </section>
          )}
          <ActionList actions={actions} busy={busy} onAct={(a) => void acting.act(a)} />
          <Controls game={game} me={me} opponent={opponent} acting={acting} />
          <Log lines={view.log} total={game.logLength} />
        </div>
      </div>
    </main>
  );
}

/** A stack in words: named blocks with their strength, hidden ones counted by side. */
function describeStack(blocks: Block[]): string {
  const named = blocks.filter((b) => b.name).map((b) => `${b.name} (${b.side === 'neutral' ? 'neutral' : b.side}, ${b.strength}${b.inFort ? ', in the fort' : ''})`);
  const hidden = new Map<string, number>();
  for (const b of blocks) if (!b.name) hidden.set(b.side, (hidden.get(b.side) ?? 0) + 1);
  const counts = [...hidden].map(([side, n]) => `${n} hidden ${side} block${n === 1 ? '' : 's'}`);
  return [...named, ...counts].join('; ');
}

/** Where an action takes its block: the area it moves, sails, retreats or regroups to (not the fort). */
function destinationOf(a: Act): string | undefined {
  if (typeof a.to === 'string') return a.to === 'fort' ? undefined : a.to;
  return Array.isArray(a.path) ? a.path[a.path.length - 1] : undefined;
}
