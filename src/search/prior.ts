// The search's rules of thumb for any game: the game's own scoring of one action (beside its
// engine, src/engine/<game>/computer/rules-of-thumb.ts) applied to every legal action, with the
// position's features computed once, and only if some action's score reads them (a battle's fire
// or pass, a card play, a "done" do not: most playout steps then skip the pass over the blocks).

import type { RulesOfThumb } from '../engine/computer-knowledge.js';
import type { Action } from '../engine/index.js';
import type { Rng } from './search-rng.js';

/** Scores of every legal action for `role` by the game's rules of thumb (higher is better). */
export function priorFrom<S, F>(rules: RulesOfThumb<S, F>): (s: S, role: string, legal: readonly Action[]) => number[] {
  return function prior(s, role, legal) {
    let f: F | undefined;
    const features = () => (f ??= rules.features(s));
    return legal.map((a) => rules.score(s, role, a, features));
  };
}

/**
 * The playouts' move: mostly the rules of thumb's best with a little noise, one time in ten any
 * move. Of a long list (a command phase's every move of every block) only `scored` moves drawn at
 * random are scored: the best of them (scoring each costs more than listing it). The benchmark's
 * policy self-play (`bench:ai --policy`) plays it as a player.
 */
export function policyMove<S>(prior: (s: S, role: string, legal: readonly Action[]) => number[], s: S, role: string, legal: readonly Action[], rng: Rng, scored: number): Action {
  if (legal.length === 1) return legal[0]!;
  if (rng.int(10) === 0) return legal[rng.int(legal.length)]!;
  let pool = legal;
  if (legal.length > scored) {
    const drawn = legal.slice();
    for (let i = 0; i < scored; i++) {
      const j = i + rng.int(drawn.length - i);
      const x = drawn[i]!;
      drawn[i] = drawn[j]!;
      drawn[j] = x;
    }
    drawn.length = scored;
    pool = drawn;
  }
  const sc = prior(s, role, pool);
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < sc.length; i++) {
    const v = sc[i]! + rng.int(1000) / 2500;
    if (v > bestScore) {
      bestScore = v;
      best = i;
    }
  }
  return pool[best]!;
}
