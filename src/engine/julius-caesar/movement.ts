// 6.1-6.3 Movement: group moves of land blocks and Navis, road limits (6.11), attacks (6.12),
// pinning (6.13), response moves (6.14), Navis moves (6.2) and amphibious moves (6.3),
// including the God cards that are group moves (Mars, Mercury, Neptune, Pluto).
//
// Actions:
//   { type: 'move', block, path: [loc, ...] }        a group move; activates the block's location (1 MP) if needed
//   { type: 'amphibious', block, path: [sea, ..., port] }   1 MP per block, before any other move
// A path lists the locations entered, in order, without the starting location. Paths never
// revisit a location (a block that comes back where it started has not moved).

import type { Action } from '../types.js';
import { logMove, movingName } from './log.js';
import {
  adjacentSeas,
  edgeKey,
  isPort,
  navisSteps,
  PLUTO_ATTACK_LIMIT,
  portsOnSea,
  ROAD_LIMIT,
  roads,
} from './map.js';
import { other, type Role } from './roles.js';
import { BLOCK_COUNT, blockId, count, data, type Fight, idx, isLeader, isNavis, occupancy, type Occupancy, onMap, type State, status } from './state.js';

interface MoveContext {
  s: State;
  role: Role;
  occ: Occupancy;
  out: Action[];
}

export function moveActions(s: State, role: Role): Action[] {
  const cmd = s.cmd!;
  if (cmd.levying) return [];
  const ctx: MoveContext = { s, role, occ: occupancy(s), out: [] };
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (s.side[i] !== role || s.moved[i] || !onMap(s, i)) continue;
    addBlockMoves(ctx, i);
  }
  return ctx.out;
}

/**
 * The moves of the given blocks only, each as moveActions lists it: for the computer's playouts,
 * which try a few blocks' moves rather than list every move of every block.
 */
export function moveActionsOf(s: State, role: Role, blocks: readonly number[]): Action[] {
  if (s.cmd!.levying) return [];
  const ctx: MoveContext = { s, role, occ: occupancy(s), out: [] };
  for (const i of blocks) {
    if (s.side[i] !== role || s.moved[i] || !onMap(s, i)) continue;
    addBlockMoves(ctx, i);
  }
  return ctx.out;
}

/** The moves of one block, appended to ctx.out. */
function addBlockMoves(ctx: MoveContext, i: number): void {
  const { s, role } = ctx;
  const cmd = s.cmd!;
  const from = s.loc[i]!;
  const navis = isNavis(i);
  if ((cmd.only === 'land' && navis) || (cmd.only === 'navis' && !navis)) return;
  const fight = s.fights[from];
  const defending = fight !== undefined && fight.attacker !== role;
  if (defending && (fight.mayLeave ?? 0) <= 0) return; // 6.13 pinned
  // 6.13: unpinned defenders may not leave along a road or border the enemy used to enter.
  const closed = defending ? fight.entries[other(role)] : NONE;
  // 6.3: one Navis must stay in each sea crossed by an amphibious move.
  // Only Navis can be at sea, so the count at sea is the player's Navis there.
  if (navis && cmd.seasCrossed.includes(from) && count(ctx.occ, from, role) <= 1) return;
  const id = blockId(i);
  if (cmd.activated.includes(from) || cmd.mp > 0) {
    if (navis) navisPaths(ctx, id, from, closed);
    else landPaths(ctx, id, from, closed);
  }
  if (!navis && cmd.amphibious && cmd.mp > 0 && isPort(from)) amphibiousPaths(ctx, id, from, closed);
}

const NONE: string[] = [];

/** Can `role` move a block into this Contested location? To add to his own attack, or as P2 to respond (6.14). */
function mayEnterContested(s: State, role: Role, loc: string): boolean {
  const f = s.fights[loc];
  if (!f) return false;
  return f.attacker === role || role !== s.p1;
}

/**
 * 6.1, 6.11, 6.12: up to two cities (Mercury three); the block stops on entering a city with enemy
 * blocks, and may do so only on its first step (Mercury: first or second).
 */
function landPaths(ctx: MoveContext, id: string, start: string, closed: string[]): void {
  const { s, role, occ } = ctx;
  const cmd = s.cmd!;
  const maxSteps = cmd.god === 'Mercury' ? 3 : 2;
  const attackSteps = cmd.god === 'Mercury' ? 2 : 1;
  const path: string[] = [];
  const walk = (at: string): void => {
    for (const road of roads(at)) {
      const to = road.to;
      if (to === start || path.includes(to)) continue;
      if (path.length === 0 && closed.includes(to)) continue;
      const st = status(occ, to, role);
      const hostile = st === 'enemy' || st === 'contested';
      const used = cmd.roads[road.key] ?? 0;
      if (hostile) {
        if (st === 'contested' && !mayEnterContested(s, role, to)) continue;
        // 6.14: a response (P2 into a battle P1 started) is not an attack: it comes from an adjacent
        // city only (Mercury's extra city is for moves and attacks) and Pluto does not raise its limit.
        const response = st === 'contested' && s.fights[to]!.attacker !== role;
        if (path.length + 1 > (response ? 1 : attackSteps)) continue;
        // 4.32: a strait takes only 1 block into a defended city, and only if still unused this phase.
        const limit = cmd.god === 'Pluto' && !response ? PLUTO_ATTACK_LIMIT[road.kind] : road.kind === 'strait' ? 1 : ROAD_LIMIT[road.kind];
        if (used + 1 > limit) continue;
        ctx.out.push({ type: 'move', block: id, path: [...path, to] });
        continue;
      }
      if (used + 1 > ROAD_LIMIT[road.kind]) continue;
      path.push(to);
      ctx.out.push({ type: 'move', block: id, path: [...path] });
      if (path.length < maxSteps) walk(to);
      path.pop();
    }
  };
  walk(start);
}

/** 6.2: port -> sea, sea -> sea or port; two steps without attacking, or one step and attack. */
function navisPaths(ctx: MoveContext, id: string, start: string, closed: string[]): void {
  const { s, role, occ } = ctx;
  for (const a of navisSteps(start)) {
    if (closed.includes(a)) continue;
    const st = status(occ, a, role);
    if (st === 'enemy' || (st === 'contested' && mayEnterContested(s, role, a))) {
      ctx.out.push({ type: 'move', block: id, path: [a] });
      continue;
    }
    if (st === 'contested') continue;
    ctx.out.push({ type: 'move', block: id, path: [a] });
    for (const b of navisSteps(a)) {
      if (b === start) continue;
      const st2 = status(occ, b, role);
      if (st2 === 'friendly' || st2 === 'vacant') ctx.out.push({ type: 'move', block: id, path: [a, b] });
    }
  }
}

/**
 * 6.3: through one or more adjacent seas Friendly to the player, to a Friendly or Vacant port on
 * the last sea crossed; never into an Enemy or Contested port.
 */
function amphibiousPaths(ctx: MoveContext, id: string, start: string, closed: string[]): void {
  const { role, occ } = ctx;
  const seas: string[] = [];
  const walk = (sea: string): void => {
    seas.push(sea);
    for (const port of portsOnSea(sea)) {
      if (port === start) continue;
      const st = status(occ, port, role);
      if (st === 'friendly' || st === 'vacant') ctx.out.push({ type: 'amphibious', block: id, path: [...seas, port] });
    }
    for (const next of adjacentSeas(sea)) {
      if (!seas.includes(next) && status(occ, next, role) === 'friendly') walk(next);
    }
    seas.pop();
  };
  for (const sea of adjacentSeas(start)) {
    if (!closed.includes(sea) && status(occ, sea, role) === 'friendly') walk(sea);
  }
}

/** The legal moves of one block (used to validate and explain a move). */
export function blockMoveActions(s: State, role: Role, id: string): Action[] {
  const ctx: MoveContext = { s, role, occ: occupancy(s), out: [] };
  const i = idx(id);
  if (s.side[i] === role && !s.moved[i] && onMap(s, i) && !s.cmd!.levying) addBlockMoves(ctx, i);
  return ctx.out;
}

export function applyMove(s: State, role: Role, a: Action): void {
  const cmd = s.cmd!;
  const id = a.block as string;
  const i = idx(id);
  const path = a.path as string[];
  const start = s.loc[i]!;
  const dest = path[path.length - 1]!;
  const cameFrom = path.length > 1 ? path[path.length - 2]! : start;
  const amphibious = a.type === 'amphibious';
  if (amphibious) {
    cmd.mp--;
    for (const sea of path.slice(0, -1)) if (!cmd.seasCrossed.includes(sea)) cmd.seasCrossed.push(sea);
  } else {
    if (!cmd.activated.includes(start)) {
      cmd.activated.push(start);
      cmd.mp--;
    }
    cmd.amphibious = false;
    if (!isNavis(i)) {
      let at = start;
      for (const to of path) {
        const key = edgeKey(at, to);
        cmd.roads[key] = (cmd.roads[key] ?? 0) + 1;
        at = to;
      }
    }
  }
  const left = s.fights[start];
  if (left && left.attacker !== role && left.mayLeave !== null) left.mayLeave--;

  const occ = occupancy(s);
  const hostile = count(occ, dest, other(role)) > 0;
  s.loc[i] = dest;
  s.moved[i] = true;
  if (hostile) enterBattle(s, role, id, dest, cameFrom);

  const route = [start, ...path].join(' → ');
  const verb = amphibious ? 'ships' : 'moves';
  const suffix = hostile ? (s.fights[dest]!.attacker === role ? ' (attack)' : ' (response)') : '';
  logMove(s, role, verb, route, movingName(data(i).name, isLeader(i)), suffix);
}

/** 6.12 / 6.14: record who attacks, the Main Attack road, Reserves and the roads each side used. */
function enterBattle(s: State, role: Role, id: string, loc: string, cameFrom: string): void {
  let f: Fight | undefined = s.fights[loc];
  if (!f) {
    f = {
      attacker: role,
      main: cameFrom,
      reserves: [],
      entries: { Caesar: [], Pompey: [] },
      from: {},
      mayLeave: null,
      surprise: false,
    };
    s.fights[loc] = f;
  } else if (f.attacker !== role || f.main !== cameFrom) {
    f.reserves.push(id); // JC-71, JC-72, JC-82: another road, or a response, is a Reserve
  }
  if (!f.entries[role].includes(cameFrom)) f.entries[role].push(cameFrom);
  f.from[id] = cameFrom;
}
