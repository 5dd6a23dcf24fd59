// A change decided on the game as this process holds it, written in one round trip on condition
// that the game is still at the held revision (src/app/games/change/change.ts changeAsHeld, issue 11): the
// revisions move on with every write a game's read shows, the held row is the row a read gives,
// and a game changed behind the process's back is read again before anything is decided on it.
import pg from 'pg';
import t, { type Test } from 'tap';
import { sharedRecentStates } from '../../src/app/games/recent-states.js';
import { gameQuery, gameRead, isBusy, writeChangeAt } from '../../src/store/game-tx.js';
import { revisionOf, setSeatEmails, type GameRow } from '../../src/store/games.js';
import { apiServer, look, startGame, type ApiServer, type Seated, type Started } from '../helpers/api.js';
import { countQueries, lastQueries } from '../helpers/pg-queries.js';

// Round trips to PostgreSQL, counted from here.
const queries = countQueries();

async function readRow(pool: pg.Pool, id: string): Promise<GameRow> {
  const read = gameRead(await pool.query(gameQuery(id, { knownVersion: null })));
  if (!read) throw new Error('no such game');
  return read.row;
}

// The games row's xmin, read by the test itself (unnamed: the last test deallocates statements).
const currentRevision = async (pool: pg.Pool, id: string): Promise<string> =>
  (await pool.query('SELECT xmin::text AS r FROM games WHERE id = $1', [id])).rows[0].r as string;

/** The pending player of the two (the first one), as a Seated. */
async function pendingPlayer(g: Started): Promise<Seated> {
  const game = await look(g.caesar, g.id);
  return g.byRole[game.pending[0] as 'Caesar' | 'Pompey'];
}

/** The pending player reads the game, then posts its first legal action: the POST's round trips. */
async function move(g: Started, between?: () => Promise<void>): Promise<{ roundTrips: number; body: any }> {
  const u = await pendingPlayer(g);
  const game = await look(u, g.id);
  await between?.();
  const before = queries();
  const res = await u.client.post(`/v1/games/${g.id}/actions`, { action: game.legalActions[0], version: game.version });
  const roundTrips = queries() - before;
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return { roundTrips, body: res.body };
}

/** A started game, and a pool of the test's own (two connections) on its database. */
async function started(t: Test, max = 2): Promise<{ s: ApiServer; g: Started; pool: pg.Pool }> {
  const s = await apiServer(t);
  const g = await startGame(s);
  const pool = new pg.Pool({ connectionString: s.db.url, max });
  pool.on('error', () => {}); // an idle connection ended by the database's drop at the test's end
  t.teardown(() => pool.end());
  return { s, g, pool };
}

/** A connection of the pool for the test (given back at its end). */
async function connection(t: Test, pool: pg.Pool): Promise<pg.PoolClient> {
  const c = await pool.connect();
  t.teardown(() => c.release());
  return c;
}

t.test('the revision moves on with every write a read of the game shows, and only those', async (t) => {
  const { g, pool } = await started(t);
  let last = await currentRevision(pool, g.id);
  t.equal(revisionOf(await readRow(pool, g.id)), last, "a read's revision is the text PostgreSQL checks");
  const writes: [string, string, unknown[]][] = [
    ["a player's name", 'UPDATE users SET display_name = $2 WHERE id = $1', [g.caesar.id, 'Gaius']],
    ["a player's address", 'UPDATE users SET email = $2 WHERE id = $1', [g.pompey.id, 'new.address@example.org']],
    ["a player's email preference", "UPDATE users SET email_preference = 'moves' WHERE id = $1", [g.caesar.id]],
    ["a player's vacation", "UPDATE users SET vacation_ends_at = now() + interval '3 days' WHERE id = $1", [g.caesar.id]],
    ["a seat's reminder", "UPDATE game_players SET remind_at = now() WHERE game_id = $1 AND role = 'Caesar'", [g.id]],
    ["a seat's mute switch", "UPDATE game_players SET email_notifications = false WHERE game_id = $1 AND role = 'Pompey'", [g.id]],
    ["the game's row", "UPDATE games SET days_per_move = 7 WHERE id = $1", [g.id]],
  ];
  for (const [what, sql, values] of writes) {
    await pool.query(sql, values);
    const now = await currentRevision(pool, g.id);
    t.not(now, last, `${what} moves the revision on`);
    t.equal(revisionOf(await readRow(pool, g.id)), now, `and a read gives the same revision (${what})`);
    last = now;
  }
  await pool.query("UPDATE users SET password_hash = 'x', token_generation = token_generation + 1 WHERE id = $1", [g.caesar.id]);
  t.equal(await currentRevision(pool, g.id), last, 'what a read does not show leaves it');
});

t.test("the games row is written once by a change that writes it and its seats, and by a seat's write alone", async (t) => {
  const { g, pool } = await started(t);
  const c = await connection(t, pool);
  // Row versions of games this backend wrote (with earlier transactions' not yet reported).
  const updated = async () => (await c.query("SELECT pg_stat_get_xact_tuples_updated('games'::regclass)::int AS n")).rows[0].n as number;
  const gameVersions = async (sql: string) => {
    await c.query('BEGIN');
    const before = await updated();
    await c.query(sql, [g.id]);
    const n = (await updated()) - before;
    await c.query('ROLLBACK');
    return n;
  };
  // A change's write is one statement (game-tx.ts WRITE_CHANGE): the seats' trigger finds the
  // games row written by its own transaction and leaves it.
  t.equal(
    await gameVersions(`WITH seats AS (UPDATE game_players SET remind_at = now() WHERE game_id = $1 RETURNING 1),
      game AS (UPDATE games SET updated_at = now() WHERE id = $1 RETURNING 1) SELECT (SELECT count(*) FROM seats), (SELECT count(*) FROM game)`),
    1,
    'a change: one version',
  );
  t.equal(await gameVersions("UPDATE game_players SET remind_at = now() WHERE game_id = $1"), 1, "two seats' reminders: one version");
  t.equal(await gameVersions("UPDATE users SET display_name = 'Gaius' WHERE id = (SELECT user_id FROM game_players WHERE game_id = $1 AND role = 'Caesar')"), 1, "a player's name: one version");
});

t.test("a seat's write outside a change takes the game's lock first: it never deadlocks with a change", async (t) => {
  const { s, g, pool } = await started(t);
  const c = await connection(t, pool);
  // A change: the game's lock, then (a moment later) its seats.
  await c.query('BEGIN');
  await c.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [g.id]);
  const muted = setSeatEmails(s.db.prisma, g.id, g.caesar.id, false);
  await new Promise((r) => setTimeout(r, 300));
  await c.query("SET LOCAL deadlock_timeout = '100ms'");
  await c.query('UPDATE game_players SET remind_at = now() WHERE game_id = $1', [g.id]);
  await c.query('COMMIT');
  t.equal(await muted, 1, 'the mute switch is written after the change');
  const { rows } = await c.query("SELECT email_notifications FROM game_players WHERE game_id = $1 AND role = 'Caesar'", [g.id]);
  t.same(rows, [{ email_notifications: false }]);
});

t.test('a move after a read of the game is one round trip, and leaves held the row a read gives', async (t) => {
  const { g, pool } = await started(t);
  for (let i = 0; i < 14; i++) {
    const { roundTrips, body } = await move(g);
    // On a failure, what the round trips were (one seen three times on a machine at load 12+).
    t.equal(roundTrips, 1, `move ${i + 1}: one round trip`, { queries: lastQueries(roundTrips) });
    const held = sharedRecentStates.get(g.id)!;
    t.equal(held.version, body.version);
    const read = await readRow(pool, g.id);
    t.same(held.row, { ...read, snapshot: { version: read.snapshot!.version, stateVersion: read.snapshot!.stateVersion } }, `move ${i + 1}: the held row is the row as read`);
    t.equal(revisionOf(held.row!), await currentRevision(pool, g.id), `move ${i + 1}: at the revision PostgreSQL has`);
  }
});

t.test('a game changed behind the back of the process holding it is read again before the move is decided', async (t) => {
  const { g, pool } = await started(t);
  // Caesar discards; then, between Pompey's read and his discard, Caesar changes his address:
  // Pompey's discard starts Caesar's move, and the email must go to the new address.
  await move(g);
  const address = `moved.${process.pid}@example.org`;
  const { roundTrips, body } = await move(g, async () => {
    await pool.query('UPDATE users SET email = $2 WHERE id = $1', [g.caesar.id, address]);
  });
  t.ok(roundTrips > 1, `read again (${roundTrips} round trips)`);
  const emails = (await pool.query("SELECT to_address FROM outbox WHERE game_id = $1 AND user_id = $2 AND dedupe_key LIKE 'your-turn:%' AND dedupe_key LIKE $3", [g.id, g.caesar.id, `%:${body.version}:%`])).rows;
  t.same(emails, [{ to_address: address }], "Caesar's your-move email goes to his new address");
  t.equal(revisionOf(sharedRecentStates.get(g.id)!.row!), await currentRevision(pool, g.id), 'the held row is up to date again');
  t.equal((await move(g)).roundTrips, 1, 'and the next move is one round trip again');

  // A change the process did not make (another instance's, say): the held state is a version
  // behind, and the move at the held version is refused as stale, not written over it.
  const u = await pendingPlayer(g);
  const game = await look(u, g.id);
  await pool.query("UPDATE games SET days_per_move = 5 WHERE id = $1", [g.id]);
  const res = await u.client.post(`/v1/games/${g.id}/actions`, { action: game.legalActions[0], version: game.version });
  t.equal(res.status, 200, 'the move is made on the game as it is');
  t.equal((await readRow(pool, g.id)).daysPerMove, 5, "and the other writer's change stands");
});

t.test('a move on a game the process does not hold is decided on a read without the lock, in two round trips', async (t) => {
  const { g, pool } = await started(t);
  await move(g);
  const forget = () => sharedRecentStates.forget(g.id, Number.POSITIVE_INFINITY);
  // As on an instance that heard of another's change (events.ts), or never had the game.
  const { roundTrips, body } = await move(g, async () => forget());
  t.equal(roundTrips, 2, 'two round trips');
  const [read, write] = lastQueries(2);
  t.match(read, /^\s*SELECT/, 'the first reads the game, in no transaction');
  t.notMatch(`${read}; ${write}`, /BEGIN|alea_lock_game/, 'neither takes the lock in a transaction of its own');
  t.equal(sharedRecentStates.get(g.id)?.version, body.version, 'the game is held again');
  t.equal((await move(g)).roundTrips, 1, 'and the next move is one round trip');

  // The game moves on between the read and the write: nothing is written on the read, and the
  // move is made under the lock, on the game as it is.
  const other = await connection(t, pool);
  const u = await pendingPlayer(g);
  const game = await look(u, g.id);
  forget();
  await other.query('BEGIN');
  await other.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [g.id]);
  const before = queries();
  const posting = u.client.post(`/v1/games/${g.id}/actions`, { action: game.legalActions[0], version: game.version });
  await new Promise((r) => setTimeout(r, 300));
  await other.query('UPDATE games SET days_per_move = 6 WHERE id = $1', [g.id]);
  await other.query('COMMIT');
  const res = await posting;
  t.equal(res.status, 200, 'the move is made');
  const trips = queries() - before;
  t.ok(lastQueries(trips).some((q) => q.includes('alea_lock_game')), `under the lock, once the write on the read found the game moved on (${trips} round trips)`);
  t.equal((await readRow(pool, g.id)).daysPerMove, 6, "the other writer's change stands");
  t.equal((await readRow(pool, g.id)).snapshot!.version, game.version + 1, 'and the move is written once');
});

t.test('a read of a game held as it is checks its revision only; one changed behind its back is read again', async (t) => {
  const { g, pool } = await started(t);
  await move(g);
  const reads = async () => {
    const before = queries();
    const game = await look(g.caesar, g.id);
    return { game, roundTrips: queries() - before };
  };
  const first = await reads();
  t.equal(first.roundTrips, 1, 'held as it is: one round trip');
  // Every kind of write a read shows, made behind the process's back: the next read shows it.
  await pool.query('UPDATE users SET display_name = $2 WHERE id = $1', [g.pompey.id, 'Magnus']);
  const renamed = await reads();
  t.equal(renamed.roundTrips, 2, 'changed: the revision, then the game');
  t.ok(JSON.stringify(renamed.game.players).includes('Magnus'), "the opponent's new name is shown");
  t.equal((await reads()).roundTrips, 1, 'held as it is again: one round trip');
  await pool.query("UPDATE game_players SET deadline = now() + interval '9 days' WHERE game_id = $1 AND deadline IS NOT NULL", [g.id]);
  const pending = (await reads()).game.players.filter((p: { pending: boolean }) => p.pending);
  t.ok(pending.length > 0);
  for (const p of pending) t.equal(Math.round((Date.parse(p.deadline) - Date.now()) / 86_400_000), 9, `${p.role}'s new deadline is shown`);
  await pool.query("UPDATE games SET days_per_move = 9 WHERE id = $1", [g.id]);
  t.equal((await reads()).game.daysPerMove, 9, "the games row's change is shown");
  t.equal((await reads()).roundTrips, 1, 'and is held as it is from then on');
});

t.test('writeChangeAt writes nothing unless the game is still at the expected revision', async (t) => {
  const { s, g, pool } = await started(t, 1);
  const seqs = async () => (await pool.query('SELECT count(*)::int AS n FROM game_actions WHERE game_id = $1', [g.id])).rows[0].n as number;
  const before = await seqs();
  const expected = await currentRevision(pool, g.id);
  const change = (at: string, key: string | null = null, version = before + 1) =>
    writeChangeAt(
      pool,
      { maxWaitMs: 1000, lockTimeoutMs: 1000, expected: at },
      { gameId: g.id, version, kind: 'action', role: 'Caesar', userId: g.caesar.id, actionJson: '{"type":"done"}', stateJson: null, logFrom: null, logTailJson: null, status: 'active', pending: ['Pompey'], undoRole: '', outcome: null, now: new Date() },
      {
        seats: [],
        outbox: [],
        notify: null,
        key: key === null ? null : { userId: g.caesar.id, key, requestHash: 'mine', status: 200, bodyJson: '{}', expiredBefore: new Date(Date.now() - 60_000) },
      },
    );
  t.equal(await change(`${expected}0`), null, 'another revision: not written');
  t.equal(await seqs(), before, 'no log entry');
  await pool.query("INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at) VALUES ($1, 'used', 'other', 200, '{}', now())", [g.caesar.id]);
  t.equal(await change(expected, 'used'), null, 'a key used already: not written');
  t.equal(await seqs(), before, 'no log entry');
  const written = await change(expected);
  t.ok(written, 'at the revision: written');
  t.equal(await seqs(), before + 1, 'one log entry');
  t.not(String(written!.gameRevision), expected.split(';')[0], "the games row's revision moved on");
  // Another transaction holds the game's lock: the write waits at most its lock timeout...
  const other = new pg.Client({ connectionString: s.db.url });
  await other.connect();
  t.teardown(() => other.end());
  await other.query('BEGIN');
  await other.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [g.id]);
  const at = await currentRevision(pool, g.id);
  const since = Date.now();
  const timedOut = await writeChangeAt(
    pool,
    { maxWaitMs: 1000, lockTimeoutMs: 300, expected: at },
    { gameId: g.id, version: before + 2, kind: 'action', role: 'Caesar', userId: g.caesar.id, actionJson: '{"type":"done"}', stateJson: null, logFrom: null, logTailJson: null, status: 'active', pending: ['Pompey'], undoRole: '', outcome: null, now: new Date() },
    { seats: [], outbox: [], notify: null, key: null },
  ).then(
    () => null,
    (err: unknown) => err,
  );
  t.ok(isBusy(timedOut), `gives up after its lock timeout (${Date.now() - since} ms): busy`);
  // ... and if that transaction writes the game and commits meanwhile, the write finds the game
  // moved on, and writes nothing.
  const waiting = change(at, null, before + 2);
  await new Promise((r) => setTimeout(r, 200));
  await other.query('UPDATE games SET days_per_move = days_per_move WHERE id = $1', [g.id]);
  await other.query('COMMIT');
  t.equal(await waiting, null, 'moved on while it waited: not written');
  t.equal(await seqs(), before + 1, 'no log entry');
  // The pool's one connection: a transaction left open would have started before this statement.
  t.equal((await pool.query('SELECT now() = statement_timestamp() AS fresh')).rows[0].fresh, true, 'no transaction left open');
  // What a pooler does when the next transaction gets another server connection.
  await pool.query('DEALLOCATE ALL');
  t.ok(await change(await currentRevision(pool, g.id), null, before + 2), 'the statements gone: written with them unnamed');
  t.equal(await seqs(), before + 2, 'one more log entry');
  t.same((await pool.query('SELECT name FROM pg_prepared_statements')).rows, [], 'nothing prepared again on that connection');
});
