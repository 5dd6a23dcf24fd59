// Round trips to PostgreSQL: every query any node-postgres client of this process sends (the
// pool under Prisma included), for tests and benchmarks that count them.
import pg from 'pg';

let queries = 0;
let installed = false;
// The texts of the latest round trips (a pipeline's statements joined by "; "), for tests.
const texts: string[] = [];
const KEPT = 100;

/** Starts counting (once per process); returns the count so far. */
export function countQueries(): () => number {
  if (!installed) {
    installed = true;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      const q = args[0];
      texts.push(typeof q === 'string' ? q : String((q as { text?: unknown } | null)?.text ?? ''));
      if (texts.length > KEPT) texts.shift();
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  }
  return () => queries;
}

/** The texts of the last `n` round trips counted (n <= 100), oldest first. */
export function lastQueries(n: number): string[] {
  return texts.slice(-n);
}
