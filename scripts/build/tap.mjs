// tap, built with this project's plugins when it is not built with them yet.
//
// `package.json` turns off tap's TypeScript plugin (tsx compiles the tests instead). tap notices a
// plugin list it was not built with and rebuilds itself at the start of a run, but the runner of
// that run keeps the old list for the test processes' loaders: on a fresh clone (every CI run)
// each test file then also loads ts-node and the TypeScript compiler, about 7 s of CPU a file
// (0.9 s without). Building here, at install, gives the first run the same loaders as every later
// one. Without tap installed (an install without devDependencies) there is nothing to build.
import { spawnSync } from 'node:child_process';
import { versionOf } from './inputs.mjs';

export async function tapPlugins() {
  if (!versionOf('@tapjs/config')) return false;
  const { TapConfig } = await import('@tapjs/config');
  const { signature } = await import('@tapjs/test');
  const config = await TapConfig.load();
  if (config.pluginSignature === signature) return false;
  const r = spawnSync('npx', ['tap', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tap build exited with ${r.status}`);
  return true;
}
