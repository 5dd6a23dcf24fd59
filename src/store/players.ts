// Players as others see them (src/app/players/): an account by its handle, its name in links,
// with nothing private (no address, no preference).
import type { Db } from './games.js';

/** What anyone may know of an account. */
export interface PublicPlayer {
  id: string;
  displayName: string;
  handle: string;
  createdAt: Date;
  /** A bot account (src/app/bot-accounts/). */
  bot: boolean;
}

export async function playerByHandle(db: Db, handle: string): Promise<PublicPlayer | null> {
  const rows = await db.$queryRaw<{ id: string; display_name: string; handle: string; created_at: Date; bot: boolean }[]>`
    SELECT id::text AS id, display_name, handle, created_at, bot_since IS NOT NULL AS bot FROM users WHERE handle = ${handle} AND deleted_at IS NULL`;
  const r = rows[0];
  return r ? { id: r.id, displayName: r.display_name, handle: r.handle, createdAt: r.created_at, bot: r.bot } : null;
}
