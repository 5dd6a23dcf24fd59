// Web client benchmark: the board page's JavaScript (gzipped), its first paint on loopback and the
// size of the blocks on its map, in real Chromium (Debian's chromium-headless-shell), laptop and
// phone viewports. A throwaway embedded PostgreSQL, the server in this process, one started game;
// each run opens the board in a fresh browser context (cold cache) and reads the paint timings
// the browser records.
// Usage: npm run bench:web [-- --runs 10]
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { systemClock } from '../src/app/clock.js';
import { buildServer } from '../src/http/server.js';
import { projectPath } from '../src/paths.js';
import { createDatabase, withDatabase } from '../src/store/databases.js';
import { startEmbeddedPostgres } from '../src/store/embedded-postgres.js';
import { migrate } from '../src/store/migrate.js';
import { createPrismaClient } from '../src/store/prisma.js';
import { CHROMIUM, chromiumPresent, INSTALL_HINT, LAPTOP, PHONE } from '../test/helpers/browser.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RUNS = arg('runs', 10);
const FIRST_PAINT_BUDGET_MS = 1000;
const JS_BUDGET_KB = 150;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** In the page: the smallest block face on the map (CSS px) and the smallest name on a face (px). */
function blockSizes(): { px: number; font: number; n: number } {
  const d = (globalThis as any).document;
  const faces = [...d.querySelectorAll('svg.map [data-block] rect.face, svg.map .pile-face rect.face:not(.back)')].map((r: any) => r.getBoundingClientRect());
  const names = [...d.querySelectorAll('svg.map text.short')].map((x: any) => parseFloat((globalThis as any).getComputedStyle(x).fontSize) * x.getScreenCTM().a);
  return { px: Math.min(...faces.map((r: any) => Math.min(r.width, r.height))), font: Math.min(...names), n: faces.length };
}

async function jsSize(): Promise<number> {
  const dir = projectPath('web', 'dist', 'assets');
  let total = 0;
  for (const f of await readdir(dir)) if (f.endsWith('.js')) total += gzipSync(await readFile(join(dir, f)), { level: 9 }).length;
  return total / 1024;
}

async function main(): Promise<void> {
  if (!chromiumPresent()) {
    console.log(INSTALL_HINT);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'alea-bench-web-'));
  await chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pgdata'), password: randomBytes(12).toString('hex'), ephemeral: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await createDatabase(pg.url(), 'alea_bench_web');
    const databaseUrl = withDatabase(pg.url(), 'alea_bench_web');
    await migrate(databaseUrl);
    const prisma = createPrismaClient(databaseUrl);
    const app = await buildServer({
      config: {
        mode: 'production', port: 0, host: '127.0.0.1', publicUrl: 'http://bench.alea.test', databaseUrl,
        jwtSecret: randomBytes(32).toString('hex'), smtpUrl: undefined, mailFrom: 'Alea <alea@bench.test>',
        logLevel: 'silent', dataDir: dir, mailDir: dir, worker: false, corsOrigins: '*', computerThreads: 0, computerThreadMemoryMb: 256,
        recordSigningKey: { privateKey: randomBytes(32).toString('base64url'), since: null }, recordOldKeys: [],
      },
      prisma,
      clock: systemClock,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const post = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
      return res.json() as Promise<any>;
    };
    const a = await post('/v1/auth/register', { email: 'a@bench.test', password: 'correct horse battery', name: 'Marcus' });
    const b = await post('/v1/auth/register', { email: 'b@bench.test', password: 'correct horse battery', name: 'Gnaeus' });
    const game = await post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }, a.token);
    await post(`/v1/games/${game.id}/join`, {}, b.token);

    console.log(`board page JavaScript: ${(await jsSize()).toFixed(1)} KB gzipped (budget ${JS_BUDGET_KB} KB)`);
    const blocks = new Map<string, { px: number; font: number; n: number }>();
    for (const [name, viewport] of [['laptop 1440x900', LAPTOP], ['phone 375x667', PHONE]] as const) {
      const paint: number[] = [];
      const ready: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport, baseURL: base });
        await context.addInitScript((token) => (globalThis as any).localStorage.setItem('alea.token', token), a.token as string);
        const page = await context.newPage();
        const t0 = Date.now();
        await page.goto(`/games/${game.id}`);
        // The board is drawn when the map's cities are on the page.
        await page.locator('[data-location="Rome"]').waitFor();
        ready.push(Date.now() - t0);
        paint.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
        if (i === 0) blocks.set(name, await page.evaluate(blockSizes));
        await context.close();
      }
      const fp = median(paint);
      console.log(
        `${name}: first contentful paint median ${fp.toFixed(0)} ms (min ${Math.min(...paint).toFixed(0)}, max ${Math.max(...paint).toFixed(0)}); ` +
          `board with the map drawn median ${median(ready)} ms; ${RUNS} cold loads; budget ${FIRST_PAINT_BUDGET_MS} ms: ${fp <= FIRST_PAINT_BUDGET_MS ? 'ok' : 'OVER'}`,
      );
      const bl = blocks.get(name)!;
      console.log(`${name}: the smallest of ${bl.n} blocks on the map at the default zoom ${bl.px.toFixed(1)} px, its name ${bl.font.toFixed(1)} px (at least 28 px on a desktop)`);
    }
    await app.close();
    await prisma.$disconnect();
  } finally {
    await browser.close();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
