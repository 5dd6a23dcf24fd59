// A fresh database with all migrations applied, for one test (or one test file), dropped when
// that test ends. See postgres.ts for which server it lives on.
import { createHash, randomBytes } from 'node:crypto';
import type { Test } from 'tap';
import pg from 'pg';
import { withAdminClient, withDatabase } from '../../src/store/databases.js';
import { migrate, readMigrations } from '../../src/store/migrate.js';
import { closePrismaClient, createPrismaClient, warmUp, type PrismaClient } from '../../src/store/prisma.js';
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
  const name = `alea_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const migrated = options.migrate ?? true;
  const admin = await adminClient(t, server);
  const template = migrated ? ` TEMPLATE ${admin.escapeIdentifier(await templateOn(server))}` : '';
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}${template}`);
  const url = withDatabase(server, name);
  const prisma = createPrismaClient(url, { poolSize: 4 });
  t.teardown(async () => {
    await closePrismaClient(prisma);
    await (await adminClient(t, server)).query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
  });
  // As npm start does before it listens: a test's first request (often GET /healthz) would
  // otherwise pay for the connection and Prisma's start, seconds on a busy machine.
  await warmUp(prisma, { models: migrated });
  return { name, url, prisma };
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
