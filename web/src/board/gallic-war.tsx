// Caesar's Gallic War in the browser, without a drawn map yet: the year, supply and VP, the areas
// with their blocks (own, neutral and revealed ones by name and strength, the opponent's hidden
// ones as a count), the hand and the sealed play, every legal action by its label, and the log.
// Like the Julius Caesar board it shows only the server's view and acts only through legalActions.
import type { Game, Schemas } from '../api';
import type { Act } from './actions';
import { ActionList, Controls, Heading, Log, Status, useActing } from './play';

type View = Schemas['CaesarsGallicWarView'];
type Block = View['blocks'][number];

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
          <section class="panel" aria-labelledby="areas-title">
            <h2 id="areas-title">The map of Gaul, area by area</h2>
            <p class="muted">The drawn map of Gaul is not in the browser yet: the areas and their blocks are listed here.</p>
            <table class="areas">
              <tbody>
                {[...byArea.keys()].sort().map((area) => (
                  <tr key={area}>
                    <th scope="row">{area}</th>
                    <td>{describeStack(byArea.get(area)!)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
        <div class="side">
          {me && (
            <section class="panel" aria-labelledby="hand-title">
              <h2 id="hand-title">Your hand</h2>
              <p>{view.hand && view.hand.length ? view.hand.join(', ') : 'No cards.'}</p>
              {played?.played && !played.action && <p class="muted">You have played {played.card ?? 'a card'}; you may change it until both are revealed.</p>}
              {opponent && view.cards[opponent]?.played && !view.cards[opponent]!.card && <p class="muted">{opponent} has played a card.</p>}
            </section>
          )}
          <ActionList actions={actions} busy={busy} onAct={(a) => void acting.act(a)} />
          <Controls game={game} me={me} opponent={opponent} acting={acting} />
          <Log lines={view.log} />
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
