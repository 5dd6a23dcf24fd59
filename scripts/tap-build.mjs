#!/usr/bin/env node
// Builds tap with this project's plugins before `npm test` when it is not built with them yet.
//
// `package.json` turns off tap's TypeScript plugin (tsx compiles the tests instead). tap notices a
// plugin list it was not built with and rebuilds itself at the start of a run, but the runner of
// that run keeps the old list for the test processes' loaders: on a fresh clone (every CI run)
// each test file then also loads ts-node and the TypeScript compiler, about 7 s of CPU a file
// (0.9 s without). Building first, here, gives the first run the same loaders as every later one.
import { spawnSync } from 'node:child_process';
import { TapConfig } from '@tapjs/config';
import { signature } from '@tapjs/test';

const config = await TapConfig.load();
if (config.pluginSignature !== signature) {
  const r = spawnSync('npx', ['tap', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
