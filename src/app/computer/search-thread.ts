// One search thread of the pool (search-pool.ts, which starts it from search-thread-entry.mjs): for
// each job, rebuild what the computer's role has seen from the stored game (search-input.ts: the
// trusted side's replay, done here so the event loop of the process never pays for it), and let
// the search (src/search/decide.ts) choose from that input alone, within the level's budget.
// Answers the action, or the error. This and search-input.ts are the only files of the service
// that call the search.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { games } from '../../engine/index.js';
import { decide } from '../../search/decide.js';
import { budgetOf, type BudgetOverride } from '../../search/levels.js';
import { partBudget } from '../../search/root-parallel.js';
import type { ComputerJob } from './runner.js';
import { computerInput, SeenCache } from './search-input.js';

/** This thread's time waiting for a core so far (ms; Linux), or undefined where the kernel does not say. */
function waitedMs(): number | undefined {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

const override = (workerData as { budget: BudgetOverride | null } | null)?.budget ?? undefined;
// What this thread built of the games it decided lately: the next decision applies only the new actions.
const cache = new SeenCache();

parentPort!.postMessage({ ready: true });
parentPort!.on('message', (job: ComputerJob) => {
  try {
    const t0 = performance.now();
    const waited0 = waitedMs();
    const m = games[job.module];
    if (!m) throw new Error(`game ${job.module} is not installed`);
    const input = computerInput(m, job.game, job.actions, job.role, cache, job.gameId);
    // The level's time covers the whole decision: building the input counts against it.
    const whole = budgetOf(job.level, job.seed, override);
    // One of a root-parallel level's searches: its share of the iterations, its own seed.
    const budget = job.part ? partBudget(whole, job.part.index, job.part.of) : whole;
    const built = performance.now() - t0;
    if (budget.timeMs !== undefined) budget.timeMs = Math.max(1, budget.timeMs - built);
    const { action, stats, votes, mixed } = decide(input, budget);
    stats.timeMs += built;
    stats.inputMs = built;
    const waited1 = waitedMs();
    if (waited0 !== undefined && waited1 !== undefined) stats.waitMs = waited1 - waited0;
    // A part answers its root's visits and the list they count, for the pool to merge.
    parentPort!.postMessage(job.part ? { ok: true, action, stats, votes, mixed, legal: input.legal } : { ok: true, action, stats });
  } catch (err) {
    parentPort!.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
