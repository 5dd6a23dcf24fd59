// A player's public page (GET /v1/players/{name}, the web page /players/{name}): their name, since
// when they play, their rating in each game, and their public games in progress and finished,
// each with its result and their rating before and after it. Only what any signed-in player may
// see already: public games' summaries (never a view, a private game, an address or a deadline
// of theirs), names and ratings. `name` is the player's handle (the display name, made unique
// with -2, -3, ...: see users.handle in prisma/schema.prisma).
import { games as modules } from '../../engine/index.js';
import { publicGamesOf, type GameStatus, type GameSummaryRow } from '../../store/games.js';
import { playerByHandle } from '../../store/players.js';
import { ratingsOf } from '../../store/ratings.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { apiStatus, botRoleOf, gameHeading, moduleOf, playerRef, ratingChangeView, type PlayerRef, type RatingChangeView } from '../games/present.js';
import { ESTABLISHED_RD, ratingFigures, type RatingFigures } from '../ratings/leaderboard.js';

/** A rating as a page shows it (whole points). */
export interface RatingView extends RatingFigures {
  game: string;
  title: string;
  /** Not established yet (RD at least ESTABLISHED_RD): shown with a question mark, off the leaderboard. */
  provisional: boolean;
}

/** One of the player's games, from the player's side. */
export interface PlayerGame {
  id: string;
  number: number;
  game: string;
  title: string;
  status: 'active' | 'finished';
  rated: boolean;
  role: string;
  /** The other seat's player; null against the bot (`bot` names its role). */
  opponent: { role: string; user: PlayerRef } | null;
  bot: string | null;
  /** The player's result (null while in progress, or for a game that ended without one). */
  result: 'win' | 'loss' | 'draw' | null;
  /** How it ended ("<role> resigned"); null while in progress. */
  reason: string | null;
  /** A rated game that has ended: the player's rating before and after it. */
  rating: RatingChangeView | null;
  /** In progress: whether it is the player's move. */
  toMove: boolean;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface PlayerGamesPage {
  items: PlayerGame[];
  nextCursor: string | null;
}

export interface PlayerProfile {
  name: string;
  handle: string;
  /** A bot account (src/app/bot-accounts/): present only then. */
  bot?: true;
  memberSince: string;
  ratings: RatingView[];
  active: PlayerGamesPage;
  finished: PlayerGamesPage;
}

export type PlayerGamesStatus = 'active' | 'finished';

const STATUSES: Record<PlayerGamesStatus, GameStatus[]> = { active: ['active'], finished: ['finished', 'abandoned'] };

/** Games on the page (GET /v1/players/{name}) of each list. */
export const PROFILE_GAMES = 10;

function noSuchPlayer(): AppError {
  return new AppError('not_found', 'There is no player of that name.');
}

// Cursors are opaque: the number of the page's last game, as the lobby's.
const encodeCursor = (n: number) => Buffer.from(`p${n}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const m = /^p(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m || Number(m[1]) > 2 ** 31 - 1) {
    throw new AppError('validation_failed', 'The cursor is not valid: pass the nextCursor of a previous page.', { errors: [{ in: 'query', path: '/cursor', message: 'is not a cursor from this API' }] });
  }
  return Number(m[1]);
}

function present(row: GameSummaryRow, userId: string): PlayerGame {
  const seat = row.players.find((p) => p.userId === userId)!;
  const other = row.players.find((p) => p.role !== seat.role) ?? null;
  const status = apiStatus(row.status) === 'finished' ? 'finished' : 'active';
  const outcome = row.outcome as { winner: string | null; reason: string } | null;
  const ended = status === 'finished' && outcome !== null;
  return {
    ...gameHeading(row),
    status,
    rated: row.rated,
    role: seat.role,
    opponent: other ? { role: other.role, user: playerRef(other.user) } : null,
    bot: botRoleOf(moduleOf(row), row.options),
    result: !ended || row.status === 'abandoned' ? null : outcome.winner === null ? 'draw' : outcome.winner === seat.role ? 'win' : 'loss',
    reason: ended ? outcome.reason : null,
    rating: ratingChangeView(seat.rating),
    toMove: status === 'active' && row.pending.includes(seat.role),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function gamesPage(ctx: ServiceContext, userId: string, status: PlayerGamesStatus, before: number | undefined, limit: number): Promise<PlayerGamesPage> {
  const rows = await publicGamesOf(ctx.prisma, userId, STATUSES[status], before, limit + 1);
  const page = rows.slice(0, limit);
  return { items: page.map((r) => present(r, userId)), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.number) : null };
}

export async function getPlayer(ctx: ServiceContext, name: string): Promise<PlayerProfile> {
  const player = await playerByHandle(ctx.prisma, name);
  if (!player) throw noSuchPlayer();
  const [ratings, active, finished] = await Promise.all([
    ratingsOf(ctx.prisma, player.id),
    gamesPage(ctx, player.id, 'active', undefined, PROFILE_GAMES),
    gamesPage(ctx, player.id, 'finished', undefined, PROFILE_GAMES),
  ]);
  return {
    name: player.displayName,
    handle: player.handle,
    ...(player.bot && { bot: true as const }),
    memberSince: player.createdAt.toISOString(),
    ratings: ratings
      .filter((r) => modules[r.game])
      .map((r) => ({ game: r.game, title: modules[r.game]!.title, ...ratingFigures(r), provisional: r.rd >= ESTABLISHED_RD })),
    active,
    finished,
  };
}

export async function getPlayerGames(ctx: ServiceContext, name: string, input: { status: PlayerGamesStatus; limit?: number; cursor?: string }): Promise<PlayerGamesPage> {
  const before = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  const player = await playerByHandle(ctx.prisma, name);
  if (!player) throw noSuchPlayer();
  return gamesPage(ctx, player.id, input.status, before, input.limit ?? 20);
}
