// The one door between the service and the computer's search: the input (what the API serves the
// computer's role), a level, and a seed in; one of the input's legal actions out. The service
// (src/app/games/computer.ts) and the search threads (thread.ts) know nothing else of the search.
//
// PLACEHOLDER until branch ai-core is merged: the types mirror src/ai/types.ts, and the choice is
// a seeded pick among the legal actions; the merge replaces this file's body with src/ai's
// decide() and levels.
import type { Action } from '../engine/index.js';
import { LEVELS, type Budget, type ComputerInput, type Level } from './ai-shim.js';

/** What one decision is told of its effort, at a level or as overridden (tests, small machines). */
export type BudgetOverride = Partial<Pick<Level, 'iterations' | 'timeMs'>>;

export function budgetOf(level: string, seed: string, override?: BudgetOverride): Budget {
  const l = LEVELS.find((x) => x.id === level) ?? LEVELS[1]!;
  return { iterations: override?.iterations ?? l.iterations, timeMs: override?.timeMs ?? l.timeMs, seed };
}

export interface Choice {
  action: Action;
  stats: { iterations: number; timeMs: number; forced: boolean };
}

/** One of `input.legal`, chosen within `budget`. */
export function choose(input: ComputerInput, budget: Budget): Choice {
  const t0 = performance.now();
  let h = 2166136261;
  for (const c of String(budget.seed)) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const action = input.legal[h % input.legal.length]!;
  return { action, stats: { iterations: 0, timeMs: performance.now() - t0, forced: input.legal.length === 1 } };
}
