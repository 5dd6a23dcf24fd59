// A database with all migrations applied and nothing in it, for one test (or one test file): a
// fresh copy, or one an earlier test of this process left and that was emptied (below). See
// postgres.ts for which server it lives on.
import { createHash, randomBytes } from 'node:crypto';
import type { Test } from 'tap';
import pg from 'pg';
import { dropDatabase, withAdminClient, withDatabase } from '../../src/store/databases.js';
import { migrate, readMigrations } from '../../src/store/migrate.js';
import { closePrismaClient, createPrismaClient, poolOf, warmUp, type PrismaClient } from '../../src/store/prisma.js';
import { testServerUrl } from './postgres.js';
import { atProcessEnd } from './process-end.js';

export interface TestDatabase {
  name: string;
  url: string;
  prisma: PrismaClient;
}

export interface TestDatabaseOptions {
  /** Apply prisma/migrations (default true). */
  migrate?: boolean;
}

export async function testDatabase(t: Test, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const server = await testServerUrl();
  const migrated = options.migrate ?? true;
  const reused = migrated ? idle.get(server)?.pop() : undefined;
  if (reused) {
    t.teardown(() => release(t, server, reused));
    return { ...reused };
  }
  const name = `alea_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await adminClient(t, server);
  const template = migrated ? ` TEMPLATE ${admin.escapeIdentifier(await templateOn(server))}` : '';
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}${template}`);
  const url = withDatabase(server, name);
  // A migrated client's own connections carry this process's name, so that its release can tell
  // them from any other left on the database.
  const prisma = createPrismaClient(migrated ? pooledUrl(url) : url, { poolSize: 4 });
  const db = { name, url, prisma };
  if (migrated) {
    // Its idle connections do not keep the process alive once its tests are over (they are
    // closed at its end; in three runs of five a part still waited out the pool's 10 s idle timeout).
    poolOf(prisma).options.allowExitOnIdle = true;
    t.teardown(() => release(t, server, db));
  } else t.teardown(() => discard(t, server, db));
  // As npm start does before it listens: a test's first request (often GET /healthz) would
  // otherwise pay for the connection and Prisma's start, seconds on a busy machine.
  await warmUp(prisma, { models: migrated });
  if (migrated) await freshShape(server, prisma).catch(() => {}); // without it, this database is dropped after its test
  return { ...db };
}

// A migrated database and its Prisma client serve the process's next test once its tables are
// emptied, rather than being dropped and another copied from the template: a copy and a drop cost
// PostgreSQL about 25 ms of CPU (several times that on a busy machine) and a new client about
// 100 ms in the test process (its connections, and Prisma compiling each query again), three
// hundred times a run. A database comes back only as its copy was: the same tables, columns,
// constraints, indexes, triggers, functions, types and settings (compared with a fresh copy's,
// below), nobody else connected (ended, as DROP ... WITH (FORCE) would), no transaction open on
// the client; its rows gone and its sequences restarted. Anything else, and it is dropped.
const idle = new Map<string, TestDatabase[]>();
const POOL_APP = `alea-test-pool-${process.pid}`;

function pooledUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', POOL_APP);
  return u.toString();
}

/** Closes the database's client and drops it, with whatever is still connected to it. */
async function discard(t: Test, server: string, db: TestDatabase): Promise<void> {
  await closePrismaClient(db.prisma).catch(() => {});
  const admin = await adminClient(t, server);
  await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(db.name)} WITH (FORCE)`);
}

async function release(t: Test, server: string, db: TestDatabase): Promise<void> {
  const dropIt = () => discard(t, server, db);
  try {
    const pool = poolOf(db.prisma);
    const fresh = await shapes.get(server);
    if (!fresh?.emptiable || pool.ended || pool.ending || pool.totalCount > pool.idleCount) return await dropIt();
    if ((await pool.query<{ shape: string }>(SHAPE)).rows[0]?.shape !== fresh.shape) return await dropIt();
    const admin = await adminClient(t, server);
    await admin.query('SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = $1 AND application_name IS DISTINCT FROM $2', [db.name, POOL_APP]);
    await pool.query(`BEGIN; SET LOCAL lock_timeout = '5s'; TRUNCATE ${fresh.tables} RESTART IDENTITY; COMMIT`);
  } catch {
    return await dropIt();
  }
  let list = idle.get(server);
  if (!list) {
    idle.set(server, (list = []));
    // Dropped on a connection of their own: the kept admin connection closes at the same time.
    atProcessEnd(t, async () => {
      for (const db of list!.splice(0)) {
        await closePrismaClient(db.prisma).catch(() => {});
        await dropDatabase(server, db.name).catch(() => {});
      }
    });
  }
  list.push(db);
}

// What a test could change in a database's make-up, as one digest: relations (with their
// privileges), columns, constraints, indexes, triggers (and whether they fire), functions, types,
// enum labels, schemas, extensions, rules, policies and the database's own settings.
const SHAPE = `SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS shape FROM (
  SELECT format('class %s %s %s %s %s', c.oid::regclass, c.relkind, c.relpersistence, c.relrowsecurity, c.relacl) AS x
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
  UNION ALL SELECT format('column %s %s %s %s %s %s %s', a.attrelid::regclass, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attisdropped, pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
  UNION ALL SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace <> 'pg_catalog'::regnamespace
  UNION ALL SELECT format('index %s', pg_get_indexdef(indexrelid)) FROM pg_index WHERE indrelid >= 16384
  UNION ALL SELECT format('trigger %s %s', tgenabled, pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT format('function %s %s', p.oid::regprocedure, md5(pg_get_functiondef(p.oid))) FROM pg_proc p WHERE p.pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) AND p.prokind IN ('f', 'p')
  UNION ALL SELECT format('type %s %s', t.oid::regtype, t.typtype) FROM pg_type t WHERE t.typnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace) AND t.typnamespace::regnamespace::text NOT LIKE 'pg\\_%'
  UNION ALL SELECT format('label %s %s %s', enumtypid::regtype, enumsortorder, enumlabel) FROM pg_enum
  UNION ALL SELECT format('schema %s %s', nspname, nspacl) FROM pg_namespace
  UNION ALL SELECT format('extension %s %s', extname, extversion) FROM pg_extension
  UNION ALL SELECT format('rule %s', pg_get_ruledef(oid)) FROM pg_rewrite WHERE ev_class >= 16384
  UNION ALL SELECT format('policy %s %s', polrelid::regclass, polname) FROM pg_policy
  UNION ALL SELECT format('setting %s %s', setrole, setconfig) FROM pg_db_role_setting WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
) shape`;

// A fresh copy's shape and tables, read once per process and server (before its first test).
const shapes = new Map<string, Promise<{ shape: string; tables: string; emptiable: boolean }>>();
async function freshShape(server: string, prisma: PrismaClient): Promise<void> {
  if (shapes.has(server)) return;
  const read = (async () => {
    const pool = poolOf(prisma);
    const shape = (await pool.query<{ shape: string }>(SHAPE)).rows[0]!.shape;
    const { rows } = await pool.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname = 'public' AND c.relname <> '_prisma_migrations' ORDER BY 1`,
    );
    const tables = rows.map((r) => r.name).join(', ');
    // Emptying is a copy's state only if the copy holds no rows (migrations that insert none).
    const held = rows.length ? (await pool.query<{ rows: string }>(`SELECT (${rows.map((r) => `(SELECT count(*) FROM ${r.name})`).join(' + ')})::text AS rows`)).rows[0]!.rows : '0';
    return { shape, tables, emptiable: rows.length > 0 && held === '0' };
  })();
  shapes.set(server, read);
  read.catch(() => shapes.delete(server));
  await read;
}

// Creating and dropping the databases goes through one connection per process and server: a new
// connection costs the server a process and a password exchange, and the suite makes hundreds of
// databases (src/store/databases.ts's createDatabase/dropDatabase connect each time).
const admins = new Map<string, Promise<pg.Client>>();
function adminClient(t: Test, server: string): Promise<pg.Client> {
  let admin = admins.get(server);
  if (!admin) {
    const client = new pg.Client({ connectionString: server });
    const forget = () => admins.get(server) === admin && admins.delete(server);
    client.on('error', forget); // lost (a server restarted): the next call connects again
    client.on('end', forget);
    admin = client.connect().then(() => client);
    admin.catch(forget);
    admins.set(server, admin);
    atProcessEnd(t, async () => {
      forget();
      await client.end().catch(() => {});
    });
  }
  return admin;
}

// Migrating each test's database took about 0.2 s of a test's time and 0.3 s more to create it;
// a copy of a migrated database (CREATE DATABASE ... TEMPLATE) takes about 50 ms. The template
// is named after the migrations it holds, built once per server under an advisory lock (test
// files run in parallel), and renamed into place only when complete; older ones are dropped.
const templates = new Map<string, Promise<string>>();
const TEMPLATE_LOCK = 7_246_517;

function templateOn(server: string): Promise<string> {
  let made = templates.get(server);
  if (!made) {
    made = migratedTemplate(server);
    templates.set(server, made);
    made.catch(() => templates.delete(server));
  }
  return made;
}

async function migratedTemplate(server: string): Promise<string> {
  const migrations = await readMigrations();
  const name = `alea_template_${createHash('sha256').update(migrations.map((m) => `${m.name}:${m.checksum}`).join('\n')).digest('hex').slice(0, 16)}`;
  return withAdminClient(server, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    if ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
    const building = `${name}_building`;
    await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${building}`);
    await migrate(withDatabase(server, building));
    await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'alea\\_template\\_%' AND datname <> $1`, [name]);
    for (const r of rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(r.datname)} WITH (FORCE)`);
    return name;
  });
}
