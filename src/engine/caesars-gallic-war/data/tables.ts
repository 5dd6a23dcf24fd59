// Look-up tables of Caesar's Gallic War (2nd edition), transcribed from facts.md (f) and (h).

import type { AreaId } from './map.js';

/** Turns 1-8 are 58-51 BC. */
export const TURNS = 8;
export const YEAR_BC: readonly number[] = [58, 57, 56, 55, 54, 53, 52, 51];

/** Cards dealt to each player: 4 on turn 1, 5 afterwards (5.1). */
export const HAND_SIZE = (turn: number): number => (turn === 1 ? 4 : 5);

export const SUPPLY_MIN = 0;
export const SUPPLY_MAX = 19;
export const START_SUPPLY = 15;

/** Blocks a player may have in one area before attrition (5.2.1E). */
export const STACKING_LIMIT = 6;

/** Units per player per card play across a border (5.2.1E); naval moves: 2 per group. */
export const BORDER_LIMIT = { black: 4, blue: 2, rhine: 2, limited: Infinity, sea: 2 } as const;

/** Neutral Tribe Activations per year (5.2.1C). */
export const ACTIVATIONS_PER_YEAR = { Roman: 1, Barbarian: 2 } as const;

/** Harvest (7.1): garrison limit and supply change by the 1d6 roll. */
export function harvest(roll: number): { garrison: number; supply: number } {
  if (roll === 1) return { garrison: 1, supply: -2 };
  if (roll === 6) return { garrison: 3, supply: 2 };
  return { garrison: 2, supply: 0 };
}

/** Roman VP awarded at once (9.0). */
export const VP = {
  germanEliminated: 1,
  ariovistusEliminated: 2,
  vercingetorixEliminated: 3,
  legionEliminated: -5,
  perControlledArea: 1,
  massiveRevoltOption: 1,
  // Without Yearly Objectives only:
  britanniaInvasion: 2,
  germaniaInvasion: 2,
  britanniaTribeEliminated: 1,
  britanniaTribeEliminatedMax: 2,
} as const;

/** Victory levels at the end of turn 8 (9.0), highest first; below the last is a Barbarian victory. */
export const VICTORY: readonly { vp: number; level: string }[] = [
  { vp: 110, level: 'Massive Roman victory' },
  { vp: 100, level: 'Major Roman victory' },
  { vp: 90, level: 'Minor Roman victory' },
];

/** Massive Revolt option A (5.1): the Roman's VP and controlled tribal areas that allow it. */
export const MASSIVE_REVOLT_OPTION = { vp: 80, areas: 13, turnB: 7 } as const;

// ---- solitaire (12) ----

export type RandomRegion = 'aquitania' | 'celtae-west' | 'celtae-east' | 'celtae-central' | 'belgica';

/** Random Tribe Selection, first roll (2d6): the region. */
export function randomRegion(twoD6: number): RandomRegion {
  if (twoD6 <= 3) return 'aquitania';
  if (twoD6 <= 5) return 'celtae-west';
  if (twoD6 <= 7) return 'celtae-east';
  if (twoD6 <= 9) return 'celtae-central';
  return 'belgica';
}

/**
 * Random Tribe Selection, second roll (1d6): the area. Celtae East 6 is "roll again: 1-3
 * Allobroges, 4-6 Helvetii", written here as the pair.
 */
export const RANDOM_AREA: Record<RandomRegion, readonly (AreaId | readonly [AreaId, AreaId])[]> = {
  aquitania: ['tarbelli', 'tarbelli', 'tarbelli', 'tolosates', 'tolosates', 'tolosates'],
  belgica: ['atrebates', 'bellovaci', 'mediomatrici', 'menapi', 'atuatuci', 'treveri'],
  'celtae-east': ['aedui', 'boii', 'leuci', 'mandubii', 'sequani', ['allobroges', 'helvetii']],
  'celtae-west': ['osismi', 'veneti', 'santones', 'pictones', 'andes', 'cadurci'],
  'celtae-central': ['arverni', 'bituriges', 'britannia', 'carnutes', 'esuvii', 'volcae'],
};

/** Vercingetorix Home Area (2d6), indexed by the roll 2..12. */
export function vercingetorixHome(twoD6: number): AreaId {
  if (twoD6 <= 2) return 'carnutes';
  if (twoD6 === 3) return 'cadurci';
  if (twoD6 <= 5) return 'bellovaci';
  if (twoD6 <= 7) return 'arverni';
  if (twoD6 <= 9) return 'mandubii';
  if (twoD6 <= 11) return 'bituriges';
  return 'sequani';
}

/**
 * Historical Reinforcements (optional, 11): the highest 1d6 roll that brings each legion in, by
 * turn (6 = automatic). Turn 3 for XIII/XIV is missing from the rules: 1-4 (checklist 153).
 */
export const HISTORICAL_REINFORCEMENTS: readonly { legions: readonly string[]; byTurn: Readonly<Record<number, number>> }[] = [
  { legions: ['legio-XIII', 'legio-XIV'], byTurn: { 1: 2, 2: 3, 3: 4, 4: 6 } },
  { legions: ['legio-I', 'legio-XV'], byTurn: { 5: 3, 6: 4, 7: 6 } },
];
