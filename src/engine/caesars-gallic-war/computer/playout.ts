// The search's fast path through Caesar's Gallic War, used in its playouts and descents only,
// where every action comes from a legal list: an action applied without checking it again (the
// engine's apply lists the legal actions and matches the action against them first).
// test/ai/playout.test.ts checks it against the engine's apply over random positions.

import { takeStep } from '../../kit/steps.js';
import type { Action } from '../../types.js';
import { proceed, STEPS } from '../flow.js';
import { caesarsGallicWar } from '../index.js';
import type { Role } from '../roles.js';
import { cloneState, reuseState, type State } from '../state.js';

const FLOW = { steps: STEPS, proceed };

/** `a`, one of the legal actions of `role` in `s`, applied to a copy of `s` without checking it. */
export function play(s: State, role: string, a: Action): State {
  // The solitaire game's Barbarian is the engine's own player: its turn is the engine's to run.
  if (s.solo) return caesarsGallicWar.apply(s, role, a);
  const n = cloneState(s);
  takeStep(FLOW, n, role as Role, a);
  return n;
}

/** `play` on a state the search owns: its parts changed in place, `s` not to be read again (the solitaire game's bot: a copy, as `play`). */
export function playOwned(s: State, role: string, a: Action): State {
  if (s.solo) return caesarsGallicWar.apply(s, role, a);
  const n = reuseState(s);
  takeStep(FLOW, n, role as Role, a);
  return n;
}

/** `playOwned` changing the state object itself (the search's playout: see ComputerKnowledge.playInPlace). */
export function playInPlace(s: State, role: string, a: Action): State {
  if (s.solo) return caesarsGallicWar.apply(s, role, a);
  takeStep(FLOW, s, role as Role, a);
  return s;
}

/**
 * All of the legal actions, listed afresh: the module's legalActions keeps each state's list (for
 * a client that lists, then applies), a cost for the search, whose every state is new (the
 * solitaire game's bot plays through legalActions: null).
 */
export function listActions(s: State, role: string): Action[] | null {
  return s.solo ? null : STEPS[s.step].actions(s, role as Role);
}

/** A playout chooses among all of them. */
export const playoutActions = listActions;
