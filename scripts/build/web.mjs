// The web client (web/) into web/dist with Vite, offline: first each game's coastline (Natural
// Earth 1:50m land from the world-atlas package, projected and clipped once here with d3-geo into
// web/src/generated/<game>-coast.json, in the frame of web/src/games/<game>/frame.json), then the
// bundle. Prints the size of each JavaScript file gzipped and fails if the board page's
// JavaScript exceeds its budget. The API's types it uses are contract.mjs's.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { digest, files, root, stamp, stamped, versionOf } from './inputs.mjs';

/** The board page's JavaScript, gzipped (issue 10). */
export const JS_BUDGET_BYTES = 150 * 1024;

const web = join(root, 'web');

/** Each game folder's coastline, in the frame its frame.json gives. */
async function coastlines(generated) {
  const { geoConicConformal, geoPath } = await import('d3-geo');
  const { feature } = await import('topojson-client');
  const topo = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('world-atlas/land-50m.json', { paths: [root] }), 'utf8'));
  const land = feature(topo, topo.objects.land);
  const games = join(web, 'src', 'games');
  for (const game of readdirSync(games).filter((g) => existsSync(join(games, g, 'frame.json')))) {
    const frame = JSON.parse(readFileSync(join(games, game, 'frame.json'), 'utf8'));
    const [[w, s], [e, n]] = frame.bounds;
    const corners = { type: 'MultiPoint', coordinates: [[w, s], [e, s], [w, n], [e, n], [(w + e) / 2, n], [(w + e) / 2, s]] };
    const projection = geoConicConformal().rotate(frame.rotate).parallels(frame.parallels).fitSize([frame.width, frame.height], corners);
    const scale = projection.scale();
    const translate = projection.translate();
    projection.clipExtent([[-5, -5], [frame.width + 5, frame.height + 5]]).precision(0.3);
    const d = geoPath(projection).digits(1)(land) ?? '';
    writeFileSync(join(generated, `${game}-coast.json`), JSON.stringify({ source: 'Natural Earth 1:50m land (public domain), via world-atlas', width: frame.width, height: frame.height, rotate: frame.rotate, parallels: frame.parallels, scale, translate, d }) + '\n');
  }
}

/** Builds web/dist unless its inputs are unchanged; false when they were (or Vite is not installed). */
export async function webClient() {
  if (!versionOf('vite')) return false;
  const out = join(web, 'dist');
  const stampFile = join(out, '.build-hash');
  // Everything the bundle depends on: the client's sources, the engine code it uses, the contract, the locked dependencies.
  const inputs = [...files(web), ...files(join(root, 'src', 'engine')), join(root, 'openapi.yaml'), join(root, 'package-lock.json'), fileURLToPath(import.meta.url)];
  const hash = digest(inputs);
  if (stamped(stampFile, hash)) return false;
  const generated = join(web, 'src', 'generated');
  mkdirSync(generated, { recursive: true });
  await coastlines(generated);
  const { build } = await import('vite');
  await build({ configFile: join(web, 'vite.config.ts'), logLevel: 'warn' });

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
  console.log(`build: web/dist\n${lines.join('\n')}\n  JavaScript in all: ${(total / 1024).toFixed(1)} KB gzipped (budget ${JS_BUDGET_BYTES / 1024} KB)`);
  if (total > JS_BUDGET_BYTES) throw new Error(`the web client's JavaScript is over its budget (${(total / 1024).toFixed(1)} KB > ${JS_BUDGET_BYTES / 1024} KB gzipped)`);
  stamp(stampFile, hash);
  return true;
}
