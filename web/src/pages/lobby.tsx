// The lobby, on the home page: open public games to join (filtered by game, time per move and
// rated, each with its creator's rating),
// "play anyone" (POST /v1/seeks: the server pairs the first compatible waiting player, or my
// seek waits in the lobby), and public games in progress to watch, with their players.
import { BotMark, PlayerLink } from '../names';
import { DAYS, timeText } from './game-fields';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, problemText, type GameId, type GameSummary, type Role } from '../api';
import { GAMES, gameEntry, optionsText } from '../games/registry';
import { playerSeed } from '../replay/seed';
import { navigate } from '../router';
import { me } from '../session';

/** The creator's rating in the game, beside their name: "(rating 1662)", "(rating 1436?)" while provisional. */
function creatorRating(g: GameSummary): preact.JSX.Element | null {
  if (g.creatorRating === undefined) return null;
  if (g.creatorRating === null) return <span class="muted"> (no rating yet)</span>;
  return (
    <span>
      {' '}
      (rating {g.creatorRating.rating}
      {g.creatorRating.provisional && <abbr title="provisional: not established yet">?</abbr>})
    </span>
  );
}

const players = (g: GameSummary) =>
  g.players.map((p, i) => (
    <>
      {i > 0 && ' against '}
      {p.user.name}
      <BotMark bot={p.user.bot} /> ({p.role})
    </>
  ));

/** `changed` counts the changes of my games (the home page's stream): the lists are read again. */
export function Lobby({ changed }: { changed: number }) {
  const [game, setGame] = useState<GameId | ''>('');
  const [days, setDays] = useState('');
  const [rated, setRated] = useState<'' | 'true' | 'false'>('');
  const [open, setOpen] = useState<GameSummary[] | null>(null);
  const [watch, setWatch] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Only the latest reading is shown: an earlier one answered late (another filter) is dropped.
  const latest = useRef(0);
  async function load() {
    const filters = { ...(game && { game }), ...(days && { daysPerMove: days }), ...(rated && { rated: rated === 'true' }) };
    const reading = ++latest.current;
    const [a, b] = await Promise.all([
      api.GET('/v1/games', { params: { query: { status: 'open', limit: 20, ...filters } } }),
      api.GET('/v1/games', { params: { query: { status: 'active', limit: 20, ...filters } } }),
    ]);
    if (reading !== latest.current) return;
    if (a.data) setOpen(a.data.items.filter((g) => !g.role));
    if (b.data) setWatch(b.data.items.filter((g) => !g.role && !g.bot));
    setError(a.error || b.error ? problemText(a.error ?? b.error) : null);
  }
  useEffect(() => void load(), [game, days, rated, changed]);

  async function join(g: GameSummary, role?: Role) {
    const { data, error } = await api.POST('/v1/games/{id}/join', { params: { path: { id: g.id } }, body: { ...(role && { role }), playerSeed: playerSeed() } });
    if (data) navigate(`/games/${g.id}`);
    else setError(problemText(error));
  }

  return (
    <section class="panel" aria-labelledby="lobby-title">
      <h2 id="lobby-title">Lobby</h2>
      <div class="lobby-filters" role="group" aria-label="Filters">
        <label>
          Filter: game
          <select name="lobby-game" onChange={(e) => setGame((e.currentTarget as HTMLSelectElement).value as GameId | '')}>
            <option value="">Any</option>
            {GAMES.map((g) => (
              <option value={g.id}>{g.title}</option>
            ))}
          </select>
        </label>
        <label>
          Filter: time per move
          <select name="lobby-days" onChange={(e) => setDays((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">Any</option>
            {DAYS.map((d) => (
              <option value={String(d)}>{timeText(d)}</option>
            ))}
            <option value="none">No time limit</option>
          </select>
        </label>
        <label>
          Filter: rated
          <select name="lobby-rated" onChange={(e) => setRated((e.currentTarget as HTMLSelectElement).value as '' | 'true' | 'false')}>
            <option value="">Any</option>
            <option value="true">Rated games</option>
            <option value="false">Unrated games</option>
          </select>
        </label>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      <h3>Open games</h3>
      {open === null ? (
        <p class="muted">Loading…</p>
      ) : open.length === 0 ? (
        <p class="muted">No public game is waiting for a player.</p>
      ) : (
        <ul class="games" aria-label="Open games">
          {open.map((g) => (
            <li key={g.id}>
              {/* One line's worth each (the list's items wrap their parts): the game, then who waits. */}
              <span>
                #{g.number} {g.title}, {optionsText(g.game, g.options) || 'no optional rules'}, {timeText(g.daysPerMove)}
                {g.rated ? ', rated' : ''},
              </span>
              <span>
                by {g.players[0] && <PlayerLink user={g.players[0].user} />}
                {creatorRating(g)}
              </span>{' '}
              {g.openRoles.map((role) => (
                <button class="secondary" onClick={() => join(g, g.openRoles.length > 1 ? role : undefined)}>
                  Join as {role}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
      <PlayAnyone />
      <h3>Games to watch</h3>
      {watch === null ? (
        <p class="muted">Loading…</p>
      ) : watch.length === 0 ? (
        <p class="muted">No public game in progress.</p>
      ) : (
        <ul class="games" aria-label="Games to watch">
          {watch.map((g) => (
            <li key={g.id}>
              <a href={`/games/${g.id}`}>
                #{g.number} {g.title}
              </a>{' '}
              {players(g)}, {timeText(g.daysPerMove)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Play anyone: the game, the sides I would play and the times I accept; the server pairs or my seek waits. */
function PlayAnyone() {
  const confirmed = me.use()?.emailConfirmed ?? false;
  const [gameId, setGameId] = useState<GameId>(GAMES[0]!.id);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entry = gameEntry(gameId)!;
  async function seek(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const side = String(f.get('side'));
    const times = f.getAll('days').map((d) => (d === 'none' ? null : Number(d)));
    if (times.length === 0) return void setError('Choose at least one time per move.');
    setBusy(true);
    const { data, error } = await api.POST('/v1/seeks', {
      body: { game: gameId, ...(side !== 'either' && { roles: [side as Role] }), daysPerMove: times, rated: f.get('rated') === 'on', playerSeed: playerSeed() },
    });
    setBusy(false);
    if (data) navigate(`/games/${data.id}`);
    else setError(problemText(error));
  }
  return (
    <details>
      <summary>Play anyone</summary>
      <form onSubmit={seek}>
        <p class="muted">Alea pairs you with the first player waiting for the same game and options; if nobody waits, your game waits in the lobby.</p>
        <GameSelect label="Which game" value={gameId} onChange={setGameId} />
        <label>
          Side I would play
          <select name="side" key={gameId}>
            <option value="either">Either</option>
            {entry.roles.map((r) => (
              <option value={r}>{r}</option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Times per move I accept</legend>
          {DAYS.map((d) => (
            <label class="inline">
              <input type="checkbox" name="days" value={String(d)} defaultChecked={d === 3 || d === 5} /> {d}
            </label>
          ))}
          <label class="inline">
            <input type="checkbox" name="days" value="none" /> no limit
          </label>
        </fieldset>
        <label class="inline">
          <input type="checkbox" name="rated" disabled={!confirmed} /> Rated (paired with rated games only)
          {!confirmed && <span class="muted"> (confirm your email address first: rated games need one)</span>}
        </label>
        {error && <p class="error" role="alert">{error}</p>}
        <button type="submit" disabled={busy}>
          Find an opponent
        </button>
      </form>
    </details>
  );
}

/** The game to play, for a form (a new game, play anyone). */
export function GameSelect({ label, value, onChange }: { label: string; value: GameId; onChange: (id: GameId) => void }) {
  return (
    <label>
      {label}
      <select name="game" onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value as GameId)}>
        {GAMES.map((g) => (
          <option value={g.id} selected={g.id === value}>
            {g.title}
          </option>
        ))}
      </select>
    </label>
  );
}
