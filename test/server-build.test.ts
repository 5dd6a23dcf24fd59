// The server build (scripts/build/server.mjs) and test/helpers/entry.ts together: the processes the
// tests start run the compiled dist/ exactly while it holds src/ as it is, and the TypeScript otherwise.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t, { type Test } from 'tap';
import { projectPath } from '../src/paths.js';
import { buildIsFresh } from './helpers/entry.js';

function project(t: Test): string {
  const root = mkdtempSync(join(tmpdir(), 'alea-src-build-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  symlinkSync(projectPath('node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'src', 'cli', 'hello.ts'), "const word: string = 'hello';\nconsole.log(word);\n");
  return root;
}

function build(root: string): string {
  const script = `import(${JSON.stringify(pathToFileURL(projectPath('scripts', 'build', 'server.mjs')).href)}).then((m) => m.serverBuild(${JSON.stringify(root)}))`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: root });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

t.test('a build is fresh though the sources carry times finer than a millisecond', async (t) => {
  const root = project(t);
  // A checkout's files have nanoseconds; the build's own stamp once kept only milliseconds and
  // so called every build stale: the servers ran through tsx in every run of the suite.
  const fine = 1_795_816_090.774_071_2;
  for (const p of [join(root, 'src', 'cli', 'hello.ts'), join(root, 'src', 'cli'), join(root, 'src')]) utimesSync(p, fine, fine);
  t.match(build(root), /compiled into dist/);
  t.ok(buildIsFresh(root), 'fresh right after the build');
  const run = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'hello.js')], { encoding: 'utf8' });
  t.equal(run.stdout, 'hello\n', 'the compiled file runs');
});

t.test('an edit, a new file or an unchanged checkout after the build', async (t) => {
  const root = project(t);
  const past = Date.now() / 1000 - 60;
  for (const p of [join(root, 'src', 'cli', 'hello.ts'), join(root, 'src', 'cli'), join(root, 'src')]) utimesSync(p, past, past);
  build(root);
  t.ok(buildIsFresh(root));
  const now = Date.now() / 1000;
  utimesSync(join(root, 'src', 'cli', 'hello.ts'), now, now);
  t.notOk(buildIsFresh(root), 'a file edited after the build: stale');
  t.equal(build(root), '', 'same contents: no compile, only the stamp renewed');
  t.ok(buildIsFresh(root), 'fresh again');
  writeFileSync(join(root, 'src', 'cli', 'other.ts'), 'export {};\n');
  t.notOk(buildIsFresh(root), 'a file added: stale');
  t.match(build(root), /compiled/);
  t.ok(buildIsFresh(root));
  rmSync(join(root, 'dist', '.stamp'));
  t.notOk(buildIsFresh(root), 'no stamp: stale');
});
