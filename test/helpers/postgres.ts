// The PostgreSQL server the tests use, in this order of preference:
//  1. TEST_DATABASE_URL (or DATABASE_URL): your own server; each test file gets its own
//     database there (alea_test_*), created and dropped by the tests. The role needs CREATEDB.
//  2. The embedded server that test/setup/before.ts starts once per tap run (tap's `before`
//     option), described in <tmp>/alea-tap-<pid of the tap runner>/server.json. Test files are
//     children of the tap runner, so they find it through process.ppid.
//  3. Otherwise (a test file run on its own, without tap): a private embedded server for this
//     process, stopped when the file's tests end.
// Throwaway clusters run with fsync off and live in the system's temp folder.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive, startEmbeddedPostgres, stopStaleServer } from '../../src/store/embedded-postgres.js';

const RUN_PREFIX = 'alea-tap-';

/** The folder of a tap run's shared server: keyed by the tap runner's pid. */
export const runDir = (runnerPid: number = process.ppid): string => join(tmpdir(), `${RUN_PREFIX}${runnerPid}`);

export const externalServerUrl = (): string | undefined => process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** Starts the shared server of the tap run this process belongs to (from test/setup/before.ts). */
export async function startSharedServer(): Promise<string> {
  await sweepStaleRuns();
  const dir = runDir();
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const server = await startThrowaway(dir);
  await writeFile(join(dir, 'server.json'), JSON.stringify({ url: server.url() }), { mode: 0o600 });
  return server.url();
}

/** Stops the shared server of this tap run and deletes its folder (from test/setup/after.ts). */
export async function stopSharedServer(runnerPid: number = process.ppid): Promise<void> {
  const dir = runDir(runnerPid);
  await stopStaleServer(join(dir, 'pgdata')).catch(() => {});
  await rm(dir, { recursive: true, force: true });
}

// Runs killed before their `after` step leave a server behind: stop those whose runner is gone.
async function sweepStaleRuns(): Promise<void> {
  for (const name of await readdir(tmpdir()).catch(() => [] as string[])) {
    const pid = name.startsWith(RUN_PREFIX) ? Number(name.slice(RUN_PREFIX.length)) : NaN;
    if (Number.isInteger(pid) && pid !== process.ppid && !isAlive(pid)) await stopSharedServer(pid);
  }
}

let privateServer: Promise<string> | undefined;

/** URL of a database on the server the tests use (any database; tests create their own). */
export async function testServerUrl(): Promise<string> {
  const external = externalServerUrl();
  if (external) return external;
  try {
    return (JSON.parse(await readFile(join(runDir(), 'server.json'), 'utf8')) as { url: string }).url;
  } catch {
    return (privateServer ??= startPrivateServer());
  }
}

async function startPrivateServer(): Promise<string> {
  // Named like a tap run keyed by our own pid, so a crash is swept by the next run.
  const dir = runDir(process.pid);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const server = await startThrowaway(dir);
  // Imported here, not at the top: before.ts and after.ts use this module outside of a test.
  const { default: tap } = await import('tap');
  tap.teardown(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return server.url();
}

/** A throwaway embedded server, or an error that says what to do when there can be none. */
async function startThrowaway(dir: string) {
  try {
    return await startEmbeddedPostgres({
      dataDir: join(dir, 'pgdata'),
      password: randomBytes(16).toString('hex'),
      ephemeral: true,
      log: (message) => console.log(`# ${message}`),
    });
  } catch (err) {
    throw new Error(
      `the tests need a PostgreSQL server and the embedded one could not start in ${dir}: ${(err as Error).message}\n` +
        'To use your own server instead: TEST_DATABASE_URL=postgres://user:password@host/db npm test (the role needs CREATEDB).',
    );
  }
}
