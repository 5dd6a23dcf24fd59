// The games' random generator: the ChaCha20 keystream (RFC 8439) under a 256-bit secret key,
// read as 32-bit words. Players see many outputs (their own deal, every die), so the generator
// must not let anyone work back from outputs to the key or to later outputs: ChaCha20 is a
// stream cipher, built for exactly that, whereas a small PRNG (mulberry32, 32 bits of state)
// can be solved for from one hand. It is deterministic, so a game still replays from its seed.
//
// The state is plain JSON kept inside the game state (the key and how many words were drawn),
// and it is as secret as the opponent's hand: no view may carry it.
// @noble/ciphers is audited, pure JS (so the engine stays free of I/O and runs anywhere) and
// has no dependencies.

import { chacha20 } from '@noble/ciphers/chacha.js';
import { hexToBytes } from '@noble/ciphers/utils.js';

export interface RngState {
  v: 'chacha20';
  /** The 256-bit key, 64 lower-case hex digits: the game's secret seed. */
  key: string;
  /** 32-bit words of keystream drawn so far (word w is word w % 16 of block w / 16). */
  counter: number;
}

const SEED = /^[0-9a-f]{64}$/i;

/** A generator keyed by a 64-hex-digit (256-bit) seed; throws on anything else. */
export function createRng(seedHex: string): RngState {
  if (typeof seedHex !== 'string' || !SEED.test(seedHex)) {
    throw new Error('A seed is 64 hexadecimal digits (256 bits).');
  }
  return { v: 'chacha20', key: seedHex.toLowerCase(), counter: 0 };
}

/** A copy of a generator state, of the one object shape createRng makes (the search reads many: one shape keeps them cheap). */
export function copyRng(r: RngState): RngState {
  return { v: 'chacha20', key: r.key, counter: r.counter };
}

/** Is this a generator state made by createRng (as opposed to, say, a legacy number)? */
export function isRngState(x: unknown): x is RngState {
  if (x === null || typeof x !== 'object') return false;
  const r = x as Record<string, unknown>;
  return r.v === 'chacha20' && typeof r.key === 'string' && SEED.test(r.key) && Number.isSafeInteger(r.counter) && (r.counter as number) >= 0;
}

// One block of keystream is 16 words. The last block computed is kept (a memo: the result depends
// on the key and block number only), so drawing 16 words costs one ChaCha20 block, not 16.
const NONCE = new Uint8Array(12);
const ZEROS = new Uint8Array(64);
const blockBytes = new Uint8Array(64);
const blockView = new DataView(blockBytes.buffer);
let memoKey = '';
let memoKeyBytes: Uint8Array = new Uint8Array(32);
let memoBlock = -1;
/** RFC 8439's block counter is 32 bits. */
const MAX_BLOCK = 0xffffffff;

/** The next uniform 32-bit unsigned integer; advances rng. */
export function nextUint32(rng: RngState): number {
  const block = Math.floor(rng.counter / 16);
  if (block > MAX_BLOCK) throw new Error('This generator is exhausted (2^36 words drawn).');
  if (block !== memoBlock || rng.key !== memoKey) {
    if (rng.key !== memoKey) {
      memoKeyBytes = hexToBytes(rng.key);
      memoKey = rng.key;
    }
    chacha20(memoKeyBytes, NONCE, ZEROS, blockBytes, block);
    memoBlock = block;
  }
  const word = blockView.getUint32((rng.counter % 16) * 4, true);
  rng.counter++;
  return word;
}

const TWO_32 = 0x1_0000_0000;

/**
 * A uniform integer in [0, n), for an integer n in 1..2^32, without modulo bias: a 32-bit draw at
 * or above the largest multiple of n is thrown away and drawn again (rejection sampling).
 */
export function randomInt(rng: RngState, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`randomInt needs an integer n in 1..2^32, not ${n}.`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/** One six-sided die: 1..6. */
export function rollD6(rng: RngState): number {
  return randomInt(rng, 6) + 1;
}

/** Fisher-Yates shuffle in place; returns items. */
export function shuffle<T>(rng: RngState, items: T[]): T[] {
  return shuffleBy((n) => randomInt(rng, n), items);
}

/**
 * Fisher-Yates shuffle in place with any source of uniform integers in [0, n) (a game's legacy
 * generator too, which must keep shuffling exactly as it did); returns items.
 */
export function shuffleBy<T>(below: (n: number) => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    const x = items[i]!;
    items[i] = items[j]!;
    items[j] = x;
  }
  return items;
}

/** A copy that draws independently of the original (states are plain JSON). */
export function cloneRng(rng: RngState): RngState {
  return { v: rng.v, key: rng.key, counter: rng.counter };
}
