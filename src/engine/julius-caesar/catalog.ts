// The game's public data, in one JSON document for clients (GET /v1/catalog/julius-caesar):
// the map with positions, roads and seas, the public identity of every block, and the cards.
// Everything here is printed on the board, the blocks or the cards; nothing depends on a game.

import type { Json } from '../types.js';
import { BLOCKS, type BlockData } from './data/blocks.js';
import { CARDS, type GodName } from './data/cards.js';
import { CITY_POSITIONS, SEA_LABELS } from './data/geo.js';
import { CITIES, ROADS, SEA_LINKS, SEAS, STRAITS } from './data/map.js';
import { ROLES } from './roles.js';

/** What each God card does, in this project's own words (a summary of the card, not its text). */
export const GOD_TEXT: Record<GodName, string> = {
  Apollo: "Becomes a copy of the card your opponent played last turn: its move and levy values, or its god's power. The copy also decides who is Player 1.",
  Jupiter: 'Pick an enemy-held city next to one of your own cities: one of its blocks, drawn at random, changes sides and joins you. A leader or navis drawn that way is shown and loses a step.',
  Mars: 'One group move of land blocks. In one battle you attack this turn, all your attacking blocks fire before any defender in the first round.',
  Mercury: 'One group move of land blocks in which each block may go one city further than usual: three cities, or two and then an attack.',
  Neptune: 'One group move of navis only. In one battle your ships attack this turn, they fire before any defender in the first round.',
  Pluto: 'One group move of land blocks whose attacks may use more of a road than usual (major 6, minor 3, strait 2). Other moves, responses, retreats and regroups keep the normal limits.',
  Vulcan: 'Pick one enemy city: every block in it loses a step at once. Blocks already at their last step are eliminated, except Cleopatra.',
};

/** Rules of single blocks worth showing beside them (own words). */
const BLOCK_NOTES: Record<string, string> = {
  'C-BAL': 'Fires at B when defending, at D when attacking.',
  'P-BAL': 'Fires at B when defending, at D when attacking.',
  'P-ELE': 'Has only two steps, IV and II.',
  CLEO: 'Starts with Pompey; may change sides. Never eliminated by Vulcan at strength I.',
  'C-Octavian': 'Levied only after a Caesar leader is killed.',
  'P-Brutus': 'Levied only after a Pompey leader is killed.',
};

const straitName = new Map(Object.entries(STRAITS).map(([name, [a, b]]) => [[a, b].sort().join('|'), name]));

function block(b: BlockData): Json {
  return {
    id: b.id,
    name: b.name,
    side: b.side,
    type: b.type,
    initiative: b.initiative,
    firepower: b.firepower,
    maxStrength: b.max,
    leader: b.type === 'leader',
    cleopatra: b.type === 'cleopatra',
    navis: b.type === 'navis',
    reserveLeader: b.reserveLeader === true,
    levy: b.levy,
    start: b.start,
    note: BLOCK_NOTES[b.id] ?? null,
  };
}

export function catalog(): { [key: string]: Json } {
  return {
    game: 'julius-caesar',
    title: 'Julius Caesar',
    roles: [...ROLES],
    cities: CITIES.map((c) => {
      const at = CITY_POSITIONS[c.name]!;
      return { id: c.name, name: c.name, vp: c.vp, port: c.seas.length > 0, majorPort: c.major, seas: [...c.seas], island: c.island, lat: at.lat, lon: at.lon };
    }),
    seas: SEAS.map((s) => ({
      id: s,
      name: s,
      lat: SEA_LABELS[s]!.lat,
      lon: SEA_LABELS[s]!.lon,
      ports: CITIES.filter((c) => c.seas.includes(s)).map((c) => c.name),
      adjacentSeas: SEA_LINKS.filter((l) => l.includes(s)).map(([a, b]) => (a === s ? b : a)),
    })),
    roads: ROADS.map(([a, b, kind]) => ({ from: a, to: b, type: kind, name: kind === 'strait' ? (straitName.get([a, b].sort().join('|')) ?? null) : null })),
    seaLinks: SEA_LINKS.map(([a, b]) => ({ from: a, to: b })),
    blocks: BLOCKS.map(block),
    cards: CARDS.map((c) =>
      c.kind === 'god'
        ? { id: c.id, kind: 'god', name: c.god, move: null, levy: null, text: GOD_TEXT[c.god] }
        : { id: c.id, kind: 'command', name: `Move ${c.move}, Levy ${c.levy}`, move: c.move, levy: c.levy, text: null },
    ),
  };
}
