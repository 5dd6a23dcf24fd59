// Caesar's Gallic War (2nd edition, rulebook of 29 November 2025) as a GameModule: pure,
// deterministic, plain JSON. The rules are in the files named after the rulebook's sections; flow.ts
// runs them, and the engine kit's defineModule makes the checks every game makes.

import type { Outcome, SetupOptions } from '../types.js';
import { about } from './about.js';
import { defineModule } from '../kit/module.js';
import { decide } from './bot.js';
import { catalog } from './catalog.js';
import { describe } from './describe.js';
import { proceed, STEPS } from './flow.js';
import { ROLES, type Role } from './roles.js';
import { setup } from './setup.js';
import { blocks, cloneState, REVISIONS, type Options, type State } from './state.js';
import { fullView, view, type CGWView } from './view.js';

export type { State, Options } from './state.js';
export type { CGWView } from './view.js';

function outcome(s: State): Outcome | null {
  if (!s.result) return null;
  return { winner: s.result.winner, reason: s.result.reason, vp: { Roman: s.result.vp } };
}

/**
 * 4: the first card play is over (both cards played, both actions and the battles they made done)
 * once the second is revealed, or its cards put away at its end (4.3) while the second is chosen.
 */
function underway(s: State): boolean {
  return s.turn > 1 || s.round > 1 || (s.round === 1 && s.played.Roman === null && s.played.Barbarian === null);
}

/** The module, with its own options (all optional rules off by default) in setup. */
export const caesarsGallicWar = defineModule<State, CGWView, Role, SetupOptions & Partial<Options>>({
  id: about.id,
  title: about.title,
  roles: ROLES,
  options: about.options,
  revisions: REVISIONS,
  setup: (seed, options) => setup(seed, options ?? {}),
  steps: STEPS,
  proceed,
  clone: cloneState,
  refusals: {
    who: (role) => `the ${role}`,
    blocks: {
      table: blocks,
      owner: (s, i) => s.owner[i]!,
      noun: 'units',
      refuse: (name, a) => `${name} cannot do that now: ${JSON.stringify(a)} is not a legal "${a.type}".`,
    },
  },
  describe,
  view,
  fullView,
  outcome,
  underway,
  catalog,
  // 12 Solitaire: in a game set up with { solitaire: true } the Barbarian is the bot. Its one
  // action, "bot", lets the engine play all its decisions (bot.ts) up to the Roman's next one.
  robot: { role: 'Barbarian', playing: (s) => Boolean(s.solo), choose: decide },
});
