// Creating and dropping whole databases on a server (the embedded one, or a test server).
import pg from 'pg';

/** The URL of another database on the same server. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = '/' + encodeURIComponent(database);
  return url.toString();
}

export async function createDatabase(serverUrl: string, database: string, options: { ifMissing?: boolean } = {}): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    if (options.ifMissing) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (rowCount) return;
    }
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  });
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`);
  });
}

// serverUrl names any database the role may connect to (e.g. 'postgres'); the role needs CREATEDB.
async function withAdminClient(serverUrl: string, fn: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
