// Home: my games (whose move, deadlines), a new game, and the lobby (pages/lobby.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type GameId, type GameSummary, type Role } from '../api';
import { GAMES, gameEntry } from '../games/registry';
import { playerSeed } from '../replay/seed';
import { navigate } from '../router';
import { me } from '../session';
import { Countdown } from '../time';
import { CHALLENGE_EVENTS, MESSAGE_EVENTS, useMyEvents } from '../live';
import { waitingPrefix } from '../title';
import { ConfirmEmailNotice } from './email-confirmation';
import { GameSelect, Lobby } from './lobby';
import { capital, count, signed } from '../board/words';
import { COMPUTER_LEVELS, type ComputerLevel } from '../games/computer-levels';
import { BotMark } from '../names';
import { DaysField, daysOf, OptionFields, optionsOf } from './game-fields';

function whose(g: GameSummary): preact.JSX.Element {
  if (g.status === 'open') return <span class="badge">waiting for an opponent</span>;
  if (g.status === 'finished') {
    const w = g.outcome?.winner;
    const mine = g.players.find((p) => p.role === g.role)?.rating;
    return (
      <span class="badge">
        {g.outcome?.aborted ? 'aborted' : w ? (w === g.role ? 'you won' : `${w} won`) : /abandoned the game$/.test(g.outcome?.reason ?? '') ? 'no result' : 'draw'}
        {mine ? `, ${mine.before} → ${mine.after} (${signed(mine.change)})` : ''}
      </span>
    );
  }
  if (g.role && g.pending.includes(g.role)) return <span class="badge move">your move</span>;
  if (g.computer && g.pending.includes(g.computer.role)) return <span class="badge">the computer is thinking…</span>;
  return <span class="badge">waiting for {g.pending.join(' and ') || 'the game'}</span>;
}

/** My game waits for my move. */
const waitsForMe = (g: GameSummary) => g.status === 'active' && !!g.role && g.pending.includes(g.role);

/** "2 new messages" beside a game with messages I have not read (none: nothing). */
function unread(g: GameSummary): preact.JSX.Element | null {
  const n = g.unreadMessages ?? 0;
  return n > 0 ? <span class="badge unread">{count(n, 'new message')}</span> : null;
}

function opponent(g: GameSummary): preact.JSX.Element | string {
  if (g.bot) return `against ${gameEntry(g.game)?.bot?.title ?? 'the bot'}`;
  if (g.computer) return `against the computer (${g.computer.title})`;
  const other = g.players.find((p) => p.role !== g.role);
  return other ? (
    <>
      against {other.user.name}
      <BotMark bot={other.user.bot} />
    </>
  ) : (
    ''
  );
}

export function Home() {
  const user = me.use();
  const [mine, setMine] = useState<GameSummary[] | null>(null);
  const [changed, setChanged] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const [challenged, setChallenged] = useState(0);
  async function load() {
    const [a, c] = await Promise.all([
      api.GET('/v1/games', { params: { query: { mine: true, limit: 50 } } }),
      api.GET('/v1/challenges', { params: { query: { direction: 'in', status: 'open' } } }),
    ]);
    if (a.data) setMine(a.data.items);
    if (c.data) setChallenged(c.data.items.length);
    if (a.error) setError(problemText(a.error));
  }
  useEffect(() => void load(), []);
  useMyEvents(
    (kinds) => {
      void load();
      // The lobby's lists change with my games, not with messages.
      if ([...kinds].some((k) => k === 'ready' || !MESSAGE_EVENTS.includes(k))) setChanged((n) => n + 1);
    },
    ['game', ...MESSAGE_EVENTS, ...CHALLENGE_EVENTS],
  );
  // The tab's title says how many of my games wait for my move and how many messages I have not read.
  const moves = (mine ?? []).filter(waitsForMe).length;
  const messages = (mine ?? []).reduce((n, g) => n + (g.unreadMessages ?? 0), 0);
  useEffect(() => {
    document.title = `${waitingPrefix(moves, messages)}Alea`;
  }, [moves, messages]);

  // Games waiting for my move first, the most urgent deadline first among them.
  const urgent = (g: GameSummary) => (waitsForMe(g) ? 0 : 1);
  const active = (mine ?? [])
    .filter((g) => g.status !== 'finished')
    .sort((a, b) => urgent(a) - urgent(b) || (a.deadline ?? '9').localeCompare(b.deadline ?? '9'));
  const finished = (mine ?? []).filter((g) => g.status === 'finished');
  return (
    <main>
      <h1>Welcome, {user?.name}</h1>
      <ConfirmEmailNotice />
      {error && <p class="error" role="alert">{error}</p>}
      {challenged > 0 && (
        <p class="notice">
          {challenged === 1 ? 'A player challenges you' : `${challenged} players challenge you`} to a game: <a href="/challenges">answer on the challenges page</a>.
        </p>
      )}
      <div class="columns">
        <section class="panel" aria-labelledby="mine-title">
          <h2 id="mine-title">My games</h2>
          {mine === null ? (
            <p class="muted">Loading…</p>
          ) : active.length === 0 ? (
            <p class="muted">No game yet: start one, or join an open game.</p>
          ) : (
            <ul class="games">
              {active.map((g) => (
                <li key={g.id}>
                  <a href={`/games/${g.id}`}>
                    #{g.number} {g.title}
                  </a>{' '}
                  <span class={g.role ? `side-${g.role}` : ''}>{g.role ?? 'watching'}</span> <span>{opponent(g)}</span> {whose(g)}{' '}
                  {unread(g)} {g.status === 'active' && g.deadline && <Countdown deadline={g.deadline} />}
                </li>
              ))}
            </ul>
          )}
          {finished.length > 0 && (
            <details>
              <summary>Finished games ({finished.length})</summary>
              <ul class="games">
                {finished.map((g) => (
                  <li key={g.id}>
                    <a href={`/games/${g.id}`}>
                      #{g.number} {g.title}
                    </a>{' '}
                    {opponent(g)} {whose(g)} {unread(g)}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </section>
        <NewGame />
        <Lobby changed={changed} />
      </div>
    </main>
  );
}

function NewGame() {
  const confirmed = me.use()?.emailConfirmed ?? false;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [gameId, setGameId] = useState<GameId>(GAMES[0]!.id);
  const [opponentKind, setOpponentKind] = useState<'private' | 'public' | 'bot' | 'computer'>('private');
  const [level, setLevel] = useState<ComputerLevel>('normal');
  const entry = gameEntry(gameId)!;
  const solo = !!entry.bot && opponentKind === 'bot';
  async function create(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const options = optionsOf(entry, f);
    setBusy(true);
    const { data, error } = await api.POST('/v1/games', {
      body: {
        game: gameId,
        role: solo ? entry.bot!.role : (f.get('role') as Role | 'random'),
        options,
        ...(solo ? { opponent: 'bot' as const } : opponentKind === 'computer' ? { opponent: 'computer' as const, level } : { rated: f.get('rated') === 'on' }),
        visibility: solo || opponentKind === 'computer' ? 'private' : (f.get('visibility') as 'public' | 'private'),
        daysPerMove: daysOf(f),
        playerSeed: playerSeed(),
      },
    });
    setBusy(false);
    if (data) navigate(`/games/${data.id}`);
    else setError(problemText(error));
  }
  return (
    <section class="panel" aria-labelledby="new-title">
      <h2 id="new-title">New game of {entry.title}</h2>
      <p class="muted">{entry.description}</p>
      <form onSubmit={create}>
        <GameSelect
          label="Game"
          value={gameId}
          onChange={(id) => {
            setGameId(id);
            if (opponentKind === 'bot') setOpponentKind('private');
          }}
        />
        <fieldset>
          <legend>Opponent</legend>
          <label class="inline">
            <input type="radio" name="visibility" value="private" checked={opponentKind === 'private'} onChange={() => setOpponentKind('private')} /> A friend: I send an invite link
          </label>
          <label class="inline">
            <input type="radio" name="visibility" value="public" checked={opponentKind === 'public'} onChange={() => setOpponentKind('public')} /> Anyone: the game waits in the lobby
          </label>
          {entry.bot && (
            <label class="inline">
              <input type="radio" name="visibility" value="bot" checked={opponentKind === 'bot'} onChange={() => setOpponentKind('bot')} /> {capital(entry.bot.title)}: I play the {entry.bot.role}, the bot plays {entry.bot.plays}
            </label>
          )}
          <label class="inline">
            <input type="radio" name="visibility" value="computer" checked={opponentKind === 'computer'} onChange={() => setOpponentKind('computer')} /> The computer: it plays the other side, seeing only what that side may see
          </label>
        </fieldset>
        {opponentKind === 'computer' && (
          <label>
            The computer's level (what each of its moves costs it)
            <select name="level" onChange={(e) => setLevel((e.currentTarget as HTMLSelectElement).value as ComputerLevel)}>
              {COMPUTER_LEVELS.map((l) => (
                <option value={l.id} selected={l.id === level}>
                  {l.title}
                </option>
              ))}
            </select>
          </label>
        )}
        {!solo && opponentKind !== 'computer' && (
          <label class="inline">
            <input type="checkbox" name="rated" disabled={!confirmed} /> Rated: the result changes both players' ratings
            {!confirmed && <span class="muted"> (confirm your email address first: rated games need one)</span>}
          </label>
        )}
        {solo ? (
          <p class="muted">You play the {entry.bot!.role}. Games against the bot are never rated.</p>
        ) : (
          <label>
            My side
            <select name="role" key={gameId}>
              {entry.roles.map((r) => (
                <option value={r}>{r}</option>
              ))}
              <option value="random">Random</option>
            </select>
          </label>
        )}
        <DaysField />
        <OptionFields entry={entry} />
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit" disabled={busy}>
          Create the game
        </button>
      </form>
    </section>
  );
}
