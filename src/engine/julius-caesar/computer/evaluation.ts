// How good a Julius Caesar position is for one side, in [-1, 1], for the computer's search (where
// a playout stops) and its greedy player. Victory is 10 VP at a Winter check, or the most VP after
// 709. The evaluation is a logistic model of who wins, fitted to the outcomes of self-play games
// (bench/ai-fit.ts, `npm run bench:ai -- --fit N`: the weights below and how they were measured):
// its terms, for Caesar, are each side's VP (cities held and enemy leaders killed: Caesar's count
// apart from Pompey's, since Caesar must take cities to win), the same VP discounted by how safely
// each city is held (its garrison against the enemy force a road away), the VP lead weighted by
// how late in the war it is, the armies (strength weighted by firepower), leaders alive, and the
// Levy Pool in reserve. Its value is 2 P(win) - 1 for the side asked about.

import { logitOf, winValue } from '../../kit/computer/shared-knowledge.js';
import { BLOCKS } from '../data/blocks.js';
import { FIRST_YEAR, LAST_YEAR } from '../calendar.js';
import { BLOCK_COUNT, KILLED, leadersKilled, type State } from '../state.js';
import { features, forceAt, threat, vpOf } from './features.js';

/** The terms' names, in the order of terms() and of the weights. */
export const TERMS = ['bias', 'caesarVp', 'pompeyVp', 'held', 'lateLead', 'force', 'leaders', 'pool'] as const;

/**
 * Fitted weights (logit of Caesar's win per unit of each term): `bench:ai --fit 2000` of 2 December
 * 2026, 2,000 self-play games (Caesar won 446, Pompey 1,548, 6 drawn), 79,914 positions. On the
 * held-out quarter of the games (24,108 positions) the fit's log-loss is 0.387 and it names the
 * winner at 81.6% of positions; the hand-set weights it replaced: 0.730 (worse than the base rate
 * alone, 0.637: overconfident), 80.3%.
 */
export const WEIGHTS: Record<(typeof TERMS)[number], number> = {
  bias: 0.4551,
  caesarVp: 0.4535,
  pompeyVp: -0.3364,
  held: -0.06479,
  lateLead: 1.401,
  force: 0.1261,
  leaders: -0.7773,
  pool: 0.1195,
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
  let leaders = 0;
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (BLOCKS[i]!.type !== 'leader' || s.loc[i] === KILLED) continue;
    leaders += BLOCKS[i]!.side === 'Caesar' ? 1 : -1;
  }
  // How far the war has gone, 0 at its start and 1 at the last Winter.
  const late = Math.min(1, Math.max(0, (s.year - FIRST_YEAR + Math.min(s.turn, 6) / 6) / (LAST_YEAR - FIRST_YEAR + 1)));
  return [1, vpC, vpP, held, late * (vpC - vpP), force, leaders, f.pool[0] - f.pool[1]];
}

/** The model's logit for Caesar. */
export const logit = (s: State): number => logitOf(TERMS, WEIGHTS, terms(s));

export function evaluate(s: State, role: string): number {
  if (s.result) return s.result.winner === role ? 1 : s.result.winner === null ? 0 : -1;
  const v = winValue(logit(s));
  return role === 'Caesar' ? v : -v;
}
