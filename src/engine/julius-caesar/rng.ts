// The game's generator lives in the state (the engine never calls Math.random), so a game replays
// from (seed, options, actions). New games carry the kit's keyed ChaCha20 generator (an object);
// games stored before it carry a mulberry32 number and keep drawing from it (legacy-rng.ts).

import { randomInt as keyedInt, shuffleBy, type RngState } from '../kit/random.js';
import { legacyRandomInt } from './legacy-rng.js';

export interface HasRng {
  rng: RngState | number;
}

/** A uniform integer in [0, n); advances the state's generator. */
export function randomInt(s: HasRng, n: number): number {
  return typeof s.rng === 'number' ? legacyRandomInt(s as { rng: number }, n) : keyedInt(s.rng, n);
}

export function rollD6(s: HasRng): number {
  return randomInt(s, 6) + 1;
}

/** Fisher-Yates shuffle in place (the same for both generators). */
export function shuffle<T>(s: HasRng, items: T[]): T[] {
  return shuffleBy((n) => randomInt(s, n), items);
}

/** Did anything draw from the generator between these two states? */
export function sameDraws(a: HasRng, b: HasRng): boolean {
  if (typeof a.rng === 'number' || typeof b.rng === 'number') return a.rng === b.rng;
  return a.rng.key === b.rng.key && a.rng.counter === b.rng.counter;
}
