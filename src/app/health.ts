// Is the service able to serve? It is when its database answers a trivial query in time. The
// time allowed is generous (a probe waits longer, and a busy machine can take seconds to open
// a connection); src/main.ts warms the pool before listening.
import type { AppContext } from './context.js';

export interface Health {
  ok: boolean;
  checks: { database: 'ok' | 'unavailable' };
  time: Date;
}

/** Longest wait for the database's answer; under the Dockerfile's HEALTHCHECK --timeout (5 s). */
export const HEALTH_TIMEOUT_MS = 4000;

export async function checkHealth(ctx: Pick<AppContext, 'prisma' | 'clock'>, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), timeoutMs);
  });
  let database: Health['checks']['database'] = 'ok';
  try {
    await Promise.race([ctx.prisma.$queryRaw`SELECT 1`, timeout]);
  } catch {
    database = 'unavailable';
  } finally {
    clearTimeout(timer);
  }
  return { ok: database === 'ok', checks: { database }, time: ctx.clock.now() };
}
