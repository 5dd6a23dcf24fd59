// The hooks of the computer's belief (src/engine/computer-knowledge.ts `BeliefHooks`) that are the
// same in every game: each game keeps its log as `{t}` entries and its generator as a ChaCha20 key
// and counter (a game's oldest states, from before the keyed generator, as a bare counter), so
// reading, re-keying and rewriting them is written once. A game adds what is its own: its start, what is hidden and how to deal it again,
// how its log is trimmed, and the words its log uses.
import type { RngState } from '../random.js';

interface Logged {
  log: { t: string | null }[];
  rng: RngState | number;
}

/** The shared hooks, with a game's own. `clearHistory` empties what a game keeps of earlier turns' logs, if it keeps any. */
export function defineBelief<S extends Logged, Own extends object>(own: Own & { clone(s: S): S; shallow(s: S): S }, clearHistory?: (s: S) => void) {
  return {
    ...own,
    /** Drops all of the log but its last entry. */
    trimLog(s: S): void {
      clearHistory?.(s);
      s.log = s.log.slice(-1);
    },
    /** Replaces the log by these lines, as everyone's text. */
    setLog(s: S, lines: readonly string[]): void {
      clearHistory?.(s);
      s.log = lines.map((t) => ({ t }));
    },
    /**
     * A shallow copy keyed `key` at `counter`: the game's own (`shallow`), of the shape its copies
     * have (a spread made another, and every rule that read both kinds of state paid for it).
     */
    withRng(s: S, key: string, counter: number): S {
      const n = own.shallow(s);
      n.rng = { v: 'chacha20', key, counter };
      return n;
    },
    rng(s: S): { key: string; counter: number } {
      const r = s.rng;
      return typeof r === 'number' ? { key: '', counter: r } : { key: r.key, counter: r.counter };
    },
  };
}
