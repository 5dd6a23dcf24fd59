// What the computer's evaluation and playout policy read off a Julius Caesar position, in one pass
// over the blocks: each side's fighting force per location (strength weighted by firepower: the
// hits a block may expect to score), who holds what, and the enemy force a road away.

import { BLOCKS } from '../data/blocks.js';
import { cityVp, isCity, roads } from '../map.js';
import type { Role } from '../roles.js';
import { BLOCK_COUNT, ELIMINATED, KILLED, POOL, type State } from '../state.js';

/** Expected hits of one strength point of a block per battle turn, plus what a step is worth in a fight (it absorbs a hit). */
export function combatValue(i: number, str: number): number {
  const d = BLOCKS[i]!;
  const perStep = d.firepower / 6 + 0.35;
  return str * perStep * (d.type === 'navis' ? 0.6 : 1);
}

export interface Features {
  /** Force per location: [Caesar, Pompey]. */
  force: Map<string, [number, number]>;
  /** Blocks per location: [Caesar, Pompey]. */
  count: Map<string, [number, number]>;
  /** Strength points in each side's available pool. */
  pool: [number, number];
}

export const side = (r: Role): 0 | 1 => (r === 'Caesar' ? 0 : 1);

export function features(s: State): Features {
  const force = new Map<string, [number, number]>();
  const count = new Map<string, [number, number]>();
  const pool: [number, number] = [0, 0];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    const l = s.loc[i]!;
    if (l === POOL) {
      pool[BLOCKS[i]!.side === 'Caesar' ? 0 : 1] += 1;
      continue;
    }
    if (l === ELIMINATED || l === KILLED) continue;
    const k = s.side[i] === 'Caesar' ? 0 : 1;
    let f = force.get(l);
    if (!f) {
      force.set(l, (f = [0, 0]));
      count.set(l, [0, 0]);
    }
    f[k] += combatValue(i, s.str[i]!);
    count.get(l)![k]++;
  }
  return { force, count, pool };
}

export function forceAt(f: Features, loc: string, k: 0 | 1): number {
  return f.force.get(loc)?.[k] ?? 0;
}

export function countAt(f: Features, loc: string, k: 0 | 1): number {
  return f.count.get(loc)?.[k] ?? 0;
}

/** Enemy force one road away from a city (what could attack it next turn). */
export function threat(f: Features, loc: string, enemy: 0 | 1): number {
  let t = 0;
  for (const r of roads(loc)) t += forceAt(f, r.to, enemy);
  return t;
}

/** VP of a location (0 for seas and 0-VP cities). */
export function vpOf(loc: string): number {
  return isCity(loc) ? cityVp(loc) : 0;
}
