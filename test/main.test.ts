// The process as `npm start` runs it: configuration, embedded database, migrations, HTTP,
// signals and restarts.
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { isAlive, postmasterPid } from '../src/store/embedded-postgres.js';
import { testDatabase } from './helpers/db.js';

// pg_ctl returns once the server has released its data folder; the process ends a moment later.
async function gone(pid: number | undefined): Promise<boolean> {
  for (let i = 0; i < 100 && pid && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !(pid && isAlive(pid));
}
import { startAlea, workDir } from './helpers/process.js';

t.test('with no configuration: embedded PostgreSQL under ./.data, migrations, HTTP; Ctrl-C stops it all', async (t) => {
  const cwd = await workDir(t);
  const alea = startAlea(t, cwd);
  const url = await alea.listening;

  const health = await fetch(`${url}/healthz`);
  t.equal(health.status, 200);
  t.match(await health.json(), { status: 'ok', checks: { database: 'ok' } });
  t.equal((await fetch(`${url}/openapi.yaml`)).status, 200);
  t.equal((await fetch(`${url}/docs`)).status, 200);

  // The API itself: sign up and open a game (with the real password hashing and rate limits).
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
  const registered = await post('/v1/auth/register', { email: 'first@example.org', password: 'correct horse battery', name: 'First' });
  t.equal(registered.status, 201);
  const { token } = (await registered.json()) as { token: string };
  const game = await post('/v1/games', { game: 'julius-caesar', role: 'random' }, token);
  t.equal(game.status, 201);
  t.match(await game.json(), { status: 'open', number: 1 });

  const data = join(cwd, '.data');
  t.ok(existsSync(join(data, 'postgres', 'PG_VERSION')), 'the cluster lives in ./.data/postgres');
  const pid = await postmasterPid(join(data, 'postgres'));
  t.ok(pid && isAlive(pid), 'its server runs');
  const messages = alea.logs().map((l) => l.msg);
  t.ok(messages.includes('applied 1 migration(s)') || messages.some((m) => /^applied \d+ migration/.test(m)), 'migrations applied');

  // Nothing secret in the logs: not the generated JWT secret, not the database password. The
  // signing key's start date is stored beside them but published with the key, and it is the
  // start's own timestamp: a log line of the same millisecond carries it (a fresh clone's suite
  // failed so), so it is not a secret to look for.
  const secrets = JSON.parse(readFileSync(join(data, 'secrets.json'), 'utf8')) as Record<string, string>;
  t.ok(Object.keys(secrets).length >= 3, 'the generated secrets');
  for (const [name, value] of Object.entries(secrets)) {
    if (name === 'recordSigningKeySince') continue;
    t.notOk(alea.stdout().includes(value), `${name} is not logged`);
  }

  alea.child.kill('SIGINT');
  // On a failure, what the process said last.
  const said = () => ({ output: `${alea.stdout().slice(-4000)}\n${alea.stderr().slice(-2000)}` });
  t.same(await alea.exited, { code: 0, signal: null }, 'exits cleanly', said());
  t.ok(alea.logs().some((l) => l.msg === 'requests finished; stopping the embedded PostgreSQL'), 'stops its database after the requests', said());
  t.ok(alea.logs().some((l) => l.msg === 'stopped'), 'says it stopped', said());
  t.ok(await gone(pid), 'the embedded server is stopped');
  t.notOk(existsSync(join(data, 'postgres.lock')), 'the lock is released');

  // The next start finds the data as it was left.
  const again = startAlea(t, cwd);
  const url2 = await again.listening;
  t.equal((await fetch(`${url2}/healthz`)).status, 200);
  t.ok(again.logs().some((l) => l.msg === 'database schema is up to date'), 'migrations are not applied twice');

  // A second process on the same data folder is turned away while the first runs.
  const rival = startAlea(t, cwd);
  t.equal((await rival.exited).code, 1);
  t.match(rival.stdout(), /another Alea process \(pid \d+\) is running the embedded PostgreSQL/);
  t.equal((await fetch(`${url2}/healthz`)).status, 200, 'and the first one is unharmed');

  again.child.kill('SIGTERM');
  t.same(await again.exited, { code: 0, signal: null });
});

t.test('after a crash, the next start stops the server left behind and carries on', async (t) => {
  const cwd = await workDir(t);
  const first = startAlea(t, cwd);
  await first.listening;
  const pgdata = join(cwd, '.data', 'postgres');
  const orphan = await postmasterPid(pgdata);
  first.child.kill('SIGKILL');
  await first.exited;
  t.ok(orphan && isAlive(orphan), 'the crash left PostgreSQL running');

  const next = startAlea(t, cwd);
  const url = await next.listening;
  t.ok(next.logs().some((l) => /stopped a PostgreSQL server left running/.test(l.msg)));
  t.ok(await gone(orphan), 'the old server is gone');
  t.equal((await fetch(`${url}/healthz`)).status, 200);
  next.child.kill('SIGINT');
  t.equal((await next.exited).code, 0);
});

t.test('with DATABASE_URL: that database, and no embedded PostgreSQL', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  const cwd = await workDir(t);
  const alea = startAlea(t, cwd, { DATABASE_URL: db.url });
  const url = await alea.listening;
  t.equal((await fetch(`${url}/healthz`)).status, 200);
  t.notOk(existsSync(join(cwd, '.data', 'postgres')), 'no embedded cluster');
  const applied = await db.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM _prisma_migrations`;
  t.ok(Number(applied[0]!.n) >= 1, 'migrations applied to the given database');
  t.notOk(alea.stdout().includes(new URL(db.url).password), 'its password is not logged');
  alea.child.kill('SIGTERM');
  t.equal((await alea.exited).code, 0);
});

t.test('Ctrl-C with a client stuck halfway through its request: its connection is closed after a grace, and the process stops cleanly', async (t) => {
  const db = await testDatabase(t, { migrate: false });
  const cwd = await workDir(t);
  const alea = startAlea(t, cwd, { DATABASE_URL: db.url });
  const url = new URL(await alea.listening);
  // A body announced at 100 bytes, of which 9 are sent: the request stays in flight.
  const stuck = connect({ host: url.hostname, port: Number(url.port) });
  await once(stuck, 'connect');
  stuck.write(`POST /v1/auth/login HTTP/1.1\r\nHost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"email":`);
  stuck.on('error', () => undefined);
  const cut = once(stuck, 'close');
  await new Promise((r) => setTimeout(r, 200));
  const asked = Date.now();
  alea.child.kill('SIGINT');
  t.same(await alea.exited, { code: 0, signal: null }, 'exits cleanly');
  await cut;
  const took = Date.now() - asked;
  t.ok(took >= 4_500 && took < 14_000, `after the grace (${took} ms), before the shutdown's own limit`);
  t.ok(alea.logs().some((l) => /^requests still in flight after \d+ ms of shutdown: closing their connections$/.test(l.msg)), 'says so');
  t.ok(alea.logs().some((l) => l.msg === 'stopped'), 'says it stopped');
});

t.test('bad configuration: exit 1 with a message naming the variable, before starting anything', async (t) => {
  const cwd = await workDir(t);
  const badPort = startAlea(t, cwd, { PORT: 'eighty' });
  t.equal((await badPort.exited).code, 1);
  t.match(badPort.stderr(), /PORT must be an integer from 0 to 65535 \(got "eighty"\)/);

  const production = startAlea(t, cwd, { NODE_ENV: 'production' });
  t.equal((await production.exited).code, 1);
  t.match(production.stderr(), /DATABASE_URL is required when NODE_ENV=production/);
  t.match(production.stderr(), /JWT_SECRET is required when NODE_ENV=production/);
  t.match(production.stderr(), /RECORD_SIGNING_KEY is required when NODE_ENV=production/);
  t.notOk(existsSync(join(cwd, '.data')), 'nothing was created');
});
