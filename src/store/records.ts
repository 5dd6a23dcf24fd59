// Finished games' records and transcripts as made once and kept (table game_records; issue 38):
// reading one is a row, not a replay of the game (src/app/games/record/stored.ts decides when a
// kept one is still good).
import type { Db } from './games.js';

export interface StoredRecordRow {
  keyId: string;
  /** The seats' names the record shows, as JSON [[role, name], ...]. */
  names: string;
  /** The record's JSON, as served. */
  record: string;
  transcript: string;
}

export async function findStoredRecord(db: Db, gameId: string): Promise<StoredRecordRow | null> {
  const rows = await db.$queryRaw<StoredRecordRow[]>`
    SELECT key_id AS "keyId", names, record, transcript FROM game_records WHERE game_id = ${gameId}::uuid`;
  return rows[0] ?? null;
}

/** Keeps a game's record, replacing the one kept before (made by another request or instance meanwhile, or out of date). */
export async function saveStoredRecord(db: Db, gameId: string, r: StoredRecordRow, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO game_records (game_id, key_id, names, record, transcript, made_at)
    VALUES (${gameId}::uuid, ${r.keyId}, ${r.names}, ${r.record}, ${r.transcript}, ${now})
    ON CONFLICT (game_id) DO UPDATE SET key_id = EXCLUDED.key_id, names = EXCLUDED.names, record = EXCLUDED.record,
      transcript = EXCLUDED.transcript, made_at = EXCLUDED.made_at`;
}
