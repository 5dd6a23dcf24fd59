// 6F Retreat and naval retreat: where a unit may go instead of firing, or must go after the last
// round. Adjacent friendly or empty areas (checklist 7), border limits per battle round, never back
// across a border the enemy entered by (unless this side crossed it last), never into an unfought
// battle, only Germans into Germania, only Roman units into Off-Map; into the fort if there is room.
// By sea: Roman units that sailed into an enemy port retreat only to a friendly port of the same sea
// zone (none: no retreat at all, checklist 109); up to 2 defenders of a port per battle may too.

import { BORDER_LIMIT } from './data/tables.js';
import type { AreaId, BorderType } from './data/map.js';
import { border, fortCapacity, GERMANIA, isPort, links, OFF_MAP, portsReachable, type Link } from './map.js';
import { maySail } from './naval.js';
import { type Role } from './roles.js';
import { controller, data, friendlyOrEmpty, hasUnits, isGerman, isLegion, perArea, type Battle, type State } from './state.js';
import { insideCount } from './sieges.js';

/** Friendly (not merely empty): own units there, or an area this player controls. */
export function friendlyArea(s: State, a: string, role: Role): boolean {
  if (!friendlyOrEmpty(s, a, role)) return false;
  return hasUnits(s, a, role) || controller(s, a as AreaId) === role;
}

/** May unit i of `role` cross from `from` into `to` when retreating or regrouping (no counts)? */
export function mayWithdrawInto(s: State, role: Role, i: number, from: string, to: string, open?: Open): boolean {
  const k = border(from, to);
  return k !== null && mayWithdrawAcross(s, role, i, to, k, open);
}

/** mayWithdrawInto across a land border of the area the unit is in (`links`). */
export function mayWithdrawVia(s: State, role: Role, i: number, l: Link, open?: Open): boolean {
  return mayWithdrawAcross(s, role, i, l.to, l.kind, open);
}

function mayWithdrawAcross(s: State, role: Role, i: number, to: string, k: BorderType, open?: Open): boolean {
  if (to === GERMANIA && !isGerman(i)) return false;
  if (to === OFF_MAP && !isLegion(i)) return false; // the Roman box holds legions only (allies stay in Gaul)
  if (k === 'rhine' && !isGerman(i) && !isLegion(i)) return false;
  return open ? open(to) : friendlyOrEmpty(s, to, role);
}

/** Whether an area is friendly or empty for one role, each area worked out once (`openAreas`). */
export type Open = (to: string) => boolean;

/** friendlyOrEmpty for `role`, remembered per area: for the units of one side listed together. */
export function openAreas(s: State, role: Role): Open {
  return perArea((to) => friendlyOrEmpty(s, to, role));
}

/** Land borders the enemy used to enter the battle area this round and this side may not use (6F). */
function barredBorders(s: State, role: Role, at: string): ReadonlySet<string> {
  const list = s.entries[at];
  if (!list || list.length === 0) return NONE;
  const out = new Set<string>();
  for (const from of new Set(list.map((e) => e.from))) {
    const byBorder = list.filter((e) => e.from === from);
    const last = byBorder[byBorder.length - 1]!;
    if (byBorder.some((e) => e.role !== role) && last.role !== role) out.add(from);
  }
  return out;
}

const NONE: ReadonlySet<string> = new Set();

export type RetreatTarget = { to: string; sea: boolean };

/** Where unit i may retreat to now (the fort is 'fort'). */
export function retreatTargets(s: State, b: Battle, i: number, forced = false, open?: Open): RetreatTarget[] {
  const role = s.owner[i] as Role;
  const at = b.area;
  const out: RetreatTarget[] = [];
  if (b.winter && role === 'Roman') {
    if (mayWithdrawInto(s, role, i, at, OFF_MAP, open)) out.push({ to: OFF_MAP, sea: false });
    return out;
  }
  if (s.inFort[i]) return out; // 6B: no retreat from inside while the attackers are there
  // 6 B2: a unit that sortied to join a relief may only retreat back into the fort.
  if (b.phase === 'relief' && b.relief!.sortied.includes(idOf(i))) return forced ? out : [{ to: 'fort', sea: false }];
  // 6F Naval Retreat: units that sailed in to attack may go back by sea only, to a friendly port.
  if (b.sailed[idOf(i)] !== undefined) {
    if (!maySail(s, i)) return out;
    for (const p of portsReachable(at)) if (friendlyArea(s, p, role)) out.push({ to: p, sea: true });
    return out;
  }
  const bar = barredBorders(s, role, at);
  for (const l of links(at)) {
    if (bar.has(l.to) || !mayWithdrawVia(s, role, i, l, open)) continue;
    if ((b.retreats[role][l.key] ?? 0) >= (l.kind === 'limited' ? Infinity : BORDER_LIMIT[l.kind])) continue;
    out.push({ to: l.to, sea: false });
  }
  if (isPort(at) && maySail(s, i) && role === b.defender && b.seaRetreats[role] < 2) {
    for (const p of portsReachable(at)) if (friendlyArea(s, p, role) && !out.some((o) => o.to === p)) out.push({ to: p, sea: true });
  }
  // 6F: a defender may retreat into the fort; 13.2.1: so may a tribe placed back home by a revolt.
  const placedHome = role === b.attacker && b.via === 'placed' && data(i).home === at;
  if (!forced && (role === b.defender || placedHome) && b.phase === 'field' && fortCapacity(at) > insideCount(s, at)) out.push({ to: 'fort', sea: false });
  return out;
}

import { blockId } from './state.js';
const idOf = (i: number) => blockId(i);
