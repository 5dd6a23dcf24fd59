// How good a Julius Caesar position is for one side, in [-1, 1], for the computer's search (where
// a playout stops) and its greedy player. Victory is 10 VP at a Winter check, or the most VP after
// 709. The evaluation is a logistic model of who wins, fitted to the outcomes of self-play games
// (bench/ai-fit.ts, `npm run bench:ai -- --fit N`: the weights below and how they were measured):
// its terms, for Caesar, are each side's VP (cities held and enemy leaders killed: Caesar's count
// apart from Pompey's, since Caesar must take cities to win), the same VP discounted by how safely
// each city is held (its garrison against the enemy force a road away), the VP lead weighted by
// how late in the war it is, the armies (strength weighted by firepower) and the Levy Pool in
// reserve. Its value is 2 P(win) - 1 for the side asked about. Every term is one whose effect on
// the game is what its sign says: a term for the leaders alive (each side's three leaders less
// those killed, the same count as the trophies already in the VP) took a weight that made a
// leader's death good for his own side (-0.78 against the VP's +0.45: the search would have
// spent its leaders), without predicting the winner any better, and was dropped.

import { logitOf, winValue } from '../../kit/computer/shared-knowledge.js';
import { FIRST_YEAR, LAST_YEAR } from '../calendar.js';
import { leadersKilled, type State } from '../state.js';
import { features, forceAt, threat, vpOf } from './features.js';

/** The terms' names, in the order of terms() and of the weights. */
export const TERMS = ['bias', 'caesarVp', 'pompeyVp', 'held', 'lateLead', 'force', 'pool'] as const;

/**
 * Fitted weights (logit of Caesar's win per unit of each term): `bench:ai --fit 2000` of 3 December
 * 2026, 2,000 self-play games (Caesar won 446, Pompey 1,548, 6 drawn), 79,914 positions. On the
 * held-out quarter of the games (24,108 positions) the fit's log-loss is 0.387 and it names the
 * winner at 81.4% of positions (with the leaders' term: 0.387, 81.6%); the hand-set weights of the
 * first fit's time: 0.730 (worse than the base rate alone, 0.637: overconfident), 80.3%.
 */
export const WEIGHTS: Record<(typeof TERMS)[number], number> = {
  bias: 0.7185,
  caesarVp: 0.1618,
  pompeyVp: -0.1018,
  held: 0.2061,
  lateLead: 1.475,
  force: 0.1065,
  pool: 0.09046,
};

/** The terms of the model for Caesar, in TERMS order (Pompey's view is the same model, negated). */
export function terms(s: State): number[] {
  const f = features(s);
  let vpC = 0;
  let vpP = 0;
  let held = 0;
  let force = 0;
  for (const [loc, ff] of f.force) {
    force += ff[0] - ff[1];
    const v = vpOf(loc);
    if (v === 0) continue;
    const caesar = ff[0] > 0;
    const pompey = ff[1] > 0;
    if (caesar === pompey) continue; // contested (or nobody): nobody scores it
    const holder = caesar ? 0 : 1;
    const g = forceAt(f, loc, holder);
    const safe = g / (g + 0.7 * threat(f, loc, (1 - holder) as 0 | 1) + 0.05);
    if (caesar) vpC += v;
    else vpP += v;
    held += (caesar ? 1 : -1) * v * safe;
  }
  vpC += leadersKilled(s, 'Pompey');
  vpP += leadersKilled(s, 'Caesar');
  // How far the war has gone, 0 at its start and 1 at the last Winter.
  const late = Math.min(1, Math.max(0, (s.year - FIRST_YEAR + Math.min(s.turn, 6) / 6) / (LAST_YEAR - FIRST_YEAR + 1)));
  return [1, vpC, vpP, held, late * (vpC - vpP), force, f.pool[0] - f.pool[1]];
}

/** The model's logit for Caesar. */
export const logit = (s: State): number => logitOf(TERMS, WEIGHTS, terms(s));

export function evaluate(s: State, role: string): number {
  if (s.result) return s.result.winner === role ? 1 : s.result.winner === null ? 0 : -1;
  const v = winValue(logit(s));
  return role === 'Caesar' ? v : -v;
}
