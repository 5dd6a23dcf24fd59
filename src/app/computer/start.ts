// The computer opponent as the worker runs it: a search pool (search-pool.ts) of the configured
// number of threads behind the computer's queue (runner.ts createComputerRunner). Used by the
// worker's jobs (src/worker.ts), in `npm start` (unless WORKER=off) and `npm run worker`;
// COMPUTER_THREADS=0 runs none here.
import type { BudgetOverride } from '../../search/levels.js';
import type { ServiceContext } from '../context.js';
import { createComputerRunner, type ComputerRunner } from './runner.js';
import { createSearchPool, type SearchPool } from './search-pool.js';

export interface ComputerSettings {
  threads: number;
  memoryMb: number;
  budget?: BudgetOverride;
  /** Tests: told the number of searches under way whenever it changes. */
  onBusy?: (busy: number) => void;
}

/** The runner and its pool, or null when this process runs no searches (threads 0). */
export function startComputer(ctx: ServiceContext, s: ComputerSettings): (ComputerRunner & { pool: SearchPool }) | null {
  if (s.threads <= 0) return null;
  const pool = createSearchPool({
    threads: s.threads,
    memoryMb: s.memoryMb,
    ...(s.budget && { budget: s.budget }),
    ...(s.onBusy && { onBusy: s.onBusy }),
    // Think times in the log: what a level costs on this machine.
    onDecision: (job, stats) =>
      ctx.log.info({ gameId: job.gameId, level: job.level, timeMs: Math.round(stats.timeMs), waitMs: stats.waitMs === undefined ? undefined : Math.round(stats.waitMs), iterations: stats.iterations, forced: stats.forced, capped: stats.capped, beliefFailed: stats.beliefFailed }, 'the computer decided'),
  });
  const runner = createComputerRunner(ctx, {
    slots: pool.size,
    think: (job) => pool.think(job),
    close: () => pool.close(),
    onError: (gameId, err) => ctx.log.error({ err, gameId }, 'the computer could not move; trying again later'),
  });
  return Object.assign(runner, { pool });
}
