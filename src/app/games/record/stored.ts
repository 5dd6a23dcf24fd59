// A finished game's record and transcript, made once and kept (issue 38: four clients reading one
// transcript 20 times each slowed /healthz from 5 ms to 715 ms, each read replaying the whole
// game). The first read after the game ends makes the record (replayed, checked by Alea itself,
// signed: record.ts recordOf) and its transcript and keeps them in the database (game_records);
// later reads, on any instance, are that row. This process also keeps the latest read in memory,
// so a game read often costs neither the replay nor the row's text.
//
// A kept record is made again when it no longer says what a new one would: a player's name
// changed (a rename; a deleted account shows "deleted player"), or the key that signed it is no
// longer published (taken out of RECORD_OLD_KEYS: a leaked key), or it was made with another
// wording of the log (LOG_VERSION: a new version of Alea words its logs anew). Nothing else of a
// finished game changes. Concurrent first reads in this process make it once.
import { LOG_VERSION } from '../../../engine/record.js';
import { findStoredRecord, saveStoredRecord, type StoredRecordRow } from '../../../store/records.js';
import type { GameSummaryRow } from '../../../store/games.js';
import { keyringOf } from './keyring.js';
import { SizedLru } from './lru.js';
import { EVERYONE, namesOf, recordOf, transcriptOf, type RecordContext } from './record.js';

/** Up to 32 M characters of records and transcripts (about 200 long games), in this process. */
const kept = new SizedLru<StoredRecordRow>(32_000_000, 1_000);
const making = new Map<string, Promise<StoredRecordRow>>();

const fresh = (ctx: RecordContext, row: GameSummaryRow, r: StoredRecordRow | null | undefined): r is StoredRecordRow =>
  !!r && r.names === namesOf(row) && r.logVersion === LOG_VERSION && keyringOf(ctx.config).published.some((k) => k.keyId === r.keyId);

/** The finished game's record (JSON text) and transcript, as everyone reads them. */
export async function finishedRecord(ctx: RecordContext & { clock: { now(): Date } }, row: GameSummaryRow): Promise<StoredRecordRow> {
  const inMemory = kept.get(row.id);
  if (fresh(ctx, row, inMemory)) return inMemory;
  const stored = await findStoredRecord(ctx.prisma, row.id);
  if (fresh(ctx, row, stored)) {
    kept.set(row.id, stored, stored.record.length + stored.transcript.length);
    return stored;
  }
  let made = making.get(row.id);
  if (!made) {
    made = make(ctx, row).finally(() => making.delete(row.id));
    making.set(row.id, made);
  }
  return made;
}

async function make(ctx: RecordContext & { clock: { now(): Date } }, row: GameSummaryRow): Promise<StoredRecordRow> {
  const record = await recordOf(ctx, row, EVERYONE);
  const made: StoredRecordRow = { keyId: record.signature?.keyId ?? '', names: namesOf(row), logVersion: LOG_VERSION, record: JSON.stringify(record), transcript: transcriptOf(record) };
  // A record Alea did not sign (its own check failed: recordOf logged why) is made again at each read, never kept.
  if (record.signature) {
    await saveStoredRecord(ctx.prisma, row.id, made, ctx.clock.now());
    kept.set(row.id, made, made.record.length + made.transcript.length);
  }
  return made;
}

/** Forgets what this process keeps in memory (tests, and the benchmark's cold runs). */
export function forgetFinishedRecords(): void {
  kept.clear();
}
