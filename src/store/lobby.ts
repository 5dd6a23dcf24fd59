// Finding an opponent in Postgres: the open public games a seek may join (src/app/lobby/seeks.ts),
// and the rematch of a finished game (src/app/lobby/rematch.ts).
import { Prisma } from './generated/prisma/client.js';
import type { Db } from './games.js';
import { poolOf, type PrismaClient } from './prisma.js';

/** In this process, the seeks of each game waiting for their turn at its lock. */
const seekQueues = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` with the seeks of `module` held back, in every process (a session advisory lock on a
 * connection of its own; `fn` uses others): two compatible seeks sent at once would each find no
 * game waiting and each make one. In this process they queue for the lock one at a time, so
 * the seeks waiting hold one connection, not one each.
 */
export function withSeekLock<T>(prisma: PrismaClient, module: string, fn: () => Promise<T>): Promise<T> {
  const turn = (seekQueues.get(module) ?? Promise.resolve()).then(async () => {
    const client = await poolOf(prisma).connect();
    const key = `seek:${module}`;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      }
    } finally {
      client.release();
    }
  });
  const settled = turn.catch(() => undefined);
  seekQueues.set(module, settled);
  void settled.then(() => {
    if (seekQueues.get(module) === settled) seekQueues.delete(module);
  });
  return turn;
}

export interface SeekQuery {
  seekerId: string;
  module: string;
  /** Rated games only, or unrated ones only. */
  rated: boolean;
  /** The sides the seeker would play (of a game of two sides). */
  roles: string[];
  /** Acceptable times per move (null: no time limit); undefined: any. */
  daysPerMove?: (number | null)[];
  /** The game's options exactly (as stored); undefined: any. */
  options?: Record<string, unknown>;
  limit: number;
}

/**
 * Open public games a seeker may join, oldest first: of that game, waiting for one player, not
 * theirs, not offered to someone, not against the bot, between people who have not blocked
 * each other, with an acceptable time control and options, and a side the seeker would play
 * free (or the creator's, if the creator would play either).
 */
export async function seekCandidates(db: Db, q: SeekQuery): Promise<{ id: string; creatorRole: string; anyRole: boolean }[]> {
  const conditions = [
    Prisma.sql`g.status = 'open' AND g.visibility = 'public' AND g.module = ${q.module} AND g.invitee_id IS NULL AND g.rated = ${q.rated}`,
    Prisma.sql`g.options->>'solitaire' IS DISTINCT FROM 'true' AND g.created_by <> ${q.seekerId}::uuid`,
    Prisma.sql`NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = g.created_by AND b.blocked_id = ${q.seekerId}::uuid) OR (b.blocker_id = ${q.seekerId}::uuid AND b.blocked_id = g.created_by))`,
    Prisma.sql`(SELECT count(*) FROM game_players p WHERE p.game_id = g.id) = 1`,
    // The free side (the one the creator does not play) is one of the seeker's, or the creator
    // would play either and plays one of the seeker's.
    Prisma.sql`(EXISTS (SELECT 1 FROM unnest(${q.roles}::text[]) r WHERE r <> c.role) OR (g.any_role AND c.role = ANY(${q.roles}::text[])))`,
  ];
  if (q.daysPerMove) {
    const days = q.daysPerMove.filter((d): d is number => d !== null);
    const none = q.daysPerMove.includes(null);
    conditions.push(
      Prisma.sql`(${days.length ? Prisma.sql`g.days_per_move IN (${Prisma.join(days)})` : Prisma.sql`false`} ${none ? Prisma.sql`OR g.days_per_move IS NULL` : Prisma.empty})`,
    );
  }
  if (q.options) conditions.push(Prisma.sql`g.options::jsonb = ${JSON.stringify(q.options)}::jsonb`);
  const rows = await db.$queryRaw<{ id: string; creator_role: string; any_role: boolean }[]>`
    SELECT g.id::text AS id, c.role AS creator_role, g.any_role
      FROM games g JOIN game_players c ON c.game_id = g.id AND c.user_id = g.created_by
     WHERE ${Prisma.join(conditions, ' AND ')}
     ORDER BY g.created_at, g.number
     LIMIT ${q.limit}`;
  return rows.map((r) => ({ id: r.id, creatorRole: r.creator_role, anyRole: r.any_role === true }));
}

/** The seeker's own open public games of this module, newest first (a seek repeated waits in the same game). */
export async function ownOpenGames(db: Db, userId: string, module: string): Promise<{ id: string; role: string; anyRole: boolean; daysPerMove: number | null; options: unknown; rated: boolean }[]> {
  const rows = await db.$queryRaw<{ id: string; role: string; any_role: boolean; days_per_move: number | null; options: unknown; rated: boolean }[]>`
    SELECT g.id::text AS id, p.role, g.any_role, g.days_per_move, g.options, g.rated
      FROM games g JOIN game_players p ON p.game_id = g.id AND p.user_id = g.created_by
     WHERE g.created_by = ${userId}::uuid AND g.status = 'open' AND g.visibility = 'public' AND g.module = ${module}
       AND g.invitee_id IS NULL AND g.options->>'solitaire' IS DISTINCT FROM 'true'
     ORDER BY g.number DESC LIMIT 20`;
  return rows.map((r) => ({ id: r.id, role: r.role, anyRole: r.any_role, daysPerMove: r.days_per_move === null ? null : Number(r.days_per_move), options: r.options, rated: r.rated }));
}

/** The id of the rematch of a game, if one was offered (and not withdrawn). */
export async function findRematchId(db: Db, gameId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id::text FROM games WHERE rematch_of = ${gameId}::uuid`;
  return rows[0]?.id ?? null;
}

/** Locks a game's row (a rematch is offered once per game: offers queue on it). */
export async function lockGameRow(tx: Prisma.TransactionClient, gameId: string): Promise<boolean> {
  return (await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM games WHERE id = ${gameId}::uuid FOR UPDATE`).length > 0;
}
