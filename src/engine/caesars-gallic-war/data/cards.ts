// The 33 cards of Caesar's Gallic War (2nd edition), transcribed from facts.md (e): 28 area cards
// and 5 event cards. The rulebook gives no action values; `ap` is the newest designer data
// ("card_value", recommended), `apAlt` the older seeder's list (differs for three Belgic cards).
// Germania is worth 2 to the Roman and 3 to the Barbarian (2.3); an event is worth 1 as Movement.

import type { AreaId } from './map.js';
import type { Side } from './blocks.js';

export type EventName = 'baggage-train' | 'minor-revolt' | 'major-revolt' | 'massive-revolt';

export type CardData =
  | { id: string; name: string; kind: 'area'; area: AreaId; ap: Record<Side, number>; apAlt: Record<Side, number> }
  | { id: string; name: string; kind: 'event'; event: EventName; ap: Record<Side, number>; apAlt: Record<Side, number> };

/** The Massive Revolt card's id. */
export const MASSIVE = 'massive-revolt';

export const CARDS: readonly CardData[] = [
  { id: 'aedui', name: 'Aedui', kind: 'area', area: 'aedui', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'allobroges', name: 'Allobroges', kind: 'area', area: 'allobroges', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'andes', name: 'Andes + Venelli', kind: 'area', area: 'andes', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'arverni', name: 'Arverni', kind: 'area', area: 'arverni', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'atrebates', name: 'Atrebates / Morini', kind: 'area', area: 'atrebates', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'atuatuci', name: 'Remi / Atuatuci', kind: 'area', area: 'atuatuci', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'bellovaci', name: 'Bellovaci + Caletes', kind: 'area', area: 'bellovaci', ap: { Roman: 3, Barbarian: 3 }, apAlt: { Roman: 3, Barbarian: 3 } },
  { id: 'bituriges', name: 'Bituriges + Arvii', kind: 'area', area: 'bituriges', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'boii', name: 'Boii + Helvii', kind: 'area', area: 'boii', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'britannia', name: 'Britannia (Belgae + Cantiaci)', kind: 'area', area: 'britannia', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'cadurci', name: 'Cadurci + Ruteni', kind: 'area', area: 'cadurci', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'carnutes', name: 'Carnutes / Cenomani', kind: 'area', area: 'carnutes', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'esuvii', name: 'Esuvii / Luxovii', kind: 'area', area: 'esuvii', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'germania', name: 'Germania', kind: 'area', area: 'germania', ap: { Roman: 2, Barbarian: 3 }, apAlt: { Roman: 2, Barbarian: 3 } },
  { id: 'helvetii', name: 'Helvetii (Nantuates)', kind: 'area', area: 'helvetii', ap: { Roman: 3, Barbarian: 3 }, apAlt: { Roman: 3, Barbarian: 3 } },
  { id: 'leuci', name: 'Leuci', kind: 'area', area: 'leuci', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'mandubii', name: 'Mandubii + Senones', kind: 'area', area: 'mandubii', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'mediomatrici', name: 'Mediomatrici', kind: 'area', area: 'mediomatrici', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'menapi', name: 'Menapi / Nervii', kind: 'area', area: 'menapi', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'osismi', name: 'Osismi', kind: 'area', area: 'osismi', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'pictones', name: 'Pictones / Namnetes', kind: 'area', area: 'pictones', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'santones', name: 'Santones + Lemovicii', kind: 'area', area: 'santones', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'sequani', name: 'Sequani', kind: 'area', area: 'sequani', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'tarbelli', name: 'Tarbelli / Elusates', kind: 'area', area: 'tarbelli', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'tolosates', name: 'Tolosates / Sotiates', kind: 'area', area: 'tolosates', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'treveri', name: 'Treveri + Eburones', kind: 'area', area: 'treveri', ap: { Roman: 2, Barbarian: 2 }, apAlt: { Roman: 2, Barbarian: 2 } },
  { id: 'veneti', name: 'Veneti', kind: 'area', area: 'veneti', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'volcae', name: 'Volcae', kind: 'area', area: 'volcae', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'baggage-train', name: 'Baggage Train', kind: 'event', event: 'baggage-train', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'minor-revolt-1', name: 'Minor Revolt', kind: 'event', event: 'minor-revolt', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'minor-revolt-2', name: 'Minor Revolt', kind: 'event', event: 'minor-revolt', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'major-revolt', name: 'Major Revolt', kind: 'event', event: 'major-revolt', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
  { id: 'massive-revolt', name: 'Massive Revolt', kind: 'event', event: 'massive-revolt', ap: { Roman: 1, Barbarian: 1 }, apAlt: { Roman: 1, Barbarian: 1 } },
];
