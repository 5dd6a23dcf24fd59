// Backups with PostgreSQL's own tools, for an operator who has a pg_dump and pg_restore as new as
// the server (`npm run backup -- --pg-dump /path/to/pg_dump`, or PG_DUMP=...): a custom-format
// dump (`pg_dump -Fc`), restored by `npm run restore` through pg_restore. The embedded
// PostgreSQL 18 ships neither tool, hence Alea's own format by default (backup.ts).
// The password goes to the tools in PGPASSWORD, never on their command line.
import { execFile } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { putInPlace } from './backup-file.js';
import { assertEmptyTarget } from './backup.js';

/** The first bytes of a pg_dump custom-format archive. */
const PGDMP = Buffer.from('PGDMP');

export async function isPgDumpArchive(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(PGDMP.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(PGDMP);
  } finally {
    await handle.close();
  }
}

/** The URL without its password, and the password (for PGPASSWORD). */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password && { PGPASSWORD: password }) } };
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? `${tool} was not found` : String(stderr).trim() || err.message;
        reject(new Error(`${tool.split('/').pop()} failed: ${why}`));
      } else resolve(String(stdout));
    });
  });
}

/** pg_dump -Fc of the database into `file` (written beside it, renamed once complete). */
export async function pgDump(databaseUrl: string, file: string, pgDumpPath: string): Promise<{ fileBytes: number; version: string }> {
  const { dbname, env } = connection(databaseUrl);
  const version = (await run(pgDumpPath, ['--version'], env)).trim();
  const partial = `${file}.partial`;
  try {
    await run(pgDumpPath, ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    const fileBytes = await putInPlace(partial, file);
    return { fileBytes, version };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** pg_restore: given, or beside the given pg_dump, or on the PATH. */
export function pgRestorePath(explicit: string | undefined, pgDump: string | undefined): string {
  if (explicit) return explicit;
  if (pgDump && pgDump.includes('/')) return join(dirname(pgDump), 'pg_restore');
  return 'pg_restore';
}

/**
 * Restores a custom-format archive with pg_restore, in one transaction. The archive is read
 * through first (`pg_restore --list`), so a damaged one is refused before the target is touched;
 * a target with data is refused unless forced, and then its schema is dropped and made again
 * (empty) before pg_restore runs: if pg_restore then fails, the target is left empty.
 */
export async function pgRestore(databaseUrl: string, file: string, pgRestore: string, options: { force?: boolean; log?: (m: string) => void } = {}): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  await run(pgRestore, ['--list', file], env);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'alea-restore' });
  await client.connect();
  try {
    await assertEmptyTarget(client, options.force ?? false);
    const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = `"${rows[0]!.schema.replace(/"/g, '""')}"`;
    options.log?.(`dropping and re-creating schema ${rows[0]!.schema} of the target`);
    await client.query(`BEGIN; DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}; COMMIT`);
  } finally {
    await client.end();
  }
  await run(pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], env);
}
