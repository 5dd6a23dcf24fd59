// A change that ends a game by a player's or the service's hand (a resignation, a win on time, an
// abandonment): its outcome, aborted if the game was not yet underway (src/engine/ending.ts), and
// then, as a game abandoned by both, without a result (status abandoned: never rated).
import { endingOutcome, type GameModule, type Outcome } from '../../../engine/index.js';
import type { Decision } from './types.js';

export function ending(m: GameModule, state: unknown, proposed: Outcome): Pick<Decision, 'outcome' | 'abandoned'> {
  const outcome = endingOutcome(m, state, proposed);
  return outcome.aborted ? { outcome, abandoned: true } : { outcome };
}
