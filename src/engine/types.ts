// The contract every game module honours. The rest of the service (app, http, store) talks to
// games only through this interface, so a second game is a new folder, not a rewrite.
// State, Action and View are plain JSON: JSON.parse(JSON.stringify(x)) deep-equals x.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An action a player may take: a small JSON object with a `type`. */
export type Action = { type: string; [key: string]: Json };

export interface Outcome {
  /** The winning role, or null for a draw (or a game aborted: see `aborted`). */
  winner: string | null;
  reason: string;
  vp: Record<string, number>;
  /** The game ended before it was underway (GameModule.underway): no result, never rated. */
  aborted?: true;
}

export interface SetupOptions {
  /** One person against the module's `bot` (only for a module that has one). */
  solitaire?: boolean;
  /** Which of the module's rules `revisions` to set the game up under (kit/revisions.ts); absent: the last. */
  revision?: string;
  /** A module's own options, as its `options` list declares them. */
  [name: string]: string | boolean | undefined;
}

/**
 * An option a game may be created with: the service accepts exactly these (by name, one of
 * `values`), passes them to setup, and shows every game's choices in the lobby.
 */
export interface OptionSpec {
  name: string;
  /** A short human title ("Yearly Objectives (10)"), for a form. */
  title: string;
  /** A flag's few words when it is on, for a list of a game's options ("Yearly Objectives"). */
  short?: string;
  values: readonly (string | boolean)[];
  /** A choice's values in words: a title for a form, a few words for a list. */
  choices?: readonly { value: string; title: string; short: string }[];
  default: string | boolean;
}

export interface GameModule<S = any, V = any> {
  id: string;
  title: string;
  roles: string[];
  /** Optional: the options a game of this module may be created with (none when absent). */
  options?: readonly OptionSpec[];
  /**
   * Optional: the revisions of the module's rules, oldest first, when a change of the rules must
   * not touch the games stored before it (they replay under the rules they were played under). A
   * new game is set up under the last; a stored game without a `revision` option, under the first.
   */
  revisions?: readonly string[];
  /**
   * A new game. `seed` is 64 hex digits, a 256-bit secret drawn by the service, every digit of
   * which changes the game; it keys the game's generator (src/engine/kit/random.ts). Throws on a
   * seed of any other form.
   */
  setup(seed: string, options?: SetupOptions): S;
  /**
   * Optional: a game stored before the keyed generator, from its 32-bit seed, set up exactly as it
   * was then (old generator) so that it replays and plays on unchanged. Never for a new game.
   */
  setupLegacy?(seed: number, options?: SetupOptions): S;
  /** Roles that must act now; [] when the game is over. */
  pending(state: S): string[];
  /** Every legal action for that role, each one accepted by apply() as-is. */
  legalActions(state: S, role: string): Action[];
  /**
   * Optional: a short human label of one of `legalActions(state, role)` ("Move Legio 13 Ravenna →
   * Rome"), written from that role's own view so it reveals nothing the role may not see. The API
   * adds it to each legal action as `label`, so no action of any module has a `label` member.
   */
  describe?(state: S, role: string, action: Action): string;
  /** The next state; never mutates its input; throws RuleError if the action is illegal. */
  apply(state: S, role: string, action: Action): S;
  /** What that role may see; null is an observer, who sees only what both players may see. */
  view(state: S, role: string | null): V;
  /**
   * Optional: the whole position with nothing hidden, in the form of a view (`role` null, `full`
   * true): every block with its identity and strength, both hands and discards, the sealed cards,
   * and each log entry's fullest text. For replaying a game once it is over, when everything is
   * public; the service never serves it while a game is running.
   */
  fullView?(state: S): V;
  outcome(state: S): Outcome | null;
  /**
   * Has each side made its moves of the game's first turn (its first card play: both cards
   * played and both sides' actions for them done)? A game that ends otherwise than by the rules
   * (a resignation, a time-out, an abandonment) before this is aborted: it has no result, changes
   * no rating and counts in nobody's record. A game ended by the rules is never aborted.
   */
  underway(state: S): boolean;
  /**
   * Optional: may `role` take back the action that led from `before` to `after`? Only when it drew
   * no random number, revealed nothing to anyone, and left `role` still the one to act. A module
   * without it offers no undo.
   */
  undoable?(before: S, after: S, role: string): boolean;
  /**
   * Optional: the game's public data (map, blocks, cards) as one JSON document, the same for
   * every game of this module; served to clients so they need not transcribe it.
   */
  catalog?(): { [key: string]: Json };
  /**
   * Optional: the game's own automated opponent. In a game set up with `{ solitaire: true }` no
   * person holds `role`: the service plays it with `action` as soon as it is pending, through the
   * same path and log as a person's move. `action` is a pure function of the state and returns
   * one of legalActions(state, role); a die the bot rolls is drawn by apply from the state's
   * generator, so replay reproduces the bot's play.
   */
  bot?: { role: string; action(state: S): Action };
}

/** Thrown by apply() for an illegal action. The message is safe to show to the acting player. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}
