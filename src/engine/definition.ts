// A game as the rest of the service reads it: its rules (the GameModule) and every fact about the
// game that shared code needs — what an email says of a position, which log lines head a turn,
// which choices are made face down, its options with their titles, its part of the API's
// contract, the computer opponent's knowledge of it. Each game folder exports one GameDefinition;
// src/engine/games.ts lists them. Shared code asks the definition and never names a game
// (test/games-named.test.ts checks).
import type { ComputerKnowledge } from './computer-knowledge.js';
import type { Action, GameModule, OptionSpec } from './types.js';

/**
 * What a game is, in words and choices, with no rules in it: each game's about.ts, which its
 * module and definition take their facts from, and which the web client imports as it is (so its
 * pages show the same titles, sides, options and sealed choices, from one owner).
 */
export interface About {
  id: string;
  title: string;
  roles: readonly string[];
  /** A sentence or two on what the game is (the landing page, the new-game form). */
  description: string;
  /** The options a game may be created with, with their titles and defaults. */
  options: readonly OptionSpec[];
  /** The action types that are sealed choices: a card chosen face down (see sealedCardChoice). */
  sealed: readonly string[];
  /** Where the rules are published: the publisher's (or designer's) page, and whose it is. */
  rules: { url: string; by: string };
}

/**
 * What an email or a notification may say of one role's position, read from that role's view
 * alone (never the state): the recipient's view is all it is given, so it can tell nothing hidden.
 */
export interface ViewSummary {
  /** When in the game, in its own calendar ("706, turn 3", "Winter 706", "57 BC"); '' when it has none. */
  when: string;
  /** A few words for a subject line: what the role must do now ("play a card", "battle in Rome"). */
  task: string;
  /** Both sides are choosing a card face down (a sealed card play). */
  sealed: boolean;
  /** Which card play the position is in: two views of the same card play say the same. */
  cardPlay: string;
  /** What is expected now, in words ("<role>: play a card."). */
  prompt: string;
  /** Player 1, where the game has one and it is decided. */
  p1: string | null;
  /** The role's log, as its view shows it. */
  log: readonly string[];
}

export interface GameDefinition<S = any, V = any> {
  /** The rules: id, title, roles, options (with their titles), setup, legal actions, apply, views. */
  module: GameModule<S, V>;
  /** The game in words (its description; the rest is also the module's). */
  about: About;
  /** What an email or notification says of a role's position, from its view. */
  summary(view: V): ViewSummary;
  /**
   * A turn heading's words when a log line is one ("— 705, turn 1 —" → "705 (49 BC), turn 1"),
   * else null: the transcript, a replay's steps and the web's log group the log under them.
   */
  logHeading(line: string): string | null;
  /**
   * Is this action a sealed choice (a card chosen face down while the other side chooses too)?
   * Such choices go through the sealed play endpoint, and one does not make the other side's
   * version stale (it changes nothing they may see).
   */
  sealed(action: Action): boolean;
  /**
   * The game's part of the API's contract (openapi.yaml): a YAML file of schemas named after the
   * game, among them its View, Action, Catalog and Options (scripts/openapi-build.ts splices it in).
   */
  schemas: URL;
  /**
   * The computer opponent's knowledge of this game (src/engine/computer-knowledge.ts: its belief
   * hooks, evaluation, rules of thumb, ...), which the search (src/search/) finds here; a game
   * without it cannot be played against the computer.
   */
  computer?: ComputerKnowledge<S, V>;
}

/**
 * A sealed choice as every game makes it: an action of one of `types` made of its type and a card
 * only (`{ type: 'play', card: 'K12' }`; the `label` the API adds to a legal action aside).
 */
export function sealedCardChoice(types: readonly string[]): (a: { type: string }) => boolean {
  return (a) => {
    if (a === null || typeof a !== 'object' || Array.isArray(a) || !types.includes(a.type)) return false;
    const keys = Object.keys(a).filter((k) => k !== 'label');
    return keys.length === 2 && Object.hasOwn(a, 'card') && typeof (a as { card?: unknown }).card === 'string';
  };
}
