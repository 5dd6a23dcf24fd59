// What the computer's evaluation and playout policy read off a Caesar's Gallic War position, in one
// pass over the blocks: each side's fighting force per area (strength weighted by battle rating),
// the neutral tribes' strength, and the enemy force next door.

import { BLOCKS } from '../data/blocks.js';
import { neighbours } from '../map.js';
import type { Role } from '../roles.js';
import { onMap, type State } from '../state.js';

const NB = BLOCKS.length;

/** What a unit is worth in a fight: its steps, each scoring hits at its battle rating and absorbing one. */
export function combatValue(i: number, str: number): number {
  return str * (BLOCKS[i]!.br / 6 + 0.3);
}

export interface Features {
  /** Force per area: [Roman, Barbarian, neutral]. */
  force: Map<string, [number, number, number]>;
  /** Units per area: [Roman, Barbarian, neutral]. */
  count: Map<string, [number, number, number]>;
  total: [number, number];
}

export const side = (r: Role): 0 | 1 => (r === 'Roman' ? 0 : 1);

export function features(s: State): Features {
  const force = new Map<string, [number, number, number]>();
  const count = new Map<string, [number, number, number]>();
  const total: [number, number] = [0, 0];
  for (let i = 0; i < NB; i++) {
    if (!onMap(s, i)) continue;
    const l = s.loc[i]!;
    const o = s.owner[i];
    const k = o === 'Roman' ? 0 : o === 'Barbarian' ? 1 : 2;
    let f = force.get(l);
    if (!f) {
      force.set(l, (f = [0, 0, 0]));
      count.set(l, [0, 0, 0]);
    }
    const v = combatValue(i, s.str[i]!);
    f[k] += v;
    count.get(l)![k]++;
    if (k < 2) total[k as 0 | 1] += v;
  }
  return { force, count, total };
}

export function forceAt(f: Features, at: string, k: 0 | 1 | 2): number {
  return f.force.get(at)?.[k] ?? 0;
}

export function countAt(f: Features, at: string, k: 0 | 1 | 2): number {
  return f.count.get(at)?.[k] ?? 0;
}

/** Enemy force one land border away. */
export function threat(f: Features, at: string, enemy: 0 | 1): number {
  let t = 0;
  for (const n of neighbours(at)) t += forceAt(f, n, enemy);
  return t;
}
