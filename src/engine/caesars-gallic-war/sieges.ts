// 6B Sieges and fortresses, 6D the Alps: who may be inside a fort, initiative inside during an
// assault, and double defence.
//
// Actions:
//   fort:    { type: 'fort', blocks: [...] }   the defenders going inside (possibly none)
//   assault: { type: 'assault' } / { type: 'retreat-all' }
//   sortie:  { type: 'sortie', blocks: [...] } the besieged joining a relief (6 B2), possibly none

import { BLOCKS } from './data/blocks.js';
import type { Action } from '../types.js';
import type { Initiative } from './data/blocks.js';
import { fortCapacity, HELVETII } from './map.js';
import {
  blockId,
  data,
  isTribe,
  type Battle,
  type State,
} from './state.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

export function insideCount(s: State, at: string): number {
  let n = 0;
  for (let i = 0; i < NB; i++) if (s.loc[i] === at && s.inFort[i]) n++;
  return n;
}

/** A Gallic tribe defending its own home area with a fort must be chosen first (6B). */
function homeTribe(i: number, at: string): boolean {
  return isTribe(i) && data(i).home === at;
}

/**
 * The sets of defending main units that may declare themselves inside at the start (6B, checklist
 * 89, 90): up to the fort's capacity; home tribes first.
 */
export function fortChoices(s: State, defenders: number[], at: string): number[][] {
  const cap = fortCapacity(at);
  const out: number[][] = [[]];
  if (cap === 0) return out;
  const home = defenders.filter((i) => homeTribe(i, at));
  const valid = (set: number[]) => set.filter((i) => homeTribe(i, at)).length === Math.min(set.length, home.length);
  for (let a = 0; a < defenders.length; a++) {
    if (valid([defenders[a]!])) out.push([defenders[a]!]);
    if (cap < 2) continue;
    for (let b = a + 1; b < defenders.length; b++) {
      const set = [defenders[a]!, defenders[b]!];
      if (valid(set)) out.push(set);
    }
  }
  return out;
}

export function fortActions(s: State, defenders: number[], at: string): Action[] {
  return fortChoices(s, defenders, at).map((set) => ({ type: 'fort', blocks: set.map(blockId) }));
}

/** 6 B2: every subset of the units inside may sortie to join the relief (forts hold 1 or 2). */
export function sortieActions(inside: number[]): Action[] {
  const sets: number[][] = [[]];
  for (const i of inside) for (const set of sets.slice()) sets.push([...set, i]);
  return sets.map((set) => ({ type: 'sortie', blocks: set.map(blockId) }));
}

const BETTER: Record<Initiative, Initiative> = { A: 'A', B: 'A', C: 'B', D: 'C' };

/**
 * The initiative letter a unit acts on: one better inside a fort during an assault (6B), or for
 * Barbarian defenders against a Roman main force that came by sea (6E); never more than one better.
 */
export function letterOf(s: State, b: Battle, i: number): Initiative {
  const base = data(i).initiative;
  const inside = b.phase === 'assault' && s.inFort[i];
  const amphibious = b.via === 'sea' && s.owner[i] === b.defender && b.attacker === 'Roman';
  return inside || amphibious ? BETTER[base] : base;
}

/** Double defence: every defender in the Alps (6D), and units inside a fort against an assault (6B). */
export function doubleDefence(s: State, b: Battle, i: number): boolean {
  if (s.owner[i] !== b.defender) return false;
  return b.area === HELVETII || (b.phase === 'assault' && s.inFort[i]);
}
