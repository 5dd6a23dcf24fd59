// `npm run check-record -- FILE` (a game record, as GET /v1/games/{id}/record or the web client's
// "Download the record" saves it) or `-- --game <id or #number>` (a finished game in the database):
// checks a game's dice (src/engine/record.ts): the seed matches the commitment published at the
// game's creation, the actions replay from the key the seeds give, writing the recorded log, to
// the recorded result. Exit code 0 if it holds, 1 if it does not (the reason is printed), 2 on
// error (no such file or game, a bad argument, no database).
import { existsSync, readFileSync } from 'node:fs';
import { recordOf } from '../app/games/record/record.js';
import { ConfigError } from '../config/config.js';
import { checkRecord, type CheckResult, type GameRecord } from '../engine/record.js';
import { findGameSummary } from '../store/games.js';
import { closePrismaClient, createPrismaClient } from '../store/prisma.js';
import { toolDatabase } from './database.js';

const USAGE = 'usage: npm run check-record -- FILE | --game <game id or #number>';

/** The record of a game in the database, as anyone may read it once it is over. */
async function fromDatabase(game: string): Promise<{ record: GameRecord; source: string }> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const db = await toolDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  try {
    const byNumber = /^#?(\d{1,10})$/.exec(game);
    const id = byNumber ? (await prisma.game.findUnique({ where: { number: Number(byNumber[1]) }, select: { id: true } }))?.id : game;
    const row = id && /^[0-9a-f-]{36}$/i.test(id) ? await findGameSummary(prisma, id) : null;
    if (!row) throw new Error(`there is no game ${game} in ${db.source}`);
    if (row.status === 'open') throw new Error(`game #${row.number} has not started`);
    const record = await recordOf(prisma, row, { role: null, complete: row.status === 'finished' || row.status === 'abandoned' });
    return { record, source: `game #${row.number} in ${db.source}` };
  } finally {
    await closePrismaClient(prisma);
    await db.release();
  }
}

function report(result: CheckResult, source: string): number {
  console.log(`checking ${source}`);
  for (const c of result.checks) console.log(`  ok: ${c}`);
  if (result.ok) {
    console.log('The record holds: the dice are the ones committed to, and the game replays to its recorded result.');
    return 0;
  }
  console.log(`FAILED: ${result.problem}`);
  return 1;
}

try {
  const args = process.argv.slice(2);
  let loaded: { record: unknown; source: string };
  if (args[0] === '--game' && args.length === 2) loaded = await fromDatabase(args[1]!);
  else if (args.length === 1 && !args[0]!.startsWith('-')) {
    const text = readFileSync(args[0]!, 'utf8');
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      throw new Error(`${args[0]} is not JSON`);
    }
    loaded = { record, source: args[0]! };
  } else {
    console.error(USAGE);
    process.exit(2);
  }
  process.exitCode = report(checkRecord(loaded.record), loaded.source);
} catch (err) {
  console.error(`check-record: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 2;
}
