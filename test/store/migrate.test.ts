import { createHash } from 'node:crypto';
import { cp, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import t, { type Test } from 'tap';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../../src/store/migrate.js';
import { testDatabase } from '../helpers/db.js';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

// Everything a migration can change, to compare before and after.
const SCHEMA_SQL = `
  SELECT table_name, column_name, data_type, is_nullable, column_default
  FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`;

async function migrationsCopy(t: Test): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'alea-migrations-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

t.test('the committed migrations are in Prisma format', async (t) => {
  const lock = await readFile(join(MIGRATIONS_DIR, 'migration_lock.toml'), 'utf8');
  t.match(lock, /provider = "postgresql"/);
  const migrations = await readMigrations();
  t.ok(migrations.length >= 1);
  for (const m of migrations) t.match(m.name, /^\d{14}_[a-z0-9_]+$/, `${m.name} is named <timestamp>_<name>`);
});

t.test('a fresh database gets every migration, recorded as Prisma records them', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  const migrations = await readMigrations();
  const result = await migrate(db.url);
  t.same(result.applied, migrations.map((m) => m.name));

  const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number; rolled_back_at: Date | null }>(
    db.url,
    'SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
  );
  t.equal(rows.length, migrations.length);
  for (const [i, row] of rows.entries()) {
    const file = await readFile(join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
    t.equal(row.migration_name, migrations[i]!.name);
    t.equal(row.checksum, createHash('sha256').update(file).digest('hex'), 'checksum is the sha-256 of migration.sql');
    t.ok(row.finished_at, 'finished');
    t.equal(row.rolled_back_at, null);
    t.equal(row.applied_steps_count, 1);
  }
  const tables = (await query<{ tablename: string }>(db.url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).map((r) => r.tablename);
  t.same(tables, ['_prisma_migrations', 'api_tokens', 'challenges', 'confirmation_sends', 'email_confirmations', 'game_actions', 'game_messages', 'game_notes', 'game_players', 'game_presence', 'game_records', 'game_snapshots', 'games', 'idempotency_keys', 'login_throttle', 'message_readers', 'outbox', 'ratings', 'revoked_tokens', 'user_blocks', 'users', 'webhook_deliveries', 'webhooks']);
});

t.test('migrating twice is a no-op', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  await migrate(db.url);
  const schemaBefore = await query(db.url, SCHEMA_SQL);
  const bookkeepingBefore = await query(db.url, 'SELECT * FROM _prisma_migrations ORDER BY migration_name');
  const second = await migrate(db.url);
  t.same(second.applied, [], 'nothing applied the second time');
  t.same(await query(db.url, SCHEMA_SQL), schemaBefore, 'schema unchanged');
  t.same(await query(db.url, 'SELECT * FROM _prisma_migrations ORDER BY migration_name'), bookkeepingBefore, 'bookkeeping unchanged');
});

t.test('concurrent migrators apply each migration once', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  const results = await Promise.all([migrate(db.url), migrate(db.url), migrate(db.url)]);
  const applied = results.flatMap((r) => r.applied);
  t.same(applied.sort(), (await readMigrations()).map((m) => m.name).sort());
});

t.test('a new migration is applied on top; a failing one is rolled back entirely', async (t) => {
  const db = await testDatabase(t);
  const dir = await migrationsCopy(t);
  await mkdir(join(dir, '29990101000000_add_note'));
  await writeFile(join(dir, '29990101000000_add_note', 'migration.sql'), 'ALTER TABLE "users" ADD COLUMN "note" TEXT;\n');
  t.same((await migrate(db.url, { migrationsDir: dir })).applied, ['29990101000000_add_note']);

  await mkdir(join(dir, '29990102000000_broken'));
  await writeFile(
    join(dir, '29990102000000_broken', 'migration.sql'),
    'CREATE TABLE "half_done" (id int);\nALTER TABLE "no_such_table" ADD COLUMN "x" int;\n',
  );
  await t.rejects(migrate(db.url, { migrationsDir: dir }), /migration 29990102000000_broken failed and was rolled back: relation "no_such_table" does not exist/);
  t.same(await query(db.url, "SELECT 1 FROM pg_tables WHERE tablename = 'half_done'"), [], 'its first statement was undone');
  t.same(await query(db.url, "SELECT 1 FROM _prisma_migrations WHERE migration_name = '29990102000000_broken'"), [], 'and not recorded');

  await writeFile(join(dir, '29990102000000_broken', 'migration.sql'), 'CREATE TABLE "half_done" (id int);\n');
  t.same((await migrate(db.url, { migrationsDir: dir })).applied, ['29990102000000_broken'], 'once fixed, it applies');
});

t.test('an applied migration that was edited afterwards stops the start', async (t) => {
  const db = await testDatabase(t);
  const dir = await migrationsCopy(t);
  const [first] = await readMigrations(dir);
  await writeFile(join(dir, first!.name, 'migration.sql'), first!.sql + '\n-- edited\n');
  await t.rejects(migrate(db.url, { migrationsDir: dir }), new RegExp(`migration ${first!.name} was changed after it was applied`));
});

t.test('a migration Prisma recorded as failed stops the start', async (t) => {
  const db = await testDatabase(t);
  await query(
    db.url,
    `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ('00000000-0000-0000-0000-000000000001', 'x', '29990101000000_failed', now(), 0)`,
  );
  await t.rejects(migrate(db.url), /migration 29990101000000_failed failed earlier and is not resolved/);
});

/** A fresh database migrated up to (not including) the migration whose name ends with `suffix`. */
async function migratedUpTo(t: Test, suffix: string) {
  const db = await testDatabase(t, { migrate: false });
  const all = await readMigrations();
  const target = all.findIndex((m) => m.name.endsWith(suffix));
  t.ok(target > 0, `${suffix} is a migration`);
  const dir = await mkdtemp(join(tmpdir(), 'alea-migrations-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  for (const m of all.slice(0, target)) await cp(join(MIGRATIONS_DIR, m.name), join(dir, m.name), { recursive: true });
  await cp(join(MIGRATIONS_DIR, 'migration_lock.toml'), join(dir, 'migration_lock.toml'));
  await migrate(db.url, { migrationsDir: dir });
  return { db, all, target };
}

t.test('email_preferences_and_time_controls: emails on -> all, off -> none; pending seats keep their deadline', async (t) => {
  // The schema as it was before, with data in it.
  const { db, all, target } = await migratedUpTo(t, '_email_preferences_and_time_controls');
  await query(
    db.url,
    `INSERT INTO users (id, email, display_name, password_hash, email_notifications, updated_at) VALUES
       ('01900000-0000-7000-8000-00000000000a', 'on@example.org', 'On', 'x', true, now()),
       ('01900000-0000-7000-8000-00000000000b', 'off@example.org', 'Off', 'x', false, now());
     INSERT INTO games (id, module, seed, status, days_per_move, pending, created_by, updated_at) VALUES
       ('01900000-0000-7000-8000-0000000000a1', 'julius-caesar', 1, 'active', 5, '{Pompey}', '01900000-0000-7000-8000-00000000000a', now());
     INSERT INTO game_players (game_id, role, user_id, pending_since) VALUES
       ('01900000-0000-7000-8000-0000000000a1', 'Caesar', '01900000-0000-7000-8000-00000000000a', NULL),
       ('01900000-0000-7000-8000-0000000000a1', 'Pompey', '01900000-0000-7000-8000-00000000000b', '2026-01-01T12:00:00Z');`,
  );
  t.same((await migrate(db.url)).applied, all.slice(target).map((m) => m.name));
  t.same(await query(db.url, 'SELECT email, email_preference::text AS pref FROM users ORDER BY email'), [
    { email: 'off@example.org', pref: 'none' },
    { email: 'on@example.org', pref: 'all' },
  ]);
  const seats = await query<{ role: string; deadline: Date | null; remind_at: Date | null; overdue_notice_at: Date | null }>(
    db.url,
    'SELECT role, deadline, remind_at, overdue_notice_at FROM game_players ORDER BY role',
  );
  t.same(seats, [
    { role: 'Caesar', deadline: null, remind_at: null, overdue_notice_at: null },
    { role: 'Pompey', deadline: new Date('2026-01-06T12:00:00Z'), remind_at: new Date('2026-01-05T12:00:00Z'), overdue_notice_at: new Date('2026-01-06T12:00:00Z') },
  ]);
});

t.test('verified_addresses: existing accounts are confirmed (as of their creation), explicitly; new ones are not', async (t) => {
  const { db, all, target } = await migratedUpTo(t, '_verified_addresses');
  await query(
    db.url,
    `INSERT INTO users (id, email, display_name, password_hash, created_at, updated_at) VALUES
       ('01900000-0000-7000-8000-00000000000a', 'old@example.org', 'Old', 'x', '2025-06-01T10:00:00Z', now());`,
  );
  t.same((await migrate(db.url)).applied, all.slice(target).map((m) => m.name));
  await query(db.url, `INSERT INTO users (id, email, display_name, password_hash, updated_at) VALUES ('01900000-0000-7000-8000-00000000000b', 'new@example.org', 'New', 'x', now())`);
  t.same(await query(db.url, 'SELECT email, email_verified_at, pending_email FROM users ORDER BY email'), [
    { email: 'new@example.org', email_verified_at: null, pending_email: null },
    { email: 'old@example.org', email_verified_at: new Date('2025-06-01T10:00:00Z'), pending_email: null },
  ]);
  const sql = all[target]!.sql;
  t.match(sql, /EXISTING ACCOUNTS ARE TREATED AS CONFIRMED/, 'the migration says so in its comment');
});
