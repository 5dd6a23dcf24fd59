// The computer's levels, named by what a decision costs it: search iterations (each one a sampled
// position, a walk down the tree and a cut-off playout), with a wall-clock cap per decision.
// "normal" is tuned to think for about a second or less on a small machine (bench/ai.ts measures it).

import type { Budget } from './types.js';

export interface Level {
  id: string;
  /** For the lobby and the game page. */
  title: string;
  iterations: number;
  timeMs: number;
}

export const LEVELS: readonly Level[] = [
  { id: 'easy', title: 'Easy: 60 playouts a move (at most 0.3 s)', iterations: 60, timeMs: 300 },
  { id: 'normal', title: 'Normal: 300 playouts a move (at most 1 s)', iterations: 300, timeMs: 1000 },
  { id: 'hard', title: 'Hard: 1,500 playouts a move (at most 5 s)', iterations: 1500, timeMs: 5000 },
];

export function level(id: string): Level {
  const l = LEVELS.find((x) => x.id === id);
  if (!l) throw new Error(`unknown level ${id}`);
  return l;
}

/** The budget of one decision at a level; `seed` varies per decision (e.g. game id and move number). */
export function budgetFor(id: string, seed: number | string, capTime = true): Budget {
  const l = level(id);
  return capTime ? { iterations: l.iterations, timeMs: l.timeMs, seed } : { iterations: l.iterations, seed };
}
