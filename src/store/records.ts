// Finished games' records and transcripts as made once and kept (table game_records; issue 38):
// reading one is a row, not a replay of the game (src/app/games/record/stored.ts decides when a
// kept one is still good). The record and its transcript are kept compressed together, raw
// DEFLATE of the JSON array [record, transcript] (as the outbox keeps an email's bodies): the
// transcript says again much of what the record says, and JSON compresses well. A 550-entry
// game's 160 KiB of text take about 20 KiB so, where PostgreSQL's own compression of the text
// left 59 KiB.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Db } from './games.js';

export interface StoredRecordRow {
  keyId: string;
  /** The seats' names the record shows, as JSON [[role, name], ...]. */
  names: string;
  /** The log wording it was made with (LOG_VERSION then). */
  logVersion: number;
  /** The record's JSON, as served. */
  record: string;
  transcript: string;
}

export async function findStoredRecord(db: Db, gameId: string): Promise<StoredRecordRow | null> {
  const rows = await db.$queryRaw<{ keyId: string; names: string; logVersion: number; bodyZ: Uint8Array }[]>`
    SELECT key_id AS "keyId", names, log_version AS "logVersion", body_z AS "bodyZ" FROM game_records WHERE game_id = ${gameId}::uuid`;
  const row = rows[0];
  if (!row) return null;
  const [record, transcript] = JSON.parse(inflateRawSync(row.bodyZ).toString('utf8')) as [string, string];
  return { keyId: row.keyId, names: row.names, logVersion: row.logVersion, record, transcript };
}

/** Keeps a game's record, replacing the one kept before (made by another request or instance meanwhile, or out of date). */
export async function saveStoredRecord(db: Db, gameId: string, r: StoredRecordRow, now: Date): Promise<void> {
  const bodyZ = deflateRawSync(JSON.stringify([r.record, r.transcript]));
  await db.$executeRaw`
    INSERT INTO game_records (game_id, key_id, names, log_version, body_z, made_at)
    VALUES (${gameId}::uuid, ${r.keyId}, ${r.names}, ${r.logVersion}, ${bodyZ}, ${now})
    ON CONFLICT (game_id) DO UPDATE SET key_id = EXCLUDED.key_id, names = EXCLUDED.names, log_version = EXCLUDED.log_version, body_z = EXCLUDED.body_z, made_at = EXCLUDED.made_at`;
}
