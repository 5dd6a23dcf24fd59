// The game's public data, in one JSON document for clients (GET /v1/catalog/caesars-gallic-war): the
// map's areas with positions, tribes, forts and sea zones, the borders by type, the public identity
// of every block, and the cards. Everything here is printed on the board, the blocks or the cards;
// nothing depends on a game (which variable tribes were drawn is in each game's view).

import type { Json } from '../types.js';
import { BLOCKS } from './data/blocks.js';
import { CARDS, type EventName } from './data/cards.js';
import { AREA_POSITIONS } from './data/geo.js';
import { AREAS, BORDERS } from './data/map.js';
import { ROLES } from './roles.js';

/**
 * What each event does (13), in this project's own words: a summary of the rule, not its text.
 * An event card may also be played as Movement with value 1 (facts.md e).
 */
export const EVENT_TEXT: Record<EventName, string> = {
  'baggage-train': 'Roman: 5 more supply. Barbarian: 2 steps added among his units in one area, or 2 supply taken from the Roman.',
  'minor-revolt':
    'Barbarian: one Roman-held or neutral tribe goes home at its strength and joins him. Roman: one Barbarian-held tribe goes home, neutral again at full strength, or, if units hold its home, on the side that is not there, and they fight.',
  'major-revolt':
    'Barbarian: two Roman-held or neutral tribes (not both in Aquitania) go home and join him; a minor leader comes to one of them, where he wins or meets no Roman, and their areas may move and fight at once. Roman: as a Minor Revolt.',
  'massive-revolt':
    'Barbarian from the second turn: three Roman-held or neutral areas rise and join him; Vercingetorix comes to one of them, where he wins or meets no Roman, and any three areas may move and fight at once; the card then leaves the game. Otherwise as a Minor Revolt.',
};

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
      // What the event does; an area card has none (it acts for supply, activation, a political action or movement).
      text: c.kind === 'event' ? EVENT_TEXT[c.event] : null,
      value: { ...c.ap },
      // The older values, used by a game created with the altCardValues option.
      altValue: { ...c.apAlt },
    })),
  };
}
