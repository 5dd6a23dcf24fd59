// The computer opponent's knowledge of a game: what the generic search (src/search/) needs to know
// about it besides its rules. Each game supplies it from its own folder
// (src/engine/<game>/computer/), beside the rules it reads, and hangs it on its definition
// (GameDefinition.computer); the search finds it there and never names a game. The shape lives
// here, in the engine, because the definitions are typed with it and the engine imports nothing
// from above it; the search imports it from here. What the games' knowledge shares is in
// src/engine/kit/computer/.

import type { Action } from './types.js';

/** A source of uniform integers in [0, n): the search's own generator, never the game's. */
export type Rand = (n: number) => number;

/**
 * How to rebuild a full state consistent with what a role has seen (src/search/belief.ts replays the game
 * through the engine; these hooks say what is hidden in this game and how to reassign it).
 */
export interface BeliefHooks<S, V> {
  /** The game's start under a generator key of the search's choosing, with the options the view shows. */
  start(view: V, role: string, key: string): S;
  /**
   * Makes what `view` shows hold in `s` (a private copy, changed in place), by exchanging hidden
   * identities and cards. `after`: `view` is the view of `s` itself (the role's own cards, the
   * cards revealed, the identities and strengths of every block it shows). `before`: `view` is the
   * view after the next action, which has not been applied to `s` yet: only what that action
   * reveals of the opponent (his card, his blocks where they stand) is put in place. Returns false
   * when that is impossible.
   */
  align(s: S, view: V, role: string, when: 'before' | 'after'): boolean;
  /**
   * Reassigns at random everything `role` cannot see (hidden blocks' identities within their
   * classes, the opponent's hand and the deck), leaving the role's view unchanged; in place.
   * `identities` false: the cards only.
   */
  shuffle(s: S, role: string, rand: Rand, identities?: boolean): void;
  /** The opponent's hidden units, for the replay's alternatives and last resort (src/search/hidden-units.ts). */
  hidden: HiddenUnits<S, V>;
  /** Drops all of the state's log but its last entry (the replay compares logs only entry by entry). */
  trimLog(s: S): void;
  /** Replaces the state's log by these lines, as everyone's text (a sampled past has no other). */
  setLog(s: S, lines: readonly string[]): void;
  /** A shallow copy whose generator is `key` at `counter` (the rest shared: apply copies before changing). */
  withRng(s: S, key: string, counter: number): S;
  /** The state's generator: its key and how many words were drawn. */
  rng(s: S): { key: string; counter: number };
  /** A deep copy. */
  clone(s: S): S;
  /** Words the log is likely to use for this action (cities, areas, cards): ranks the guesses of an opponent's move. */
  hints(s: S, actor: string, a: Action): readonly string[];
}

/**
 * The opponent's hidden units as the replay's generic moves (src/search/hidden-units.ts) handle them: units are
 * block indices, places are the game's keys (a location, with whatever else the view counts apart).
 */
export interface HiddenUnits<S, V> {
  /** The hidden units whose identities may be exchanged. */
  slots(s: S, role: string): number[];
  /** Whether the log text points at unit i (names its place; for a pool, a levy). */
  named(s: S, i: number, text: string): boolean;
  /**
   * Alternatives of the game's own for secret choices (designated areas, replacements), each a
   * private copy; tried first. `view` is the entry's view, after the move to explain.
   */
  secrets(s: S, role: string, lines: readonly string[], slots: readonly number[], view: V): Iterable<S>;
  /** The strengths a step down and a step up from unit i's (none where it has none). */
  otherStrengths(s: S, i: number): number[];
  /** Strengths farther from unit i's, tried after every nearer guess and exchange (optional). */
  fartherStrengths?(s: S, i: number): number[];
  setStrength(s: S, i: number, str: number): void;
  /** Whether units i and j, in different places, may take each other's slot. */
  exchangeable(s: S, i: number, j: number): boolean;
  /** Units i and j take each other's slot (the bookkeeping's references follow the slot). */
  exchange(s: S, i: number, j: number): void;
  /** How many hidden units of the opponent the view shows in each place. */
  wanted(view: V, role: string): Map<string, number>;
  /** The opponent's hidden units in `s`, and the place of each (keys as in `wanted`). */
  placed(s: S, role: string): number[];
  place(s: S, i: number): string;
  /** Whether unit i may stand in place `key`, and putting it there. */
  mayStand(i: number, key: string): boolean;
  put(s: S, i: number, key: string, role: string): void;
}

/**
 * A game's rules of thumb: what they read off a position (its features: computed once per
 * position, and only if some action's score reads them), and one action's score.
 */
export interface RulesOfThumb<S, F> {
  features(s: S): F;
  score(s: S, role: string, a: Action, features: () => F): number;
}

export interface ComputerKnowledge<S, V> {
  belief: BeliefHooks<S, V>;
  /** How good `s` is for `role`, in [-1, 1] (1: won). */
  evaluate(s: S, role: string): number;
  /**
   * Cheap rules of thumb: a score for each legal action. Higher ones are tried first when a node
   * widens, and playouts mostly play the best (with a little noise); the search applies them to a
   * position's legal actions (its prior, src/search/prior.ts).
   */
  rules: RulesOfThumb<S, any>;
  /**
   * The action as `viewer` would see it made: its key in the search tree. Actions the viewer
   * cannot tell apart (which hidden block moved, which card was discarded) share a key.
   */
  observedKey(s: S, actor: string, a: Action, viewer: string): string;
  /**
   * Whether a playout may stop here to be scored: no battle being fought or waiting to be (a
   * position in the middle of a fight is not worth its evaluation).
   */
  quiet(s: S): boolean;
  /**
   * The search's fast path: `a`, one of the legal actions of `actor` in `s`, applied without
   * checking it again (the same state as module.apply gives).
   */
  play(s: S, actor: string, a: Action): S;
  /**
   * `play` on a state the search owns (a playout's own copy, which nothing else holds): it may
   * change the parts of `s` in place instead of copying them, a copy saved at every playout step;
   * `s` is not read again. Absent: `play`.
   */
  playOwned?(s: S, actor: string, a: Action): S;
  /**
   * `playOwned` changing `s` itself, the state object too (a new object is what lets the module
   * keep a legal list per state): for a playout step on a state no legal list was asked of. It
   * returns the state to go on with (`s`, or a new one where the game cannot). Absent: `playOwned`.
   */
  playInPlace?(s: S, actor: string, a: Action): S;
  /**
   * For a playout step: the legal actions of `role` it chooses from (each one legalActions lists):
   * some of them, cheaper to list than all, or all of them listed afresh (legalActions keeps each
   * state's list, a cost for a playout, whose every state is new); null: legalActions' list.
   */
  playoutActions(s: S, role: string, rand: Rand): Action[] | null;
  /**
   * For a step down the search's tree: every legal action of `role`, who is pending, listed afresh
   * in legalActions' order (legalActions keeps each state's list, and a search's every state is
   * new); null where the game cannot (the solitaire game's bot plays through legalActions).
   * Absent: legalActions.
   */
  listActions?(s: S, role: string): Action[] | null;
  /**
   * The roles choosing at once in `s` (sealed card plays, as the game's definition says which
   * choices are sealed: src/engine/kit/computer/shared-knowledge.ts sealedTogether); [] when a
   * single role acts. The search asks only when two or more roles are pending.
   */
  simultaneous(s: S): string[];
  /**
   * For the search only: `s` with the opponent's sealed choice taken back into its hand, so that
   * the choice is searched as simultaneous; null when nothing is sealed.
   */
  unseal(s: S, viewer: string): S | null;
  /**
   * The roles whose moves the search weighs without the evaluation's one-ply judgement as a head
   * start (SearchConfig.priorVisits), whatever the level: a role whose good moves pay off only
   * turns later, which one ply of the evaluation cannot see. Every other role has it.
   */
  searchOnly?: readonly string[];
  /**
   * Roles that search a multiple of their level's iterations (within the level's time cap): a role
   * whose play improves with search much more than the others' does (measured, not guessed: the
   * game's knowledge says where). Every other role searches its level's iterations.
   */
  searchMultiple?: Readonly<Record<string, number>>;
  /**
   * Roles whose own moves at the root lean on the rules of thumb: each move's UCB1 value gets the
   * rules of thumb's preference for it (a softmax of their scores) times this weight, fading as the
   * move's own visits grow (SearchConfig.policyBias, progressive bias). For a role whose one-ply
   * judgement misleads (searchOnly) but whose rules of thumb play better than a small search alone.
   */
  policyBias?: Readonly<Record<string, number>>;
  /**
   * Roles whose sampled states keep the identities the belief rebuilt for the opponent's hidden
   * units, but for this many random exchanges (SearchConfig.sampleExchanges): a role that can tell
   * from what it saw which unit is which far better than chance (measured: the game's knowledge
   * says where). Every other role's samples deal them again in full.
   */
  sampleExchanges?: Readonly<Record<string, number>>;
  /**
   * A role's playout depth at a level (by the level's id, then the role), where the game measured
   * another depth better for that role at that level than the search's default
   * (SearchConfig.playoutDepth): a role whose larger budget pays only when its playouts run on to
   * what decides the game (the game's knowledge says what was measured).
   */
  playoutDepthAt?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}
