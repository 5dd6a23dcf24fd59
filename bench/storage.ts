// Storage benchmark (issue 30): how many bytes a finished game takes in the database, table by
// table, as played and after the worker's pruning; and, with --scale, how long a backup and a
// restore of a large database take.
//
// On a throwaway embedded PostgreSQL, two players per game play random legal moves to the end
// through the API (in process, app.inject), each POST with an Idempotency-Key, and the real
// worker sends every email between moves (to a transport that drops it), as if every player took
// their time. Then the tables are compacted (VACUUM FULL: the space a game holds for good, free
// space being reused) and each one's size (heap, TOAST and indexes) divided by the games; the
// pruning of 30 days later (done emails, spent keys) is run and measured again.
// --scale N copies the finished games N times over (new users and games, same seeds and logs,
// so they replay) and times `backupDatabase` and `restoreDatabase` (src/store/backup.ts) of the
// whole database into an empty one on the same server, and verify on a sample.
//
// Usage: npm run bench:storage [-- --games 12 --game julius-caesar|caesars-gallic-war|both --seed 1 --scale 0 --verify on|off --keep DIR]
// (--keep DIR leaves the database's cluster in DIR and prints how to reach it)
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { chooser } from '../test/helpers/chooser.js';
import { BENCH_SECURITY, benchConfig, throwawayPostgres } from './bench-config.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const GAMES = Number(arg('games', '12'));
const WHICH = arg('game', 'julius-caesar');
const SEED = Number(arg('seed', '1'));
const SCALE = Number(arg('scale', '0'));
const KEEP = arg('keep', '');
const VERIFY = arg('verify', 'on') !== 'off';
const MAX_ACTIONS = 5000;
const DAY = 86_400_000;

const { migrate } = await import('../src/store/migrate.js');
const { createDatabase, withDatabase } = await import('../src/store/databases.js');
const { createPrismaClient } = await import('../src/store/prisma.js');
const { buildServer } = await import('../src/http/server.js');
const { fixedClock } = await import('../src/app/clock.js');
const { createWorker } = await import('../src/worker.js');
const { createLogger } = await import('../src/logger.js');
const { backupDatabase, restoreDatabase } = await import('../src/store/backup.js');
const { verifyGames } = await import('../src/app/games/verify.js');

const { dir, server, cleanup } = await throwawayPostgres('alea-storage-', KEEP);

try {
  await createDatabase(server.url(), 'alea');
  const url = withDatabase(server.url(), 'alea');
  await migrate(url);
  const prisma = createPrismaClient(url, { poolSize: 4 });
  const clock = fixedClock('2026-01-01T12:00:00Z');
  const config = benchConfig(url, dir);
  const app = await buildServer({ config, prisma, clock, security: BENCH_SECURITY });
  const worker = createWorker({ prisma, clock, config, transport: { send: async () => {}, close: () => {} }, logger: createLogger('silent') });

  // The tables' size when empty (a page or two each, and their indexes'): not a game's.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const empty = new Map<string, number>();
  await client.query('VACUUM FULL');
  for (const r of (await client.query<{ name: string; total: string }>(`SELECT relname AS name, pg_total_relation_size(oid) AS total FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`)).rows) {
    empty.set(r.name, Number(r.total));
  }

  const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown, key?: string) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(key && { 'idempotency-key': key }) },
      ...(body !== undefined && { payload: body as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  // ------------------------------------------------------------------------------ play to the end
  const pick = chooser(SEED);
  let actions = 0;
  const started = Date.now();
  for (let i = 0; i < GAMES; i++) {
    const module = WHICH === 'both' ? (i % 2 ? 'caesars-gallic-war' : 'julius-caesar') : WHICH;
    const tokens: string[] = [];
    for (const who of ['a', 'b']) {
      const res = await call('POST', '/v1/auth/register', undefined, { email: `${who}${i}.${randomUUID().slice(0, 8)}@example.org`, password: 'correct horse battery', name: `Player ${who}${i}` });
      tokens.push(res.token);
    }
    const created = await call('POST', '/v1/games', tokens[0], { game: module, role: 'random' });
    await call('POST', `/v1/games/${created.id}/join`, tokens[1], {});
    await worker.drain();
    for (let n = 0; ; n++) {
      if (n > MAX_ACTIONS) throw new Error(`game ${created.id} did not end in ${MAX_ACTIONS} actions`);
      // Whoever may act, one of them at random (in a sealed card play both may, and the one who
      // played may still change his card: always asking the first would go round for ever).
      const games = await Promise.all(tokens.map((token) => call('GET', `/v1/games/${created.id}`, token)));
      const movers = tokens.map((token, k) => ({ token, game: games[k] })).filter((m) => m.game.status === 'active' && m.game.legalActions.length > 0);
      if (movers.length === 0) {
        if (games[0].status === 'active') throw new Error(`game ${created.id}: active, and nobody can move`);
        break;
      }
      const { token, game } = movers[pick(movers.length)]!;
      const action = game.legalActions[pick(game.legalActions.length)];
      await call('POST', `/v1/games/${created.id}/actions`, token, { action, version: game.version }, randomUUID());
      actions++;
      // Players take their time: every email goes out before the next move.
      clock.advance(60_000);
      await worker.drain();
    }
    process.stdout.write(`\rplayed ${i + 1}/${GAMES} games, ${actions} actions`);
  }
  process.stdout.write(`\rplayed ${GAMES} ${WHICH} games to the end: ${actions} actions (${(actions / GAMES).toFixed(0)} a game) in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  await app.close();

  const sizes = async (label: string) => {
    // The log as written (B-tree pages split as rows came, dead versions not yet reused), then
    // compacted: what the rows themselves take.
    await client.query('VACUUM game_actions');
    const written = Number((await client.query(`SELECT pg_total_relation_size('game_actions') AS n`)).rows[0].n) - (empty.get('game_actions') ?? 0);
    await client.query('VACUUM FULL');
    const { rows } = await client.query<{ name: string; rows: string; heap: string; toast: string; indexes: string; total: string }>(
      `SELECT c.relname AS name, c.reltuples::bigint AS rows, pg_relation_size(c.oid) AS heap,
              pg_total_relation_size(c.oid) - pg_relation_size(c.oid) - pg_indexes_size(c.oid) AS toast,
              pg_indexes_size(c.oid) AS indexes, pg_total_relation_size(c.oid) AS total
       FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'
       ORDER BY pg_total_relation_size(c.oid) DESC`,
    );
    await client.query('ANALYZE');
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.name, Number((await client.query(`SELECT count(*) AS n FROM "${r.name}"`)).rows[0].n));
    for (const r of rows) r.total = String(Math.max(0, Number(r.total) - (empty.get(r.name) ?? 0)));
    rows.sort((a, b) => Number(b.total) - Number(a.total));
    const all = rows.reduce((n, r) => n + Number(r.total), 0);
    console.log(`\n${label}: ${(all / GAMES / 1024).toFixed(1)} KiB per finished game (${(all / actions).toFixed(0)} bytes per action; sizes less the empty tables')`);
    console.log('| table | rows | heap | TOAST | indexes | bytes per game |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of rows) {
      if (Number(r.total) === 0) continue;
      console.log(`| ${r.name} | ${counts.get(r.name)} | ${kib(r.heap)} | ${kib(r.toast)} | ${kib(r.indexes)} | ${(Number(r.total) / GAMES).toFixed(0)} |`);
    }
    const ga = rows.find((r) => r.name === 'game_actions')!;
    const n = counts.get('game_actions')!;
    const { rows: idx } = await client.query<{ name: string; size: string }>(
      `SELECT i.relname AS name, pg_relation_size(i.oid) AS size FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = 'game_actions'::regclass ORDER BY 1`,
    );
    const { rows: cols } = await client.query<Record<string, string>>(
      `SELECT avg(pg_column_size(a.*))::int AS row, avg(pg_column_size(game_id))::int AS game_id, avg(pg_column_size(seq))::int AS seq,
              avg(pg_column_size(kind))::int AS kind, avg(pg_column_size(role))::int AS role, avg(pg_column_size(action))::int AS action,
              avg(coalesce(pg_column_size(user_id), 0))::int AS user_id, avg(pg_column_size(created_at))::int AS created_at,
              avg(coalesce(pg_column_size(log_from), 0))::int AS log_from, avg(coalesce(pg_column_size(log_tail), 0))::int AS log_tail
       FROM game_actions a`,
    );
    console.log(
      `game_actions: ${(written / n).toFixed(0)} bytes per row as written, ${(Number(ga.total) / n).toFixed(0)} compacted (heap ${(Number(ga.heap) / n).toFixed(0)}, ` +
        `${idx.map((i) => `${i.name} ${(Number(i.size) / n).toFixed(0)}`).join(', ')}); average row ${cols[0]!.row} bytes: ` +
        Object.entries(cols[0]!).filter(([k]) => k !== 'row').map(([k, v]) => `${k} ${v}`).join(', '),
    );
  };

  await sizes('As played (every email sent, every key kept)');
  clock.advance(31 * DAY);
  const pruned = await worker.prune();
  console.log(`\n31 days later the worker prunes ${pruned.emails} emails and ${pruned.keys} idempotency keys`);
  await sizes('After the pruning (what a finished game keeps for good)');
  await worker.stop();
  await prisma.$disconnect();

  // ---------------------------------------------------------------------------- a large database
  if (SCALE > 0) {
    const t0 = Date.now();
    await copyGames(client, SCALE);
    await client.query('VACUUM ANALYZE');
    const games = Number((await client.query('SELECT count(*) AS n FROM games')).rows[0].n);
    const size = Number((await client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
    console.log(`\nlarge database: ${games} finished games, ${mib(size)} (pg_database_size), built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const file = join(dir, 'large.backup.gz');
    let t1 = Date.now();
    const b = await backupDatabase(url, file);
    const rows = Object.values(b.trailer.tables).reduce((n, t) => n + t.rows, 0);
    console.log(`backup: ${((Date.now() - t1) / 1000).toFixed(1)} s, ${rows} rows, file ${mib(b.fileBytes)} (${mib((await stat(file)).size)} on disk)`);
    await createDatabase(server.url(), 'alea_restored');
    const target = withDatabase(server.url(), 'alea_restored');
    t1 = Date.now();
    await restoreDatabase(target, file, { log: (m) => console.log(`  ${m}`) });
    console.log(`restore into an empty database: ${((Date.now() - t1) / 1000).toFixed(1)} s (one transaction, with ANALYZE)`);
    if (VERIFY) {
      const restored = createPrismaClient(target, { poolSize: 2 });
      t1 = Date.now();
      const report = await verifyGames(restored);
      console.log(`verify of the restored database: ${report.checked} games, ${report.mismatches.length} mismatches, ${((Date.now() - t1) / 1000).toFixed(0)} s`);
      await restored.$disconnect();
    }
  }
  await client.end();
  if (KEEP) console.log(`\nthe cluster is kept in ${dir}/pgdata; its URL: ${url}`);
} finally {
  await cleanup();
}

function kib(bytes: string | number): string {
  return `${(Number(bytes) / 1024).toFixed(0)} KiB`;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}

/**
 * Copies every game `times` over with new users (new ids and addresses) and new game ids, the
 * same seeds, options and logs: what many players having played the same games would store.
 * Each table's columns are read from the catalog, so the copy follows the schema.
 */
async function copyGames(client: pg.Client, times: number): Promise<void> {
  const cols = async (table: string) =>
    (await client.query<{ c: string }>(`SELECT attname AS c FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`, [table])).rows.map((r) => r.c);
  const plan: Record<string, (c: string) => string | null> = {
    users: (c) => (c === 'id' ? 'um.new' : c === 'email' ? `$1 || '.' || t.email` : `t.${c}`),
    games: (c) => (c === 'id' ? 'gm.new' : c === 'created_by' ? 'um.new' : c === 'number' ? null : c === 'invite_code' ? `CASE WHEN t.invite_code IS NULL THEN NULL ELSE $1 || t.invite_code END` : `t.${c}`),
    game_players: (c) => (c === 'game_id' ? 'gm.new' : c === 'user_id' ? 'um.new' : `t.${c}`),
    game_actions: (c) => (c === 'game_id' ? 'gm.new' : c === 'user_id' ? 'um.new' : `t.${c}`),
    game_snapshots: (c) => (c === 'game_id' ? 'gm.new' : `t.${c}`),
    idempotency_keys: (c) => (c === 'user_id' ? 'um.new' : `t.${c}`),
    outbox: (c) => (c === 'id' ? null : c === 'user_id' ? 'um.new' : c === 'game_id' ? 'gm.new' : c === 'dedupe_key' ? `$1 || t.dedupe_key` : `t.${c}`),
  };
  const joins: Record<string, string> = {
    users: 'JOIN umap um ON um.old = t.id',
    games: 'JOIN gmap gm ON gm.old = t.id JOIN umap um ON um.old = t.created_by',
    game_players: 'JOIN gmap gm ON gm.old = t.game_id JOIN umap um ON um.old = t.user_id',
    game_actions: 'JOIN gmap gm ON gm.old = t.game_id LEFT JOIN umap um ON um.old = t.user_id',
    game_snapshots: 'JOIN gmap gm ON gm.old = t.game_id',
    idempotency_keys: 'JOIN umap um ON um.old = t.user_id',
    outbox: 'LEFT JOIN gmap gm ON gm.old = t.game_id LEFT JOIN umap um ON um.old = t.user_id',
  };
  const statements: string[] = [];
  for (const table of Object.keys(plan)) {
    const c = (await cols(table)).map((name) => [name, plan[table]!(name)] as const).filter(([, e]) => e !== null);
    statements.push(`INSERT INTO ${table} (${c.map(([n]) => n).join(', ')}) SELECT ${c.map(([, e]) => e).join(', ')} FROM source_${table} t ${joins[table]}`);
  }
  for (const table of Object.keys(plan)) await client.query(`CREATE TEMP TABLE source_${table} AS SELECT * FROM ${table}`);
  await client.query('ALTER TABLE game_players DISABLE TRIGGER USER');
  for (let k = 1; k <= times; k++) {
    await client.query('BEGIN');
    await client.query('CREATE TEMP TABLE umap ON COMMIT DROP AS SELECT id AS old, uuidv7() AS new FROM source_users');
    await client.query('CREATE TEMP TABLE gmap ON COMMIT DROP AS SELECT id AS old, uuidv7() AS new FROM source_games');
    for (const s of statements) await client.query(s, s.includes('$1') ? [`c${k}`] : []);
    await client.query('COMMIT');
    if (k % 10 === 0 || k === times) process.stdout.write(`\rcopied the games ${k}/${times} times`);
  }
  process.stdout.write('\n');
  await client.query('ALTER TABLE game_players ENABLE TRIGGER USER');
}
