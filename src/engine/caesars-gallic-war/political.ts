// 5.2.1D Political Action: roll 1d6 against the card's value to turn a tribal area's tribes to the
// active player (-1 on the card's own area, +1 if the opponent has a unit there, -1 for the
// Barbarian with Vercingetorix adjacent). The tribes are placed at home at their current strength;
// enemy units there are attacked at once.
//
// Actions:
//   { type: 'political', area }                    the target
//   { type: 'political', area, vercingetorix: true } the Barbarian uses Vercingetorix's bonus (8.3)

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import type { AreaId } from './data/map.js';
import { logPublic } from './log.js';
import { area, areaName, BRITANNIA, isObPort } from './map.js';
import { rollD6 } from './random.js';
import { other, type Role } from './roles.js';
import {
  card,
  cardAp,
  hasUnits,
  idx,
  isGallicLeader,
  isGerman,
  isLegion,
  onMap,
  TRIBAL_AREAS,
  VERCINGETORIX,
  type State,
} from './state.js';
import { removeMinorLeadersOf, vercingetorixAdjacent, vercingetorixLosesHome } from './leaders.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

/** Checklist 37, 46, 47: tribal areas with a tribe on the map that is neutral or the opponent's. */
export function politicalTargets(s: State, role: Role): AreaId[] {
  return TRIBAL_AREAS.filter((a) => {
    const tribes = area(a).tribes.map(idx).filter((i) => onMap(s, i));
    if (!tribes.some((i) => s.owner[i] !== role)) return false;
    if (a === BRITANNIA) return role === 'Roman' ? legionInObPort(s) : barbarianLeaderInObPort(s);
    return true;
  });
}

function legionInObPort(s: State): boolean {
  for (let i = 0; i < NB; i++) if (isLegion(i) && onMap(s, i) && isObPort(s.loc[i]!)) return true;
  return false;
}

/** Checklist 46: any Barbarian leader (Vercingetorix, Dumnorix, Ambiorix, Ariovistus). */
function barbarianLeaderInObPort(s: State): boolean {
  for (let i = 0; i < NB; i++) {
    const leader = isGallicLeader(i) || (isGerman(i) && i === idx('ariovistus'));
    if (leader && onMap(s, i) && s.owner[i] === 'Barbarian' && isObPort(s.loc[i]!)) return true;
  }
  return false;
}

export function politicalActions(s: State, role: Role): Action[] {
  const out: Action[] = [];
  for (const a of politicalTargets(s, role)) {
    out.push({ type: 'political', area: a });
    if (role === 'Barbarian' && vercingetorixAdjacent(s, a)) out.push({ type: 'political', area: a, vercingetorix: true });
  }
  return out;
}

/** The modified roll needed; exported for the bot and the tests. */
export function politicalModifier(s: State, role: Role, cardId: string, target: AreaId, useVercingetorix: boolean): number {
  let mod = 0;
  const c = card(cardId);
  if (c.kind === 'area' && c.area === target) mod -= 1;
  if (hasUnits(s, target, other(role))) mod += 1;
  if (useVercingetorix) mod -= 1;
  return mod;
}

/**
 * Rolls and, on success, places the area's tribes at home for `role`. Returns true if a battle is
 * now due there.
 */
export function resolvePolitical(s: State, role: Role, cardId: string, target: AreaId, useVercingetorix: boolean, natural1?: boolean, apOverride?: number): boolean {
  const ap = apOverride ?? cardAp(s, cardId, role);
  const roll = rollD6(s.rng);
  const mod = politicalModifier(s, role, cardId, target, useVercingetorix);
  if (useVercingetorix) logPublic(s, `Vercingetorix: ${areaName(s.loc[VERCINGETORIX]!)}.`);
  const ok = roll + mod <= ap || (natural1 === true && roll === 1);
  logPublic(s, `The ${role}'s Political Action on ${areaName(target)}: rolls ${roll}${mod ? ` ${mod > 0 ? '+' : ''}${mod}` : ''} against ${ap}: ${ok ? 'success' : 'failure'}.`);
  if (!ok) return false;
  const battle = placeTribes(s, role, target);
  if (role === 'Roman') removeMinorLeadersOf(s, target);
  return battle;
}

/** The tribes of an area go home for `role` at their current strength (not movement). True if a battle is due. */
export function placeTribes(s: State, role: Role, target: AreaId): boolean {
  for (const id of area(target).tribes) {
    const i = idx(id);
    if (!onMap(s, i)) continue;
    s.owner[i] = role;
    s.loc[i] = target;
    s.inFort[i] = false;
    s.half[i] = 0;
  }
  logPublic(s, `The tribes of ${areaName(target)} are now ${role} allies, at home.`);
  return hasUnits(s, target, other(role));
}

export function applyPolitical(s: State, role: Role, a: Action): void {
  const c = s.current!;
  const target = a.area as AreaId;
  const battle = resolvePolitical(s, role, c.card, target, a.vercingetorix === true);
  if (battle) s.fights[target] = { attacker: role, main: null, via: 'placed', reserves: [], wasNeutral: false };
  s.step = 'idle';
  // 5.2.1D: the Roman took Vercingetorix's home: a new home, or he is eliminated.
  if (role === 'Roman' && s.leaderHome.vercingetorix === target && controllerOf(s, target) === 'Roman') vercingetorixLosesHome(s, true);
}

function controllerOf(s: State, a: AreaId): Role | null {
  const tribes = area(a).tribes.map(idx).filter((i) => onMap(s, i));
  return tribes.length && tribes.every((i) => s.owner[i] === 'Roman') ? 'Roman' : null;
}
