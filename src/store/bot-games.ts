// Games a bot must move in (src/app/games/bot.ts): active games set up against the bot whose pending
// roles include one no person holds. The bot's role has no seat row, so a pending role without a
// seat is exactly the bot's.
import type { PrismaClient } from './prisma.js';

export async function gamesAwaitingBot(db: PrismaClient, limit: number): Promise<{ id: string; createdById: string }[]> {
  return db.$queryRaw<{ id: string; createdById: string }[]>`
    SELECT g.id::text AS id, g.created_by::text AS "createdById"
      FROM games g
     WHERE g.status = 'active' AND g.options->>'solitaire' = 'true'
       AND EXISTS (SELECT 1 FROM unnest(g.pending) AS r(role)
                    WHERE NOT EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.role = r.role))
     ORDER BY g.updated_at
     LIMIT ${limit}`;
}
