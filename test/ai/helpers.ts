// Helpers for the computer opponent's tests: seeded random games of either game, observed from
// each role the way the service will observe them (what each role saw), and the invariants every
// state of each game must keep (the property tests' own checks: a rebuilt or sampled state must
// be as legal as a played one).

import { readFileSync } from 'node:fs';
import { games, storedGameSetup, type Action, type SetupOptions } from '../../src/engine/index.js';
import { hiddenCardsOf, type CardHolders } from '../../src/engine/kit/computer/hidden-cards.js';
import { Observer } from '../../src/search/observer.js';
import type { ComputerInput } from '../../src/search/types.js';
import type { State as JCState } from '../../src/engine/julius-caesar/state.js';
import type { State as CGWState } from '../../src/engine/caesars-gallic-war/state.js';
import { violation as jcViolation } from '../engine/julius-caesar/invariants.js';
import { violation as cgwViolation } from '../engine/caesars-gallic-war/invariants.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

export const GAME_IDS = ['julius-caesar', 'caesars-gallic-war'] as const;
export type GameId = (typeof GAME_IDS)[number];

export interface Position {
  game: GameId;
  state: unknown;
  role: string;
  input: ComputerInput;
  /** The index of the game and of the action in it. */
  g: number;
  n: number;
}

/**
 * Plays seeded random games and yields, every `every` actions, a position for each role with a
 * legal action, with that role's input as the service would build it (one Observer per role,
 * shared by the positions of a game, as the service's history is).
 */
export function* positions(game: GameId, count: number, every: number, offset = 0): Generator<Position> {
  const m = games[game]!;
  for (let g = offset; g < offset + count; g++) {
    const pick = chooser((g + 1) * 2654435761);
    let s = m.setup(testSeed(77_000 + g), game === 'julius-caesar' && g % 3 === 2 ? { scenario: 'free-deployment' } : {});
    const observers = Object.fromEntries(m.roles.map((r) => [r, new Observer(m as never, r, s)])) as Record<string, Observer<unknown, { log: string[] }>>;
    for (let n = 0; ; n++) {
      const pending = m.pending(s);
      if (pending.length === 0) break;
      if (n % every === every - 1) {
        for (const role of m.roles) {
          if (m.legalActions(s, role).length === 0) continue;
          yield { game, state: s, role, input: observers[role]!.input(s), g, n };
        }
      }
      const role = pending[pick(pending.length)]!;
      const legal = m.legalActions(s, role);
      const a: Action = legal[pick(legal.length)]!;
      s = m.apply(s, role, a);
      for (const r of m.roles) observers[r]!.push(role, a, s);
    }
  }
}

/**
 * A recorded game (a fixture in test/fixtures: its game, seed, options and actions) replayed: before
 * each action and after the last, a position for each role with a legal action, its input built
 * as `positions` builds it (g is 0).
 */
export function* recorded(file: string): Generator<Position> {
  const r = JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as { game: GameId; seed: string; options: SetupOptions; actions: { role: string; action: Action }[] };
  const m = games[r.game]!;
  // A game stored before the rules' revisions: replayed under the first (kit/revisions.ts).
  let s = m.setup(r.seed, storedGameSetup(m, r.options));
  const observers = Object.fromEntries(m.roles.map((x) => [x, new Observer(m as never, x, s)])) as Record<string, Observer<unknown, { log: string[] }>>;
  for (let n = 0; n <= r.actions.length; n++) {
    for (const role of m.roles) {
      if (m.legalActions(s, role).length === 0) continue;
      yield { game: r.game, state: s, role, input: observers[role]!.input(s), g: 0, n };
    }
    const next = r.actions[n];
    if (!next) break;
    s = m.apply(s, next.role, next.action);
    for (const x of m.roles) observers[x]!.push(next.role, next.action, s);
  }
}

/** The first broken invariant of a state of `game`, or null. */
export function violation(game: GameId, s: unknown): string | null {
  return game === 'julius-caesar' ? jcViolation(s as JCState) : cgwViolation(s as CGWState);
}

/** What `role` cannot see differs between two states (the other side's blocks or cards). */
export function hiddenDiffers(game: GameId, a: unknown, b: unknown, role: string): boolean {
  const x = a as { loc: string[]; str: number[]; hand: Record<string, string[]>; deck: string[] };
  const y = b as typeof x;
  const opp = games[game]!.roles.find((r) => r !== role)!;
  return (
    JSON.stringify(x.loc) !== JSON.stringify(y.loc) ||
    JSON.stringify(x.str) !== JSON.stringify(y.str) ||
    JSON.stringify([...x.hand[opp]!].sort()) !== JSON.stringify([...y.hand[opp]!].sort()) ||
    JSON.stringify(x.deck) !== JSON.stringify(y.deck)
  );
}

/**
 * The cards `role` has not seen played, as one sorted list: the deck, the opponent's hand, his
 * sealed card and (Julius Caesar) his face-down discard. Every card played is shown, so these are
 * the same cards in the true state and in any belief of it, however they are dealt.
 */
export function unseenCards(game: GameId, s: unknown, role: string): string[] {
  const x = s as CardHolders<string> & { discard: Record<string, string | null> };
  const opp = games[game]!.roles.find((r) => r !== role)!;
  return [...hiddenCardsOf(x, opp, game === 'julius-caesar' ? x.discard : undefined).all()].sort();
}
