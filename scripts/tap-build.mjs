#!/usr/bin/env node
// Builds tap with this project's plugins before `npm test` when it is not built with them yet.
//
// `package.json` turns off tap's TypeScript plugin (tsx compiles the tests instead). tap notices a
// plugin list it was not built with and rebuilds itself at the start of a run, but the runner of
// that run keeps the old list for the test processes' loaders: on a fresh clone (every CI run)
// each test file then also loads ts-node and the TypeScript compiler, about 7 s of CPU a file
// (0.9 s without). Building first, here, gives the first run the same loaders as every later one.
//
// `npm install` runs it (postinstall), as it builds the web client: tap is built once for this
// checkout, not at the start of its first `npm test` (about 7 s there). `npm test` runs it again
// (a no-op while the build holds), for a plugin list changed since. Without tap installed (an
// install without devDependencies) there is nothing to build.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

try {
  createRequire(import.meta.url).resolve('@tapjs/config');
} catch {
  console.log('tap-build: tap is not installed (a devDependency); nothing to build');
  process.exit(0);
}
const { TapConfig } = await import('@tapjs/config');
const { signature } = await import('@tapjs/test');

const config = await TapConfig.load();
if (config.pluginSignature !== signature) {
  const r = spawnSync('npx', ['tap', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
