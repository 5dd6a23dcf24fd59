// Caesar's Gallic War in the browser: the year, supply and VP, the map of Gaul (map.tsx) with
// the areas' stacks, an opened area's blocks and actions, the battle panel, the hand drawn as
// cards and the sealed play, every legal action by its label, and the log. The areas are also
// listed as a table (a text alternative to the map). A force march asks first, with its cost.
// Like the Julius Caesar board it shows only the server's view and acts only through legalActions.
import { labelOf, type Act } from '../../board/actions';
import { BattlePanel, battleRounds, type BattleBlock } from '../../board/battle';
import { BoardLayout } from '../../board/layout';
import { useActing } from '../../board/play';
import { useSelection } from '../../board/selection';
import { count } from '../../board/words';
import type { BoardProps } from '../entry';
import { about, logHeading, sealed } from './about';
import { Hand } from './cards';
import { useGaulCatalog } from './catalog';
import { blockText, GaulMap, mapBlock } from './map';
import type { GaulBlock as Block, View } from './types';

const other = (r: string | null) => (r === 'Roman' ? 'Barbarian' : r === 'Barbarian' ? 'Roman' : null);

/** The steps of a battle (6): every action in them belongs in the battle panel. */
const BATTLE_STEPS = new Set(['battle-choose', 'withdraw', 'fort', 'battle', 'hits', 'assault', 'sortie', 'forced-retreat', 'regroup', 'respond']);
const BATTLE_TYPES = new Set(['battle', 'withdraw', 'fort', 'sortie', 'assault', 'retreat-all', 'fire', 'pass', 'retreat', 'hit', 'regroup', 'respond']);

/** A force march: a legion's move of two areas, for 1 supply (5.2.1E). */
const forceMarch = (a: Act) => a.type === 'move' && Array.isArray(a.path) && a.path.length > 1;

export function GallicWarBoard({ game, onGame, reload, onReplay }: BoardProps) {
  const view = game.view as View;
  const me = game.role;
  const opponent = other(me);
  const actions = game.legalActions as Act[];
  const acting = useActing(game, onGame, reload, sealed);
  const { busy } = acting;
  // A force march is confirmed first, with its cost; a click on an area opens it (its actions are in its sheet).
  // The second card of a turn reveals both at once: it is played only after a yes.
  const revealsBoth = (a: Act) => sealed(a) && !!opponent && !!(view.cards[opponent]?.played && !view.cards[opponent]!.card);
  const sel = useSelection(game, acting, { destination: destinationOf, confirm: (a) => forceMarch(a) || revealsBoth(a) });
  const byArea = new Map<string, Block[]>();
  for (const b of view.blocks) byArea.set(b.location, [...(byArea.get(b.location) ?? []), b]);
  const catalog = useGaulCatalog();
  const nameOf = (id: string) => catalog?.areas.find((a) => a.id === id)?.name ?? id;
  const blockNameOf = (id: string) => view.blocks.find((b) => b.id === id)?.name ?? catalog?.blocks.find((b) => b.id === id)?.name ?? id;
  /** The actions that concern an area: aimed at it, or made by a block standing in it. */
  const here = (area: string) =>
    actions.filter((a) => a.area === area || a.to === area || (Array.isArray(a.path) && a.path[a.path.length - 1] === area) || (typeof a.block === 'string' && view.blocks.some((b) => b.id === a.block && b.location === area)));
  // The selected block's destinations light up on the map; with none selected, the areas that have actions.
  const targets = sel.selected ? sel.destinations : new Set(view.blocks.map((b) => b.location).concat(catalog?.areas.map((a) => a.id) ?? []).filter((id) => here(id).length > 0));
  const battleActs = actions.filter((a) => BATTLE_STEPS.has(view.step) || BATTLE_TYPES.has(a.type));
  const label = (a: Act) => labelOf(a, blockNameOf);
  const marks = { me, selectable: sel.selectable, selected: sel.selected };
  const cardConfirmation = (a: Act) => {
    const name = catalog?.cards.find((c) => c.id === a.card)?.name ?? label(a);
    return { title: `Play ${name}?`, text: <>The {opponent} has played a card: both cards are then revealed, and you can no longer change yours.</>, yes: `Play ${name}` };
  };

  return (
    <BoardLayout
      {...{ game, me, opponent, acting, sel, prompt: view.prompt, onReplay, rules: about.rules }}
      status={
        <>
          <span>
            <strong>
              Turn {view.turn} of 8 ({view.yearBC} BC)
            </strong>
          </span>
          <span>
            <span class="side-Roman">Roman</span> VP {view.vp} · supply {view.supply}
          </span>
          {view.battle && (
            <span>
              Battle in {nameOf(view.battle.area)}: round {view.battle.round} of {view.battle.maxRounds}
              {view.battle.phase !== 'field' ? ` (${view.battle.phase === 'assault' ? 'the assault' : 'the relief'})` : ''}
            </span>
          )}
        </>
      }
      map={
        catalog ? (
          <GaulMap catalog={catalog} blocks={view.blocks} targets={targets} contested={view.contested.map((c) => c.area)} battle={view.battle?.area ?? null} open={sel.place} onArea={sel.clickPlace} onBlock={sel.selectBlock} {...marks} />
        ) : (
          <p class="loading">Loading the map…</p>
        )
      }
      beneath={
        <section class="panel" aria-labelledby="areas-title">
          <details>
            <summary id="areas-title">The areas and their blocks, as a list</summary>
            <table class="areas">
              <tbody>
                {[...byArea.keys()]
                  .sort((a, b) => nameOf(a).localeCompare(nameOf(b)))
                  .map((area) => (
                    <tr key={area}>
                      <th scope="row">{nameOf(area)}</th>
                      <td>{describeStack(byArea.get(area)!)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </details>
        </section>
      }
      sheet={{
        blockTitle: (id) => {
          const b = view.blocks.find((x) => x.id === id);
          return b ? blockText(b) : blockNameOf(id);
        },
        placeTitle: nameOf,
        placeBlocks: (area) => (byArea.get(area) ?? []).map((b, i) => mapBlock(b, i, marks)),
        placeActions: here,
        confirmation: (a) =>
          sealed(a)
            ? cardConfirmation(a)
            : {
                title: 'Force march?',
                text: (
                  <>
                    {label(a).replace(/ \(force march\)$/, '')}: a force march through {nameOf(a.path![0]!)} costs <strong>1 supply</strong> (the Roman supply goes from {view.supply} to {view.supply - 1}).
                  </>
                ),
                yes: 'Force march for 1 supply',
              },
      }}
      label={label}
      lines={view.log}
      heading={logHeading}
    >
      {(view.battle || battleActs.length > 0) && <GaulBattle view={view} me={me} actions={battleActs} label={label} nameOf={nameOf} blockNameOf={blockNameOf} sel={marks} busy={busy} onAct={sel.act} />}
      {me && <Hand view={view} me={me} actions={actions} busy={busy} onAct={sel.act} catalog={catalog} label={label} alt={game.options.altCardValues === true} over={game.status !== 'active'} />}
    </BoardLayout>
  );
}

const LETTERS = ['A', 'B', 'C', 'D'];
const ROWS = [{ key: 'caesar', label: 'Caesar' }, ...LETTERS.map((l) => ({ key: l, label: l })), { key: 'reserve', label: 'Reserves' }];

function GaulBattle({
  view,
  me,
  actions,
  label,
  nameOf,
  blockNameOf,
  sel,
  busy,
  onAct,
}: {
  view: View;
  me: string | null;
  actions: Act[];
  label: (a: Act) => string;
  nameOf: (id: string) => string;
  blockNameOf: (id: string) => string;
  sel: { me: string | null; selectable: Set<string>; selected: string | null };
  busy: boolean;
  onAct: (a: Act) => void;
}) {
  const b = view.battle;
  if (!b) {
    const regroup = actions.find((a) => a.type === 'regroup');
    const from = regroup ? view.blocks.find((x) => x.id === regroup.block)?.location : undefined;
    const area = (actions.find((a) => typeof a.area === 'string')?.area as string | undefined) ?? (view.contested.length === 1 ? view.contested[0]!.area : undefined);
    const title = from ? `Battle in ${nameOf(from)}: regroup` : actions.some((a) => a.type === 'battle') ? 'Battle: choose the next one' : area ? `Battle in ${nameOf(area)}` : 'Battle';
    return <BattlePanel title={title} actions={actions} label={label} blockName={blockNameOf} busy={busy} onAct={onAct} />;
  }
  const here = view.blocks.filter((x) => x.location === b.area);
  // A unit inside the fort during an assault acts one letter earlier (6B); Caesar always first (6).
  const row = (x: Block) => {
    if (x.reserve || !x.name) return 'reserve';
    if (x.id === 'legio-X') return 'caesar';
    const i = LETTERS.indexOf(x.initiative ?? 'D');
    return LETTERS[Math.max(0, b.phase === 'assault' && x.inFort ? i - 1 : i)]!;
  };
  const sideOf = (x: Block) => (x.side === 'neutral' ? b.defender : x.side);
  const blocks: BattleBlock[] = here.map((x, i) => ({ block: mapBlock(x, i, sel), side: sideOf(x), row: row(x), acted: !!x.id && b.acted.includes(x.id) }));
  const whose = b.acting ? (b.acting === me ? 'Your turn' : `The ${b.acting}'s turn`) : '';
  return (
    <BattlePanel
      title={`Battle in ${nameOf(b.area)}`}
      summary={
        <>
          The <span class={`side-${b.attacker}`}>{b.attacker}</span> attacks, the <span class={`side-${b.defender}`}>{b.defender}</span> defends
          {b.phase === 'assault' ? ', assaulting the fort' : b.phase === 'relief' ? ', relieving the fort' : ''}.{' '}
          <strong>
            Round {b.round} of {b.maxRounds}.
          </strong>{' '}
          {b.hits ? `${b.acting === me ? 'You take' : `The ${b.acting} takes`} ${count(b.hits, 'hit')}.` : whose && `${whose}.`}
          {here.some((x) => x.reserve) ? ' Reserves join from round 2.' : ''}
        </>
      }
      attacker={b.attacker}
      defender={b.defender}
      rows={ROWS}
      blocks={blocks}
      rounds={battleRounds(view.log)}
      actions={actions}
      label={label}
      blockName={blockNameOf}
      busy={busy}
      onAct={onAct}
    />
  );
}

/** A stack in words: named blocks with their strength, hidden ones counted by side. */
function describeStack(blocks: Block[]): string {
  const named = blocks.filter((b) => b.name).map((b) => `${b.name} (${b.side === 'neutral' ? 'neutral' : b.side}, ${b.strength}${b.inFort ? ', in the fort' : ''})`);
  const hidden = new Map<string, number>();
  for (const b of blocks) if (!b.name) hidden.set(b.side, (hidden.get(b.side) ?? 0) + 1);
  const counts = [...hidden].map(([side, n]) => `${count(n, `hidden ${side} block`)}`);
  return [...named, ...counts].join('; ');
}

/** Where an action takes its block: the area it moves, sails, retreats or regroups to (not the fort). */
function destinationOf(a: Act): string | undefined {
  if (typeof a.to === 'string') return a.to === 'fort' ? undefined : a.to;
  return Array.isArray(a.path) ? a.path[a.path.length - 1] : undefined;
}
