#!/usr/bin/env node
// Runs one of Alea's programs from the build: `node scripts/run.mjs main [args]` is `npm start`,
// `node scripts/run.mjs cli/verify [args]` is `npm run verify`. It first brings up to date what the
// program needs (scripts/build.mjs: the Prisma client and dist/, and for the server the contract
// and the web client it serves), then imports dist/<program>.js in this same process: the program
// is this process, so signals (Ctrl-C, SIGTERM from npm) reach it and its exit code is npm's.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { root } from './build/inputs.mjs';

const [program, ...args] = process.argv.slice(2);
if (!program || !/^(main|cli\/[a-z-]+)$/.test(program)) {
  console.error('usage: node scripts/run.mjs main|cli/<tool> [arguments]');
  process.exit(2);
}
try {
  await build(program === 'main' ? ['prisma', 'contract', 'web', 'server'] : ['server']);
} catch (e) {
  console.error(`build: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
const file = join(root, 'dist', `${program}.js`);
process.setSourceMapsEnabled(true);
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
