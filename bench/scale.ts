// Scale benchmark (issue 29): the reads a player makes stay fast on a large database, and a move
// is no slower there than on an empty one.
//
// On a throwaway embedded PostgreSQL: a few template games are played through the API (one Julius
// Caesar game with random legal moves to its end, one started and a few moves in, one open), then
// copied in bulk with INSERT ... SELECT over generate_series (not through the API, triggers off):
// --games finished games (default 1,000,000, rated, with both seats, their log rows and their
// final snapshot), --players accounts (100,000, one of them, "Player1", seated in 1 game in 200 as
// the issue's heavy player), --active games in progress (10,000) and --open public games waiting
// in the lobby (200), and a Glicko-2 rating per player. Then, over HTTP to a real server,
// sequential requests, p50 and p95 of: my games (the heavy player's, all and finished only), the
// lobby, a player page (the heavy player's), a leaderboard, a replay step, and a move (GET of the game, then the
// timed POST of a random legal action) on this database and, alternating, on an empty one served
// the same way. Also the worker's digest query (its users by the index on email_preference).
// A replay step: the position half way through a finished game. The message thread is not
// measured: its route is not on this branch yet (branch social), so its row says so.
//
// --log-rows N keeps the first N log rows of the template's for each finished game (default 115,
// as in the issue's database: 114.9 M log rows for 1,000,003 finished games; `all` keeps the
// template's whole log, about 340 rows); the database size per finished game is reported as
// stored and, when logs are cut, as it would be with the template's whole log (the log rows'
// measured size per row times the missing rows).
//
// Usage: npm run bench:scale [-- --games 1000000 --players 100000 --active 10000 --open 200
//   --log-rows 115 --requests 200 --moves 300 --keep DIR]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { chooser } from '../test/helpers/chooser.js';
import { BENCH_SECURITY, benchConfig, throwawayPostgres } from './bench-config.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const GAMES = Number(arg('games', '1000000'));
const PLAYERS = Number(arg('players', '100000'));
const ACTIVE = Number(arg('active', '10000'));
const OPEN = Number(arg('open', '200'));
const LOG_ROWS = arg('log-rows', '115');
const REQUESTS = Number(arg('requests', '200'));
const MOVES = Number(arg('moves', '300'));
const KEEP = arg('keep', '');
const HEAVY_EVERY = 200;
const CHUNK = 50_000;
const PASSWORD = 'correct horse battery';

const { migrate } = await import('../src/store/migrate.js');
const { createDatabase, withDatabase } = await import('../src/store/databases.js');
const { createPrismaClient } = await import('../src/store/prisma.js');
const { buildServer } = await import('../src/http/server.js');
const { systemClock } = await import('../src/app/clock.js');

const { dir, server, cleanup } = await throwawayPostgres('alea-scale-', KEEP);

const t0 = Date.now();
const secs = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

interface Served {
  base: string;
  url: string;
  close(): Promise<void>;
}

/** A migrated database of its own and an Alea server on it, listening on loopback. */
async function serve(name: string): Promise<Served> {
  await createDatabase(server.url(), name);
  const url = withDatabase(server.url(), name);
  await migrate(url);
  const prisma = createPrismaClient(url, { poolSize: 8 });
  const app = await buildServer({ config: benchConfig(url, dir), prisma, clock: systemClock, security: BENCH_SECURITY });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    url,
    async close() {
      await app.close();
      await prisma.$disconnect();
    },
  };
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function register(base: string, name: string): Promise<{ token: string; id: string; email: string }> {
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@bench.test`;
  const r = await call(base, 'POST', '/v1/auth/register', undefined, { email, password: PASSWORD, name });
  return { token: r.token, id: r.user.id, email };
}

/** Two new players and a game between them, started. */
async function newGame(base: string): Promise<{ id: string; tokens: string[] }> {
  const a = await register(base, 'Mover');
  const b = await register(base, 'Mover');
  const g = await call(base, 'POST', '/v1/games', a.token, { game: 'julius-caesar', role: 'Caesar', rated: true });
  await call(base, 'POST', `/v1/games/${g.id}/join`, b.token, {});
  return { id: g.id, tokens: [a.token, b.token] };
}

/** One move: whoever may act GETs the game and POSTs a random legal action; the POST's time in ms (null: the game ended). */
async function move(base: string, game: { id: string; tokens: string[] }, pick: (n: number) => number): Promise<number | null> {
  const views = await Promise.all(game.tokens.map((t) => call(base, 'GET', `/v1/games/${game.id}`, t)));
  const movers = game.tokens.map((token, k) => ({ token, g: views[k] })).filter((m) => m.g.status === 'active' && m.g.legalActions.length > 0);
  if (movers.length === 0) return null;
  const { token, g } = movers[pick(movers.length)]!;
  const action = g.legalActions[pick(g.legalActions.length)];
  const t = performance.now();
  await call(base, 'POST', `/v1/games/${game.id}/actions`, token, { action, version: g.version });
  return performance.now() - t;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

try {
  const empty = await serve('alea_empty');
  const full = await serve('alea');
  const client = new pg.Client({ connectionString: full.url });
  client.on('error', () => {}); // a statement's own error is thrown where it is awaited
  await client.connect();
  const emptySize = Number((await client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n);

  // -------------------------------------------------------------------------------- templates
  const pick = chooser(29);
  const heavy = await register(full.base, 'Player1');
  const other = await register(full.base, 'Template');
  const finished = await call(full.base, 'POST', '/v1/games', heavy.token, { game: 'julius-caesar', role: 'Caesar', rated: true });
  await call(full.base, 'POST', `/v1/games/${finished.id}/join`, other.token, {});
  let templateActions = 0;
  for (;;) {
    if ((await move(full.base, { id: finished.id, tokens: [heavy.token, other.token] }, pick)) === null) break;
    if (++templateActions > 5000) throw new Error('the template game did not end');
  }
  const active = await call(full.base, 'POST', '/v1/games', heavy.token, { game: 'julius-caesar', role: 'Caesar', rated: true });
  await call(full.base, 'POST', `/v1/games/${active.id}/join`, other.token, {});
  for (let i = 0; i < 6; i++) await move(full.base, { id: active.id, tokens: [heavy.token, other.token] }, pick);
  const open = await call(full.base, 'POST', '/v1/games', other.token, { game: 'julius-caesar', role: 'Caesar', rated: true });
  const logRows = Number((await client.query('SELECT count(*) AS n FROM game_actions WHERE game_id = $1', [finished.id])).rows[0].n);
  const keptRows = LOG_ROWS === 'all' ? logRows : Math.min(logRows, Number(LOG_ROWS));
  console.log(`templates played through the API in ${secs()}: a finished game of ${templateActions} moves (${logRows} log rows; ${keptRows} kept per copy), a game in progress, an open game`);

  // ------------------------------------------------------------------------------- bulk fill
  const cols = async (table: string) =>
    (await client.query<{ c: string }>(`SELECT attname AS c FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`, [table])).rows.map((r) => r.c);
  // Deterministic ids: user k and game k of each kind, so that every table's rows of a chunk agree.
  const userId = (k: string) => `(CASE WHEN (${k}) = 0 THEN '${heavy.id}' ELSE '00000000-0000-7000-9000-' || lpad(to_hex(${k}), 12, '0') END)::uuid`;
  const gameId = (kind: number, k: string) => `('00000000-0000-7000-${8000 + kind}-' || lpad(to_hex(${k}), 12, '0'))::uuid`;
  // Seats: the creator's (Caesar in the templates) and the other's.
  const seatA = (kind: number) => (kind === 1 ? `CASE WHEN i % ${HEAVY_EVERY} = 0 THEN 0 ELSE 1 + (i * 7919) % ${PLAYERS - 1} END` : `1 + (i * 31) % ${PLAYERS - 1}`);
  const seatB = (kind: number) => `(1 + ((${seatA(kind)}) + 1 + (i * 104729) % ${PLAYERS - 2}) % ${PLAYERS - 1})`;
  const insertSelect = async (table: string, from: string, expr: (c: string) => string | null, where = '') => {
    const c = (await cols(table)).map((name) => [name, expr(name)] as const).filter(([, e]) => e !== null);
    return `INSERT INTO ${table} (${c.map(([n]) => n).join(', ')}) SELECT ${c.map(([, e]) => e).join(', ')} FROM ${from} ${where}`;
  };

  await client.query('SET session_replication_role = replica'); // no triggers, no foreign-key checks: the rows are made consistent here
  // Users: Player1 is the template's player (user 0, seated in 1 game in 200); the others are copies of it.
  const usersSql = await insertSelect('users', `generate_series($1::bigint, $2::bigint) i CROSS JOIN users t`, (c) =>
    c === 'id' ? userId('i') : c === 'email' ? `'p' || i || '@bench.test'` : c === 'display_name' ? `'Player' || (i + 1)` : c === 'handle' ? `'Player' || (i + 1)` : c === 'email_preference' ? `CASE WHEN i % 50 = 0 THEN 'digest'::email_preference ELSE t.email_preference END` : `t.${c}`,
  `WHERE t.id = '${heavy.id}'`);
  for (let lo = 1; lo < PLAYERS; lo += CHUNK) await client.query(usersSql, [lo, Math.min(PLAYERS - 1, lo + CHUNK - 1)]);
  console.log(`${PLAYERS} players in ${secs()}`);

  // Games of a kind (1 finished, 2 in progress, 3 open), copies of the template game, numbered after `base`.
  const base = Number((await client.query('SELECT max(number) AS n FROM games')).rows[0].n) + 1;
  const copyGames = async (kind: number, template: string, count: number, first: number, withLog: boolean) => {
    const from = `generate_series($1::bigint, $2::bigint) i CROSS JOIN games t`;
    const where = `WHERE t.id = '${template}'`;
    const games = await insertSelect('games', from, (c) =>
      c === 'id' ? gameId(kind, 'i') : c === 'number' ? `${first} + i` : c === 'created_by' ? userId(seatA(kind)) : c === 'invite_code' ? 'NULL' : c === 'rating_seq' ? (kind === 1 ? 'i' : 'NULL') : `t.${c}`,
    where);
    const seats = await insertSelect('game_players', `generate_series($1::bigint, $2::bigint) i CROSS JOIN game_players t JOIN games g ON g.id = t.game_id`, (c) =>
      c === 'game_id' ? gameId(kind, 'i') : c === 'user_id' ? userId(`CASE WHEN t.user_id = g.created_by THEN ${seatA(kind)} ELSE ${seatB(kind)} END`) : c === 'number' ? `${first} + i` : c === 'status' ? 'g.status' : `t.${c}`,
    `WHERE t.game_id = '${template}'`);
    const actions = await insertSelect('game_actions', `generate_series($1::bigint, $2::bigint) i CROSS JOIN game_actions t JOIN games g ON g.id = t.game_id`, (c) =>
      c === 'game_id' ? gameId(kind, 'i') : c === 'user_id' ? `CASE WHEN t.user_id IS NULL THEN NULL WHEN t.user_id = g.created_by THEN ${userId(seatA(kind))} ELSE ${userId(seatB(kind))} END` : `t.${c}`,
    `WHERE t.game_id = '${template}' AND t.seq <= ${kind === 1 ? keptRows : 1_000_000}`);
    const snapshots = await insertSelect('game_snapshots', from.replace('games t', 'game_snapshots t'), (c) => (c === 'game_id' ? gameId(kind, 'i') : `t.${c}`), `WHERE t.game_id = '${template}'`);
    for (let lo = 1; lo <= count; lo += CHUNK) {
      const hi = Math.min(count, lo + CHUNK - 1);
      await client.query('BEGIN');
      for (const sql of [games, seats, ...(withLog ? [actions, snapshots] : [])]) await client.query(sql, [lo, hi]);
      await client.query('COMMIT');
      process.stdout.write(`\r  kind ${kind}: ${hi}/${count} games (${secs()})`);
    }
    process.stdout.write('\n');
  };
  await copyGames(1, finished.id, GAMES, base, true);
  await copyGames(2, active.id, ACTIVE, base + GAMES, true);
  await copyGames(3, open.id, OPEN, base + GAMES + ACTIVE, false);
  await client.query(`SELECT setval(pg_get_serial_sequence('games', 'number'), (SELECT max(number) FROM games))`);
  // A rating for every player in Julius Caesar, spread as a real pool is (established and not).
  await client.query(`DELETE FROM ratings`);
  await client.query(
    `INSERT INTO ratings (user_id, game, rating, rd, volatility, games, wins, losses, draws, updated_at)
     SELECT ${userId('i')}, 'julius-caesar', 1500 + ((i * 7919) % 800) - 400 + (i % 97) / 97.0, 50 + (i * 13) % 300, 0.06, 20, 10, 10, 0, now()
     FROM generate_series(0, ${PLAYERS - 1}) i`,
  );
  await client.query('SET session_replication_role = DEFAULT');
  console.log(`filled in ${secs()}; VACUUM ANALYZE ...`);
  await client.query('VACUUM ANALYZE');
  const counts = (await client.query(`SELECT (SELECT count(*) FROM games WHERE status = 'finished') AS finished, (SELECT count(*) FROM games WHERE status = 'active') AS active,
    (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM game_actions) AS actions, (SELECT count(*) FROM game_players WHERE user_id = $1 AND status = 'finished') AS heavy`, [heavy.id])).rows[0];
  const size = Number((await client.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
  const actionsSize = Number((await client.query(`SELECT pg_total_relation_size('game_actions') AS n`)).rows[0].n);
  const perRow = actionsSize / Number(counts.actions);
  const perGame = (size - emptySize) / Number(counts.finished);
  console.log(
    `database: ${counts.finished} finished games, ${counts.active} in progress, ${counts.users} players (Player1 in ${counts.heavy} finished games), ${counts.actions} log rows; ${mib(size)} ` +
      `(${(perGame / 1024).toFixed(1)} KiB per finished game as stored${keptRows < logRows ? `; with the whole log of ${logRows} rows at ${perRow.toFixed(0)} bytes a row: ${((perGame + (logRows - keptRows) * perRow) / 1024).toFixed(1)} KiB` : ''})`,
  );

  // ------------------------------------------------------------------------------- measures
  const token = (await call(full.base, 'POST', '/v1/auth/login', undefined, { email: heavy.email, password: PASSWORD })).token as string;
  const reads: [string, string][] = [
    ['my games (Player1: all)', '/v1/games?mine=true&limit=20'],
    ['my games (Player1: finished)', '/v1/games?mine=true&status=finished&limit=20'],
    ['my games (Player1: in progress)', '/v1/games?mine=true&status=active&limit=20'],
    ['the lobby (open games)', '/v1/games?status=open&limit=20'],
    ['a player page (Player1)', '/v1/players/Player1'],
    ['a player page (Player777)', '/v1/players/Player777'],
    ['a leaderboard', '/v1/leaderboards/julius-caesar?limit=50'],
  ];
  // The same reads on the empty database (its Player1 has a finished, an active and an open
  // game; Player777 exists), alternating request by request: the machine's load weighs on both.
  const emptyHeavy = await register(empty.base, 'Player1');
  await register(empty.base, 'Player777');
  const rival = await register(empty.base, 'Rival');
  for (const end of [true, false]) {
    const g = await call(empty.base, 'POST', '/v1/games', emptyHeavy.token, { game: 'julius-caesar', role: 'Caesar', rated: true });
    await call(empty.base, 'POST', `/v1/games/${g.id}/join`, rival.token, {});
    if (end) await call(empty.base, 'POST', `/v1/games/${g.id}/resign`, rival.token);
  }
  await call(empty.base, 'POST', '/v1/games', rival.token, { game: 'julius-caesar', role: 'Caesar', rated: true });
  const rows: string[] = [];
  const fmt = (xs: number[]) => `${percentile(xs, 50).toFixed(1)} ms | ${percentile(xs, 95).toFixed(1)} ms`;
  const row = (what: string, xs: number[] | null, empty: number[] | null = null, note = '') =>
    rows.push(
      xs
        ? `| ${what} | ${xs.length} | ${fmt(xs)} | ${percentile(xs, 95) <= 50 ? 'yes' : 'NO'} | ${empty ? `${fmt(empty)} | ${(percentile(xs, 50) / percentile(empty, 50)).toFixed(2)}x` : '- | - | -'} | ${note} |`
        : `| ${what} | - | - | - | - | - | - | - | ${note} |`,
    );
  for (const [what, path] of reads) {
    for (let i = 0; i < 10; i++) await call(full.base, 'GET', path, token);
    for (let i = 0; i < 10; i++) await call(empty.base, 'GET', path, emptyHeavy.token);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      for (const [base, t, into] of i % 2 ? ([[empty.base, emptyHeavy.token, ys], [full.base, token, xs]] as const) : ([[full.base, token, xs], [empty.base, emptyHeavy.token, ys]] as const)) {
        const t0 = performance.now();
        await call(base, 'GET', path, t);
        into.push(performance.now() - t0);
      }
    }
    row(what, xs, ys);
  }
  row('a message thread', null, null, 'not measured: GET /v1/games/{id}/messages is not on this branch (branch social)');
  // A replay step: the position after a log entry of a game played to its end, half way through
  // (the template on the large database; on the empty one, a game played to its end there too).
  const emptyFinished = await call(empty.base, 'POST', '/v1/games', emptyHeavy.token, { game: 'julius-caesar', role: 'Caesar' });
  await call(empty.base, 'POST', `/v1/games/${emptyFinished.id}/join`, rival.token, {});
  while ((await move(empty.base, { id: emptyFinished.id, tokens: [emptyHeavy.token, rival.token] }, pick)) !== null);
  const steps = [
    { base: full.base, token, id: finished.id as string, into: [] as number[] },
    { base: empty.base, token: emptyHeavy.token, id: emptyFinished.id as string, into: [] as number[] },
  ];
  for (const st of steps) st.id = `${st.id}/positions/${Math.floor((await call(st.base, 'GET', `/v1/games/${st.id}`, st.token)).version / 2)}`;
  for (let i = 0; i < REQUESTS; i++) {
    for (const st of i % 2 ? [...steps].reverse() : steps) {
      const t0 = performance.now();
      await call(st.base, 'GET', `/v1/games/${st.id}`, st.token);
      st.into.push(performance.now() - t0);
    }
  }
  row('a replay step (a finished game, half way)', steps[0]!.into, steps[1]!.into);

  // Moves: alternating rounds of 10 on the empty database and on the full one, each on games of its own.
  const games = { empty: [await newGame(empty.base), await newGame(empty.base)], full: [await newGame(full.base), await newGame(full.base)] };
  const samples = { empty: [] as number[], full: [] as number[] };
  for (let round = 0; samples.full.length < MOVES; round++) {
    for (const which of round % 2 ? (['full', 'empty'] as const) : (['empty', 'full'] as const)) {
      const target = which === 'empty' ? empty.base : full.base;
      for (let i = 0; i < 10; i++) {
        const list = games[which];
        const g = list[i % list.length]!;
        const ms = await move(target, g, pick);
        if (ms === null) list[i % list.length] = await newGame(target);
        else samples[which].push(ms);
      }
    }
  }
  row('a move (the POST)', samples.full, samples.empty);
  const ratio = percentile(samples.full, 50) / percentile(samples.empty, 50);
  const ratio95 = percentile(samples.full, 95) / percentile(samples.empty, 95);

  // The worker's digest query, as runDigests sends it.
  const day = new Date().toISOString().slice(0, 10);
  const digest: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await client.query(
      `SELECT u.id, u.email, u.display_name FROM users u WHERE u.email_preference = 'digest' AND u.email_verified_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.dedupe_key = 'digest:' || u.id::text || $1) ORDER BY u.id LIMIT 50`,
      [`:${day}`],
    );
    digest.push(performance.now() - t);
  }

  console.log(`\nsequential requests over HTTP, ${REQUESTS} each after 10 to warm up, alternating with the same on the empty database; moves: ${samples.full.length} and ${samples.empty.length} in alternating rounds`);
  console.log('| request | n | p50 | p95 | p95 <= 50 ms | empty database: p50 | p95 | p50 ratio | note |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  console.log(`move on the large database vs the empty one: p50 ${ratio.toFixed(2)}x, p95 ${ratio95.toFixed(2)}x (target <= 1.2)`);
  console.log(`the worker's digest query (users who chose the digest, by index): p50 ${percentile(digest, 50).toFixed(2)} ms, p95 ${percentile(digest, 95).toFixed(2)} ms`);
  console.log(`total ${secs()}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (the machine's other work counts in every figure)`);
  await client.end();
  await empty.close();
  await full.close();
} finally {
  await cleanup();
}
