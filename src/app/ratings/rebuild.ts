// `npm run ratings:rebuild`: every rating computed again from the finished rated games, in the
// order in which they changed ratings (games.rating_seq), with the same arithmetic as a game's end
// (rate-game.ts afterGame), starting from the published initial rating. The live ratings are
// that computation done one game at a time, so the rebuild gives them back exactly, bit for bit
// (test/http/ratings.test.ts): it is a check (`--check`: compare, change nothing) and a repair
// (write what the games say, after a bug or a hand edit). It locks the ratings table for its
// whole transaction, so no rated game ends meanwhile (such an ending waits, then carries on from
// the rebuilt ratings).
import type pg from 'pg';
import { allRatings, ratedGamesPage, replaceRatings, setSeatRatings, unratedEndings, type StoredRating } from '../../store/ratings.js';
import { INITIAL_RATING } from './glicko2.js';
import { afterGame } from './rate-game.js';

export interface RebuildReport {
  /** Rated games replayed. */
  games: number;
  /** Ratings (player and game) computed. */
  ratings: number;
  /** Seats whose stored rating before or after differs from the rebuild's. */
  seatsDiffering: number;
  /** Ratings that differ (or exist on one side only). */
  ratingsDiffering: number;
  /** Finished rated games that never had their ratings written (not replayed). */
  unrated: number;
  /** The first differences, described. */
  examples: string[];
  /** Whether the rebuilt ratings were written. */
  written: boolean;
}

const PAGE = 5000;
const key = (userId: string, game: string) => `${userId} ${game}`;
const same = (a: StoredRating, b: StoredRating) =>
  a.rating === b.rating && a.rd === b.rd && a.volatility === b.volatility && a.games === b.games && a.wins === b.wins && a.losses === b.losses && a.draws === b.draws;

export async function rebuildRatings(pool: pg.Pool, o: { write: boolean; now: Date }): Promise<RebuildReport> {
  const client = await pool.connect();
  const report: RebuildReport = { games: 0, ratings: 0, seatsDiffering: 0, ratingsDiffering: 0, unrated: 0, examples: [], written: false };
  const note = (s: string) => void (report.examples.length < 20 && report.examples.push(s));
  try {
    await client.query('BEGIN');
    // Rated endings write ratings under ROW EXCLUSIVE: none runs while this holds the table.
    await client.query('LOCK TABLE ratings IN SHARE ROW EXCLUSIVE MODE');
    const ratings = new Map<string, StoredRating>();
    const ratingOf = (userId: string, game: string) =>
      ratings.get(key(userId, game)) ?? { userId, game, ...INITIAL_RATING, games: 0, wins: 0, losses: 0, draws: 0 };
    let after: { seq: number; number: number } | null = null;
    for (;;) {
      const page = await ratedGamesPage(client, after, PAGE);
      if (page.length === 0) break;
      const seats: { gameId: string; role: string; before: number; after: number }[] = [];
      for (const g of page) {
        if (g.seats.length !== 2) {
          note(`game #${g.number}: ${g.seats.length} seats, not rated`);
          continue;
        }
        const [a, b] = g.seats as [RatedGame['seats'][0], RatedGame['seats'][0]];
        const updates = afterGame([a, b], [ratingOf(a.userId, g.module), ratingOf(b.userId, g.module)], g.winner);
        for (const [i, u] of updates.entries()) {
          const stored = g.seats[i]!;
          ratings.set(key(u.userId, g.module), { userId: u.userId, game: u.game, rating: u.rating, rd: u.rd, volatility: u.volatility, games: u.games, wins: u.wins, losses: u.losses, draws: u.draws });
          if (stored.before !== u.before || stored.after !== u.rating) {
            report.seatsDiffering++;
            note(`game #${g.number}, ${u.role}: stored ${stored.before} -> ${stored.after}, rebuilt ${u.before} -> ${u.rating}`);
          }
          seats.push({ gameId: g.id, role: u.role, before: u.before, after: u.rating });
        }
        report.games++;
      }
      if (o.write) await setSeatRatings(client, seats);
      const last = page[page.length - 1]!;
      after = { seq: last.ratingSeq, number: last.number };
    }
    report.unrated = await unratedEndings(client);
    const stored = new Map((await allRatings(client)).map((r) => [key(r.userId, r.game), r]));
    for (const [k, r] of ratings) {
      const s = stored.get(k);
      if (!s || !same(s, r)) {
        report.ratingsDiffering++;
        note(`rating of ${r.userId} in ${r.game}: stored ${s ? `${s.rating}/${s.rd}/${s.volatility} after ${s.games} games` : 'none'}, rebuilt ${r.rating}/${r.rd}/${r.volatility} after ${r.games} games`);
      }
    }
    for (const [k, s] of stored) {
      if (!ratings.has(k)) {
        report.ratingsDiffering++;
        note(`rating of ${s.userId} in ${s.game}: stored, but no finished rated game of theirs`);
      }
    }
    report.ratings = ratings.size;
    if (o.write) {
      await replaceRatings(client, [...ratings.values()], o.now);
      await client.query('COMMIT');
      report.written = true;
    } else {
      await client.query('ROLLBACK');
    }
    return report;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

type RatedGame = Awaited<ReturnType<typeof ratedGamesPage>>[number];
