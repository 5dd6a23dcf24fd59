// `npm run restore -- FILE [--force] [--pg-restore PATH]`: restores a backup of `npm run backup`
// into DATABASE_URL's database, or into the embedded database of DATA_DIR (a fresh folder:
// created), which must be empty unless --force (then its schema is dropped and made again).
// A file made with --pg-dump (custom format) goes through pg_restore (--pg-restore, PG_RESTORE,
// beside PG_DUMP, or on the PATH). `npm run restore -- --check FILE` reads a backup through and
// checks every table's checksum, touching no database.
// Stop Alea first: a restore replaces the database under it.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { loadOrCreateDevSecrets } from '../config/dev-secrets.js';
import { BackupFileError } from '../store/backup-file.js';
import { checkBackupFile, restoreDatabase, TargetNotEmptyError } from '../store/backup.js';
import { readLiveLock, startLocalPostgres } from '../store/local-postgres.js';
import { isPgDumpArchive, pgRestore, pgRestorePath } from '../store/pg-dump.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const USAGE = 'usage: npm run restore -- FILE [--force] [--pg-restore /path/to/pg_restore]\n       npm run restore -- --check FILE';

let args: { values: { force?: boolean | undefined; check?: boolean | undefined; 'pg-restore'?: string | undefined }; positionals: string[] };
try {
  args = parseArgs({ options: { force: { type: 'boolean' }, check: { type: 'boolean' }, 'pg-restore': { type: 'string' } }, allowPositionals: true });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const file = args.positionals[0];
if (!file || args.positionals.length > 1) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

try {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const archive = await isPgDumpArchive(file);
  const started = Date.now();
  if (args.values.check) {
    if (archive) throw new Error('--check reads Alea backups; check a pg_dump archive with `pg_restore --list`');
    const { manifest, trailer } = await checkBackupFile(file);
    const rows = Object.values(trailer.tables).reduce((n, t) => n + t.rows, 0);
    console.log(`${file} is complete and intact: ${rows} rows in ${manifest.tables.length} tables, the data as of ${manifest.snapshot.requestedAt} (Alea ${manifest.aleaVersion})`);
  } else {
    const config = loadConfig({ ...process.env, NODE_ENV: undefined });
    let url = config.databaseUrl;
    let release = async () => {};
    let where = 'DATABASE_URL';
    if (!url) {
      if (process.env.NODE_ENV === 'production') throw new Error('DATABASE_URL is required when NODE_ENV=production');
      const live = await readLiveLock(config.dataDir);
      if (live) throw new Error(`Alea (pid ${live.pid}) is running on ${config.dataDir}: stop it first, since a restore replaces the database under it`);
      const { postgresPassword } = await loadOrCreateDevSecrets(config.dataDir);
      const local = await startLocalPostgres({ dataDir: config.dataDir, password: postgresPassword });
      url = local.url;
      release = () => local.stop();
      where = `the embedded PostgreSQL in ${config.dataDir}`;
    }
    try {
      const log = (m: string) => console.log(m);
      console.log(`restoring ${file} into ${where}`);
      if (archive) {
        const tool = pgRestorePath(args.values['pg-restore'] ?? (process.env.PG_RESTORE || undefined), process.env.PG_DUMP || undefined);
        await pgRestore(url, file, tool, { force: args.values.force ?? false, log });
        console.log(`restored ${file} with ${tool} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else {
        const { manifest, rows } = await restoreDatabase(url, file, { force: args.values.force ?? false, log });
        console.log(
          `restored ${rows} rows in ${manifest.tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
            `the data as of ${manifest.snapshot.requestedAt}. Start Alea on it; \`npm run verify\` replays every game`,
        );
      }
    } finally {
      await release();
    }
  }
} catch (err) {
  const refused = err instanceof BackupFileError || err instanceof TargetNotEmptyError;
  console.error(`restore: ${refused ? 'refused: ' : ''}${err instanceof ConfigError ? err.message : (err as Error).message}${refused ? '; nothing was changed' : ''}`);
  process.exitCode = 1;
}
