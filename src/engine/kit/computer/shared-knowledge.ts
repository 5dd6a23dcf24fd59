// What the games' computer knowledge (src/engine/<game>/computer/) shares besides the belief: the
// rules of thumb for a battle's choices, when a position is quiet enough to be scored, which roles
// choose at once (from the definition's sealed choices), and the evaluations' logistic model of who
// wins.
import type { Action } from '../../types.js';

/** Fire rather than pass. */
export const FIRE = 1;
export const PASS = -0.5;

/** Retreat when outmatched: our force under 60% of the enemy's where the battle is. */
export const retreatScore = (ours: number, theirs: number): number => (ours < 0.6 * theirs ? 1.5 : -1);

/** No battle being fought, regrouped after or waiting to be fought (a playout is scored only then). */
export function quiet(s: { battle: unknown; regroup: unknown; fights: object }): boolean {
  return s.battle === null && s.regroup === null && Object.keys(s.fights).length === 0;
}

/**
 * The roles choosing at once in `s`: two or more pending together, each choosing among sealed
 * choices only (`sealed`: the game's definition's, GameDefinition.sealed: a card chosen face down
 * while the other side chooses too); [] otherwise. The one owner of "is this a sealed card play?"
 * is the definition: the computer asks it rather than deciding again by the game's steps.
 */
export function sealedTogether<S>(
  m: { pending(s: S): string[]; legalActions(s: S, role: string): Action[] },
  sealed: (a: Action) => boolean,
  s: S,
): string[] {
  const p = m.pending(s);
  if (p.length < 2) return [];
  for (const role of p) {
    const legal = m.legalActions(s, role);
    if (legal.length === 0 || !legal.every(sealed)) return [];
  }
  return p;
}

/** A logistic model's logit: its weights (by term name) times the terms (in `names` order). */
export function logitOf(names: readonly string[], weights: Readonly<Record<string, number>>, x: readonly number[]): number {
  let z = 0;
  for (let k = 0; k < names.length; k++) z += weights[names[k]!]! * x[k]!;
  return z;
}

/** A win probability p as a value in [-1, 1] for the side it is of: 2 p - 1, from the logit (tanh(z / 2)). */
export const winValue = (z: number): number => Math.tanh(z / 2);
