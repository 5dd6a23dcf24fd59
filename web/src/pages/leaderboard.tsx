// A game's leaderboard (/leaderboards/{game}, GET /v1/leaderboards/{game}): the established
// ratings from the top, with a link to the other game's board and "more" for the next page. Bot
// accounts have a board of their own (/leaderboards/{game}/bots, GET .../bots), linked from it.
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type GameId, type Schemas } from '../api';
import { GAMES, gameEntry } from '../games/registry';
import { PlayerLink } from '../names';
import { RatingCells, RatingHeads } from './player';

type Entry = Schemas['LeaderboardEntry'];

export function LeaderboardPage({ game, bots = false }: { game: string; bots?: boolean }) {
  const entry = gameEntry(game);
  const [items, setItems] = useState<Entry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [rule, setRule] = useState({ maxRd: 200, minGames: 5, minOpponents: 3 });
  const [error, setError] = useState<string | null>(null);
  async function load(after: string | null) {
    const params = { params: { path: { game: game as GameId }, query: after ? { cursor: after } : {} } };
    const { data, error } = await (bots ? api.GET('/v1/leaderboards/{game}/bots', params) : api.GET('/v1/leaderboards/{game}', params));
    if (data) {
      setItems((old) => [...(after ? (old ?? []) : []), ...data.items]);
      setCursor(data.nextCursor);
      setRule({ maxRd: data.maxRd, minGames: data.minGames, minOpponents: data.minOpponents });
    } else setError(problemText(error));
  }
  useEffect(() => {
    setItems(null);
    setError(null);
    if (entry) void load(null);
  }, [game, bots]);
  useEffect(() => {
    document.title = `${entry?.title ?? 'Leaderboard'} ${bots ? "bots' " : ''}leaderboard · Alea`;
  }, [game, bots]);
  const board = (id: string) => `/leaderboards/${id}${bots ? '/bots' : ''}`;
  if (!entry) return <main class="narrow"><h1>Not found</h1><p>There is no such game.</p></main>;
  return (
    <main class="narrow">
      <h1>
        {entry.title}: {bots ? "bots' leaderboard" : 'leaderboard'}
      </h1>
      <p class="muted">
        {bots ? 'Bot accounts only (programs that play by the API), never on the people\'s leaderboard. ' : 'People only: bot accounts have a leaderboard of their own. '}
        Glicko-2 ratings from rated games, listed once established (RD below {rule.maxRd}) after at least {rule.minGames} rated games against {rule.minOpponents} different opponents.
      </p>
      <p>
        <a href={bots ? `/leaderboards/${game}` : `/leaderboards/${game}/bots`}>{bots ? `${entry.title}: the people's leaderboard` : `${entry.title}: the bots' leaderboard`}</a>
        {GAMES.filter((g) => g.id !== game).map((g) => (
          <>
            {' · '}
            <a key={g.id} href={board(g.id)}>
              {g.title}'s {bots ? "bots' " : ''}leaderboard
            </a>
          </>
        ))}
      </p>
      {error && <p class="error" role="alert">{error}</p>}
      {items === null ? (
        <p class="loading">Loading…</p>
      ) : items.length === 0 ? (
        <p>{bots ? 'No bot has an established rating yet.' : 'No established rating yet: play rated games against several opponents.'}</p>
      ) : (
        <table class="leaderboard">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">{bots ? 'Bot' : 'Player'}</th>
              <RatingHeads />
            </tr>
          </thead>
          <tbody>
            {items.map((x) => (
              <tr key={x.player.id}>
                <td>{x.rank}</td>
                <td>
                  <PlayerLink user={x.player} />
                </td>
                <RatingCells r={x} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button class="secondary" onClick={() => load(cursor)}>
          {bots ? 'More bots' : 'More players'}
        </button>
      )}
    </main>
  );
}
