// Runs the real entry point (src/main.ts) as a child process, as `npm start` does, in a
// working directory of the test's own, with only the environment the test gives it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Test } from 'tap';
import { stopStaleServer } from '../../src/store/embedded-postgres.js';
import { nodeArgs } from './entry.js';

const TSX = import.meta.resolve('tsx');

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface AleaProcess {
  child: ChildProcess;
  /** Raw stdout and stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Parsed JSON log lines so far. */
  logs(): LogLine[];
  /** Resolves with the base URL once the server listens; rejects if the process exits first. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A fresh working directory, deleted after the test (its .data/postgres server stopped first). */
export async function workDir(t: Test): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'alea-main-'));
  await chmod(dir, 0o755); // like a clone: searchable, so a root run's 'postgres' user reaches .data
  t.teardown(async () => {
    await stopStaleServer(join(dir, '.data', 'postgres')).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });
  return dir;
}

/** `main`: another copy of src/main.ts to run through tsx (the root test's private project). */
export function startAlea(t: Test, cwd: string, env: Record<string, string> = {}, main?: string): AleaProcess {
  const child = spawn(process.execPath, main ? ['--import', TSX, main] : nodeArgs('src/main.ts'), {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  // 'close': the process has exited and its output is all read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      // Issue 9: every line any Alea process of the suite wrote, scanned for every secret the
      // test knows (the generated secrets, the passwords of the URLs it was given). Tests await
      // `exited`, so this fails the test itself; a process still running at the end is stopped
      // by the teardown below, and a leak then fails the run as an assertion after the end.
      const leaked = knownSecrets(cwd, env).filter(({ value }) => out.includes(value) || err.includes(value));
      for (const name of new Set(leaked.map((l) => l.name))) t.fail(`the output of an Alea process reveals ${name}`);
      resolve({ code, signal });
    }),
  );
  const logs = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const line = logs().find((l) => String(l.msg).startsWith('Alea is listening on'));
      if (line) resolve(String(line.url));
    };
    child.stdout!.on('data', check);
    void exited.then(({ code, signal }) => reject(new Error(`alea exited (${code ?? signal}) before listening:\n${out}\n${err}`)));
  });
  listening.catch(() => {}); // tests that expect a failed start never await it
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  return { child, stdout: () => out, stderr: () => err, logs, listening, exited };
}

/** The secrets an Alea process started in `cwd` with `env` knows, by name (none shorter than 6). */
export function knownSecrets(cwd: string, env: Record<string, string>): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  const dataDir = resolve(cwd, env.DATA_DIR ?? '.data');
  try {
    for (const [name, value] of Object.entries(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>)) {
      // (When the record key was made is published with its public key: no secret.)
      if (name !== 'recordSigningKeySince') found.push({ name: `secrets.json ${name}`, value });
    }
  } catch {
    // no generated secrets (DATABASE_URL and JWT_SECRET given, or a failed start)
  }
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'TEST_DATABASE_URL']) {
    const password = env[name] ? new URL(env[name]).password : '';
    if (password) found.push({ name: `the password in ${name}`, value: password }, { name: `the password in ${name}`, value: decodeURIComponent(password) });
  }
  if (env.JWT_SECRET) found.push({ name: 'JWT_SECRET', value: env.JWT_SECRET });
  if (env.RECORD_SIGNING_KEY) found.push({ name: 'RECORD_SIGNING_KEY', value: env.RECORD_SIGNING_KEY.slice(env.RECORD_SIGNING_KEY.lastIndexOf('@') + 1) });
  return found.filter(({ value }) => value.length >= 6);
}

/** Runs a command-line tool (src/cli/<name>.ts) as `npm run <name>` does, in `cwd`, with only `env`. */
export function runTool(cwd: string, name: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [...nodeArgs(`src/cli/${name}.ts`), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}
