// How good a Caesar's Gallic War position is for one side, in [-1, 1], for the computer's search
// and its greedy player. The Roman wins with 90 VP after turn 8 (or loses at once if Caesar dies);
// VP come mostly from the tribal areas he controls at each turn's end. The evaluation is a
// logistic model of who wins, fitted to the outcomes of self-play games (bench/ai-fit.ts,
// `npm run bench:ai -- --fit N`: the weights below and how they were measured). Its terms, for the
// Roman: his prospect (his VP plus what his areas would score in the turns left, against the 90 he
// needs; an area counted as the turn's scoring will see it, a tribe beaten this turn as the End of
// Turn brings it home to whoever holds its area), how far ahead of the pace to 90 he is by this
// turn, the areas the Barbarian controls, and Caesar's danger and strength. Its value is
// 2 P(win) - 1 for the side asked about.
//
// Every term is one whose weight has the sign of its effect in the game: the fit also gave
// weights to the Roman's areas beside his prospect, the armies and the supply, each of the sign
// that loses (on turn 8 an area taken would have been worth nothing, a legion built or a supply
// point spent a gain): correlations of the self-play, not causes, that a search would seek. They
// predicted the winner hardly better (held-out log-loss 0.161 against 0.163) and were dropped.

import { logitOf, winValue } from '../../kit/computer/shared-knowledge.js';
import { BLOCKS } from '../data/blocks.js';
import { TURNS } from '../data/tables.js';
import { wintering } from '../endturn.js';
import { area } from '../map.js';
import type { Role } from '../roles.js';
import { blockId, CAESAR_I, ELIMINATED, idx, onMap, TRIBAL_AREAS, type State } from '../state.js';
import { countAt, features, forceAt, threat, type Features } from './features.js';

const NEED = 90;

/** The terms' names, in the order of terms() and of the weights. */
export const TERMS = ['bias', 'prospect', 'pace', 'barbarianAreas', 'caesarDanger', 'caesarStrength'] as const;

/**
 * Fitted weights (logit of the Roman's win per unit of each term): `bench:ai --fit 2000 --game
 * caesars-gallic-war` of 3 December 2026, 2,000 self-play games (the Roman won 310, the Barbarian
 * 1,690), 122,355 positions, the areas counted as the turn's scoring will see them
 * (controlAtScoring). On the held-out quarter of the games (30,764 positions) the fit's log-loss is
 * 0.163 and it names the winner at 93.6% of positions; with the three terms of the wrong sign:
 * 0.161, 93.7%; before the tribes that change sides as they go home for the winter were counted:
 * 0.163; with the areas as the map shows them: 0.166, 93.5%; the hand-set weights before the
 * first fit: 0.341, 88.6% (the base rate alone: 0.440).
 */
export const WEIGHTS: Record<(typeof TERMS)[number], number> = {
  bias: 4.009,
  prospect: 0.07887,
  pace: 0.2266,
  barbarianAreas: -0.2437,
  caesarDanger: -0.07797,
  caesarStrength: 0.1375,
};

/**
 * Who controls tribal area `a` at this turn's scoring (7.8) as the units now stand: its tribes on
 * the map as they are allied, those eliminated this turn as they will come home at the End of
 * Turn (7.3.1: allied to the player whose units occupy their home area, else neutral), and those
 * away from home as they will go home for the winter: a Roman ally whose home the Barbarian holds
 * changes sides (7.3.3), a Barbarian one whose home holds Roman units defects to Rome (7.3.4; the
 * Roman's legions there assumed to winter, no tribe assumed to stay with Vercingetorix). A tribe
 * beaten in the field, or whose home was taken while it marched, is the Roman's conquest only if
 * his units hold its area when the turn ends: the control the scoring will see, which the map
 * alone shows only after the End of Turn.
 */
export function controlAtScoring(s: State, a: string, f: Features): Role | null {
  let r = false;
  let b = false;
  for (const id of area(a).tribes) {
    const i = idx(id);
    let owner = s.owner[i];
    if (s.loc[i] === ELIMINATED) owner = countAt(f, a, 0) > 0 ? 'Roman' : countAt(f, a, 1) > 0 ? 'Barbarian' : null;
    else if (!onMap(s, i)) continue;
    else if (s.loc[i] !== a) {
      if (owner === 'Roman' && countAt(f, a, 1) > 0) owner = 'Barbarian';
      else if (owner === 'Barbarian' && countAt(f, a, 0) > 0 && countAt(f, a, 1) === 0) owner = 'Roman';
    }
    if (owner === 'Roman') r = true;
    else if (owner === 'Barbarian') b = true;
  }
  return r && !b ? 'Roman' : b && !r ? 'Barbarian' : null;
}

/** A legion eliminated costs the Roman 5 VP (checklist 130). */
const LEGION_VP = 5;

/**
 * The VP this winter's supply will cost the Roman (7.4, checklist 130), once the legions that
 * winter in Gaul are known (while they and the Barbarian choose their winter quarters, and while
 * the Roman names the unsupplied): each legion left unpaid loses a step, and one at its last step
 * dies for 5 VP; the Roman leaves his strongest unpaid. The scoring that follows sees it at once,
 * a playout cut off before it would not: the evaluation counts it in advance.
 */
export function winterLoss(s: State): number {
  let staying: number[];
  let chosen: number[] = [];
  let unpaid: number;
  if (s.step === 'winter-legions' || s.step === 'winter-barbarian') {
    // While the legions choose, the ones not (yet) chosen to stay go home.
    staying = s.step === 'winter-barbarian' ? wintering(s) : wintering(s).filter((i) => s.wintering.includes(blockId(i)));
    unpaid = Math.max(0, staying.length - s.supply);
  } else if (s.step === 'winter-supply' && s.attrition[0]) {
    chosen = s.wintering.map(idx);
    staying = wintering(s).filter((i) => !chosen.includes(i));
    unpaid = s.attrition[0].left;
  } else return 0;
  let dead = chosen.filter((i) => s.str[i] === 1).length;
  if (unpaid >= staying.length) dead += staying.filter((i) => s.str[i] === 1).length;
  else dead += Math.max(0, unpaid - staying.filter((i) => s.str[i]! > 1).length);
  return LEGION_VP * dead;
}

/** The terms of the model for the Roman, in TERMS order (the Barbarian's view is the same model, negated). */
export function terms(s: State): number[] {
  const f = features(s);
  let roman = 0;
  let barbarian = 0;
  for (const a of TRIBAL_AREAS) {
    const c = controlAtScoring(s, a, f);
    if (c === 'Roman') roman++;
    else if (c === 'Barbarian') barbarian++;
  }
  // Scorings left: this turn's (if not yet scored) and every later one.
  const left = TURNS - s.turn + 1;
  const vp = s.vp - winterLoss(s);
  const prospect = vp + left * roman + 0.15 * left * (roman - barbarian) - NEED;
  // Ahead of (or behind) an even pace to 90 VP by the end of this turn.
  const pace = vp - (NEED * Math.max(0, s.turn - 1)) / TURNS;
  let danger = 0;
  let strength = 0;
  if (onMap(s, CAESAR_I)) {
    const at = s.loc[CAESAR_I]!;
    danger = Math.max(0, threat(f, at, 1) + forceAt(f, at, 1) - forceAt(f, at, 0));
    strength = s.str[CAESAR_I]! - BLOCKS[CAESAR_I]!.steps[0]!;
  }
  return [1, prospect, pace, barbarian, danger, strength];
}

/** The model's logit for the Roman. */
export const logit = (s: State): number => logitOf(TERMS, WEIGHTS, terms(s));

export function evaluate(s: State, role: string): number {
  if (s.result) return s.result.winner === role ? 1 : -1;
  const v = winValue(logit(s));
  return role === 'Roman' ? v : -v;
}
