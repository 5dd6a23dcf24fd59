// 5.2.1E Naval movement (and 11 Restricted Naval Movement): port to port within one sea zone, only
// for units that began the card play in a port, at most 2 per group; the unit stops. The Barbarian
// may not sail into a port holding enemy or neutral units; the Roman may, for 1 supply per group.

import type { AreaId } from './data/map.js';
import { isPort, portsReachable } from './map.js';
import { other, type Role } from './roles.js';
import { data, hasUnits, isLegion, type State } from './state.js';

/** 11: with Restricted Naval Movement, only legions and blocks with the naval symbol (checklist 154). */
export function maySail(s: State, i: number): boolean {
  if (!s.options.restrictedNaval) return true;
  return isLegion(i) || data(i).naval;
}

/** Ports a unit in `from` may sail to; `hostile` tells whether entering costs the Roman a supply. */
export function sailDestinations(s: State, role: Role, from: AreaId): { to: AreaId; hostile: boolean }[] {
  if (!isPort(from)) return [];
  const out: { to: AreaId; hostile: boolean }[] = [];
  for (const to of portsReachable(from)) {
    const hostile = hasUnits(s, to, other(role)) || hasUnits(s, to, null);
    if (hostile && role === 'Barbarian') continue;
    out.push({ to, hostile });
  }
  return out;
}
