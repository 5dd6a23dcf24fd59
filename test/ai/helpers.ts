// Helpers for the computer opponent's tests: seeded random games of either game, observed from
// each role the way the service will observe them (what each role saw), and the invariants every
// state of each game must keep (the property tests' checks, mirrored: a rebuilt or sampled state
// must be as legal as a played one).

import { games, type Action } from '../../src/engine/index.js';
import { Observer } from '../../src/ai/observe.js';
import type { ComputerInput } from '../../src/ai/types.js';
import { BLOCKS as JC_BLOCKS } from '../../src/engine/julius-caesar/data/blocks.js';
import { CITIES, SEAS } from '../../src/engine/julius-caesar/data/map.js';
import type { State as JCState } from '../../src/engine/julius-caesar/state.js';
import { BLOCKS as CGW_BLOCKS } from '../../src/engine/caesars-gallic-war/data/blocks.js';
import { AREAS } from '../../src/engine/caesars-gallic-war/data/map.js';
import { CARDS as CGW_CARDS } from '../../src/engine/caesars-gallic-war/data/cards.js';
import type { State as CGWState } from '../../src/engine/caesars-gallic-war/state.js';
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

// ---- invariants (as test/engine/<game>/properties.test.ts checks them) ----

const cityByName = new Map(CITIES.map((c) => [c.name, c]));
const seaNames = new Set<string>(SEAS);

function jcViolation(s: JCState): string | null {
  for (let i = 0; i < JC_BLOCKS.length; i++) {
    const b = JC_BLOCKS[i]!;
    const l = s.loc[i]!;
    const str = s.str[i]!;
    const off = l === 'pool' || l === 'eliminated' || l === 'killed';
    if (!off && !cityByName.has(l) && !seaNames.has(l)) return `${b.id} at unknown place ${l}`;
    if (off && str !== 0) return `${b.id} off the map with strength ${str}`;
    if (!off && (str < 1 || str > b.max)) return `${b.id} strength ${str} outside 1..${b.max}`;
    if (!off && b.type === 'elephant' && str !== 2 && str !== 4) return `elephant at strength ${str}`;
    if (b.type === 'navis' && cityByName.has(l) && cityByName.get(l)!.seas.length === 0) return `${b.id} inland in ${l}`;
    if (b.type !== 'navis' && seaNames.has(l)) return `${b.id} (land) at sea in ${l}`;
    if (l === 'killed' && b.type !== 'leader') return `${b.id} killed but not a leader`;
    if (b.id === 'CLEO' && off) return 'Cleopatra off the map';
    if (off && s.side[i] !== b.side) return `${b.id} in the wrong pool`;
  }
  if (s.cmd && (s.cmd.mp < 0 || s.cmd.lp < 0)) return 'negative MP or LP';
  const cards = [...s.deck, ...s.hand.Caesar, ...s.hand.Pompey];
  if (new Set(cards).size !== cards.length) return 'a card in two places';
  return null;
}

const OFF = new Set(['aside', 'pool', 'eliminated', 'removed']);
const areaIds = new Set<string>(AREAS.map((a) => a.id));

function cgwViolation(s: CGWState): string | null {
  for (let i = 0; i < CGW_BLOCKS.length; i++) {
    const b = CGW_BLOCKS[i]!;
    const l = s.loc[i]!;
    const str = s.str[i]!;
    if (OFF.has(l)) {
      if (str !== 0) return `${b.id} off the map with strength ${str}`;
      continue;
    }
    if (!areaIds.has(l)) return `${b.id} at unknown place ${l}`;
    if (!b.steps.includes(str)) return `${b.id} strength ${str} not one of ${b.steps.join('/')}`;
    if (s.owner[i] === null && (b.kind !== 'tribe' || b.home !== l)) return `${b.id} neutral away from home in ${l}`;
    if (l === 'germania' && b.kind !== 'german' && b.kind !== 'german-leader' && b.kind !== 'legion') return `${b.id} in Germania`;
    if (l === 'roman_off_map' && b.kind !== 'legion') return `${b.id} in Off-Map`;
    if (b.kind === 'legion' && s.owner[i] !== 'Roman') return `${b.id} a legion not the Roman's`;
  }
  if (s.supply < 0 || s.supply > 19) return `supply ${s.supply}`;
  const cards = [...s.deck, ...s.hand.Roman, ...s.hand.Barbarian, ...s.discard.Roman, ...s.discard.Barbarian, ...s.activated.Roman, ...s.activated.Barbarian];
  for (const r of ['Roman', 'Barbarian'] as const) if (s.played[r]) cards.push(s.played[r]!);
  if (new Set(cards).size !== cards.length) return 'a card in two places';
  const inGame = CGW_CARDS.length - (s.massiveRevoltPlayed ? 1 : 0);
  if (cards.length !== inGame && !(s.massiveRevoltPlayed && cards.length === CGW_CARDS.length)) return `${cards.length} cards accounted for, not ${inGame}`;
  return null;
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
