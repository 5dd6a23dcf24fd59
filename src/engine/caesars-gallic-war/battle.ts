// 6 Battle: one battle at a time, in the order the choosing player picks; up to 3 rounds (2 when the
// main group crossed the Rhine or came by sea); each unit fires, retreats or passes once a round in
// initiative order (Caesar first, then defenders before attackers at each letter); hits go to the
// strongest enemy unit; reserves (6A) arrive in round 2; forts (6B), the Rhine and German withdrawal
// (6C), the Alps (6D) and amphibious invasions (6E).
//
// Actions:
//   battle-choose:  { type: 'battle', area }
//   withdraw:       { type: 'withdraw', block } / { type: 'done' }       6C, before the first round
//   fort:           { type: 'fort', blocks }                             6B (sieges.ts)
//   battle:         { type: 'fire', block } / { type: 'pass', block } / { type: 'retreat', block, to }
//   hits:           { type: 'hit', block }      the owner picks among equally strong units
//   assault:        { type: 'assault' } / { type: 'retreat-all' }
//   sortie:         { type: 'sortie', blocks }                          6 B2 (sieges.ts)
//   forced-retreat: { type: 'retreat', block, to }

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import type { AreaId } from './data/map.js';
import { VP } from './data/tables.js';
import { logPublic, logSecret } from './log.js';
import { areaName, BRITANNIA, fortCapacity, GERMANIA, isPort } from './map.js';
import { rollD6 } from './random.js';
import { other, type Role } from './roles.js';
import {
  blockId,
  blocksAt,
  CAESAR_I,
  contested,
  data,
  hasUnits,
  idx,
  isGerman,
  isLegion,
  isTribe,
  REMOVED,
  stepDown,
  type Battle,
  type Fight,
  type State,
} from './state.js';
import { eliminate, loseStep } from './losses.js';
import { openAreas, retreatTargets } from './retreat.js';
import { doubleDefence, fortActions, letterOf, sortieActions } from './sieges.js';
import { addVp } from './victory.js';
import { count, plural } from '../kit/words.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

// ---- choosing and starting battles ----

/** Areas with a battle due this round, sorted; stale fights (one side gone) are dropped. */
export function battlesDue(s: State): AreaId[] {
  for (const a of Object.keys(s.fights)) if (!contested(s, a)) delete s.fights[a];
  return Object.keys(s.fights).sort() as AreaId[];
}

export function chooseActions(s: State): Action[] {
  return battlesDue(s).map((a) => ({ type: 'battle', area: a }));
}

/**
 * Sets up the battle in `at` and announces it; flow.ts then opens it (or first lets the defender
 * send help, in the solitaire game). Returns whether the defenders were neutral just before.
 */
export function startBattle(s: State, at: AreaId, chooser: Role, winter = false): boolean {
  const f: Fight = s.fights[at] ?? { attacker: chooser, main: null, via: 'placed', reserves: [], wasNeutral: false };
  delete s.fights[at];
  const b: Battle = {
    area: at,
    attacker: f.attacker,
    defender: other(f.attacker),
    round: 1,
    maxRounds: f.via === 'rhine' || f.via === 'sea' ? 2 : 3,
    phase: 'field',
    via: f.via,
    reserves: f.reserves.filter((id) => s.loc[idx(id)] === at),
    acted: [],
    hits: null,
    retreats: { Roman: {}, Barbarian: {} },
    seaRetreats: { Roman: 0, Barbarian: 0 },
    entries: [...(s.entries[at] ?? [])],
    sailed: seaInvaders(s, at, f),
    fought: false,
    winter,
    chooser,
  };
  s.battle = b;
  logPublic(s, `Battle in ${areaName(at)}: the ${b.attacker} attacks, the ${b.defender} defends (at most ${b.maxRounds} rounds).`);
  return f.wasNeutral;
}

/**
 * 6F Naval Retreat: the Roman units that made a naval move into this enemy (or neutral) port this
 * round, attacking it; they may retreat only by sea. Romans who sailed into a port of their own that
 * the Barbarian attacks afterwards are defenders, with the defenders' retreats.
 */
function seaInvaders(s: State, at: AreaId, f: Fight): Record<string, AreaId> {
  const out: Record<string, AreaId> = {};
  if (f.attacker !== 'Roman') return out;
  for (const i of blocksAt(s, at, 'Roman')) {
    const from = s.sailed[blockId(i)];
    if (from !== undefined) out[blockId(i)] = from;
  }
  return out;
}

/** The battle begins: blocks revealed, German withdrawal (6C), the fort (6B). */
export function openBattle(s: State): void {
  const at = s.battle!.area;
  reveal(s);
  if (at === GERMANIA && withdrawable(s).length > 0) {
    s.step = 'withdraw';
    return;
  }
  beginFort(s);
}

/** The units both players see in this battle (6: all blocks are revealed; reserves from round 2). */
function reveal(s: State): void {
  const b = s.battle!;
  for (const r of [b.attacker, b.defender]) {
    const units = blocksAt(s, b.area, r);
    const main = units.filter((i) => !isReserve(s, i));
    const res = units.length - main.length;
    logPublic(s, `${r}: ${main.map((i) => describe(s, i)).join(', ') || 'none'}${res ? `; ${res} in reserve` : ''}.`);
  }
}

export function describe(s: State, i: number): string {
  return `${data(i).name} (${data(i).initiative}${data(i).br}, ${s.str[i]})`;
}

/**
 * A reserve waits out the first round (6A): of the field battle, or of an assault begun at once
 * (every defender inside, 6B), where the besieged side's reserves then come as a relief (6 B2).
 */
export function isReserve(s: State, i: number): boolean {
  const b = s.battle;
  if (!b || b.round !== 1 || !b.reserves.includes(blockId(i))) return false;
  return b.phase === 'field' || (b.phase === 'assault' && !b.relief);
}

// ---- 6C German strategic withdrawal ----

function withdrawable(s: State): number[] {
  const b = s.battle!;
  // 12 Solitaire: the bot's Germans may withdraw at the start of any round (checklist 187).
  if ((b.round !== 1 && !s.solo) || b.acted.length > 0 || b.defender !== 'Barbarian') return [];
  return blocksAt(s, GERMANIA, 'Barbarian').filter(isGerman);
}

export function withdrawActions(s: State): Action[] {
  return [...withdrawable(s).map((i) => ({ type: 'withdraw', block: blockId(i) })), { type: 'done' }];
}

export function applyWithdraw(s: State, _role: Role, a: Action): void {
  if (a.type === 'withdraw') {
    const i = idx(a.block as string);
    s.loc[i] = REMOVED;
    s.str[i] = 0;
    s.owner[i] = null;
    logPublic(s, `${data(i).name} withdraws from the game (strategic withdrawal).`);
    germaniaInvasion(s, true);
    if (withdrawable(s).length > 0 && contested(s, GERMANIA)) return;
  }
  if (s.battle!.round > 1) advance(s);
  else beginFort(s);
}

// ---- 6B the fort ----

function beginFort(s: State): void {
  const b = s.battle!;
  const defenders = blocksAt(s, b.area, b.defender).filter((i) => !isReserve(s, i));
  if (fortCapacity(b.area) > 0 && defenders.length > 0 && contested(s, b.area)) {
    s.step = 'fort';
    return;
  }
  advance(s);
}

export function fortStepActions(s: State): Action[] {
  const b = s.battle!;
  const defenders = blocksAt(s, b.area, b.defender).filter((i) => !isReserve(s, i));
  return fortActions(s, defenders, b.area);
}

export function applyFort(s: State, role: Role, a: Action): void {
  const ids = a.blocks as string[];
  for (const id of ids) s.inFort[idx(id)] = true;
  if (ids.length) logSecret(s, role, `${ids.map((id) => data(idx(id)).name).join(' and ')} ${plural(ids.length, 'goes', 'go')} inside the fort.`, `${count(ids.length, 'defender')} ${plural(ids.length, 'goes', 'go')} inside the fort.`);
  advance(s);
}

// ---- battle turns ----

/** Units of `role` that take part now: present, not waiting in reserve, not inside unless assaulted. */
function fighting(s: State, role: Role): number[] {
  const b = s.battle!;
  return blocksAt(s, b.area, role).filter((i) => !isReserve(s, i) && !(b.phase !== 'assault' && s.inFort[i]));
}

/** A letter's place in the order of battle turns (6: A first). */
const LETTER_RANK: Readonly<Record<string, number>> = { A: 0, B: 1, C: 2, D: 3 };

/**
 * The units whose battle action is next: Caesar first, then by letter, defenders before attackers.
 * One pass over the blocks (the search asks at every battle step): each waiting unit's turn is its
 * letter's rank, the defenders' before the attackers' of the same letter.
 */
export function nextActors(s: State): number[] {
  const b = s.battle!;
  let best = Infinity;
  let out: number[] = [];
  for (let i = 0; i < NB; i++) {
    if (s.loc[i] !== b.area) continue;
    const o = s.owner[i];
    if (o !== b.defender && o !== b.attacker) continue;
    // Fighting now (not a reserve on its way, not inside unless assaulted) and not yet acted.
    if (isReserve(s, i) || (b.phase !== 'assault' && s.inFort[i]) || b.acted.includes(blockId(i))) continue;
    if (i === CAESAR_I && o === 'Roman') return [CAESAR_I];
    const turn = 2 * LETTER_RANK[letterOf(s, b, i)]! + (o === b.defender ? 0 : 1);
    if (turn < best) {
      best = turn;
      out = [i];
    } else if (turn === best) out.push(i);
  }
  return out;
}

export function battleRole(s: State): Role | null {
  const b = s.battle;
  if (!b) return null;
  if (s.step === 'hits') return b.hits!.role;
  if (s.step === 'withdraw' || s.step === 'fort') return b.defender;
  if (s.step === 'assault' || s.step === 'forced-retreat' || s.step === 'sortie') return b.attacker;
  const a = nextActors(s);
  return a.length ? (s.owner[a[0]!] as Role) : null;
}

/** The battle actions of `role`: those of the units whose turn it is, if they are its own (none otherwise). */
export function battleActions(s: State, role: Role): Action[] {
  const b = s.battle!;
  const out: Action[] = [];
  const next = nextActors(s);
  if (next.length === 0 || s.owner[next[0]!] !== role) return out;
  const open = openAreas(s, role);
  for (const i of next) {
    const id = blockId(i);
    out.push({ type: 'fire', block: id });
    // A retreating unit may not retreat in round 1 of ... (no such rule here): any round.
    for (const t of retreatTargets(s, b, i, false, open)) out.push({ type: 'retreat', block: id, to: t.to });
    out.push({ type: 'pass', block: id });
  }
  return out;
}

export function applyBattleAction(s: State, role: Role, a: Action): void {
  const b = s.battle!;
  const i = idx(a.block as string);
  b.acted.push(blockId(i));
  if (a.type === 'fire') fire(s, i);
  else if (a.type === 'retreat') retreat(s, role, i, a.to as string);
  // Every unit in the battle is revealed (6): its pass is public, worded as in Julius Caesar.
  else logPublic(s, `${data(i).name} passes.`);
  if (s.result) return;
  if (s.step === 'hits') return;
  advance(s);
}

function fire(s: State, i: number): void {
  const b = s.battle!;
  const role = s.owner[i] as Role;
  const dice: number[] = [];
  for (let k = 0; k < s.str[i]!; k++) dice.push(rollD6(s.rng));
  const hits = dice.filter((d) => d <= data(i).br).length;
  b.fought = true;
  logPublic(s, `${describe(s, i)} fires: ${dice.join(', ')}: ${hits} hit${hits === 1 ? '' : 's'}.`);
  applyHits(s, other(role), hits);
}

/** Targets of hits on `role` now: units that take part (not reserves in round 1, not inside during the field battle). */
function targets(s: State, role: Role): number[] {
  return fighting(s, role);
}

/**
 * Applies hits one at a time to the strongest target (6); a unit with a half hit takes the next
 * (6B, 6D); on a tie a legion or German before an allied Gallic unit, then the owner chooses.
 */
function applyHits(s: State, role: Role, count: number): void {
  const b = s.battle!;
  while (count > 0 && !s.result) {
    const c = hitCandidates(s, role);
    if (c.length === 0) break;
    if (c.length > 1) {
      b.hits = { role, count, double: false };
      s.step = 'hits';
      return;
    }
    hit(s, c[0]!);
    count--;
  }
  // Every hit rolled is a line of the log: those that find no unit (or come after the game's end) too.
  if (count > 0) logPublic(s, hitsLost(count));
  b.hits = null;
}

/** The log's words for hits that fall on no one (the same in both games). */
export function hitsLost(n: number): string {
  return n === 1 ? '1 hit falls on no one.' : `${n} hits fall on no one.`;
}

export function hitCandidates(s: State, role: Role): number[] {
  const b = s.battle!;
  const t = targets(s, role);
  if (t.length === 0) return [];
  // A half hit kept from the siege (6 B2) does not draw hits in the relief's field battle.
  const halves = t.filter((i) => s.half[i]! > 0 && doubleDefence(s, b, i));
  let c = halves.length ? halves : t;
  const max = Math.max(...c.map((i) => s.str[i]!));
  c = c.filter((i) => s.str[i] === max);
  const core = c.filter((i) => isLegion(i) || isGerman(i));
  if (core.length && core.length < c.length) c = core;
  return c;
}

/** One hit on unit i, and its line in the log: the unit and its new strength, or its elimination. */
function hit(s: State, i: number): void {
  const b = s.battle!;
  const name = data(i).name;
  let again = '';
  if (doubleDefence(s, b, i)) {
    if (s.half[i]! === 0) {
      s.half[i] = 1;
      logPublic(s, `${name} takes a half hit (${s.str[i]}; the next hit costs a step).`);
      return;
    }
    s.half[i] = 0;
    again = 'a second half hit';
  }
  const before = s.str[i]!;
  const after = stepDown(i, before);
  if (after === 0) logPublic(s, `${name} takes ${again || 'a hit'} and is eliminated.`);
  else logPublic(s, `${name} takes ${again || 'a hit'}: ${before} → ${after}.`);
  loseStep(s, i, true);
}

export function hitActions(s: State): Action[] {
  const b = s.battle!;
  return hitCandidates(s, b.hits!.role).map((i) => ({ type: 'hit', block: blockId(i) }));
}

export function applyHit(s: State, _role: Role, a: Action): void {
  const b = s.battle!;
  const h = b.hits!;
  hit(s, idx(a.block as string));
  b.hits = null;
  s.step = 'battle';
  applyHits(s, h.role, h.count - 1);
  if (s.result) return;
  if ((s.step as string) === 'hits') return;
  advance(s);
}

function retreat(s: State, role: Role, i: number, to: string): void {
  const b = s.battle!;
  if (to === 'fort') {
    s.inFort[i] = true;
    logSecret(s, role, `${data(i).name} retreats into the fort.`, `A ${role} unit retreats into the fort.`);
    return;
  }
  const t = retreatTargets(s, b, i, s.step === 'forced-retreat').find((x) => x.to === to)!;
  if (t.sea) b.seaRetreats[role]++;
  else {
    const key = `${b.area}>${to}`;
    b.retreats[role][key] = (b.retreats[role][key] ?? 0) + 1;
  }
  s.loc[i] = to;
  s.half[i] = 0;
  logSecret(s, role, `${data(i).name} retreats to ${areaName(to)}${t.sea ? ' by sea' : ''}.`, `A ${role} unit retreats to ${areaName(to)}${t.sea ? ' by sea' : ''}.`);
}

// ---- the flow of a battle ----

const present = (s: State, role: Role) => hasUnits(s, s.battle!.area, role);

/** Decides what happens next in the battle: the next unit, a new round, the assault, the end. */
export function advance(s: State): void {
  const b = s.battle!;
  if (s.result) return;
  if (!present(s, b.attacker) || !present(s, b.defender)) return endBattle(s);
  // 13.2.1: the returning tribes went into their fort: the other side now besieges them.
  if (b.phase === 'field' && blocksAt(s, b.area, b.attacker).every((i) => s.inFort[i])) {
    const a = b.attacker;
    b.attacker = b.defender;
    b.defender = a;
    logPublic(s, `The ${a} holds the fort of ${areaName(b.area)}: the ${b.attacker} must assault it or fall back.`);
  }
  // 6B: the defenders left are all inside the fort: the attacker assaults or retreats at once. Their
  // reserves still on the way come as a relief in the next round (6 B2).
  if (b.phase === 'field' && fighting(s, b.defender).length === 0) {
    const main = blocksAt(s, b.area, b.defender).filter((i) => !isReserve(s, i));
    if (main.length > 0 && main.every((i) => s.inFort[i])) {
      s.step = 'assault';
      return;
    }
  }
  // 6 B2: the relief is over when no relieving unit is left outside.
  if (b.phase === 'relief' && relievers(s).length === 0) return resumeSiege(s);
  if (nextActors(s).length > 0) {
    s.step = 'battle';
    return;
  }
  endRound(s);
}

function endRound(s: State): void {
  const b = s.battle!;
  invasionAwards(s);
  // 6D: half hits do not carry over in the Alps (they do during an assault, and those scored on the
  // besieged are kept through a relief, 6 B2).
  if (b.phase === 'field') for (const i of blocksAt(s, b.area)) s.half[i] = 0;
  if (b.phase === 'relief') for (const i of blocksAt(s, b.area)) if (!s.inFort[i] && !b.relief!.sortied.includes(blockId(i))) s.half[i] = 0;
  if (b.phase === 'assault' && b.round === 1 && !b.relief && relievers(s, b.defender).length > 0) return beginRelief(s);
  if (b.phase === 'relief' && b.round >= b.maxRounds) return endRelief(s);
  if (b.round >= b.maxRounds) {
    // 6, 6B: the attacker must retreat after the last round (or the last assault round).
    s.step = 'forced-retreat';
    b.retreats = { Roman: {}, Barbarian: {} };
    eliminateTrapped(s);
    if (!present(s, b.attacker)) return endBattle(s);
    return;
  }
  b.round++;
  b.acted = [];
  b.retreats = { Roman: {}, Barbarian: {} };
  if (b.round === 2 && b.phase === 'field') {
    // 6A: the defender's main group is gone but reserves arrive: the sides swap roles (checklist 86).
    const defenderMain = blocksAt(s, b.area, b.defender).filter((i) => !b.reserves.includes(blockId(i)));
    if (defenderMain.length === 0 && present(s, b.defender)) {
      const d = b.defender;
      b.defender = b.attacker;
      b.attacker = d;
      logPublic(s, `The ${d}'s reserves arrive with the main group gone: the ${d} is now the attacker.`);
    }
    if (b.reserves.length) reveal(s);
  }
  logPublic(s, `Round ${b.round}${b.phase === 'assault' ? ' of the assault' : b.phase === 'relief' ? ' of the relief' : ''}.`);
  if (s.solo && b.area === GERMANIA && b.phase === 'field' && withdrawable(s).length > 0 && contested(s, GERMANIA)) {
    s.step = 'withdraw';
    return;
  }
  advance(s);
}

// ---- 6 B2 the relief of a besieged fort ----

/** The besieged side's units outside the fort that did not sortie from it: the relieving force. */
function relievers(s: State, role: Role = s.battle!.attacker): number[] {
  const b = s.battle!;
  const sortied = b.relief?.sortied ?? [];
  return blocksAt(s, b.area, role).filter((i) => !s.inFort[i] && !sortied.includes(blockId(i)));
}

/**
 * The besieged side's reserves arrive after the assault's first round: the siege pauses and a field
 * battle of at most 2 rounds is fought with the besiegers defending (6 B2).
 */
function beginRelief(s: State): void {
  const b = s.battle!;
  b.relief = { sortied: [], resumeRound: b.round + 1, resumeMax: b.maxRounds };
  const besieged = b.defender;
  b.defender = b.attacker;
  b.attacker = besieged;
  b.phase = 'relief';
  b.round = 1;
  b.maxRounds = 2;
  b.acted = [];
  b.retreats = { Roman: {}, Barbarian: {} };
  logPublic(s, `The ${besieged}'s reserves come to relieve the fort of ${areaName(b.area)}: the siege pauses for a field battle of at most 2 rounds, the ${b.defender} defending.`);
  reveal(s);
  if (blocksAt(s, b.area, besieged).some((i) => s.inFort[i])) {
    s.step = 'sortie';
    return;
  }
  advance(s);
}

export function sortieStepActions(s: State): Action[] {
  const b = s.battle!;
  return sortieActions(blocksAt(s, b.area, b.attacker).filter((i) => s.inFort[i]));
}

export function applySortie(s: State, _role: Role, a: Action): void {
  const b = s.battle!;
  const ids = a.blocks as string[];
  for (const id of ids) {
    s.inFort[idx(id)] = false;
    b.relief!.sortied.push(id);
  }
  if (ids.length) logPublic(s, `${ids.map((id) => data(idx(id)).name).join(' and ')} sortie${ids.length === 1 ? 's' : ''} from the fort to join the relief.`);
  advance(s);
}

/** After the relief's last round: the sortied units go back inside; the relievers must retreat. */
function endRelief(s: State): void {
  const b = s.battle!;
  backInside(s);
  b.acted = [];
  b.retreats = { Roman: {}, Barbarian: {} };
  if (relievers(s).length === 0) return resumeSiege(s);
  logPublic(s, `The relief of ${areaName(b.area)} has fought its 2 rounds: the relieving units must retreat.`);
  s.step = 'forced-retreat';
  eliminateTrapped(s);
  if (s.result) return;
  if (relievers(s).length === 0) resumeSiege(s);
}

function backInside(s: State): void {
  const b = s.battle!;
  for (const id of b.relief!.sortied) {
    const i = idx(id);
    if (s.loc[i] === b.area && !s.inFort[i]) {
      s.inFort[i] = true;
      logPublic(s, `${data(i).name} goes back into the fort.`);
    }
  }
}

/** The besiegers held: they fight the siege's remaining rounds (6 B2). */
function resumeSiege(s: State): void {
  const b = s.battle!;
  backInside(s);
  const besiegers = b.defender;
  b.defender = b.attacker;
  b.attacker = besiegers;
  b.phase = 'assault';
  b.round = b.relief!.resumeRound;
  b.maxRounds = b.relief!.resumeMax;
  b.acted = [];
  b.retreats = { Roman: {}, Barbarian: {} };
  s.step = 'battle';
  if (present(s, b.attacker) && present(s, b.defender)) logPublic(s, `The ${b.attacker} resumes the siege of ${areaName(b.area)}: round ${b.round} of the assault.`);
  advance(s);
}

/** The attackers who must retreat now: in a relief only the relievers (the fort's units stay). */
function mustRetreat(s: State): number[] {
  const b = s.battle!;
  return b.phase === 'relief' ? relievers(s) : blocksAt(s, b.area, b.attacker);
}

/** Attackers that must retreat but have nowhere to go are eliminated (checklist 108). */
function eliminateTrapped(s: State): void {
  for (const i of mustRetreat(s)) {
    const b = s.battle!;
    if (retreatTargets(s, b, i, true).length === 0) {
      logPublic(s, `${data(i).name} cannot retreat.`);
      eliminate(s, i);
      if (s.result) return;
    }
  }
}

export function forcedRetreatActions(s: State): Action[] {
  const b = s.battle!;
  const out: Action[] = [];
  for (const i of mustRetreat(s)) {
    for (const t of retreatTargets(s, b, i, true)) out.push({ type: 'retreat', block: blockId(i), to: t.to });
  }
  return out;
}

export function applyForcedRetreat(s: State, role: Role, a: Action): void {
  retreat(s, role, idx(a.block as string), a.to as string);
  eliminateTrapped(s);
  if (s.result) return;
  if (s.battle!.phase === 'relief') {
    if (relievers(s).length === 0) resumeSiege(s);
    return;
  }
  if (!present(s, s.battle!.attacker)) endBattle(s);
}

export function assaultActions(): Action[] {
  return [{ type: 'assault' }, { type: 'retreat-all' }];
}

export function applyAssault(s: State, _role: Role, a: Action): void {
  const b = s.battle!;
  if (a.type === 'assault') {
    b.phase = 'assault';
    b.round = 1;
    b.maxRounds = b.via === 'sea' ? 2 : 3;
    b.acted = [];
    b.retreats = { Roman: {}, Barbarian: {} };
    logPublic(s, `The ${b.attacker} assaults the fort of ${areaName(b.area)}.`);
    advance(s);
    return;
  }
  logPublic(s, `The ${b.attacker} retreats from ${areaName(b.area)} rather than assault the fort.`);
  s.step = 'forced-retreat';
  b.retreats = { Roman: {}, Barbarian: {} };
  eliminateTrapped(s);
  if (s.result) return;
  if (!present(s, b.attacker)) endBattle(s);
}

/** 9: the once-per-game invasion awards (without Yearly Objectives) and the objectives' records. */
function invasionAwards(s: State): void {
  const b = s.battle!;
  if (!b.fought) return;
  const legions = blocksAt(s, b.area, 'Roman').filter(isLegion).length;
  if (b.area === BRITANNIA && b.via === 'sea' && b.attacker === 'Roman') {
    s.flags.britanniaFoughtLegions = Math.max(s.flags.britanniaFoughtLegions, legions);
    if (legions >= 2 && !s.options.yearlyObjectives && !s.flags.britanniaInvasionVp) {
      s.flags.britanniaInvasionVp = true;
      addVp(s, VP.britanniaInvasion, 'amphibious invasion of Britannia');
    }
  }
  if (b.area === GERMANIA && legions > 0) {
    s.flags.germaniaFought = true;
    germaniaInvasion(s, false);
  }
}

function germaniaInvasion(s: State, _withdrawal: boolean): void {
  const legions = blocksAt(s, GERMANIA, 'Roman').filter(isLegion).length;
  if (legions >= 2 && !s.options.yearlyObjectives && !s.flags.germaniaInvasionVp) {
    s.flags.germaniaInvasionVp = true;
    addVp(s, VP.germaniaInvasion, 'invasion of Germania');
  }
}

function endBattle(s: State): void {
  const b = s.battle!;
  if (b.fought && b.round === 1) invasionAwards(s);
  for (const i of blocksAt(s, b.area)) {
    s.inFort[i] = false;
    s.half[i] = 0;
  }
  const victor = present(s, b.attacker) ? b.attacker : present(s, b.defender) ? b.defender : null;
  logPublic(s, victor ? `The ${victor} wins the battle in ${areaName(b.area)}.` : `The battle in ${areaName(b.area)} leaves nobody standing.`);
  s.battle = null;
  s.step = 'idle';
  // 6G: the victor's regroup is next; flow.ts begins it (nothing is left to do once the game is over).
  if (victor && !s.result) s.tasks.unshift({ kind: 'regroup', area: b.area, role: victor, winter: b.winter });
}

export { isTribe, NB, isPort };
