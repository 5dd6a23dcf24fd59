// The keyed generator of src/engine/kit/random.ts: ChaCha20 as specified, every seed digit
// counts, uniform draws without modulo bias, and a JSON state that replays.

import t from 'tap';
import { cloneRng, createRng, isRngState, nextUint32, randomInt, rollD6, shuffle } from '../../../src/engine/kit/random.js';

const ZERO = '0'.repeat(64);
const SEED = '3f'.repeat(32);

t.test('the keystream is RFC 8439 ChaCha20 (appendix A.1, test vectors 1 and 2)', async (t) => {
  const rng = createRng(ZERO);
  const words = Array.from({ length: 32 }, () => nextUint32(rng));
  // Vector 1 (block 0) starts 76 b8 e0 ad a0 f1 3d 90; vector 2 (block 1) starts 9f 07 e7 be 55 51 38 7a.
  t.equal(words[0], 0xade0b876);
  t.equal(words[1], 0x903df1a0);
  t.equal(words[16], 0xbee7079f);
  t.equal(words[17], 0x7a385155);
  t.equal(rng.counter, 32);
});

t.test('a seed is exactly 64 hex digits; anything else throws', async (t) => {
  for (const bad of ['', '0'.repeat(63), '0'.repeat(65), 'g'.repeat(64), ' ' + '0'.repeat(63), 12345 as unknown as string]) {
    t.throws(() => createRng(bad), /64 hexadecimal digits/);
  }
  t.same(createRng('AB'.repeat(32)), { v: 'chacha20', key: 'ab'.repeat(32), counter: 0 });
});

t.test('every one of the 64 hex digits of the seed changes the outputs', async (t) => {
  const base = Array.from({ length: 4 }, ((r) => () => nextUint32(r))(createRng(SEED)));
  for (let i = 0; i < 64; i++) {
    const digit = SEED[i] === '3' ? '4' : '3';
    const r = createRng(SEED.slice(0, i) + digit + SEED.slice(i + 1));
    const out = Array.from({ length: 4 }, () => nextUint32(r));
    t.notSame(out, base, `digit ${i}`);
  }
});

t.test('the state is plain JSON: a copy continues exactly where the original would', async (t) => {
  const a = createRng(SEED);
  for (let i = 0; i < 21; i++) randomInt(a, 1000);
  const b = JSON.parse(JSON.stringify(a));
  t.ok(isRngState(b));
  const c = cloneRng(a);
  const fromA = Array.from({ length: 40 }, () => randomInt(a, 97));
  t.same(Array.from({ length: 40 }, () => randomInt(b, 97)), fromA);
  t.same(Array.from({ length: 40 }, () => randomInt(c, 97)), fromA);
  t.notOk(isRngState(12345));
  t.notOk(isRngState({ v: 'chacha20', key: 'x', counter: 0 }));
});

t.test('randomInt is uniform in [0, n) and rejects the biased top of the 32-bit range', async (t) => {
  const rng = createRng(SEED);
  // n = 3 * 2^30: taking x % n of every 32-bit word would give [0, 2^30) twice the weight (1/2
  // of draws instead of 1/3). Rejection sampling keeps it at 1/3.
  const n = 3 * 2 ** 30;
  let low = 0;
  let outside = 0;
  const draws = 30_000;
  for (let i = 0; i < draws; i++) {
    const x = randomInt(rng, n);
    if (!(Number.isInteger(x) && x >= 0 && x < n)) outside++;
    if (x < 2 ** 30) low++;
  }
  t.equal(outside, 0, 'every draw in [0, n)');
  t.ok(Math.abs(low / draws - 1 / 3) < 0.02, `share of the low third: ${low / draws}`);
  t.ok(rng.counter > draws, 'some draws were rejected and drawn again');

  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 60_000; i++) counts[rollD6(rng) - 1]!++;
  for (const c of counts) t.ok(Math.abs(c - 10_000) < 400, `each face about 1/6: ${counts.join(',')}`);
  t.equal(randomInt(rng, 1), 0);
  for (const bad of [0, -1, 1.5, 2 ** 32 + 1, NaN]) t.throws(() => randomInt(rng, bad), RangeError);
});

t.test('shuffle permutes in place, the same way for the same state', async (t) => {
  const items = Array.from({ length: 27 }, (_, i) => i);
  const a = shuffle(createRng(SEED), [...items]);
  const b = shuffle(createRng(SEED), [...items]);
  t.same(a, b);
  t.notSame(a, items);
  t.same([...a].sort((x, y) => x - y), items);
  // Every position gets every item about equally often over many shuffles (Fisher-Yates, not a biased sort).
  const rng = createRng(SEED);
  const firstIsZero = Array.from({ length: 5 }, () => 0);
  for (let i = 0; i < 20_000; i++) firstIsZero[shuffle(rng, [0, 1, 2, 3, 4]).indexOf(0)]!++;
  for (const c of firstIsZero) t.ok(Math.abs(c - 4000) < 250, `position of item 0: ${firstIsZero.join(',')}`);
});
