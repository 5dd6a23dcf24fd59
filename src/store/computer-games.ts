// Games the computer opponent must move in (src/app/computer/runner.ts): active games whose pending
// roles include the computer's. This is the computer's queue: derived from the database, so a
// restart forgets nothing (the worker picks the games up when it starts again).
import { Prisma } from './generated/prisma/client.js';
import type { PrismaClient } from './prisma.js';

export interface ComputerTurn {
  id: string;
  createdById: string;
  level: string;
  /** The computer's role, and the game's version now (for the queue's place, told on its stream). */
  role: string;
  version: number;
}

/** The games waiting longest for the computer, at most `limit`, leaving out `skip` (those being thought about). */
export async function gamesAwaitingComputer(db: PrismaClient, limit: number, skip: readonly string[] = []): Promise<ComputerTurn[]> {
  if (limit <= 0) return [];
  const notThese = skip.length ? Prisma.sql`AND g.id NOT IN (${Prisma.join(skip.map((id) => Prisma.sql`${id}::uuid`))})` : Prisma.empty;
  return db.$queryRaw<ComputerTurn[]>`
    SELECT g.id::text AS id, g.created_by::text AS "createdById", g.computer_level AS level,
           g.computer_role AS role, COALESCE(s.version, 0)::int AS version
      FROM games g LEFT JOIN game_snapshots s ON s.game_id = g.id
     WHERE g.status = 'active' AND g.computer_role IS NOT NULL AND g.computer_role = ANY (g.pending) ${notThese}
     ORDER BY g.updated_at
     LIMIT ${limit}`;
}
