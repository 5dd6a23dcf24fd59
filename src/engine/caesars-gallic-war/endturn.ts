// 7 End of Turn, in strict order: harvest, German and Gallic replacements, units go home (eliminated
// Gallic units, legions, Roman allies, Barbarian allies, Germans), supply and attrition, Roman
// replacements, supply production, reinforcements, victory points (and the Yearly Objectives).
// On turn 8 the End of Turn goes from 7.4 straight to 7.8.
//
// Actions:
//   winter-legions:   { type: 'stay', block }  a legion (or Caesar) winters where it is
//                     { type: 'enter', block } an Off-Map legion moves into Transalpine Gaul
//                     { type: 'done' }         every other legion goes home
//   winter-barbarian: { type: 'stay', block } / { type: 'done' }   7.3.4-7.3.5
//   replacements:     { type: 'replace', block } / { type: 'done' } 7.5
//   reinforcements:   { type: 'build', block, strength } / { type: 'done' } 7.7

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import type { AreaId } from './data/map.js';
import { harvest, HISTORICAL_REINFORCEMENTS, TURNS } from './data/tables.js';
import { logPublic, logSecret } from './log.js';
import { area, areaName, GERMANIA, HELVETII, isTribal, OFF_MAP, TG, AREA_IDS } from './map.js';
import { rollD6 } from './random.js';
import type { Role } from './roles.js';
import {
  addSupply,
  ARIOVISTUS,
  blockId,
  blocksAt,
  CAESAR_I,
  contested,
  controller,
  data,
  ELIMINATED,
  fullStrength,
  hasUnits,
  HELVETII_BLOCK,
  homeOf,
  idx,
  isGallic,
  isGerman,
  isLegion,
  isMinorLeader,
  isTribe,
  NANTUATES,
  onMap,
  POOL,
  REMOVED,
  stepDown,
  stepUp,
  VERCINGETORIX,
  type EndTurnPart,
  type Fight,
  type State,
} from './state.js';
import { eliminate, loseStep } from './losses.js';
import { finalResult, scoreAreas, scoreObjectives } from './victory.js';
import { vercingetorixLosesHome } from './leaders.js';
import { count, plural } from '../kit/words.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

export const END_TURN_PARTS: readonly EndTurnPart[] = [
  'harvest',
  'replacements-gallic',
  'eliminated-return',
  'legions',
  'after-legions',
  'roman-allies',
  'barbarian-allies',
  'germans',
  'supply',
  'roman-replacements',
  'production',
  'reinforcements',
  'score',
  'next',
];

/** Runs one part; returns true when a player must decide (s.step is set). */
export function endTurnPart(s: State, part: EndTurnPart): boolean {
  switch (part) {
    case 'harvest': {
      const roll = rollD6(s.rng);
      const h = harvest(roll);
      s.garrison = h.garrison;
      const before = s.supply;
      addSupply(s, h.supply);
      logPublic(s, `End of turn ${s.turn}. Harvest: ${roll}, garrison limit ${h.garrison}${h.supply ? `, Roman supply ${before} → ${s.supply}` : ''}.`);
      return false;
    }
    case 'replacements-gallic':
      gallicReplacements(s);
      return false;
    case 'eliminated-return':
      eliminatedReturn(s);
      return false;
    case 'legions':
      if (legionsAway(s).length === 0) return false;
      s.step = 'winter-legions';
      s.wintering = [];
      return true;
    case 'after-legions':
      eliminatedReturn(s);
      recordCaesar(s);
      return false;
    case 'roman-allies':
      romanAlliesReturn(s);
      return false;
    case 'barbarian-allies':
      if (barbarianStayers(s).length === 0) {
        barbarianReturn(s);
        return false;
      }
      s.step = 'winter-barbarian';
      s.wintering = [];
      return true;
    case 'germans': {
      // 13.5: Vercingetorix's home now Roman: the Barbarian picks a new one.
      const home = s.leaderHome.vercingetorix;
      if (onMap(s, VERCINGETORIX) && home && controller(s, home) === 'Roman') return vercingetorixLosesHome(s, false);
      return false; // the Germans went home with 7.3.4 (winter-barbarian), in order
    }
    case 'supply':
      return winterSupply(s);
    case 'roman-replacements':
      if (s.turn === TURNS || replaceable(s).length === 0) return false;
      s.wintering = [];
      s.step = 'replacements';
      return true;
    case 'production':
      if (s.turn !== TURNS) production(s);
      return false;
    case 'reinforcements':
      if (s.turn === TURNS) return false;
      returnLegions(s);
      if (s.options.historicalReinforcements) {
        historical(s);
        return false;
      }
      s.wintering = [];
      if (buildActions(s).length <= 1) return false;
      s.step = 'reinforcements';
      return true;
    case 'score':
      scoreAreas(s);
      scoreObjectives(s);
      return false;
    case 'next':
      if (s.turn === TURNS) finalResult(s);
      return false;
  }
}

// ---- 7.2 ----

function gallicReplacements(s: State): void {
  const up: string[] = [];
  for (let i = 0; i < NB; i++) {
    if (!onMap(s, i) || s.owner[i] === null) continue;
    const home = isGerman(i) ? GERMANIA : isGallic(i) ? homeOf(s, i) : null;
    if (home === null || s.loc[i] !== home || s.str[i] === fullStrength(i)) continue;
    s.str[i] = stepUp(i, s.str[i]!);
    up.push(data(i).name);
  }
  if (up.length) logPublic(s, `German and Gallic replacements: ${count(up.length, 'unit')} at home ${plural(up.length, 'gains', 'gain')} a step.`);
}

// ---- 7.3.1 ----

/** The player occupying an area (checklist 118: neutral blocks do not count). */
function occupant(s: State, at: string): Role | null {
  if (hasUnits(s, at, 'Roman')) return 'Roman';
  if (hasUnits(s, at, 'Barbarian')) return 'Barbarian';
  return null;
}

export function eliminatedReturn(s: State): void {
  for (let i = 0; i < NB; i++) {
    if (s.loc[i] !== ELIMINATED || !isTribe(i)) continue;
    let j = i;
    if (i === HELVETII_BLOCK) {
      s.loc[i] = REMOVED;
      j = NANTUATES;
      logPublic(s, 'The Helvetii are gone for good; the Nantuates take their place.');
    }
    const home = data(j).home!;
    const who = occupant(s, home);
    s.loc[j] = home;
    s.owner[j] = who;
    s.str[j] = who === null || j === NANTUATES ? fullStrength(j) : data(j).steps[data(j).steps.length - 1]!;
    logPublic(s, `${data(j).name} return${who ? ` to ${areaName(home)} as ${who} allies` : ` to ${areaName(home)}, neutral`}.`);
  }
}

// ---- 7.3.2 legions ----

/** Legions not in Transalpine Gaul (the Roman decides which winter outside and which Off-Map enter). */
function legionsAway(s: State): number[] {
  return LEGIONS.filter((i) => onMap(s, i) && s.loc[i] !== TG);
}

/** The legions' block numbers, in order (the End of Turn looks at them at every step of it). */
const LEGIONS = Array.from({ length: NB }, (_, i) => i).filter(isLegion);

function legionMayStay(s: State, i: number): boolean {
  const at = s.loc[i]!;
  if (at === OFF_MAP || at === GERMANIA || !isTribal(at)) return false;
  if (i === CAESAR_I) return !s.caesarWintered;
  const staying = s.wintering.filter((id) => id !== blockId(CAESAR_I) && s.loc[idx(id)] === at).length;
  return staying < s.garrison;
}

export function winterLegionActions(s: State): Action[] {
  const out: Action[] = [];
  for (const i of legionsAway(s)) {
    const id = blockId(i);
    if (s.wintering.includes(id)) continue;
    if (s.loc[i] === OFF_MAP) out.push({ type: 'enter', block: id });
    else if (legionMayStay(s, i)) out.push({ type: 'stay', block: id });
  }
  out.push({ type: 'done' });
  return out;
}

export function applyWinterLegions(s: State, role: Role, a: Action): void {
  if (a.type === 'enter') {
    const i = idx(a.block as string);
    s.loc[i] = TG;
    // 7.3.2: with Barbarian units in Transalpine Gaul, it joins the battle there as a reserve (6A).
    if (hasUnits(s, TG, 'Barbarian')) winterFight(s).reserves.push(blockId(i));
    logSecret(s, role, `${data(i).name} enters Transalpine Gaul from Off-Map.`, 'A legion enters Transalpine Gaul from Off-Map.');
    return;
  }
  if (a.type === 'stay') {
    s.wintering.push(a.block as string);
    return;
  }
  for (const i of legionsAway(s)) {
    if (s.loc[i] === OFF_MAP || s.wintering.includes(blockId(i))) continue;
    s.loc[i] = TG;
  }
  const out = legionsAway(s).filter((i) => s.loc[i] !== OFF_MAP);
  logPublic(s, `Legions go home; ${out.length} winter${out.length === 1 ? 's' : ''} in Gaul.`);
  s.wintering = [];
  s.step = 'idle';
}

/** 7.3.2: Barbarian units in Transalpine Gaul when the legions come home: a battle at once. */
export function winterBattleDue(s: State): boolean {
  return contested(s, TG);
}

/**
 * 7.3.2: the winter battle in Transalpine Gaul: the returning legions are one attacking group; the
 * legions entering from Off-Map are its reserves.
 */
export function winterFight(s: State): Fight {
  return (s.fights[TG] ??= { attacker: 'Roman', main: null, via: 'placed', reserves: [], wasNeutral: false });
}

/** After the winter battle: Caesar's flag (7.3.2, 8.1). */
export function recordCaesar(s: State): void {
  const at = s.loc[CAESAR_I];
  s.caesarWintered = onMap(s, CAESAR_I) && at !== TG && at !== OFF_MAP;
}

// ---- 7.3.3 ----

function romanAlliesReturn(s: State): void {
  for (let i = 0; i < NB; i++) {
    if (!onMap(s, i) || s.owner[i] !== 'Roman' || !isTribe(i)) continue;
    const home = data(i).home!;
    s.loc[i] = home;
    if (hasUnits(s, home, 'Barbarian')) {
      s.owner[i] = 'Barbarian';
      logPublic(s, `${data(i).name} go home to Barbarian-held ${areaName(home)} and change sides.`);
    }
  }
}

// ---- 7.3.4 and 7.3.5 ----

/**
 * Barbarian units that may stay away from home this winter: with Vercingetorix or Ariovistus, or the
 * leaders. Gallic units may stay with Vercingetorix wherever he winters (8.3): away from home once he
 * chose to stay, or at his home, where he stays anyway.
 */
function barbarianStayers(s: State): number[] {
  const out: number[] = [];
  const verc = vercingetorixWinters(s);
  const ario = onMap(s, ARIOVISTUS) ? s.loc[ARIOVISTUS] : null;
  for (let i = 0; i < NB; i++) {
    if (!onMap(s, i) || s.owner[i] !== 'Barbarian' || s.wintering.includes(blockId(i))) continue;
    const at = s.loc[i]!;
    if (at === GERMANIA) continue;
    if (i === VERCINGETORIX) {
      if (at !== s.leaderHome.vercingetorix && roomWith(s, at, isGallic)) out.push(i);
      continue;
    }
    if (i === ARIOVISTUS) {
      if (!s.ariovistusWintered && roomWith(s, at, isGerman)) out.push(i);
      continue;
    }
    if (isGallic(i) && at !== homeOf(s, i) && at === verc && roomWith(s, at, isGallic)) out.push(i);
    if (isGerman(i) && at === ario && s.wintering.includes('ariovistus') && roomWith(s, at, isGerman)) out.push(i);
  }
  return out;
}

/** Where Vercingetorix spends this winter for sure: at his home, or where he chose to stay; else null. */
function vercingetorixWinters(s: State): string | null {
  if (!onMap(s, VERCINGETORIX)) return null;
  const at = s.loc[VERCINGETORIX]!;
  return at === s.leaderHome.vercingetorix || s.wintering.includes('vercingetorix') ? at : null;
}

/** Garrison room left among the stayers of that kind in `at` (the leader counts, Vercingetorix at home too). */
function roomWith(s: State, at: string, kind: (i: number) => boolean): boolean {
  let n = s.wintering.filter((id) => s.loc[idx(id)] === at && kind(idx(id))).length;
  if (kind(VERCINGETORIX) && vercingetorixWinters(s) === at && !s.wintering.includes('vercingetorix')) n++;
  return n < s.garrison;
}

export function winterBarbarianActions(s: State): Action[] {
  return [...barbarianStayers(s).map((i) => ({ type: 'stay', block: blockId(i) })), { type: 'done' }];
}

export function applyWinterBarbarian(s: State, _role: Role, a: Action): void {
  if (a.type === 'stay') {
    s.wintering.push(a.block as string);
    return;
  }
  barbarianReturn(s);
  s.step = 'idle';
}

function barbarianReturn(s: State): void {
  // 7.3.4 Gallic units.
  for (let i = 0; i < NB; i++) {
    if (!onMap(s, i) || s.owner[i] !== 'Barbarian' || !isGallic(i) || s.wintering.includes(blockId(i))) continue;
    const home = homeOf(s, i);
    if (home) s.loc[i] = home;
    if (i === VERCINGETORIX) continue;
    const at = s.loc[i]!;
    if (!hasUnits(s, at, 'Roman')) continue;
    if (isMinorLeader(i)) {
      logPublic(s, `${data(i).name} finds Romans at home.`);
      eliminate(s, i);
    } else {
      s.owner[i] = 'Roman';
      logPublic(s, `${data(i).name} go home to Roman-held ${areaName(at)} and defect to Rome.`);
    }
  }
  // 7.3.5 Germans.
  for (let i = 0; i < NB; i++) {
    if (!isGerman(i)) continue;
    if (s.loc[i] === ELIMINATED) {
      s.loc[i] = GERMANIA;
      s.owner[i] = 'Barbarian';
      s.str[i] = data(i).steps[data(i).steps.length - 1]!;
      logPublic(s, `${data(i).name} return to Germania.`);
      continue;
    }
    if (!onMap(s, i) || s.wintering.includes(blockId(i))) continue;
    s.loc[i] = GERMANIA;
  }
  s.ariovistusWintered = onMap(s, ARIOVISTUS) && s.loc[ARIOVISTUS] !== GERMANIA;
  // 7.3.5 note: no Roman or Gallic unit stays in Germania.
  for (let i = 0; i < NB; i++) if (onMap(s, i) && s.loc[i] === GERMANIA && !isGerman(i)) s.loc[i] = isLegion(i) ? TG : (homeOf(s, i) ?? TG);
  s.wintering = [];
  logPublic(s, 'Barbarian units go home for the winter.');
}

// ---- 7.4 ----

/** 7.4: 1 supply per legion wintering in Gaul (Caesar free); returns true when the Roman must choose. */
function winterSupply(s: State): boolean {
  const away = wintering(s);
  if (away.length === 0) return false;
  const paid = Math.min(s.supply, away.length);
  s.supply -= paid;
  const unpaid = away.length - paid;
  logPublic(s, `Winter supply: ${count(away.length, 'legion')} in Gaul, ${paid} supplied; supply ${s.supply}.`);
  if (unpaid === 0) return false;
  if (unpaid === away.length) {
    for (const i of away) {
      attrition(s, i);
      if (s.result) return false;
    }
    return false;
  }
  // Checklist 130: the Roman chooses which legions go unsupplied.
  s.wintering = [];
  s.attrition = [{ role: 'Roman', area: TG, left: unpaid }];
  s.step = 'winter-supply';
  return true;
}

/** The legions wintering in Gaul, each paid for with a supply point (7.4): Caesar is free. */
export function wintering(s: State): number[] {
  return legionsAway(s).filter((i) => i !== CAESAR_I && s.loc[i] !== OFF_MAP);
}

function attrition(s: State, i: number): void {
  logPublic(s, `${data(i).name} suffers attrition.`);
  loseStep(s, i);
}

export function winterSupplyActions(s: State): Action[] {
  return wintering(s)
    .filter((i) => !s.wintering.includes(blockId(i)))
    .map((i) => ({ type: 'unsupplied', block: blockId(i) }));
}

export function applyWinterSupply(s: State, _role: Role, a: Action): void {
  s.wintering.push(a.block as string);
  const left = --s.attrition[0]!.left;
  if (left > 0) return;
  s.attrition = [];
  for (const id of s.wintering) {
    attrition(s, idx(id));
    if (s.result) return;
  }
  s.wintering = [];
  s.step = 'idle';
}

// ---- 7.5 ----

function replaceable(s: State): number[] {
  if (s.supply < 1) return [];
  const out: number[] = [];
  for (let i = 0; i < NB; i++) {
    if (!isLegion(i) || !onMap(s, i) || s.str[i] === fullStrength(i)) continue;
    const home = s.loc[i] === TG || s.loc[i] === OFF_MAP;
    if (!home && s.wintering.includes(blockId(i))) continue;
    out.push(i);
  }
  return out;
}

export function replacementActions(s: State): Action[] {
  return [...replaceable(s).map((i) => ({ type: 'replace', block: blockId(i) })), { type: 'done' }];
}

export function applyReplacement(s: State, role: Role, a: Action): void {
  if (a.type === 'replace') {
    const i = idx(a.block as string);
    s.str[i] = stepUp(i, s.str[i]!);
    s.supply--;
    s.wintering.push(blockId(i));
    logSecret(s, role, `${data(i).name} gains a step (supply ${s.supply}).`, `A legion gains a step (supply ${s.supply}).`);
    if (replaceable(s).length > 0) return;
  }
  s.wintering = [];
  s.step = 'idle';
}

// ---- 7.6 ----

function production(s: State): void {
  let n = 0;
  for (const id of AREA_IDS) {
    const f = area(id).fort;
    if (!f) continue;
    const mine = id === TG ? !hasUnits(s, TG, 'Barbarian') : controller(s, id as AreaId) === 'Roman';
    if (mine) n += f.capacity;
  }
  const before = s.supply;
  addSupply(s, n);
  logPublic(s, `Supply production: +${n}, Roman supply ${before} → ${s.supply}.`);
}

// ---- 7.7 ----

function returnLegions(s: State): void {
  for (const [id, turn] of Object.entries(s.legionDied)) {
    const i = idx(id);
    if (s.loc[i] !== ELIMINATED || turn >= s.turn) continue;
    s.loc[i] = OFF_MAP;
    s.str[i] = fullStrength(i);
    delete s.legionDied[id];
    logPublic(s, `${data(i).name} returns, rebuilt, in the Off-Map box.`);
  }
}

function buildLimit(s: State): number {
  return s.massiveRevoltPlayed ? 2 : 1;
}

export function buildActions(s: State): Action[] {
  const out: Action[] = [];
  if (s.wintering.length < buildLimit(s)) {
    for (let i = 0; i < NB; i++) {
      if (!isLegion(i) || s.loc[i] !== POOL) continue;
      for (let k = 1; k <= Math.min(4, s.supply); k++) out.push({ type: 'build', block: blockId(i), strength: k });
    }
  }
  out.push({ type: 'done' });
  return out;
}

export function applyBuild(s: State, _role: Role, a: Action): void {
  if (a.type === 'build') {
    const i = idx(a.block as string);
    const k = a.strength as number;
    s.loc[i] = OFF_MAP;
    s.owner[i] = 'Roman';
    s.str[i] = k;
    s.supply -= k;
    s.wintering.push(blockId(i));
    logPublic(s, `The Roman builds ${data(i).name} at strength ${k} (supply ${s.supply}).`);
    if (buildActions(s).length > 1) return;
  }
  s.wintering = [];
  s.step = 'idle';
}

/** 11 Historical Reinforcements: each eligible legion rolls (or arrives automatically), free and full. */
function historical(s: State): void {
  for (const row of HISTORICAL_REINFORCEMENTS) {
    const need = row.byTurn[s.turn];
    if (need === undefined) continue;
    for (const id of row.legions) {
      const i = idx(id);
      if (s.loc[i] !== POOL && !(id === 'legio-I' && s.loc[i] === 'aside')) continue;
      const roll = need >= 6 ? 0 : rollD6(s.rng);
      if (roll > need) continue;
      s.loc[i] = OFF_MAP;
      s.owner[i] = 'Roman';
      s.str[i] = fullStrength(i);
      logPublic(s, `${data(i).name} arrives as a historical reinforcement${roll ? ` (${roll})` : ''}.`);
    }
  }
  if (s.massiveRevoltPlayed && onMap(s, VERCINGETORIX)) {
    for (const id of ['legio-V', 'legio-VI']) {
      const i = idx(id);
      if (s.loc[i] !== POOL) continue;
      s.loc[i] = OFF_MAP;
      s.owner[i] = 'Roman';
      s.str[i] = fullStrength(i);
      logPublic(s, `${data(i).name} arrives to face Vercingetorix.`);
    }
  }
}

export { stepDown, HELVETII };
