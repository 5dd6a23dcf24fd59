// The game's public data, in one JSON document for clients (GET /v1/catalog/caesars-gallic-war): the
// map's areas with positions, tribes, forts and sea zones, the borders by type, the public identity
// of every block, and the cards. Everything here is printed on the board, the blocks or the cards;
// nothing depends on a game (which variable tribes were drawn is in each game's view).

import type { Json } from '../types.js';
import { BLOCKS } from './data/blocks.js';
import { CARDS } from './data/cards.js';
import { AREA_POSITIONS } from './data/geo.js';
import { AREAS, BORDERS } from './data/map.js';
import { ROLES } from './roles.js';

export function catalog(): { [key: string]: Json } {
  return {
    game: 'caesars-gallic-war',
    title: "Caesar's Gallic War",
    roles: [...ROLES],
    areas: AREAS.map((a) => ({
      id: a.id,
      name: a.name,
      region: a.region,
      kind: a.kind,
      tribes: [...a.tribes],
      seas: [...a.seas],
      fort: a.fort ? { name: a.fort.name, capacity: a.fort.capacity } : null,
      lat: AREA_POSITIONS[a.id].lat,
      lon: AREA_POSITIONS[a.id].lon,
    })),
    borders: BORDERS.map(([from, to, type]) => ({ from, to, type })),
    blocks: BLOCKS.map((b) => ({
      id: b.id,
      name: b.name,
      kind: b.kind,
      region: b.region,
      initiative: b.initiative,
      battleRating: b.br,
      steps: [...b.steps],
      home: b.home ?? null,
      naval: b.naval,
    })),
    cards: CARDS.map((c) => ({
      id: c.id,
      name: c.name,
      kind: c.kind,
      area: c.kind === 'area' ? c.area : null,
      event: c.kind === 'event' ? c.event : null,
      value: { ...c.ap },
      // The older values, used by a game created with the altCardValues option.
      altValue: { ...c.apAlt },
    })),
  };
}
