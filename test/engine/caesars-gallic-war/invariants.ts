// Invariants of any reachable Caesar's Gallic War state, checked after every action of the
// property tests' random games (properties.test.ts) and on every state the computer's belief
// rebuilds or samples (test/ai/).
import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
import { CARDS } from '../../../src/engine/caesars-gallic-war/data/cards.js';
import { AREAS } from '../../../src/engine/caesars-gallic-war/data/map.js';
import type { Role, State } from './helpers.js';

const ROLES: Role[] = ['Roman', 'Barbarian'];
const areaIds = new Set<string>(AREAS.filter((a) => a.region !== 'sea').map((a) => a.id));
const OFF = new Set(['aside', 'pool', 'eliminated', 'removed']);

/** Invariants of any reachable state (facts.md f, checklist); the first violation found, or null. */
export function violation(s: State): string | null {
  if (s.loc.length !== 64 || s.str.length !== 64 || s.owner.length !== 64) return 'not 64 blocks';
  const perArea = new Map<string, number>();
  for (let i = 0; i < 64; i++) {
    const b = BLOCKS[i]!;
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
    if (s.owner[i] !== null) {
      const key = `${s.owner[i]}|${l}`;
      if (!(l === 'transalpine_gaul' && b.kind === 'legion') && l !== 'roman_off_map') perArea.set(key, (perArea.get(key) ?? 0) + 1);
    }
  }
  if (s.supply < 0 || s.supply > 19 || !Number.isInteger(s.supply)) return `supply ${s.supply}`;
  // Stacking: whenever a new card play begins, every loss owed for blocks beyond 6 has been taken
  // (checklist 70: each excess block costs a step; the blocks stay).
  if (s.step === 'play' && s.attrition.some((a) => a.left > 0)) return 'stacking losses left untaken';
  void perArea;
  const cards = [...s.deck, ...s.hand.Roman, ...s.hand.Barbarian, ...s.discard.Roman, ...s.discard.Barbarian, ...s.activated.Roman, ...s.activated.Barbarian];
  for (const r of ROLES) {
    if (s.played[r]) cards.push(s.played[r]!);
  }
  // 12 (checklist 182): turn 7's Massive Revolt waits aside for the bot's first card.
  if (s.solo?.massiveFirst) cards.push('massive-revolt');
  if (s.solo && s.hand.Barbarian.length > 0) return 'the bot holds cards';
  if (new Set(cards).size !== cards.length) return 'a card in two places';
  const inGame = CARDS.length - (s.massiveRevoltPlayed ? 1 : 0);
  if (cards.length !== inGame && !(s.massiveRevoltPlayed && cards.length === CARDS.length)) return `${cards.length} cards accounted for, not ${inGame}`;
  if (s.activations.Roman > 1 || s.activations.Barbarian > 2) return 'too many activations';
  if (s.raids > 1) return 'two raids in a year';
  return null;
}
