// Past one process (docs/scaling.md): two API instances (npm start with WORKER=off) and two
// separate workers (npm run worker) on one PostgreSQL, as real processes, each with its own
// pool and its own memory of recent game states. Moves go through either instance in turn,
// racing moves through both at once still let exactly one win, an event stream on one instance
// hears of the changes made through the other (up to the last), every game replays to its
// stored state, and every email is sent exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import t, { type Test } from 'tap';
import { verifyGames } from '../src/app/games/verify.js';
import { openEvents } from './helpers/api.js';
import { testDatabase } from './helpers/db.js';
import { nodeArgs } from './helpers/entry.js';
import { startAlea, workDir } from './helpers/process.js';
import { testSmtp } from './helpers/smtp.js';

async function call(base: string, method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(o.body !== undefined && { 'content-type': 'application/json' }), ...(o.token && { authorization: `Bearer ${o.token}` }) },
    ...(o.body !== undefined && { body: JSON.stringify(o.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}

function startWorker(t: Test, cwd: string, env: Record<string, string>): { out: () => string; child: ChildProcess } {
  const child = spawn(process.execPath, nodeArgs('src/cli/worker.ts'), {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return { out: () => out, child };
}

async function until<T>(what: string, get: () => Promise<T | undefined> | T | undefined, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

t.test('two API instances and two workers on one database: moves, races, events and emails (each once)', async (t) => {
  const { url: databaseUrl, prisma } = await testDatabase(t);
  const smtp = await testSmtp(t);
  const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, JWT_SECRET: 'scaling-test-secret-scaling-test-secret', RECORD_SIGNING_KEY: Buffer.alloc(32, 3).toString('base64url'), PUBLIC_URL: 'https://alea.example' };
  const apiA = startAlea(t, await workDir(t), { ...env, WORKER: 'off' });
  const apiB = startAlea(t, await workDir(t), { ...env, WORKER: 'off' });
  const workers = [startWorker(t, await workDir(t), env), startWorker(t, await workDir(t), env)];
  const [a, b] = await Promise.all([apiA.listening, apiB.listening]);
  const bases = [a, b];

  // Accounts made on one instance sign in on the other (one JWT_SECRET, one database).
  const caesar = await call(a, 'POST', '/v1/auth/register', { body: { email: 'caesar@example.org', password: 'correct horse battery', name: 'Caesar' } });
  const pompey = await call(b, 'POST', '/v1/auth/register', { body: { email: 'pompey@example.org', password: 'correct horse battery', name: 'Pompey' } });
  const tokens: Record<string, string> = { Caesar: caesar.body.token, Pompey: pompey.body.token };
  // Both confirm their addresses through their links, each on the other instance: the game's emails go to them.
  for (const [email, base] of [['caesar@example.org', b], ['pompey@example.org', a]] as const) {
    const row = await prisma.outboxEmail.findFirst({ where: { kind: 'email-confirmation', toAddress: email } });
    const token = /\/verify-email\?token=([\w-]+)/.exec(row?.textBody ?? '')?.[1];
    t.equal((await call(base, 'POST', '/v1/auth/email-confirmation', { body: { token } })).status, 200, `${email} confirmed`);
  }
  const game = (await call(a, 'POST', '/v1/games', { token: tokens.Caesar, body: { game: 'julius-caesar', role: 'Caesar' } })).body;
  const stream = await openEvents(b, game.id, { token: tokens.Caesar }); // listens on B
  await stream.waitFor(1);
  const joined = await call(b, 'POST', `/v1/games/${game.id}/join`, { token: tokens.Pompey, body: {} });
  t.equal(joined.status, 200);

  // Moves through A and B in turn: each instance reads the game (GET) as the other left it.
  let version = joined.body.version as number;
  let races = 0;
  for (let n = 0; n < 40; n++) {
    const through = bases[n % 2]!;
    const other = bases[(n + 1) % 2]!;
    const role = n % 2 === 0 ? 'Caesar' : 'Pompey';
    const seen = await call(through, 'GET', `/v1/games/${game.id}`, { token: tokens[role] });
    t.equal(seen.body.version, version, `move ${n}: ${through === a ? 'A' : 'B'} reads the latest version`);
    const mine = seen.body.legalActions.length > 0 ? role : role === 'Caesar' ? 'Pompey' : 'Caesar';
    const view = mine === role ? seen.body : (await call(other, 'GET', `/v1/games/${game.id}`, { token: tokens[mine] })).body;
    if (view.status !== 'active') break;
    const body = { action: view.legalActions[0], version: view.version };
    if (n % 5 === 4) {
      // The same move through both instances at once: exactly one wins.
      const both = await Promise.all(bases.map((base) => call(base, 'POST', `/v1/games/${game.id}/actions`, { token: tokens[mine], body })));
      t.same(both.map((r) => r.status).sort(), [200, 409], `move ${n}: one of two racing moves wins`);
      t.match(both.find((r) => r.status === 409)!.body, { code: 'stale_version', currentVersion: version + 1 });
      races++;
    } else {
      const res = await call(other, 'POST', `/v1/games/${game.id}/actions`, { token: tokens[mine], body });
      t.equal(res.status, 200, `move ${n}`);
    }
    version++;
  }
  t.ok(races >= 5, 'raced several times');

  // The stream on B heard of the changes, whichever instance made them. An event is a prompt to
  // read the game: one that arrives after a newer one is dropped (under load, B's own next
  // change can reach its listeners before A's NOTIFY does), so versions only ever grow, and
  // the last one always arrives.
  const seen = await until('the last version on the stream', () => {
    const versions = stream.events.map((e) => JSON.parse(e.data!).version as number);
    return versions[versions.length - 1] === version ? versions : undefined;
  }, 30_000);
  t.ok(seen.every((v, i) => i === 0 || v > seen[i - 1]!), 'versions only grow, none twice');
  const throughA = seen.filter((v) => v >= 3 && v % 2 === 1); // moves 1, 3, 5... went through A
  t.ok(throughA.length > 0, `changes made through A were heard on B (${throughA.length})`);
  await stream.close();

  // The log and the snapshot agree: replaying the game gives its stored state.
  t.same(await verifyGames(prisma), { checked: 1, mismatches: [] });

  // Every email enqueued was sent exactly once, by one of the two workers, or dropped (or, after a
  // failed attempt, expired) unsent because it was no longer needed (a "your move" whose move was
  // made before it went out, or that a newer "your move" to the same player replaced: the players
  // move at once here, and the stream above held their emails while it was open), or is still held:
  // the last "your move", if a worker saw its player watching before the stream closed, waits out
  // the hold (3 minutes after the move began; mail/mail-worker.ts) before it goes.
  const enqueued = await prisma.outboxEmail.count();
  t.ok(enqueued >= 2, `the game caused emails (${enqueued})`);
  const count = (status: 'sent' | 'dropped' | 'expired') => prisma.outboxEmail.count({ where: { status } });
  const held = () => prisma.outboxEmail.count({ where: { status: 'pending', kind: 'your-turn', attempts: 0, nextAttemptAt: { gt: new Date() } } });
  const sent = await until('every email sent, dropped or held', async () => {
    // An attempt that failed (SMTP too slow to greet on a loaded machine) is retried later; if its
    // move was made meanwhile, the row ends `expired` instead of `dropped`: tried, no longer needed.
    const [n, dropped, expired, waiting] = [await count('sent'), await count('dropped'), await count('expired'), await held()];
    return n + dropped + expired + waiting === enqueued && waiting <= 1 && smtp.received.length >= n ? n : undefined;
  }).catch(async (err: Error) => {
    // Say what each email was doing, so a failure here can be understood.
    const rows = await prisma.outboxEmail.findMany({ orderBy: { id: 'asc' }, select: { kind: true, status: true, attempts: true, userId: true, createdAt: true, nextAttemptAt: true, lastError: true } });
    throw new Error(`${err.message}; received ${smtp.received.length}; now ${new Date().toISOString()}; rows ${JSON.stringify(rows)}`);
  });
  t.ok(sent >= 1, `emails sent (${sent} of ${enqueued})`);
  await new Promise((r) => setTimeout(r, 1000)); // a duplicate would arrive now
  t.equal(smtp.received.length, sent, 'as many emails received as sent');
  t.equal(new Set(smtp.received.map((m) => m.messageId)).size, sent, 'no Message-ID twice');
  for (const w of workers) t.match(w.out(), /"msg":"worker started"/);
});
