// A leaderboard per game (GET /v1/leaderboards/{game}): the established ratings from the highest,
// paged. A rating is established once its RD is below ESTABLISHED_RD: a newcomer (RD 350) gets
// there after 3 to 5 rated games (about 3 against established players, 5 against newcomers),
// and until then the player's page marks the rating provisional. The leaderboard also asks for
// MIN_LISTED_GAMES rated games against MIN_LISTED_OPPONENTS different people, as Lichess does
// (issue: one player's eight throwaway accounts resigning to him made him first in 6 s). Ratings
// do not grow less sure with time away (glicko2.ts), so a player who stops playing keeps their place.
// Bot accounts (src/app/bot-accounts/) are rated as people are, but listed on a board of their own
// (GET /v1/leaderboards/{game}/bots), never on the people's.
import { games as modules } from '../../engine/index.js';
import { leaderboardPage, type StoredRating } from '../../store/ratings.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';

/** Ratings with an RD below this are established: not marked provisional. */
export const ESTABLISHED_RD = 200;
/** The leaderboard lists established ratings of at least this many rated games... */
export const MIN_LISTED_GAMES = 5;
/** ...played against at least this many different opponents. */
export const MIN_LISTED_OPPONENTS = 3;

/** A rating as pages show it: whole points, with the player's rated games. */
export interface RatingFigures {
  rating: number;
  rd: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

/** The figures of a stored rating as shown (the stored ones keep every digit). */
export function ratingFigures(r: StoredRating): RatingFigures {
  return { rating: Math.round(r.rating), rd: Math.round(r.rd), games: r.games, wins: r.wins, losses: r.losses, draws: r.draws };
}

export interface LeaderboardEntry extends RatingFigures {
  rank: number;
  player: { id: string; name: string; handle: string; bot?: true };
}

export interface Leaderboard {
  game: string;
  title: string;
  /** The RD a rating must be below to be listed. */
  maxRd: number;
  /** The rated games, and the different opponents in them, a listed player has had at least. */
  minGames: number;
  minOpponents: number;
  items: LeaderboardEntry[];
  nextCursor: string | null;
}

// The cursor carries the last row's rank and its exact (rating, user) key: base64url JSON.
const encodeCursor = (rank: number, rating: number, userId: string) => Buffer.from(JSON.stringify([rank, rating, userId])).toString('base64url');
function decodeCursor(cursor: string): { rank: number; rating: number; userId: string } {
  try {
    const [rank, rating, userId] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (Number.isSafeInteger(rank) && (rank as number) > 0 && Number.isFinite(rating) && typeof userId === 'string' && /^[0-9a-f-]{36}$/.test(userId)) {
      return { rank: rank as number, rating: rating as number, userId };
    }
  } catch {
    // not ours
  }
  throw new AppError('validation_failed', 'The cursor is not valid: pass the nextCursor of a previous page.', { errors: [{ in: 'query', path: '/cursor', message: 'is not a cursor from this API' }] });
}

export async function getLeaderboard(ctx: ServiceContext, game: string, input: { limit?: number; cursor?: string }, o: { bots?: boolean } = {}): Promise<Leaderboard> {
  const bots = o.bots === true;
  const m = modules[game];
  if (!m) throw new AppError('not_found', `There is no game "${game}".`);
  const limit = input.limit ?? 50;
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const rows = await leaderboardPage(ctx.prisma, game, { maxRd: ESTABLISHED_RD, minGames: MIN_LISTED_GAMES, minOpponents: MIN_LISTED_OPPONENTS }, after, limit + 1, bots);
  const page = rows.slice(0, limit);
  const first = (after?.rank ?? 0) + 1;
  const items = page.map((r, i) => ({ rank: first + i, player: { id: r.userId, name: r.name, handle: r.handle, ...(bots && { bot: true as const }) }, ...ratingFigures(r) }));
  const last = page[page.length - 1];
  return { game, title: m.title, maxRd: ESTABLISHED_RD, minGames: MIN_LISTED_GAMES, minOpponents: MIN_LISTED_OPPONENTS, items, nextCursor: rows.length > limit && last ? encodeCursor(first + page.length - 1, last.rating, last.userId) : null };
}
