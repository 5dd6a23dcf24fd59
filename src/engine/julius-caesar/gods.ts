// God cards that are not group moves (v2.0 "God Cards" sidebar): Jupiter and Vulcan. Mars, Mercury,
// Neptune and Pluto are group moves (movement.ts, command.ts); Apollo is resolved at the reveal (cards.ts).
// Each card is its player's whole command: its functions report when it is over, and flow.ts ends
// the command then.
//
// Actions:
//   { type: 'jupiter', city }    the city whose enemy blocks may defect
//   { type: 'place', city }      where the defector goes, when several Friendly cities qualify
//   { type: 'vulcan', city }     the Enemy city struck

import type { Action } from '../types.js';
import { eliminate, loseStep } from './losses.js';
import { logPublic, roman } from './log.js';
import { isCity, roads } from './map.js';
import { other, type Role } from './roles.js';
import { randomInt } from './rng.js';
import { blocksAt, CLEO, data, idx, isLeader, isNavis, occupancy, status, type State } from './state.js';

// ---- Jupiter ----

/**
 * JC-164, JC-168, JC-169: a city (never a sea) holding enemy blocks, adjacent by road or strait to a
 * city Friendly to the player. Contested cities qualify (only possible when played as P2 in 705).
 */
export function jupiterTargets(s: State, role: Role): string[] {
  const occ = occupancy(s);
  const out: string[] = [];
  for (const [loc] of occ) {
    if (!isCity(loc)) continue;
    const st = status(occ, loc, role);
    if (st !== 'enemy' && st !== 'contested') continue;
    if (roads(loc).some((r) => status(occ, r.to, role) === 'friendly')) out.push(loc);
  }
  return out.sort();
}

/** Returns true when no city qualifies: the card has no effect and the command is over. */
export function beginJupiter(s: State): boolean {
  const role = s.cmd!.role;
  if (jupiterTargets(s, role).length === 0) {
    logPublic(s, `Jupiter: no city qualifies; the card has no effect.`);
    return true;
  }
  s.step = 'jupiter';
  return false;
}

export function jupiterActions(s: State, role: Role): Action[] {
  return jupiterTargets(s, role).map((city) => ({ type: 'jupiter', city }));
}

/** Returns true when the command is over; false when the player places the defector (jupiter-place). */
export function applyJupiter(s: State, role: Role, a: Action): boolean {
  const city = a.city as string;
  const candidates = blocksAt(s, city, other(role));
  const i = candidates[randomInt(s, candidates.length)]!; // JC-164: uniform, from the game's generator
  const name = `${other(role)}'s ${data(i).name}`;
  if (isLeader(i) || isNavis(i)) {
    // JC-166: revealed, loses a step; at strength I it is eliminated (a leader is killed).
    logPublic(s, `Jupiter: ${name} (${roman(s.str[i]!)}) in ${city} is chosen; it does not defect and loses a step.`);
    if (s.str[i]! <= 1) eliminate(s, i);
    else s.str[i]!--;
    return true;
  }
  // JC-165, JC-167: it defects at its current strength to an adjacent Friendly city of the player.
  s.side[i] = role;
  const occ = occupancy(s);
  const options = roads(city)
    .map((r) => r.to)
    .filter((c) => status(occ, c, role) === 'friendly')
    .sort();
  logPublic(s, `Jupiter: ${name} (${roman(s.str[i]!)}) in ${city} defects to ${role}.`);
  if (options.length === 1) {
    placeDefector(s, i, options[0]!);
    return true;
  }
  s.jupiter = { block: data(i).id, options };
  s.step = 'jupiter-place';
  return false;
}

export function jupiterPlaceActions(s: State): Action[] {
  return s.jupiter!.options.map((city) => ({ type: 'place', city }));
}

export function applyJupiterPlace(s: State, _role: Role, a: Action): void {
  placeDefector(s, idx(s.jupiter!.block), a.city as string);
  s.jupiter = null;
}

function placeDefector(s: State, i: number, city: string): void {
  s.loc[i] = city;
  logPublic(s, `${data(i).name} moves to ${city}.`);
}

// ---- Vulcan ----

/** JC-180: any Enemy city on the map (not a sea, not Vacant, not Contested). */
export function vulcanTargets(s: State, role: Role): string[] {
  const occ = occupancy(s);
  const out: string[] = [];
  for (const [loc] of occ) if (isCity(loc) && status(occ, loc, role) === 'enemy') out.push(loc);
  return out.sort();
}

/** Returns true when there is no Enemy city: the card has no effect and the command is over. */
export function beginVulcan(s: State): boolean {
  if (vulcanTargets(s, s.cmd!.role).length === 0) {
    logPublic(s, `Vulcan: no Enemy city; the card has no effect.`);
    return true;
  }
  s.step = 'vulcan';
  return false;
}

export function vulcanActions(s: State, role: Role): Action[] {
  return vulcanTargets(s, role).map((city) => ({ type: 'vulcan', city }));
}

/** JC-181, JC-182: every block there loses a step; at strength I it is eliminated, except Cleopatra. */
export function applyVulcan(s: State, role: Role, a: Action): void {
  const city = a.city as string;
  logPublic(s, `Vulcan strikes ${city}: every ${other(role)} block there loses a step.`);
  for (const i of blocksAt(s, city)) {
    if (i === CLEO && s.str[i]! <= 1) continue;
    if (i === CLEO) s.str[i]!--; // she loses the step but never changes sides by Vulcan
    else loseStep(s, i, false); // survivors stay hidden from the Vulcan player; eliminations are public
  }
}
