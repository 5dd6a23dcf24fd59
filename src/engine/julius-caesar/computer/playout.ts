// The search's fast path through Julius Caesar, used in its playouts and descents only, where
// every action comes from a legal list: an action applied without checking it again (the engine's
// apply lists the legal actions and matches the action against them first), and, in a command
// phase, the moves of a few of the player's blocks drawn at random instead of every move of every
// block (the list the playout policy picks from; its levies and "done" are always in it). Each
// action it lists is one legalActions lists (test/ai/playout.test.ts checks both over random
// positions).

import { takeStep } from '../../kit/steps.js';
import type { Action } from '../../types.js';
import { STEPS } from '../flow.js';
import { levyActions } from '../levies.js';
import { moveActionsOf } from '../movement.js';
import type { Role } from '../roles.js';
import { BLOCK_COUNT, cloneState, onMap, reuseState, type State } from '../state.js';

const FLOW = { steps: STEPS };

/** Blocks whose moves a playout's command step lists. */
const BLOCKS_TRIED = 3;

/** `a`, one of the legal actions of `role` in `s`, applied to a copy of `s` without checking it. */
export function play(s: State, role: string, a: Action): State {
  const n = cloneState(s);
  takeStep(FLOW, n, role as Role, a);
  return n;
}

/** `play` on a state the search owns: its parts changed in place, `s` not to be read again. */
export function playOwned(s: State, role: string, a: Action): State {
  const n = reuseState(s);
  takeStep(FLOW, n, role as Role, a);
  return n;
}

/** `playOwned` changing the state object itself (the search's playout: see ComputerKnowledge.playInPlace). */
export function playInPlace(s: State, role: string, a: Action): State {
  takeStep(FLOW, s, role as Role, a);
  return s;
}

/** All of the legal actions, listed afresh (the module's legalActions keeps each state's list: a cost for the search, whose every state is new). */
export function listActions(s: State, role: string): Action[] {
  return STEPS[s.step].actions(s, role as Role);
}

/**
 * The legal actions of `role` a playout chooses from: in a command phase, the moves of three of his
 * blocks that may move, his levies, and "done"; elsewhere (or with few blocks to move) all of them.
 */
export function playoutActions(s: State, role: string, rand: (n: number) => number): Action[] {
  const cmd = s.cmd;
  if (s.step !== 'command' || !cmd || cmd.role !== role || cmd.levying) return listActions(s, role);
  const movable: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.side[i] === role && !s.moved[i] && onMap(s, i)) movable.push(i);
  if (movable.length <= BLOCKS_TRIED) return listActions(s, role);
  for (let k = 0; k < BLOCKS_TRIED; k++) {
    const j = k + rand(movable.length - k);
    const x = movable[k]!;
    movable[k] = movable[j]!;
    movable[j] = x;
  }
  movable.length = BLOCKS_TRIED;
  const out = moveActionsOf(s, cmd.role, movable);
  for (const a of levyActions(s, cmd.role)) out.push(a);
  out.push({ type: 'done' });
  return out;
}
