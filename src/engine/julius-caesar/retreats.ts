// 7.6 Retreats (road limits per round 7.61, attackers 7.62, defenders 7.63, sea retreats 7.64)
// and 7.82 Navis retreats: where a block may retreat in its battle turn, and the retreat itself.
// A rule of the battle turn, not a step of its own: battles.ts offers and applies it.
//
// Actions:
//   { type: 'retreat', block, to [, sea] }   in a battle turn (battles.ts)

import { logMove, movingName } from './log.js';
import { adjacentSeas, edgeKey, isPort, isSea, portsOnSea, RETREAT_LIMIT, roads } from './map.js';
import { other } from './roles.js';
import { blockId, data, friendlyOrVacant, isLeader, isNavis, type Occupancy, occupancy, type State, status } from './state.js';

export interface Retreat {
  to: string;
  /** The sea crossed by a sea retreat (7.64). */
  sea?: string;
}

/** Where block i may retreat now from the active battle (never into an Enemy or Contested location, 7.61). */
export function retreatOptions(s: State, i: number): Retreat[] {
  const b = s.battle!;
  const f = s.fights[b.loc]!;
  const role = s.side[i]!;
  const enemy = other(role);
  const attacking = role === b.attacker;
  const occ = occupancy(s);
  const out: Retreat[] = [];
  if (isNavis(i)) return navisRetreats(s, i, occ);
  for (const road of roads(b.loc)) {
    const st = status(occ, road.to, role);
    if (!friendlyOrVacant(st)) continue;
    if ((b.retreatRoads[role][road.key] ?? 0) >= RETREAT_LIMIT[road.kind]) continue;
    // 7.62: attackers to any Friendly city, or to a Vacant one by a road their side used to enter;
    // 7.63: defenders anywhere Friendly or Vacant except by a road the attacker used.
    const ok = attacking ? st === 'friendly' || f.entries[role].includes(road.to) : !f.entries[enemy].includes(road.to);
    if (ok) out.push({ to: road.to });
  }
  // 7.64: one block per player per round, across one Friendly sea, to a Friendly port on it.
  if (isPort(b.loc) && b.seaRetreats[role] < 1) {
    for (const sea of adjacentSeas(b.loc)) {
      if (status(occ, sea, role) !== 'friendly') continue;
      for (const port of portsOnSea(sea)) {
        if (port !== b.loc && status(occ, port, role) === 'friendly') out.push({ to: port, sea });
      }
    }
  }
  return out;
}

/**
 * 7.82: an attacking Navis to where it came from (if Friendly or Vacant) or to a Friendly adjacent
 * sea; a defending Navis to a Friendly adjacent sea or a Vacant one the attacker did not come from;
 * either to a Friendly port on the same sea. From a port battle, adjacent seas only (JC-161).
 */
function navisRetreats(s: State, i: number, occ: Occupancy): Retreat[] {
  const b = s.battle!;
  const f = s.fights[b.loc]!;
  const role = s.side[i]!;
  const attacking = role === b.attacker;
  const origin = f.from[blockId(i)] ?? null;
  const out: Retreat[] = [];
  const consider = (to: string) => {
    const st = status(occ, to, role);
    if (st === 'friendly') return out.push({ to });
    if (st !== 'vacant') return;
    if (attacking ? to === origin : !f.entries[other(role)].includes(to)) out.push({ to });
  };
  for (const sea of adjacentSeas(b.loc)) consider(sea);
  if (isSea(b.loc)) {
    for (const port of portsOnSea(b.loc)) {
      const st = status(occ, port, role);
      if (st === 'friendly' || (attacking && st === 'vacant' && port === origin)) out.push({ to: port });
    }
  }
  return out;
}

export function applyRetreat(s: State, i: number, to: string, sea: string | null): void {
  const b = s.battle!;
  const role = s.side[i]!;
  if (sea) b.seaRetreats[role]++;
  else if (!isNavis(i)) {
    const key = edgeKey(b.loc, to);
    b.retreatRoads[role][key] = (b.retreatRoads[role][key] ?? 0) + 1;
  }
  s.loc[i] = to;
  s.moved[i] = true;
  const route = sea ? `${b.loc} → ${sea} → ${to}` : `${b.loc} → ${to}`;
  logMove(s, role, 'retreats', route, movingName(data(i).name, isLeader(i)));
}
