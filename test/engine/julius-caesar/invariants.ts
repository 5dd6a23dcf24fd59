// Invariants of any reachable Julius Caesar state, checked after every action of the property
// tests' random games (properties.test.ts) and on every state the computer's belief rebuilds or
// samples (test/ai/).
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CITIES, ROADS, SEAS } from '../../../src/engine/julius-caesar/data/map.js';
import type { Role, State } from './helpers.js';

const ROLES: Role[] = ['Caesar', 'Pompey'];
const cityByName = new Map(CITIES.map((c) => [c.name, c]));
const seaNames = new Set<string>(SEAS);
const roadKind = new Map<string, string>();
for (const [a, b, k] of ROADS) roadKind.set(a < b ? `${a}|${b}` : `${b}|${a}`, k);

/** Invariants of any reachable state; returns the first violation found, or null. */
export function violation(s: State): string | null {
  if (s.loc.length !== 63 || s.str.length !== 63 || s.side.length !== 63) return 'not 63 blocks';
  for (let i = 0; i < 63; i++) {
    const b = BLOCKS[i]!;
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
  // 6.11: road counters within the limits (Pluto raises attack limits to 6 / 3 / 2).
  if (s.cmd) {
    const pluto = s.cmd.god === 'Pluto';
    for (const [key, n] of Object.entries(s.cmd.roads)) {
      const k = roadKind.get(key);
      if (!k) return `road counter on unknown edge ${key}`;
      const limit = k === 'major' ? (pluto ? 6 : 4) : k === 'minor' ? (pluto ? 3 : 2) : 2;
      if (n > limit) return `${n} blocks crossed ${key} (${k})`;
    }
    if (s.cmd.mp < 0 || s.cmd.lp < 0) return 'negative MP or LP';
  }
  if (s.battle) {
    for (const r of ROLES) {
      for (const [key, n] of Object.entries(s.battle.retreatRoads[r])) {
        const k = roadKind.get(key)!;
        if (n > (k === 'major' ? 4 : k === 'minor' ? 2 : 1)) return `${n} retreats across ${key}`;
      }
      if (s.battle.seaRetreats[r] > 1) return 'two sea retreats in a round';
    }
  }
  const cards = [...s.deck, ...s.hand.Caesar, ...s.hand.Pompey];
  if (new Set(cards).size !== cards.length) return 'a card in two places';
  return null;
}
