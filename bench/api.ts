// API benchmark: latency and throughput of POST /v1/games/{id}/actions on loopback, with many
// games played at once by clients generated from openapi.yaml (test/client/).
//
// It starts a throwaway embedded PostgreSQL (fsync on, like a real server, unless --fsync off),
// runs the Alea server in a worker thread (its own event loop, so the load generator in the main
// thread does not share it), signs up two players per game, creates and starts the games, then
// plays them all concurrently: each game has one client loop that reads the game as the pending
// player (GET, not timed) and posts a random legal action (POST, timed), until the game ends or
// has had --actions actions. Reports p50/p90/p99/max latency and the throughput of the POSTs,
// and what the database holds per game and per action.
//
// Usage: npm run bench:api [-- --games 100 --actions 150 --pool 20 --fsync on]
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { chooser } from '../test/helpers/chooser.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};

interface ServerData {
  databaseUrl: string;
  pool: number;
}

async function serve(data: ServerData): Promise<void> {
  const { systemClock } = await import('../src/app/clock.js');
  const { buildServer } = await import('../src/http/server.js');
  const { createPrismaClient } = await import('../src/store/prisma.js');
  const { sharedEvents } = await import('../src/app/events.js');
  const { listenChannel } = await import('../src/store/notify-channel.js');
  const prisma = createPrismaClient(data.databaseUrl, { poolSize: data.pool });
  // As in production (src/main.ts): every change is also sent on the instances' channel.
  const events = await sharedEvents(
    (onMessage) => listenChannel(data.databaseUrl, 'alea_game_events', onMessage, console),
    (err) => console.error('notify failed', err),
  );
  const app: FastifyInstance = await buildServer({
    config: {
      mode: 'production',
      port: 0,
      host: '127.0.0.1',
      publicUrl: 'http://bench.alea.test',
      databaseUrl: data.databaseUrl,
      jwtSecret: randomBytes(32).toString('hex'),
      smtpUrl: undefined,
      mailFrom: 'Alea <alea@bench.test>',
      logLevel: 'silent',
      dataDir: tmpdir(),
      mailDir: tmpdir(),
      // The benchmark measures the API alone; the outbox rows its games enqueue stay unsent.
      worker: false,
      corsOrigins: '*',
    },
    prisma,
    clock: systemClock,
    events,
    // Sign-up is not what is measured: cheap hashing, no sign-in limit for 200 sign-ups.
    security: { password: { logN: 10, r: 8, p: 1 }, authRateLimit: { max: 100_000, windowMs: 60_000 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  parentPort!.postMessage({ url: `http://127.0.0.1:${address.port}` });
  parentPort!.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      await events.close();
      await prisma.$disconnect();
      parentPort!.postMessage('stopped');
    }
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const GAMES = Number(arg('games', '100'));
  const ACTIONS = Number(arg('actions', '150'));
  const POOL = Number(arg('pool', '20'));
  const FSYNC = arg('fsync', 'on') !== 'off';

  const { startEmbeddedPostgres } = await import('../src/store/embedded-postgres.js');
  const { migrate } = await import('../src/store/migrate.js');
  const { createDatabase, withDatabase } = await import('../src/store/databases.js');
  const { aleaClient, registered } = await import('../test/client/api.js');
  const { createPrismaClient } = await import('../src/store/prisma.js');

  const dir = await mkdtemp(join(tmpdir(), 'alea-bench-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pgdata'), password: randomBytes(12).toString('hex'), ephemeral: !FSYNC });
  // Ctrl-C: do not leave the throwaway PostgreSQL running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void pg.stop().finally(() => rm(dir, { recursive: true, force: true }).finally(() => process.exit(130)));
    });
  }
  let worker: Worker | undefined;
  try {
    await createDatabase(pg.url(), 'alea_bench');
    const databaseUrl = withDatabase(pg.url(), 'alea_bench');
    await migrate(databaseUrl);
    // The worker runs this same file; tsx is registered in it first (Node 20 ignores --import for workers).
    const entry = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    worker = new Worker(entry, { eval: true, workerData: { databaseUrl, pool: POOL } satisfies ServerData });
    const base = await new Promise<string>((resolve, reject) => {
      worker!.once('message', (m: { url: string }) => resolve(m.url));
      worker!.once('error', reject);
    });
    console.log(`Alea on ${base}, PostgreSQL ${FSYNC ? 'with' : 'without'} fsync, pool ${POOL}; ${GAMES} games, up to ${ACTIONS} actions each`);

    // Players and games.
    const t0 = performance.now();
    const games = await Promise.all(
      Array.from({ length: GAMES }, async (_, k) => {
        const a = await registered(base, `Bench A${k}`, `a${k}@bench.test`);
        const b = await registered(base, `Bench B${k}`, `b${k}@bench.test`);
        const created = await a.client.POST('/v1/games', { body: { game: 'julius-caesar', role: 'Caesar' } });
        const id = created.data!.id;
        const joined = await b.client.POST('/v1/games/{id}/join', { params: { path: { id } }, body: {} });
        if (!joined.data) throw new Error(`join: ${JSON.stringify(joined.error)}`);
        return { id, clients: { Caesar: a.client, Pompey: b.client } as Record<string, ReturnType<typeof aleaClient>> };
      }),
    );
    console.log(`set up ${GAMES} started games in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Play them all at once.
    const latencies: number[] = [];
    const reads: number[] = [];
    let finished = 0;
    let refused = 0;
    const start = performance.now();
    await Promise.all(
      games.map(async (g, k) => {
        const pick = chooser(k + 1);
        let pending = ['Caesar', 'Pompey'];
        for (let n = 0; n < ACTIONS && pending.length > 0; n++) {
          const role = pending[pick(pending.length)]!;
          const client = g.clients[role]!;
          const r0 = performance.now();
          const read = await client.GET('/v1/games/{id}', { params: { path: { id: g.id } } });
          reads.push(performance.now() - r0);
          const game = read.data!;
          const action = game.legalActions[pick(game.legalActions.length)]!;
          const p0 = performance.now();
          const res = await client.POST('/v1/games/{id}/actions', { params: { path: { id: g.id } }, body: { action, version: game.version } });
          latencies.push(performance.now() - p0);
          if (!res.data) {
            refused++;
            continue;
          }
          pending = res.data.status === 'active' ? res.data.pending : [];
          if (res.data.status === 'finished') finished++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const readSorted = [...reads].sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`POST /v1/games/{id}/actions: ${latencies.length} requests in ${seconds.toFixed(1)} s over ${GAMES} concurrent games`);
    console.log(`  throughput ${(latencies.length / seconds).toFixed(0)} actions/s (with the GET before each: ${((latencies.length + reads.length) / seconds).toFixed(0)} requests/s)`);
    console.log(`  latency p50 ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1]!)}`);
    console.log(`  GET /v1/games/{id} latency p50 ${ms(percentile(readSorted, 50))}, p99 ${ms(percentile(readSorted, 99))}`);
    console.log(`  ${refused} refused, ${finished} games finished`);

    const prisma = createPrismaClient(databaseUrl, { poolSize: 1 });
    const [sizes] = await prisma.$queryRaw<{ actions: bigint; action_bytes: bigint; snapshot_bytes: bigint; avg_state: number }[]>`
      SELECT (SELECT count(*) FROM game_actions) AS actions,
             pg_total_relation_size('game_actions') AS action_bytes,
             pg_total_relation_size('game_snapshots') AS snapshot_bytes,
             (SELECT avg(pg_column_size(state))::float FROM game_snapshots) AS avg_state`;
    await prisma.$disconnect();
    const s = sizes!;
    console.log(
      `  stored: ${(Number(s.action_bytes) / Number(s.actions)).toFixed(0)} bytes per log entry (with indexes), ` +
        `snapshot ${(s.avg_state / 1024).toFixed(1)} KiB per game (json, compressed); snapshots table ${(Number(s.snapshot_bytes) / GAMES / 1024).toFixed(1)} KiB per game (with versions not yet vacuumed)`,
    );
  } finally {
    if (worker) {
      worker.postMessage('stop');
      await new Promise((resolve) => worker!.once('message', resolve));
      await worker.terminate();
    }
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (isMainThread) await main();
else await serve(workerData as ServerData);
