// `npm run verify`: replay every started game from its seed and log, compare with its stored
// snapshot, and report each mismatch. Exit code 0 if all match, 1 if any does not, 2 on error.
// Works on DATABASE_URL or the embedded development database (like db:migrate).
import { existsSync } from 'node:fs';
import { verifyGames } from '../app/games/verify.js';
import { ConfigError } from '../config/config.js';
import { closePrismaClient, createPrismaClient } from '../store/prisma.js';
import { toolDatabase } from './database.js';

if (existsSync('.env')) process.loadEnvFile('.env');
try {
  const db = await toolDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  try {
    console.log(`verifying the games in ${db.source}`);
    const report = await verifyGames(prisma);
    for (const m of report.mismatches) console.log(`MISMATCH game #${m.number} (${m.id}): ${m.problems.join('; ')}`);
    console.log(`${report.checked} game(s) checked, ${report.mismatches.length} mismatch(es)`);
    process.exitCode = report.mismatches.length ? 1 : 0;
  } finally {
    await closePrismaClient(prisma);
    await db.release();
  }
} catch (err) {
  console.error(`verify: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 2;
}
