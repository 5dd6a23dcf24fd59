// The board of Julius Caesar: status, the map, the levy pools, the battle panel, the hand of
// cards, what may be done, and the log. Everything the player can do comes from legalActions; the
// page shows the server's view of the game and keeps nothing else.
import { useMemo } from 'preact/hooks';
import { destination, labelOf, locationTarget, type Act } from '../../board/actions';
import { BattlePanel, battleRounds, type BattleBlock } from '../../board/battle';
import { BoardLayout } from '../../board/layout';
import { useActing } from '../../board/play';
import { useSelection } from '../../board/selection';
import { count } from '../../board/words';
import type { BoardProps } from '../entry';
import { Cards } from './cards';
import { useCatalog } from './catalog';
import { LocationList, MapView, mapBlock } from './map';
import type { Role, View, ViewBlock } from './types';
import { about, battleOrderCaption, logHeading, sealed, yearText as year } from './about';

const other = (r: Role): Role => (r === 'Caesar' ? 'Pompey' : 'Caesar');

const PHASE: Record<View['phase'], string> = {
  deployment: 'deployment',
  discard: 'the discard',
  card: 'card play',
  command: 'commands',
  battle: 'battles',
  winter: 'the Winter Turn',
  over: 'the game is over',
};

/** What a block in the levy pool may be levied at, in words. */
const levyWords = (levy: string | null) => (levy === 'any' ? 'any friendly city' : levy === 'major-port' ? 'a major port' : levy);

/** The actions of the Battle Phase: all of them while it lasts, and a battle's own elsewhere. */
const BATTLE_TYPES = new Set(['battle', 'surprise', 'fire', 'pass', 'retreat', 'hit', 'regroup']);

export function Board({ game, onGame, reload, onReplay }: BoardProps) {
  const view = game.view as View;
  const me = game.role as Role | null;
  const actions = game.legalActions as Act[];
  const catalog = useCatalog();
  const acting = useActing(game, onGame, reload, sealed);
  // A click on a location that is the target of actions without a block (Jupiter, a battle...) takes them.
  // The second card of a turn reveals both at once: it is played only after a yes.
  const revealsBoth = (a: Act) => a.type === 'play' && !!me && !!(view.cards[other(me)].played && !view.cards[other(me)].card);
  const sel = useSelection(game, acting, { destination, direct: (loc) => actions.filter((a) => locationTarget(a) === loc), confirm: revealsBoth });
  const { busy } = acting;

  const blocks = view.blocks as ViewBlock[];
  const nameOf = useMemo(() => {
    const names = new Map<string, string>();
    for (const b of blocks) if (b.id && b.name) names.set(b.id, b.name);
    for (const p of [view.pools.Caesar, view.pools.Pompey]) for (const b of p.available ?? []) names.set(b.id, b.name);
    return (id: string) => names.get(id) ?? catalog?.blockName(id) ?? id;
  }, [view, catalog]);
  const placeName = (id: string) => catalog?.locations.find((l) => l.id === id)?.name ?? id;
  const label = (a: Act) => labelOf(a, nameOf);

  // What the map offers: the selected block's destinations, or the locations that are targets themselves.
  const targets = new Map<string, Act[]>();
  const add = (loc: string | undefined, a: Act) => loc && targets.set(loc, [...(targets.get(loc) ?? []), a]);
  if (sel.selected) for (const a of sel.blockActs) add(destination(a), a);
  else for (const a of actions) add(locationTarget(a), a);

  const opponent = me ? other(me) : null;
  const battleActs = actions.filter((a) => view.phase === 'battle' || BATTLE_TYPES.has(a.type));
  const general = actions.filter((a) => !a.block && !locationTarget(a) && !sealed(a) && !battleActs.includes(a));
  const { selected, selectable } = sel;
  const chip = (b: ViewBlock, i: number) => mapBlock(b, i, me, { selected, selectable });
  const mapProps = { blocks, me, selected, selectable, targets, onLocation: sel.clickPlace, onBlock: sel.selectBlock, label };

  return (
    <BoardLayout
      {...{ game, me, opponent, acting, sel, prompt: view.prompt, onReplay, rules: about.rules }}
      status={
        <>
          <span>
            <strong>{year(view.year)}</strong>, {view.turn === 0 ? 'before turn 1' : view.turn === 6 ? 'Winter' : `turn ${view.turn}`}: {PHASE[view.phase]}
          </span>
          <span>
            VP: <span class="side-Caesar">Caesar {view.vp.Caesar}</span> · <span class="side-Pompey">Pompey {view.vp.Pompey}</span>
          </span>
          {view.p1 && (
            <span>
              Player 1: <strong class={`side-${view.p1}`}>{view.p1}</strong>
            </span>
          )}
        </>
      }
      map={catalog ? <MapView catalog={catalog} contested={view.contested.map((c) => c.location)} battle={view.battle?.location ?? null} {...mapProps} /> : <LocationList {...mapProps} />}
      beneath={<Pools view={view} me={me} selectable={selectable} selected={selected} onBlock={sel.selectBlock} nameOf={nameOf} />}
      sheet={{
        blockTitle: nameOf,
        blockChip: (id) => {
          const b = blocks.find((x) => x.id === id);
          return b && chip(b, 0);
        },
        placeTitle: placeName,
        placeBlocks: (loc) => blocks.filter((b) => b.location === loc).map(chip),
        confirmation: (a) => {
          const c = catalog?.card(String(a.card));
          const name = c?.god ?? String(a.card);
          return {
            title: `Play ${name}?`,
            text: <>{opponent} has played a card: both cards are then revealed, and you can no longer change yours.</>,
            yes: `Play ${name}`,
          };
        },
      }}
      label={label}
      lines={view.log}
      heading={logHeading}
    >
      {general.length > 0 && (
        <section class="panel actions" aria-label="Actions">
          {general.map((a) => (
            <button disabled={busy} onClick={() => sel.act(a)}>
              {label(a)}
            </button>
          ))}
        </section>
      )}
      {(view.battle || battleActs.length > 0) && (
        <JCBattle view={view} me={me} actions={battleActs} chip={chip} blocks={blocks} label={label} nameOf={nameOf} placeName={placeName} busy={busy} onAct={sel.act} />
      )}
      <Cards view={view} me={me} actions={actions} busy={busy} onAct={async (a) => sel.act(a)} catalog={catalog} label={label} over={game.status !== 'active'} />
    </BoardLayout>
  );
}

const ROWS = [
  { key: 'A', label: 'A' },
  { key: 'B', label: 'B' },
  { key: 'C', label: 'C' },
  { key: 'D', label: 'D' },
  { key: 'reserve', label: 'Reserves' },
];

function JCBattle({
  view,
  me,
  actions,
  blocks,
  chip,
  label,
  nameOf,
  placeName,
  busy,
  onAct,
}: {
  view: View;
  me: Role | null;
  actions: Act[];
  blocks: ViewBlock[];
  chip: (b: ViewBlock, i: number) => ReturnType<typeof mapBlock>;
  label: (a: Act) => string;
  nameOf: (id: string) => string;
  placeName: (id: string) => string;
  busy: boolean;
  onAct: (a: Act) => void;
}) {
  const b = view.battle;
  if (!b) {
    // Between battles: the next one to choose, or the victor's regroup.
    const regroup = actions.find((a) => a.type === 'regroup');
    const from = regroup ? blocks.find((x) => x.id === regroup.block)?.location : undefined;
    const title = from ? `Battle at ${placeName(from)}: regroup` : actions.some((a) => a.type === 'battle') ? 'Battle: choose the next one' : 'Battle';
    return <BattlePanel title={title} actions={actions} label={label} blockName={nameOf} busy={busy} onAct={onAct} />;
  }
  const here = blocks.filter((x) => x.location === b.location);
  const rows: BattleBlock[] = here.map((x, i) => ({ block: chip(x, i), side: x.side, row: x.reserve || !x.name ? 'reserve' : (x.initiative ?? 'reserve'), acted: !!x.id && b.acted.includes(x.id) }));
  const turn = b.acting
    ? b.acting.hits
      ? `${b.acting.role === me ? 'You take' : `${b.acting.role} takes`} ${count(b.acting.hits, 'hit')}: ${b.acting.role === me ? 'choose the block' : 'they choose the block'}.`
      : `${b.acting.role === me ? 'Your turn' : `${b.acting.role}'s turn`}${b.acting.initiative ? ` (initiative ${b.acting.initiative})` : ''}.`
    : '';
  return (
    <BattlePanel
      title={`Battle at ${placeName(b.location)}`}
      summary={
        <>
          <span class={`side-${b.attacker}`}>{b.attacker}</span> attacks, <span class={`side-${b.defender}`}>{b.defender}</span> defends{b.surprise ? ' (a surprise: Mars or Neptune)' : ''}. <strong>Round {b.round} of 4.</strong> {turn}
          {b.surprise && b.round === 1 ? ` In this round the Attacker fires first, all of its blocks before the Defender's.` : ''}
          {b.round === 1 && here.some((x) => x.reserve) ? ' Reserves arrive in round 2.' : ''}
        </>
      }
      attacker={b.attacker}
      defender={b.defender}
      caption={battleOrderCaption(b.surprise, b.round)}
      rows={ROWS}
      blocks={rows}
      actingRow={b.acting && !b.acting.hits ? b.acting.initiative : null}
      rounds={battleRounds(view.log)}
      actions={actions}
      label={label}
      blockName={nameOf}
      busy={busy}
      onAct={onAct}
    />
  );
}

function Pools({ view, me, selectable, selected, onBlock, nameOf }: { view: View; me: Role | null; selectable: Set<string>; selected: string | null; onBlock: (id: string) => void; nameOf: (id: string) => string }) {
  return (
    <section class="panel pools" aria-label="Levy pools">
      {(['Caesar', 'Pompey'] as const).map((side) => {
        const p = view.pools[side];
        const levies = side === me ? (p.available ?? []).filter((b) => selectable.has(b.id)) : [];
        const rest = side === me ? (p.available ?? []).filter((b) => !selectable.has(b.id)) : [];
        const where = (b: { levy: string | null }) => (b.levy ? ` · ${levyWords(b.levy)}` : '');
        return (
          <div key={side}>
            <strong class={`side-${side}`}>{side}'s levy pool</strong>: {count(p.count, 'block')}
            {levies.length > 0 && (
              <div>
                <span class="muted">Levy: pick a block, then a highlighted city. </span>
                {levies.map((b) => (
                  <button key={b.id} class={selected === b.id ? '' : 'secondary'} aria-pressed={selected === b.id} data-block={b.id} onClick={() => onBlock(b.id)}>
                    {b.name}
                    {where(b)}
                  </button>
                ))}
              </div>
            )}
            {rest.length > 0 && <span class="muted"> ({rest.map((b) => `${b.name}${where(b)}`).join(', ')})</span>}
            {p.eliminated.length > 0 && <span class="muted"> · eliminated this Year: {p.eliminated.map(nameOf).join(', ')}</span>}
            {p.killed.length > 0 && <span class="muted"> · leaders killed: {p.killed.map(nameOf).join(', ')}</span>}
          </div>
        );
      })}
    </section>
  );
}
