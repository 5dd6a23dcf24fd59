// `npm run check-record -- FILE [--keys KEYS | --server URL]` (a game record, as GET
// /v1/games/{id}/record or the web client's "Download the record" saves it) or `-- --game <id or
// #number>` (a finished game in the database): checks a record (src/engine/record.ts) by its three
// checks, each said apart: Alea's signature (with Alea's public keys), the commitment (the seed is
// the one committed to; with --server, the commitment is also the one the server shows for that
// game), and the replay. Offline it fetches nothing: the keys come from KEYS (a file as GET
// /v1/record-keys serves it); --server URL fetches them, and the game's commitment, from that
// server's API; without either the signature is not checked (and the record does not hold). With
// --game the keys are this configuration's. It says what it did. Exit code 0 if the record holds,
// 1 if not (the reasons printed), 2 on error (no such file or game, a bad argument, no database,
// a server that does not answer).
import { existsSync, readFileSync } from 'node:fs';
import { EVERYONE, recordOf } from '../app/games/record/record.js';
import { keyringOf } from '../app/games/record/keyring.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { devRecordKey, loadOrCreateDevSecrets } from '../config/dev-secrets.js';
import { checkRecord, type CheckOptions, type CheckResult, type PublicRecordKey } from '../engine/record.js';
import { createLogger } from '../logger.js';
import { findGameSummary } from '../store/games.js';
import { findStoredRecord } from '../store/records.js';
import { closePrismaClient, createPrismaClient } from '../store/prisma.js';
import { toolDatabase } from './database.js';

const USAGE = 'usage: npm run check-record -- FILE [--keys KEYS.json | --server URL]\n       npm run check-record -- --game <game id or #number>';

interface Loaded {
  record: unknown;
  source: string;
  options: CheckOptions;
  /** What was done to get the keys and the server's commitment, in words. */
  how: string[];
}

/** The keys of a file as GET /v1/record-keys serves it (`{keys: [...]}`), or a bare list of them. */
function keysOf(json: unknown, where: string): PublicRecordKey[] {
  const list = Array.isArray(json) ? json : (json as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list) || !list.every((k) => typeof k?.keyId === 'string' && typeof k?.publicKey === 'string')) throw new Error(`${where} holds no record keys (as GET /v1/record-keys serves them: {"keys": [{"keyId", "algorithm", "publicKey"}]})`);
  return list as PublicRecordKey[];
}

function readJson(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${path} is not JSON`);
  }
}

/** Keys and the game's commitment from a server's API. */
async function fromServer(url: string, record: unknown): Promise<{ options: CheckOptions; how: string[] }> {
  const base = url.replace(/\/+$/, '');
  const get = async (path: string) => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { headers: { accept: 'application/json' } });
    } catch (err) {
      throw new Error(`${base}${path} does not answer: ${(err as Error).message}`);
    }
    return res;
  };
  const keysRes = await get('/v1/record-keys');
  if (!keysRes.ok) throw new Error(`${base}/v1/record-keys answered ${keysRes.status}`);
  const keys = keysOf(await keysRes.json(), `${base}/v1/record-keys`);
  const how = [`keys: ${keys.length} fetched from ${base}/v1/record-keys (${keys.map((k) => k.keyId).join(', ')})`];
  const id = (record as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return { options: { keys }, how: [...how, 'commitment: not compared with the server\'s (the record names no game id)'] };
  const res = await get(`/v1/games/${id}/commitment`);
  if (res.status === 404) return { options: { keys, server: null }, how: [...how, `commitment: ${base} has no finished game ${id}`] };
  if (!res.ok) throw new Error(`${base}/v1/games/${id}/commitment answered ${res.status}`);
  const server = (await res.json()) as { number: number; seedCommitment: string | null };
  return { options: { keys, server }, how: [...how, `commitment: compared with the one ${base}/v1/games/${id}/commitment shows`] };
}

/** The record of a game in the database, as everyone reads it once it is over, and this configuration's keys. */
async function fromDatabase(game: string): Promise<Loaded> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const env = loadConfig({ ...process.env, NODE_ENV: undefined });
  const recordSigningKey = env.recordSigningKey ?? devRecordKey(await loadOrCreateDevSecrets(env.dataDir));
  const config = { ...env, jwtSecret: env.jwtSecret ?? '', recordSigningKey };
  const db = await toolDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  try {
    const byNumber = /^#?(\d{1,10})$/.exec(game);
    const id = byNumber ? (await prisma.game.findUnique({ where: { number: Number(byNumber[1]) }, select: { id: true } }))?.id : game;
    const row = id && /^[0-9a-f-]{36}$/i.test(id) ? await findGameSummary(prisma, id) : null;
    if (!row) throw new Error(`there is no game ${game} in ${db.source}`);
    if (row.status === 'open') throw new Error(`game #${row.number} has not started`);
    if (row.status === 'active') throw new Error(`game #${row.number} is not over: its record can be checked when it ends`);
    // The record Alea keeps for the game, as it serves it (a kept one changed in the database fails
    // its signature); one made here, and not kept, if none is kept yet.
    const kept = await findStoredRecord(prisma, row.id);
    const record = kept ? (JSON.parse(kept.record) as unknown) : await recordOf({ prisma, config, log: createLogger('silent') }, row, EVERYONE);
    const keys = keyringOf(config).published;
    return {
      record,
      source: `game #${row.number} in ${db.source}`,
      options: { keys, server: { number: row.number, seedCommitment: row.seedCommitment } },
      how: [
        kept ? 'record: the one kept for the game (game_records)' : 'record: none kept yet, so made here as Alea makes it (and not kept)',
        `keys: this configuration's (${keys.map((k) => k.keyId).join(', ')})`,
        'commitment: compared with the one stored for the game',
      ],
    };
  } finally {
    await closePrismaClient(prisma);
    await db.release();
  }
}

function report(result: CheckResult, loaded: Loaded): number {
  console.log(`checking ${loaded.source}`);
  for (const line of loaded.how) console.log(line);
  for (const c of result.checks) {
    console.log(`${c.name}: ${c.status === 'passed' ? 'passed' : c.status === 'failed' ? `FAILED: ${c.reason}` : `not checked: ${c.reason}`}`);
    for (const line of c.held) console.log(`  ok: ${line}`);
  }
  if (result.ok) {
    console.log('The record holds: Alea signed it as it is, the dice are the ones committed to, and the game replays to its recorded result.');
    return 0;
  }
  console.log(`FAILED: ${result.problem}`);
  return 1;
}

try {
  const args = process.argv.slice(2);
  let loaded: Loaded;
  if (args[0] === '--game' && args.length === 2) loaded = await fromDatabase(args[1]!);
  else if (args.length >= 1 && !args[0]!.startsWith('-') && (args.length === 1 || (args.length === 3 && (args[1] === '--keys' || args[1] === '--server')))) {
    const record = readJson(args[0]!);
    if (args[1] === '--keys') {
      const keys = keysOf(readJson(args[2]!), args[2]!);
      loaded = { record, source: args[0]!, options: { keys }, how: [`keys: ${keys.length} from ${args[2]} (${keys.map((k) => k.keyId).join(', ')}); nothing fetched`, 'commitment: checked offline (--server URL compares it with the server\'s)'] };
    } else if (args[1] === '--server') {
      loaded = { record, source: args[0]!, ...(await fromServer(args[2]!, record)) };
    } else {
      loaded = { record, source: args[0]!, options: {}, how: ['keys: none given (--keys FILE or --server URL); nothing fetched, so the signature is not checked'] };
    }
  } else {
    console.error(USAGE);
    process.exit(2);
  }
  process.exitCode = report(checkRecord(loaded.record, loaded.options), loaded);
} catch (err) {
  console.error(`check-record: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 2;
}
