#!/usr/bin/env node
// Compiles src/ once into .build/ (esbuild, file by file, the layout of `npm run build`'s dist/)
// for the processes the tests start: the server (`npm start`'s src/main.ts) and the command-line
// tools. Run through tsx, each of those processes spends about a second of CPU on the loader
// before Alea's first line; the suite starts about fifty of them. Plain JavaScript loads in a
// third of that. Runs before `npm test`; a no-op while src/ is unchanged.
//
// .build/.stamp holds two lines: a digest of src/ (to skip an unchanged build) and the newest
// modified time in src/ when the build read it (milliseconds as fs.statSync's mtimeMs gives them,
// fractions kept: a file's time has nanoseconds, which the stamp file's own time could not keep).
// test/helpers/entry.ts uses .build/ only while nothing in src/ is newer than that, and src/
// through tsx otherwise, so a file edited, added or removed after the build (a folder's time
// changes too) is never run stale.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestModified } from './source-time.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = join(root, '.build');

function files(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out.sort();
}

/** A digest of src/: every file's path and contents. */
function sourceDigest() {
  const hash = createHash('sha256');
  for (const file of files(join(root, 'src'))) {
    hash.update(relative(root, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const stampFile = join(BUILD_DIR, '.stamp');
const sourceTime = newestModified(join(root, 'src')); // read before the sources: a later edit is newer
const digest = sourceDigest();
const stamp = `${digest}\n${sourceTime}\n`;
let current = '';
try {
  current = readFileSync(stampFile, 'utf8').split('\n')[0];
} catch {
  // not built yet
}
if (current === digest && !process.argv.includes('--force')) {
  writeFileSync(stampFile, stamp); // the same sources, touched (a checkout)
  process.exit(0);
}

const { build } = await import('esbuild');
const started = Date.now();
// Built beside, then put in place whole: a test starting meanwhile sees the old build or none.
const next = `${BUILD_DIR}.next-${process.pid}`;
rmSync(next, { recursive: true, force: true });
const sources = files(join(root, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
await build({
  entryPoints: sources,
  outdir: next,
  outbase: join(root, 'src'),
  bundle: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
// JSON and other data files under src/ are read beside the code.
for (const file of files(join(root, 'src')).filter((f) => !f.endsWith('.ts'))) {
  const to = join(next, relative(join(root, 'src'), file));
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, readFileSync(file));
}
writeFileSync(join(next, '.stamp'), stamp);
rmSync(BUILD_DIR, { recursive: true, force: true });
renameSync(next, BUILD_DIR);
console.log(`src-build: ${sources.length} files compiled into .build/ in ${Date.now() - started} ms`);
