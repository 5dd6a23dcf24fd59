// mulberry32, the generator of games created before the keyed generator (src/engine/kit/random.ts).
// Its whole state is one 32-bit number, which a player can recover from their own hand by
// brute force, so it is kept only so that those stored games still replay and play on exactly
// as they began. New games never use it.

export interface HasLegacyRng {
  rng: number;
}

/** Next float in [0, 1); advances s.rng. */
function random(s: HasLegacyRng): number {
  let t = (s.rng = (s.rng + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [0, n), as legacy games drew it. */
export function legacyRandomInt(s: HasLegacyRng, n: number): number {
  return Math.floor(random(s) * n);
}

/** The generator state of a legacy game from its 32-bit seed. */
export function legacySeedState(seed: number): number {
  return (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
}
