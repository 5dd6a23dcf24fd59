// A player's public page (/players/{name}, GET /v1/players/{name}): their rating in each game, and
// their public games in progress and finished, with results and rating changes. What any signed-in
// player may see; the API leaves out the private games. Another player's page has a "Challenge"
// button (pages/challenges.tsx).
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type Schemas } from '../api';
import { signed } from '../board/words';
import { BotMark, PlayerLink } from '../names';
import { me } from '../session';
import { ChallengeForm } from './challenges';

type Player = Schemas['Player'];
type PlayerGame = Schemas['PlayerGame'];

/** The headers of a rating's figures (a player's ratings, a leaderboard). */
export function RatingHeads() {
  return (
    <>
      <th scope="col">Rating</th>
      <th scope="col">Games</th>
      <th scope="col">Won · lost · drawn</th>
    </>
  );
}

/** A rating's figures as table cells: the rating (RD on hover; `?` while provisional), games, results. */
export function RatingCells({ r }: { r: { rating: number; rd: number; games: number; wins: number; losses: number; draws: number; provisional?: boolean } }) {
  return (
    <>
      <td title={`RD ${r.rd}`}>
        {r.rating}
        {r.provisional && <abbr title="provisional: fewer games than the leaderboard needs">?</abbr>}
      </td>
      <td>{r.games}</td>
      <td>
        {r.wins} · {r.losses} · {r.draws}
      </td>
    </>
  );
}

function GameLine({ g }: { g: PlayerGame }) {
  return (
    <li>
      <a href={`/games/${g.id}`}>
        #{g.number} {g.title}
      </a>{' '}
      <span class={`side-${g.role}`}>{g.role}</span>{' '}
      {g.opponent ? (
        <>
          against <PlayerLink user={g.opponent.user} />
        </>
      ) : (
        'against the bot'
      )}
      {g.rated && <span class="badge">rated</span>}{' '}
      {g.status === 'finished' ? (
        <span class="badge result">{g.result === 'win' ? 'won' : g.result === 'loss' ? 'lost' : g.result === 'draw' ? 'draw' : /aborted/.test(g.reason ?? '') ? 'aborted' : 'no result'}</span>
      ) : (
        g.toMove && <span class="badge move">to move</span>
      )}
      {g.rating && (
        <span class="rating-change">
          {' '}
          {g.rating.before} → {g.rating.after} ({signed(g.rating.change)})
        </span>
      )}
    </li>
  );
}

export function PlayerPage({ name }: { name: string }) {
  const [player, setPlayer] = useState<Player | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState<PlayerGame[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [challenging, setChallenging] = useState(false);
  const user = me.use();
  useEffect(() => {
    setPlayer(null);
    setMore([]);
    setChallenging(false);
    void api.GET('/v1/players/{name}', { params: { path: { name } } }).then(({ data, error, response }) => {
      if (data) {
        setPlayer(data);
        setCursor(data.finished.nextCursor);
        setError(null);
      } else setError(response.status === 404 ? 'There is no player of that name.' : problemText(error));
    });
  }, [name]);
  useEffect(() => {
    document.title = `${player?.name ?? name} · Alea`;
  }, [player?.name, name]);
  async function loadMore() {
    if (!cursor) return;
    const { data, error } = await api.GET('/v1/players/{name}/games', { params: { path: { name }, query: { status: 'finished', cursor } } });
    if (data) {
      setMore((m) => [...m, ...data.items]);
      setCursor(data.nextCursor);
    } else setError(problemText(error));
  }
  if (!player) return <main class="narrow">{error ? <p class="error" role="alert">{error}</p> : <p class="loading">Loading…</p>}</main>;
  const mine = user?.handle === player.handle;
  return (
    <main class="narrow">
      <h1>
        {player.name}
        <BotMark bot={player.bot} />
      </h1>
      <p class="muted">
        {player.bot ? 'A bot account (a program plays it) on Alea' : 'Playing on Alea'} since{' '}
        {new Date(player.memberSince).toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric' })}.
      </p>
      {!mine &&
        (challenging ? (
          <ChallengeForm opponent={player} onClose={() => setChallenging(false)} />
        ) : (
          <p>
            <button onClick={() => setChallenging(true)}>Challenge {player.name}</button>
          </p>
        ))}
      <section class="panel" aria-labelledby="ratings-title">
        <h2 id="ratings-title">Ratings</h2>
        {player.ratings.length === 0 ? (
          <p class="muted">No rated game yet.</p>
        ) : (
          <table class="ratings">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <RatingHeads />
              </tr>
            </thead>
            <tbody>
              {player.ratings.map((r) => (
                <tr key={r.game}>
                  <th scope="row">
                    <a href={`/leaderboards/${r.game}`}>{r.title}</a>
                  </th>
                  <RatingCells r={r} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="panel" aria-labelledby="active-title">
        <h2 id="active-title">Games in progress</h2>
        {player.active.items.length === 0 ? (
          <p class="muted">None.</p>
        ) : (
          <ul class="games">
            {player.active.items.map((g) => (
              <GameLine key={g.id} g={g} />
            ))}
          </ul>
        )}
      </section>
      <section class="panel" aria-labelledby="finished-title">
        <h2 id="finished-title">Finished games</h2>
        {player.finished.items.length === 0 ? (
          <p class="muted">None yet.</p>
        ) : (
          <ul class="games">
            {[...player.finished.items, ...more].map((g) => (
              <GameLine key={g.id} g={g} />
            ))}
          </ul>
        )}
        {cursor && (
          <button class="secondary" onClick={loadMore}>
            More finished games
          </button>
        )}
        {error && <p class="error" role="alert">{error}</p>}
      </section>
    </main>
  );
}
