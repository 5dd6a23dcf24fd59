// Runs the real entry point (src/main.ts) as a child process, as `npm start` does, in a
// working directory of the test's own, with only the environment the test gives it.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { stopStaleServer } from '../../src/store/embedded-postgres.js';
import { projectPath } from '../../src/paths.js';

const TSX = import.meta.resolve('tsx');
const MAIN = projectPath('src', 'main.ts');

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

export function startAlea(t: Test, cwd: string, env: Record<string, string> = {}): AleaProcess {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (err += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
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
