// The computer's cheap rules of thumb for Caesar's Gallic War: a score for each legal action, used to
// play the search's playouts quickly (instead of uniformly random moves) and to order which moves
// the search considers first. Take tribal areas, attack where the odds are good, keep Caesar out of
// harm, fire rather than pass, retreat when outmatched; play high cards; keep supply up; the Roman
// activates a neutral tribe when he can, rolls for tribes with high cards, and winters his legions
// in the areas not yet his.

import { FIRE, PASS, retreatScore } from '../../kit/computer/shared-knowledge.js';
import type { Action } from '../../types.js';
import { BLOCKS } from '../data/blocks.js';
import { isTribal, neighbours } from '../map.js';
import type { Role } from '../roles.js';
import { CAESAR_I, card, cardAp, controller, hasBlock, idx, type State } from '../state.js';
import { politicalModifier } from '../political.js';
import { areasWith, combatValue, countAt, features, forceAt, forceIn, side, threat, type Features } from './features.js';


/**
 * What the Roman announces with his card. A neutral tribe activated (once a year) is an area won
 * for certain: it comes first. A political roll is worth more the higher the card (it succeeds on
 * a die up to the card's value). Movement is worth a little more for each group, up to the card's
 * value, beside a tribal area not his whose defenders it outweighs: with a 1-point card such a
 * group marches rather than roll at 1 in 6; with 2 or 3 points the roll comes first. Measured in
 * policy self-play against the Barbarian's rules of thumb (`npm run bench:ai -- --policy 1000`,
 * docs/benchmarks.md): the Roman won 4% of the games with the scores both sides had (political
 * 1.2, activation 1.1, movement 1.0), 20% with these; activation at 1.0 won 3% (of 300), more
 * weight on movement fewer (0.5 a group: 5%; these players' marches take fewer areas than rolls).
 */
function romanDeclares(s: State, t: string, f: () => Features): number {
  const ap = cardAp(s, s.played.Roman!, 'Roman');
  switch (t) {
    case 'activation':
      return 2.5;
    case 'political':
      return 0.5 + 0.5 * ap;
    case 'movement':
      return 0.9 + 0.25 * Math.min(ap, groupsWithAConquest(s, f()));
    case 'supply':
      return s.supply < 8 ? 1.3 : 0.2;
    default:
      return 1.0;
  }
}

function barbarianDeclares(t: string): number {
  if (t === 'supply') return 0.9;
  if (t === 'political') return 1.2;
  if (t === 'activation') return 1.1;
  return 1.0;
}

/** The Roman's groups with a tribal area not his next door whose defenders (Barbarian and neutral) they outweigh by 30%. */
function groupsWithAConquest(s: State, f: Features): number {
  let n = 0;
  for (const at of areasWith(f, 0)) {
    const ours = forceAt(f, at, 0);
    for (const to of neighbours(at)) {
      if (!isTribal(to) || controller(s, to as never) === 'Roman') continue;
      if (ours > 1.3 * (forceAt(f, to, 1) + forceAt(f, to, 2))) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * A legion (or Caesar) wintering where it stands, against going home ('done': 0.5). In a tribal
 * area not yet his it stays: the Barbarian's allies of that area, going home for the winter,
 * defect to Rome (7.3.4, checklist 126), a tribe beaten there comes back his (7.3.1), and the
 * legion starts the next year in Gaul; in an area already his it goes home (its supply saved).
 * The evaluation counts the areas as if the legions stayed (controlAtScoring), and a playout
 * Roman who sent them home lost what it counted. Measured in policy self-play (`npm run bench:ai
 * -- --policy 1000 --game caesars-gallic-war`, docs/benchmarks.md): the Roman won 20% of 1,000
 * games with every legion going home (stay 0.2), 32% with these; from 0.45 to 1.5 for the area
 * not his, the same within the noise; more weight to staying anywhere (0.6, 1.0) won fewer (16%,
 * 13%), and a legion left unpaid, or Caesar staying, changed nothing measurable.
 */
function romanWinters(s: State, block: number): number {
  const at = s.loc[block]!;
  return isTribal(at) && controller(s, at as never) !== 'Roman' ? 1.1 : 0.2;
}

/** The block an action names, or -1 (looked up only by the scores that read it). */
const blockOf = (a: Action): number => (typeof a.block === 'string' && hasBlock(a.block) ? idx(a.block) : -1);

/** One legal action's score for `me` (higher is better by these rules of thumb); `f` gives the position's features. */
function scoreOne(s: State, me: Role, a: Action, f: () => Features): number {
  const k = side(me);
  const o = (1 - k) as 0 | 1;
  switch (a.type) {
    case 'play': {
      const c = card(a.card as string);
      return cardAp(s, c.id, me) + (c.kind === 'event' ? 1.5 : 0);
    }
    case 'declare':
      return me === 'Roman' ? romanDeclares(s, a.action as string, f) : barbarianDeclares(a.action as string);
    case 'group':
      return countAt(f(), a.area as string, k) * 0.3 + 0.2;
    case 'go':
      return s.current && s.current.groups.length + s.current.offMapGroups > 0 ? 0.5 : -0.5;
    case 'move':
    case 'sail': {
      const path = a.path as string[] | undefined;
      const to = (path ? path[path.length - 1] : (a.to as string))!;
      const block = blockOf(a);
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
      return s.battle ? retreatScore(forceIn(s, s.battle.area, k), forceIn(s, s.battle.area, o)) : 0;
    case 'assault':
      return s.battle && forceIn(s, s.battle.area, k) > forceIn(s, s.battle.area, o) ? 1 : -0.2;
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
    case 'unsupplied': {
      const block = blockOf(a);
      return block >= 0 ? -s.str[block]! - (block === CAESAR_I ? 5 : 0) : 0;
    }
    case 'stay': {
      const block = blockOf(a);
      return me === 'Roman' && block >= 0 ? romanWinters(s, block) : 0.2;
    }
    case 'enter':
      return 0.3;
    case 'hit': {
      const block = blockOf(a);
      return block >= 0 ? -(BLOCKS[block]!.br) - (block === CAESAR_I ? 5 : 0) : 0;
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
