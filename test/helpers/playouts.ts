// Seeded random playouts of whole games, for any GameModule: the engine contract checked after
// every action (a pending role always has a legal action, apply accepts every listed one and never
// changes its input, no action nests deeper than the limit) and at the end (an outcome, replay from
// the seed and the actions gives the same state, the state is plain JSON). A game's own property
// tests add its invariants and its secrets (`check`); the contract test runs it over every game.
import { isDeepStrictEqual } from 'node:util';
import { MAX_ACTION_DEPTH, withinActionDepth } from '../../src/engine/kit/actions.js';
import type { Action, GameModule, SetupOptions } from '../../src/engine/types.js';
import { chooser } from './chooser.js';
import { testSeed } from './seeds.js';

/** A player: one of the legal actions (pick(n) is a seeded integer in [0, n)). */
export type Policy<S = any> = (s: S, legal: Action[], pick: (n: number) => number) => Action;

/** The contract's random player: uniform among the legal actions. */
export const uniform: Policy = (_s, legal, pick) => legal[pick(legal.length)]!;

export interface Playouts<S> {
  games: number;
  policy?: Policy<S>;
  /** Offsets the games' seeds and choices (so two runs of one game play different games). */
  salt?: number;
  /** The options of game g. */
  options?(g: number): SetupOptions;
  /** A game's own check after action n by role (its invariants, its secrets): a failure's words, or null. */
  check?(s: S, n: number, role: string, a: Action): string | null;
}

export interface PlayoutResult {
  failures: string[];
  actions: number;
  /** Games by winner ('draw' for none). */
  endings: Record<string, number>;
  /** The end states. */
  ends: unknown[];
}

/** Plays `games` seeded games of `m` to their end, checking the contract; stops at the first failure. */
export function playouts<S>(m: GameModule<S>, o: Playouts<S>): PlayoutResult {
  const policy = o.policy ?? uniform;
  const salt = o.salt ?? 0;
  const failures: string[] = [];
  const endings: Record<string, number> = {};
  const ends: unknown[] = [];
  let actions = 0;
  for (let g = 0; g < o.games && failures.length === 0; g++) {
    // Seeds spread by Knuth's multiplicative hash, so neighbouring seeds start far apart.
    const pick = chooser((g + 1 + salt) * 2654435761);
    const options = o.options?.(g) ?? {};
    const seed = testSeed(g + salt);
    let s = m.setup(seed, options);
    const log: [string, Action][] = [];
    for (let n = 0; ; n++) {
      const pending = m.pending(s);
      if (pending.length === 0) break;
      if (n > 20000) {
        failures.push(`game ${g}: no end after 20000 actions`);
        break;
      }
      const role = pending[pick(pending.length)]!;
      const legal = m.legalActions(s, role);
      if (legal.length === 0) {
        failures.push(`game ${g}: ${role} pending with no legal action`);
        break;
      }
      for (const l of legal) if (!withinActionDepth(l)) failures.push(`game ${g}: ${JSON.stringify(l)} nests deeper than MAX_ACTION_DEPTH (${MAX_ACTION_DEPTH})`);
      const a = policy(s, legal, pick);
      const prev = s;
      const before = n % 50 === 0 ? JSON.stringify(prev) : null;
      try {
        s = m.apply(prev, role, a);
      } catch (e) {
        failures.push(`game ${g}: apply threw on listed ${JSON.stringify(a)}: ${(e as Error).message}`);
        break;
      }
      if (before !== null && JSON.stringify(prev) !== before) failures.push(`game ${g}: apply mutated its input`);
      log.push([role, a]);
      actions++;
      const bad = o.check?.(s, n, role, a) ?? null;
      if (bad) {
        failures.push(`game ${g} after ${role}'s ${JSON.stringify(a)}: ${bad}`);
        break;
      }
    }
    if (failures.length) break;
    const outcome = m.outcome(s);
    if (!outcome) {
      failures.push(`game ${g}: ended without an outcome`);
      break;
    }
    endings[outcome.winner ?? 'draw'] = (endings[outcome.winner ?? 'draw'] ?? 0) + 1;
    // Replay from (seed, options, actions) gives the identical state; the state is plain JSON.
    let r = m.setup(seed, options);
    for (const [role, a] of log) r = m.apply(r, role, JSON.parse(JSON.stringify(a)));
    if (JSON.stringify(r) !== JSON.stringify(s)) failures.push(`game ${g}: replay differs`);
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(s)), s)) failures.push(`game ${g}: not plain JSON`);
    ends.push(s);
  }
  return { failures, actions, endings, ends };
}
