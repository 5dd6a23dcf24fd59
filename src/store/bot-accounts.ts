// Bot accounts in Postgres (src/app/bot-accounts/): users.bot_since, and whether an account has played.
import type { Db } from './games.js';

/** Has the account a seat in any game (open, running or over), or a rating? */
export async function hasPlayed(db: Db, userId: string): Promise<boolean> {
  const rows = await db.$queryRaw<{ played: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM game_players WHERE user_id = ${userId}::uuid)
        OR EXISTS (SELECT 1 FROM ratings WHERE user_id = ${userId}::uuid) AS played`;
  return rows[0]?.played === true;
}

export async function setBotSince(db: Db, userId: string, since: Date): Promise<void> {
  await db.$executeRaw`UPDATE users SET bot_since = ${since} WHERE id = ${userId}::uuid AND bot_since IS NULL`;
}
