// Julius Caesar (Columbia Games, rules v2.0) as a GameModule: pure, deterministic, plain JSON. The
// engine kit's defineModule makes the checks every game makes; this file gives it the game's parts.

import type { Action, Outcome, SetupOptions } from '../types.js';
import { actionKey } from '../kit/actions.js';
import { about } from './about.js';
import { defineModule } from '../kit/module.js';
import { catalog } from './catalog.js';
import { describe } from './describe.js';
import { pendingRoles, startGame, STEPS } from './flow.js';
import { ROLES, type Role } from './roles.js';
import { sameDraws } from './rng.js';
import { FIRST_YEAR } from './calendar.js';
import { setup, setupLegacy } from './setup.js';
import { blocks, cloneState, hasBlock, idx, type Scenario, type State } from './state.js';
import { fullView, view, type JCView } from './view.js';
import { count } from '../kit/words.js';

export type { State } from './state.js';
export type { JCView } from './view.js';

/** Key order never matters (kit); a swap may name its two blocks in either order. */
function canonical(a: Action): string {
  return actionKey(a.type === 'swap' && Array.isArray(a.blocks) ? { ...a, blocks: [...(a.blocks as string[])].sort(byBlockOrder) } : a);
}

function byBlockOrder(x: string, y: string): number {
  return hasBlock(x) && hasBlock(y) ? idx(x) - idx(y) : x < y ? -1 : 1;
}

function outcome(s: State): Outcome | null {
  return s.result ? { winner: s.result.winner, reason: s.result.reason, vp: { ...s.result.vp } } : null;
}

/** 2.0: turn 1 is over (both Card Phase plays, both command phases and their battles) once turn 2 begins. */
function underway(s: State): boolean {
  return s.year > FIRST_YEAR || s.turn >= 2;
}

/**
 * An action can be taken back when it drew no random number, stayed within the same step of the
 * same player (so nothing was revealed: reveals happen when a step changes, e.g. both cards in or
 * a battle starting) and left that player the only one to act.
 */
const UNDOABLE_STEPS = new Set(['deploy', 'command', 'regroup', 'winter-navis', 'winter-supply', 'winter-disband']);

function undoable(before: State, after: State, role: Role): boolean {
  if (!sameDraws(before, after) || before.step !== after.step || !UNDOABLE_STEPS.has(after.step)) return false;
  if (before.year !== after.year || before.turn !== after.turn) return false;
  const p = pendingRoles(after);
  return p.length >= 1 && p.includes(role) && (after.step === 'deploy' || p.length === 1);
}

/** Julius Caesar's one option: the set-up (5.1 historical, 5.3 free deployment). */
export type Options = SetupOptions & { scenario?: Scenario };

export const juliusCaesar = defineModule<State, JCView, Role, Options>({
  id: about.id,
  title: about.title,
  roles: ROLES,
  options: about.options,
  setup: (seed, options) => startGame(setup(seed, options?.scenario ?? 'historical')),
  setupLegacy: (seed, options) => startGame(setupLegacy(seed, options?.scenario ?? 'historical')),
  steps: STEPS,
  clone: cloneState,
  key: canonical,
  refusals: {
    who: (role) => role,
    blocks: {
      table: blocks,
      owner: (s, i) => s.side[i]!,
      noun: 'blocks',
      refuse: (name, a, own) =>
        own.length === 0
          ? `${name} cannot "${a.type}" now.`
          : `${name} cannot do that: ${JSON.stringify(a)} is not among its ${count(own.length, `legal "${a.type}" action`)}.`,
    },
  },
  describe,
  view,
  fullView,
  outcome,
  underway,
  undoable,
  catalog,
});
