// The computer opponent's knowledge of Caesar's Gallic War (src/engine/computer-knowledge.ts), as the
// generic search (src/search/) uses it: the belief hooks (what is hidden and how to reassign it),
// the evaluation, the rules of thumb (scores that order the search's moves and drive its
// playouts), how a move looks to the other side, and which roles choose at once. The game's
// definition (../definition.ts) hangs it on its `computer` slot, giving it the definition's sealed
// choices: the search finds the game's knowledge there.

import type { ComputerKnowledge } from '../../computer-knowledge.js';
import { quiet, sealedTogether } from '../../kit/computer/shared-knowledge.js';
import type { Action } from '../../types.js';
import { caesarsGallicWar } from '../index.js';
import { other, type Role } from '../roles.js';
import { hasBlock, idx, type State } from '../state.js';
import type { CGWView } from '../view.js';
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

/** The action as `viewer` would see it made: a hidden unit is named by where it stands. */
function observedKey(s: State, actor: string, a: Action, viewer: string): string {
  if (actor === viewer) return key(a);
  if (a.type === 'play') return `play:${a.card as string}`;
  if (typeof a.block === 'string' && hasBlock(a.block)) {
    const i = idx(a.block);
    if (!identityShown(s, i, viewer as Role)) {
      const { block: _, ...rest } = a;
      return `${key(rest)}@${s.loc[i]}`;
    }
  }
  if (a.type === 'fort' || a.type === 'sortie' || a.type === 'reinforce') return a.type;
  return key(a);
}


/** The opponent's card played face-down taken back, for the search to choose at once with the viewer's. */
function unseal(s: State, viewer: string): State | null {
  const me = viewer as Role;
  const opp = other(me);
  if (s.step === 'play' && !s.solo && s.sealed[opp] !== null && s.sealed[me] === null) return { ...s, sealed: { ...s.sealed, [opp]: null } };
  return null;
}

/**
 * The computer's knowledge of Caesar's Gallic War, given the definition's sealed choices
 * (GameDefinition.sealed): the roles choosing at once are both players choosing their card face
 * down.
 */
export function computerKnowledge(sealed: (a: Action) => boolean): ComputerKnowledge<State, CGWView> {
  return {
    belief,
    evaluate,
    rules,
    observedKey,
    quiet,
    play,
    playOwned,
    playInPlace,
    playoutActions,
    listActions,
    simultaneous: (s) => sealedTogether(caesarsGallicWar, sealed, s),
    unseal,
    // The Roman's conquest pays at a turn's end, the moves towards it cost him first: with one ply
    // of the evaluation as a head start normal won 1 of 8 games against the greedy player on seeds
    // 0-19, where without it it won 5 of those 10 (easy: 1 of 20 against 2 of 20).
    searchOnly: ['Roman'],
    // And his play grows with search: against the greedy player on seeds 0-39, 150 iterations won
    // 5 of 20, 300 won 11, 600 won 12 (mean VP 80 against 75; within the noise, docs/benchmarks.md).
    // The level's time cap bounds what the doubling costs.
    searchMultiple: { Roman: 2 },
    // His own moves at the root lean on his rules of thumb (progressive bias): his few playouts
    // alone chose worse than those rules played (the rules of thumb as the Roman against the greedy
    // Barbarian: mean final VP 66; easy's search: 45). At easy (120 iterations) against the greedy
    // player on seeds 0-39 he won 15 of 20 with it, 2 of 20 without; at normal 20 of 20, where
    // he had won 12 (docs/benchmarks.md).
    policyBias: { Roman: 1 },
    // Each side tells the other's hidden units apart by what it saw (where each tribe stood at
    // home, what battles showed): the rebuilt states place 98% of the Barbarian's right for the
    // Roman and 87-91% of the Roman's for the Barbarian in the hard benchmark's games, samples dealt
    // again in full 28-35% and 21%. Kept, with three exchanges (79% and 74% right): normal as the
    // Roman beat normal dealing them in full 8 of 10, as the Barbarian 10 of 20; both kept, normal
    // given the true state beat normal 8 of 20, where it had won 15 of 20 (docs/benchmarks.md).
    sampleExchanges: { Roman: 3, Barbarian: 3 },
    // The Barbarian wins by holding the Roman under 90 VP at the turns' scoring: at hard his
    // playouts run on twice as far (32 actions). Against normal's Roman on seeds 1-19 odd, hard
    // with the default 16 won 4 of 10, with twice its iterations 5 of 10, normal itself 3 of 10;
    // with 32, 7 of 10, and 6 of 10 on seeds 21-39 odd (with 4: 0 of the first 3). Measured at
    // hard only (docs/benchmarks.md).
    playoutDepthAt: { hard: { Barbarian: 32 } },
  };
}
