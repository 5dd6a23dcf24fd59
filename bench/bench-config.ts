// What the benchmarks that build Alea in process (storage.ts, scale.ts) give it: a production
// configuration on a throwaway database, and cheap password hashing with no sign-in limits (the
// benchmarks register and sign in many players; neither is what they measure).
import { randomBytes } from 'node:crypto';

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
  };
}

export const BENCH_SECURITY = { password: { logN: 10, r: 8, p: 1 }, authRateLimit: { max: 1_000_000, windowMs: 60_000 } };
