// How a game ends when a player, not the rules, ends it (a resignation, a win claimed on time, an
// abandonment): with the proposed result, unless the game was not yet underway (each side had not
// made its moves of the first turn: GameModule.underway), when it is aborted instead: no winner,
// no rating, no result in anybody's record. So a throwaway account that resigns at once gives
// nobody a win (issue: eight throwaways resigned at once took their farmer from 1500 to 1959).
// The service makes the ending with this, and the record's check verifies it with the same.
import type { GameModule, Outcome } from './types.js';

/** The outcome of a game ended by a player or the service in `state`, given the result proposed. */
export function endingOutcome(m: GameModule, state: unknown, proposed: Outcome): Outcome {
  if (m.underway(state)) return proposed;
  return { winner: null, reason: `${proposed.reason} before each side had made its moves of the first turn: the game is aborted`, vp: proposed.vp, aborted: true };
}
