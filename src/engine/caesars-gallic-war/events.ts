// 13 Events: Baggage Train, and the revolts (Minor, Major, Massive) that send tribes home under a
// new allegiance, with battles at once, then a leader and a movement for the Barbarian.
//
// Actions:
//   baggage: { type: 'reinforce', blocks: [a, b] } (a may equal b; one block if only one step fits)
//            { type: 'cut-supply' }
//   revolt:  { type: 'revolt', area }   once per area to choose
//   leader:  { type: 'place', leader, area }

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import type { AreaId } from './data/map.js';
import { logPublic, logSecret } from './log.js';
import { area, areaName, HELVETII } from './map.js';
import { other, type Role } from './roles.js';
import {
  addSupply,
  blockId,
  blocksAt,
  card,
  data,
  fullStrength,
  hasUnits,
  idx,
  isGallic,
  onMap,
  POOL,
  stepUp,
  TRIBAL_AREAS,
  type State,
  type Task,
} from './state.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

export type RevoltKind = 'minor' | 'major' | 'massive';

/** What the event card does for this player now (13.3-13.5: several cases become a Minor Revolt). */
export function eventKind(s: State, side: Role, cardId: string): 'baggage' | RevoltKind {
  const c = card(cardId);
  if (c.kind !== 'event') throw new Error('not an event');
  if (c.event === 'baggage-train') return 'baggage';
  if (side === 'Roman' || c.event === 'minor-revolt') return 'minor';
  if (c.event === 'major-revolt') return onMap(s, idx('dumnorix')) && onMap(s, idx('ambiorix')) ? 'minor' : 'major';
  return s.turn === 1 ? 'minor' : 'massive';
}

/** Starts the event; returns true if a decision is needed. */
export function startEvent(s: State, side: Role, cardId: string): boolean {
  const kind = eventKind(s, side, cardId);
  logPublic(s, `The ${side} plays ${card(cardId).name}${kind !== 'baggage' && card(cardId).name !== `${cap(kind)} Revolt` ? ` as a ${cap(kind)} Revolt` : ''}.`);
  if (kind === 'baggage') {
    if (side === 'Roman') {
      const before = s.supply;
      addSupply(s, 5);
      logPublic(s, `Baggage Train: Roman supply ${before} → ${s.supply}.`);
      return false;
    }
    s.step = 'baggage';
    return true;
  }
  if (kind === 'massive') massiveRevoltLeaves(s);
  s.current!.revolt = { kind, areas: [], count: kind === 'minor' ? 1 : kind === 'major' ? 2 : 3 };
  if (revoltActions(s, side).length === 0) {
    logPublic(s, 'No tribe can revolt.');
    s.current!.revolt = null;
    return false;
  }
  s.step = 'revolt';
  return true;
}

/** 13.5: played as a Massive Revolt, the card leaves the game and legions V and VI join the force pool. */
export function massiveRevoltLeaves(s: State): void {
  s.massiveRevoltPlayed = true;
  for (const id of ['legio-V', 'legio-VI']) if (s.loc[idx(id)] === 'aside') s.loc[idx(id)] = POOL;
  logPublic(s, 'Massive Revolt leaves the game; legions V and VI join the Roman force pool.');
}

const cap = (x: string) => x[0]!.toUpperCase() + x.slice(1);

// ---- 13.1 Baggage Train (the Barbarian's choice) ----

export function baggageActions(s: State): Action[] {
  const out: Action[] = [];
  const areas = new Set<string>();
  for (let i = 0; i < NB; i++) if (s.owner[i] === 'Barbarian' && onMap(s, i)) areas.add(s.loc[i]!);
  for (const at of [...areas].sort()) {
    const units = blocksAt(s, at, 'Barbarian');
    const room = (i: number) => data(i).steps.indexOf(s.str[i]!);
    const pairs: string[][] = [];
    for (let a = 0; a < units.length; a++) {
      const x = units[a]!;
      if (room(x) >= 2) pairs.push([blockId(x), blockId(x)]);
      for (let b = a + 1; b < units.length; b++) if (room(x) >= 1 && room(units[b]!) >= 1) pairs.push([blockId(x), blockId(units[b]!)]);
    }
    if (pairs.length) for (const p of pairs) out.push({ type: 'reinforce', blocks: p });
    else for (const x of units) if (room(x) === 1) out.push({ type: 'reinforce', blocks: [blockId(x)] });
  }
  out.push({ type: 'cut-supply' });
  return out;
}

export function applyBaggage(s: State, role: Role, a: Action): void {
  if (a.type === 'cut-supply') {
    const before = s.supply;
    addSupply(s, -2);
    logPublic(s, `Baggage Train: Roman supply ${before} → ${s.supply}.`);
  } else {
    for (const id of a.blocks as string[]) {
      const i = idx(id);
      s.str[i] = stepUp(i, s.str[i]!);
    }
    logSecret(s, role, `Baggage Train: ${(a.blocks as string[]).map((id) => data(idx(id)).name).join(' and ')} gain a step.`, `Baggage Train: the Barbarian adds 2 steps in ${areaName(s.loc[idx((a.blocks as string[])[0]!)]!)}.`);
  }
  s.step = 'idle';
}

// ---- 13.2-13.5 revolts ----

/** Areas that may be chosen now (checklist 156, 158-161, 164). */
export function revoltTargets(s: State, side: Role): AreaId[] {
  const r = s.current!.revolt!;
  return TRIBAL_AREAS.filter((a) => {
    if (r.areas.includes(a)) return false;
    if (a === HELVETII && s.turn === 1) return false;
    const tribes = area(a).tribes.map(idx).filter((i) => onMap(s, i));
    if (tribes.length === 0) return false;
    if (side === 'Roman') return tribes.some((i) => s.owner[i] === 'Barbarian');
    if (!tribes.some((i) => s.owner[i] !== 'Barbarian')) return false;
    // 13.4: at least one of the two areas outside Aquitania.
    if (r.kind === 'major' && r.areas.length === r.count - 1 && r.areas.every((x) => area(x).region === 'aquitania') && area(a).region === 'aquitania') return false;
    return true;
  });
}

export function revoltActions(s: State, side: Role): Action[] {
  return revoltTargets(s, side).map((a) => ({ type: 'revolt', area: a }));
}

/** Chooses an area; once all are chosen the tribes go home. Returns the tasks that follow. */
export function applyRevolt(s: State, side: Role, a: Action): Task[] | null {
  const r = s.current!.revolt!;
  r.areas.push(a.area as AreaId);
  if (r.areas.length < r.count && revoltTargets(s, side).length > 0) return null;
  for (const at of r.areas) {
    sendHome(s, side, at);
    // 13.2: the returning tribes attack enemy units at home at once.
    const tribe = area(at).tribes.map(idx).find((i) => onMap(s, i) && s.owner[i] !== null);
    if (tribe !== undefined && hasUnits(s, at, other(s.owner[tribe] as Role))) {
      s.fights[at] = { attacker: s.owner[tribe] as Role, main: null, via: 'placed', reserves: [], wasNeutral: false };
    }
  }
  s.step = 'idle';
  const tasks: Task[] = [{ kind: 'battles', chooser: side }];
  if (side === 'Barbarian' && r.kind === 'major') {
    tasks.push({ kind: 'leader', leader: 'minor', areas: [...r.areas] });
    tasks.push({ kind: 'event-move', side, areas: [...r.areas], groups: r.areas.length });
  }
  if (side === 'Barbarian' && r.kind === 'massive') {
    tasks.push({ kind: 'leader', leader: 'vercingetorix', areas: [...r.areas] });
    tasks.push({ kind: 'event-move', side, areas: null, groups: 3 });
  }
  return tasks;
}

/** 13.3-13.5: the area's tribes go home (placement, not movement) under their new allegiance. */
function sendHome(s: State, side: Role, at: AreaId): void {
  const tribes = area(at).tribes.map(idx).filter((i) => onMap(s, i));
  const othersAtHome = (i: number) => blocksAt(s, at).filter((j) => !tribes.includes(j) && j !== i);
  for (const i of tribes) {
    s.loc[i] = at;
    s.inFort[i] = false;
    s.half[i] = 0;
  }
  if (side === 'Barbarian') {
    for (const i of tribes) s.owner[i] = 'Barbarian';
    logPublic(s, `${tribes.map((i) => data(i).name).join(' and ')} revolt and go home to ${areaName(at)} as Barbarian allies.`);
    return;
  }
  // Roman Minor Revolt on Barbarian tribes (checklist 159).
  const occupant = othersAtHome(-1).find((j) => s.owner[j] !== null);
  if (occupant === undefined) {
    for (const i of tribes) {
      s.owner[i] = null;
      s.str[i] = fullStrength(i);
    }
    logPublic(s, `${tribes.map((i) => data(i).name).join(' and ')} go home to ${areaName(at)} and turn neutral.`);
    return;
  }
  const side2 = other(s.owner[occupant] as Role);
  for (const i of tribes) s.owner[i] = side2;
  logPublic(s, `${tribes.map((i) => data(i).name).join(' and ')} go home to ${areaName(at)} and fight for the ${side2}.`);
}

/** After the revolt's battles: a tribe area became the event player's (no enemy units there). */
function heldAfterRevolt(s: State, at: AreaId): boolean {
  return hasUnits(s, at, 'Barbarian') && !hasUnits(s, at, 'Roman') && blocksAt(s, at, 'Barbarian').some(isGallic);
}

const MINOR_LEADERS = [
  { id: 'ambiorix', region: 'belgica' },
  { id: 'dumnorix', region: 'celtae' },
];

/** Checklist 162, 164: where a leader may be placed after the revolt. */
export function leaderPlacements(s: State, leader: string, areas: AreaId[]): { leader: string; area: AreaId }[] {
  const out: { leader: string; area: AreaId }[] = [];
  for (const at of areas) {
    if (!heldAfterRevolt(s, at)) continue;
    if (leader === 'vercingetorix') {
      if (s.loc[idx('vercingetorix')] === 'aside') out.push({ leader, area: at });
      continue;
    }
    for (const m of MINOR_LEADERS) if (area(at).region === m.region && !onMap(s, idx(m.id))) out.push({ leader: m.id, area: at });
  }
  return out;
}

export function leaderActions(s: State, leader: string, areas: AreaId[]): Action[] {
  return leaderPlacements(s, leader, areas).map((p) => ({ type: 'place', leader: p.leader, area: p.area }));
}

export function applyLeader(s: State, _role: Role, a: Action): void {
  raiseLeader(s, a.leader as string, a.area as AreaId);
  if (s.round === 1) s.flags.firstCardLeaders.push(a.leader as string);
  s.step = 'idle';
}

/** A leader comes into play for the Barbarian, at full strength, in `at`, now his home. */
export function raiseLeader(s: State, leader: string, at: AreaId): void {
  const i = idx(leader);
  s.loc[i] = at;
  s.owner[i] = 'Barbarian';
  s.str[i] = fullStrength(i);
  s.leaderHome[leader] = at;
  logPublic(s, `${data(i).name} rises in ${areaName(at)}, his home.`);
}
