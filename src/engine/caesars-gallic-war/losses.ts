// Steps lost and units eliminated (2.2, 6, 7.4), with the VP they score at once (9).

import { VP } from './data/tables.js';
import { logPublic } from './log.js';
import { BRITANNIA } from './map.js';
import {
  ARIOVISTUS,
  ASIDE,
  CAESAR_I,
  data,
  ELIMINATED,
  isGerman,
  isLegion,
  isMinorLeader,
  isTribe,
  REMOVED,
  stepDown,
  VERCINGETORIX,
  type State,
} from './state.js';
import { addVp, caesarKilled } from './victory.js';

/** One step lost; a block on its last step is eliminated. Returns the new strength (0: eliminated). */
export function loseStep(s: State, i: number, said = false): number {
  const next = stepDown(i, s.str[i]!);
  if (next === 0) eliminate(s, i, said);
  else s.str[i] = next;
  return next;
}

/** `said`: the caller's log line already says so ("… takes a hit and is eliminated."). */
export function eliminate(s: State, i: number, said = false): void {
  const d = data(i);
  const owner = s.owner[i];
  s.str[i] = 0;
  s.half[i] = 0;
  s.inFort[i] = false;
  s.moved[i] = false;
  s.flags.killedThisTurn.push(d.id);
  if (s.solo && owner) s.solo.killedOwner[d.id] = owner; // 12.2: whose tribes died this turn
  if (!said) logPublic(s, `${d.name} is eliminated.`);
  if (isLegion(i)) {
    s.loc[i] = ELIMINATED;
    s.legionDied[d.id] = s.turn;
    addVp(s, VP.legionEliminated, `${d.name} eliminated`);
    if (i === CAESAR_I) caesarKilled(s);
    return;
  }
  if (i === ARIOVISTUS) {
    s.loc[i] = REMOVED;
    s.owner[i] = null;
    addVp(s, VP.ariovistusEliminated, 'Ariovistus eliminated');
    return;
  }
  if (i === VERCINGETORIX) {
    s.loc[i] = REMOVED;
    s.owner[i] = null;
    s.leaderHome[d.id] = null;
    addVp(s, VP.vercingetorixEliminated, 'Vercingetorix eliminated');
    return;
  }
  if (isMinorLeader(i)) {
    // 8.4: back to the pool; he may return with a later Major Revolt.
    s.loc[i] = ASIDE;
    s.owner[i] = null;
    s.leaderHome[d.id] = null;
    return;
  }
  s.loc[i] = ELIMINATED;
  if (isGerman(i)) {
    addVp(s, VP.germanEliminated, `${d.name} eliminated`);
    return;
  }
  if (isTribe(i)) {
    if (owner === 'Barbarian' && !s.flags.eliminatedRegions.includes(d.region)) s.flags.eliminatedRegions.push(d.region);
    if (d.home === BRITANNIA && !s.options.yearlyObjectives && s.flags.britanniaTribesVp < VP.britanniaTribeEliminatedMax) {
      s.flags.britanniaTribesVp++;
      addVp(s, VP.britanniaTribeEliminated, `${d.name} of Britannia eliminated`);
    }
    s.owner[i] = null;
  }
}
