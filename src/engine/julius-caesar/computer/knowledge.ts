// The computer opponent's knowledge of Julius Caesar (src/engine/computer-knowledge.ts), as the
// generic search (src/search/) uses it: the belief hooks (what is hidden and how to reassign it),
// the evaluation, the rules of thumb (scores that order the search's moves and drive its
// playouts), how a move looks to the other side, and which roles choose at once. The game's
// definition (../definition.ts) hangs it on its `computer` slot, giving it the definition's sealed
// choices: the search finds the game's knowledge there.

import type { ComputerKnowledge } from '../../computer-knowledge.js';
import { quiet, sealedTogether } from '../../kit/computer/shared-knowledge.js';
import type { Action } from '../../types.js';
import { juliusCaesar } from '../index.js';
import { other, type Role } from '../roles.js';
import { hasBlock, idx, type State } from '../state.js';
import type { JCView } from '../view.js';
import { belief, identityShown } from './belief-hooks.js';
import { evaluate } from './evaluation.js';
import { listActions, play, playInPlace, playOwned, playoutActions } from './playout.js';
import { rules } from './rules-of-thumb.js';

/**
 * An action's key in the search tree: its JSON. The engine builds each kind of action with its
 * members in one order, so equal actions it lists have equal JSON (a quarter of the cost of
 * sorting members, on the search's hottest path).
 */
const key = (a: object): string => JSON.stringify(a);

/**
 * The action as `viewer` would see it made: a hidden block is named by where it stands, a card
 * discarded or a free deployment's swap not at all. Actions the viewer cannot tell apart share a key.
 */
function observedKey(s: State, actor: string, a: Action, viewer: string): string {
  if (actor === viewer) return key(a);
  switch (a.type) {
    case 'discard':
      return 'discard';
    case 'swap':
      return 'swap';
    case 'play':
      return `play:${a.card as string}`;
  }
  if (typeof a.block === 'string' && hasBlock(a.block)) {
    const i = idx(a.block);
    if (!identityShown(s, i, viewer as Role)) {
      const { block: _, ...rest } = a;
      return `${key(rest)}@${s.loc[i]}`;
    }
  }
  return key(a);
}

/**
 * The roles choosing at once: both players' sealed choices as the definition says (`sealed`: the
 * Year's discard, each turn's card), and the free deployment, which both make at once and in secret
 * (JC-57) though it is no card.
 */
function simultaneous(s: State, sealed: (a: Action) => boolean): string[] {
  if (s.step !== 'deploy') return sealedTogether(juliusCaesar, sealed, s);
  const p = juliusCaesar.pending(s);
  return p.length === 2 ? p : [];
}

/** The opponent's card played face-down (or his discard) taken back, for the search to choose at once with the viewer's. */
function unseal(s: State, viewer: string): State | null {
  const me = viewer as Role;
  const opp = other(me);
  if (s.step === 'cards' && s.sealed[opp] !== null && s.sealed[me] === null) return { ...s, sealed: { ...s.sealed, [opp]: null } };
  if (s.step === 'discard' && s.discard[opp] !== null && s.discard[me] === null) return { ...s, discard: { ...s.discard, [opp]: null } };
  return null;
}

/** The computer's knowledge of Julius Caesar, given the definition's sealed choices (GameDefinition.sealed). */
export function computerKnowledge(sealed: (a: Action) => boolean): ComputerKnowledge<State, JCView> {
  return { belief, evaluate, rules, observedKey, quiet, play, playOwned, playInPlace, playoutActions, listActions, simultaneous: (s) => simultaneous(s, sealed), unseal };
}
