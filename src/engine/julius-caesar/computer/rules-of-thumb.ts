// The computer's cheap rules of thumb for Julius Caesar: a score for each legal action, used to
// play the search's playouts quickly (instead of uniformly random moves, which wander) and to
// order which moves the search considers first. Attack where the odds are good, take VP cities,
// keep them garrisoned, levy and strengthen where it matters, fire rather than pass, retreat when
// outmatched; play strong cards and discard the weakest.

import { FIRE, PASS, retreatScore } from '../../kit/computer/shared-knowledge.js';
import type { Action } from '../../types.js';
import { BLOCKS } from '../data/blocks.js';
import type { Role } from '../roles.js';
import { card, hasBlock, idx, type State } from '../state.js';
import { combatValue, countAt, features, forceAt, side, threat, vpOf, type Features } from './features.js';


/** What a card is worth to its player: Move points count most, Levy points next; God cards are strong but narrow. */
function cardValue(id: string): number {
  const c = card(id);
  if (c.kind === 'command') return c.move + 0.8 * c.levy;
  return c.god === 'Apollo' ? 3.2 : c.god === 'Jupiter' || c.god === 'Vulcan' ? 3.6 : 4.2;
}

/** One legal action's score for `me` (higher is better by these rules of thumb); `f` gives the position's features. */
function scoreOne(s: State, me: Role, a: Action, f: () => Features): number {
  const k = side(me);
  const o = (1 - k) as 0 | 1;
  const block = typeof a.block === 'string' && hasBlock(a.block) ? idx(a.block) : -1;
  switch (a.type) {
    case 'play':
      return cardValue(a.card as string);
    case 'discard':
      return -cardValue(a.card as string);
    case 'move':
    case 'amphibious': {
      const path = a.path as string[];
      const from = s.loc[block]!;
      const dest = path[path.length - 1]!;
      const mine = combatValue(block, s.str[block]!);
      const enemyThere = forceAt(f(), dest, o);
      const leaving = countAt(f(), from, k) === 1 ? vpOf(from) : 0;
      const cost = a.type === 'amphibious' ? 0.3 : 0;
      if (BLOCKS[block]!.type === 'navis' && enemyThere === 0) return -0.2 - cost;
      if (enemyThere > 0) {
        const ours = forceAt(f(), from, k) + forceAt(f(), dest, k);
        const odds = ours / (ours + enemyThere);
        return 2.5 * (odds - 0.45) + 0.5 * vpOf(dest) - leaving - cost;
      }
      const dv = vpOf(dest);
      const ownThere = countAt(f(), dest, k) > 0;
      if (!ownThere) return 0.2 + 1.2 * dv - 0.8 * leaving - cost + (threat(f(), dest, o) > mine * 2 ? -0.4 : 0);
      const danger = threat(f(), dest, o) - forceAt(f(), dest, k);
      return -0.1 + (danger > 0 && dv > 0 ? 0.4 : 0) - 0.8 * leaving - cost;
    }
    case 'levy': {
      const city = a.city as string;
      return 0.8 + 0.3 * vpOf(city) + (threat(f(), city, o) > forceAt(f(), city, k) ? 0.3 : 0) - (BLOCKS[block]!.type === 'navis' ? 0.4 : 0);
    }
    case 'strengthen': {
      const at = s.loc[block]!;
      return 0.9 + (threat(f(), at, o) > forceAt(f(), at, k) ? 0.4 : 0) + 0.2 * vpOf(at) - 0.2 * (s.str[block]! / BLOCKS[block]!.max);
    }
    case 'done':
      if (s.step === 'command') return 0.45;
      if (s.step === 'winter-disband') return 1;
      if (s.step === 'deploy') return 1;
      return 0.3; // regroup: stop
    case 'fire':
      return FIRE;
    case 'pass':
      return PASS;
    case 'retreat':
      return s.battle ? retreatScore(forceAt(f(), s.battle.loc, k), forceAt(f(), s.battle.loc, o)) : -1;
    case 'regroup': {
      const to = a.to as string;
      const open = countAt(f(), to, k) === 0 && countAt(f(), to, o) === 0;
      return open && vpOf(to) > 0 ? 0.6 + vpOf(to) * 0.3 : 0.1;
    }
    case 'disband':
      return s.step === 'winter-disband' ? -2 : -s.str[block]! - (BLOCKS[block]!.type === 'leader' ? 3 : 0);
    case 'swap':
      return -0.5;
    case 'battle':
    case 'surprise': {
      const loc = a.location as string;
      return forceAt(f(), loc, k) - forceAt(f(), loc, o) + vpOf(loc);
    }
    case 'jupiter':
    case 'vulcan':
    case 'place': {
      const c = a.city as string;
      return vpOf(c) + 0.3 * forceAt(f(), c, o);
    }
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
