// The hot path's transactions (src/store/game-tx.ts): committed or rolled back as a whole, an
// overloaded database (no connection, or a game locked too long) told apart as "busy", values
// written exactly, and a change whose Idempotency-Key is held written not at all.
import pg from 'pg';
import t, { type Test } from 'tap';
import { gameQuery, gameRead, gameRevision, inTransaction, isBusy, readGame, writeChange } from '../../src/store/game-tx.js';
import { apiServer, startGame, type ApiServer, type Started } from '../helpers/api.js';
import { testDatabase } from '../helpers/db.js';
import { bodiesOf } from '../../src/store/outbox-body.js';

/** A started game, and a pool of one connection of the test's own on its database. */
async function startedOnOneConnection(t: Test): Promise<{ s: ApiServer; g: Started; pool: pg.Pool }> {
  const s = await apiServer(t);
  const g = await startGame(s);
  const pool = new pg.Pool({ connectionString: s.db.url, max: 1 });
  pool.on('error', () => {}); // an idle connection ended by the database's drop at the test's end
  t.teardown(() => pool.end());
  return { s, g, pool };
}

t.test('a transaction commits, or rolls back when its work throws', async (t) => {
  const db = await testDatabase(t);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {}); // an idle connection ended by the database's drop at the test's end
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
  pool.on('error', () => {}); // an idle connection ended by the database's drop at the test's end
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

t.test('a change writes its values exactly as given (bound as parameters, whatever they hold)', async (t) => {
  const { g, pool } = await startedOnOneConnection(t);
  const awkward = ["it's", 'back\\slash', "\\'", "''; DROP TABLE games; --", 'Legio 13 → Roma', 'E\'x\'', '$1', ''];
  const action = { type: 'done', notes: awkward };
  const outbox = awkward.map((subject, i) => ({ kind: 'your-turn', dedupeKey: `k:${i}`, toAddress: 'a@b.test', subject, textBody: subject, htmlBody: null, userId: g.caesar.id, gameId: g.id }));
  const version = (await pool.query('SELECT max(seq)::int AS n FROM game_actions WHERE game_id = $1', [g.id])).rows[0].n + 1;
  const now = new Date('2026-11-26T07:00:00.123Z');
  const written = await inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs: 1000, lockGame: g.id }, (tx) =>
    writeChange(
      tx,
      { gameId: g.id, version, kind: 'action', role: 'Caesar', userId: g.caesar.id, actionJson: JSON.stringify(action), stateJson: null, logFrom: null, logTailJson: null, status: 'active', pending: ['Pompey'], undoRole: '', outcome: null, now },
      { seats: [], outbox, notify: null, key: null },
    ),
  );
  t.not(written, null, 'written');
  const entry = (await pool.query('SELECT action, created_at FROM game_actions WHERE game_id = $1 AND seq = $2', [g.id, version])).rows[0];
  t.same(entry, { action, created_at: now }, 'the action and the time read back as written');
  const subjects = (await pool.query("SELECT subject, text_body, html_body, body_z FROM outbox WHERE dedupe_key LIKE 'k:%' ORDER BY dedupe_key")).rows;
  t.same(subjects.map((r) => r.subject).sort(), [...awkward].sort(), 'every awkward string read back exactly');
  // The bodies, kept compressed together (outbox-body.ts), come back as they were given.
  for (const r of subjects) t.same(bodiesOf({ textBody: r.text_body, htmlBody: r.html_body, bodyZ: r.body_z }), { text: r.subject, html: null }, 'and its body');
  t.ok(subjects.every((r) => r.text_body === null && r.body_z !== null), 'kept compressed');
  t.equal((await pool.query('SELECT count(*)::int AS n FROM games')).rows[0].n, 1, 'and nothing else ran');
});

t.test('a change whose Idempotency-Key another request holds writes nothing (and commits nothing)', async (t) => {
  const { g, pool } = await startedOnOneConnection(t);
  const userId = g.caesar.id;
  const now = new Date();
  // Another request of this user saved the key a moment ago (for another game, say).
  await pool.query("INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at) VALUES ($1, 'k-1', 'other', 200, '{}', $2)", [userId, now]);
  const before = (await pool.query('SELECT count(*)::int AS n FROM game_actions WHERE game_id = $1', [g.id])).rows[0].n as number;
  const change = (key: string) =>
    inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs: 1000, lockGame: g.id }, (tx) =>
      writeChange(
        tx,
        { gameId: g.id, version: before + 1, kind: 'action', role: 'Caesar', userId, actionJson: '{"type":"done"}', stateJson: null, logFrom: null, logTailJson: null, status: 'active', pending: ['Pompey'], undoRole: '', outcome: null, now },
        { seats: [], outbox: [], notify: null, key: { userId, key, requestHash: 'mine', status: 200, bodyJson: '{}', expiredBefore: new Date(now.getTime() - 60_000) } },
      ),
    );
  t.equal(await change('k-1'), null, 'the key is held: not saved');
  t.equal((await pool.query('SELECT count(*)::int AS n FROM game_actions WHERE game_id = $1', [g.id])).rows[0].n, before, 'no log entry');
  t.same((await pool.query("SELECT request_hash FROM idempotency_keys WHERE key = 'k-1'")).rows, [{ request_hash: 'other' }], 'the other request keeps its key');
  t.not(await change('k-2'), null, 'a free key: saved, and the change committed');
  t.equal((await pool.query('SELECT count(*)::int AS n FROM game_actions WHERE game_id = $1', [g.id])).rows[0].n, before + 1);
  t.same((await pool.query("SELECT request_hash FROM idempotency_keys WHERE key = 'k-2'")).rows, [{ request_hash: 'mine' }]);
});

t.test('a change still runs when its connection lost its prepared statements (a pooler in transaction mode)', async (t) => {
  const { g, pool } = await startedOnOneConnection(t);
  const count = async () => (await pool.query('SELECT count(*)::int AS n FROM game_actions WHERE game_id = $1', [g.id])).rows[0].n as number;
  const change = () =>
    inTransaction(pool, { maxWaitMs: 1000, lockTimeoutMs: 1000, lockGame: g.id, thenRead: gameQuery(g.id, { knownVersion: null }) }, async (tx, found, result) => {
      const read = gameRead(result!);
      const version = read!.row.snapshot!.version + 1;
      await writeChange(
        tx,
        { gameId: g.id, version, kind: 'action', role: 'Caesar', userId: g.caesar.id, actionJson: '{"type":"done"}', stateJson: null, logFrom: null, logTailJson: null, status: 'active', pending: ['Pompey'], undoRole: '', outcome: null, now: new Date() },
        { seats: [], outbox: [], notify: null, key: null },
      );
      return { found, version };
    });
  const n = await count();
  t.same(await change(), { found: true, version: n + 1 }, 'prepared: locked, read and written');
  // What a pooler does when the next transaction gets another server connection.
  await pool.query('DEALLOCATE ALL');
  t.same(await change(), { found: true, version: n + 2 }, 'the statements gone: the change runs with them unnamed');
  t.same(await change(), { found: true, version: n + 3 }, 'and so on after');
  t.equal(await count(), n + 3);
  t.same((await pool.query('SELECT name FROM pg_prepared_statements')).rows, [], 'nothing prepared again on that connection');
});

t.test('the reads of a GET still run when their connection lost its prepared statements (a pooler in transaction mode)', async (t) => {
  const { g, pool } = await startedOnOneConnection(t);
  const revision = async () => (await pool.query('SELECT xmin::text AS r FROM games WHERE id = $1', [g.id])).rows[0].r as string;
  const prepared = async () => (await pool.query('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map((r) => r.name as string);
  const read = async () => (await readGame(pool, g.id, { knownVersion: null }))?.row.id;
  t.equal(await read(), g.id, 'prepared: the game read');
  t.equal(await gameRevision(pool, g.id), await revision(), 'prepared: the revision read');
  t.equal((await prepared()).length, 2, 'both reads prepared on the connection');
  // What a pooler does when the next transaction gets another server connection.
  await pool.query('DEALLOCATE ALL');
  t.equal(await read(), g.id, 'the statements gone: the game read with them unnamed');
  t.equal(await gameRevision(pool, g.id), await revision(), 'and the revision');
  t.equal(await read(), g.id, 'and so on after');
  t.same(await prepared(), [], 'nothing prepared again on that connection');
  t.equal(await gameRevision(pool, '00000000-0000-4000-8000-000000000000'), null, 'no such game: no revision');
});

t.test('a read with no connection in time is busy', async (t) => {
  const { g, pool } = await startedOnOneConnection(t);
  const c = await pool.connect();
  t.ok(isBusy(await readGame(pool, g.id, { knownVersion: null, maxWaitMs: 50 }).catch((e: unknown) => e)), 'the game: busy');
  t.ok(isBusy(await gameRevision(pool, g.id, 50).catch((e: unknown) => e)), 'its revision: busy');
  c.release();
  t.equal((await readGame(pool, g.id, { knownVersion: null, maxWaitMs: 50 }))?.row.id, g.id, 'a connection free again: read');
});
