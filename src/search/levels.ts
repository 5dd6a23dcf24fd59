// The computer's levels, named by what a decision costs it: search iterations (each one a sampled
// position, a walk down the tree and a cut-off playout: "a way the move could go on", in the
// titles a player reads), with a wall-clock cap per decision that covers the whole decision.
// "normal" is tuned to think for about a second or less on a small machine (bench/ai.ts measures it).
// Every level starts each of its moves with the evaluation's one-ply judgement of it, worth 20
// playouts (priorVisits, src/search/ismcts.ts): at easy, its 60 playouts alone chose worse than that
// judgement; at normal, its 300 playouts alone did no better than the judgement alone (the greedy
// player; docs/benchmarks.md). A game may name roles that search without it (searchOnly), and
// roles that search a multiple of the level's iterations within its time cap (searchMultiple).
// "hard" splits its playouts over two of the service's search threads (root-parallel).

import type { Budget, SearchTuning } from './types.js';

export interface Level {
  id: string;
  /** For the lobby and the game page. */
  title: string;
  iterations: number;
  timeMs: number;
  /** The search's settings at this level, where they differ from its defaults. */
  search?: SearchTuning;
  /**
   * Root-parallel: the level's iterations split over this many searches with their own seeds, each
   * on a thread of the service's pool when it has them free, their root visits summed
   * (src/app/computer/search-pool.ts); the same work in a fraction of the wall time.
   */
  threads?: number;
}

/** The one-ply judgement's head start at every level, in playouts. */
const HEAD_START = { priorVisits: 20 };

/** Each level's title, for its number of ways (its iterations, or a multiple of them a role searches). */
const TITLES: Readonly<Record<string, (ways: string) => string>> = {
  easy: (n) => `Easy: plays by feel, trying ${n} ways each move could go on (a third of a second a move)`,
  normal: (n) => `Normal: weighs ${n} ways each move could go on (up to a second a move)`,
  hard: (n) => `Hard: weighs ${n} ways each move could go on (up to 5 seconds a move)`,
};

const titled = (l: Omit<Level, 'title'>): Level => ({ ...l, title: TITLES[l.id]!(l.iterations.toLocaleString('en-US')) });

/** How many times its level's iterations `role` searches (ComputerKnowledge.searchMultiple; 1 for a game without knowledge). */
export function searchMultiple(know: { searchMultiple?: Readonly<Record<string, number>> } | undefined, role: string): number {
  return know?.searchMultiple?.[role] ?? 1;
}

export const LEVELS: readonly Level[] = [
  titled({ id: 'easy', iterations: 60, timeMs: 300, search: HEAD_START }),
  titled({ id: 'normal', iterations: 300, timeMs: 1000, search: HEAD_START }),
  titled({ id: 'hard', iterations: 1500, timeMs: 5000, threads: 2, search: HEAD_START }),
];

/**
 * The level's title for a seat that searches `multiple` times its iterations (a game's
 * searchMultiple): the number of ways the player reads is the one searched.
 */
export function levelTitle(id: string, multiple = 1): string {
  const l = level(id);
  return multiple === 1 ? l.title : TITLES[id]!(Math.round(l.iterations * multiple).toLocaleString('en-US'));
}

export function level(id: string): Level {
  const l = LEVELS.find((x) => x.id === id);
  if (!l) throw new Error(`unknown level ${id}`);
  return l;
}

/** The budget of one decision at a level; `seed` varies per decision (e.g. game id and move number). */
export function budgetFor(id: string, seed: number | string, capTime = true): Budget {
  const b = budgetOf(id, seed);
  if (!capTime) delete b.timeMs;
  return b;
}

/** What one decision is told of its effort, at a level or as overridden (tests, small machines). */
export type BudgetOverride = Partial<Pick<Level, 'iterations' | 'timeMs'>>;

/** A decision's budget at `level`, with its wall-clock cap, unless overridden. */
export function budgetOf(id: string, seed: number | string, override?: BudgetOverride): Budget {
  const l = level(id);
  const b: Budget = { iterations: override?.iterations ?? l.iterations, timeMs: override?.timeMs ?? l.timeMs, seed, level: id };
  if (l.search) b.tuning = { ...l.search };
  return b;
}
