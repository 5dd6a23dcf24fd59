// Julius Caesar (Columbia Games, rules v2.0) as a GameModule: pure, deterministic, plain JSON.

import { RuleError, type Action, type GameModule, type Outcome, type SetupOptions } from '../types.js';
import { catalog } from './catalog.js';
import { describe } from './describe.js';
import { STEPS, pendingRoles, startGame } from './flow.js';
import { isRole, ROLES, type Role } from './roles.js';
import { actionKey, isActionShape, matchLegal } from '../kit/actions.js';
import { sameDraws } from './rng.js';
import { setup, setupLegacy } from './setup.js';
import { cloneState, data, hasBlock, idx, type State } from './state.js';
import { view, type JCView } from './view.js';

export type { State } from './state.js';
export type { JCView } from './view.js';

function legalActions(s: State, role: string): Action[] {
  if (!isRole(role)) return [];
  return STEPS[s.step].actions(s, role);
}

/** Key order never matters (kit); a swap may name its two blocks in either order. */
function canonical(a: Action): string {
  return actionKey(a.type === 'swap' && Array.isArray(a.blocks) ? { ...a, blocks: [...(a.blocks as string[])].sort(byBlockOrder) } : a);
}

function byBlockOrder(x: string, y: string): number {
  return hasBlock(x) && hasBlock(y) ? idx(x) - idx(y) : x < y ? -1 : 1;
}

/** Most legal actions name a block: only those of the submitted block need their key computed. */
const sameBlock = (l: Action, a: Action) => l.block === undefined || l.block === a.block || l.type === 'swap';

function apply(state: State, role: string, action: Action): State {
  if (!isRole(role)) throw new RuleError(`Unknown role "${role}": the roles are Caesar and Pompey.`);
  if (!isActionShape(action)) {
    throw new RuleError('An action is a JSON object with a string "type"; choose one from legalActions.');
  }
  if (state.step === 'over') throw new RuleError('The game is over.');
  const legal = legalActions(state, role);
  const match = matchLegal(legal, action, { key: canonical, candidate: sameBlock });
  if (!match) throw new RuleError(explain(state, role, action, legal));
  const s = cloneState(state);
  STEPS[s.step].apply(s, role, match);
  return s;
}

/** Why an action is illegal, in words that reveal nothing the role may not see. */
function explain(s: State, role: Role, a: Action, legal: Action[]): string {
  if (legal.length === 0) {
    const waiting = pendingRoles(s);
    return waiting.length ? `It is not ${role}'s turn: waiting for ${waiting.join(' and ')}.` : `${role} has nothing to do now.`;
  }
  const types = [...new Set(legal.map((l) => l.type))];
  if (!types.includes(a.type)) {
    return `"${a.type}" is not possible now (${s.step} step). Possible now: ${types.map((t) => `"${t}"`).join(', ')}.`;
  }
  if ('block' in a) {
    if (!hasBlock(a.block)) return `There is no block "${String(a.block)}".`;
    const i = idx(a.block);
    if (s.side[i] !== role) return `${a.block} is not one of ${role}'s blocks.`;
    const own = legal.filter((l) => l.type === a.type && l.block === a.block);
    if (own.length === 0) return `${data(i).name} cannot "${a.type}" now.`;
    return `${data(i).name} cannot do that: ${JSON.stringify(a)} is not among its ${own.length} legal "${a.type}" actions.`;
  }
  return `${JSON.stringify(a)} is not legal now; see legalActions.`;
}

function outcome(s: State): Outcome | null {
  return s.result ? { winner: s.result.winner, reason: s.result.reason, vp: { ...s.result.vp } } : null;
}

/**
 * An action can be taken back when it drew no random number, stayed within the same step of the
 * same player (so nothing was revealed: reveals happen when a step changes, e.g. both cards in or
 * a battle starting) and left that player the only one to act.
 */
const UNDOABLE_STEPS = new Set(['deploy', 'command', 'regroup', 'winter-navis', 'winter-supply', 'winter-disband']);

function undoable(before: State, after: State, role: string): boolean {
  if (!isRole(role) || !sameDraws(before, after) || before.step !== after.step || !UNDOABLE_STEPS.has(after.step)) return false;
  if (before.year !== after.year || before.turn !== after.turn) return false;
  const p = pendingRoles(after);
  return p.length >= 1 && p.includes(role) && (after.step === 'deploy' || p.length === 1);
}

export const juliusCaesar: GameModule<State, JCView> = {
  id: 'julius-caesar',
  title: 'Julius Caesar',
  roles: [...ROLES],
  options: [{ name: 'scenario', title: 'Set-up: historical deployment (5.1) or free deployment (5.3)', values: ['historical', 'free-deployment'], default: 'historical' }],
  setup: (seed: string, options?: SetupOptions) => startGame(setup(seed, options?.scenario ?? 'historical')),
  setupLegacy: (seed: number, options?: SetupOptions) => startGame(setupLegacy(seed, options?.scenario ?? 'historical')),
  pending: (s) => pendingRoles(s),
  legalActions,
  describe: (s, role, a) => (isRole(role) ? describe(s, role, a) : a.type),
  apply,
  view: (s, role) => view(s, isRole(role) ? role : null),
  outcome,
  undoable,
  catalog,
};
