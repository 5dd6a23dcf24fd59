// Alea's own logical backup and its restore (`npm run backup`, `npm run restore`): the embedded
// PostgreSQL 18 ships no pg_dump, and no pg_dump for 18 can be installed here (see docs/operations.md,
// Backups and restores). The file format is in backup-file.ts.
//
// Backup: one REPEATABLE READ READ ONLY transaction, so every table is copied from the same
// snapshot (consistent while games are played; writers are never blocked), each table streamed
// with COPY ... TO STDOUT into one gzip file, written beside its final name and renamed into
// place once complete and on disk.
// Restore: in ONE transaction on the target, so a failure (a damaged file, a full disk) leaves it
// as it was: the schema is made by the same migrations the backup's database had (migrate.ts,
// checked by name and checksum against this code's), every table is loaded with COPY ... FROM
// STDIN in foreign-key order with its triggers off (the rows are as the triggers left them) and
// its constraints and indexes set aside (made again after the load), the sequences are
// set, the file's checksums are checked, then COMMIT. Newer migrations of this code
// are applied afterwards, at the next start, as on any upgrade.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { VERSION } from '../version.js';
import { BackupFileError, BackupReader, frame, FORMAT_VERSION, putInPlace, TableTally, type BackupManifest, type BackupTrailer, type TableStats } from './backup-file.js';
import { migrateInTransaction, readMigrations } from './migrate.js';

const BOOKKEEPING = '_prisma_migrations';

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  trailer: BackupTrailer;
  /** Size of the file written. */
  fileBytes: number;
}

export interface BackupOptions {
  /** gzip level, 1 (fastest) to 9 (smallest); default 6. */
  level?: number;
  /** Test instrumentation: called once the snapshot is taken, before any table is copied. */
  afterSnapshot?: (manifest: BackupManifest) => void | Promise<void>;
}

export async function backupDatabase(databaseUrl: string, file: string, options: BackupOptions = {}): Promise<BackupResult> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'alea-backup' });
  await client.connect();
  const partial = `${file}.partial`;
  let gzip: Gzip | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The snapshot is taken by the transaction's first statement: what committed before we sent
    // it is in; what began after it answered is not.
    const requestedAt = new Date();
    const snap = await client.query<{ xids: string; server_time: Date; server: string }>(
      'SELECT pg_current_snapshot()::text AS xids, now() AS server_time, version() AS server',
    );
    const takenAt = new Date();
    const manifest: BackupManifest = {
      format: 'alea-backup',
      formatVersion: FORMAT_VERSION,
      aleaVersion: VERSION,
      createdAt: requestedAt.toISOString(),
      snapshot: { requestedAt: requestedAt.toISOString(), takenAt: takenAt.toISOString(), xids: snap.rows[0]!.xids, serverTime: snap.rows[0]!.server_time.toISOString() },
      server: snap.rows[0]!.server,
      migrations: await appliedMigrations(client),
      tables: await tablesInLoadOrder(client),
      sequences: await sequences(client),
    };
    await options.afterSnapshot?.(manifest);

    const out = createWriteStream(partial, { mode: 0o600 });
    const z = (gzip = createGzip({ level: options.level ?? 6 }));
    const written = pipeline(z, out);
    written.catch(() => {}); // awaited below; an early failure must not go unhandled meanwhile
    const write = async (data: string | Buffer) => {
      if (!z.write(data)) await Promise.race([once(z, 'drain'), written]);
    };
    const trailer: BackupTrailer = { tables: {} };
    await write(frame.header(manifest));
    for (const table of manifest.tables) {
      await write(frame.table(table.name));
      const tally = new TableTally();
      const copy = client.query(copyTo(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) TO STDOUT`));
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        tally.add(chunk);
        await write(chunk);
      }
      trailer.tables[table.name] = tally.stats();
      await write(frame.endOfTable);
    }
    await client.query('COMMIT');
    z.end(frame.trailer(trailer));
    await written;
    const fileBytes = await putInPlace(partial, file);
    return { file, manifest, trailer, fileBytes };
  } catch (err) {
    gzip?.destroy();
    await rm(partial, { force: true });
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

async function appliedMigrations(client: pg.ClientBase): Promise<BackupManifest['migrations']> {
  const exists = await client.query(`SELECT 1 FROM pg_class WHERE relname = $1 AND relnamespace = current_schema()::regnamespace`, [BOOKKEEPING]);
  if (!exists.rowCount) throw new Error('this database has no Alea schema (no migrations were ever applied to it)');
  const { rows } = await client.query<{ name: string; checksum: string }>(
    `SELECT migration_name AS name, checksum FROM ${BOOKKEEPING} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows;
}

/** The schema's tables (but the bookkeeping), parents before children of every foreign key. */
async function tablesInLoadOrder(client: pg.ClientBase): Promise<BackupManifest['tables']> {
  const { rows: tables } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND c.relname <> $1
     GROUP BY c.relname ORDER BY c.relname`,
    [BOOKKEEPING],
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT ch.relname AS child, pa.relname AS parent
     FROM pg_constraint k JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
     WHERE k.contype = 'f' AND ch.relnamespace = current_schema()::regnamespace AND ch.oid <> pa.oid`,
  );
  const ordered: BackupManifest['tables'] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && edges.every((e) => e.child !== t.name || placed.has(e.parent) || !tables.some((x) => x.name === e.parent)));
    if (ready.length === 0) throw new Error('the foreign keys between the tables form a cycle: no load order exists');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

async function sequences(client: pg.ClientBase): Promise<BackupManifest['sequences']> {
  const { rows } = await client.query<{ name: string; table: string; column: string }>(
    `SELECT s.relname AS name, t.relname AS table, a.attname AS column
     FROM pg_class s JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
     JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     WHERE s.relkind = 'S' AND s.relnamespace = current_schema()::regnamespace ORDER BY s.relname`,
  );
  const out: BackupManifest['sequences'] = [];
  for (const r of rows) {
    // Not transactional: the value now, at least the snapshot's (a gap is harmless).
    const v = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${ident(r.name)}`);
    out.push({ ...r, value: v.rows[0]!.is_called ? v.rows[0]!.last_value : null });
  }
  return out;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

// ------------------------------------------------------------------------------------ restore

/** The target holds data and the restore was not told to replace it. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

export interface RestoreOptions {
  /** Replace whatever the target holds (its schema is dropped and made again). */
  force?: boolean;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: Record<string, TableStats>;
  rows: number;
}

/** Reads a backup through, checking every table's checksum, without any database. */
export async function checkBackupFile(file: string): Promise<{ manifest: BackupManifest; trailer: BackupTrailer }> {
  return readBackup(file, async (reader) => {
    const manifest = await reader.header();
    for (let name = await reader.nextTable(); name !== null; name = await reader.nextTable()) {
      for await (const _ of reader.tableData(name)) void _;
    }
    return { manifest, trailer: await reader.finish() };
  });
}

/** The manifest alone (the first lines of the file). */
export async function readManifest(file: string): Promise<BackupManifest> {
  return readBackup(file, (reader) => reader.header());
}

async function readBackup<T>(file: string, use: (reader: BackupReader) => Promise<T>): Promise<T> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.pipe(gunzip);
  source.on('error', (err) => gunzip.destroy(err));
  try {
    return await use(new BackupReader(gunzip));
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const message = (err as Error).message;
    if (/incorrect header check/.test(message)) throw new BackupFileError('this is not an Alea backup (not a gzip file)');
    if (code.startsWith('Z_')) throw new BackupFileError(`${code === 'Z_BUF_ERROR' ? 'the file is truncated' : 'the file is damaged'} (gzip: ${message})`);
    throw err;
  } finally {
    gunzip.destroy();
    source.destroy();
  }
}

/**
 * Drops the schema's constraints (foreign keys first) and indexes, and returns the statements
 * that make them again (primary keys and unique constraints first, then the indexes, then the
 * foreign keys). Loading rows into bare tables and then building each index in one sort and
 * checking each key in one pass (as pg_restore does) is much faster than a lookup per row and key.
 */
async function setAside(client: pg.ClientBase): Promise<string[]> {
  await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  const { rows: constraints } = await client.query<{ table: string; name: string; def: string; type: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def, contype::text AS type
     FROM pg_constraint WHERE contype IN ('f', 'p', 'u') AND connamespace = current_schema()::regnamespace AND conrelid <> 0
     ORDER BY contype = 'f' DESC, conname`,
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE c.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
     ORDER BY c.relname`,
  );
  for (const k of constraints) await client.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${ident(k.name)}`);
  for (const i of indexes) await client.query(`DROP INDEX ${ident(i.name)}`);
  const add = (k: (typeof constraints)[number]) => `ALTER TABLE ${k.table} ADD CONSTRAINT ${ident(k.name)} ${k.def}`;
  return [
    ...constraints.filter((k) => k.type !== 'f').map(add),
    ...indexes.map((i) => i.def),
    ...constraints.filter((k) => k.type === 'f').map(add),
  ];
}

/** Tables of the current schema (but the bookkeeping) that hold at least one row. */
export async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname <> $1 ORDER BY relname`,
    [BOOKKEEPING],
  );
  const full: string[] = [];
  for (const { name } of rows) if ((await client.query(`SELECT 1 FROM ${ident(name)} LIMIT 1`)).rowCount) full.push(name);
  return full;
}

/** Refuses a target with data unless forced; says what force would replace. */
export async function assertEmptyTarget(client: pg.ClientBase, force: boolean): Promise<void> {
  const full = await tablesWithRows(client);
  if (full.length && !force) {
    throw new TargetNotEmptyError(
      `the target database is not empty (rows in ${full.join(', ')}): restore into an empty one, or add --force to replace everything in it`,
    );
  }
}

export async function restoreDatabase(databaseUrl: string, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const log = options.log ?? (() => {});
  // The whole file is checked first (its gzip checksum, each table's sha-256, the END line):
  // a damaged byte would otherwise reach COPY as garbage and fail there with whatever error the
  // garbage happens to make, after the target was already touched.
  const started = Date.now();
  const { manifest } = await checkBackupFile(file);
  log(`checked the file in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const known = new Map((await readMigrations()).map((m) => [m.name, m]));
  const migrations = manifest.migrations.map((m) => {
    const mine = known.get(m.name);
    if (!mine) throw new BackupFileError(`this backup was made by a newer Alea (${manifest.aleaVersion}; migration ${m.name} is unknown here): restore it with that version or later`);
    if (mine.checksum !== m.checksum) throw new BackupFileError(`migration ${m.name} of this backup differs from this Alea's: restore it with the Alea that made it (${manifest.aleaVersion})`);
    return mine;
  });

  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'alea-restore' });
  await client.connect();
  try {
    return await readBackup(file, async (reader) => {
      await reader.header();
      await client.query('BEGIN');
      try {
        await assertEmptyTarget(client, options.force ?? false);
        const { rows } = await client.query<{ schema: string; objects: number }>(
          `SELECT current_schema() AS schema, (SELECT count(*)::int FROM pg_class WHERE relnamespace = current_schema()::regnamespace)
             + (SELECT count(*)::int FROM pg_type WHERE typnamespace = current_schema()::regnamespace AND typtype = 'e')
             + (SELECT count(*)::int FROM pg_proc WHERE pronamespace = current_schema()::regnamespace) AS objects`,
        );
        const { schema, objects } = rows[0]!;
        if (objects > 0) {
          // Empty of rows (or forced): made again from the backup's migrations, which may be
          // older than what this schema has.
          log(`dropping and re-creating schema ${schema} of the target`);
          await client.query(`DROP SCHEMA ${ident(schema)} CASCADE`);
          await client.query(`CREATE SCHEMA ${ident(schema)}`);
        }
        await migrateInTransaction(client, migrations);
        const tables = new Map(manifest.tables.map((t) => [t.name, t]));
        for (const t of manifest.tables) {
          await client.query(`ALTER TABLE ${ident(t.name)} DISABLE TRIGGER USER`);
        }
        const putBack = await setAside(client);
        // A migration may have inserted rows of its own: the backup's replace them.
        if (manifest.tables.length) await client.query(`TRUNCATE ${manifest.tables.map((t) => ident(t.name)).join(', ')}`);
        let total = 0;
        for (let name = await reader.nextTable(); name !== null; name = await reader.nextTable()) {
          const table = tables.get(name);
          if (!table) throw new BackupFileError(`the file is damaged: table ${name} is not in its manifest`);
          const started = Date.now();
          const copy = client.query(copyFrom(`COPY ${ident(name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`));
          await pipeline(Readable.from(reader.tableData(name)), copy);
          total += copy.rowCount;
          log(`restored ${name}: ${copy.rowCount} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        }
        const trailer = await reader.finish();
        const indexed = Date.now();
        for (const sql of putBack) await client.query(sql);
        log(`built the indexes and checked the foreign keys in ${((Date.now() - indexed) / 1000).toFixed(1)} s`);
        for (const s of manifest.sequences) {
          await client.query(
            `SELECT setval($1::regclass, greatest($2::bigint, (SELECT max(${ident(s.column)}) FROM ${ident(s.table)})::bigint, 1), $2::bigint IS NOT NULL OR EXISTS (SELECT 1 FROM ${ident(s.table)}))`,
            [ident(s.name), s.value],
          );
        }
        for (const t of manifest.tables) await client.query(`ALTER TABLE ${ident(t.name)} ENABLE TRIGGER USER`);
        await client.query('COMMIT');
        // Fresh statistics, so the first queries are planned for the data just loaded (autovacuum
        // would get there too: a failure here is not the restore's).
        await client.query('ANALYZE').catch((err: Error) => log(`ANALYZE after the restore failed (autovacuum will do it): ${err.message}`));
        return { manifest, tables: trailer.tables, rows: total };
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  } finally {
    await client.end().catch(() => {});
  }
}
