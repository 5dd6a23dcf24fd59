// The way the application talks to Postgres: a Prisma 7 client over node-postgres
// (@prisma/adapter-pg) for the schema, migrations and most queries, and the same node-postgres
// pool directly for the hot path of changes to games (src/store/game-tx.ts), where Prisma's
// per-query overhead was most of a move's cost. The client is generated from
// prisma/schema.prisma into ./generated (by scripts/build.mjs, which npm install and the npm scripts run; it is not
// committed).
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient };
export type { Prisma } from './generated/prisma/client.js';

export interface PrismaOptions {
  /** Size of the connection pool; node-postgres' default is 10. */
  poolSize?: number;
  /**
   * Connections kept open while idle (default 0: all close after 10 s idle). A server keeps one,
   * so that a health probe after a quiet spell does not wait for a new connection.
   */
  minIdle?: number;
}

const pools = new WeakMap<PrismaClient, pg.Pool>();

export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10, min: options.minIdle ?? 0 });
  // An idle connection that the server drops (a restart, a killed postmaster) makes the pool emit
  // 'error'; unheard, that would end the process. The pool has already discarded that connection,
  // and the next query opens a new one or fails as unavailable (503), so there is nothing to do.
  pool.on('error', () => {});
  // $disconnect() ends the pool, as when the adapter owned it.
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(client, pool);
  return client;
}

/**
 * Closes a client made by createPrismaClient, and its pool. $disconnect() ends the pool only when
 * Prisma itself connected: a tool that used the pool directly (ratings:rebuild) kept an idle
 * connection after it, and its process lived on for the pool's 10 s idle timeout.
 */
export async function closePrismaClient(prisma: PrismaClient): Promise<void> {
  await prisma.$disconnect();
  const pool = pools.get(prisma);
  if (pool && !pool.ended && !pool.ending) await pool.end();
}

/** The node-postgres pool under a client made by createPrismaClient (one pool per process). */
export function poolOf(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new Error('this Prisma client was not made by createPrismaClient');
  return pool;
}

/**
 * Readies a new client for its first request. The first query of a client opens a connection and
 * initialises Prisma's engine, and the first raw and the first model query each pay their own
 * part: about 0.7 s of CPU, which a busy machine stretched past the health check's 4 s (issue 26:
 * /healthz answered 503 right after start). `models: false` for a database without the schema.
 */
export async function warmUp(prisma: PrismaClient, options: { models?: boolean } = {}): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
  if (options.models ?? true) await prisma.user.findFirst({ select: { id: true } });
}
