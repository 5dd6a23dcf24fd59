// Creating and dropping whole databases on a server (the embedded one, or a test server).
import pg from 'pg';

/** The URL of another database on the same server. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = '/' + encodeURIComponent(database);
  return url.toString();
}

/** Creates a database: empty, or (`template`) a copy of another that nobody is connected to. */
export async function createDatabase(serverUrl: string, database: string, options: { ifMissing?: boolean; template?: string } = {}): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    if (options.ifMissing) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (rowCount) return;
    }
    const template = options.template === undefined ? '' : ` TEMPLATE ${client.escapeIdentifier(options.template)}`;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}${template}`);
  });
}

export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`);
  });
}

// serverUrl names any database the role may connect to (e.g. 'postgres'); the role needs CREATEDB.
export async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
