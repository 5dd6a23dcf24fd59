// 2.0-2.1 Game turns and the Card Phase: the Year's deal and secret discard, the sealed card
// play, the reveal, Apollo, God-card cancellation, and who is Player 1. Each part reports when it
// is over; flow.ts decides what follows (the first turn, Player 1's command, the next turn).

import { FIRST_YEAR } from './calendar.js';
import { CARDS } from './data/cards.js';
import { logPublic, logSecret } from './log.js';
import { ROLES, other, type Role } from './roles.js';
import { shuffle } from './rng.js';
import { BLOCK_COUNT, card, cardLabel, godOf, type State } from './state.js';
import type { Action } from '../types.js';

const HAND_SIZE = 6;

/** 2.1 / 8.6: shuffle all 27 cards, deal 6 to each player, then each discards one secretly. */
export function startYear(s: State): void {
  s.deck = shuffle(s, CARDS.map((c) => c.id));
  for (const r of ROLES) {
    s.hand[r] = s.deck.splice(0, HAND_SIZE).sort();
    s.discard[r] = null;
    s.previous[r] = null;
  }
  s.turn = 0;
  s.step = 'discard';
  logPublic(s, `— Year ${s.year} —`);
  for (const r of ROLES) logSecret(s, r, `${r} is dealt ${s.hand[r].map(cardLabel).join(', ')}.`, null);
  logPublic(s, 'Each player is dealt 6 cards and must discard one face-down.');
}

export function discardPending(s: State): Role[] {
  return ROLES.filter((r) => s.discard[r] === null);
}

/** A player may change his discard until both are in (it is never revealed). */
export function discardActions(s: State, role: Role): Action[] {
  return s.hand[role].filter((c) => c !== s.discard[role]).map((c) => ({ type: 'discard', card: c }));
}

/** Returns true when both discards are in: the Year's first turn may begin. */
export function applyDiscard(s: State, role: Role, a: Action): boolean {
  const c = a.card as string;
  const changed = s.discard[role] !== null;
  s.discard[role] = c;
  logSecret(s, role, `${role} ${changed ? 'changes his discard to' : 'discards'} ${cardLabel(c)}.`, changed ? null : `${role} discards a card.`);
  if (!ROLES.every((r) => s.discard[r] !== null)) return false;
  for (const r of ROLES) s.hand[r] = s.hand[r].filter((x) => x !== s.discard[r]);
  return true;
}

/** 2.0: a game turn begins with the Card Phase. */
export function startTurn(s: State): void {
  s.turn++;
  s.step = 'cards';
  s.p1 = null;
  s.cmd = null;
  s.fights = {};
  for (const r of ROLES) {
    s.sealed[r] = null;
    s.played[r] = null;
    s.effective[r] = null;
  }
  for (let i = 0; i < BLOCK_COUNT; i++) s.moved[i] = false;
  logPublic(s, `— ${s.year}, turn ${s.turn} —`);
}

export function cardsPending(s: State): Role[] {
  return ROLES.filter((r) => s.sealed[r] === null);
}

/** Apollo cannot be played on turn 1 of a Year (JC-30): there is no earlier card this Year to copy. */
export function playable(s: State, role: Role, id: string): boolean {
  return !(godOf(id) === 'Apollo' && s.turn === 1);
}

/** 2.1: every turn a card must be played (no pass); it may be changed until the second card is in. */
export function playActions(s: State, role: Role): Action[] {
  return s.hand[role].filter((c) => c !== s.sealed[role] && playable(s, role, c)).map((c) => ({ type: 'play', card: c }));
}

/** Returns true when both cards are in: they are revealed together (reveal). */
export function applyPlay(s: State, role: Role, a: Action): boolean {
  const c = a.card as string;
  const changed = s.sealed[role] !== null;
  s.sealed[role] = c;
  logSecret(s, role, `${role} ${changed ? 'changes his card to' : 'plays'} ${cardLabel(c)} face-down.`, changed ? null : `${role} plays a card face-down.`);
  return ROLES.every((r) => s.sealed[r] !== null);
}

/** Apollo acts as the card the opponent played last turn, itself resolved if that was Apollo (JC-26, JC-31). */
function effectiveCard(s: State, role: Role, played: string): string {
  if (godOf(played) !== 'Apollo') return played;
  return s.previous[other(role)]!;
}

/**
 * Both cards are in: reveal them together, then cancel two God cards or decide who is Player 1.
 * Returns Player 1, or null when the God cards cancel and the turn ends at once.
 */
export function reveal(s: State): Role | null {
  for (const r of ROLES) {
    const c = s.sealed[r]!;
    s.played[r] = c;
    s.sealed[r] = null;
    s.hand[r] = s.hand[r].filter((x) => x !== c);
    s.effective[r] = effectiveCard(s, r, c);
  }
  const desc = (r: Role) =>
    s.played[r] === s.effective[r] ? cardLabel(s.played[r]!) : `${cardLabel(s.played[r]!)} as ${cardLabel(s.effective[r]!)}`;
  logPublic(s, `Cards revealed: Caesar ${desc('Caesar')}; Pompey ${desc('Pompey')}.`);
  const effective = { ...s.effective };
  s.previous = { Caesar: effective.Caesar, Pompey: effective.Pompey };

  // JC-22, JC-29: two God cards (Apollo included, whatever it copies) cancel; the turn ends at once.
  if (godOf(s.played.Caesar) && godOf(s.played.Pompey)) {
    logPublic(s, 'Both players played God cards: both are cancelled and the turn ends.');
    return null;
  }
  s.p1 = firstPlayer(s);
  logPublic(s, `${s.p1} is Player 1.`);
  return s.p1;
}

/** 2.1: the God card player, else the higher Move value, ties to Caesar; Caesar always on turn 1 of 705. */
export function firstPlayer(s: State): Role {
  if (s.year === FIRST_YEAR && s.turn === 1) return 'Caesar'; // JC-19, JC-20
  const c = s.effective.Caesar!;
  const p = s.effective.Pompey!;
  if (godOf(c)) return 'Caesar'; // JC-21, JC-28
  if (godOf(p)) return 'Pompey';
  const mc = card(c);
  const mp = card(p);
  if (mc.kind !== 'command' || mp.kind !== 'command') throw new Error('unreachable');
  return mp.move > mc.move ? 'Pompey' : 'Caesar'; // JC-17, JC-18
}

/** After the Battle Phase (or a cancelled turn): nothing of the turn's command and battles is left. */
export function endTurn(s: State): void {
  s.cmd = null;
  s.fights = {};
  s.battle = null;
  s.regroup = null;
}
