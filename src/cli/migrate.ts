// `npm run db:migrate`: apply pending migrations and exit (the server also does this at start).
import { existsSync } from 'node:fs';
import { ConfigError } from '../config/config.js';
import { migrate } from '../store/migrate.js';
import { toolDatabase } from './database.js';

if (existsSync('.env')) process.loadEnvFile('.env');
try {
  const db = await toolDatabase();
  try {
    console.log(`migrating ${db.source}`);
    const { applied } = await migrate(db.url, { log: (m) => console.log(m) });
    console.log(applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date');
  } finally {
    await db.release();
  }
} catch (err) {
  console.error(`db:migrate: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 1;
}
