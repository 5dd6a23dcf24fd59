// A human label for each legal action ("Move Legio 13 Ravenna → Rome (attack)"), written from
// the acting player's own view: it names only the actor's own blocks and cards, and locations
// and their public status (enemy-held, contested). Labels are for people; clients still send
// the action itself.

import type { Action } from '../types.js';
import { roman } from './log.js';
import type { Role } from './roles.js';
import { card, data, hasBlock, idx, isCard, occupancy, status, stepSize, type Occupancy, type State } from './state.js';

/** One of my blocks by name; anything else (never in a legal action) stays anonymous. */
function mine(s: State, role: Role, id: unknown): { name: string; at: string; str: number } | null {
  if (!hasBlock(id)) return null;
  const i = idx(id);
  if (s.side[i] !== role) return null;
  const d = data(i);
  // A Jupiter defector keeps its name: "Auxilia 1 (defector)" beside my own Auxilia 1.
  const name = d.side === role || d.type === 'cleopatra' ? d.name : `${d.name} (defector)`;
  return { name, at: s.loc[i]!, str: s.str[i]! };
}

/** A card of mine, or a card everyone has seen played (Apollo's copy). */
function cardName(id: unknown): string {
  if (!isCard(id)) return 'a card';
  const c = card(id);
  return c.kind === 'god' ? `${c.god} (god card)` : `${c.id}: move ${c.move}, levy ${c.levy}`;
}

// A client asks for the labels of all legal actions of one state at once: count the blocks per
// location once per state, not once per label (states are never mutated, so this cannot go stale).
const occupancies = new WeakMap<State, Occupancy>();
function occupancyOf(s: State): Occupancy {
  let occ = occupancies.get(s);
  if (!occ) occupancies.set(s, (occ = occupancy(s)));
  return occ;
}

const str = (x: unknown): string => (typeof x === 'string' ? x : '?');

const DONE: Partial<Record<State['step'], string>> = {
  deploy: 'Finish deployment',
  command: 'End my command',
  regroup: 'Finish regrouping',
  'winter-disband': 'Finish disbanding',
};

export function describe(s: State, role: Role, a: Action): string {
  const b = 'block' in a ? mine(s, role, a.block) : null;
  const name = b?.name ?? 'a block';
  switch (a.type) {
    case 'discard':
      return `Discard ${cardName(a.card)}`;
    case 'play':
      return `Play ${cardName(a.card)}`;
    case 'move':
    case 'amphibious': {
      const path = Array.isArray(a.path) ? a.path.map(str) : [];
      const to = path[path.length - 1] ?? '?';
      const there = status(occupancyOf(s), to, role);
      const note = there === 'enemy' ? ' (attack)' : there === 'contested' ? ' (into the battle)' : '';
      return `${a.type === 'move' ? 'Move' : 'Ship'} ${name} ${[b?.at ?? '?', ...path].join(' → ')}${note}`;
    }
    case 'levy':
      return `Levy ${name} in ${str(a.city)}`;
    case 'strengthen':
      return b ? `Strengthen ${name} in ${b.at} (${roman(b.str)} → ${roman(b.str + stepSize(idx(a.block as string)))})` : 'Strengthen a block';
    case 'swap': {
      const [x, y] = Array.isArray(a.blocks) ? a.blocks.map((id) => mine(s, role, id)) : [];
      return x && y ? `Swap ${x.name} (${x.at}) with ${y.name} (${y.at})` : 'Swap two blocks';
    }
    case 'jupiter':
      return `Jupiter: win over a block in ${str(a.city)}`;
    case 'place':
      return `Place the defector in ${str(a.city)}`;
    case 'vulcan':
      return `Vulcan: strike ${str(a.city)}`;
    case 'surprise':
      return `${s.cmd?.god ?? 'Surprise'}: strike first in ${str(a.location)}`;
    case 'battle':
      return `Fight the battle in ${str(a.location)}`;
    case 'fire':
      return `Fire with ${name}`;
    case 'pass':
      return `Pass with ${name}`;
    case 'retreat':
      return `Retreat ${name} to ${str(a.to)}${typeof a.sea === 'string' ? ` by sea (${a.sea})` : ''}`;
    case 'hit':
      return `${name} takes the hit`;
    case 'regroup':
      return `Regroup ${name} to ${str(a.to)}`;
    case 'port':
      return `Winter ${name} in ${str(a.to)}`;
    case 'disband':
      return `Disband ${name}${b ? ` in ${b.at}` : ''}`;
    case 'done':
      return DONE[s.step] ?? 'Done';
    default:
      return a.type;
  }
}
