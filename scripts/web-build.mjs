#!/usr/bin/env node
// Builds the web client (web/) into web/dist with Vite, offline: first the API types from
// openapi.yaml (openapi-typescript, into web/src/generated/api.d.ts) and the Mediterranean
// coastline (Natural Earth 1:50m land from the world-atlas package, projected and clipped once
// here with d3-geo into web/src/generated/coast.json), then the bundle. Prints the size of each
// JavaScript file gzipped and fails if the board page's JavaScript exceeds its budget.
// Runs after `npm install` and before `npm start` and `npm test`; a no-op while its inputs are
// unchanged. `--force` rebuilds anyway.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const out = join(web, 'dist');
const generated = join(web, 'src', 'generated');
const stampFile = join(out, '.build-hash');
/** The board page's JavaScript, gzipped (issue 10). */
export const JS_BUDGET_BYTES = 150 * 1024;

const require = createRequire(import.meta.url);
try {
  require.resolve('vite/package.json', { paths: [root] });
} catch {
  console.error('web-build: vite is not installed (a devDependency): run `npm install`');
  process.exit(1);
}

// Everything the bundle depends on: the client's sources, the contract, the locked dependencies.
function files(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    if (name === 'dist' || name === 'generated' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...files(p));
    else found.push(p);
  }
  return found.sort();
}
const hash = createHash('sha256');
for (const f of [...files(web), join(root, 'openapi.yaml'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url)]) {
  hash.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
}
const digest = hash.digest('hex');
if (!process.argv.includes('--force') && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === digest) process.exit(0);

// 1. API types, with the project's own generator.
mkdirSync(generated, { recursive: true });
const types = spawnSync(process.execPath, [join(root, 'scripts', 'openapi-generate.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, OPENAPI_TYPES_DIR: generated },
});
if (types.status !== 0) process.exit(types.status ?? 1);

// 2. The coastlines: land polygons projected to each map's SVG coordinates and clipped to it, for
// Julius Caesar's Mediterranean and Caesar's Gallic War's Gaul (each game's web/src/games/<game>/frame.json).
{
  const { geoConicConformal, geoPath } = await import('d3-geo');
  const { feature } = await import('topojson-client');
  const topo = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json', { paths: [root] }), 'utf8'));
  const land = feature(topo, topo.objects.land);
  for (const [gameDir, outFile] of [['julius-caesar', 'coast.json'], ['caesars-gallic-war', 'coast-gaul.json']]) {
    const frame = JSON.parse(readFileSync(join(web, 'src', 'games', gameDir, 'frame.json'), 'utf8'));
    const [[w, s], [e, n]] = frame.bounds;
    const corners = { type: 'MultiPoint', coordinates: [[w, s], [e, s], [w, n], [e, n], [(w + e) / 2, n], [(w + e) / 2, s]] };
    const projection = geoConicConformal().rotate(frame.rotate).parallels(frame.parallels).fitSize([frame.width, frame.height], corners);
    const scale = projection.scale();
    const translate = projection.translate();
    projection.clipExtent([[-5, -5], [frame.width + 5, frame.height + 5]]).precision(0.3);
    const d = geoPath(projection).digits(1)(land) ?? '';
    writeFileSync(join(generated, outFile), JSON.stringify({ source: 'Natural Earth 1:50m land (public domain), via world-atlas', width: frame.width, height: frame.height, rotate: frame.rotate, parallels: frame.parallels, scale, translate, d }) + '\n');
  }
}

// 3. The bundle.
const { build } = await import('vite');
await build({ configFile: join(web, 'vite.config.ts'), logLevel: 'warn' });

// 4. Sizes.
const assets = join(out, 'assets');
let total = 0;
const lines = [];
for (const name of readdirSync(assets).sort()) {
  if (!/\.(js|css)$/.test(name)) continue;
  const body = readFileSync(join(assets, name));
  const gz = gzipSync(body, { level: 9 }).length;
  if (name.endsWith('.js')) total += gz;
  lines.push(`  ${name.padEnd(32)} ${(body.length / 1024).toFixed(1).padStart(7)} KB  ${(gz / 1024).toFixed(1).padStart(6)} KB gzipped`);
}
console.log(`web-build: built web/dist\n${lines.join('\n')}\n  JavaScript in all: ${(total / 1024).toFixed(1)} KB gzipped (budget ${JS_BUDGET_BYTES / 1024} KB)`);
if (total > JS_BUDGET_BYTES) {
  console.error(`web-build: the JavaScript is over its budget (${(total / 1024).toFixed(1)} KB > ${JS_BUDGET_BYTES / 1024} KB gzipped)`);
  process.exit(1);
}
writeFileSync(stampFile, digest + '\n');
