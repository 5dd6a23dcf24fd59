// Root-parallel search: one decision searched several times side by side (each with its own seed
// and a share of the iterations, on threads of the service's pool: src/app/computer/search-pool.ts)
// and answered once. Small on purpose: the pool's thread (the service's event loop) loads this,
// not the search.

import type { Action } from '../engine/index.js';
import { createSearchRng } from './search-rng.js';
import type { Budget, Decision } from './types.js';

/** Part `index` of `of` of a decision's budget: its share of the iterations, its own seed. */
export function partBudget(b: Budget, index: number, of: number): Budget {
  return { ...b, seed: `${b.seed}#${index}`, iterations: Math.max(1, Math.ceil(b.iterations / of)) };
}

/**
 * One answer from searches of the same decision run side by side (root-parallel, with different
 * seeds): their root visits summed, the most visited action taken (the first listed on a tie), or
 * at a sealed choice one drawn in proportion to them. Parts that did not search (a forced move, a
 * belief that failed) have no votes: with none at all, the first part's answer stands.
 */
export function mergeVotes(legal: readonly Action[], parts: readonly Pick<Decision, 'action' | 'votes' | 'mixed'>[], seed: string): Action {
  const voting = parts.filter((p) => p.votes && p.votes.length === legal.length);
  if (voting.length === 0) return parts[0]!.action;
  const sum = legal.map((_, i) => voting.reduce((n, p) => n + p.votes![i]!, 0));
  const total = sum.reduce((a, b) => a + b, 0);
  if (total === 0) return voting[0]!.action;
  if (voting.some((p) => p.mixed)) {
    let x = createSearchRng(`merge|${seed}`).float() * total;
    for (let i = 0; i < legal.length; i++) {
      x -= sum[i]!;
      if (sum[i]! > 0 && x <= 0) return legal[i]!;
    }
  }
  let best = 0;
  for (let i = 1; i < legal.length; i++) if (sum[i]! > sum[best]!) best = i;
  return legal[best]!;
}
