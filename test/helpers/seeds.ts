// Engine seeds for tests and benchmarks: a 64-hex-digit seed (what the service draws at random)
// made from a small number, so a test can name "seed 7" and get the same game every run.
import { createHash } from 'node:crypto';

export function testSeed(n: number): string {
  return createHash('sha256').update(`alea test seed ${n}`).digest('hex');
}
