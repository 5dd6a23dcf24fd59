// The board: status, the map, the hand of cards, the battle, what may be done, and the log.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, problemText, type Action, type Game, type Role, type View } from '../api';
import { Countdown } from '../time';
import { bare, destination, isCardAction, labelOf, locationTarget, type Act } from './actions';
import { BlockFace, type ViewBlock } from './blocks';
import { Cards } from './cards';
import { useCatalog } from './catalog';
import { MapView, LocationList } from './map';

const other = (r: Role): Role => (r === 'Caesar' ? 'Pompey' : 'Caesar');

export function Board({ game, onGame, reload }: { game: Game; onGame: (g: Game) => void; reload: () => Promise<void> }) {
  const view = game.view as View;
  const me = game.role;
  const actions = game.legalActions as Act[];
  const catalog = useCatalog();
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  async function act(a: Act) {
    setBusy(true);
    setError(null);
    setChoices(null);
    try {
      const res =
        isCardAction(a)
          ? await api.POST('/v1/games/{id}/plays', { params: { path: { id: game.id } }, body: { card: a.card!, version: game.version } })
          : await api.POST('/v1/games/{id}/actions', { params: { path: { id: game.id } }, body: { action: bare(a), version: game.version } });
      if (res.data) {
        onGame(res.data);
        setSelected(null);
      } else {
        setError(problemText(res.error));
        if ((res.error as { code?: string } | undefined)?.code === 'stale_version') await reload();
      }
    } catch {
      setError('The server cannot be reached; try again.');
    } finally {
      setBusy(false);
    }
  }
  async function simple(path: '/v1/games/{id}/undo' | '/v1/games/{id}/resign' | '/v1/games/{id}/claim-timeout', confirmText?: string) {
    if (confirmText && !confirm(confirmText)) return;
    setBusy(true);
    const res = await api.POST(path, { params: { path: { id: game.id } }, body: { version: game.version } });
    setBusy(false);
    if (res.data) onGame(res.data);
    else setError(problemText(res.error));
  }
  async function extend(days: number) {
    const res = await api.POST('/v1/games/{id}/extend', { params: { path: { id: game.id } }, body: { days, version: game.version } });
    if (res.data) onGame(res.data);
    else setError(problemText(res.error));
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

  const waitingFor = game.pending.filter((r) => r !== me);
  const myTurn = !!me && game.pending.includes(me);
  const opponent = me ? other(me) : null;
  const opponentSeat = game.players.find((p) => p.role === opponent);
  const mySeat = game.players.find((p) => p.role === me);
  const overdue = opponentSeat?.pending && opponentSeat.deadline && new Date(opponentSeat.deadline).getTime() <= Date.now();
  const blockOnly = selected ? blockActions(selected).filter((a) => !destination(a)) : [];
  const general = actions.filter((a) => !a.block && !locationTarget(a) && !isCardAction(a));
  const selBlock = selected ? blocks.find((b) => b.id === selected) : undefined;

  return (
    <main>
      <div class="status-line">
        <h1>
          #{game.number} {game.title}
        </h1>
        <span>
          {me ? (
            <>
              You are <strong class={`side-${me}`}>{me}</strong>
              {opponentSeat && <> against {opponentSeat.user.name}</>}
            </>
          ) : (
            'Watching'
          )}
        </span>
      </div>
      <section class="panel" aria-label="Game status" aria-live="polite">
        <div class="status-line">
          <span>
            <strong>{view.year} BC</strong>, {view.turn === 0 ? 'before turn 1' : view.turn === 6 ? 'Winter' : `turn ${view.turn}`}, {view.phase}
          </span>
          <span>
            VP: <span class="side-Caesar">Caesar {view.vp.Caesar}</span> · <span class="side-Pompey">Pompey {view.vp.Pompey}</span>
          </span>
          {view.p1 && <span>Player 1: <strong class={`side-${view.p1}`}>{view.p1}</strong></span>}
        </div>
        {game.outcome ? (
          <p class="outcome" role="status">
            <strong>
              {game.outcome.winner ? (game.outcome.winner === me ? 'You won! ' : `${game.outcome.winner} won. `) : 'A draw. '}
            </strong>
            {game.outcome.reason}
          </p>
        ) : (
          <>
            <p class="prompt">{view.prompt}</p>
            <p>
              {myTurn ? (
                <strong>Your move</strong>
              ) : waitingFor.length ? (
                <strong>Waiting for {waitingFor.join(' and ')}</strong>
              ) : (
                <span class="muted">Nothing to do now.</span>
              )}
              {myTurn && mySeat?.deadline && (
                <>
                  {' '}
                  · <Countdown deadline={mySeat.deadline} />
                </>
              )}
              {!myTurn && opponentSeat?.pending && opponentSeat.deadline && (
                <>
                  {' '}
                  · {opponent}: <Countdown deadline={opponentSeat.deadline} />
                </>
              )}
            </p>
          </>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </section>
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
          {actions.length > 0 && (
            <section class="panel" aria-labelledby="all-actions">
              <details open={actions.length <= 8}>
                <summary id="all-actions">Everything you may do now ({actions.length})</summary>
                <div class="action-list" tabIndex={0} aria-label="Every possible action">
                  {actions.map((a) => (
                    <button class="secondary" disabled={busy} onClick={() => act(a)}>
                      {label(a)}
                    </button>
                  ))}
                </div>
              </details>
            </section>
          )}
          {me && game.status === 'active' && (
            <section class="panel" aria-label="Game controls">
              <button class="secondary" disabled={busy} onClick={() => simple('/v1/games/{id}/undo')}>
                Undo my last action
              </button>{' '}
              <button class="secondary" disabled={busy} onClick={() => simple('/v1/games/{id}/resign', 'Resign this game? Your opponent wins.')}>
                Resign
              </button>
              {overdue && (
                <p>
                  {opponent} is past their deadline.{' '}
                  <button disabled={busy} onClick={() => simple('/v1/games/{id}/claim-timeout', `Claim the win because ${opponent} ran out of time?`)}>
                    Claim the win
                  </button>
                </p>
              )}
              {opponentSeat?.pending && game.daysPerMove && (
                <p>
                  <button class="link" onClick={() => extend(1)}>
                    Give {opponent} one more day
                  </button>
                </p>
              )}
            </section>
          )}
          <section class="panel" aria-labelledby="log-title">
            <h2 id="log-title">Log</h2>
            <ol class="log" reversed start={view.log.length} tabIndex={0} aria-label="Log, newest first">
              {view.log
                .slice(-40)
                .reverse()
                .map((line) => (
                  <li>{line}</li>
                ))}
            </ol>
          </section>
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

export type { Action };
