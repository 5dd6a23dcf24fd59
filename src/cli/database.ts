// The database a command-line tool should work on: DATABASE_URL if set; else the embedded
// development database, reached through the running server if `npm start` owns it, or started
// for the duration of the command. Tools need no JWT_SECRET or other server settings.
import { loadConfig } from '../config/config.js';
import { loadOrCreateDevSecrets } from '../config/dev-secrets.js';
import { readLiveLock, startLocalPostgres } from '../store/local-postgres.js';

export interface ToolDatabase {
  url: string;
  /** How it was found, for a log line. */
  source: string;
  release(): Promise<void>;
}

export async function toolDatabase(): Promise<ToolDatabase> {
  // Validates DATABASE_URL and DATA_DIR like the server does, minus production's other demands.
  const config = loadConfig({ ...process.env, NODE_ENV: undefined });
  if (config.databaseUrl) return { url: config.databaseUrl, source: 'DATABASE_URL', release: async () => {} };
  if (process.env.NODE_ENV === 'production') throw new Error('DATABASE_URL is required when NODE_ENV=production');
  const live = await readLiveLock(config.dataDir);
  if (live?.url) return { url: live.url, source: `the embedded PostgreSQL of Alea process ${live.pid}`, release: async () => {} };
  const { postgresPassword } = await loadOrCreateDevSecrets(config.dataDir);
  const local = await startLocalPostgres({ dataDir: config.dataDir, password: postgresPassword });
  return { url: local.url, source: `the embedded PostgreSQL in ${config.dataDir}`, release: () => local.stop() };
}
