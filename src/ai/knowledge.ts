// What the generic search needs to know about a game. Each game supplies it from its own engine
// folder (src/engine/<game>/ai/), where the rules live; the search (this folder) uses only this
// shape. The engine cannot import from here, so the games' objects match it structurally and are
// checked against it where they are registered (registry.ts).

import type { Action, GameModule } from '../engine/index.js';

/** A source of uniform integers in [0, n): the search's own generator, never the game's. */
export type Rand = (n: number) => number;

/**
 * How to rebuild a full state consistent with what a role has seen (belief.ts replays the game
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
   */
  shuffle(s: S, role: string, rand: Rand): void;
  /**
   * Alternatives to `s` for when no opponent action explains an entry: hidden identities exchanged
   * around the places the entry's new log lines name (e.g. a Navis where a hidden block just
   * sailed from), each a private copy. May be empty.
   */
  variants(s: S, role: string, lines: readonly string[]): Iterable<S>;
  /**
   * The last resort when no move explains an entry: the hidden units of `s` moved between places
   * (and pool) until the places and counts the view shows hold, whatever history that implies.
   * In place, best effort (the generic code checks the view afterwards).
   */
  resync(s: S, view: V, role: string): void;
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

export interface GameKnowledge<S, V> {
  module: GameModule<S, V>;
  belief: BeliefHooks<S, V>;
  /** How good `s` is for `role`, in [-1, 1] (1: won). */
  evaluate(s: S, role: string): number;
  /**
   * Cheap rules of thumb: scores of the legal actions. Higher ones are tried first when a node
   * widens, and playouts mostly play the best (with a little noise).
   */
  prior(s: S, role: string, legal: readonly Action[]): number[];
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
  /** The roles choosing at once (sealed card plays) in `s`; [] when a single role acts. */
  simultaneous(s: S): string[];
  /**
   * For the search only: `s` with the opponent's sealed choice taken back into its hand, so that
   * the choice is searched as simultaneous; null when nothing is sealed.
   */
  unseal(s: S, viewer: string): S | null;
}
