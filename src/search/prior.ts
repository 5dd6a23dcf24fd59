// The search's rules of thumb for any game: the game's own scoring of one action (beside its
// engine, src/engine/<game>/computer/rules-of-thumb.ts) applied to every legal action, with the
// position's features computed once, and only if some action's score reads them (a battle's fire
// or pass, a card play, a "done" do not: most playout steps then skip the pass over the blocks).

import type { RulesOfThumb } from '../engine/computer-knowledge.js';
import type { Action } from '../engine/index.js';

/** Scores of every legal action for `role` by the game's rules of thumb (higher is better). */
export function priorFrom<S, F>(rules: RulesOfThumb<S, F>): (s: S, role: string, legal: readonly Action[]) => number[] {
  return function prior(s, role, legal) {
    let f: F | undefined;
    const features = () => (f ??= rules.features(s));
    return legal.map((a) => rules.score(s, role, a, features));
  };
}
