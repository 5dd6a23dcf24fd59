// GET /v1/games/{id}/record and /transcript: what the caller may read of a game, from what was
// made before where it can be (issue 38): a finished game's, made once and kept for everyone
// (stored.ts); a running game's, kept per reader and version in this process (readers.ts). The
// game is read, and the caller's right to it checked, at every request.
import type { ServiceContext } from '../../context.js';
import { readable } from './record.js';
import { readerRecord, readerTranscript } from './readers.js';
import { finishedRecord } from './stored.js';

/** The record as the caller may read it, as JSON text, and the game's number. */
export async function gameRecordJson(ctx: ServiceContext, userId: string, gameId: string): Promise<{ number: number; json: string }> {
  const { row, reader } = await readable(ctx, userId, gameId);
  return { number: row.number, json: reader.complete ? (await finishedRecord(ctx, row)).record : await readerRecord(ctx, row, reader) };
}

/** The transcript as the caller may read it. */
export async function gameTranscript(ctx: ServiceContext, userId: string, gameId: string): Promise<string> {
  const { row, reader } = await readable(ctx, userId, gameId);
  return reader.complete ? (await finishedRecord(ctx, row)).transcript : readerTranscript(ctx, row, reader);
}
