// API benchmark: POST /v1/games/{id}/actions against a baseline, a bare Fastify + pg route doing
// the minimal transaction a hand-written service would (BEGIN; SELECT the snapshot FOR UPDATE;
// INSERT the log row; UPDATE the snapshot; COMMIT, with named prepared statements), on the same
// throwaway embedded PostgreSQL (fsync on, unless --fsync off).
//
// Each server runs in a child process of its own (so its CPU time can be read from /proc and
// the load generator here does not share its event loop). Windows of a few seconds alternate
// between Alea, Alea with an Idempotency-Key on every POST, and the baseline, at 1, 10 and 100
// concurrent games, so the machine's noise (it is shared) hits all of them alike: the ratios
// are the result, the absolute figures are only indicative. In every window each game has one
// client loop: read the game as a pending player (GET), POST one of its legal actions (a random
// one; the baseline's loop does the same GET + POST shape). A finished game is replaced by a new
// one. Then, one game at a time: the round trips to PostgreSQL of one GET and one POST, and
// the POST latency early (version < 20) and late (version > 250) in a game, alternating.
//
// With --instances N (N > 1), two more variants use N Alea instances on the same database:
// 'alea-spread' sends each request to one of them at random (a load balancer without
// stickiness: the instance that takes a move often did not see the game's last change), and
// 'alea-by-game' each game's requests to one instance (a load balancer routing by game id).
//
// With --computer N, the Alea instance also runs the computer's search thread (as `npm start`
// does), and a variant 'alea+computer' keeps N games against the computer (normal level) busy
// during its windows, a person's move answered at once, so that the computer is thinking all the
// time: the POST latency of the other games with and without it.
//
// Usage: npm run bench:api [-- --levels 1,10,100 --rounds 6 --seconds 2 --pool 20 --fsync on --profile DIR --wal --instances 2 --computer 2]
// (--profile writes a V8 CPU profile of each server to DIR, for Chrome DevTools; --wal adds a
// window of each variant at the first level whose WAL is broken down by table, pg_walinspect)
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import { chooser } from '../test/helpers/chooser.js';
import { countQueries } from '../test/helpers/pg-queries.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : dflt;
};

// ---------------------------------------------------------------- the servers (child processes)

type Kind = 'alea' | 'baseline';

async function serveAlea(databaseUrl: string, pool: number): Promise<{ url: string; stop(): Promise<void> }> {
  const { systemClock } = await import('../src/app/clock.js');
  const { buildServer } = await import('../src/http/server.js');
  const { createPrismaClient } = await import('../src/store/prisma.js');
  const { sharedEvents } = await import('../src/app/events.js');
  const { sharedRecentStates } = await import('../src/app/games/recent-states.js');
  const { listenChannel } = await import('../src/store/notify-channel.js');
  const prisma = createPrismaClient(databaseUrl, { poolSize: pool });
  // As in production (src/main.ts): every change is also sent on the instances' channel.
  const events = await sharedEvents(
    (onMessage) => listenChannel(databaseUrl, 'alea_game_events', onMessage, console),
    (err) => console.error('notify failed', err),
    sharedRecentStates,
  );
  const app = await buildServer({
    config: {
      mode: 'production',
      port: 0,
      host: '127.0.0.1',
      publicUrl: 'http://bench.alea.test',
      databaseUrl,
      // Shared by the instances (--instances): a token from one is good on the others.
      jwtSecret: process.env.BENCH_JWT_SECRET!,
      smtpUrl: undefined,
      mailFrom: 'Alea <alea@bench.test>',
      logLevel: 'silent',
      dataDir: tmpdir(),
      mailDir: tmpdir(),
      // The benchmark measures the API alone; the outbox rows its games enqueue stay unsent.
      worker: false,
      corsOrigins: '*',
      computerThreads: 0,
      computerThreadMemoryMb: 256,
      recordSigningKey: { privateKey: process.env.BENCH_RECORD_KEY!, since: null },
      recordOldKeys: [],
    },
    prisma,
    clock: systemClock,
    events,
    // Sign-up is not what is measured: cheap hashing, no sign-in limit for the sign-ups.
    security: { password: { logN: 10, r: 8, p: 1 }, authRateLimit: { max: 1_000_000, windowMs: 60_000 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // --computer: this instance also runs the computer's search thread, as `npm start` does.
  let computer: { start(): void; stop(): Promise<void> } | null = null;
  if (process.env.BENCH_COMPUTER === '1') {
    const { startComputer } = await import('../src/app/computer/start.js');
    computer = startComputer(app.services, { threads: 1, memoryMb: 512 });
    computer?.start();
  }
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await computer?.stop();
      await app.close();
      await events.close();
      await prisma.$disconnect();
    },
  };
}

// The baseline: what a hand-written service would do for one move, and nothing more (no
// authentication, no rules, no views): the snapshot is read, changed a little and written back.
async function serveBaseline(databaseUrl: string, pool: number): Promise<{ url: string; stop(): Promise<void> }> {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const db = new pg.Pool({ connectionString: databaseUrl, max: pool });
  const app = Fastify({ logger: false });
  app.get('/b/games/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { rows } = await db.query({ name: 'b-read', text: 'SELECT version, state FROM baseline.snapshots WHERE game_id = $1', values: [id] });
    if (!rows[0]) return reply.code(404).send({ error: 'not found' });
    return rows[0];
  });
  app.post('/b/games/:id/actions', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { action, version } = request.body as { action: unknown; version: number };
    const c = await db.connect();
    try {
      await c.query('BEGIN');
      const { rows } = await c.query({ name: 'b-lock', text: 'SELECT version, state FROM baseline.snapshots WHERE game_id = $1 FOR UPDATE', values: [id] });
      const row = rows[0] as { version: number; state: Record<string, unknown> } | undefined;
      if (!row || row.version !== version) {
        await c.query('ROLLBACK');
        return reply.code(409).send({ error: 'stale', version: row?.version });
      }
      const state = { ...row.state, last: action, version: version + 1 };
      await c.query({ name: 'b-log', text: 'INSERT INTO baseline.actions (game_id, seq, action, created_at) VALUES ($1, $2, $3, now())', values: [id, version + 1, JSON.stringify(action)] });
      await c.query({ name: 'b-save', text: 'UPDATE baseline.snapshots SET version = $2, state = $3 WHERE game_id = $1', values: [id, version + 1, JSON.stringify(state)] });
      await c.query('COMMIT');
      return { version: version + 1, state };
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      c.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      await db.end();
    },
  };
}

async function child(kind: Kind, databaseUrl: string, pool: number): Promise<void> {
  // Round trips: every query any pg client of this process sends (Prisma's adapter included).
  const queries = countQueries();
  const server = kind === 'alea' ? await serveAlea(databaseUrl, pool) : await serveBaseline(databaseUrl, pool);
  process.send!({ url: server.url });
  process.on('message', async (m) => {
    if (m === 'queries') process.send!({ queries: queries() });
    if (m === 'stop') {
      await server.stop();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- measuring

const TICK_MS = 10; // /proc times are in clock ticks of 1/100 s on Linux

/** CPU time (ms) of each process, from /proc: user + system. */
async function cpuTimes(pids: number[]): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // gone
    }
  }
  return times;
}

/** CPU time spent between two readings (a process that started meanwhile counts from 0). */
function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

/** The postmaster and its children (backends, WAL writer, checkpointer...). */
async function postgresPids(postmaster: number): Promise<number[]> {
  const pids = [postmaster];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(name));
    } catch {
      // gone
    }
  }
  return pids;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1000 });

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One HTTP request on a kept-alive connection (lighter than fetch, for both servers alike). */
function call(url: string, method: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = httpRequest(
      url,
      {
        method,
        agent,
        headers: {
          ...(o.token && { authorization: `Bearer ${o.token}` }),
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...o.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : null });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// ---------------------------------------------------------------- the players

interface AleaGame {
  id: string;
  tokens: Record<string, string>;
  pending: string[];
}

let signups = 0;
async function newAleaGame(base: string): Promise<AleaGame> {
  const n = signups++;
  const register = async (who: string) => {
    const r = await call(`${base}/v1/auth/register`, 'POST', { body: { email: `${who}${n}@bench.test`, password: 'correct horse battery', name: `Bench ${who}${n}` } });
    if (r.status !== 201 && r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.token as string;
  };
  const a = await register('a');
  const b = await register('b');
  const created = await call(`${base}/v1/games`, 'POST', { token: a, body: { game: 'julius-caesar', role: 'Caesar' } });
  const joined = await call(`${base}/v1/games/${created.body.id}/join`, 'POST', { token: b, body: {} });
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  return { id: created.body.id, tokens: { Caesar: a, Pompey: b }, pending: joined.body.pending };
}

interface Sample {
  latency: number;
  version: number;
}

/** A game against the computer (normal level), its person's account and role. */
interface ComputerGame {
  id: string;
  token: string;
  role: string;
}

async function newComputerGame(base: string): Promise<ComputerGame> {
  const n = signups++;
  const r = await call(`${base}/v1/auth/register`, 'POST', { body: { email: `c${n}@bench.test`, password: 'correct horse battery', name: `Bench c${n}` } });
  const token = r.body.token as string;
  const created = await call(`${base}/v1/games`, 'POST', { token, body: { game: 'julius-caesar', role: 'Pompey', opponent: 'computer', level: 'normal' } });
  if (created.status !== 201 && created.status !== 200) throw new Error(`computer game: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, token, role: 'Pompey' };
}

/**
 * Keeps a game against the computer going until `end`: the person's move (a random legal one) as
 * soon as it is his, so that the computer always has a move to think about. Returns the computer's moves made.
 */
async function keepComputerBusy(base: string, games: ComputerGame[], k: number, pick: (n: number) => number, end: number): Promise<number> {
  let theirs = 0;
  let last = -1;
  while (performance.now() < end) {
    const g = games[k]!;
    const read = await call(`${base}/v1/games/${g.id}`, 'GET', { token: g.token });
    if (read.status !== 200) throw new Error(`GET computer game: ${read.status}`);
    const game = read.body;
    if (game.status !== 'active') {
      games[k] = await newComputerGame(base);
      last = -1;
      continue;
    }
    if (last >= 0 && game.version > last) theirs++;
    if (!game.pending.includes(g.role) || game.legalActions.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const action = game.legalActions[pick(game.legalActions.length)];
    const res = await call(`${base}/v1/games/${g.id}/actions`, 'POST', { token: g.token, body: { action, version: game.version } });
    last = res.status === 200 ? res.body.version : -1;
  }
  return theirs;
}

/**
 * One move of an Alea game: GET as a pending player, POST a random legal action; `base` may
 * choose the server of each request.
 */
async function aleaMove(base: string | (() => string), games: AleaGame[], k: number, pick: (n: number) => number, key: boolean): Promise<Sample | null> {
  const at = typeof base === 'string' ? () => base : base;
  const g = games[k]!;
  const role = g.pending[pick(g.pending.length)]!;
  const token = g.tokens[role]!;
  const read = await call(`${at()}/v1/games/${g.id}`, 'GET', { token });
  if (read.status !== 200) throw new Error(`GET game: ${read.status} ${JSON.stringify(read.body)}`);
  const game = read.body;
  const action = game.legalActions[pick(game.legalActions.length)];
  const t0 = performance.now();
  const res = await call(`${at()}/v1/games/${g.id}/actions`, 'POST', {
    token,
    body: { action, version: game.version },
    ...(key && { headers: { 'idempotency-key': randomUUID() } }),
  });
  const latency = performance.now() - t0;
  if (res.status !== 200) throw new Error(`POST actions: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.status === 'active') g.pending = res.body.pending;
  else games[k] = await newAleaGame(at());
  return { latency, version: res.body.version };
}

async function baselineMove(base: string, k: number): Promise<Sample> {
  const id = baselineId(k);
  const read = await call(`${base}/b/games/${id}`, 'GET');
  const t0 = performance.now();
  const res = await call(`${base}/b/games/${id}/actions`, 'POST', { body: { action: { type: 'move', n: read.body.version }, version: read.body.version } });
  if (res.status !== 200) throw new Error(`baseline POST: ${res.status} ${JSON.stringify(res.body)}`);
  return { latency: performance.now() - t0, version: res.body.version };
}

const baselineId = (k: number) => `00000000-0000-4000-8000-${String(k).padStart(12, '0')}`;

// ---------------------------------------------------------------- the run

type Variant = 'alea' | 'alea+key' | 'baseline' | 'alea-spread' | 'alea-by-game' | 'alea+computer';

interface Window {
  variant: Variant;
  games: number;
  actions: number;
  seconds: number;
  latencies: number[];
  serverCpuMs: number;
  /** This process's, the load generator's (it shares the machine's cores with the servers). */
  clientCpuMs: number;
  pgCpuMs: number;
  walBytes: number;
  /** 'alea+computer': the computer's moves made during the window. */
  computerMoves?: number;
}

async function main(): Promise<void> {
  const LEVELS = arg('levels', '1,10,100').split(',').map(Number);
  const ROUNDS = Number(arg('rounds', '6'));
  const SECONDS = Number(arg('seconds', '2'));
  const POOL = Number(arg('pool', '20'));
  const FSYNC = arg('fsync', 'on') !== 'off';
  const MAX_GAMES = Math.max(...LEVELS);
  const PROFILE = arg('profile', '');
  const WAL_DETAIL = process.argv.includes('--wal');
  const INSTANCES = Number(arg('instances', '1'));
  const COMPUTER = Number(arg('computer', '0'));

  const { startEmbeddedPostgres, postmasterPid } = await import('../src/store/embedded-postgres.js');
  const { migrate } = await import('../src/store/migrate.js');
  const { createDatabase, withDatabase } = await import('../src/store/databases.js');
  const { default: pg } = await import('pg');

  const dir = await mkdtemp(join(tmpdir(), 'alea-bench-'));
  await chmod(dir, 0o755);
  const dataDir = join(dir, 'pgdata');
  const pgServer = await startEmbeddedPostgres({ dataDir, password: randomBytes(12).toString('hex'), ephemeral: !FSYNC });
  const children: ChildProcess[] = [];
  // Ctrl-C: do not leave the throwaway PostgreSQL running.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const c of children) c.kill();
      void pgServer.stop().finally(() => rm(dir, { recursive: true, force: true }).finally(() => process.exit(130)));
    });
  }
  let admin: InstanceType<typeof pg.Client> | undefined;
  try {
    await createDatabase(pgServer.url(), 'alea_bench');
    const databaseUrl = withDatabase(pgServer.url(), 'alea_bench');
    await migrate(databaseUrl);
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // The benchmark's players confirm their addresses at once (as real players do before they
    // play), so that moves enqueue the emails a confirmed player gets and WAL counts them.
    await admin.query(`CREATE FUNCTION bench_confirm() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.email_verified_at := now(); RETURN NEW; END $$;
      CREATE TRIGGER bench_confirm BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION bench_confirm();`);
    const postmaster = (await postmasterPid(dataDir))!;
    const jwtSecret = randomBytes(32).toString('hex');

    const start = async (kind: Kind) => {
      const c = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv: ['--import', 'tsx', ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [])], env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_POOL: String(POOL), BENCH_JWT_SECRET: jwtSecret, BENCH_RECORD_KEY: randomBytes(32).toString('base64url'), BENCH_COMPUTER: kind === 'alea' && COMPUTER > 0 && children.length === 0 ? '1' : '0' } });
      children.push(c);
      const url = await new Promise<string>((resolve, reject) => {
        c.once('message', (m: { url: string }) => resolve(m.url));
        c.once('error', reject);
        c.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code})`)));
      });
      return { child: c, url };
    };
    const alea = await start('alea');
    const baseline = await start('baseline');
    const others = [];
    for (let i = 1; i < INSTANCES; i++) others.push(await start('alea'));
    const spread = [alea, ...others];
    const queriesOf = (c: ChildProcess) =>
      new Promise<number>((resolve) => {
        c.once('message', (m: { queries: number }) => resolve(m.queries));
        c.send('queries');
      });
    console.log(`Alea on ${spread.map((a) => a.url).join(' and ')}, baseline on ${baseline.url}; PostgreSQL ${FSYNC ? 'with' : 'without'} fsync; pools of ${POOL}`);

    // Games: Alea's, and the baseline's with a snapshot as large as an Alea game's at its start.
    const t0 = performance.now();
    const aleaGames: AleaGame[] = [];
    for (let k = 0; k < MAX_GAMES; k += 10) aleaGames.push(...(await Promise.all(Array.from({ length: Math.min(10, MAX_GAMES - k) }, () => newAleaGame(alea.url)))));
    const { rows: states } = await admin.query('SELECT state::text AS state FROM game_snapshots LIMIT 1');
    await admin.query(`CREATE SCHEMA baseline;
      CREATE TABLE baseline.snapshots (game_id uuid PRIMARY KEY, version integer NOT NULL, state json NOT NULL);
      CREATE TABLE baseline.actions (game_id uuid NOT NULL REFERENCES baseline.snapshots, seq integer NOT NULL, action jsonb NOT NULL, created_at timestamptz NOT NULL, PRIMARY KEY (game_id, seq))`);
    for (let k = 0; k < MAX_GAMES; k++) await admin.query('INSERT INTO baseline.snapshots VALUES ($1, 0, $2)', [baselineId(k), states[0].state]);
    console.log(`set up ${MAX_GAMES} started games on each in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const computerGames: ComputerGame[] = [];
    for (let k = 0; k < COMPUTER; k++) computerGames.push(await newComputerGame(alea.url));
    const serversOf = (v: Variant) => (v === 'baseline' ? [baseline] : v === 'alea-spread' || v === 'alea-by-game' ? spread : [alea]);
    const wal = async () => (await admin!.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0].lsn as string;
    const walDiff = async (a: string, b: string) => Number((await admin!.query('SELECT pg_wal_lsn_diff($1, $2) AS d', [b, a])).rows[0].d);

    async function window(variant: Variant, games: number, seed: number): Promise<Window> {
      const servers = serversOf(variant);
      const pids = servers.map((x) => x.child.pid!);
      const [cpu0, pg0, wal0] = [await cpuTimes(pids), await cpuTimes(await postgresPids(postmaster)), await wal()];
      const client0 = process.cpuUsage();
      const latencies: number[] = [];
      const begin = performance.now();
      const end = begin + SECONDS * 1000;
      const busy = variant === 'alea+computer' ? computerGames.map((_, k) => keepComputerBusy(alea.url, computerGames, k, chooser(seed * 7 + k + 1), end)) : [];
      await Promise.all(
        Array.from({ length: games }, async (_, k) => {
          const pick = chooser(seed * 1000 + k + 1);
          const anyOf = () => servers[pick(servers.length)]!.url;
          while (performance.now() < end) {
            const s =
              variant === 'baseline'
                ? await baselineMove(servers[0]!.url, k)
                : await aleaMove(variant === 'alea-spread' ? anyOf : servers[k % servers.length]!.url, aleaGames, k, pick, variant === 'alea+key');
            if (s) latencies.push(s.latency);
          }
        }),
      );
      const computerMoves = (await Promise.all(busy)).reduce((a, b) => a + b, 0);
      const seconds = (performance.now() - begin) / 1000;
      const client = process.cpuUsage(client0);
      const [cpu1, pg1, wal1] = [await cpuTimes(pids), await cpuTimes(await postgresPids(postmaster)), await wal()];
      return { variant, games, actions: latencies.length, seconds, latencies, serverCpuMs: cpuSpent(cpu0, cpu1), clientCpuMs: (client.user + client.system) / 1000, pgCpuMs: cpuSpent(pg0, pg1), walBytes: await walDiff(wal0, wal1), computerMoves };
    }

    const variants: Variant[] = ['alea', 'baseline', 'alea+key', ...(INSTANCES > 1 ? (['alea-spread', 'alea-by-game'] as const) : []), ...(COMPUTER > 0 ? (['alea+computer'] as const) : [])];
    const results = new Map<string, Window[]>();
    let seed = 0;
    for (const games of LEVELS) {
      for (let r = 0; r < ROUNDS; r++) {
        // Rotate the order so that no variant always follows the same one.
        for (let i = 0; i < variants.length; i++) {
          const v = variants[(i + r) % variants.length]!;
          const w = await window(v, games, ++seed);
          const k = `${games}:${v}`;
          results.set(k, [...(results.get(k) ?? []), w]);
        }
      }
    }

    // Where the WAL of a window goes, per relation (heap, index, TOAST), full-page images apart.
    const walDetail: string[] = [];
    if (WAL_DETAIL) {
      await admin.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
      for (const v of variants) {
        const from = await wal();
        const w = await window(v, LEVELS[0]!, ++seed);
        const to = await wal();
        const { rows } = await admin.query(
          `WITH b AS (
             SELECT coalesce(pg_filenode_relation(reltablespace, relfilenode)::text, relfilenode::text) AS rel,
                    sum(block_data_length + block_fpi_length) AS bytes, sum(block_fpi_length) AS fpi
             FROM pg_get_wal_block_info($1::pg_lsn, $2::pg_lsn) GROUP BY 1),
           r AS (SELECT resource_manager || ' ' || split_part(record_type, ' ', 1) AS rel, sum(record_length) AS bytes, 0 AS fpi
             FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) WHERE block_ref IS NULL GROUP BY 1)
           SELECT rel, bytes::float, fpi::float FROM b UNION ALL SELECT * FROM r ORDER BY bytes DESC LIMIT 14`,
          [from, to],
        );
        walDetail.push(
          `  ${v}, ${w.actions} actions, WAL per action by relation (bytes, of which full-page images; the rest is record headers): ` +
            rows.map((r) => `${r.rel} ${(r.bytes / w.actions).toFixed(0)} (${(r.fpi / w.actions).toFixed(0)})`).join(', ') +
            `; in all ${(w.walBytes / w.actions).toFixed(0)}`,
        );
      }
    }

    // One game at a time: round trips of a GET and of a POST (with and without a key).
    const probe = async (c: ChildProcess, f: () => Promise<unknown>, n: number) => {
      const q0 = await queriesOf(c);
      for (let i = 0; i < n; i++) await f();
      return ((await queriesOf(c)) - q0) / n;
    };
    const g = await newAleaGame(alea.url);
    const games1 = [g];
    const pick = chooser(7);
    const getTrips = await probe(alea.child, () => call(`${alea.url}/v1/games/${games1[0]!.id}`, 'GET', { token: games1[0]!.tokens[games1[0]!.pending[0]!]! }), 20);
    const loopTrips = await probe(alea.child, () => aleaMove(alea.url, games1, 0, pick, false), 20);
    const loopKeyTrips = await probe(alea.child, () => aleaMove(alea.url, games1, 0, pick, true), 20);
    const baseGetTrips = await probe(baseline.child, () => call(`${baseline.url}/b/games/${baselineId(0)}`, 'GET'), 20);
    const baseLoopTrips = await probe(baseline.child, () => baselineMove(baseline.url, 0), 20);

    // Early and late in a game, one move at a time, alternating between a game past version 250
    // and one before version 20 (a new one whenever it gets there), so the noise hits both alike.
    const early: number[] = [];
    const late: number[] = [];
    const lateStart = performance.now();
    const old = [await newAleaGame(alea.url)];
    const young = [await newAleaGame(alea.url)];
    const soloPick = chooser(11);
    let oldVersion = 0;
    while (oldVersion <= 250 && performance.now() - lateStart < 90_000) oldVersion = (await aleaMove(alea.url, old, 0, soloPick, false))!.version;
    while (late.length < 60 && performance.now() - lateStart < 120_000) {
      const e = (await aleaMove(alea.url, young, 0, soloPick, false))!;
      if (e.version < 20) early.push(e.latency);
      else young[0] = await newAleaGame(alea.url);
      const l = (await aleaMove(alea.url, old, 0, soloPick, false))!;
      if (l.version > 250) late.push(l.latency);
    }

    const { rows: sizes } = await admin.query(`SELECT
        (SELECT avg(pg_column_size(state))::float FROM game_snapshots) AS alea_state,
        (SELECT avg(pg_column_size(state))::float FROM baseline.snapshots) AS base_state,
        (SELECT count(*)::int FROM game_actions) AS actions,
        pg_total_relation_size('game_actions')::float AS action_bytes,
        (SELECT count(*)::int FROM outbox) AS emails,
        (SELECT avg(pg_column_size(o.*))::float FROM outbox o) AS email_bytes`);
    const { rows: hot } = await admin.query(`SELECT relname, n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables
        WHERE relname IN ('games', 'game_snapshots', 'game_players') ORDER BY relname`);

    // ---- report
    const sum = (ws: Window[], f: (w: Window) => number) => ws.reduce((a, w) => a + f(w), 0);
    const agg = (games: number, v: Variant) => {
      const ws = results.get(`${games}:${v}`) ?? [];
      const actions = sum(ws, (w) => w.actions);
      const lat = ws.flatMap((w) => w.latencies).sort((a, b) => a - b);
      return {
        rate: actions / sum(ws, (w) => w.seconds),
        p50: percentile(lat, 50),
        p95: percentile(lat, 95),
        computerMoves: sum(ws, (w) => w.computerMoves ?? 0),
        p99: percentile(lat, 99),
        server: sum(ws, (w) => w.serverCpuMs) / actions,
        client: sum(ws, (w) => w.clientCpuMs) / actions,
        pg: sum(ws, (w) => w.pgCpuMs) / actions,
        wal: sum(ws, (w) => w.walBytes) / actions,
      };
    };
    const f1 = (x: number) => x.toFixed(1);
    const f2 = (x: number) => x.toFixed(2);
    console.log(`\n${ROUNDS} interleaved windows of ${SECONDS} s per variant and level (each action = a GET of the game, then the timed POST)`);
    console.log('| games | variant | actions/s | POST p50 | POST p99 | server CPU/action | PostgreSQL CPU/action | WAL/action | load generator CPU/action |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const games of LEVELS) {
      for (const v of variants) {
        const a = agg(games, v);
        console.log(`| ${games} | ${v} | ${a.rate.toFixed(0)} | ${f1(a.p50)} ms | ${f1(a.p99)} ms | ${f2(a.server)} ms | ${f2(a.pg)} ms | ${(a.wal / 1024).toFixed(2)} KiB | ${f2(a.client)} ms |`);
      }
    }
    console.log('\nRatios (same run):');
    for (const games of LEVELS) {
      const a = agg(games, 'alea');
      const b = agg(games, 'baseline');
      const k = agg(games, 'alea+key');
      console.log(
        `  ${games} game(s): Alea/baseline actions/s ${f2(a.rate / b.rate)}x, POST p50 ${f2(a.p50 / b.p50)}x the baseline's; ` +
          `an Idempotency-Key costs ${f2(a.rate / k.rate)}x (actions/s without / with)`,
      );
      if (COMPUTER > 0) {
        const c = agg(games, 'alea+computer');
        console.log(`    while the computer thinks (${COMPUTER} games against it at normal on one search thread, ${c.computerMoves} of its moves in these windows): POST p95 ${f1(c.p95)} ms (without: ${f1(a.p95)} ms, ${f2(c.p95 / a.p95)}x), p50 ${f1(c.p50)} ms (${f1(a.p50)} ms), actions/s ${f2(c.rate / a.rate)}x`);
      }
      if (INSTANCES > 1) {
        for (const [v, how] of [['alea-spread', 'each request to any'], ['alea-by-game', 'each game to one']] as const) {
          const m = agg(games, v);
          console.log(`    ${INSTANCES} instances, ${how}: actions/s ${f2(m.rate / a.rate)}x one instance's, server CPU per action ${f2(m.server / a.server)}x, PostgreSQL CPU per action ${f2(m.pg / a.pg)}x, POST p99 ${f2(m.p99 / a.p99)}x`);
        }
      }
    }
    const e = [...early].sort((a, b) => a - b);
    const l = [...late].sort((a, b) => a - b);
    console.log(
      `  late-game POST (version > 250, ${l.length} moves) p50 ${f1(percentile(l, 50))} ms vs early (version < 20, ${e.length} moves) ${f1(percentile(e, 50))} ms: ${f2(percentile(l, 50) / percentile(e, 50))}x`,
    );
    console.log(
      `  round trips to PostgreSQL, one game at a time: GET ${f1(getTrips)}, POST ${f1(loopTrips - getTrips)}, POST with a key ${f1(loopKeyTrips - getTrips)}; baseline GET ${f1(baseGetTrips)}, POST ${f1(baseLoopTrips - baseGetTrips)}`,
    );
    const s = sizes[0];
    console.log(
      `  snapshot: ${(s.alea_state / 1024).toFixed(1)} KiB per game as stored (the baseline's: ${(s.base_state / 1024).toFixed(1)} KiB); ` +
        `log: ${(s.action_bytes / s.actions).toFixed(0)} bytes per entry with indexes; ` +
        `${(s.emails / s.actions).toFixed(2)} emails enqueued per action, ${(s.email_bytes / 1024).toFixed(1)} KiB each; ` +
        `HOT updates: ${hot.map((h) => `${h.relname} ${((100 * h.hot) / Math.max(1, h.upd)).toFixed(0)}%`).join(', ')}`,
    );
    for (const line of walDetail) console.log(line);
  } finally {
    await admin?.end();
    for (const c of children) {
      c.send('stop');
      await new Promise((resolve) => c.once('exit', resolve));
    }
    await pgServer.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const serving = process.argv.indexOf('--serve');
if (serving > 0) await child(process.argv[serving + 1] as Kind, process.env.BENCH_DATABASE_URL!, Number(process.env.BENCH_POOL));
else await main();
