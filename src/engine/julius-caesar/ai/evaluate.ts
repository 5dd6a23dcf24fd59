// How good a Julius Caesar position is for one side, in [-1, 1], for the computer's search (where
// a playout stops) and its greedy player. Victory is 10 VP at a Winter check, or the most VP after
// 709: so the VP each side holds count most, each city discounted by how safely it is held (its
// garrison against the enemy force a road away), then the armies (strength weighted by firepower),
// leaders alive, and the Levy Pool in reserve.

import { BLOCKS } from '../data/blocks.js';
import { other, type Role } from '../roles.js';
import { BLOCK_COUNT, KILLED, leadersKilled, type State } from '../state.js';
import { features, forceAt, side, threat, vpOf } from './features.js';

/** Weights of the terms, in VP-equivalents. */
const W = { vp: 1, held: 0.6, force: 0.09, leader: 0.6, pool: 0.05, scale: 4 };

export function evaluate(s: State, role: string): number {
  const me = role as Role;
  if (s.result) return s.result.winner === me ? 1 : s.result.winner === null ? 0 : -1;
  const f = features(s);
  const k = side(me);
  const o = (1 - k) as 0 | 1;
  let vp = 0;
  let held = 0;
  let force = 0;
  for (const [loc, ff] of f.force) {
    force += ff[k] - ff[o];
    const v = vpOf(loc);
    if (v === 0) continue;
    const mine = ff[k] > 0;
    const theirs = ff[o] > 0;
    if (mine === theirs) continue; // contested (or nobody): nobody scores it
    const holder = mine ? k : o;
    const enemy = (1 - holder) as 0 | 1;
    const g = forceAt(f, loc, holder);
    const safe = g / (g + 0.7 * threat(f, loc, enemy) + 0.05);
    const sign = holder === k ? 1 : -1;
    vp += sign * v;
    held += sign * v * safe;
  }
  vp += leadersKilled(s, other(me)) - leadersKilled(s, me);
  let leaders = 0;
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (BLOCKS[i]!.type !== 'leader' || s.loc[i] === KILLED) continue;
    leaders += BLOCKS[i]!.side === me ? 1 : -1;
  }
  const pool = f.pool[k] - f.pool[o];
  const x = W.vp * vp + W.held * held + W.force * force + W.leader * leaders + W.pool * pool;
  return Math.tanh(x / W.scale);
}
