// What the benchmarks that build Alea in process (storage.ts, scale.ts) share: a throwaway
// embedded PostgreSQL, a production configuration on it, and cheap password hashing with no
// sign-in limits (the benchmarks register and sign in many players; neither is what they measure).
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The configuration of an Alea built on `databaseUrl`, its files (mail, none sent) in `dir`. */
export function benchConfig(databaseUrl: string, dir: string) {
  return {
    mode: 'production' as const,
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://bench.alea.test',
    databaseUrl,
    jwtSecret: randomBytes(32).toString('hex'),
    smtpUrl: undefined,
    mailFrom: 'Alea <alea@bench.test>',
    logLevel: 'silent' as const,
    dataDir: dir,
    mailDir: dir,
    worker: false,
    corsOrigins: '*' as const,
    computerThreads: 0,
    computerThreadMemoryMb: 256,
    recordSigningKey: { privateKey: randomBytes(32).toString('base64url'), since: null },
    recordOldKeys: [],
  };
}

export const BENCH_SECURITY = { password: { logN: 10, r: 8, p: 1 }, authRateLimit: { max: 1_000_000, windowMs: 60_000 } };

/**
 * A throwaway embedded PostgreSQL (fsync off) in a new folder of the system's temp folder, or in
 * `keep` (then left there); stopped and removed by `cleanup()`, and on SIGINT or SIGTERM.
 */
export async function throwawayPostgres(prefix: string, keep: string) {
  const { startEmbeddedPostgres } = await import('../src/store/embedded-postgres.js');
  const dir = keep || (await mkdtemp(join(tmpdir(), prefix)));
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: join(dir, 'pgdata'), password: randomBytes(12).toString('hex'), ephemeral: true });
  const cleanup = async () => {
    await server.stop();
    if (!keep) await rm(dir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  return { dir, server, cleanup };
}
