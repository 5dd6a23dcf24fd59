// 6.4 Levies: after all his moves a player spends Levy Points, each adding a step to one of his
// blocks in a Friendly city, or bringing an available block from his Levy Pool into its levy city.
//
// Actions:
//   { type: 'levy', block, city }     a new block from the pool, at strength I (the Elephant II)
//   { type: 'strengthen', block }     +1 step (the Elephant +2) to a block in a Friendly city

import type { Action } from '../types.js';
import { logSecret, roman } from './log.js';
import { isCity, isMajorPort } from './map.js';
import type { Role } from './roles.js';
import {
  BLOCK_COUNT,
  data,
  friendlyCities,
  idx,
  leadersKilled,
  levyStrength,
  occupancy,
  POOL,
  status,
  stepSize,
  type State,
} from './state.js';

/** Where a pool block may be levied now (6.4, 3.21, 3.26, 7.51); empty if it may not. */
export function levyCities(s: State, role: Role, i: number, friendly: string[]): string[] {
  const d = data(i);
  if (d.side !== role || s.loc[i] !== POOL || d.levy === null) return [];
  if (d.reserveLeader && leadersKilled(s, role) === 0) return []; // JC-39, JC-137
  if (d.levy === 'any') return friendly;
  if (d.levy === 'major-port') return friendly.filter(isMajorPort);
  return friendly.includes(d.levy) ? [d.levy] : [];
}

export function levyActions(s: State, role: Role): Action[] {
  const cmd = s.cmd!;
  if (cmd.lp <= 0) return [];
  const occ = occupancy(s);
  const friendly = friendlyCities(s, role, occ);
  const out: Action[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    for (const c of levyCities(s, role, i, friendly)) out.push({ type: 'levy', block: data(i).id, city: c });
  }
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (s.side[i] !== role || s.str[i]! <= 0 || s.str[i]! >= data(i).max) continue;
    const at = s.loc[i]!;
    // JC-105, JC-106: only in a Friendly city (never at sea, never in a Contested city).
    if (isCity(at) && status(occ, at, role) === 'friendly') out.push({ type: 'strengthen', block: data(i).id });
  }
  return out;
}

export function applyLevy(s: State, role: Role, a: Action): void {
  const cmd = s.cmd!;
  const i = idx(a.block as string);
  cmd.levying = true; // 2.2: no more moves once levying has begun
  cmd.lp--;
  const name = data(i).name;
  if (a.type === 'levy') {
    const c = a.city as string;
    s.loc[i] = c;
    s.str[i] = levyStrength(i);
    s.side[i] = role;
    logSecret(s, role, `${role} levies ${name} in ${c} (${roman(s.str[i]!)}).`, `${role} levies a block in ${c}.`);
  } else {
    s.str[i] = s.str[i]! + stepSize(i);
    const at = s.loc[i]!;
    logSecret(s, role, `${role} adds a step to ${name} in ${at} (now ${roman(s.str[i]!)}).`, `${role} adds a step to a block in ${at}.`);
  }
}
