// A game's leaderboard (/leaderboards/{game}, GET /v1/leaderboards/{game}): the established
// ratings from the top, with a link to the other game's board and "more" for the next page.
import { useEffect, useState } from 'preact/hooks';
import { api, problemText, type GameId, type Schemas } from '../api';
import { GAMES, gameEntry } from '../games/registry';
import { PlayerLink, RatingCells, RatingHeads } from './player';

type Entry = Schemas['LeaderboardEntry'];

export function LeaderboardPage({ game }: { game: string }) {
  const entry = gameEntry(game);
  const [items, setItems] = useState<Entry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [rule, setRule] = useState({ maxRd: 200, minGames: 5, minOpponents: 3 });
  const [error, setError] = useState<string | null>(null);
  async function load(after: string | null) {
    const { data, error } = await api.GET('/v1/leaderboards/{game}', { params: { path: { game: game as GameId }, query: after ? { cursor: after } : {} } });
    if (data) {
      setItems((old) => [...(after ? (old ?? []) : []), ...data.items]);
      setCursor(data.nextCursor);
      setRule({ maxRd: data.maxRd, minGames: data.minGames, minOpponents: data.minOpponents });
    } else setError(problemText(error));
  }
  useEffect(() => {
    setItems(null);
    if (entry) void load(null);
  }, [game]);
  useEffect(() => {
    document.title = `${entry?.title ?? 'Leaderboard'} leaderboard · Alea`;
  }, [game]);
  if (!entry) return <main class="narrow"><h1>Not found</h1><p>There is no such game.</p></main>;
  return (
    <main class="narrow">
      <h1>{entry.title}: leaderboard</h1>
      <p class="muted">
        Glicko-2 ratings from rated games, listed once established (RD below {rule.maxRd}) after at least {rule.minGames} rated games against {rule.minOpponents} different opponents.{' '}
        {GAMES.filter((g) => g.id !== game).map((g) => (
          <a key={g.id} href={`/leaderboards/${g.id}`}>
            {g.title}'s leaderboard
          </a>
        ))}
      </p>
      {error && <p class="error" role="alert">{error}</p>}
      {items === null ? (
        <p class="loading">Loading…</p>
      ) : items.length === 0 ? (
        <p>No established rating yet: play rated games against several opponents.</p>
      ) : (
        <table class="leaderboard">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
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
          More players
        </button>
      )}
    </main>
  );
}
