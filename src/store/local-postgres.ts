// The development database: an embedded PostgreSQL whose data lives in DATA_DIR/postgres and is
// kept between runs. One process at a time owns it, recorded in DATA_DIR/postgres.lock (pid and
// connection URL, mode 0600) so that:
//  - a second `npm start` while the first runs gets a clear error instead of a broken cluster;
//  - tools (npm run db:migration) can reach the running server through the lock's URL;
//  - after a crash, the lock's pid is dead, so the server it left running is stopped and
//    started afresh.
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createDatabase, withDatabase } from './databases.js';
import { isAlive, postgresUser, reachableBy, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

export const LOCAL_DATABASE = 'alea';

/** Where clusters go, as root, when the postgres user cannot reach DATA_DIR (see clusterDir). */
export const CLUSTERS_HOME = '/var/lib/alea';

export interface LocalPostgres {
  /** URL of the application database. */
  url: string;
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  dataDir: string;
  password: string;
  log?: (message: string) => void;
  /** Where the supervisor reports that the server died and how restarting it goes. */
  warn?: (message: string) => void;
  /** How often the supervisor checks that the server is alive (ms; default 1000). */
  checkEveryMs?: number;
}

// Restarting a server that died: 0.5 s after noticing, then doubling up to 30 s between tries
// (its orphaned backends may hold its shared memory for a moment; a disk may be full).
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

interface Lock {
  pid: number;
  /** Empty while the server is starting. */
  url: string;
}

export class LocalPostgresBusyError extends Error {
  override name = 'LocalPostgresBusyError';
  constructor(readonly lock: Lock, lockFile: string) {
    super(
      `another Alea process${lock.pid ? ` (pid ${lock.pid})` : ''} is running the embedded PostgreSQL in ${lockFile.replace(/postgres\.lock$/, '')}: ` +
        'stop it first, or give this one its own DATA_DIR or a DATABASE_URL',
    );
  }
}

const lockPath = (dataDir: string) => join(dataDir, 'postgres.lock');

/** The live owner's lock, if a running process owns the local database. */
export async function readLiveLock(dataDir: string): Promise<Lock | undefined> {
  try {
    const lock = JSON.parse(await readFile(lockPath(dataDir), 'utf8')) as Lock;
    return Number.isInteger(lock.pid) && lock.pid !== process.pid && isAlive(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
}

export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const { dataDir, password, log } = options;
  // Searchable by others: when we run as root, Postgres runs as 'postgres' and must reach its folder.
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  await acquireLock(dataDir);
  try {
    const server = await startEmbeddedPostgres({ dataDir: await clusterDir(dataDir, log), password, ...(log && { log }) });
    try {
      await createDatabase(server.url(), LOCAL_DATABASE, { ifMissing: true });
    } catch (err) {
      await server.stop();
      throw err;
    }
    const url = withDatabase(server.url(), LOCAL_DATABASE);
    await writeLock(dataDir, { pid: process.pid, url }, 'w');
    const supervisor = supervise(server, options);
    let stopped: Promise<void> | undefined;
    return {
      url,
      stop: () =>
        (stopped ??= (async () => {
          await supervisor.stop();
          await server.stop();
          await rm(lockPath(dataDir), { force: true });
        })()),
    };
  } catch (err) {
    await rm(lockPath(dataDir), { force: true });
    throw err;
  }
}

/**
 * Watches the server and starts it again, on the same port, if it dies (a crash, an OOM kill,
 * kill -9): the application's pool then reconnects by itself, and answers 503 meanwhile.
 */
function supervise(server: EmbeddedPostgres, options: LocalPostgresOptions): { stop(): Promise<void> } {
  const warn = options.warn ?? options.log ?? (() => {});
  const every = options.checkEveryMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let retryMs = FIRST_RETRY_MS;
  let down = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => (current = check()), ms);
    timer.unref();
  };
  const check = async () => {
    if (await server.running()) return schedule(every);
    if (!down) warn(`the embedded PostgreSQL server on port ${server.port} has stopped unexpectedly; restarting it`);
    down = true;
    if (stopped) return;
    try {
      await server.restart();
      options.log?.(`the embedded PostgreSQL server is running again on port ${server.port}`);
      down = false;
      retryMs = FIRST_RETRY_MS;
      schedule(every);
    } catch (err) {
      warn(`could not restart the embedded PostgreSQL server (retrying in ${retryMs / 1000} s): ${(err as Error).message.split('\n')[0]}`);
      schedule(retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  };
  schedule(every);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/**
 * DATA_DIR/postgres, normally. As root, PostgreSQL runs as the postgres user, which cannot reach
 * a DATA_DIR under a private folder (a clone in /root, mode 0700). Then the cluster lives in
 * CLUSTERS_HOME (root's, kept like any system data) and DATA_DIR/postgres is a symbolic link to
 * it, so the project's folder still says where its data is and deleting the link starts afresh.
 */
export async function clusterDir(dataDir: string, log: (message: string) => void = () => {}): Promise<string> {
  const link = join(dataDir, 'postgres');
  const info = await lstat(link).catch(() => undefined);
  let target: string;
  if (info?.isSymbolicLink()) {
    target = resolve(dataDir, await readlink(link));
    await mkdir(dirname(target), { recursive: true, mode: 0o755 });
  } else {
    const runAs = postgresUser(log);
    if (info || !runAs || reachableBy(runAs, dataDir)) return link;
    await mkdir(CLUSTERS_HOME, { recursive: true, mode: 0o755 });
    const home = await mkdtemp(join(CLUSTERS_HOME, 'cluster-'));
    await chmod(home, 0o755);
    await writeFile(join(home, 'OWNER'), `The embedded PostgreSQL cluster of the Alea data folder ${dataDir} (linked from ${link}).\n`);
    target = join(home, 'postgres');
    await symlink(target, link);
  }
  log(`the "postgres" user cannot reach ${dataDir}: the embedded cluster lives in ${target} (${link} links to it)`);
  return target;
}

// Exclusive create, so two processes starting at once cannot both take over the folder.
async function acquireLock(dataDir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await writeLock(dataDir, { pid: process.pid, url: '' }, 'wx');
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const live = await readLiveLock(dataDir);
      if (live || attempt > 0) throw new LocalPostgresBusyError(live ?? { pid: 0, url: '' }, lockPath(dataDir));
      await rm(lockPath(dataDir), { force: true }); // left by a process that died
    }
  }
}

async function writeLock(dataDir: string, lock: Lock, flag: 'w' | 'wx'): Promise<void> {
  await writeFile(lockPath(dataDir), JSON.stringify(lock) + '\n', { mode: 0o600, flag });
}
