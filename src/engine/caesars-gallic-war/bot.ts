// 12 Solitaire: the Barbarian bot. The rulebook defines it completely, dice included, so it is a
// policy of the engine itself: every die and random pick comes from the game's own generator, and
// a game against the bot replays from its seed like any other. `playBotCard` resolves the card
// revealed for the bot by the action matrix (12.1 Neutral Tribe Activation, 12.2 Political Action,
// 12.3 Movement and Attack, 12.4 Events); `decide` picks the bot's action at every other decision
// the rules give the Barbarian (battles, regroups, winter), among the legal ones only.

import type { Action } from '../types.js';
import { BLOCKS } from './data/blocks.js';
import type { AreaId } from './data/map.js';
import { vercingetorixHome } from './data/tables.js';
import { activationAction, activationTargets } from './activation.js';
import { isReserve } from './battle.js';
import { massiveRevoltLeaves } from './events.js';
import { logPublic } from './log.js';
import { area, areaName, border, BRITANNIA, GERMANIA, HELVETII, isObPort, isTribal } from './map.js';
import { politicalTargets, resolvePolitical } from './political.js';
import { rollD6, shuffle } from './random.js';
import {
  adjacent,
  joinBot,
  mayEnter,
  neutralArea,
  pickOne,
  placeLeader,
  randomTribe,
  roomIn,
  strengthOf,
  wholeArea,
} from './solitaire.js';
import {
  ARIOVISTUS,
  blockId,
  blocksAt,
  card,
  cardAp,
  controller,
  hasUnits,
  homeOf,
  idx,
  isGallicLeader,
  isGerman,
  isMinorLeader,
  onMap,
  VERCINGETORIX,
  addSupply,
  type ActionType,
  type State,
} from './state.js';

const NB = BLOCKS.length;
/** Rule chains may send one rule to another (3a to 3b to a minor leader's 3a...): at most this deep. */
const MAX_DEPTH = 4;

// ---- small queries ----

const botUnits = (s: State, at: AreaId) => blocksAt(s, at, 'Barbarian');
const blockCount = (s: State, at: AreaId) => blocksAt(s, at).length;
const germans = (s: State) => Array.from({ length: NB }, (_, i) => i).filter((i) => isGerman(i) && onMap(s, i) && s.owner[i] === 'Barbarian');
const strong = (s: State, i: number) => s.str[i]! >= 2;
/** Roman-held: controlled by the Roman, or Roman units there. */
const romanPlace = (s: State, a: AreaId) => controller(s, a) === 'Roman' || hasUnits(s, a, 'Roman');
const neutralPlace = (s: State, a: AreaId) => !romanPlace(s, a) && controller(s, a) === null && hasUnits(s, a, null);
/** Every tribe of the area on the map is the bot's (and there is one): a "fully held" area (184). */
export const fullyHeld = (s: State, a: AreaId): boolean => wholeArea(s, a, 'Barbarian');

/**
 * May unit i attack `to` from `from`? Across a land border only: by sea the Barbarian may not enter a
 * port holding enemy or neutral units (5.2.1E), so the adjacency of Britannia and the Britannicus
 * ports (12) serves the bot's help and moves, never an attack.
 */
const mayAttack = (i: number, from: AreaId, to: AreaId): boolean => border(from, to) !== null && mayEnter(i, from, to);

/** 3a targets from `from`: adjacent Roman or neutral areas without bot units that one of `units` could attack. */
function targets(s: State, from: AreaId, units: number[]): AreaId[] {
  return adjacent(from).filter((a) => !hasUnits(s, a, 'Barbarian') && (romanPlace(s, a) || neutralPlace(s, a)) && units.some((i) => mayAttack(i, from, a)));
}

/** 3a then 3e: one block (Roman first), else two blocks when attacking with two or more. */
function chooseTarget(s: State, from: AreaId, units: number[], exclude: AreaId[] = []): AreaId | null {
  const t = targets(s, from, units).filter((a) => !exclude.includes(a));
  const ones = t.filter((a) => blockCount(s, a) === 1);
  const romanOnes = ones.filter((a) => romanPlace(s, a));
  if (romanOnes.length) return pickOne(s, romanOnes);
  if (ones.length) return pickOne(s, ones);
  const twos = t.filter((a) => blockCount(s, a) === 2);
  if (units.length >= 2 && twos.length) return pickOne(s, twos);
  return null;
}

// ---- the card (checklist 168-183) ----

interface Ctx {
  card: string;
  ap: number;
  /** Moves planned so far (several areas may be activated by one card). */
  moves: { block: string; to: AreaId }[];
  origins: AreaId[];
  type: ActionType | null;
  depth: number;
}

/** Resolves the bot's revealed card; leaves the move step set when units are to move. */
export function playBotCard(s: State): void {
  const id = s.played.Barbarian!;
  const ctx: Ctx = { card: id, ap: cardAp(s, id, 'Barbarian'), moves: [], origins: [], type: null, depth: 0 };
  s.current = { side: 'Barbarian', type: 'movement', card: id, ap: ctx.ap, groups: [], offMapGroups: 0, offMapMoved: 0, groupsLeft: 0, only: null, revolt: null, leader: null, navalPaid: [], naval: {} };
  s.step = 'idle';
  const c = card(id);
  if (c.kind === 'event') botEvent(s, ctx, c.event!);
  else botAreaCard(s, ctx, c.area!);
  s.declared.Barbarian = ctx.type ?? (ctx.moves.length ? 'movement' : 'event');
  if (ctx.moves.length) startMoves(s, ctx);
}

/** 168: activation, then political action, then movement and attack; with 171-173's exceptions. */
function botAreaCard(s: State, ctx: Ctx, a: AreaId): void {
  if (a === GERMANIA) return activateGermania(s, ctx, false);
  // 169: a neutral area while the bot has activations left this year: a Neutral Tribe Activation
  // (Britannia too: its exception belongs to the Political Action, 173).
  if (neutralArea(s, a) && !(a === HELVETII && !onMap(s, idx('helvetii'))) && activationTargets(s, 'Barbarian', ctx.card).length > 0) {
    ctx.type = 'activation';
    activationAction(s, 'Barbarian', ctx.card);
    return;
  }
  // 173: the Britannia card as a Political Action while no bot leader stands in an Oceanus Britannicus port.
  if (a === BRITANNIA && controller(s, a) !== 'Barbarian' && !botLeaderInObPort(s)) {
    const roll = d6(s, 'Britannia card');
    if (roll <= 4) return activateGermania(s, ctx, false);
    const t = randomTribe(s, (x) => x !== BRITANNIA && controller(s, x) !== 'Barbarian' && politicalTargets(s, 'Barbarian').includes(x));
    return t ? political(s, ctx, t) : nothing(s, 'no area to target');
  }
  const tribes = area(a).tribes.map(idx);
  const onBoard = tribes.filter((i) => onMap(s, i));
  // 172: the Helvetii card once the Helvetii are gone.
  if (a === HELVETII && !onMap(s, idx('helvetii'))) {
    const roll = d6(s, 'Helvetii card, the Helvetii eliminated');
    if (roll <= 4) return activateGermania(s, ctx, false);
    const nantuates = idx('nantuates');
    if (onMap(s, nantuates) && s.owner[nantuates] === 'Barbarian') return attackFrom(s, ctx, [a]);
    if (onMap(s, nantuates) && politicalTargets(s, 'Barbarian').includes(a)) return political(s, ctx, a);
  }
  if (onBoard.length === 0) {
    // 171: every tribe of the area eliminated this turn: the Roman's gives Germania; the bot's a random target.
    const heldBy = tribes.map((i) => s.solo!.killedOwner[blockId(i)]).find((r) => r !== undefined);
    if (heldBy === 'Roman') return activateGermania(s, ctx, false);
    const t = randomTribe(s, (x) => x !== a && politicalTargets(s, 'Barbarian').includes(x));
    return t ? political(s, ctx, t) : nothing(s, 'no area to target');
  }
  // 170: a neutral area with the year's activations used: a political action on it.
  if (neutralArea(s, a)) return political(s, ctx, a);
  const owner = controller(s, a);
  if (owner === 'Barbarian') return attackFrom(s, ctx, [a]);
  if (politicalTargets(s, 'Barbarian').includes(a)) return political(s, ctx, a);
  return nothing(s, 'nothing to do with this card');
}

/** 170: the bot's political action: a natural 1 always succeeds. `ap` overrides the card's value ("a 3 card"). */
function political(s: State, ctx: Ctx, target: AreaId, ap?: number): void {
  ctx.type = 'political';
  if (resolvePolitical(s, 'Barbarian', ctx.card, target, false, true, ap)) {
    s.fights[target] ??= { attacker: 'Barbarian', main: null, via: 'placed', reserves: [], wasNeutral: false };
  }
}

/** 181, 178: "a 3-value political action" on a random area that passes `ok`. */
function politicalThree(s: State, ctx: Ctx, ok: (a: AreaId) => boolean, ap = 3): void {
  const t = randomTribe(s, (a) => ok(a) && politicalTargets(s, 'Barbarian').includes(a));
  if (t) political(s, ctx, t, ap);
  else nothing(s, 'no area to target');
}

/**
 * 174, 176: every bot unit in each area attacks an adjacent Roman or neutral area holding one block
 * (3a), or two (3e); with no Roman or neutral area adjacent at all, Germania is activated (3b); with
 * no target of one or two blocks, 3g.
 */
function attackFrom(s: State, ctx: Ctx, froms: AreaId[]): void {
  for (const from of froms) {
    const units = botUnits(s, from).filter((i) => !s.moved[i] && !s.inFort[i]);
    if (units.length === 0) continue;
    if (targets(s, from, units).length === 0 && froms.length === 1) return activateGermania(s, ctx, false);
    const t = chooseTarget(s, from, units);
    if (t) plan(s, ctx, from, units, t);
    else if (froms.length === 1) return fallback3g(s, ctx, from, units);
  }
  if (ctx.moves.length === 0) nothing(s, 'no unit can attack');
}

/** Plans `units` from `from` into `to`: Ariovistus first (he subdues, 177), the rest in random order. */
function plan(s: State, ctx: Ctx, from: AreaId, units: number[], to: AreaId): void {
  const order = shuffle(s.rng, units.slice()).sort((x, y) => Number(y === ARIOVISTUS) - Number(x === ARIOVISTUS));
  if (!ctx.origins.includes(from)) ctx.origins.push(from);
  for (const i of order) ctx.moves.push({ block: blockId(i), to });
  logPublic(s, `The bot attacks ${areaName(to)} from ${areaName(from)}.`);
}

/** 176 3g: roll; 1-3 a political action on a random neutral or enemy home area, 4-6 the units move to a bot area. */
function fallback3g(s: State, ctx: Ctx, from: AreaId, units: number[]): void {
  const roll = d6(s, 'no target of one or two blocks');
  if (roll <= 3) return politicalThree(s, ctx, (a) => controller(s, a) !== 'Barbarian', ctx.ap);
  const own = adjacent(from).filter((a) => (controller(s, a) === 'Barbarian' || (a === GERMANIA && units.every(isGerman))) && !hasUnits(s, a, 'Roman') && units.some((i) => mayEnter(i, from, a)));
  const room = own.filter((a) => roomIn(s, a) > 0);
  if (room.length === 0) return nothing(s, 'no bot area to move to');
  const front = room.filter((a) => adjacent(a).some((n) => romanPlace(s, n) || neutralPlace(s, n)));
  const fits = (a: AreaId) => roomIn(s, a) >= units.length;
  const pool = front.length ? front : room;
  const to = pickOne(s, pool.filter(fits).length ? pool.filter(fits) : pool);
  const moving = shuffle(s.rng, units.filter((i) => mayEnter(i, from, to))).slice(0, roomIn(s, to));
  if (!ctx.origins.includes(from)) ctx.origins.push(from);
  for (const i of moving) ctx.moves.push({ block: blockId(i), to });
  logPublic(s, `The bot moves ${moving.length} unit${moving.length === 1 ? '' : 's'} from ${areaName(from)} to ${areaName(to)}.`);
}

/**
 * 175, 181: Germania is activated. With Vercingetorix in play a die may give him the card instead
 * (always, with no German left). 3b/3c from Germania, 3d from a tribal area, else the chain:
 * Vercingetorix, the strongest minor leader, 3f (a modified Baggage Train), a "3" political action.
 */
function activateGermania(s: State, ctx: Ctx, baggage: boolean): void {
  if (++ctx.depth > MAX_DEPTH) return nothing(s, 'no rule left to follow');
  const all = germans(s);
  if (onMap(s, VERCINGETORIX)) {
    if (all.length === 0) return baggage ? eventWithoutGermans(s, ctx) : activateVercingetorix(s, ctx, false);
    if (d6(s, 'Germania with Vercingetorix in play') <= 3) return activateVercingetorix(s, ctx, false);
  }
  const inGermania = all.filter((i) => s.loc[i] === GERMANIA && strong(s, i));
  if (inGermania.length >= 2) return germanAttack(s, ctx, inGermania);
  const outside = [...new Set(all.filter((i) => strong(s, i) && s.loc[i] !== GERMANIA && isTribal(s.loc[i]!)).map((i) => s.loc[i] as AreaId))].filter(
    (a) => all.filter((i) => s.loc[i] === a && strong(s, i)).length >= 2,
  );
  if (outside.length) {
    const a = pickOne(s, outside);
    logPublic(s, `The bot activates ${areaName(a)} instead of Germania (3d).`);
    return attackFrom(s, ctx, [a]);
  }
  if (all.length === 0 && baggage) return eventWithoutGermans(s, ctx);
  if (onMap(s, VERCINGETORIX)) return activateVercingetorix(s, ctx, false);
  const leader = strongestMinorLeader(s);
  if (leader !== null) return attackFrom(s, ctx, [s.loc[leader] as AreaId]);
  const home = all.filter((i) => s.loc[i] === GERMANIA);
  if (home.length) {
    // 3f: a modified Baggage Train: every German in Germania gains a step.
    ctx.type = 'event';
    for (const i of home) s.str[i] = Math.min(BLOCKS[i]!.steps[0]!, s.str[i]! + 1);
    logPublic(s, `The Germans in Germania gain a step each (3f).`);
    return;
  }
  politicalThree(s, ctx, (a) => controller(s, a) === 'Roman');
}

/** 3b, 3c: Germans of 2 or more in Germania: two groups of two into two areas, or two into one. */
function germanAttack(s: State, ctx: Ctx, ready: number[]): void {
  const order = shuffle(s.rng, ready.slice());
  const first = chooseTarget(s, GERMANIA, order.slice(0, 2));
  if (!first) return fallback3g(s, ctx, GERMANIA, order);
  plan(s, ctx, GERMANIA, order.slice(0, 2), first);
  if (order.length >= 4) {
    const second = chooseTarget(s, GERMANIA, order.slice(2, 4), [first]);
    if (second) plan(s, ctx, GERMANIA, order.slice(2, 4), second);
  }
}

function strongestMinorLeader(s: State): number | null {
  const leaders = Array.from({ length: NB }, (_, i) => i).filter((i) => isMinorLeader(i) && onMap(s, i) && s.owner[i] === 'Barbarian');
  if (leaders.length === 0) return null;
  const power = (i: number) => strengthOf(s, botUnits(s, s.loc[i] as AreaId));
  const best = Math.max(...leaders.map(power));
  return pickOne(s, leaders.filter((i) => power(i) === best));
}

/**
 * 181: Vercingetorix's area is activated: a raid if the Roman has supply and none was made this
 * year; otherwise he and his units attack an adjacent Roman (else neutral) area they at least match.
 */
function activateVercingetorix(s: State, ctx: Ctx, forceAttack: boolean): void {
  if (!forceAttack && s.supply >= 1 && s.raids === 0) return raid(s, ctx);
  const at = s.loc[VERCINGETORIX] as AreaId;
  const units = botUnits(s, at).filter((i) => !s.moved[i] && !s.inFort[i]);
  const power = strengthOf(s, units);
  const near = adjacent(at).filter((a) => !hasUnits(s, a, 'Barbarian') && units.some((i) => mayAttack(i, at, a)));
  const enemy = near.filter((a) => hasUnits(s, a, 'Roman') && power >= strengthOf(s, blocksAt(s, a, 'Roman')));
  const neutral = near.filter((a) => !hasUnits(s, a, 'Roman') && hasUnits(s, a, null) && power >= strengthOf(s, blocksAt(s, a, null)));
  const pool = enemy.length ? enemy : neutral;
  if (pool.length === 0) return nothing(s, 'Vercingetorix finds nothing he can match');
  const to = pickOne(s, pool);
  // Gallic units at home are left behind first when not all can go (12 Vercingetorix).
  const order = units.slice().sort((x, y) => Number(homeOf(s, x) === at) - Number(homeOf(s, y) === at) || Number(y === VERCINGETORIX) - Number(x === VERCINGETORIX));
  if (!ctx.origins.includes(at)) ctx.origins.push(at);
  for (const i of order) ctx.moves.push({ block: blockId(i), to });
  logPublic(s, `The bot attacks ${areaName(to)} from ${areaName(at)}.`);
}

/** 5.2.1B for the bot: the Roman loses supply equal to the card's value. */
function raid(s: State, ctx: Ctx): void {
  ctx.type = 'supply';
  const before = s.supply;
  addSupply(s, -ctx.ap);
  s.raids++;
  logPublic(s, `Vercingetorix raids: Roman supply ${before} → ${s.supply}.`);
}

/** 178: Baggage Train with every German gone. */
function eventWithoutGermans(s: State, ctx: Ctx): void {
  if (onMap(s, VERCINGETORIX)) return s.raids === 0 && s.supply >= 1 ? raid(s, ctx) : activateVercingetorix(s, ctx, true);
  const leader = strongestMinorLeader(s);
  if (leader !== null) return attackFrom(s, ctx, [s.loc[leader] as AreaId]);
  politicalThree(s, ctx, (a) => controller(s, a) === 'Roman' || neutralArea(s, a));
}

/** 178-180: the events. */
function botEvent(s: State, ctx: Ctx, event: string): void {
  ctx.type = 'event';
  if (event === 'baggage-train') return activateGermania(s, ctx, true);
  if (event === 'minor-revolt') return minorRevolt(s, ctx);
  if (event === 'major-revolt') return majorRevolt(s, ctx);
  // 180: Massive Revolt: a Major Revolt until 54 BC (the card stays in the game, as in 13 when it
  // is not played as a Massive Revolt); from turn 6 Vercingetorix rises and the card leaves.
  if (s.turn <= 5) return majorRevolt(s, ctx);
  massiveRevoltLeaves(s);
  massiveRevolt(s, ctx);
}

/** 179 4b: roll; 1-3 Germania; else a random tribe not the bot's and not eliminated revolts and attacks (3a). */
function minorRevolt(s: State, ctx: Ctx): void {
  if (d6(s, 'Minor Revolt') <= 3) return activateGermania(s, ctx, false);
  const t = randomTribe(s, (a) => controller(s, a) !== 'Barbarian' && hasTribe(s, a));
  if (!t) return nothing(s, 'no tribe can revolt');
  logPublic(s, `${areaName(t)} revolts.`);
  joinBot(s, t);
  if (!s.fights[t]) attackFrom(s, ctx, [t]);
}

/**
 * 179 4c: roll; 1-2 Germania; else a random tribe not the bot's and without Roman units, and a
 * random adjacent tribal area (unoccupied and not the bot's first) join the bot; Dumnorix or
 * Ambiorix rises in the first (none in Aquitania or Britannia, or if already in play); both attack (3a).
 */
function majorRevolt(s: State, ctx: Ctx): void {
  if (d6(s, 'Major Revolt') <= 2) return activateGermania(s, ctx, false);
  const first = randomTribe(s, (a) => controller(s, a) !== 'Barbarian' && hasTribe(s, a) && !hasUnits(s, a, 'Roman'));
  if (!first) return nothing(s, 'no tribe can revolt');
  const second = adjacentTribe(s, first, (a) => !hasUnits(s, a, 'Roman') && controller(s, a) !== 'Barbarian');
  const region = area(first).region;
  const leader = region === 'celtae' ? 'dumnorix' : region === 'belgica' ? 'ambiorix' : null;
  logPublic(s, `${areaName(first)}${second ? ` and ${areaName(second)}` : ''} revolt.`);
  if (leader && !onMap(s, idx(leader))) placeLeader(s, leader, first);
  else joinBot(s, first);
  if (second) joinBot(s, second);
  attackFrom(s, ctx, [first, ...(second ? [second] : [])].filter((a) => !s.fights[a]));
}

/** 180 4d from turn 6: Vercingetorix rises (Home Area table, rerolling bot areas) with two adjacent areas. */
function massiveRevolt(s: State, ctx: Ctx): void {
  let home: AreaId | null = null;
  for (let k = 0; k < 100 && home === null; k++) {
    const a = vercingetorixHome(rollD6(s.rng) + rollD6(s.rng));
    if (controller(s, a) !== 'Barbarian' && hasTribe(s, a)) home = a;
  }
  if (home === null || onMap(s, VERCINGETORIX)) return majorRevolt(s, ctx);
  placeLeader(s, 'vercingetorix', home);
  const picked: AreaId[] = [];
  for (let k = 0; k < 2; k++) {
    const a = adjacentTribe(s, home, (x) => controller(s, x) !== 'Barbarian', picked);
    if (!a) break;
    picked.push(a);
    joinBot(s, a);
  }
  logPublic(s, `The Massive Revolt: ${[home, ...picked].map(areaName).join(', ')} rise with Vercingetorix.`);
  attackFrom(s, ctx, [home, ...picked].filter((a) => !s.fights[a]));
}

const hasTribe = (s: State, a: AreaId) => isTribal(a) && area(a).tribes.some((id) => onMap(s, idx(id)));

/** A random tribal area next to `a` with a tribe on the map, those passing `prefer` first. */
function adjacentTribe(s: State, a: AreaId, prefer: (x: AreaId) => boolean, exclude: AreaId[] = []): AreaId | null {
  const all = adjacent(a).filter((x) => x !== BRITANNIA && hasTribe(s, x) && !exclude.includes(x));
  if (all.length === 0) return null;
  const best = all.filter(prefer);
  return pickOne(s, best.length ? best : all);
}

function botLeaderInObPort(s: State): boolean {
  for (let i = 0; i < NB; i++) if ((isGallicLeader(i) || i === ARIOVISTUS) && onMap(s, i) && s.owner[i] === 'Barbarian' && isObPort(s.loc[i]!)) return true;
  return false;
}

function d6(s: State, why: string): number {
  const r = rollD6(s.rng);
  logPublic(s, `The bot rolls ${r} (${why}).`);
  return r;
}

function nothing(s: State, why: string): void {
  logPublic(s, `The bot does nothing: ${why}.`);
}

/** The planned units move: one group per origin, then the bot's move decisions follow the plan. */
function startMoves(s: State, ctx: Ctx): void {
  const solo = s.solo!;
  solo.plan = ctx.moves;
  solo.origins = {};
  for (const m of ctx.moves) solo.origins[m.block] = s.loc[idx(m.block)] as AreaId;
  s.current!.groups = ctx.origins;
  s.firstMover ??= 'Barbarian';
  s.step = 'move';
}

// ---- every other decision (checklist 177, 184, 186-188) ----

/** The bot's choice among `legal` (never empty) at the current step. */
export function decide(s: State, legal: Action[]): Action {
  switch (s.step) {
    case 'bot':
      return legal[0]!; // its one action: resolve the revealed card
    case 'move':
      return nextPlannedMove(s, legal);
    case 'battle-choose':
      return mostAttackers(s, legal);
    case 'withdraw':
      return withdrawal(s, legal);
    case 'fort':
      return fortChoice(s, legal);
    case 'battle':
      return battleAction(s, legal);
    case 'hits':
      return hitChoice(s, legal);
    case 'assault':
      return siegeChoice(s, legal);
    case 'sortie':
      return legal.find((a) => Array.isArray(a.blocks) && (a.blocks as string[]).length === 0) ?? legal[0]!;
    case 'forced-retreat':
      return retreatChoice(s, legal, String(legal[0]!.block));
    case 'regroup':
      return regroupChoice(s, legal);
    case 'attrition':
      return hitChoice(s, legal);
    case 'winter-barbarian':
      return winterChoice(s, legal);
    case 'vercingetorix-home':
      // 13.5: the bot always takes a new home when it may, at random (a home the Romans hold would
      // send him back among them at the next winter).
      return pickOne(s, legal.filter((a) => a.type === 'home'));
    default:
      return pickOne(s, legal);
  }
}

function nextPlannedMove(s: State, legal: Action[]): Action {
  const solo = s.solo!;
  while (solo.plan.length) {
    const m = solo.plan.shift()!;
    const a = legal.find((l) => l.block === m.block && ((l.type === 'move' && (l.path as string[]).length === 1 && (l.path as string[])[0] === m.to) || (l.type === 'sail' && l.to === m.to)));
    if (a) return a;
  }
  return legal.find((l) => l.type === 'done')!;
}

/** 186: the battle with the most bot attackers first; ties at random. */
function mostAttackers(s: State, legal: Action[]): Action {
  const n = (a: Action) => botUnits(s, a.area as AreaId).length;
  const best = Math.max(...legal.map(n));
  return pickOne(s, legal.filter((a) => n(a) === best));
}

/** Strength of a side's units that take part now (reserves in round 1 and those inside a fort outside an assault do not). */
function sideStrength(s: State, role: 'Roman' | 'Barbarian'): number {
  const b = s.battle!;
  return strengthOf(s, blocksAt(s, b.area, role).filter((i) => !isReserve(s, i) && (b.phase === 'assault' || !s.inFort[i])));
}

/** 187: Germans in Germania withdraw against 2:1 or more, at the start of any round. */
function withdrawal(s: State, legal: Action[]): Action {
  const w = legal.find((a) => a.type === 'withdraw');
  if (w && sideStrength(s, 'Roman') >= 2 * sideStrength(s, 'Barbarian')) return w;
  return legal.find((a) => a.type === 'done')!;
}

/** 187: at home against 2:1 or more, the strongest unit goes into the fort; otherwise all fight outside. */
function fortChoice(s: State, legal: Action[]): Action {
  const b = s.battle!;
  const none = legal.find((a) => (a.blocks as string[]).length === 0) ?? legal[0]!;
  if (b.defender !== 'Barbarian' || sideStrength(s, 'Roman') < 2 * sideStrength(s, 'Barbarian')) return none;
  const single = legal.filter((a) => (a.blocks as string[]).length === 1);
  if (single.length === 0) return none;
  const str = (a: Action) => s.str[idx((a.blocks as string[])[0]!)]!;
  const best = Math.max(...single.map(str));
  return pickOne(s, single.filter((a) => str(a) === best));
}

/**
 * 186, 187: attackers retreat when the defenders are stronger (in a siege: at least as strong);
 * defenders fight to the death at home, and retreat elsewhere against 2:1 or more.
 */
function battleAction(s: State, legal: Action[]): Action {
  const b = s.battle!;
  const block = String(legal[0]!.block);
  const i = idx(block);
  const mine = legal.filter((a) => a.block === block);
  const fire = mine.find((a) => a.type === 'fire')!;
  const own = sideStrength(s, 'Barbarian');
  const theirs = sideStrength(s, 'Roman');
  let leave: boolean;
  if (b.attacker === 'Barbarian') leave = b.phase === 'assault' ? theirs >= own : theirs > own;
  else leave = homeOf(s, i) !== b.area && theirs >= 2 * own;
  if (!leave) return fire;
  const r = mine.filter((a) => a.type === 'retreat' && a.to !== 'fort');
  return r.length ? retreatChoice(s, r, block) : fire;
}

/** 187: retreat to an area with a bot leader (a leader to his home), Germans to Germania; otherwise at random. */
function retreatChoice(s: State, legal: Action[], block: string): Action {
  const i = idx(block);
  const mine = legal.filter((a) => a.block === block);
  if (mine.length === 0) return legal[0]!;
  const to = (a: Action) => a.to as AreaId;
  const home = homeOf(s, i);
  const toHome = mine.find((a) => isGallicLeader(i) && to(a) === home);
  if (toHome) return toHome;
  if (isGerman(i)) {
    const g = mine.find((a) => to(a) === GERMANIA);
    if (g) return g;
  }
  const leader = mine.filter((a) => botUnits(s, to(a)).some((j) => isGallicLeader(j) || j === ARIOVISTUS));
  return pickOne(s, leader.length ? leader : mine);
}

/** 177: among equally strong units, those outside their home area first; then at random. */
function hitChoice(s: State, legal: Action[]): Action {
  const away = legal.filter((a) => homeOf(s, idx(a.block as string)) !== s.loc[idx(a.block as string)]);
  return pickOne(s, away.length ? away : legal);
}

/** 186: in a siege, the attackers fall back when the defenders are at least as strong. */
function siegeChoice(s: State, legal: Action[]): Action {
  const b = s.battle!;
  const inside = strengthOf(s, blocksAt(s, b.area, b.defender).filter((i) => s.inFort[i]));
  const own = strengthOf(s, blocksAt(s, b.area, b.attacker));
  const back = legal.find((a) => a.type === 'retreat-all');
  return back && inside >= own ? back : legal.find((a) => a.type === 'assault') ?? legal[0]!;
}

/**
 * 184: units that attacked from a fully held area, or from Germania, stay; from an area conquered
 * this turn, one random unit goes back to it.
 */
function regroupChoice(s: State, legal: Action[]): Action {
  const solo = s.solo!;
  const done = legal.find((a) => a.type === 'done')!;
  if (!solo.regrouped) {
    const back = legal.filter((a) => {
      if (a.type !== 'regroup') return false;
      const from = solo.origins[a.block as string];
      return from !== undefined && a.to === from && from !== GERMANIA && !fullyHeld(s, from);
    });
    if (back.length) {
      solo.regrouped = true;
      return pickOne(s, back);
    }
  }
  solo.regrouped = false;
  return done;
}

/**
 * 188: after a poor harvest, or if Ariovistus wintered out last year, he and the Germans go home;
 * otherwise on 1-3 he stays with the Germans beside him (within the garrison limit). Gallic units
 * go home.
 */
function winterChoice(s: State, legal: Action[]): Action {
  const solo = s.solo!;
  const done = legal.find((a) => a.type === 'done')!;
  if (!onMap(s, ARIOVISTUS) || s.loc[ARIOVISTUS] === GERMANIA) return done;
  if (solo.ariovistusStays === null) {
    if (s.garrison === 1 || s.ariovistusWintered) solo.ariovistusStays = false;
    // Not logged: a roll here would tell the Roman that one of the blocks outside Germania is Ariovistus.
    else solo.ariovistusStays = rollD6(s.rng) <= 3;
  }
  if (!solo.ariovistusStays) return done;
  const stay = (id: string) => legal.find((a) => a.type === 'stay' && a.block === id);
  const ario = stay('ariovistus');
  if (ario) return ario;
  const german = legal.find((a) => a.type === 'stay' && isGerman(idx(a.block as string)) && s.loc[idx(a.block as string)] === s.loc[ARIOVISTUS]);
  return german ?? done;
}

