// The benchmarks' statistics: a proportion's Wilson interval, and percentages as they are printed.

/** Wilson score interval (95%) of a proportion p over n trials. */
export function wilson(p: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

export const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

/** "k of n" as a percentage with its interval: "12% [9%, 16%] of 1000" (k may count a draw as a half). */
export function rate(k: number, n: number): string {
  const p = n ? k / n : 0;
  const [lo, hi] = wilson(p, n);
  return `${pct(p)} [${pct(lo)}, ${pct(hi)}] of ${n}`;
}
