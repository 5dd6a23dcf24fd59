// The search's own generator: small and fast (sfc32), seeded from the budget's seed. Its outputs
// are not secret (they decide which futures the computer imagines, nothing about the game), so a
// stream cipher is not needed here; the game's own keyed generator is never touched.

export interface Rng {
  /** A uniform integer in [0, n), n >= 1. */
  int(n: number): number;
  /** A uniform float in [0, 1). */
  float(): number;
  /** A 64-hex-digit key for a sampled state's game generator (a fresh future, not the game's). */
  key(): string;
  /** A copy that continues the same sequence independently. */
  fork(): Rng;
  /** The state as four 32-bit words (to resume a sequence later). */
  save(): [number, number, number, number];
}

/** Four 32-bit words from any string (cyrb128), the seed of sfc32. */
export function hashWords(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A generator from a seed (any number or string: the same seed, the same sequence). */
export function createSearchRng(seed: number | string | [number, number, number, number]): Rng {
  const w = Array.isArray(seed) ? seed : hashWords(`alea-ai:${String(seed)}`);
  let a = w[0] | 0;
  let b = w[1] | 0;
  let c = w[2] | 0;
  let d = w[3] | 0;
  const next = (): number => {
    // sfc32
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  if (!Array.isArray(seed)) for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    int(n) {
      // n is small (lists of actions, cards): the bias of a 32-bit modulo is below 1e-6 and harmless here.
      return n <= 1 ? 0 : next() % n;
    },
    float: () => next() / 4294967296,
    key() {
      let out = '';
      for (let i = 0; i < 8; i++) out += next().toString(16).padStart(8, '0');
      return out;
    },
    fork: () => createSearchRng([next(), next(), next(), next()]),
    save: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
  return rng;
}
