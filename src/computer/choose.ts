// The one door between the service and the computer's search: the input (exactly what the API
// serves the computer's role), a level and a seed in; one of the input's legal actions out
// (src/search/decide.ts decide). The search threads (thread.ts) call it; nothing else of the service
// knows the search.
import { decide } from '../search/decide.js';
import { level as levelById, type Level } from '../search/levels.js';
import type { Budget, ComputerInput, Decision } from '../search/types.js';

/** What one decision is told of its effort, at a level or as overridden (tests, small machines). */
export type BudgetOverride = Partial<Pick<Level, 'iterations' | 'timeMs'>>;

/** A decision's budget at `level`, with its wall-clock cap (src/search/levels.ts), unless overridden. */
export function budgetOf(level: string, seed: string, override?: BudgetOverride): Budget {
  const l = levelById(level);
  return { iterations: override?.iterations ?? l.iterations, timeMs: override?.timeMs ?? l.timeMs, seed };
}

/** One of `input.legal`, chosen within `budget` from the input alone. */
export function choose(input: ComputerInput, budget: Budget): Decision {
  return decide(input, budget);
}
