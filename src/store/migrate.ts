// Applies the committed Prisma migrations (prisma/migrations/<name>/migration.sql) in name order,
// recording each in Prisma's own _prisma_migrations table exactly as `prisma migrate deploy`
// does (same table, same sha-256 checksum, same advisory lock). Prisma's CLI cannot run its
// migration engine without downloading it, which fails offline; this runner needs only `pg`.
// Because the bookkeeping is Prisma's, a deploy with internet access may use
// `prisma migrate deploy` on the same database instead: each sees what the other applied.
//
// Unlike Prisma, each migration runs in one transaction together with its bookkeeping row, so a
// failed migration leaves no trace and can be fixed and re-run. Hence a migration must not use
// statements that refuse to run in a transaction (CREATE INDEX CONCURRENTLY, VACUUM, ...).
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { projectPath } from '../paths.js';

export const MIGRATIONS_DIR = projectPath('prisma', 'migrations');

// The key Prisma's schema engine locks, so our runner and `prisma migrate` exclude each other.
const PRISMA_ADVISORY_LOCK = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  /** Names of the migrations this call applied, in order; empty when the database was up to date. */
  applied: string[];
}

export interface MigrateOptions {
  migrationsDir?: string;
  log?: (message: string) => void;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const migrations: Migration[] = [];
  for (const name of names) {
    const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8').catch(() => undefined);
    if (sql === undefined) continue; // Prisma ignores folders without a migration.sql too
    migrations.push({ name, sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return migrations;
}

export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const log = options.log ?? (() => {});
  const migrations = await readMigrations(options.migrationsDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    try {
      return await applyPending(client, migrations, log);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]);
    }
  } finally {
    await client.end();
  }
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies `migrations` inside the caller's open transaction (no transaction of each migration's
 * own), so that a restore (src/store/backup.ts) creates the schema and loads the data all or
 * nothing. Takes the same lock as migrate(), held until the caller's transaction ends.
 */
export async function migrateInTransaction(client: pg.ClientBase, migrations: Migration[], log: (m: string) => void = () => {}): Promise<MigrateResult> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [PRISMA_ADVISORY_LOCK]);
  return applyPending(client, migrations, log, false);
}

async function applyPending(client: pg.ClientBase, migrations: Migration[], log: (m: string) => void, ownTransactions = true): Promise<MigrateResult> {
  // Prisma's own definition of its bookkeeping table (PostgreSQL flavour).
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
  )`);
  const { rows } = await client.query<AppliedRow>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
  );
  const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
  if (failed.length > 0) {
    throw new MigrationError(
      `migration ${failed.map((r) => r.migration_name).join(', ')} failed earlier and is not resolved ` +
        '(a failed `prisma migrate deploy`): fix the database by hand, then mark it with ' +
        '`prisma migrate resolve` or delete its row from _prisma_migrations',
    );
  }
  const done = new Map(rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => [r.migration_name, r]));
  const known = new Set(migrations.map((m) => m.name));
  for (const name of done.keys()) {
    if (!known.has(name)) log(`database has migration ${name}, which this code does not know (deployed by a newer version?)`);
  }

  const applied: string[] = [];
  for (const migration of migrations) {
    const previous = done.get(migration.name);
    if (previous) {
      if (previous.checksum !== migration.checksum) {
        throw new MigrationError(
          `migration ${migration.name} was changed after it was applied to this database. ` +
            'Never edit an applied migration: revert the change and add a new migration. ' +
            '(A throwaway development database can be deleted instead: stop Alea and remove DATA_DIR/postgres.)',
        );
      }
      continue;
    }
    const id = randomUUID();
    if (ownTransactions) await client.query('BEGIN');
    try {
      await client.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
        [id, migration.checksum, migration.name],
      );
      await client.query(migration.sql); // simple query protocol: the whole script at once
      await client.query('UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1', [id]);
      if (ownTransactions) await client.query('COMMIT');
    } catch (err) {
      if (ownTransactions) await client.query('ROLLBACK').catch(() => {});
      throw new MigrationError(`migration ${migration.name} failed and was rolled back: ${(err as Error).message}`);
    }
    log(`applied migration ${migration.name}`);
    applied.push(migration.name);
  }
  return { applied };
}
