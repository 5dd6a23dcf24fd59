// Caesar's Gallic War (2nd edition, rulebook of 29 November 2025) as a GameModule: pure,
// deterministic, plain JSON. The rules are in the files named after the rulebook's sections; flow.ts
// runs them.

import { RuleError, type Action, type GameModule, type OptionSpec, type Outcome, type SetupOptions } from '../types.js';
import { isActionShape, matchLegal } from '../kit/actions.js';
import { catalog } from './catalog.js';
import { describe } from './describe.js';
import { applyStep, botTurn, pendingRoles, STEPS } from './flow.js';
import { isRole, ROLES, type Role } from './roles.js';
import { setup } from './setup.js';
import { cloneState, data, DEFAULT_OPTIONS, hasBlock, idx, type Options, type State } from './state.js';
import { view, type CGWView } from './view.js';

export type { State, Options } from './state.js';
export type { CGWView } from './view.js';

/**
 * Legal actions are a pure function of a state, and states are never changed once made (apply
 * copies), so the last answers per state object are kept: a client asking for the list and then
 * applying one of them pays for the list once. Callers get copies of the list, never the cache.
 */
const memo = new WeakMap<State, Partial<Record<Role, Action[]>>>();

function legalActions(s: State, role: string): Action[] {
  if (!isRole(role)) return [];
  // 12 Solitaire: the bot's decisions are the engine's own (bot.ts), with the game's dice.
  if (s.solo && role === 'Barbarian') return pendingRoles(s).includes('Barbarian') ? [{ type: 'bot' }] : [];
  let m = memo.get(s);
  if (!m) memo.set(s, (m = {}));
  const list = (m[role] ??= STEPS[s.step].actions(s, role));
  return list.slice();
}

/** Most legal actions name a block: only those of the submitted block need their key computed. */
const sameBlock = (l: Action, a: Action) => l.block === undefined || l.block === a.block;

function apply(state: State, role: string, action: Action): State {
  if (!isRole(role)) throw new RuleError(`Unknown role "${role}": the roles are Roman and Barbarian.`);
  if (!isActionShape(action)) throw new RuleError('An action is a JSON object with a string "type"; choose one from legalActions.');
  if (state.step === 'over') throw new RuleError('The game is over.');
  const legal = legalActions(state, role);
  const match = matchLegal(legal, action, { candidate: sameBlock });
  if (!match) throw new RuleError(explain(state, role, action, legal));
  const s = cloneState(state);
  if (s.solo && role === 'Barbarian') botTurn(s);
  else applyStep(s, role, match);
  return s;
}

/** Why an action is illegal, in words that reveal nothing the role may not see. */
function explain(s: State, role: Role, a: Action, legal: Action[]): string {
  if (legal.length === 0) {
    const waiting = pendingRoles(s);
    return waiting.length ? `It is not the ${role}'s turn: waiting for the ${waiting.join(' and the ')}.` : `The ${role} has nothing to do now.`;
  }
  const types = [...new Set(legal.map((l) => l.type))];
  if (!types.includes(a.type)) return `"${a.type}" is not possible now (${s.step} step). Possible now: ${types.map((t) => `"${t}"`).join(', ')}.`;
  if ('block' in a) {
    if (!hasBlock(a.block)) return `There is no block "${String(a.block)}".`;
    const i = idx(a.block);
    if (s.owner[i] !== role) return `${a.block} is not one of the ${role}'s units.`;
    return `${data(i).name} cannot do that now: ${JSON.stringify(a)} is not a legal "${a.type}".`;
  }
  return `${JSON.stringify(a)} is not legal now; see legalActions.`;
}

function outcome(s: State): Outcome | null {
  if (!s.result) return null;
  return { winner: s.result.winner, reason: s.result.reason, vp: { Roman: s.result.vp } };
}

/** The optional rules a game may be created with (state.ts's Options; the defaults are DEFAULT_OPTIONS). */
const OPTIONS = [
  { name: 'yearlyObjectives', title: 'Yearly Objectives (10), scored in 7.9', values: [false, true], default: DEFAULT_OPTIONS.yearlyObjectives },
  { name: 'historicalReinforcements', title: 'Historical Reinforcements (11)', values: [false, true], default: DEFAULT_OPTIONS.historicalReinforcements },
  { name: 'restrictedNaval', title: 'Restricted Naval Movement (11)', values: [false, true], default: DEFAULT_OPTIONS.restrictedNaval },
  { name: 'legionI', title: 'Legio I in the force pool (errata of 29 November 2025)', values: [true, false], default: DEFAULT_OPTIONS.legionI },
  { name: 'altCardValues', title: 'The older card values', values: [false, true], default: DEFAULT_OPTIONS.altCardValues },
] as const satisfies readonly OptionSpec[];

/** The module, with its own options (all optional rules off by default) in setup. */
export const caesarsGallicWar: GameModule<State, CGWView> & { setup(seed: string, options?: SetupOptions & Partial<Options>): State } = {
  id: 'caesars-gallic-war',
  title: "Caesar's Gallic War",
  roles: [...ROLES],
  options: OPTIONS,
  setup: (seed: string, options?: SetupOptions & Partial<Options>) => setup(seed, options ?? {}),
  pending: (s) => pendingRoles(s),
  legalActions,
  describe: (s, role, a) => (isRole(role) ? describe(s, role, a) : a.type),
  apply,
  view: (s, role) => view(s, isRole(role) ? role : null),
  outcome,
  catalog,
  // 12 Solitaire: in a game set up with { solitaire: true } the Barbarian is the bot. Its one
  // action, "bot", lets the engine play all its decisions up to the Roman's next one.
  bot: { role: 'Barbarian', action: () => ({ type: 'bot' }) },
};
