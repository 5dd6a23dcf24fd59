// 8.0 The Winter Turn, in this order: 8.1 Cleopatra goes home, 8.2 Victory (victory.ts), 8.3 Navis
// to port, 8.4 Winter supply, 8.5 Disbanding, 8.6 Year reset. Caesar resolves each of his steps
// first. Each step reports when it is over; flow.ts runs them in this order.
//
// Actions:
//   { type: 'port', block, to }    8.3 a Navis at sea goes to one of several Friendly ports
//   { type: 'disband', block }     8.4 surplus over a supply limit, or 8.5 voluntary
//   { type: 'done' }               8.5 no more disbanding

import type { Action } from '../types.js';
import { logPublic, logSecret } from './log.js';
import { cityVp, isCity, isSea, portsOnSea } from './map.js';
import { other, type Role } from './roles.js';
import {
  BLOCK_COUNT,
  blocksAt,
  blockId,
  CLEO,
  data,
  ELIMINATED,
  idx,
  isNavis,
  occupancy,
  onMap,
  POOL,
  status,
  type State,
} from './state.js';

/** The Winter Turn begins, with 8.1. */
export function beginWinter(s: State): void {
  s.turn = 6;
  s.p1 = null;
  for (let i = 0; i < BLOCK_COUNT; i++) s.moved[i] = false;
  logPublic(s, `— Winter ${s.year} —`);
  // JC-183: each step is logged under its own heading, in the order of 8.0.
  logPublic(s, '8.1 Cleopatra goes home.');
  cleopatraGoesHome(s);
}

/** 8.1: to Alexandria; she joins the side occupying it if that is not hers (JC-184). */
function cleopatraGoesHome(s: State): void {
  const side = s.side[CLEO]!;
  const there = blocksAt(s, 'Alexandria', other(side));
  if (s.loc[CLEO] !== 'Alexandria') logPublic(s, `Cleopatra returns to Alexandria.`);
  s.loc[CLEO] = 'Alexandria';
  if (there.length) {
    s.side[CLEO] = other(side);
    logPublic(s, `Cleopatra joins ${other(side)}, who holds Alexandria.`);
  }
}

// ---- 8.3 Navis to port ----

/** Friendly ports on the sea of a Navis at sea (a Vacant port does not qualify, JC-188). */
function winterPorts(s: State, i: number): string[] {
  const occ = occupancy(s);
  return portsOnSea(s.loc[i]!).filter((p) => status(occ, p, s.side[i]!) === 'friendly');
}

function navisAtSea(s: State, role: Role): number[] {
  const out: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.side[i] === role && isNavis(i) && isSea(s.loc[i]!)) out.push(i);
  return out;
}

/** 8.3 begins; returns true when it is over (no Navis at sea has a choice of port). */
export function beginNavisToPort(s: State): boolean {
  s.winter = 'Caesar';
  logPublic(s, '8.3 Navis to port.');
  return navisToPort(s);
}

/** Returns false while a player must choose a port (the winter-navis step). */
function navisToPort(s: State): boolean {
  while (s.winter) {
    const role = s.winter;
    let choice = false;
    for (const i of navisAtSea(s, role)) {
      const ports = winterPorts(s, i);
      if (ports.length === 0) disband(s, i, 'has no Friendly port on its sea and is disbanded'); // JC-187
      else if (ports.length === 1) toPort(s, i, ports[0]!);
      else choice = true;
    }
    if (choice) {
      s.step = 'winter-navis';
      return false;
    }
    s.winter = role === 'Caesar' ? 'Pompey' : null;
  }
  return true;
}

function toPort(s: State, i: number, port: string): void {
  const from = s.loc[i]!;
  s.loc[i] = port;
  logSecret(s, s.side[i]!, `${s.side[i]}'s ${data(i).name} winters in ${port}.`, `${s.side[i]} brings a Navis from ${from} into ${port}.`);
}

export function navisActions(s: State, role: Role): Action[] {
  const out: Action[] = [];
  for (const i of navisAtSea(s, role)) for (const p of winterPorts(s, i)) out.push({ type: 'port', block: blockId(i), to: p });
  return out;
}

/** Returns true when 8.3 is over. */
export function applyNavis(s: State, _role: Role, a: Action): boolean {
  toPort(s, idx(a.block as string), a.to as string);
  return navisToPort(s);
}

// ---- 8.4 Winter supply ----

/** 3 blocks plus the city's VP; Navis and Cleopatra count (JC-189-191). */
export function supplyLimit(city: string): number {
  return 3 + cityVp(city);
}

/** Cities where `role` has more blocks than the supply limit. */
function overLimit(s: State, role: Role): string[] {
  const occ = occupancy(s);
  const out: string[] = [];
  for (const [loc] of occ) {
    if (isCity(loc) && status(occ, loc, role) === 'friendly' && blocksAt(s, loc, role).length > supplyLimit(loc)) out.push(loc);
  }
  return out.sort();
}

/** 8.4 begins; returns true when it is over (no player chooses which blocks to disband). */
export function beginWinterSupply(s: State): boolean {
  s.winter = 'Caesar';
  logPublic(s, '8.4 Winter supply.');
  return winterSupply(s);
}

/** Returns false while a player must choose which surplus blocks to disband (the winter-supply step). */
function winterSupply(s: State): boolean {
  while (s.winter) {
    const role = s.winter;
    let choice = false;
    for (const city of overLimit(s, role)) {
      const here = blocksAt(s, city, role);
      const candidates = here.filter((i) => i !== CLEO); // she is never disbanded (8.5)
      const surplus = here.length - supplyLimit(city);
      if (candidates.length <= surplus) for (const i of candidates) disband(s, i, 'is disbanded for lack of supply');
      else choice = true;
    }
    if (choice) {
      s.step = 'winter-supply';
      return false;
    }
    s.winter = role === 'Caesar' ? 'Pompey' : null;
  }
  return true;
}

export function supplyActions(s: State, role: Role): Action[] {
  const out: Action[] = [];
  for (const city of overLimit(s, role)) {
    for (const i of blocksAt(s, city, role)) if (i !== CLEO) out.push({ type: 'disband', block: blockId(i) });
  }
  return out;
}

/** Returns true when 8.4 is over. */
export function applySupply(s: State, _role: Role, a: Action): boolean {
  disband(s, idx(a.block as string), 'is disbanded for lack of supply');
  return winterSupply(s);
}

// ---- 8.5 Disbanding ----

/** 8.5 begins: each player may disband blocks, Caesar first. */
export function beginDisbanding(s: State): void {
  s.winter = 'Caesar';
  logPublic(s, '8.5 Disbanding.');
  s.step = 'winter-disband';
}

export function disbandActions(s: State, role: Role): Action[] {
  const out: Action[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (s.side[i] === role && i !== CLEO && onMap(s, i)) out.push({ type: 'disband', block: blockId(i) });
  }
  out.push({ type: 'done' });
  return out;
}

/** Returns true when 8.5 is over: Pompey is done too. */
export function applyDisband(s: State, role: Role, a: Action): boolean {
  if (a.type === 'disband') {
    disband(s, idx(a.block as string), 'is disbanded');
    return false;
  }
  if (role === 'Pompey') return true;
  s.winter = 'Pompey';
  return false;
}

/** To its owner's Levy Pool (a defector to its original side's), steps lost; not killed (JC-10, JC-192). */
function disband(s: State, i: number, why: string): void {
  const role = s.side[i]!;
  const at = s.loc[i]!;
  s.loc[i] = POOL;
  s.str[i] = 0;
  s.side[i] = data(i).side;
  logSecret(s, role, `${role}'s ${data(i).name} in ${at} ${why}.`, `${role}'s block in ${at} ${why}.`);
}

// ---- 8.6 Year reset ----

/** Eliminated blocks become available again; killed leaders stay out (JC-195, JC-196); then a new Year is dealt. */
export function yearReset(s: State): void {
  logPublic(s, '8.6 Year reset.');
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.loc[i] === ELIMINATED) s.loc[i] = POOL;
  s.winter = null;
  s.year++;
}
