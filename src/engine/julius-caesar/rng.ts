// The seeded generator that lives in the game state (the engine never calls Math.random):
// mulberry32, a small 32-bit generator that is fast and well distributed for dice and shuffles.
// Its whole state is one unsigned 32-bit integer, so a game replays from (seed, actions).

export interface HasRng {
  rng: number;
}

/** Next float in [0, 1); advances s.rng. */
export function random(s: HasRng): number {
  let t = (s.rng = (s.rng + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A uniform integer in [0, n). */
export function randomInt(s: HasRng, n: number): number {
  return Math.floor(random(s) * n);
}

export function rollD6(s: HasRng): number {
  return randomInt(s, 6) + 1;
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(s: HasRng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(s, i + 1);
    const x = items[i]!;
    items[i] = items[j]!;
    items[j] = x;
  }
  return items;
}

/** Turns any number into a valid generator state. */
export function seedState(seed: number): number {
  return (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
}
