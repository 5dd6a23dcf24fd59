// Step losses and eliminations (7.4, 7.5, 7.51, 7.52), shared by battles and God cards.

import { logPublic, logSecret, roman } from './log.js';
import { other } from './roles.js';
import { BLOCKS } from './data/blocks.js';
import { CLEO, data, ELIMINATED, isLeader, KILLED, leadersKilled, stepSize, type State } from './state.js';

/**
 * One step lost (a battle hit, disruption, Vulcan). A block reduced below I is eliminated; Cleopatra
 * instead changes sides at strength I (7.52). `revealed`: the loss happens in view of both players.
 */
export function loseStep(s: State, i: number, revealed = true): void {
  const owner = s.side[i]!;
  const before = s.str[i]!;
  if (i === CLEO && before <= 1) return cleopatraChangesSides(s);
  const after = Math.max(0, before - stepSize(i));
  if (after === 0) return eliminate(s, i);
  s.str[i] = after;
  const text = `${owner}'s ${data(i).name} loses a step (${roman(before)} → ${roman(after)}).`;
  if (revealed) logPublic(s, text);
  else logSecret(s, owner, text, null);
}

/**
 * One battle hit (7.4) and its line in the log, in view of both players: the block and its new
 * strength, or its elimination (Cleopatra's change of sides).
 */
export function takeHit(s: State, i: number): void {
  const owner = s.side[i]!;
  const before = s.str[i]!;
  if (i === CLEO && before <= 1) return cleopatraChangesSides(s, 'takes a hit and');
  const after = Math.max(0, before - stepSize(i));
  if (after === 0) return eliminate(s, i, 'takes a hit and is');
  s.str[i] = after;
  logPublic(s, `${owner}'s ${data(i).name} takes a hit: ${roman(before)} → ${roman(after)}.`);
}

/** The log's words for hits that fall on no one (JC-121; the same in both games). */
export function hitsLost(n: number): string {
  return n === 1 ? '1 hit falls on no one.' : `${n} hits fall on no one.`;
}

/** 7.5: face-up into its owner's Levy Pool (a defector into its original side's, JC-135); 7.51: a leader is killed. */
export function eliminate(s: State, i: number, how = 'is'): void {
  const d = data(i);
  const owner = s.side[i]!;
  s.str[i] = 0;
  s.moved[i] = false;
  s.side[i] = d.side;
  if (isLeader(i)) {
    const first = leadersKilled(s, d.side) === 0;
    s.loc[i] = KILLED;
    logPublic(s, `${owner}'s ${d.name} ${how} killed: a trophy worth 1 VP to ${other(d.side)}.`);
    if (first) {
      const third = BLOCKS.find((b) => b.side === d.side && b.reserveLeader);
      if (third) logPublic(s, `${d.side} may now levy ${third.name}.`);
    }
  } else {
    s.loc[i] = ELIMINATED;
    logPublic(s, `${owner}'s ${d.name} ${how} eliminated.`);
  }
}

/** 7.52: instead of being eliminated Cleopatra stays where she is and joins the other side at strength I. */
export function cleopatraChangesSides(s: State, how = ''): void {
  const owner = s.side[CLEO]!;
  s.side[CLEO] = other(owner);
  s.str[CLEO] = 1;
  logPublic(s, how ? `${owner}'s Cleopatra ${how} changes sides: she now fights for ${s.side[CLEO]} (I).` : `Cleopatra changes sides: she now fights for ${s.side[CLEO]} (I).`);
}
