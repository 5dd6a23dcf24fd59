// Fits each game's evaluation (src/engine/<game>/computer/evaluation.ts) to who won: plays self-play games
// between rules-of-thumb players of varied strength (the search's playout policy, each side with
// its own noise, so that either side wins some and the positions cover both sides doing well),
// records the evaluation's terms at quiet positions along each game, and fits a logistic model of
// the first role's win (Newton's method, a little L2) on three quarters of the games; the other
// quarter measures it against the evaluation in force (log-loss and accuracy of 2 P(win) - 1).
// `bench/ai.ts --fit N` runs it with N games per game and prints the weights to put in place.

import { games as modules, type Action } from '../src/engine/index.js';
import type { GameKnowledge } from '../src/search/game-knowledge.js';
import { knowledge } from '../src/search/game-knowledge.js';
import { createSearchRng, type Rng } from '../src/search/search-rng.js';
import * as jcEval from '../src/engine/julius-caesar/computer/evaluation.js';
import * as cgwEval from '../src/engine/caesars-gallic-war/computer/evaluation.js';

interface Model {
  TERMS: readonly string[];
  WEIGHTS: Record<string, number>;
  terms(s: never): number[];
}

const MODELS: Record<string, Model> = {
  'julius-caesar': jcEval as unknown as Model,
  'caesars-gallic-war': cgwEval as unknown as Model,
};

interface Sample {
  x: number[];
  /** 1: the first role won, 0: the other, 0.5: a draw. */
  y: number;
  game: number;
}

/** A player of the rules of thumb: the best score with noise `noise`, a random move with probability `wild`. */
function policyMove(know: GameKnowledge<unknown, unknown>, s: unknown, role: string, legal: readonly Action[], r: Rng, noise: number, wild: number): Action {
  if (legal.length === 1) return legal[0]!;
  if (r.float() < wild) return legal[r.int(legal.length)]!;
  const sc = know.prior(s, role, legal);
  let best = 0;
  let bv = -Infinity;
  for (let i = 0; i < sc.length; i++) {
    const v = sc[i]! + r.float() * noise;
    if (v > bv) {
      bv = v;
      best = i;
    }
  }
  return legal[best]!;
}

function play(game: string, g: number, every: number): { samples: Sample[]; winner: string | null } {
  const m = modules[game]!;
  const know = knowledge[game] as GameKnowledge<unknown, unknown>;
  const model = MODELS[game]!;
  const r = createSearchRng(`fit ${game} ${g}`);
  // Each side's strength drawn per game: sharp, middling, sloppy or uniformly random.
  const styles = [
    { noise: 0.2, wild: 0.02 },
    { noise: 0.6, wild: 0.1 },
    { noise: 1.5, wild: 0.25 },
    { noise: 0, wild: 1 },
  ];
  const style = Object.fromEntries(m.roles.map((role) => [role, styles[r.int(styles.length)]!]));
  let s: unknown = m.setup(r.key(), game === 'julius-caesar' && g % 4 === 3 ? { scenario: 'free-deployment' } : {});
  const xs: number[][] = [];
  for (let n = 0; n < 5000; n++) {
    const pending = m.pending(s);
    if (pending.length === 0) break;
    if (n % every === 0 && know.quiet(s)) xs.push(model.terms(s as never));
    const role = pending[n % pending.length]!;
    const legal = m.legalActions(s, role);
    s = m.apply(s, role, policyMove(know, s, role, legal, r, style[role]!.noise, style[role]!.wild));
  }
  const o = m.outcome(s);
  const winner = o ? o.winner : null;
  const y = winner === m.roles[0] ? 1 : winner === null ? 0.5 : 0;
  return { samples: xs.map((x) => ({ x, y, game: g })), winner };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Logistic regression by Newton's method with L2 `lambda` (not on the bias, term 0). */
function fit(samples: readonly Sample[], k: number, lambda = 1e-3): number[] {
  let w = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const grad = new Array<number>(k).fill(0);
    const hess = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (const { x, y } of samples) {
      let z = 0;
      for (let i = 0; i < k; i++) z += w[i]! * x[i]!;
      const p = sigmoid(z);
      const h = p * (1 - p);
      for (let i = 0; i < k; i++) {
        grad[i]! += (p - y) * x[i]!;
        for (let j = 0; j < k; j++) hess[i]![j]! += h * x[i]! * x[j]!;
      }
    }
    const n = samples.length;
    for (let i = 0; i < k; i++) {
      grad[i] = grad[i]! / n + (i > 0 ? lambda * w[i]! : 0);
      for (let j = 0; j < k; j++) hess[i]![j] = hess[i]![j]! / n + (i === j && i > 0 ? lambda : 0);
    }
    const step = solve(hess, grad);
    w = w.map((v, i) => v - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-7) break;
  }
  return w;
}

/** Solves A x = b (Gaussian elimination with partial pivoting; A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const d = m[c]![c]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / d;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / (row[i]! || 1e-12));
}

/** Mean log-loss and accuracy of the model `w` on `samples`. */
function measure(samples: readonly Sample[], w: readonly number[]): { loss: number; accuracy: number } {
  let loss = 0;
  let right = 0;
  for (const { x, y } of samples) {
    let z = 0;
    for (let i = 0; i < w.length; i++) z += w[i]! * x[i]!;
    const p = Math.min(1 - 1e-9, Math.max(1e-9, sigmoid(z)));
    loss -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
    if ((p > 0.5 && y > 0.5) || (p < 0.5 && y < 0.5)) right++;
  }
  return { loss: loss / samples.length, accuracy: right / samples.length };
}

export function fitEvaluations(gamesPerGame: number, only?: string): void {
  for (const game of ['julius-caesar', 'caesars-gallic-war']) {
    if (only && only !== game) continue;
    const m = modules[game]!;
    const model = MODELS[game]!;
    const t0 = performance.now();
    const all: Sample[] = [];
    const wins: Record<string, number> = {};
    for (let g = 0; g < gamesPerGame; g++) {
      const { samples, winner } = play(game, g, 5);
      all.push(...samples);
      wins[winner ?? 'draw'] = (wins[winner ?? 'draw'] ?? 0) + 1;
    }
    const train = all.filter((x) => x.game % 4 !== 3);
    const test = all.filter((x) => x.game % 4 === 3);
    const w = fit(train, model.TERMS.length);
    const now = model.TERMS.map((t) => model.WEIGHTS[t]!);
    const fitted = measure(test, w);
    const inForce = measure(test, now);
    const base = measure(test, [Math.log((train.reduce((a, x) => a + x.y, 0) + 1) / (train.reduce((a, x) => a + 1 - x.y, 0) + 1)), ...new Array(w.length - 1).fill(0)]);
    console.log(`${m.title}: ${gamesPerGame} games (${Object.entries(wins).map(([k, v]) => `${k} ${v}`).join(', ')}), ${all.length} positions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    console.log(`  held-out quarter (${test.length} positions): fitted log-loss ${fitted.loss.toFixed(4)}, accuracy ${(100 * fitted.accuracy).toFixed(1)}%; in force ${inForce.loss.toFixed(4)}, ${(100 * inForce.accuracy).toFixed(1)}%; the base rate alone ${base.loss.toFixed(4)}`);
    console.log(`  weights: { ${model.TERMS.map((t, i) => `${t}: ${Number(w[i]!.toPrecision(4))}`).join(', ')} }`);
  }
}
