// 7.7 Regroups and 7.83 Navis regroups: after a battle the victor may move blocks out of it, one
// step each, to Friendly or Vacant locations. The step ends when he is done or has no move left;
// flow.ts then goes on to the next battle.
//
// Actions:
//   { type: 'regroup', block, to } / { type: 'done' }   the victor, after a battle

import type { Action } from '../types.js';
import { logMove, movingName } from './log.js';
import { adjacentSeas, isSea, portsOnSea, ROAD_LIMIT, roadBetween, roads } from './map.js';
import type { Role } from './roles.js';
import { BLOCK_COUNT, blockId, data, friendlyOrVacant, idx, isLeader, isNavis, occupancy, type State, status } from './state.js';

/** The victor of the battle in `loc` regroups; returns true when he has no move (the regroup is over). */
export function beginRegroup(s: State, loc: string, role: Role): boolean {
  s.regroup = { loc, role, roads: {} };
  s.step = 'regroup';
  return finishedWhenStuck(s);
}

/** JC-154, JC-155, JC-162, JC-163: one step to a Friendly or Vacant location, road limits with a fresh counter. */
function regroupMoves(s: State): Action[] {
  const g = s.regroup!;
  const occ = occupancy(s);
  const out: Action[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (s.loc[i] !== g.loc || s.side[i] !== g.role) continue;
    const id = blockId(i);
    if (isNavis(i)) {
      const dests = isSea(g.loc) ? [...adjacentSeas(g.loc), ...portsOnSea(g.loc)] : adjacentSeas(g.loc);
      for (const to of dests) if (friendlyOrVacant(status(occ, to, g.role))) out.push({ type: 'regroup', block: id, to });
      continue;
    }
    for (const road of roads(g.loc)) {
      if (!friendlyOrVacant(status(occ, road.to, g.role))) continue;
      if ((g.roads[road.key] ?? 0) >= ROAD_LIMIT[road.kind]) continue;
      out.push({ type: 'regroup', block: id, to: road.to });
    }
  }
  return out;
}

export function regroupActions(s: State): Action[] {
  return [...regroupMoves(s), { type: 'done' }];
}

/** Returns true when the regroup is over: the victor is done or has no move left. */
export function applyRegroup(s: State, role: Role, a: Action): boolean {
  const g = s.regroup!;
  if (a.type === 'done') return finishRegroup(s);
  const i = idx(a.block as string);
  const to = a.to as string;
  const road = roadBetween(g.loc, to);
  if (road && !isNavis(i)) g.roads[road.key] = (g.roads[road.key] ?? 0) + 1;
  s.loc[i] = to;
  s.moved[i] = true;
  logMove(s, role, 'regroups', `${g.loc} → ${to}`, movingName(data(i).name, isLeader(i)));
  return finishedWhenStuck(s);
}

/** The regroup is over once the victor has no move left. */
function finishedWhenStuck(s: State): boolean {
  if (regroupMoves(s).length > 0) return false;
  return finishRegroup(s);
}

function finishRegroup(s: State): true {
  s.regroup = null;
  return true;
}
