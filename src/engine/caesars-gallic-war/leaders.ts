// 8 Leaders: Caesar (first in battle, outside the garrison limit, his death ends the game),
// Ariovistus (subdues neutral tribes), Vercingetorix (raids, political bonus, a movable home) and
// the minor leaders Dumnorix and Ambiorix.
//
// Actions:
//   { type: 'home', area }   a new home for Vercingetorix (5.2.1D, 13.5)
//   { type: 'decline' }      13.5 only: he keeps the home the Romans took

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import { logPublic } from './log.js';
import { areaName, border, neighbours, isTribal } from './map.js';
import { rollD6 } from './random.js';
import type { Role } from './roles.js';
import type { AreaId } from './data/map.js';
import {
  ARIOVISTUS,
  blocksAt,
  controller,
  data,
  hasUnits,
  isGallic,
  isMinorLeader,
  onMap,
  TRIBAL_AREAS,
  VERCINGETORIX,
  type State,
} from './state.js';
import { eliminate } from './losses.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

/** 5.2.1D: a Barbarian-controlled tribal area free of Roman units. */
export function vercingetorixHomeOptions(s: State): AreaId[] {
  const here = s.leaderHome.vercingetorix;
  return TRIBAL_AREAS.filter((a) => a !== here && controller(s, a) === 'Barbarian' && !hasUnits(s, a, 'Roman'));
}

/** Vercingetorix's home was taken: the Barbarian picks a new one, or he is eliminated (+3 VP). */
export function vercingetorixLosesHome(s: State, eliminateIfNone: boolean): boolean {
  if (!onMap(s, VERCINGETORIX)) return false;
  if (vercingetorixHomeOptions(s).length > 0) {
    s.step = 'vercingetorix-home';
    return true;
  }
  if (eliminateIfNone) {
    logPublic(s, 'Vercingetorix has no home left.');
    eliminate(s, VERCINGETORIX);
  }
  return false;
}

/**
 * 13.5: when the Romans came to control his home by other means than a Political Action (the engine
 * finds it at the End of Turn, when no card is being resolved), the Barbarian may pick a new home or
 * keep it; after a Political Action on it (5.2.1D, during the card's resolution) he must move it.
 */
export function mayKeepHome(s: State): boolean {
  return s.current === null;
}

export function vercingetorixHomeActions(s: State): Action[] {
  const homes: Action[] = vercingetorixHomeOptions(s).map((a) => ({ type: 'home', area: a }));
  return mayKeepHome(s) ? [...homes, { type: 'decline' }] : homes;
}

export function applyVercingetorixHome(s: State, _role: Role, a: Action): void {
  if (a.type === 'decline') logPublic(s, `Vercingetorix keeps his home in ${areaName(s.leaderHome.vercingetorix!)}.`);
  else {
    s.leaderHome.vercingetorix = a.area as AreaId;
    logPublic(s, `Vercingetorix's new home is ${a.area}.`);
  }
  s.step = 'idle';
}

/** 5.2.1D: a successful Political Action on a minor leader's home removes him (back to the pool). */
export function removeMinorLeadersOf(s: State, home: AreaId): void {
  for (let i = 0; i < NB; i++) {
    if (isMinorLeader(i) && onMap(s, i) && s.leaderHome[data(i).id] === home) {
      logPublic(s, `${data(i).name} loses his home and leaves the map.`);
      eliminate(s, i);
    }
  }
}

/**
 * 8.2: a Barbarian force with Ariovistus entering neutral tribes: 1d6 for each; on 1-2 it joins the
 * Barbarian (part of the attacking main force), otherwise it joins the Roman and defends.
 */
export function subdue(s: State, at: AreaId): void {
  for (const i of blocksAt(s, at, null)) {
    if (!isGallic(i)) continue;
    const roll = rollD6(s.rng);
    s.owner[i] = roll <= 2 ? 'Barbarian' : 'Roman';
    logPublic(s, `Ariovistus tries to subdue ${data(i).name}: ${roll}, it joins the ${s.owner[i]}.`);
  }
}

export function ariovistusIn(s: State, blocks: number[]): boolean {
  return blocks.includes(ARIOVISTUS);
}

/** 8.3: Vercingetorix's area is land-adjacent to `target` (checklist 40). */
export function vercingetorixAdjacent(s: State, target: AreaId): boolean {
  if (!onMap(s, VERCINGETORIX)) return false;
  const at = s.loc[VERCINGETORIX]!;
  return at !== target && isTribal(target) && border(at, target) !== null && neighbours(at).includes(target);
}
