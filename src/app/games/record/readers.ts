// A running game's record and transcript, per reader, kept in this process by version (issue 38).
// While a game runs its record differs by reader (each player's share, an observer's) and grows
// with every change, so it is not stored; but the same reader reading the same version again (a
// page that loads the record and then the transcript, a client polling) gets what was made for
// that reader at that version. The key is the game, its version, the reader's role (null: an
// observer) and the names shown: what one reader may see is never served to another.
import type { GameRecord } from '../../../engine/record.js';
import type { GameSummaryRow } from '../../../store/games.js';
import { SizedLru } from './lru.js';
import { namesOf, recordOf, transcriptOf, type Reader, type RecordContext } from './record.js';

interface Made {
  record: GameRecord;
  json: string;
  transcript?: string;
}

/** Up to 16 M characters of records' JSON (an object in memory is a few times its text). */
const kept = new SizedLru<Made>(16_000_000, 500);

/** The key of a reader's record: the game at a version, the reader's role, the names the record shows. */
const keyOf = (row: GameSummaryRow, reader: Reader) => JSON.stringify([row.id, row.snapshot?.version ?? 0, reader.role, reader.complete, namesOf(row)]);

async function made(ctx: RecordContext, row: GameSummaryRow, reader: Reader): Promise<Made> {
  const key = keyOf(row, reader);
  let m = kept.get(key);
  if (!m) {
    const record = await recordOf(ctx, row, reader);
    m = { record, json: JSON.stringify(record) };
    kept.set(key, m, m.json.length);
  }
  return m;
}

/** A running game's record (JSON text) for this reader. */
export async function readerRecord(ctx: RecordContext, row: GameSummaryRow, reader: Reader): Promise<string> {
  return (await made(ctx, row, reader)).json;
}

/** A running game's transcript for this reader. */
export async function readerTranscript(ctx: RecordContext, row: GameSummaryRow, reader: Reader): Promise<string> {
  const m = await made(ctx, row, reader);
  return (m.transcript ??= transcriptOf(m.record));
}

/** Forgets what this process keeps (tests). */
export function forgetReaderRecords(): void {
  kept.clear();
}
