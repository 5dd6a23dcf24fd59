// How good a Caesar's Gallic War position is for one side, in [-1, 1], for the computer's search
// and its greedy player. The Roman wins with 90 VP after turn 8 (or loses at once if Caesar dies);
// VP come mostly from the tribal areas he controls at each turn's end. The evaluation is a
// logistic model of who wins, fitted to the outcomes of self-play games (bench/ai-fit.ts,
// `npm run bench:ai -- --fit N`: the weights below and how they were measured). Its terms, for the
// Roman: his prospect (his VP plus what his areas would score in the turns left, against the 90 he
// needs), how far ahead of the pace to 90 he is by this turn, the areas each side controls, the
// armies (strength weighted by battle rating), Caesar's danger and strength, and the supply that
// keeps legions alive. Its value is 2 P(win) - 1 for the side asked about.

import { logitOf, winValue } from '../../kit/computer.js';
import { BLOCKS } from '../data/blocks.js';
import { TURNS } from '../data/tables.js';
import { CAESAR_I, controller, onMap, TRIBAL_AREAS, type State } from '../state.js';
import { features, forceAt, threat } from './features.js';

const NEED = 90;

/** The terms' names, in the order of terms() and of the weights. */
export const TERMS = ['bias', 'prospect', 'pace', 'romanAreas', 'barbarianAreas', 'army', 'caesarDanger', 'caesarStrength', 'supply'] as const;

/**
 * Fitted weights (logit of the Roman's win per unit of each term): `bench:ai --fit 2000` of 2
 * December 2026, 2,000 self-play games (the Roman won 310, the Barbarian 1,690), 122,355 positions.
 * On the held-out quarter of the games (30,764 positions) the fit's log-loss is 0.166 and it names
 * the winner at 93.5% of positions; the hand-set weights it replaced: 0.341, 88.6% (the base rate
 * alone: 0.440).
 */
export const WEIGHTS: Record<(typeof TERMS)[number], number> = {
  bias: 5.513,
  prospect: 0.09063,
  pace: 0.2292,
  romanAreas: -0.1172,
  barbarianAreas: -0.2154,
  army: 0.0008086,
  caesarDanger: -0.04721,
  caesarStrength: 0.157,
  supply: -0.06283,
};

/** The terms of the model for the Roman, in TERMS order (the Barbarian's view is the same model, negated). */
export function terms(s: State): number[] {
  const f = features(s);
  let roman = 0;
  let barbarian = 0;
  for (const a of TRIBAL_AREAS) {
    const c = controller(s, a);
    if (c === 'Roman') roman++;
    else if (c === 'Barbarian') barbarian++;
  }
  // Scorings left: this turn's (if not yet scored) and every later one.
  const left = TURNS - s.turn + 1;
  const prospect = s.vp + left * roman + 0.15 * left * (roman - barbarian) - NEED;
  // Ahead of (or behind) an even pace to 90 VP by the end of this turn.
  const pace = s.vp - (NEED * Math.max(0, s.turn - 1)) / TURNS;
  let danger = 0;
  let strength = 0;
  if (onMap(s, CAESAR_I)) {
    const at = s.loc[CAESAR_I]!;
    danger = Math.max(0, threat(f, at, 1) + forceAt(f, at, 1) - forceAt(f, at, 0));
    strength = s.str[CAESAR_I]! - BLOCKS[CAESAR_I]!.steps[0]!;
  }
  return [1, prospect, pace, roman, barbarian, f.total[0] - f.total[1], danger, strength, s.supply - 8];
}

/** The model's logit for the Roman. */
export const logit = (s: State): number => logitOf(TERMS, WEIGHTS, terms(s));

export function evaluate(s: State, role: string): number {
  if (s.result) return s.result.winner === role ? 1 : -1;
  const v = winValue(logit(s));
  return role === 'Roman' ? v : -v;
}
