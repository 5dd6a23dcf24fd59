// The computer's cheap rules of thumb for Caesar's Gallic War: a score for each legal action, used to
// play the search's playouts quickly (instead of uniformly random moves) and to order which moves
// the search considers first. Take tribal areas, attack where the odds are good, keep Caesar out of
// harm, fire rather than pass, retreat when outmatched; play high cards; keep supply up.

import { FIRE, PASS, retreatScore } from '../../kit/computer/shared-knowledge.js';
import type { Action } from '../../types.js';
import { BLOCKS } from '../data/blocks.js';
import { isTribal } from '../map.js';
import type { Role } from '../roles.js';
import { CAESAR_I, card, cardAp, controller, hasBlock, idx, type State } from '../state.js';
import { politicalModifier } from '../political.js';
import { combatValue, countAt, features, forceAt, side, threat, type Features } from './features.js';


/** One legal action's score for `me` (higher is better by these rules of thumb); `f` gives the position's features. */
function scoreOne(s: State, me: Role, a: Action, f: () => Features): number {
  const k = side(me);
  const o = (1 - k) as 0 | 1;
  const block = typeof a.block === 'string' && hasBlock(a.block) ? idx(a.block) : -1;
  switch (a.type) {
    case 'play': {
      const c = card(a.card as string);
      return cardAp(s, c.id, me) + (c.kind === 'event' ? 1.5 : 0);
    }
    case 'declare': {
      const t = a.action as string;
      if (t === 'supply') return me === 'Roman' ? (s.supply < 8 ? 1.3 : 0.2) : 0.9;
      if (t === 'political') return 1.2;
      if (t === 'activation') return 1.1;
      if (t === 'event') return 1.0;
      return 1.0;
    }
    case 'group':
      return countAt(f(), a.area as string, k) * 0.3 + 0.2;
    case 'go':
      return s.current && s.current.groups.length + s.current.offMapGroups > 0 ? 0.5 : -0.5;
    case 'move':
    case 'sail': {
      const path = a.path as string[] | undefined;
      const to = (path ? path[path.length - 1] : (a.to as string))!;
      const from = s.loc[block]!;
      const mine = combatValue(block, s.str[block]!);
      const enemy = forceAt(f(), to, o) + forceAt(f(), to, 2);
      const leaving = countAt(f(), from, k) === 1 && isTribal(from) && controller(s, from as never) === me ? 1 : 0;
      const cost = path && path.length === 2 ? 0.3 : 0;
      if (block === CAESAR_I && threat(f(), to, o) + enemy > forceAt(f(), to, k) + mine + 2) return -1;
      if (enemy > 0) {
        const ours = forceAt(f(), from, k) + forceAt(f(), to, k);
        const odds = ours / (ours + enemy);
        return 2.5 * (odds - 0.5) + (isTribal(to) ? 0.4 : 0) - leaving - cost;
      }
      const gain = isTribal(to) && controller(s, to as never) !== me ? 0.8 : 0.1;
      return gain - 0.8 * leaving - cost;
    }
    case 'main':
      return 0;
    case 'done':
      if (s.step === 'move') return 0.3;
      if (s.step === 'regroup') return 0.3;
      if (s.step === 'replacements' || s.step === 'reinforcements') return 0.3;
      return 0.5;
    case 'fire':
      return FIRE;
    case 'pass':
      return PASS;
    case 'retreat':
      return s.battle ? retreatScore(forceAt(f(), s.battle.area, k), forceAt(f(), s.battle.area, o)) : 0;
    case 'assault':
      return s.battle && forceAt(f(), s.battle.area, k) > forceAt(f(), s.battle.area, o) ? 1 : -0.2;
    case 'retreat-all':
      return 0;
    case 'regroup':
      return 0.1;
    case 'political': {
      // The chance the roll succeeds (card value against the modified die), and what it takes from the opponent.
      const area = a.area as string;
      const c = s.current;
      if (!c) return 0;
      const need = cardAp(s, c.card, me) - politicalModifier(s, me, c.card, area as never, a.vercingetorix === true);
      const p = Math.max(1, Math.min(6, need)) / 6;
      return 2 * p + (controller(s, area as never) === (me === 'Roman' ? 'Barbarian' : 'Roman') ? 0.6 : 0);
    }
    case 'revolt':
      return (a.area ? countAt(f(), a.area as string, 2) : 0) * 0.3;
    case 'replace':
      return s.supply > 4 ? 0.8 : 0.1;
    case 'build':
      return 0.5 + 0.1 * (a.strength as number);
    case 'take-massive-revolt':
      return 0.6;
    case 'decline':
      return 0.4;
    case 'attrition':
    case 'unsupplied':
      return block >= 0 ? -s.str[block]! - (block === CAESAR_I ? 5 : 0) : 0;
    case 'stay':
      return 0.2;
    case 'enter':
      return 0.3;
    case 'hit':
      return block >= 0 ? -(BLOCKS[block]!.br) - (block === CAESAR_I ? 5 : 0) : 0;
    default:
      return 0;
  }
}

/**
 * The rules of thumb as the search composes them (src/search/prior.ts): the position's features,
 * computed only when an action's score needs them (a battle's fire or pass does not), and one
 * action's score.
 */
export const rules = { features, score: scoreOne };
