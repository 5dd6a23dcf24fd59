// What the pages need to know of a game, whichever it is: its title, sides, options, a few words
// about it, its sealed choices and its log headings (all from the game's own definition in
// src/engine/<game>/, never copied), its board and its bot's words. Each game's folder exports one
// GameEntry; games/registry.ts lists them.
import type { ComponentType } from 'preact';
import type { About } from '../../../src/engine/definition';
import type { OptionSpec } from '../../../src/engine/types';
import type { Act } from '../board/actions';
import type { Game, GameId, Role } from '../api';

export interface BoardProps {
  game: Game;
  /** A newer answer of the API for this game (after an action). */
  onGame: (g: Game) => void;
  /** Reads the game again (after a stale version). */
  reload: () => Promise<void>;
  /** Opens the replay (the status panel's link; absent: a replay's own board). */
  onReplay?: () => void;
}

/** An option a new game may be created with, by the name the API's GameOptions gives it. */
export type OptionField =
  | { kind: 'choice'; name: string; title: string; choices: readonly { value: string; title: string; short: string }[]; default: string }
  | { kind: 'flag'; name: string; title: string; short: string; default: boolean };

export interface GameEntry {
  id: GameId;
  title: string;
  roles: readonly Role[];
  /** A sentence or two on what the game is, for the landing page and the new-game form. */
  description: string;
  /** Where the rules are published, and by whom. */
  rules: { url: string; by: string };
  options: readonly OptionField[];
  /** The game's own bot, if it has one: the side a person plays against it, what it is, how it plays. */
  bot: { role: Role; title: string; plays: string } | null;
  Board: ComponentType<BoardProps>;
  /** A turn heading's words when a log line is one, else null (the log's groups, a replay's turn steps). */
  logHeading: (line: string) => string | null;
  /** Is this legal action a sealed choice (a card chosen face down: sent to the sealed play endpoint)? */
  sealed: (a: Act) => boolean;
}

/** A game's options as the new-game form shows them: a choice of values, or a flag. */
export function optionFields(options: readonly OptionSpec[]): OptionField[] {
  return options.map((o) =>
    o.choices
      ? { kind: 'choice', name: o.name, title: o.title, choices: o.choices, default: String(o.default) }
      : { kind: 'flag', name: o.name, title: o.title, short: o.short ?? o.title, default: o.default === true },
  );
}

/** What a GameEntry takes from the game's About (src/engine/<game>/about.ts). */
export function fromAbout(about: About): Pick<GameEntry, 'id' | 'title' | 'roles' | 'description' | 'rules' | 'options'> {
  return { id: about.id as GameId, title: about.title, roles: about.roles as readonly Role[], description: about.description, rules: about.rules, options: optionFields(about.options) };
}
