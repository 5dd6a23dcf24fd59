// What every game's page shares, whatever its board: sending actions (cards through the sealed
// play endpoint, the rest through /actions), undo / resign / claim / extend, the heading and status.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, problemText, type Game } from '../api';
import { BotMark } from '../names';
import { computerQueue } from '../live';
import { Countdown } from '../time';
import { signed } from './words';
import { bare, labelOf, type Act } from './actions';

export interface Acting {
  busy: boolean;
  error: string | null;
  setError: (e: string | null) => void;
  act: (a: Act) => Promise<boolean>;
  /** Undo, resign or claim the win; the error, if any, comes back (shown next to the button). */
  simple: (path: '/v1/games/{id}/undo' | '/v1/games/{id}/resign' | '/v1/games/{id}/claim-timeout', confirmText?: string) => Promise<string | null>;
  extend: (days: number) => Promise<string | null>;
}

/**
 * Sends the player's actions for `game`: its sealed choices (`sealed`, the game's) through the
 * sealed play endpoint, the rest through /actions. `onGame` gets each newer game, `reload` runs
 * after a stale version.
 */
export function useActing(game: Game, onGame: (g: Game) => void, reload: () => Promise<void>, sealed: (a: Act) => boolean): Acting {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(a: Act): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const res = sealed(a)
        ? await api.POST('/v1/games/{id}/plays', { params: { path: { id: game.id } }, body: { card: a.card!, version: game.version } })
        : await api.POST('/v1/games/{id}/actions', { params: { path: { id: game.id } }, body: { action: bare(a), version: game.version } });
      if (res.data) {
        onGame(res.data);
        return true;
      }
      setError(problemText(res.error));
      if ((res.error as { code?: string } | undefined)?.code === 'stale_version') await reload();
      return false;
    } catch {
      setError('The server cannot be reached; try again.');
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function simple(path: '/v1/games/{id}/undo' | '/v1/games/{id}/resign' | '/v1/games/{id}/claim-timeout', confirmText?: string): Promise<string | null> {
    if (confirmText && !confirm(confirmText)) return null;
    setBusy(true);
    try {
      const res = await api.POST(path, { params: { path: { id: game.id } }, body: { version: game.version } });
      if (res.data) {
        onGame(res.data);
        return null;
      }
      // The game moved on meanwhile: what it is now (and whether Undo still applies) comes back.
      const code = (res.error as { code?: string } | undefined)?.code;
      if (code === 'stale_version' || code === 'not_undoable') await reload();
      return problemText(res.error);
    } catch {
      return 'The server cannot be reached; try again.';
    } finally {
      setBusy(false);
    }
  }
  async function extend(days: number): Promise<string | null> {
    const res = await api.POST('/v1/games/{id}/extend', { params: { path: { id: game.id } }, body: { days, version: game.version } });
    if (res.data) {
      onGame(res.data);
      return null;
    }
    return problemText(res.error);
  }
  return { busy, error, setError, act, simple, extend };
}

/** Whether it is this player's move in `game`. */
export const myMove = (game: Game) => game.status === 'active' && !!game.role && (game.pending as string[]).includes(game.role);

/** The outcome's first words: who won, a draw, or a game ended without a result (aborted, or abandoned by both). */
export function outcomeHeadline(outcome: NonNullable<Game['outcome']>, me: string | null): string {
  if (outcome.aborted) return 'Aborted: no result. ';
  if (outcome.winner) return outcome.winner === me ? 'You won! ' : `${outcome.winner} won. `;
  return /abandoned the game$/.test(outcome.reason) ? 'No result. ' : 'A draw. ';
}

/** Undo, resign, and against a late opponent: claim the win or give a day. Each one's error shows beside it. */
export function Controls({ game, me, opponent, acting }: { game: Game; me: string | null; opponent: string | null; acting: Acting }) {
  const { busy, simple, extend } = acting;
  const [error, setError] = useState<{ where: string; text: string } | null>(null);
  if (!me || game.status !== 'active') return null;
  const opponentSeat = game.players.find((p) => p.role === opponent);
  const overdue = opponentSeat?.pending && opponentSeat.deadline && new Date(opponentSeat.deadline).getTime() <= Date.now();
  // The API says whether an undo would be accepted now (the last standing action is mine, and
  // it drew no dice, revealed nothing and did not pass the turn on).
  const canUndo = game.undoable;
  const run = async (where: string, f: () => Promise<string | null>) => {
    setError(null);
    const text = await f();
    if (text) setError({ where, text });
  };
  const err = (where: string) =>
    error?.where === where ? (
      <span class="error inline-error" role="alert">
        {error.text}
      </span>
    ) : null;
  return (
    <section class="panel controls" aria-label="Game controls">
      <p>
        <button
          class="secondary"
          disabled={busy || !canUndo}
          title={canUndo ? 'Take back your last action' : 'Nothing of yours to take back now'}
          onClick={() => run('undo', () => simple('/v1/games/{id}/undo'))}
        >
          Undo my last action
        </button>{' '}
        {err('undo')}
      </p>
      <p>
        <button
          class="secondary"
          disabled={busy}
          onClick={() => run('resign', () => simple('/v1/games/{id}/resign', game.underway ? 'Resign this game? Your opponent wins.' : 'Resign this game? It is not underway yet (each side has not made its first moves), so it is aborted: no result, no rating.'))}
        >
          Resign
        </button>{' '}
        {err('resign')}
      </p>
      {overdue && (
        <p>
          {opponent} is past their deadline.{' '}
          <button disabled={busy} onClick={() => run('claim', () => simple('/v1/games/{id}/claim-timeout', `Claim the win because ${opponent} ran out of time?`))}>
            Claim the win
          </button>{' '}
          {err('claim')}
        </p>
      )}
      {opponentSeat?.pending && game.daysPerMove && (
        <p>
          <button class="secondary" onClick={() => run('extend', () => extend(1))}>
            Give {opponent} one more day
          </button>{' '}
          {err('extend')}
        </p>
      )}
    </section>
  );
}

/** The game's title and who I am in it. */
export function Heading({ game, me, opponent }: { game: Game; me: string | null; opponent: string | null }) {
  const opponentSeat = game.players.find((p) => p.role === opponent);
  return (
    <div class="status-line">
      <h1>
        #{game.number} {game.title}
      </h1>
      <span>
        {me ? (
          <>
            You are <strong class={`side-${me}`}>{me}</strong>
            {opponentSeat && (
              <>
                {' '}
                against {opponentSeat.user.name}
                <BotMark bot={opponentSeat.user.bot} />
              </>
            )}
            {game.computer && <> against the computer ({game.computer.title})</>}
          </>
        ) : (
          <>
            Watching{' '}
            {game.players.length || game.bot || game.computer
              ? roles(game).map((r, k) => (
                  <>
                    {k > 0 && ' against '}
                    <strong class={`side-${r}`}>{r}</strong> {holder(game, r)}
                  </>
                ))
              : null}
          </>
        )}
      </span>
    </div>
  );
}

/** The roles of the game in seat order: the players', then the bot's or the computer's. */
function roles(game: Game): string[] {
  const out = game.players.map((p) => p.role as string);
  for (const r of [game.bot, game.computer?.role]) if (r && !out.includes(r)) out.push(r);
  return out;
}

/** Who holds a seat, in words a watcher reads: "Marcus (1620)", "the computer (Normal)", "the rulebook bot". */
export function holder(game: Game, role: string): string {
  const p = game.players.find((x) => x.role === role);
  if (p) return p.rating ? `${p.user.name} (${p.rating.before})` : p.user.name;
  if (game.computer?.role === role) return `the computer (${game.computer.title})`;
  if (game.bot === role) return 'the rulebook bot';
  return '';
}

/** A waiting move's place in the computer's queue, in words (1: the next search). */
function queueWords(place: number): string {
  return place === 1 ? 'its search is next in the queue' : `${place - 1} ${place === 2 ? 'search' : 'searches'} ahead of it in the queue`;
}

/**
 * The game's status panel: the game's own facts (`children`: year, VP...), then the outcome, or the
 * prompt with whose move it is and the deadlines; the last error.
 */
export function Status({ game, me, opponent, prompt, error, children, links }: { game: Game; me: string | null; opponent: string | null; prompt: string; error: string | null; children: ComponentChildren; links?: ComponentChildren }) {
  const myTurn = !!me && (game.pending as string[]).includes(me);
  const waitingFor = game.pending.filter((r) => r !== me);
  // The computer decides on the worker's threads: from the moment it is to move, it is thinking.
  const thinking = !!game.computer && (game.pending as string[]).includes(game.computer.role);
  // Its move's place in the computer's queue (the stream's `queued` events), for this very version.
  const queued = computerQueue.use();
  const place = thinking && queued && queued.id === game.id && queued.version === game.version ? queued.position : 0;
  const mySeat = game.players.find((p) => p.role === me);
  const opponentSeat = game.players.find((p) => p.role === opponent);
  return (
    <section class="panel status" aria-label="Game status" aria-live="polite">
      <div class="status-line">{children}</div>
      {game.outcome ? (
        <p class="outcome" role="status">
          <strong>{outcomeHeadline(game.outcome, me)}</strong>
          {game.outcome.reason}
        </p>
      ) : null}
      {game.outcome && game.players.some((p) => p.rating) ? (
        <ul class="rating-changes" aria-label="Rating changes">
          {game.players.map(
            (p) =>
              p.rating && (
                <li key={p.role}>
                  <span class={`side-${p.role}`}>{p.role}</span> {p.user.name}
                  <BotMark bot={p.user.bot} />: {p.rating.before} → {p.rating.after} ({signed(p.rating.change)})
                </li>
              ),
          )}
        </ul>
      ) : null}
      {game.outcome ? null : (
        <>
          <p class="prompt">{prompt}</p>
          <p>
            {myTurn ? <strong>Your move</strong> : thinking ? <strong class="thinking">The computer ({game.computer!.role}) is thinking…</strong> : waitingFor.length ? <strong>Waiting for {waitingFor.map((r) => (holder(game, r) ? `${r} (${holder(game, r)})` : r)).join(' and ')}</strong> : <span class="muted">Nothing to do now.</span>}
            {myTurn && thinking && <span class="thinking"> · the computer ({game.computer!.role}) is thinking…</span>}
            {thinking && place > 0 && <span class="thinking queue"> · {queueWords(place)}</span>}
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
      {links}
    </section>
  );
}

/** Every legal action as a button with its label; folded away when there are many (`foldOver`). */
export function ActionList({ actions, busy, onAct, label = labelOf, foldOver = Infinity }: { actions: Act[]; busy: boolean; onAct: (a: Act) => void; label?: (a: Act) => string; foldOver?: number }) {
  if (actions.length === 0) return null;
  return (
    <section class="panel actions" aria-labelledby="all-actions">
      <details open={actions.length <= foldOver}>
        <summary id="all-actions">Everything you may do now ({actions.length})</summary>
        <div class="action-list" tabIndex={0} aria-label="Every possible action">
          {actions.map((a) => (
            <button class="secondary" disabled={busy} onClick={() => onAct(a)}>
              {label(a)}
            </button>
          ))}
        </div>
      </details>
    </section>
  );
}
