// 7.2-7.3 The battle being fought, as both the rules and the view read it: whose blocks are in it,
// which are Reserves in Round 1, each block's initiative letter, and whose battle turn it is.
// Queries only: battles.ts changes the battle, flow.ts and view.ts only ask.

import type { Initiative } from './data/blocks.js';
import type { Role } from './roles.js';
import { BLOCK_COUNT, blockId, data, type Battle, type State } from './state.js';

const LETTERS: Initiative[] = ['A', 'B', 'C', 'D'];

/** Blocks of `role` in the active battle's location. */
export function inBattle(s: State, role: Role): number[] {
  const loc = s.battle!.loc;
  const out: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.loc[i] === loc && s.side[i] === role) out.push(i);
  return out;
}

/** Reserves take no part in Round 1 (7.3). */
export function isReserve(s: State, i: number): boolean {
  const b = s.battle!;
  return b.round === 1 && b.reserves.includes(blockId(i));
}

/** 3.12, 7.42: the Ballista is B when defending and D when attacking. */
export function letterOf(s: State, i: number): Initiative {
  const d = data(i);
  if (d.type === 'ballista') return s.side[i] === s.battle!.defender ? 'B' : 'D';
  return d.initiative;
}

/** 7.2: Defender A, Attacker A, ... Defender D, Attacker D; Mars/Neptune: the attackers first in Round 1. */
export function slotOrder(b: Battle): [Role, Initiative][] {
  if (b.surprise && b.round === 1) {
    return [...LETTERS.map((l): [Role, Initiative] => [b.attacker, l]), ...LETTERS.map((l): [Role, Initiative] => [b.defender, l])];
  }
  return LETTERS.flatMap((l): [Role, Initiative][] => [
    [b.defender, l],
    [b.attacker, l],
  ]);
}

/** The side acting now, when a battle turn is awaited. */
export function currentSlot(s: State): [Role, Initiative] | null {
  const b = s.battle;
  if (!b || b.hits) return null;
  return slotOrder(b)[b.slot] ?? null;
}
