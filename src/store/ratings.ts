// Ratings in Postgres: each player's Glicko-2 rating per game module (the `ratings` table), the
// ratings before and after a rated game on its seats, and the order in which rated games changed
// ratings (games.rating_seq). What a rating becomes is decided in src/app/ratings/; a game's end
// writes here inside its own transaction (src/app/games/change/write.ts), on the connection of
// the change (src/store/game-tx.ts).
import type pg from 'pg';
import { Prisma } from './generated/prisma/client.js';
import type { Db } from './games.js';

/** A rating as stored: Glicko-2's three numbers and the player's rated games. */
export interface StoredRating {
  userId: string;
  game: string;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

/** A rating as read from PostgreSQL (snake_case key). */
type RatingRow = Omit<StoredRating, 'userId'> & { user_id: string };

const toRating = (r: RatingRow): StoredRating => ({
  userId: r.user_id,
  game: r.game,
  rating: Number(r.rating),
  rd: Number(r.rd),
  volatility: Number(r.volatility),
  games: Number(r.games),
  wins: Number(r.wins),
  losses: Number(r.losses),
  draws: Number(r.draws),
});

const RATING_COLUMNS = 'user_id::text AS user_id, game, rating, rd, volatility, games, wins, losses, draws';

/**
 * The players' ratings in `game`, locked until the transaction ends (a player without one gets
 * `initial`, written now): another game's end that shares a player waits here for this one to
 * commit, then reads what it wrote. Locked in the order of the user ids, as every such lock is,
 * so that two endings never wait for each other in opposite orders.
 */
export async function lockRatings(
  tx: pg.ClientBase,
  game: string,
  userIds: string[],
  initial: { rating: number; rd: number; volatility: number },
  now: Date,
): Promise<StoredRating[]> {
  const ids = [...new Set(userIds)].sort();
  // ON CONFLICT DO UPDATE locks an existing row and returns its latest committed version.
  const r = await tx.query<RatingRow>({
    name: 'alea_lock_ratings',
    text: `INSERT INTO ratings (user_id, game, rating, rd, volatility, updated_at)
      SELECT u, $2::text, $3::float8, $4::float8, $5::float8, $6::timestamptz FROM unnest($1::uuid[]) WITH ORDINALITY AS x(u, i) ORDER BY i
      ON CONFLICT (user_id, game) DO UPDATE SET updated_at = ratings.updated_at
      RETURNING ${RATING_COLUMNS}`,
    values: [`{${ids.join(',')}}`, game, initial.rating, initial.rd, initial.volatility, now],
  });
  return r.rows.map(toRating);
}

/** A player's new rating from one game, and their seat's rating before and after it. */
export interface RatingUpdate extends StoredRating {
  role: string;
  before: number;
}

/**
 * Writes the players' new ratings, their seats' ratings before and after, and the game's place
 * in the order of rated games (the largest so far + 1: see games.rating_seq), in one statement,
 * under the locks of lockRatings.
 */
export async function writeRatings(tx: pg.ClientBase, gameId: string, updates: RatingUpdate[], now: Date): Promise<void> {
  const json = JSON.stringify(
    updates.map((u) => ({
      user_id: u.userId,
      game: u.game,
      role: u.role,
      rating: u.rating,
      rd: u.rd,
      volatility: u.volatility,
      games: u.games,
      wins: u.wins,
      losses: u.losses,
      draws: u.draws,
      before: u.before,
    })),
  );
  await tx.query({
    name: 'alea_write_ratings',
    text: `WITH x AS (
        SELECT * FROM json_to_recordset($2::json) AS x(user_id uuid, game text, role text, rating float8, rd float8, volatility float8,
          games int, wins int, losses int, draws int, before float8)
      ), r AS (
        UPDATE ratings t SET rating = x.rating, rd = x.rd, volatility = x.volatility, games = x.games, wins = x.wins, losses = x.losses,
          draws = x.draws, updated_at = $3::timestamptz
        FROM x WHERE t.user_id = x.user_id AND t.game = x.game
      ), seats AS (
        UPDATE game_players p SET rating_before = x.before, rating_after = x.rating
        FROM x WHERE p.game_id = $1::uuid AND p.role = x.role
      )
      UPDATE games SET rating_seq = (SELECT COALESCE(max(rating_seq), 0) + 1 FROM games) WHERE id = $1::uuid`,
    values: [gameId, json, now],
  });
}

/** One player's ratings, in every game module they have one. */
export async function ratingsOf(db: Db, userId: string): Promise<StoredRating[]> {
  const rows = await db.$queryRaw<RatingRow[]>`SELECT ${Prisma.raw(RATING_COLUMNS)} FROM ratings WHERE user_id = ${userId}::uuid ORDER BY game`;
  return rows.map(toRating);
}

/** The ratings of these players in these games, one query (a pair without a rating is left out): the lobby's creators. */
export async function ratingsOfPairs(db: Db, pairs: { userId: string; game: string }[]): Promise<StoredRating[]> {
  if (pairs.length === 0) return [];
  const rows = await db.$queryRaw<RatingRow[]>`
    SELECT ${Prisma.raw(RATING_COLUMNS)}
      FROM ratings r JOIN unnest(${pairs.map((p) => p.userId)}::uuid[], ${pairs.map((p) => p.game)}::text[]) AS p(u, g) ON r.user_id = p.u AND r.game = p.g`;
  return rows.map(toRating);
}

/** A leaderboard's row: the rating and the player's public names. */
export interface RankedRating extends StoredRating {
  name: string;
  handle: string;
}

/** Who a leaderboard lists: an RD below maxRd, at least minGames rated games, against at least minOpponents people. */
export interface ListedRatings {
  maxRd: number;
  minGames: number;
  minOpponents: number;
}

/**
 * One game's listed ratings from the highest, after the (rating, user) of the previous page's
 * last row: a backwards scan of ratings_game_rating_user_id_idx. The distinct opponents are
 * counted for the rows the other conditions keep (the player's seats, by game_players' user index).
 */
export async function leaderboardPage(db: Db, game: string, listed: ListedRatings, after: { rating: number; userId: string } | null, limit: number, bots = false): Promise<RankedRating[]> {
  const rows = await db.$queryRaw<(RatingRow & { name: string; handle: string })[]>`
    SELECT r.user_id::text AS user_id, r.game, r.rating, r.rd, r.volatility, r.games, r.wins, r.losses, r.draws, u.display_name AS name, u.handle
    FROM ratings r JOIN users u ON u.id = r.user_id
    WHERE r.game = ${game} AND (u.bot_since IS NOT NULL) = ${bots} AND r.rd < ${listed.maxRd}::float8 AND r.games >= ${listed.minGames}::int
      AND (SELECT count(DISTINCT o.user_id) FROM game_players p
             JOIN games g ON g.id = p.game_id AND g.module = r.game AND g.rating_seq IS NOT NULL
             JOIN game_players o ON o.game_id = p.game_id AND o.user_id <> p.user_id
            WHERE p.user_id = r.user_id) >= ${listed.minOpponents}::int
      ${after ? Prisma.sql`AND (r.rating, r.user_id) < (${after.rating}::float8, ${after.userId}::uuid)` : Prisma.empty}
    ORDER BY r.rating DESC, r.user_id DESC
    LIMIT ${limit}`;
  return rows.map((r) => ({ ...toRating(r), name: r.name, handle: r.handle }));
}

/** A rated game that ended with a result, for the rebuild: its players, and their seats' ratings as stored. */
export interface RatedGame {
  id: string;
  number: number;
  module: string;
  winner: string | null;
  ratingSeq: number;
  seats: { role: string; userId: string; before: number | null; after: number | null }[];
}

/**
 * Finished rated games in the order they changed ratings (rating_seq, then number: games with
 * the same rating_seq share no player), a page after `after` (the previous page's last key).
 */
export async function ratedGamesPage(q: pg.ClientBase, after: { seq: number; number: number } | null, limit: number): Promise<RatedGame[]> {
  const r = await q.query<{ id: string; number: number; module: string; winner: string | null; rating_seq: string; seats: RatedGame['seats'] | null }>(
    `SELECT g.id::text AS id, g.number, g.module, g.outcome->>'winner' AS winner, g.rating_seq,
      (SELECT json_agg(json_build_object('role', p.role, 'userId', p.user_id, 'before', p.rating_before, 'after', p.rating_after) ORDER BY p.role)
        FROM game_players p WHERE p.game_id = g.id) AS seats
    FROM games g
    WHERE g.rating_seq IS NOT NULL AND g.rated AND g.status = 'finished' AND (g.rating_seq, g.number) > ($1::bigint, $2::int)
    ORDER BY g.rating_seq, g.number
    LIMIT $3`,
    [after?.seq ?? -1, after?.number ?? -1, limit],
  );
  return r.rows.map((x) => ({ id: x.id, number: Number(x.number), module: x.module, winner: x.winner, ratingSeq: Number(x.rating_seq), seats: x.seats ?? [] }));
}

/** Finished rated games whose ratings were never written (none, unless written by hand). */
export async function unratedEndings(q: pg.ClientBase): Promise<number> {
  const r = await q.query<{ n: string }>(`SELECT count(*) AS n FROM games WHERE rated AND status = 'finished' AND rating_seq IS NULL`);
  return Number(r.rows[0]?.n ?? 0);
}

/** Every rating as stored. */
export async function allRatings(q: pg.ClientBase): Promise<StoredRating[]> {
  const r = await q.query<RatingRow>(`SELECT ${RATING_COLUMNS} FROM ratings`);
  return r.rows.map(toRating);
}

/** Sets seats' ratings before and after (the rebuild's), writing only those that differ. */
export async function setSeatRatings(q: pg.ClientBase, seats: { gameId: string; role: string; before: number; after: number }[]): Promise<number> {
  if (seats.length === 0) return 0;
  const r = await q.query(
    `UPDATE game_players p SET rating_before = x.before, rating_after = x.after
     FROM json_to_recordset($1::json) AS x("gameId" uuid, role text, before float8, after float8)
     WHERE p.game_id = x."gameId" AND p.role = x.role AND (p.rating_before, p.rating_after) IS DISTINCT FROM (x.before, x.after)`,
    [JSON.stringify(seats)],
  );
  return r.rowCount ?? 0;
}

/** Replaces every rating with these (the rebuild's). */
export async function replaceRatings(q: pg.ClientBase, ratings: StoredRating[], now: Date): Promise<void> {
  await q.query('DELETE FROM ratings');
  for (let i = 0; i < ratings.length; i += 5000) {
    const chunk = ratings.slice(i, i + 5000).map((x) => ({ ...x, updatedAt: now.toISOString() }));
    await q.query(
      `INSERT INTO ratings (user_id, game, rating, rd, volatility, games, wins, losses, draws, updated_at)
       SELECT x."userId", x.game, x.rating, x.rd, x.volatility, x.games, x.wins, x.losses, x.draws, x."updatedAt"
       FROM json_to_recordset($1::json) AS x("userId" uuid, game text, rating float8, rd float8, volatility float8, games int, wins int, losses int, draws int, "updatedAt" timestamptz)`,
      [JSON.stringify(chunk)],
    );
  }
}
