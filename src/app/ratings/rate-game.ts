// A rated game's end changes both players' ratings, in the transaction of the change that ends
// it (src/app/games/change/write.ts): their ratings are locked (another ending that shares a
// player waits, then starts from this one's result), each new rating is computed from both
// ratings before the game (one game, one rating period: glicko2.ts), and written with the
// seats' ratings before and after and the game's place in the order of rated games. The rebuild
// (rebuild.ts) replays the same arithmetic (afterGame) in that order.
import type pg from 'pg';
import type { SeatRating } from '../../store/games.js';
import { lockRatings, writeRatings, type RatingUpdate, type StoredRating } from '../../store/ratings.js';
import { INITIAL_RATING, rateGame } from './glicko2.js';
import { scoreOf } from './rated-games.js';

/** A seat of a rated game: its role and player. */
export interface RatedSeat {
  role: string;
  userId: string;
}

/**
 * The two players' ratings after a game between them (`ratings` in the order of `seats`), with
 * their rated games counted: the one computation of the live ending and the rebuild.
 */
export function afterGame(seats: readonly [RatedSeat, RatedSeat], ratings: readonly [StoredRating, StoredRating], winner: string | null): [RatingUpdate, RatingUpdate] {
  const [a, b] = ratings;
  const scoreA = scoreOf(seats[0].role, winner);
  const [na, nb] = rateGame(a, b, scoreA);
  const next = (seat: RatedSeat, r: StoredRating, n: typeof na, score: 0 | 0.5 | 1): RatingUpdate => ({
    ...r,
    ...n,
    role: seat.role,
    before: r.rating,
    games: r.games + 1,
    wins: r.wins + (score === 1 ? 1 : 0),
    losses: r.losses + (score === 0 ? 1 : 0),
    draws: r.draws + (score === 0.5 ? 1 : 0),
  });
  return [next(seats[0], a, na, scoreA), next(seats[1], b, nb, (1 - scoreA) as 0 | 0.5 | 1)];
}

/**
 * Rates the end of a game of `game` between these two seats (winner: a role, or null for a
 * draw), on the transaction of the change that ends it; returns each role's rating before and after.
 */
export async function rateGameEnd(
  tx: pg.ClientBase,
  o: { gameId: string; game: string; seats: RatedSeat[]; winner: string | null; now: Date },
): Promise<Record<string, SeatRating>> {
  if (o.seats.length !== 2 || o.seats[0]!.userId === o.seats[1]!.userId) throw new Error(`game ${o.gameId}: a rated game needs two different players`);
  const seats = [o.seats[0]!, o.seats[1]!] as const;
  const locked = await lockRatings(tx, o.game, seats.map((s) => s.userId), INITIAL_RATING, o.now);
  const ratingOf = (userId: string) => locked.find((r) => r.userId === userId)!;
  const updates = afterGame(seats, [ratingOf(seats[0].userId), ratingOf(seats[1].userId)], o.winner);
  await writeRatings(tx, o.gameId, updates, o.now);
  return Object.fromEntries(updates.map((u) => [u.role, { before: u.before, after: u.rating }]));
}
