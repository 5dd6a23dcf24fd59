// Secrets a development setup needs but nobody configured: generated once, kept under the data
// folder (mode 0600) so tokens and the embedded database's password survive restarts.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DevSecrets {
  jwtSecret: string;
  postgresPassword: string;
}

const FILE = 'secrets.json';

const generate = (): string => randomBytes(32).toString('base64url');

export async function loadOrCreateDevSecrets(dataDir: string): Promise<DevSecrets> {
  const path = join(dataDir, FILE);
  let stored: Partial<DevSecrets> = {};
  try {
    stored = JSON.parse(await readFile(path, 'utf8')) as Partial<DevSecrets>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`cannot read ${path}: ${(err as Error).message}; delete it to generate new secrets`);
    }
  }
  const secrets: DevSecrets = {
    jwtSecret: stored.jwtSecret ?? generate(),
    postgresPassword: stored.postgresPassword ?? generate(),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.postgresPassword !== stored.postgresPassword) {
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    await writeFile(path, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets;
}
