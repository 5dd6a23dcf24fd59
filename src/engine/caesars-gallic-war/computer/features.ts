// What the computer's evaluation and playout policy read off a Caesar's Gallic War position, in one
// pass over the blocks: each side's fighting force per area (strength weighted by battle rating),
// the neutral tribes' strength, and the enemy force next door.

import { BLOCKS } from '../data/blocks.js';
import type { AreaId } from '../data/map.js';
import { AREA_IDS, neighbours } from '../map.js';
import type { Role } from '../roles.js';
import type { State } from '../state.js';

const NB = BLOCKS.length;

/** What a unit is worth in a fight: its steps, each scoring hits at its battle rating and absorbing one. */
export function combatValue(i: number, str: number): number {
  return str * STEP_VALUE[i]!;
}
const STEP_VALUE = Float64Array.from(BLOCKS, (b) => b.br / 6 + 0.3);

export interface Features {
  /** Force per area and side: at 3 * slot(area) + [Roman 0, Barbarian 1, neutral 2]. */
  force: Float64Array;
  /** Units per area and side, the same way. */
  count: Int32Array;
  total: [number, number];
}

export const side = (r: Role): 0 | 1 => (r === 'Roman' ? 0 : 1);

/** Each area's slot in the features' arrays (the search reads them at every playout step: arrays, not maps). */
const SLOT = new Map<string, number>(AREA_IDS.map((a, i) => [a, i]));
const SLOTS = AREA_IDS.length;

/** The areas holding units of side `k` (0 Roman, 1 Barbarian, 2 neutral). */
export function areasWith(f: Features, k: 0 | 1 | 2): AreaId[] {
  const out: AreaId[] = [];
  for (let a = 0; a < SLOTS; a++) if (f.count[3 * a + k]! > 0) out.push(AREA_IDS[a]!);
  return out;
}

export function features(s: State): Features {
  const force = new Float64Array(3 * SLOTS);
  const count = new Int32Array(3 * SLOTS);
  const total: [number, number] = [0, 0];
  for (let i = 0; i < NB; i++) {
    // On the map: in an area (the boxes off it, the pool, the eliminated and the removed are none).
    const a = SLOT.get(s.loc[i]!);
    if (a === undefined) continue;
    const o = s.owner[i];
    const k = o === 'Roman' ? 0 : o === 'Barbarian' ? 1 : 2;
    const v = s.str[i]! * STEP_VALUE[i]!;
    force[3 * a + k] += v;
    count[3 * a + k]++;
    if (k < 2) total[k as 0 | 1] += v;
  }
  return { force, count, total };
}

/**
 * The force of side `k` in one area, summed as features() sums it (the same blocks in the same
 * order: the same number). A battle's retreat and assault scores read only the battle's area, and
 * most of a playout's battle steps need nothing else: no features of the whole map for them.
 */
export function forceIn(s: State, at: string, k: 0 | 1 | 2): number {
  const owner = k === 0 ? 'Roman' : k === 1 ? 'Barbarian' : null;
  let sum = 0;
  for (let i = 0; i < NB; i++) if (s.loc[i] === at && s.owner[i] === owner) sum += s.str[i]! * STEP_VALUE[i]!;
  return sum;
}

export function forceAt(f: Features, at: string, k: 0 | 1 | 2): number {
  const a = SLOT.get(at);
  return a === undefined ? 0 : f.force[3 * a + k]!;
}

export function countAt(f: Features, at: string, k: 0 | 1 | 2): number {
  const a = SLOT.get(at);
  return a === undefined ? 0 : f.count[3 * a + k]!;
}

/** Enemy force one land border away. */
export function threat(f: Features, at: string, enemy: 0 | 1): number {
  let t = 0;
  for (const n of neighbours(at)) t += forceAt(f, n, enemy);
  return t;
}
