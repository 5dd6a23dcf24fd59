// `npm run backup [-- FILE|FOLDER] [--pg-dump PATH] [--level 1-9]`: a consistent snapshot of the
// database in one file (src/store/backup.ts; safe while games are played), from DATABASE_URL or
// the embedded development database (that of a running `npm start`, or started for the backup).
// Without FILE: DATA_DIR/backups/alea-<UTC time>.backup.gz. With --pg-dump (or PG_DUMP set):
// PostgreSQL's own custom-format dump instead, made by that pg_dump (as new as the server).
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { backupDatabase } from '../store/backup.js';
import { pgDump } from '../store/pg-dump.js';
import { toolDatabase } from './database.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const USAGE = 'usage: npm run backup [-- FILE|FOLDER] [--pg-dump /path/to/pg_dump] [--level 1-9]';

let args: { values: { 'pg-dump'?: string | undefined; level?: string | undefined }; positionals: string[] };
try {
  args = parseArgs({ options: { 'pg-dump': { type: 'string' }, level: { type: 'string' } }, allowPositionals: true });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const level = args.values.level === undefined ? 6 : Number(args.values.level);
if (!Number.isInteger(level) || level < 1 || level > 9 || args.positionals.length > 1) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const pgDumpPath = args.values['pg-dump'] ?? (process.env.PG_DUMP || undefined);

try {
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const name = `alea-${stamp}${pgDumpPath ? '.dump' : '.backup.gz'}`;
  const given = args.positionals[0];
  const file = given
    ? existsSync(given) && statSync(given).isDirectory() ? join(given, name) : resolve(given)
    : join(resolve(loadConfig({ ...process.env, NODE_ENV: undefined }).dataDir), 'backups', name);
  if (existsSync(file)) throw new Error(`${file} exists already: a backup never overwrites a file`);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const db = await toolDatabase();
  try {
    const started = Date.now();
    if (pgDumpPath) {
      console.log(`backing up ${db.source} with ${pgDumpPath}`);
      const { fileBytes, version } = await pgDump(db.url, file, pgDumpPath);
      console.log(`wrote ${file}: ${mib(fileBytes)} (${version}, custom format) in ${seconds(started)}`);
    } else {
      console.log(`backing up ${db.source}`);
      const { manifest, trailer, fileBytes } = await backupDatabase(db.url, file, { level });
      const rows = Object.values(trailer.tables).reduce((n, t) => n + t.rows, 0);
      const data = Object.values(trailer.tables).reduce((n, t) => n + t.bytes, 0);
      console.log(
        `wrote ${file}: ${mib(fileBytes)} (${rows} rows, ${mib(data)} of data, ${manifest.tables.length} tables) in ${seconds(started)}; ` +
          `the data as of ${manifest.snapshot.requestedAt}`,
      );
    }
  } finally {
    await db.release();
  }
} catch (err) {
  console.error(`backup: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 1;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
