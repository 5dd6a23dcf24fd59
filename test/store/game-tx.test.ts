// The hot path's transactions (src/store/game-tx.ts): committed or rolled back as a whole, and
// an overloaded database (no connection, or a game locked too long) is told apart as "busy".
import pg from 'pg';
import t from 'tap';
import { inTransaction, isBusy } from '../../src/store/game-tx.js';
import { apiServer } from '../helpers/api.js';
import { testDatabase } from '../helpers/db.js';

t.test('a transaction commits, or rolls back when its work throws', async (t) => {
  const db = await testDatabase(t);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  t.teardown(() => pool.end());
  await pool.query('CREATE TABLE t (n int)');
  await inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs: 1000 }, (tx) => tx.query('INSERT INTO t VALUES (1)'));
  await t.rejects(
    inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs: 1000 }, async (tx) => {
      await tx.query('INSERT INTO t VALUES (2)');
      throw new Error('changed my mind');
    }),
    /changed my mind/,
  );
  t.same((await pool.query('SELECT n FROM t ORDER BY n')).rows, [{ n: 1 }]);
  t.equal(pool.idleCount + pool.waitingCount <= 2, true, 'connections went back to the pool');
});

t.test('busy: no connection in time, or a game locked longer than the lock timeout', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const GAME = (await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body.id as string;
  const pool = new pg.Pool({ connectionString: s.db.url, max: 1 });
  t.teardown(() => pool.end());

  // The one connection is held: the next transaction gives up after maxWaitMs.
  let release!: () => void;
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const held = inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs: 1000 }, () => new Promise<void>((r) => ((release = r), entered())));
  await inside;
  const noConnection = await inTransaction(pool, { maxWaitMs: 50, lockTimeoutMs: 1000 }, async () => 'ran').catch((e: unknown) => e);
  t.ok(isBusy(noConnection), 'no connection in time: busy');
  release();
  await held;

  // Another session holds the game's row lock: the transaction gives up after lockTimeoutMs.
  const other = new pg.Client({ connectionString: s.db.url });
  await other.connect();
  t.teardown(() => other.end());
  await other.query('BEGIN');
  await other.query(`SELECT 1 FROM games WHERE id = '${GAME}' FOR UPDATE`);
  const lockIt = (id: string, lockTimeoutMs = 100) => inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs, lockGame: id }, async (_tx, found) => found);
  const locked = await lockIt(GAME).catch((e: unknown) => e);
  t.ok(isBusy(locked), 'the game stayed locked: busy');
  await other.query('ROLLBACK');
  t.equal(await lockIt(GAME), true, 'free again: locked and found');
  t.equal(await lockIt('01900000-0000-7000-8000-000000000000'), false, 'no such game');
  t.equal(await lockIt("x'; DROP TABLE games; --"), false, 'not a uuid: no such game, and nothing run');
  t.equal((await pool.query('SELECT count(*)::int AS n FROM games')).rows[0].n, 1);
  t.notOk(isBusy(new Error('anything else')));
});
