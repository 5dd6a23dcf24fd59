// Round trips to PostgreSQL: every query any node-postgres client of this process sends (the
// pool under Prisma included), for tests and benchmarks that count them.
import pg from 'pg';

let queries = 0;
let installed = false;

/** Starts counting (once per process); returns the count so far. */
export function countQueries(): () => number {
  if (!installed) {
    installed = true;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return () => queries;
}
