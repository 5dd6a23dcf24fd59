// What the two games' computer knowledge (src/engine/*/ai/) shares besides the belief: the rules of
// thumb for a battle's choices, and when a position is quiet enough to be scored.

/** Fire rather than pass. */
export const FIRE = 1;
export const PASS = -0.5;

/** Retreat when outmatched: our force under 60% of the enemy's where the battle is. */
export const retreatScore = (ours: number, theirs: number): number => (ours < 0.6 * theirs ? 1.5 : -1);

/** No battle being fought, regrouped after or waiting to be fought (a playout is scored only then). */
export function quiet(s: { battle: unknown; regroup: unknown; fights: object }): boolean {
  return s.battle === null && s.regroup === null && Object.keys(s.fights).length === 0;
}
