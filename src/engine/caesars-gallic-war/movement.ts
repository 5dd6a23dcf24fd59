// 5.2.1E Movement: up to the card's value in groups (all of a player's units in one area), all
// designated before any unit moves; one area per card play (legions may force march two for 1
// supply); border limits per player per card play (black 4, blue 2, the Rhine 2 and stops, checklist
// 64); stops on blue borders, by sea, and on entering enemy or neutral units (who join the opponent);
// pinning; crossing the Rhine; stacking and attrition at the end of the card play.
//
// Actions:
//   designate: { type: 'group', area } (Off-Map: once per legion), { type: 'go' }
//   move:      { type: 'move', block, path: [area] | [area, area] }   (two areas: a force march)
//              { type: 'sail', block, to }                            naval movement (naval.ts)
//              { type: 'done' }
//   attrition: { type: 'attrition', block }

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import type { AreaId } from './data/map.js';
import { BORDER_LIMIT, STACKING_LIMIT } from './data/tables.js';
import { logPublic, logSecret } from './log.js';
import { areaName, border, crossingKey, GERMANIA, links, OFF_MAP, TG, type Link } from './map.js';
import { maySail, sailDestinations } from './naval.js';
import { other, ROLES, type Role } from './roles.js';
import {
  addSupply,
  ARIOVISTUS,
  blockId,
  blocksAt,
  data,
  hasBlock,
  hasOthers,
  hasUnits,
  idx,
  isGerman,
  isLegion,
  isTribe,
  onMap,
  perArea,
  stepDown,
  type State,
} from './state.js';
import { subdue } from './leaders.js';
import { loseStep } from './losses.js';
import { count } from '../kit/words.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;
/** The German units' block numbers. */
const GERMANS = Array.from({ length: NB }, (_, i) => i).filter(isGerman);

// ---- designation ----

/** Areas holding units of `role` that may still be designated as groups. */
export function groupCandidates(s: State, role: Role): AreaId[] {
  const c = s.current!;
  if (c.groupsLeft <= 0) return [];
  const out = new Set<AreaId>();
  for (let i = 0; i < NB; i++) {
    if (s.owner[i] !== role || !onMap(s, i) || s.moved[i]) continue;
    const at = s.loc[i] as AreaId;
    if (c.only && !c.only.includes(at)) continue;
    if (at === OFF_MAP) {
      const there = blocksAt(s, OFF_MAP, role).length;
      if (c.offMapGroups < there) out.add(at);
    } else if (!c.groups.includes(at)) out.add(at);
  }
  return [...out].sort();
}

export function designateActions(s: State, role: Role): Action[] {
  return [...groupCandidates(s, role).map((a) => ({ type: 'group', area: a })), { type: 'go' }];
}

export function applyDesignate(s: State, role: Role, a: Action): void {
  const c = s.current!;
  if (a.type === 'go') {
    const n = c.groups.length + c.offMapGroups;
    logSecret(s, role, `The ${role} activates ${n ? [...c.groups.map(areaName), ...(c.offMapGroups ? [`${count(c.offMapGroups, 'legion')} Off-Map`] : [])].join(', ') : 'no group'}.`, `The ${role} activates ${count(n, 'group')}.`);
    if (n === 0) {
      s.step = 'idle';
      return;
    }
    s.firstMover ??= role;
    s.step = 'move';
    return;
  }
  const at = a.area as AreaId;
  if (at === OFF_MAP) c.offMapGroups++;
  else c.groups.push(at);
  c.groupsLeft--;
}

// ---- moving ----

/** Units of `role` that may still move this card play. */
export function movers(s: State, role: Role): number[] {
  const c = s.current!;
  const out: number[] = [];
  for (let i = 0; i < NB; i++) {
    if (s.owner[i] !== role || s.moved[i] || !onMap(s, i)) continue;
    const at = s.loc[i]!;
    if (at === OFF_MAP ? c.offMapMoved < c.offMapGroups : c.groups.includes(at as AreaId)) {
      if (pinned(s, role, at)) continue;
      out.push(i);
    }
  }
  return out;
}

/** Checklist 60: attackers pin an equal number of the defenders; the rest may leave. */
function pinned(s: State, role: Role, at: string): boolean {
  const f = s.fights[at];
  if (!f || f.attacker === role) return false;
  return blocksAt(s, at, role).length <= blocksAt(s, at, other(role)).length;
}

/** Borders the opponent used to enter `at` this round: defenders may not leave across them. */
function barred(s: State, role: Role, at: string): readonly string[] {
  const list = s.entries[at];
  return list ? list.filter((e) => e.role !== role).map((e) => e.from) : NONE;
}

const NONE: readonly string[] = [];

/**
 * Can unit i (of role) cross the land border `l` out of `from` now? Border counts and unit types
 * only; `firstLeg`: a force march's first crossing, counted as made.
 */
export function mayCross(s: State, role: Role, i: number, from: string, l: Link, firstLeg?: string): boolean {
  const k = l.kind;
  const to = l.to;
  if (l.sea) return false;
  if (k === 'limited') return from === OFF_MAP && isLegion(i); // Off-Map legions enter TG; nobody moves into Off-Map
  if (from === OFF_MAP) return false;
  if (k === 'rhine') {
    if (!isGerman(i) && !isLegion(i)) return false; // only Germans and legions cross the Rhine
    if (to === GERMANIA && isLegion(i) && !GERMANS.some((j) => s.loc[j] === GERMANIA)) return false;
  }
  if (to === GERMANIA && !isGerman(i) && !isLegion(i)) return false;
  const used = (s.crossings[role][l.key] ?? 0) + (l.key === firstLeg ? 1 : 0);
  return used < BORDER_LIMIT[k];
}

/** Does entering across `l` out of `from` stop a unit (blue, Rhine, enemy or neutral units there: `foreign`)? */
function stops(from: string, l: Link, foreign: (at: string) => boolean): boolean {
  return l.kind === 'blue' || l.kind === 'rhine' || foreign(l.to) || l.to === TG && from === OFF_MAP;
}

export function moveActions(s: State, role: Role): Action[] {
  const out: Action[] = [];
  const c = s.current!;
  // Whether an area holds enemy or neutral units, looked at once per area for all the moves listed.
  const foreign = perArea((at) => hasOthers(s, at, role));
  for (const i of movers(s, role)) {
    const id = blockId(i);
    const from = s.loc[i]!;
    const bar = barred(s, role, from);
    for (const l of links(from)) {
      const m = l.to;
      if (bar.includes(m) || !mayCross(s, role, i, from, l)) continue;
      out.push({ type: 'move', block: id, path: [m] });
      // Force march (legions only, 1 supply): the first leg must not stop the legion.
      if (!isLegion(i) || s.supply < 1 || stops(from, l, foreign)) continue;
      for (const l2 of links(m)) {
        if (l2.to === from || !mayCross(s, role, i, m, l2, l.key)) continue;
        out.push({ type: 'move', block: id, path: [m, l2.to] });
      }
    }
    if (from !== OFF_MAP && maySail(s, i) && (c.naval[from] ?? 0) < 2) {
      for (const d of sailDestinations(s, role, from as AreaId)) {
        if (bar.includes(d.to)) continue;
        const key = `${from}>${d.to}`;
        if (d.hostile && !c.navalPaid.includes(key) && s.supply < 1) continue;
        out.push({ type: 'sail', block: id, to: d.to });
      }
    }
  }
  out.push(...mainGroupActions(s, role));
  out.push({ type: 'done' });
  return out;
}

export function applyMove(s: State, role: Role, a: Action): void {
  const c = s.current!;
  if (a.type === 'done') {
    s.step = 'idle';
    return;
  }
  if (a.type === 'main') {
    applyMainGroup(s, a);
    logPublic(s, `The ${role} names the group from ${areaName(a.from as string)} the main attack on ${areaName(a.area as string)}.`);
    return;
  }
  const i = idx(a.block as string);
  const from = s.loc[i] as AreaId;
  if (from === OFF_MAP) c.offMapMoved++;
  s.moved[i] = true;
  if (a.type === 'sail') {
    const to = a.to as AreaId;
    const key = `${from}>${to}`;
    c.naval[from] = (c.naval[from] ?? 0) + 1;
    const hostile = hasUnits(s, to, other(role)) || hasUnits(s, to, null);
    if (hostile && role === 'Roman' && !c.navalPaid.includes(key)) {
      c.navalPaid.push(key);
      addSupply(s, -1);
    }
    s.sailed[blockId(i)] = from;
    enter(s, role, i, from, to, 'sea');
    return;
  }
  const path = a.path as AreaId[];
  let at = from;
  for (const step of path) {
    const key = crossingKey(at, step);
    s.crossings[role][key] = (s.crossings[role][key] ?? 0) + 1;
    at = step;
  }
  if (path.length === 2) addSupply(s, -1);
  const last = path.length === 2 ? path[0]! : from;
  enter(s, role, i, last, at, border(last, at) === 'rhine' ? 'rhine' : 'land', path.length === 2);
}

/** A unit arrives: neutral tribes join the opponent (or Ariovistus subdues them); a battle is due. */
function enter(s: State, role: Role, i: number, from: AreaId, to: AreaId, via: 'land' | 'rhine' | 'sea', forced = false): void {
  const neutrals = hasUnits(s, to, null);
  const wasNeutral = neutrals && !hasUnits(s, to, other(role));
  if (neutrals) {
    if (role === 'Barbarian' && i === ARIOVISTUS) {
      subdue(s, to);
      // 8.2: every tribe subdued, no battle: the Barbarian may still regroup from there.
      if (!hasUnits(s, to, other(role))) s.subdued.push(to);
    }
    for (const j of blocksAt(s, to, null)) s.owner[j] = other(role);
  }
  s.loc[i] = to;
  (s.entries[to] ??= []).push({ role, from });
  if (isLegion(i) && to === GERMANIA) s.flags.germaniaCrossed = true;
  logSecret(
    s,
    role,
    `The ${role} moves ${data(i).name} ${areaName(from)} → ${areaName(to)}${via === 'sea' ? ' by sea' : forced ? ' (force march)' : ''}.`,
    `The ${role} moves a unit ${areaName(from)} → ${areaName(to)}${via === 'sea' ? ' by sea' : forced ? ' (force march)' : ''}.`,
  );
  if (!hasUnits(s, to, other(role))) return;
  const f = s.fights[to];
  if (!f) s.fights[to] = { attacker: role, main: from, via, reserves: [], wasNeutral, origins: { [blockId(i)]: from } };
  else {
    if (f.attacker === role) (f.origins ??= {})[blockId(i)] = from;
    if (f.attacker !== role || f.main !== from) f.reserves.push(blockId(i));
  }
  if (via === 'sea' || via === 'rhine') (s.fights[to]!.vias ??= {})[from] = via;
}

/** 6A: the attacker names which moving group (by origin) is the main group of a battle. */
export function mainGroupActions(s: State, role: Role): Action[] {
  const out: Action[] = [];
  for (const at of Object.keys(s.fights).sort()) {
    const f = s.fights[at]!;
    if (f.attacker !== role || !f.origins) continue;
    const origins = [...new Set(Object.values(f.origins))];
    // Revision 2: named again only once a group from a new origin has come in (else a player, or
    // the computer's search, could rename it for ever without the game going on).
    if (s.revision === 2 && f.named !== undefined && origins.length <= f.named) continue;
    for (const from of origins.sort()) if (from !== f.main) out.push({ type: 'main', area: at, from });
  }
  return out;
}

function applyMainGroup(s: State, a: Action): void {
  const f = s.fights[a.area as string]!;
  const from = a.from as AreaId;
  f.main = from;
  if (s.revision === 2) f.named = new Set(Object.values(f.origins ?? {})).size;
  f.via = f.vias?.[from] ?? 'land';
  const attackers = Object.keys(f.origins ?? {});
  f.reserves = f.reserves.filter((id) => !attackers.includes(id));
  for (const id of attackers) if (f.origins![id] !== from) f.reserves.push(id);
}

// ---- stacking and attrition ----

/** Blocks that count against the stacking limit: not legions in TG; nothing in Off-Map (checklist 71). */
export function stackCount(s: State, role: Role, at: string): number {
  if (at === OFF_MAP) return 0;
  return blocksAt(s, at, role).filter((i) => !(at === TG && isLegion(i))).length;
}

/** Checklist 70: each block beyond 6 loses a step; returns true if the owner must choose. */
export function beginAttrition(s: State): boolean {
  s.attrition = [];
  for (const role of ROLES) {
    // Each area's stack as stackCount counts it, in one pass over the blocks (after every card play).
    const stacks = new Map<string, number>();
    for (let i = 0; i < NB; i++) {
      if (s.owner[i] !== role || !onMap(s, i)) continue;
      const at = s.loc[i]!;
      if (at !== OFF_MAP && stackCounts(s, at, i)) stacks.set(at, (stacks.get(at) ?? 0) + 1);
    }
    for (const at of [...stacks.keys()].sort()) {
      const n = stacks.get(at)!;
      if (n > STACKING_LIMIT) s.attrition.push({ role, area: at as AreaId, left: n - STACKING_LIMIT });
    }
  }
  return nextAttrition(s);
}

function nextAttrition(s: State): boolean {
  while (s.attrition.length) {
    const a = s.attrition[0]!;
    if (a.left > 0 && attritionCandidates(s).length) {
      s.step = 'attrition';
      return true;
    }
    s.attrition.shift();
  }
  return false;
}

/** Checklist 72: avoid eliminations first, then Gallic non-leader units before the others. */
export function attritionCandidates(s: State): number[] {
  const a = s.attrition[0];
  if (!a) return [];
  let c = blocksAt(s, a.area, a.role).filter((i) => stackCounts(s, a.area, i));
  const survive = c.filter((i) => stepDown(i, s.str[i]!) > 0);
  if (survive.length) c = survive;
  const tribes = c.filter(isTribe);
  return tribes.length ? tribes : c;
}

function stackCounts(s: State, at: string, i: number): boolean {
  return !(at === TG && isLegion(i));
}

export function attritionActions(s: State): Action[] {
  return attritionCandidates(s).map((i) => ({ type: 'attrition', block: blockId(i) }));
}

export function applyAttrition(s: State, role: Role, a: Action): void {
  const i = idx(a.block as string);
  logSecret(s, role, `Attrition: ${data(i).name} loses a step in ${areaName(s.loc[i]!)}.`, `Attrition: a ${role} unit loses a step in ${areaName(s.loc[i]!)}.`);
  loseStep(s, i);
  s.attrition[0]!.left--;
  if (!nextAttrition(s)) s.step = 'idle';
}

export { hasBlock };
