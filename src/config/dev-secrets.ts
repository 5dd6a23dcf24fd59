// Secrets a development setup needs but nobody configured: generated once, kept under the data
// folder (mode 0600) so tokens, the embedded database's password and the key that signs game
// records (and so the records already signed) survive restarts.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecordSigningKey } from './config.js';

export interface DevSecrets {
  jwtSecret: string;
  postgresPassword: string;
  /** An Ed25519 private key's 32 bytes (base64url): any 32 random bytes are one. */
  recordSigningKey: string;
  /** When it was generated (ISO 8601): published as the key's `since`. */
  recordSigningKeySince: string;
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
  const fresh = stored.recordSigningKey === undefined;
  const secrets: DevSecrets = {
    jwtSecret: stored.jwtSecret ?? generate(),
    postgresPassword: stored.postgresPassword ?? generate(),
    recordSigningKey: stored.recordSigningKey ?? generate(),
    recordSigningKeySince: (fresh ? undefined : stored.recordSigningKeySince) ?? new Date().toISOString(),
  };
  if ((Object.keys(secrets) as (keyof DevSecrets)[]).some((k) => secrets[k] !== stored[k])) {
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    await writeFile(path, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets;
}

/** The development record signing key, as the configuration holds one. */
export function devRecordKey(secrets: DevSecrets): RecordSigningKey {
  return { privateKey: secrets.recordSigningKey, since: secrets.recordSigningKeySince };
}
