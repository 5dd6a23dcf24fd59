// The tests' databases (test/helpers/db.ts): a migrated database serves the process's next test
// only as a fresh copy would be, emptied and with its sequences restarted; one whose make-up a
// test changed is dropped, and whatever else was connected to it is ended first.
import pg from 'pg';
import t from 'tap';
import { testDatabase } from './helpers/db.js';
import { testServerUrl } from './helpers/postgres.js';
import { withAdminClient } from '../src/store/databases.js';

const exists = async (name: string) =>
  withAdminClient(await testServerUrl(), async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);

const outboxRow = (db: { prisma: { $queryRawUnsafe<T>(q: string): Promise<T> } }) =>
  db.prisma.$queryRawUnsafe<{ id: bigint }[]>(`INSERT INTO outbox (kind, to_address, subject, text_body) VALUES ('test', 'a@b.test', 's', 't') RETURNING id`);

let first = '';
t.test('a database written to by one test', async (t) => {
  const db = await testDatabase(t);
  first = db.name;
  t.same((await outboxRow(db)).map((r) => Number(r.id)), [1]);
  await outboxRow(db);
  await db.prisma.$executeRawUnsafe(`INSERT INTO login_throttle (email, source, last_failure_at) VALUES ('a@b.test', '127.0.0.1', now())`);
});

let left: pg.Client | undefined;
t.test('comes back to the next one empty, its sequences restarted, as a fresh copy', async (t) => {
  const db = await testDatabase(t);
  t.equal(db.name, first, 'the same database');
  t.same(await db.prisma.$queryRawUnsafe(`SELECT (SELECT count(*) FROM outbox)::int AS outbox, (SELECT count(*) FROM login_throttle)::int AS throttle`), [{ outbox: 0, throttle: 0 }]);
  t.same((await outboxRow(db)).map((r) => Number(r.id)), [1], 'the outbox numbers from 1 again');
  // A connection the test leaves open (as a server it started and did not stop would).
  left = new pg.Client({ connectionString: db.url });
  left.on('error', () => {});
  await left.connect();
});

t.test('whatever else was connected was ended before the next test had it', async (t) => {
  const db = await testDatabase(t);
  t.equal(db.name, first, 'the same database');
  await t.rejects(left!.query('SELECT 1'), 'the connection left open was ended');
  await left!.end().catch(() => {});
  await db.prisma.$executeRawUnsafe('ALTER TABLE login_throttle ADD COLUMN note text');
});

t.test('a database whose make-up a test changed is dropped, not handed on', async (t) => {
  const db = await testDatabase(t);
  t.not(db.name, first, 'another database');
  t.notOk(await exists(first), 'the changed one is gone');
  t.same(await db.prisma.$queryRawUnsafe(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'login_throttle' AND column_name = 'note'`), [{ n: 0 }]);
  first = db.name;
  await db.prisma.$executeRawUnsafe(`CREATE FUNCTION alea_test_extra() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
});

t.test('a new function counts as a change of make-up too', async (t) => {
  const db = await testDatabase(t);
  t.not(db.name, first, 'another database');
  t.notOk(await exists(first), 'the changed one is gone');
});
