// 12 Solitaire rules: what changes in the game itself when the Barbarian is the bot (the bot's
// decisions are in bot.ts). Only the Roman is dealt; cards are played one at a time, the Roman's
// first and resolved with its battles, then the deck's top card is revealed for the bot; on turn 7
// the bot plays first, with the Massive Revolt set aside for it; Dumnorix and Ambiorix arrive at the
// start of turns 5 and 6; and instead of reserves, both sides may send help to a battle about to
// begin. The Random Tribe Selection table (with its rerolls) is here too.
//
// Actions:
//   respond: { type: 'respond', block } a Roman legion joins the battle about to start (1 supply)
//            { type: 'done' }

import type { Action } from '../types.js';
import { BLOCKS } from './data/blocks.js';
import { MASSIVE } from './data/cards.js';
import type { AreaId } from './data/map.js';
import { HAND_SIZE, RANDOM_AREA, randomRegion, STACKING_LIMIT } from './data/tables.js';
import { logPublic, logSecret } from './log.js';
import { area, areaName, border, BRITANNIA, GERMANIA, isObPort, isSea, isTribal, neighbours, OFF_MAP } from './map.js';
import { placeTribes } from './political.js';
import { raiseLeader } from './events.js';
import type { Role } from './roles.js';
import { stackCount } from './movement.js';
import { randomInt, rollD6, shuffle } from './random.js';
import {
  addSupply,
  blockId,
  blocksAt,
  card,
  contested,
  controller,
  data,
  idx,
  isGallicLeader,
  isGerman,
  isLegion,
  onMap,
  ARIOVISTUS,
  TRIBAL_AREAS,
  type Solo,
  type State,
  type Task,
} from './state.js';
import { count, plural } from '../kit/words.js';

export function newSolo(): Solo {
  return { botFirst: false, massiveFirst: false, plan: [], origins: {}, regrouped: false, killedOwner: {}, ariovistusStays: null, respond: null };
}

/** The work of one bot card play: reveal and resolve it, its battles, then stacking (5.2.1E). */
export const BOT_CARD: readonly Task[] = [{ kind: 'bot-card' }, { kind: 'battles', chooser: 'Barbarian' }, { kind: 'attrition' }];

// ---- the turn and the card play (checklist 167, 182, 183) ----

/** 5.1 for solitaire: the Roman alone is dealt; turn 7's Massive Revolt; turns 5 and 6's minor leaders. */
export function soloTurn(s: State): void {
  const solo = s.solo!;
  solo.killedOwner = {};
  solo.ariovistusStays = null;
  solo.plan = [];
  solo.origins = {};
  solo.botFirst = false;
  solo.massiveFirst = false;
  if (s.turn === 7 && !s.massiveRevoltPlayed) {
    s.deck = s.deck.filter((c) => c !== MASSIVE);
    solo.botFirst = true;
    solo.massiveFirst = true;
    logPublic(s, 'Solitaire: the Massive Revolt is set aside. This turn the bot plays first, and its first card is the Massive Revolt.');
  }
  const n = HAND_SIZE(s.turn);
  s.hand.Roman.push(...s.deck.splice(0, n));
  logPublic(s, `The Roman is dealt ${n} cards; the bot has no hand.`);
  s.sealed = { Roman: null, Barbarian: null };
  if (s.turn === 5) minorLeaderArrives(s, 'dumnorix', 'celtae');
  if (s.turn === 6) minorLeaderArrives(s, 'ambiorix', 'belgica');
  const tasks: Task[] = [];
  if (Object.keys(s.fights).length) tasks.push({ kind: 'battles', chooser: 'Barbarian' });
  if (solo.botFirst) tasks.push(...BOT_CARD);
  if (tasks.length === 0) {
    s.step = 'play';
    return;
  }
  s.tasks = [...tasks, { kind: 'solo-play' }];
  s.step = 'idle';
}

/** What follows the Roman's announcement: his action and battles, then (unless the bot went first) the bot's card. */
export function soloRoundTasks(s: State, type: NonNullable<State['declared']['Roman']>): Task[] {
  const roman: Task[] = [{ kind: 'action', side: 'Roman', type }, { kind: 'battles', chooser: 'Roman' }, { kind: 'attrition' }];
  return [...roman, ...(s.solo!.botFirst ? [] : BOT_CARD), { kind: 'end-round' }];
}

/** The round after this one, on a turn where the bot plays first: its card, then the Roman's. */
export function nextSoloRound(s: State): void {
  if (s.solo!.botFirst) {
    s.tasks = [...BOT_CARD, { kind: 'solo-play' }];
    s.step = 'idle';
  } else s.step = 'play';
}

/** The top card of the deck (or the Massive Revolt set aside) is revealed for the bot. */
export function revealBotCard(s: State): void {
  const solo = s.solo!;
  let c: string | undefined;
  if (solo.massiveFirst) {
    c = MASSIVE;
    solo.massiveFirst = false;
  } else c = s.deck.shift();
  if (c === undefined) {
    logPublic(s, 'The deck is empty: the bot has no card to play.');
    return;
  }
  s.played.Barbarian = c;
  s.declared.Barbarian = null;
  logPublic(s, `The bot reveals ${card(c).name}.`);
  s.step = 'bot';
}

/** 183: at the start of turn 5 (Dumnorix) or 6 (Ambiorix), the leader rises in a neutral or Roman area of his region. */
function minorLeaderArrives(s: State, leader: string, region: 'celtae' | 'belgica'): void {
  const i = idx(leader);
  if (onMap(s, i)) return;
  const candidates = TRIBAL_AREAS.filter((a) => area(a).region === region && (controller(s, a) === 'Roman' || neutralArea(s, a)));
  if (candidates.length === 0) {
    logPublic(s, `${data(i).name} finds no neutral or Roman area to rise in.`);
    return;
  }
  const at = candidates[randomInt(s.rng, candidates.length)]!;
  placeLeader(s, leader, at);
}

/** A minor leader or Vercingetorix comes into play for the bot in `at`, his home; its tribes join him. */
export function placeLeader(s: State, leader: string, at: AreaId): void {
  raiseLeader(s, leader, at);
  joinBot(s, at);
}

/** The tribes of `at` join the bot, at home; a battle is due if Roman units are there. */
export function joinBot(s: State, at: AreaId): void {
  if (placeTribes(s, 'Barbarian', at)) s.fights[at] ??= { attacker: 'Barbarian', main: null, via: 'placed', reserves: [], wasNeutral: false };
}

// ---- shared queries ----

/** A tribal area whose tribes on the map (at least one) all belong to `owner` (null: neutral). */
export function wholeArea(s: State, a: AreaId, owner: Role | null): boolean {
  if (!isTribal(a)) return false;
  const tribes = area(a).tribes.map(idx).filter((i) => onMap(s, i));
  return tribes.length > 0 && tribes.every((i) => s.owner[i] === owner);
}

export const neutralArea = (s: State, a: AreaId): boolean => wholeArea(s, a, null);

/** 12 Britannia: for every "adjacent" of the solitaire rules, Britannia and the ports on Oceanus Britannicus touch. */
export function adjacent(a: AreaId): AreaId[] {
  const out = neighbours(a).filter((n) => !isSea(n) && n !== OFF_MAP);
  if (a === BRITANNIA) for (const t of TRIBAL_AREAS) if (isObPort(t) && !out.includes(t)) out.push(t);
  if (isObPort(a) && a !== BRITANNIA && !out.includes(BRITANNIA)) out.push(BRITANNIA);
  return out;
}

/** May unit i go from `from` into `to` at all (the border's kind and who may cross it)? */
export function mayEnter(i: number, from: AreaId, to: AreaId): boolean {
  if (to === GERMANIA && !isGerman(i) && !isLegion(i)) return false;
  const k = border(from, to);
  if (k === null) return (from === BRITANNIA && isObPort(to)) || (to === BRITANNIA && isObPort(from));
  if (k === 'limited' || isSea(to)) return false;
  if (k === 'rhine') return isGerman(i) || isLegion(i);
  return true;
}

export const strengthOf = (s: State, blocks: number[]): number => blocks.reduce((n, i) => n + s.str[i]!, 0);

export function pickOne<T>(s: State, list: readonly T[]): T {
  return list[randomInt(s.rng, list.length)]!;
}

// ---- 189 Random Tribe Selection ----

const ALL_TABLE_AREAS: AreaId[] = Object.values(RANDOM_AREA).flatMap((l) => l.flatMap((x) => (typeof x === 'string' ? [x] : [...x])));

/**
 * 2d6 for the region, 1d6 for the area (Celtae East 6: 1d6 again, 1-3 Allobroges, 4-6 Helvetii),
 * rerolled until `ok` holds. When no area of the table can ever pass, null at once (the caller
 * falls back to the next rule); otherwise the rerolls stop after 100 tries with a uniform pick
 * among the passing areas, so the loop is bounded whatever the dice.
 */
export function randomTribe(s: State, ok: (a: AreaId) => boolean): AreaId | null {
  const valid = [...new Set(ALL_TABLE_AREAS)].filter(ok);
  if (valid.length === 0) return null;
  for (let k = 0; k < 100; k++) {
    const region = randomRegion(rollD6(s.rng) + rollD6(s.rng));
    const entry = RANDOM_AREA[region][rollD6(s.rng) - 1]!;
    const a = typeof entry === 'string' ? entry : entry[rollD6(s.rng) <= 3 ? 0 : 1];
    if (ok(a)) return a;
  }
  return pickOne(s, valid);
}

// ---- 185 Reinforcing battles (instead of reserves) ----

/**
 * A battle is about to begin: the defender may send help. The bot decides at once (its dice);
 * the Roman is asked (true: the 'respond' step is set). Never into an area that was neutral just
 * before the attack, and never in the winter battle.
 */
export function beginResponse(s: State, wasNeutral: boolean): boolean {
  const b = s.battle!;
  if (wasNeutral || b.winter) return false;
  if (b.defender === 'Barbarian') {
    botReinforces(s);
    return false;
  }
  s.solo!.respond = { area: b.area, from: null, sent: [] };
  if (responders(s).length === 0) {
    s.solo!.respond = null;
    return false;
  }
  s.step = 'respond';
  return true;
}

/** Legions the Roman may still send: from one adjacent area not itself in a battle, 2 at most, 1 supply each. */
function responders(s: State): number[] {
  const r = s.solo!.respond;
  if (!r || r.sent.length >= 2 || s.supply < 1) return [];
  const out: number[] = [];
  for (let i = 0; i < BLOCKS.length; i++) {
    if (!isLegion(i) || s.owner[i] !== 'Roman' || !onMap(s, i)) continue;
    const from = s.loc[i] as AreaId;
    if (from === r.area || (r.from !== null && from !== r.from)) continue;
    if (border(from, r.area) === null || !mayEnter(i, from, r.area)) continue;
    if (s.fights[from] || contested(s, from)) continue; // pinned, or about to fight there
    out.push(i);
  }
  return out;
}

export function respondActions(s: State): Action[] {
  return [...responders(s).map((i) => ({ type: 'respond', block: blockId(i) })), { type: 'done' }];
}

/** Returns true when the response is over (the battle may open). */
export function applyRespond(s: State, a: Action): boolean {
  const r = s.solo!.respond!;
  if (a.type === 'respond') {
    const i = idx(a.block as string);
    const from = s.loc[i] as AreaId;
    r.from = from;
    r.sent.push(blockId(i));
    join(s, i, from);
    addSupply(s, -1);
    logSecret(s, 'Roman', `${data(i).name} marches from ${areaName(from)} to reinforce ${areaName(r.area)} (1 supply).`, `A legion marches from ${areaName(from)} to reinforce ${areaName(r.area)} (1 supply).`);
    if (responders(s).length > 0) return false;
  }
  s.solo!.respond = null;
  return true;
}

/** A unit joins the battle as a reserve: it waits out round 1 and fights from round 2, like 6A's. */
function join(s: State, i: number, from: AreaId): void {
  const b = s.battle!;
  s.loc[i] = b.area;
  b.reserves.push(blockId(i));
  b.entries.push({ role: s.owner[i]!, from });
}

/**
 * The bot's help: up to 2 of its units from one adjacent area not itself attacked (whoever controls
 * that area: the bot's units may stand where a tribe was eliminated, or in Germania), unless its
 * defenders are outnumbered 2:1 or more; otherwise on 1-3 (-1 with a leader there or among the
 * helpers). Germans first when a German defends.
 */
function botReinforces(s: State): void {
  const b = s.battle!;
  const defenders = blocksAt(s, b.area, 'Barbarian');
  const attack = strengthOf(s, blocksAt(s, b.area, 'Roman'));
  if (attack >= 2 * strengthOf(s, defenders)) return;
  const movable = (from: AreaId) => blocksAt(s, from, 'Barbarian').filter((i) => mayEnter(i, from, b.area) && !s.inFort[i]);
  const sources = adjacent(b.area).filter((a) => !s.fights[a] && !contested(s, a) && movable(a).length > 0);
  if (sources.length === 0) return;
  const leader = (i: number) => isGallicLeader(i) || i === ARIOVISTUS;
  const withLeader = defenders.some(leader) || sources.some((a) => movable(a).some(leader));
  if (rollD6(s.rng) - (withLeader ? 1 : 0) > 3) {
    // The roll and its modifier stay out of the log: the -1 would tell where a leader stands.
    logPublic(s, `No help comes to ${areaName(b.area)}.`);
    return;
  }
  const from = pickOne(s, sources);
  const units = shuffle(s.rng, movable(from));
  if (defenders.some(isGerman)) units.sort((x, y) => Number(isGerman(y)) - Number(isGerman(x)));
  const sent = units.slice(0, 2);
  for (const i of sent) join(s, i, from);
  logPublic(s, `The bot sends help: ${count(sent.length, 'unit')} ${plural(sent.length, 'comes', 'come')} from ${areaName(from)} to ${areaName(b.area)}.`);
}

/** Room left for the bot's units in an area under the stacking limit (12 3g never overstacks). */
export function roomIn(s: State, at: AreaId): number {
  return STACKING_LIMIT - stackCount(s, 'Barbarian', at);
}
