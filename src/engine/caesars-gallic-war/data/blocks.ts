// The 64 blocks of Caesar's Gallic War (2nd edition), transcribed from facts.md (d).

import type { AreaId } from './map.js';

export type Side = 'Roman' | 'Barbarian';
export type Initiative = 'A' | 'B' | 'C' | 'D';
/**
 * legion: the black Roman blocks (Legio X is Caesar); german / german-leader: the blue blocks
 * (Ariovistus leads them); gallic-leader: Vercingetorix; minor-leader: Dumnorix, Ambiorix;
 * tribe: the Gallic and British tribe blocks, neutral until a player gains them.
 */
export type BlockKind = 'legion' | 'german' | 'german-leader' | 'gallic-leader' | 'minor-leader' | 'tribe';
export type BlockRegion = 'roman' | 'germania' | 'belgica' | 'celtae' | 'aquitania' | 'britannia';

/** Where a block starts (section 3 of the rules). */
export type StartStatus =
  | { kind: 'placed'; area: AreaId; owner: Side; strength: number } // on the map, controlled
  | { kind: 'neutral' } // at home, neutral, face-down, full strength
  | { kind: 'variable' } // one of a variable pair: drawn at random, else set aside for the game
  | { kind: 'force-pool' } // a legion the Roman may build (Legio I only under the errata flag)
  | { kind: 'aside' }; // enters only by a later rule (Massive/Major Revolt, Nantuates)

export interface BlockData {
  id: string;
  name: string;
  kind: BlockKind;
  region: BlockRegion;
  initiative: Initiative;
  /** Battle rating: a die showing this or less scores a hit. */
  br: number;
  /** Printed strengths, full first; one hit drops to the next (Helvetii 8/6/4/2: one hit = one step). */
  steps: number[];
  /** Home area; null for the leaders whose home is where they are placed. */
  home: AreaId | null;
  /** Carries the naval symbol (optional Restricted Naval Movement, section 11). */
  naval: boolean;
  start: StartStatus;
}

export const BLOCKS: readonly BlockData[] = [
  { id: 'legio-I', name: 'Legio I', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'force-pool' } },
  { id: 'legio-V', name: 'Legio V', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'aside' } },
  { id: 'legio-VI', name: 'Legio VI', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'aside' } },
  { id: 'legio-VII', name: 'Legio VII', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'placed', area: 'transalpine_gaul', owner: 'Roman', strength: 4 } },
  { id: 'legio-VIII', name: 'Legio VIII', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'placed', area: 'transalpine_gaul', owner: 'Roman', strength: 4 } },
  { id: 'legio-IX', name: 'Legio IX', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'placed', area: 'transalpine_gaul', owner: 'Roman', strength: 4 } },
  { id: 'legio-X', name: 'Legio X (Caesar)', kind: 'legion', region: 'roman', initiative: 'A', br: 3, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'placed', area: 'transalpine_gaul', owner: 'Roman', strength: 4 } },
  { id: 'legio-XI', name: 'Legio XI', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'placed', area: 'transalpine_gaul', owner: 'Roman', strength: 3 } },
  { id: 'legio-XII', name: 'Legio XII', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'placed', area: 'transalpine_gaul', owner: 'Roman', strength: 3 } },
  { id: 'legio-XIII', name: 'Legio XIII', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'force-pool' } },
  { id: 'legio-XIV', name: 'Legio XIV', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'force-pool' } },
  { id: 'legio-XV', name: 'Legio XV', kind: 'legion', region: 'roman', initiative: 'A', br: 2, steps: [4, 3, 2, 1], home: 'transalpine_gaul', naval: false, start: { kind: 'force-pool' } },
  { id: 'ariovistus', name: 'Ariovistus', kind: 'german-leader', region: 'germania', initiative: 'B', br: 3, steps: [3, 2, 1], home: 'germania', naval: false, start: { kind: 'placed', area: 'germania', owner: 'Barbarian', strength: 3 } },
  { id: 'marcomanni', name: 'Marcomanni', kind: 'german', region: 'germania', initiative: 'B', br: 2, steps: [3, 2, 1], home: 'germania', naval: false, start: { kind: 'placed', area: 'germania', owner: 'Barbarian', strength: 3 } },
  { id: 'tencteri', name: 'Tencteri', kind: 'german', region: 'germania', initiative: 'B', br: 2, steps: [3, 2, 1], home: 'germania', naval: false, start: { kind: 'placed', area: 'germania', owner: 'Barbarian', strength: 3 } },
  { id: 'usipetes', name: 'Usipetes', kind: 'german', region: 'germania', initiative: 'B', br: 2, steps: [3, 2, 1], home: 'germania', naval: false, start: { kind: 'placed', area: 'germania', owner: 'Barbarian', strength: 3 } },
  { id: 'vercingetorix', name: 'Vercingetorix', kind: 'gallic-leader', region: 'celtae', initiative: 'B', br: 3, steps: [4, 3, 2, 1], home: null, naval: false, start: { kind: 'aside' } },
  { id: 'dumnorix', name: 'Dumnorix', kind: 'minor-leader', region: 'celtae', initiative: 'B', br: 2, steps: [3, 2, 1], home: null, naval: false, start: { kind: 'aside' } },
  { id: 'ambiorix', name: 'Ambiorix', kind: 'minor-leader', region: 'belgica', initiative: 'B', br: 2, steps: [3, 2, 1], home: null, naval: false, start: { kind: 'aside' } },
  { id: 'aedui', name: 'Aedui', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [4, 3, 2, 1], home: 'aedui', naval: false, start: { kind: 'neutral' } },
  { id: 'allobroges', name: 'Allobroges', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'allobroges', naval: false, start: { kind: 'placed', area: 'allobroges', owner: 'Roman', strength: 1 } },
  { id: 'andes', name: 'Andes', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'andes', naval: false, start: { kind: 'neutral' } },
  { id: 'venelli', name: 'Venelli', kind: 'tribe', region: 'celtae', initiative: 'C', br: 1, steps: [2, 1], home: 'andes', naval: true, start: { kind: 'neutral' } },
  { id: 'arverni', name: 'Arverni', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [4, 3, 2, 1], home: 'arverni', naval: false, start: { kind: 'neutral' } },
  { id: 'atrebates', name: 'Atrebates', kind: 'tribe', region: 'belgica', initiative: 'C', br: 2, steps: [2, 1], home: 'atrebates', naval: true, start: { kind: 'variable' } },
  { id: 'morini', name: 'Morini', kind: 'tribe', region: 'belgica', initiative: 'B', br: 2, steps: [4, 3, 2, 1], home: 'atrebates', naval: true, start: { kind: 'variable' } },
  { id: 'bellovaci', name: 'Bellovaci', kind: 'tribe', region: 'belgica', initiative: 'B', br: 2, steps: [4, 3, 2, 1], home: 'bellovaci', naval: true, start: { kind: 'neutral' } },
  { id: 'caletes', name: 'Caletes', kind: 'tribe', region: 'belgica', initiative: 'C', br: 1, steps: [3, 2, 1], home: 'bellovaci', naval: true, start: { kind: 'neutral' } },
  { id: 'arvii', name: 'Arvii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'bituriges', naval: false, start: { kind: 'neutral' } },
  { id: 'bituriges', name: 'Bituriges', kind: 'tribe', region: 'celtae', initiative: 'C', br: 3, steps: [3, 2, 1], home: 'bituriges', naval: false, start: { kind: 'neutral' } },
  { id: 'boii', name: 'Boii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'boii', naval: false, start: { kind: 'neutral' } },
  { id: 'helvii', name: 'Helvii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 1, steps: [2, 1], home: 'boii', naval: false, start: { kind: 'neutral' } },
  { id: 'belgae', name: 'Belgae', kind: 'tribe', region: 'britannia', initiative: 'A', br: 2, steps: [2, 1], home: 'britannia', naval: true, start: { kind: 'neutral' } },
  { id: 'cantiaci', name: 'Cantiaci', kind: 'tribe', region: 'britannia', initiative: 'B', br: 2, steps: [3, 2, 1], home: 'britannia', naval: true, start: { kind: 'neutral' } },
  { id: 'cadurci', name: 'Cadurci', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'cadurci', naval: false, start: { kind: 'neutral' } },
  { id: 'ruteni', name: 'Ruteni', kind: 'tribe', region: 'celtae', initiative: 'B', br: 2, steps: [2, 1], home: 'cadurci', naval: false, start: { kind: 'neutral' } },
  { id: 'carnutes', name: 'Carnutes', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'carnutes', naval: false, start: { kind: 'variable' } },
  { id: 'cenomani', name: 'Cenomani', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'carnutes', naval: false, start: { kind: 'variable' } },
  { id: 'esuvii', name: 'Esuvii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'esuvii', naval: true, start: { kind: 'variable' } },
  { id: 'luxovii', name: 'Luxovii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'esuvii', naval: true, start: { kind: 'variable' } },
  { id: 'helvetii', name: 'Helvetii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [8, 6, 4, 2], home: 'helvetii', naval: false, start: { kind: 'placed', area: 'helvetii', owner: 'Barbarian', strength: 8 } },
  { id: 'nantuates', name: 'Nantuates', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'helvetii', naval: false, start: { kind: 'aside' } },
  { id: 'leuci', name: 'Leuci', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'leuci', naval: false, start: { kind: 'neutral' } },
  { id: 'mandubii', name: 'Mandubii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'mandubii', naval: false, start: { kind: 'neutral' } },
  { id: 'senones', name: 'Senones', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'mandubii', naval: false, start: { kind: 'neutral' } },
  { id: 'mediomatrici', name: 'Mediomatrici', kind: 'tribe', region: 'belgica', initiative: 'C', br: 2, steps: [2, 1], home: 'mediomatrici', naval: false, start: { kind: 'neutral' } },
  { id: 'menapi', name: 'Menapi', kind: 'tribe', region: 'belgica', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'menapi', naval: false, start: { kind: 'variable' } },
  { id: 'nervii', name: 'Nervii', kind: 'tribe', region: 'belgica', initiative: 'C', br: 2, steps: [4, 3, 2, 1], home: 'menapi', naval: false, start: { kind: 'variable' } },
  { id: 'osismi', name: 'Osismi', kind: 'tribe', region: 'celtae', initiative: 'C', br: 1, steps: [2, 1], home: 'osismi', naval: true, start: { kind: 'neutral' } },
  { id: 'namnetes', name: 'Namnetes', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'pictones', naval: false, start: { kind: 'variable' } },
  { id: 'pictones', name: 'Pictones', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'pictones', naval: true, start: { kind: 'variable' } },
  { id: 'atuatuci', name: 'Atuatuci', kind: 'tribe', region: 'belgica', initiative: 'B', br: 2, steps: [2, 1], home: 'atuatuci', naval: false, start: { kind: 'variable' } },
  { id: 'remi', name: 'Remi', kind: 'tribe', region: 'belgica', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'atuatuci', naval: false, start: { kind: 'variable' } },
  { id: 'lemovicii', name: 'Lemovicii', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'santones', naval: true, start: { kind: 'neutral' } },
  { id: 'santones', name: 'Santones', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'santones', naval: true, start: { kind: 'neutral' } },
  { id: 'sequani', name: 'Sequani', kind: 'tribe', region: 'celtae', initiative: 'B', br: 2, steps: [4, 3, 2, 1], home: 'sequani', naval: false, start: { kind: 'neutral' } },
  { id: 'elusates', name: 'Elusates', kind: 'tribe', region: 'aquitania', initiative: 'C', br: 2, steps: [4, 3, 2, 1], home: 'tarbelli', naval: false, start: { kind: 'variable' } },
  { id: 'tarbelli', name: 'Tarbelli', kind: 'tribe', region: 'aquitania', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'tarbelli', naval: false, start: { kind: 'variable' } },
  { id: 'sotiates', name: 'Sotiates', kind: 'tribe', region: 'aquitania', initiative: 'C', br: 2, steps: [3, 2, 1], home: 'tolosates', naval: false, start: { kind: 'variable' } },
  { id: 'tolosates', name: 'Tolosates', kind: 'tribe', region: 'aquitania', initiative: 'C', br: 2, steps: [2, 1], home: 'tolosates', naval: false, start: { kind: 'variable' } },
  { id: 'eburones', name: 'Eburones', kind: 'tribe', region: 'belgica', initiative: 'B', br: 2, steps: [3, 2, 1], home: 'treveri', naval: false, start: { kind: 'neutral' } },
  { id: 'treveri', name: 'Treveri', kind: 'tribe', region: 'belgica', initiative: 'B', br: 2, steps: [2, 1], home: 'treveri', naval: false, start: { kind: 'neutral' } },
  { id: 'veneti', name: 'Veneti', kind: 'tribe', region: 'celtae', initiative: 'C', br: 2, steps: [2, 1], home: 'veneti', naval: false, start: { kind: 'neutral' } },
  { id: 'volcae', name: 'Volcae', kind: 'tribe', region: 'celtae', initiative: 'C', br: 1, steps: [2, 1], home: 'volcae', naval: false, start: { kind: 'placed', area: 'volcae', owner: 'Roman', strength: 2 } },
];

export const CAESAR = 'legio-X';
