// Players as others see them (src/app/players/): an account by its handle, its name in links,
// with nothing private (no address, no preference).
import type { Db } from './games.js';

/** What anyone may know of an account. */
export interface PublicPlayer {
  id: string;
  displayName: string;
  handle: string;
  createdAt: Date;
}

export async function playerByHandle(db: Db, handle: string): Promise<PublicPlayer | null> {
  const rows = await db.$queryRaw<{ id: string; display_name: string; handle: string; created_at: Date }[]>`
    SELECT id::text AS id, display_name, handle, created_at FROM users WHERE handle = ${handle}`;
  const r = rows[0];
  return r ? { id: r.id, displayName: r.display_name, handle: r.handle, createdAt: r.created_at } : null;
}
