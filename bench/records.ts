// What records, transcripts and exports cost the server (issue 38, item 5): measured as the probe
// that found it did, by how slow `/healthz` gets while they run against when the server is idle.
//
// On a throwaway embedded PostgreSQL, Alea runs in a child process of its own (so the load made
// here does not share its event loop). Three players play three games (--game, default Caesar's
// Gallic War, whose random games run to 500-700 entries, as long as the probe's 604) to their end
// through the API with random legal moves (A against B, B against C, C against A: each player
// has two long finished games), and a fourth game is left running after 120 moves. Then, each phase with a
// sequential `/healthz` prober beside it (one request every 20 ms, its latencies' p50 and p95):
//   idle:        nothing else;
//   transcript:  --clients clients (4) each fetch the transcript of the longest finished game
//                --requests times (20) one after another (in rounds until 3 s have passed, so
//                that the prober has samples enough when it is quick);
//   record:      the same with its record (JSON);
//   running:     the same with the running game's record, each client one of its readers;
//   exports:     --exports players (3) download their data export at once.
// Each phase reports the requests' rate and latency and the prober's p50/p95; then what the
// finished games' records kept in game_records take on disk.
//
// Usage: npm run bench:records [-- --game caesars-gallic-war --clients 4 --requests 20 --exports 3 --keep DIR --profile DIR]
// (--profile writes a V8 CPU profile of the server to DIR, for Chrome DevTools)
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chooser } from '../test/helpers/chooser.js';
import { BENCH_SECURITY, benchConfig, throwawayPostgres } from './bench-config.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const CLIENTS = Number(arg('clients', '4'));
const REQUESTS = Number(arg('requests', '20'));
const EXPORTS = Number(arg('exports', '3'));
const GAME = arg('game', 'caesars-gallic-war');
const KEEP = arg('keep', '');
const PROFILE = arg('profile', '');
const PROBE_EVERY_MS = 20;
const MIN_SECONDS = 3;
const PASSWORD = 'correct horse battery';

// ------------------------------------------------------------------ the server (a child process)

async function serve(): Promise<void> {
  const { buildServer } = await import('../src/http/server.js');
  const { createPrismaClient } = await import('../src/store/prisma.js');
  const { systemClock } = await import('../src/app/clock.js');
  const url = process.env.BENCH_DATABASE_URL!;
  const prisma = createPrismaClient(url, { poolSize: 10 });
  const app = await buildServer({ config: benchConfig(url, process.env.BENCH_DIR!), prisma, clock: systemClock, security: BENCH_SECURITY });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      await prisma.$disconnect();
      process.exit(0);
    }
  });
}

// ------------------------------------------------------------------ the load

async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

async function json(base: string, method: string, path: string, token?: string, body?: unknown): Promise<any> {
  const res = await call(base, method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.text ? JSON.parse(res.text) : null;
}

async function register(base: string, name: string): Promise<{ token: string; id: string }> {
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@bench.test`;
  const r = await json(base, 'POST', '/v1/auth/register', undefined, { email, password: PASSWORD, name });
  return { token: r.token, id: r.user.id };
}

/** A game between two players, played with random legal moves to its end (or `moves` moves); its id and length. */
async function play(base: string, a: string, b: string, seed: number, moves = Infinity): Promise<{ id: string; version: number }> {
  const g = await json(base, 'POST', '/v1/games', a, { game: GAME, role: 'random' });
  await json(base, 'POST', `/v1/games/${g.id}/join`, b, {});
  const pick = chooser(seed);
  for (let k = 0; k < moves; k++) {
    const views = await Promise.all([a, b].map((t) => json(base, 'GET', `/v1/games/${g.id}`, t)));
    const movers = [a, b].map((token, i) => ({ token, g: views[i] })).filter((m) => m.g.status === 'active' && m.g.legalActions.length > 0);
    if (movers.length === 0) return { id: g.id, version: views[0].version };
    const { token, g: view } = movers[pick(movers.length)]!;
    const res = await call(base, 'POST', `/v1/games/${g.id}/actions`, token, { action: view.legalActions[pick(view.legalActions.length)], version: view.version });
    if (res.status !== 200 && res.status !== 409) throw new Error(`move: ${res.status} ${res.text}`);
  }
  return { id: g.id, version: (await json(base, 'GET', `/v1/games/${g.id}`, a)).version };
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

/** Runs `load` with the /healthz prober beside it; the prober's latencies and the load's result. */
async function probed<T>(base: string, load: () => Promise<T>): Promise<{ healthz: number[]; result: T; seconds: number }> {
  const healthz: number[] = [];
  let done = false;
  const prober = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await call(base, 'GET', '/healthz');
      if (res.status !== 200) throw new Error(`/healthz: ${res.status}`);
      healthz.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  const t0 = performance.now();
  const result = await load();
  const seconds = (performance.now() - t0) / 1000;
  done = true;
  await prober;
  return { healthz, result, seconds };
}

/**
 * `clients` loops of `requests` sequential GETs of `path` (client k with tokens[k % n]), in rounds
 * until MIN_SECONDS have passed (so the prober has samples enough when it is quick); each request's time.
 */
async function many(base: string, path: string, tokens: string[], clients = CLIENTS, requests = REQUESTS): Promise<{ times: number[]; bytes: number; rounds: number }> {
  const times: number[] = [];
  let bytes = 0;
  let rounds = 0;
  const t0 = performance.now();
  do {
    rounds++;
    await round();
  } while (performance.now() - t0 < MIN_SECONDS * 1000);
  return { times, bytes, rounds };
  async function round() {
    await Promise.all(
      Array.from({ length: clients }, async (_, k) => {
        for (let i = 0; i < requests; i++) {
          const t = performance.now();
          const res = await call(base, 'GET', path, tokens[k % tokens.length]);
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
          times.push(performance.now() - t);
          bytes = res.text.length;
        }
      }),
    );
  }
}

async function main(): Promise<void> {
  const { createDatabase, withDatabase } = await import('../src/store/databases.js');
  const { migrate } = await import('../src/store/migrate.js');
  const { dir, server, cleanup } = await throwawayPostgres('alea-records-', KEEP);
  let child: ReturnType<typeof fork> | undefined;
  try {
    await createDatabase(server.url(), 'alea');
    const url = withDatabase(server.url(), 'alea');
    await migrate(url);
    child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx', ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [])], env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_DIR: dir } });
    const base = await new Promise<string>((resolve, reject) => {
      child!.once('message', (m: { url: string }) => resolve(m.url));
      child!.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    });

    const t0 = performance.now();
    const [a, b, c] = [await register(base, 'Marcus'), await register(base, 'Gnaeus'), await register(base, 'Titus')];
    const finished = await Promise.all([play(base, a.token, b.token, 604), play(base, b.token, c.token, 605), play(base, c.token, a.token, 606)]);
    const running = await play(base, a.token, b.token, 607, 120);
    const longest = finished.reduce((x, y) => (y.version > x.version ? y : x));
    console.log(`3 games of ${GAME} played to their end through the API in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${finished.map((g) => g.version).join(', ')} entries; one running at ${running.version}`);
    const tokens = [a.token, b.token, c.token];
    const rows: string[][] = [];
    const row = (phase: string, r: { healthz: number[]; seconds: number }, what: string) => {
      rows.push([phase, what, ms(percentile(r.healthz, 50)), ms(percentile(r.healthz, 95)), String(r.healthz.length)]);
      console.log(`${phase}: ${what}; /healthz p50 ${ms(percentile(r.healthz, 50))}, p95 ${ms(percentile(r.healthz, 95))} (${r.healthz.length} probes)`);
    };
    const rate = (n: number, s: number) => `${(n / s).toFixed(1)}/s`;

    const idle = await probed(base, () => new Promise((r) => setTimeout(r, 3000)));
    row('idle', idle, 'nothing else');
    for (const [phase, path, who] of [
      ['transcript', `/v1/games/${longest.id}/transcript`, tokens],
      ['record', `/v1/games/${longest.id}/record`, tokens],
      ['running', `/v1/games/${running.id}/record`, [a.token, b.token, c.token]],
    ] as const) {
      const r = await probed(base, () => many(base, path, [...who]));
      row(phase, r, `${r.result.rounds} × ${CLIENTS} × ${REQUESTS} GETs (${(r.result.bytes / 1024).toFixed(0)} KiB each), ${rate(r.result.times.length, r.seconds)}, p50 ${ms(percentile(r.result.times, 50))}, first ${ms(r.result.times[0]!)}`);
    }
    const exports = await probed(base, () =>
      Promise.all(
        Array.from({ length: EXPORTS }, async (_, k) => {
          const t = performance.now();
          const res = await call(base, 'GET', '/v1/me/export', tokens[k % tokens.length]);
          if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text.slice(0, 200)}`);
          return { ms: performance.now() - t, bytes: res.text.length };
        }),
      ),
    );
    row('exports', exports, `${EXPORTS} at once, ${exports.result.map((e) => `${ms(e.ms)} (${(e.bytes / 1024).toFixed(0)} KiB)`).join(', ')}`);

    // What keeping finished records costs: game_records' size (its TOAST, compressed, included) per game kept.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: sizes } = await client.query(`SELECT count(*)::int AS n, pg_total_relation_size('game_records')::bigint AS bytes, sum(length(body_z))::bigint AS z FROM game_records`);
    await client.end();
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    const k = sizes[0];
    const text = (await Promise.all(finished.map(async (g) => (await call(base, 'GET', `/v1/games/${g.id}/record`, a.token)).text.length + (await call(base, 'GET', `/v1/games/${g.id}/transcript`, a.token)).text.length))).reduce((x, y) => x + y, 0);
    console.log(`game_records: ${k.n} finished games kept, ${kib(Number(k.bytes))} on disk with the table's pages and index (${kib(Number(k.bytes) / k.n)} a game; compressed ${kib(Number(k.z) / k.n)} a game, for ${kib(text / finished.length)} of record and transcript)`);

    console.log('\n| phase | load | /healthz p50 | p95 | probes |\n| --- | --- | --- | --- | --- |');
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  } finally {
    child?.send('stop');
    await new Promise((r) => (child ? child.once('exit', r) : r(null)));
    await cleanup();
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
