// Is the service able to serve? It is when its database answers a trivial query in time.
import type { AppContext } from './context.js';

export interface Health {
  ok: boolean;
  checks: { database: 'ok' | 'unavailable' };
  time: Date;
}

export async function checkHealth(ctx: Pick<AppContext, 'prisma' | 'clock'>, timeoutMs = 2000): Promise<Health> {
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
