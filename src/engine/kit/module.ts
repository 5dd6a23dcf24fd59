// A GameModule built from a game's parts. Every game checks a submitted action the same way (a role
// of the game, the shape of an action, a game not over, one of the legal actions as the game
// matches them), refuses it in the same words and runs its step table the same way: that is done
// here once, and a game supplies only what is its own (setup, steps, copy, view, labels...).

import { RuleError, type Action, type GameModule, type Json, type OptionSpec, type Outcome, type SetupOptions } from '../types.js';
import { isActionShape, matchLegal } from './actions.js';
import { pendingIn, playTurn, takeStep, type Flow } from './steps.js';
import type { IdTable } from './table.js';

/** What a refusal needs to say in a game's own words; nothing in it may reveal what the role may not see. */
export interface Refusals<S, R extends string> {
  /** A role as the messages name it, within a sentence: "<role>", or "the <role>". */
  who(role: R): string;
  /** The game's blocks, for an action that names one (`block`). */
  blocks: {
    table: IdTable<{ id: string; name: string }>;
    /** Who holds block i now (null: nobody). */
    owner(s: S, i: number): string | null;
    /** What a role's blocks are called: "blocks", "units". */
    noun: string;
    /** Why an action of one of the role's own blocks is refused; `own` are its legal actions of that type. */
    refuse(name: string, a: Action, own: Action[]): string;
  };
}

/** The engine plays this role itself in some games (e.g. solitaire): its one action is this. */
export const BOT_ACTION: Action = { type: 'bot' };

export interface ModuleParts<S extends { step: string }, V, R extends string, O extends SetupOptions> extends Flow<S, R> {
  id: string;
  title: string;
  roles: readonly R[];
  options?: readonly OptionSpec[];
  /** See GameModule.revisions. */
  revisions?: readonly string[];
  setup(seed: string, options?: O): S;
  setupLegacy?(seed: number, options?: O): S;
  /** A private copy of a state, for apply to change (the input is never changed). */
  clone(s: S): S;
  /** The key two actions share when they are the same action (default actionKey: key order aside). */
  key?(a: Action): string;
  refusals: Refusals<S, R>;
  describe?(s: S, role: R, a: Action): string;
  view(s: S, role: R | null): V;
  /** See GameModule.fullView. */
  fullView?(s: S): V;
  outcome(s: S): Outcome | null;
  /** See GameModule.underway. */
  underway(s: S): boolean;
  /** Besides the role check: see GameModule.undoable. */
  undoable?(before: S, after: S, role: R): boolean;
  catalog?(): { [key: string]: Json };
  /**
   * A role the engine plays in the games where `playing(s)`: its only legal action while it is
   * pending is BOT_ACTION, which plays all its decisions (each chosen by `choose`) up to another
   * role's next one.
   */
  robot?: { role: R; playing(s: S): boolean; choose(s: S, legal: Action[]): Action };
}

/** Most legal actions name a block: only those of the submitted block need their key computed. */
const sameBlock = (l: Action, a: Action) => l.block === undefined || l.block === a.block;

/**
 * The GameModule of a game. Its states are never changed once made (apply copies), so the last
 * legal lists per state object are kept: a client asking for the list and then applying one of
 * them pays for it once. Callers get copies of the list, never the kept one. The game is over at
 * its step 'over'.
 */
export function defineModule<S extends { step: string }, V, R extends string, O extends SetupOptions>(
  parts: ModuleParts<S, V, R, O>,
): GameModule<S, V> & { setup(seed: string, options?: O): S } {
  const { roles, robot, refusals } = parts;
  const isRole = (x: unknown): x is R => roles.includes(x as R);
  const pending = (s: S): R[] => pendingIn(parts, s);
  const memo = new WeakMap<S, Partial<Record<R, Action[]>>>();

  function legalActions(s: S, role: string): Action[] {
    if (!isRole(role)) return [];
    if (robot && role === robot.role && robot.playing(s)) return pending(s).includes(role) ? [{ ...BOT_ACTION }] : [];
    let m = memo.get(s);
    if (!m) memo.set(s, (m = {}));
    const list = (m[role] ??= parts.steps[s.step as S['step']].actions(s, role));
    return list.slice();
  }

  function apply(state: S, role: string, action: Action): S {
    if (!isRole(role)) throw new RuleError(`Unknown role "${role}": the roles are ${roles.join(' and ')}.`);
    if (!isActionShape(action)) throw new RuleError('An action is a JSON object with a string "type"; choose one from legalActions.');
    if (state.step === 'over') throw new RuleError('The game is over.');
    const legal = legalActions(state, role);
    const match = matchLegal(legal, action, { key: parts.key, candidate: sameBlock });
    if (!match) throw new RuleError(explain(state, role, action, legal));
    const s = parts.clone(state);
    if (robot && role === robot.role && robot.playing(s)) playTurn(parts, s, role, robot.choose);
    else takeStep(parts, s, role, match);
    return s;
  }

  /** Why an action is illegal, in words that reveal nothing the role may not see. */
  function explain(s: S, role: R, a: Action, legal: Action[]): string {
    const who = refusals.who;
    if (legal.length === 0) {
      const waiting = pending(s);
      return waiting.length ? `It is not ${who(role)}'s turn: waiting for ${waiting.map(who).join(' and ')}.` : `${capital(who(role))} has nothing to do now.`;
    }
    const types = [...new Set(legal.map((l) => l.type))];
    if (!types.includes(a.type)) return `"${a.type}" is not possible now (${s.step} step). Possible now: ${types.map((t) => `"${t}"`).join(', ')}.`;
    if ('block' in a) {
      const { table, owner, noun, refuse } = refusals.blocks;
      if (!table.has(a.block)) return `There is no block "${String(a.block)}".`;
      const i = table.idx(a.block);
      if (owner(s, i) !== role) return `${a.block} is not one of ${who(role)}'s ${noun}.`;
      return refuse(table.at(i).name, a, legal.filter((l) => l.type === a.type && l.block === a.block));
    }
    return `${JSON.stringify(a)} is not legal now; see legalActions.`;
  }

  const { describe, undoable } = parts;
  return {
    id: parts.id,
    title: parts.title,
    roles: [...roles],
    ...(parts.options && { options: parts.options }),
    ...(parts.revisions && { revisions: parts.revisions }),
    setup: parts.setup,
    ...(parts.setupLegacy && { setupLegacy: parts.setupLegacy }),
    pending,
    legalActions,
    ...(describe && { describe: (s: S, role: string, a: Action) => (isRole(role) ? describe(s, role, a) : a.type) }),
    apply,
    view: (s, role) => parts.view(s, isRole(role) ? role : null),
    ...(parts.fullView && { fullView: parts.fullView }),
    outcome: parts.outcome,
    underway: parts.underway,
    ...(undoable && { undoable: (before: S, after: S, role: string) => isRole(role) && undoable(before, after, role) }),
    ...(parts.catalog && { catalog: parts.catalog }),
    ...(robot && { bot: { role: robot.role, action: () => ({ ...BOT_ACTION }) } }),
  };
}

const capital = (x: string) => x.charAt(0).toUpperCase() + x.slice(1);
