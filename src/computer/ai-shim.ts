// TEMPORARY, until branch ai-core is merged: the names src/ai/types.ts and src/ai/levels.ts export
// that the service uses, with the same shapes. The merge deletes this file and imports those.
import type { Action } from '../engine/index.js';

export interface Seen<V = unknown> {
  by: string | null;
  action?: Action;
  view: V;
  logFrom: number;
}

export interface ComputerInput {
  game: string;
  role: string;
  view: unknown;
  legal: Action[];
  seen: readonly Seen[];
}

export interface Budget {
  iterations: number;
  timeMs?: number;
  seed: number | string;
}

export interface Level {
  id: string;
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
