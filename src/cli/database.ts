// The database a command-line tool should work on: DATABASE_URL if set; else the embedded
// development database, reached through the running server if `npm start` owns it, or started
// for the duration of the command.
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
  const config = loadConfig(process.env);
  if (config.databaseUrl) return { url: config.databaseUrl, source: 'DATABASE_URL', release: async () => {} };
  const live = await readLiveLock(config.dataDir);
  if (live?.url) return { url: live.url, source: `the embedded PostgreSQL of Alea process ${live.pid}`, release: async () => {} };
  const { postgresPassword } = await loadOrCreateDevSecrets(config.dataDir);
  const local = await startLocalPostgres({ dataDir: config.dataDir, password: postgresPassword });
  return { url: local.url, source: `the embedded PostgreSQL in ${config.dataDir}`, release: () => local.stop() };
}
