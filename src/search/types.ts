// What the computer opponent is given and what it answers. Its input is exactly what the API
// serves its role (the role's view, its legal actions, and what the role has seen so far), typed
// so that a game state cannot be passed in its place (every view says whose it is and carries the
// log as that role reads it, lines of text; a state has no `role` and keeps its log as entries);
// it never receives the state, the seed or the generator.

import type { Action } from '../engine/index.js';

/** What every game's view has and no game state has. */
export interface AnyView {
  /** Whose view it is (null: an observer's). */
  role: string | null;
  /** The log as that role reads it. */
  log: readonly string[];
}

/**
 * One step of what a role has seen: who acted (its own moves with the action it chose), and the
 * role's view after it. `view.log` carries only the lines from `logFrom` on (the lines of the log
 * this step added or changed), so that a long game's history stays small; the whole log is in
 * the input's current view.
 */
export interface Seen<V> {
  /** The role that acted, or null for the position at the game's start. */
  by: string | null;
  /** The action, present only when `by` is the computer's own role (it knows its own moves). */
  action?: Action;
  view: V;
  /** Index in the role's whole log of view.log[0]. */
  logFrom: number;
}

/** The computer's whole input: what the API serves its role, in one of the games it can play. */
export interface ComputerInput<V extends AnyView = AnyView> {
  /** The game's id (src/engine/games.ts). */
  game: string;
  role: string;
  /** The role's view now (engine view, whole log). */
  view: V;
  /** The role's legal actions now, as the API lists them (no labels). */
  legal: Action[];
  /** The game as this role saw it, oldest first: the start, then one entry per standing action. */
  seen: readonly Seen<V>[];
}

export interface Budget {
  /** Search iterations (each one a sampled position, a descent of the tree and a playout). */
  iterations: number;
  /** A wall-clock cap in milliseconds; unset, the decision is a pure function of (input, budget). */
  timeMs?: number;
  /** Seeds the search's own generator. */
  seed: number | string;
  /** A cap on tree nodes (memory); default 100,000. */
  maxNodes?: number;
  /** The search's settings changed from its defaults (bench:ai --search: to measure another tuning). */
  tuning?: SearchTuning;
  /** The level the budget is of (levels.ts), for a game's settings at that level (ComputerKnowledge.playoutDepthAt). */
  level?: string;
}

/** Settings of the search a measurement may change (src/search/ismcts.ts DEFAULT_SEARCH: the defaults). */
export interface SearchTuning {
  /** Actions a playout plays after leaving the tree (then on to a quiet position) before it is scored. */
  playoutDepth?: number;
  /** UCB1's exploration constant (rewards in [-1, 1]). */
  exploration?: number;
  /** Visits each of the computer's moves at the root starts with, worth one ply of the evaluation (0: none, the rules of thumb order the moves). */
  priorVisits?: number;
  /** Weight of the rules of thumb's preference at the root (ismcts.ts policyBias). */
  policyBias?: number;
  /** Temperature of the softmax that turns the rules of thumb's scores into that preference (ismcts.ts policyTemperature). */
  policyTemperature?: number;
  /** How far each sampled state's hidden units stray from the belief's rebuilt ones (ismcts.ts sampleExchanges). */
  sampleExchanges?: number;
}

export interface DecisionStats {
  iterations: number;
  timeMs: number;
  /** Time spent reconstructing a position consistent with what was seen (the belief). */
  beliefMs: number;
  /** Time the service spent building the input before decide() (src/app/computer/search-thread.ts), counted in timeMs. */
  inputMs?: number;
  nodes: number;
  /** The search thread's time runnable but waiting for a core during the decision (Linux's schedstat; absent elsewhere): the machine's stall, not the decision's work. */
  waitMs?: number;
  /** With a time cap: the longest wall time between two reads of the deadline (a step at the machine's pace). */
  longestStepMs?: number;
  /** Only one legal action: answered without searching. */
  forced: boolean;
  /**
   * The belief could not reproduce the view exactly: the search ran on the closest state the
   * replay found, or (if that one allows other moves) the rules of thumb chose.
   */
  beliefFailed: boolean;
  /** The time cap stopped the search before its iteration budget. */
  capped: boolean;
  /** The time cap came before the belief's replay was done: a legal move at random (see decide()). */
  outOfTime: boolean;
}

export interface Decision {
  /** One of input.legal (deep-equal to it). */
  action: Action;
  stats: DecisionStats;
  /**
   * When the search ran: the root's visits per legal action, in input.legal's order (an action the
   * computer cannot tell from an earlier one gets none), so that searches of one decision run on
   * several threads can be merged (root-parallel: root-parallel.ts mergeVotes).
   */
  votes?: number[];
  /** The votes are a sealed choice's: the answer is drawn in proportion to them. */
  mixed?: boolean;
}
