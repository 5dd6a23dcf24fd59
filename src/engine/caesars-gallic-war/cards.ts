// 5.1 Drawing cards, 5.2 the Card Action Phase: sealed plays, the reveal, the Roman's then the
// Barbarian's announcement of an action type, and the order in which actions resolve.
//
// Actions:
//   { type: 'take-massive-revolt' } / { type: 'decline' }   5.1 the Barbarian's option
//   { type: 'play', card }                                   both at once, face-down
//   { type: 'declare', action }                              Roman first, then Barbarian

import type { Action } from '../types.js';
import { HAND_SIZE, MASSIVE_REVOLT_OPTION, VP } from './data/tables.js';
import { CARDS, MASSIVE } from './data/cards.js';
import { logPublic, logSecret } from './log.js';
import { shuffle } from './random.js';
import { ROLES, type Role } from './roles.js';
import {
  ACTION_ORDER,
  card,
  cardAp,
  onMap,
  romanAreas,
  VERCINGETORIX,
  type ActionType,
  type State,
  type Task,
} from './state.js';
import { addVp } from './victory.js';
import { activationTargets } from './activation.js';
import { politicalTargets } from './political.js';
import { BRITANNIA } from './map.js';
import { soloRoundTasks, soloTurn } from './solitaire.js';

export { MASSIVE };

/** 5.1: shuffle every card still in the game; the Barbarian's Massive Revolt option comes first. */
export function startTurn(s: State): void {
  if (s.log.length) {
    s.history.push(s.log);
    s.log = [];
  }
  s.deck = CARDS.map((c) => c.id).filter((id) => !(id === MASSIVE && s.massiveRevoltPlayed));
  s.hand = { Roman: [], Barbarian: [] };
  s.discard = { Roman: [], Barbarian: [] };
  s.activated = { Roman: [], Barbarian: [] };
  s.activations = { Roman: 0, Barbarian: 0 };
  s.raids = 0;
  s.round = 0;
  s.massiveRevoltForced = false;
  s.flags.germaniaCrossed = false;
  s.flags.germaniaFought = false;
  s.flags.britanniaFoughtLegions = 0;
  s.flags.killedThisTurn = [];
  s.flags.firstCardLeaders = [];
  shuffle(s.rng, s.deck);
  logPublic(s, `Turn ${s.turn} (${59 - s.turn} BC) begins.`);
  if (s.solo) return soloTurn(s);
  if (massiveOption(s)) {
    s.step = 'massive-option';
    return;
  }
  deal(s, false);
}

/**
 * 5.1 options A and B: at least 80 VP and 13 Roman-controlled tribal areas (Britannia excluded,
 * checklist 18), or the start of turn 7 (52 BC) whatever the score, while the card is still unplayed.
 */
export function massiveOption(s: State): 'A' | 'B' | null {
  if (s.massiveRevoltPlayed) return null;
  const areas = romanAreas(s).filter((a) => a !== BRITANNIA).length;
  if (s.vp >= MASSIVE_REVOLT_OPTION.vp && areas >= MASSIVE_REVOLT_OPTION.areas) return 'A';
  if (s.turn === MASSIVE_REVOLT_OPTION.turnB) return 'B';
  return null;
}

export function massiveOptionActions(): Action[] {
  return [{ type: 'take-massive-revolt' }, { type: 'decline' }];
}

export function applyMassiveOption(s: State, _role: Role, a: Action): void {
  if (a.type === 'take-massive-revolt') {
    const kind = massiveOption(s);
    logPublic(s, 'The Barbarian takes the Massive Revolt card into his hand.');
    if (kind === 'B') {
      s.massiveRevoltForced = true;
      addVp(s, VP.massiveRevoltOption, 'the Barbarian took the 52 BC Massive Revolt option');
    }
    deal(s, true);
  } else {
    logPublic(s, 'The Barbarian declines the Massive Revolt option.');
    deal(s, false);
  }
}

function deal(s: State, massive: boolean): void {
  const n = HAND_SIZE(s.turn);
  if (massive) {
    s.deck = s.deck.filter((c) => c !== MASSIVE);
    s.hand.Barbarian.push(MASSIVE);
  }
  for (const r of ROLES) {
    const want = r === 'Barbarian' && massive ? n - 1 : n;
    s.hand[r].push(...s.deck.splice(0, want));
  }
  logPublic(s, `Each player is dealt ${n} cards.`);
  s.sealed = { Roman: null, Barbarian: null };
  s.step = 'play';
}

// ---- sealed play ----

export function playPending(s: State): Role[] {
  if (s.solo) return s.sealed.Roman === null ? ['Roman'] : []; // 12: the bot has no hand
  return ROLES.filter((r) => s.sealed[r] === null);
}

export function playActions(s: State, role: Role): Action[] {
  if (s.sealed[role] !== null || (s.solo && role === 'Barbarian')) return [];
  // 5.1 option B: Massive Revolt must be the Barbarian's first card of the turn.
  if (role === 'Barbarian' && s.massiveRevoltForced && s.hand.Barbarian.includes(MASSIVE)) return [{ type: 'play', card: MASSIVE }];
  return [...s.hand[role]].sort().map((c) => ({ type: 'play', card: c }));
}

export function applyPlay(s: State, role: Role, a: Action): void {
  if (s.solo) {
    // 12: one card at a time, the Roman's face up at once.
    const c = a.card as string;
    s.round++;
    s.hand.Roman = s.hand.Roman.filter((x) => x !== c);
    s.played.Roman = c;
    s.declared.Roman = null;
    logPublic(s, `Card play ${s.round}: the Roman plays ${card(c).name}.`);
    s.step = 'declare';
    return;
  }
  s.sealed[role] = a.card as string;
  logSecret(s, role, `${role} plays ${card(a.card as string).name} face-down.`, `${role} plays a card face-down.`);
  if (s.sealed.Roman === null || s.sealed.Barbarian === null) return;
  s.round++;
  for (const r of ROLES) {
    const c = s.sealed[r]!;
    s.hand[r] = s.hand[r].filter((x) => x !== c);
    s.played[r] = c;
  }
  s.sealed = { Roman: null, Barbarian: null };
  s.declared = { Roman: null, Barbarian: null };
  logPublic(s, `Card play ${s.round}: the Roman reveals ${card(s.played.Roman!).name}, the Barbarian ${card(s.played.Barbarian!).name}.`);
  s.step = 'declare';
}

// ---- the announcement (checklist 22, 23) ----

export function declarePending(s: State): Role[] {
  if (s.declared.Roman === null) return ['Roman'];
  if (s.solo) return [];
  if (s.declared.Barbarian === null) return ['Barbarian'];
  return [];
}

/** Action types this role may announce with its revealed card. */
export function declareOptions(s: State, role: Role): ActionType[] {
  const c = card(s.played[role]!);
  if (c.kind === 'event') {
    if (role === 'Barbarian' && s.massiveRevoltForced && c.id === MASSIVE) return ['event'];
    return ['event', 'movement'];
  }
  const out: ActionType[] = [];
  // 5.2.1B: the Barbarian raids only while Vercingetorix is in play, once a year.
  if (role === 'Roman' || (onMap(s, VERCINGETORIX) && s.raids === 0)) out.push('supply');
  if (activationTargets(s, role, c.id).length > 0) out.push('activation');
  if (politicalTargets(s, role).length > 0) out.push('political');
  out.push('movement');
  return out;
}

export function declareActions(s: State, role: Role): Action[] {
  if (!declarePending(s).includes(role)) return [];
  return declareOptions(s, role).map((t) => ({ type: 'declare', action: t }));
}

export function applyDeclare(s: State, role: Role, a: Action): void {
  s.declared[role] = a.action as ActionType;
  logPublic(s, `The ${role} announces ${a.action === 'activation' ? 'a Neutral Tribe Activation' : a.action === 'political' ? 'a Political Action' : a.action === 'event' ? 'the event' : a.action}.`);
  if (s.solo) {
    s.tasks = soloRoundTasks(s, a.action as ActionType);
    s.step = 'idle';
    return;
  }
  if (role === 'Roman') return;
  s.tasks = [...resolutionOrder(s), { kind: 'battles', chooser: firstMover(s) }, { kind: 'attrition' }, { kind: 'end-round' }];
  s.step = 'idle';
}

/** Checklist 24, 25: Event, Supply, Activation, Political, Movement; the Roman first on a tie, except Movement by AP. */
export function resolutionOrder(s: State): Task[] {
  const out: Task[] = [];
  for (const t of ACTION_ORDER) {
    const sides = ROLES.filter((r) => s.declared[r] === t);
    if (t === 'movement' && sides.length === 2 && moveValue(s, 'Barbarian') > moveValue(s, 'Roman')) sides.reverse();
    for (const side of sides) out.push({ kind: 'action', side, type: t });
  }
  return out;
}

/** The card's value for Movement: its AP for this player, 1 for an event. */
export function moveValue(s: State, role: Role): number {
  return cardAp(s, s.played[role]!, role);
}

function firstMover(s: State): Role {
  const movers = resolutionOrder(s).filter((t) => t.kind === 'action' && t.type === 'movement');
  return movers.length ? (movers[0] as { side: Role }).side : 'Roman';
}

/** 5.2: cards go to the discard, or to the activation area when used for a Neutral Tribe Activation. */
export function endRound(s: State): void {
  for (const r of ROLES) {
    const c = s.played[r];
    if (!c) continue;
    if (s.declared[r] === 'activation') s.activated[r].push(c);
    else if (!(c === MASSIVE && s.massiveRevoltPlayed)) s.discard[r].push(c);
  }
  s.played = { Roman: null, Barbarian: null };
  s.declared = { Roman: null, Barbarian: null };
  s.current = null;
  s.fights = {};
  s.entries = {};
  s.sailed = {};
  s.subdued = [];
  s.crossings = { Roman: {}, Barbarian: {} };
  s.firstMover = null;
  s.moved = s.moved.map(() => false);
}

export function handsEmpty(s: State): boolean {
  return s.hand.Roman.length === 0 && s.hand.Barbarian.length === 0;
}
