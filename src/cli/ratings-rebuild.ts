// `npm run ratings:rebuild`: computes every rating again from the finished rated games
// (src/app/ratings/rebuild.ts) and writes the result; `-- --check` compares only and changes
// nothing. Prints what differed. Exit code 0 when done (with --check: when nothing differs), 1
// when --check finds a difference, 2 on error. Works on DATABASE_URL or the embedded development
// database (like db:migrate and verify).
import { existsSync } from 'node:fs';
import { rebuildRatings } from '../app/ratings/rebuild.js';
import { ConfigError } from '../config/config.js';
import { closePrismaClient, createPrismaClient, poolOf } from '../store/prisma.js';
import { toolDatabase } from './database.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--check');
if (unknown.length) {
  console.error(`ratings:rebuild: unknown argument ${unknown[0]} (usage: npm run ratings:rebuild [-- --check])`);
  process.exit(2);
}
const check = args.includes('--check');
try {
  const db = await toolDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  try {
    console.log(`${check ? 'checking' : 'rebuilding'} the ratings in ${db.source}`);
    const started = Date.now();
    const r = await rebuildRatings(poolOf(prisma), { write: !check, now: new Date() });
    for (const e of r.examples) console.log(`DIFFERS ${e}`);
    if (r.unrated) console.log(`${r.unrated} finished rated game(s) never had their ratings written: left out`);
    console.log(
      `${r.games} rated game(s), ${r.ratings} rating(s) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${r.seatsDiffering} seat(s) and ${r.ratingsDiffering} rating(s) differed from the stored ones${r.written ? '; the rebuilt ratings are written' : ''}`,
    );
    process.exitCode = check && r.seatsDiffering + r.ratingsDiffering > 0 ? 1 : 0;
  } finally {
    await closePrismaClient(prisma);
    await db.release();
  }
} catch (err) {
  console.error(`ratings:rebuild: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 2;
}
