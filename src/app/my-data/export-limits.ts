// How much of the server one account's data exports may take (issue 38: three exports at once
// slowed /healthz from 5 ms to 730 ms). An export is streamed a game at a time (export.ts), and:
//  - an account has one export under way at a time on this instance (429 rate_limited while
//    another runs; Retry-After 10 s);
//  - an account may export `burst` times in a row, then once every `intervalMs` (a token bucket
//    kept as one timestamp in the database, so across instances: 429 with Retry-After). A request
//    refused spends nothing.
// The per-address limit of sign-in (limitedOperation) applies as well.
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';
import { spendExport } from '../../store/export-limits.js';

/** Accounts with an export under way in this process. */
const underWay = new Set<string>();

/** "10 minutes", "hour", "30 seconds" */
function every(ms: number): string {
  const [n, unit] = ms % 3600_000 === 0 ? [ms / 3600_000, 'hour'] : ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.ceil(ms / 1000), 'second'];
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** Admits an export of the account now, or refuses it (429); the admission's end, to call once the export is sent or abandoned. */
export async function admitExport(ctx: ServiceContext, userId: string): Promise<() => void> {
  const { burst, intervalMs } = ctx.security.exportLimits;
  if (underWay.has(userId)) {
    throw new AppError('rate_limited', 'An export of your data is already under way: wait for it to finish.', { retryAfter: 10, limit: 1 });
  }
  underWay.add(userId);
  try {
    const wait = await spendExport(ctx.prisma, userId, ctx.clock.now(), burst, intervalMs);
    if (wait === 0) throw accountGone();
    if (wait !== null) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('rate_limited', `You may download your data ${burst} times in a row, then once every ${every(intervalMs)}; retry in ${seconds} s.`, { retryAfter: seconds, limit: burst });
    }
  } catch (err) {
    underWay.delete(userId);
    throw err;
  }
  let released = false;
  return () => {
    if (!released) underWay.delete(userId);
    released = true;
  };
}
