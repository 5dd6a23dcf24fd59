// A tiny seeded generator (xorshift32) for players that choose random legal actions: tests,
// property tests and benchmarks. The engine has its own generator, inside the game state.

/** Returns pick(n): an integer in [0, n), the same sequence for the same seed. */
export function chooser(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}
