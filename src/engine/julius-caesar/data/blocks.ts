// The 63 blocks (rules v2.0, section 3 and 5.1), transcribed from facts.md (d).

import type { Role } from '../roles.js';

export type BlockType = 'leader' | 'legion' | 'equitatus' | 'elephant' | 'auxilia' | 'ballista' | 'navis' | 'cleopatra';
export type Initiative = 'A' | 'B' | 'C' | 'D';

export interface BlockData {
  id: string;
  name: string;
  /** Owner by colour: Cleopatra starts with Pompey; Jupiter defectors return to this side's pool (7.5). */
  side: Role;
  type: BlockType;
  /** Initiative letter and firepower (3.12). The Ballista is B4 defending and D4 attacking (7.42). */
  initiative: Initiative;
  firepower: number;
  /** Maximum strength (3.11); the Elephant has two steps, IV and II (7.41). */
  max: number;
  /** Where it may be levied (6.4): a city, 'any' Friendly city, any Friendly 'major-port', or null (never). */
  levy: string | 'any' | 'major-port' | null;
  /** Historical deployment (5.1), or null for the Levy Pool. */
  start: string | null;
  /** The third leader, levied only after a leader of its side is killed (3.21, 7.51). */
  reserveLeader?: true;
}

export const BLOCKS: BlockData[] = [
  { id: "C-Caesar", name: "Caesar", side: "Caesar", type: "leader", initiative: "A", firepower: 3, max: 3, levy: "any", start: "Ravenna" },
  { id: "C-Antonius", name: "Antonius", side: "Caesar", type: "leader", initiative: "A", firepower: 2, max: 2, levy: "any", start: "Genua" },
  { id: "C-Octavian", name: "Octavian", side: "Caesar", type: "leader", initiative: "A", firepower: 2, max: 3, levy: "any", start: null, reserveLeader: true },
  { id: "C-L7", name: "Legio 7", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Tarraco", start: "Narbo" },
  { id: "C-L8", name: "Legio 8", side: "Caesar", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Tarraco", start: "Genua" },
  { id: "C-L9", name: "Legio 9", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Carthago Nova", start: "Narbo" },
  { id: "C-L10", name: "Legio 10", side: "Caesar", type: "legion", initiative: "C", firepower: 4, max: 3, levy: "Corduba", start: "Narbo" },
  { id: "C-L11", name: "Legio 11", side: "Caesar", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Genua", start: "Massilia" },
  { id: "C-L12", name: "Legio 12", side: "Caesar", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Genua", start: "Genua" },
  { id: "C-L13", name: "Legio 13", side: "Caesar", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Ravenna", start: "Ravenna" },
  { id: "C-L14", name: "Legio 14", side: "Caesar", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Ravenna", start: "Massilia" },
  { id: "C-L16", name: "Legio 16", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Aquileia", start: "Lugdunum" },
  { id: "C-L17", name: "Legio 17", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Rome", start: null },
  { id: "C-L18", name: "Legio 18", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Neapolis", start: null },
  { id: "C-L19", name: "Legio 19", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Syracuse", start: null },
  { id: "C-L20", name: "Legio 20", side: "Caesar", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Athena", start: null },
  { id: "C-L21", name: "Legio 21", side: "Caesar", type: "legion", initiative: "C", firepower: 3, max: 4, levy: "Ancyra", start: null },
  { id: "C-EQ1", name: "Equitatus 1", side: "Caesar", type: "equitatus", initiative: "B", firepower: 2, max: 3, levy: "Lugdunum", start: "Lugdunum" },
  { id: "C-EQ2", name: "Equitatus 2", side: "Caesar", type: "equitatus", initiative: "B", firepower: 2, max: 2, levy: "Toletum", start: null },
  { id: "C-EQ3", name: "Equitatus 3", side: "Caesar", type: "equitatus", initiative: "B", firepower: 3, max: 2, levy: "Byzantium", start: null },
  { id: "C-EQ4", name: "Equitatus 4", side: "Caesar", type: "equitatus", initiative: "B", firepower: 3, max: 3, levy: "Antioch", start: null },
  { id: "C-AUX1", name: "Auxilia 1", side: "Caesar", type: "auxilia", initiative: "B", firepower: 1, max: 4, levy: "any", start: null },
  { id: "C-AUX2", name: "Auxilia 2", side: "Caesar", type: "auxilia", initiative: "B", firepower: 1, max: 4, levy: "any", start: null },
  { id: "C-AUX3", name: "Auxilia 3", side: "Caesar", type: "auxilia", initiative: "A", firepower: 1, max: 3, levy: "any", start: null },
  { id: "C-AUX4", name: "Auxilia 4", side: "Caesar", type: "auxilia", initiative: "A", firepower: 1, max: 3, levy: "any", start: null },
  { id: "C-BAL", name: "Ballista", side: "Caesar", type: "ballista", initiative: "D", firepower: 4, max: 2, levy: "any", start: null },
  { id: "C-NAV1", name: "Navis 1", side: "Caesar", type: "navis", initiative: "D", firepower: 2, max: 2, levy: "major-port", start: "Massilia" },
  { id: "C-NAV2", name: "Navis 2", side: "Caesar", type: "navis", initiative: "D", firepower: 2, max: 2, levy: "major-port", start: "Ravenna" },
  { id: "C-NAV3", name: "Navis 3", side: "Caesar", type: "navis", initiative: "D", firepower: 2, max: 2, levy: "major-port", start: null },
  { id: "C-NAV4", name: "Navis 4", side: "Caesar", type: "navis", initiative: "D", firepower: 3, max: 2, levy: "major-port", start: null },
  { id: "C-NAV5", name: "Navis 5", side: "Caesar", type: "navis", initiative: "D", firepower: 3, max: 2, levy: "major-port", start: null },
  { id: "CLEO", name: "Cleopatra", side: "Pompey", type: "cleopatra", initiative: "C", firepower: 1, max: 4, levy: null, start: "Alexandria" },
  { id: "P-Pompey", name: "Pompey", side: "Pompey", type: "leader", initiative: "B", firepower: 3, max: 3, levy: "any", start: "Neapolis" },
  { id: "P-Scipio", name: "Scipio", side: "Pompey", type: "leader", initiative: "A", firepower: 2, max: 3, levy: "any", start: "Antioch" },
  { id: "P-Brutus", name: "Brutus", side: "Pompey", type: "leader", initiative: "A", firepower: 2, max: 2, levy: "any", start: null, reserveLeader: true },
  { id: "P-L1", name: "Legio 1", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Rome", start: "Neapolis" },
  { id: "P-L2", name: "Legio 2", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Carthago Nova", start: "Carthago Nova" },
  { id: "P-L3", name: "Legio 3", side: "Pompey", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Ravenna", start: "Brundisium" },
  { id: "P-L4", name: "Legio 4", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Carthago Nova", start: "Carthago Nova" },
  { id: "P-L5", name: "Legio 5", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Tarraco", start: "Tarraco" },
  { id: "P-L6", name: "Legio 6", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Tarraco", start: "Tarraco" },
  { id: "P-L32", name: "Legio 32", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Athena", start: null },
  { id: "P-L33", name: "Legio 33", side: "Pompey", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Creta", start: null },
  { id: "P-L34", name: "Legio 34", side: "Pompey", type: "legion", initiative: "C", firepower: 3, max: 3, levy: "Antioch", start: "Antioch" },
  { id: "P-L35", name: "Legio 35", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Byzantium", start: null },
  { id: "P-L36", name: "Legio 36", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Ephesus", start: null },
  { id: "P-L37", name: "Legio 37", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Syracuse", start: "Syracuse" },
  { id: "P-L38", name: "Legio 38", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 4, levy: "Alexandria", start: null },
  { id: "P-L39", name: "Legio 39", side: "Pompey", type: "legion", initiative: "C", firepower: 2, max: 3, levy: "Utica", start: "Utica" },
  { id: "P-EQ1", name: "Equitatus 1", side: "Pompey", type: "equitatus", initiative: "B", firepower: 3, max: 2, levy: "Toletum", start: "Tarraco" },
  { id: "P-EQ2", name: "Equitatus 2", side: "Pompey", type: "equitatus", initiative: "B", firepower: 2, max: 4, levy: "Badias", start: null },
  { id: "P-EQ3", name: "Equitatus 3", side: "Pompey", type: "equitatus", initiative: "B", firepower: 2, max: 3, levy: "Antioch", start: null },
  { id: "P-ELE", name: "Elephant", side: "Pompey", type: "elephant", initiative: "B", firepower: 3, max: 4, levy: "Utica", start: null },
  { id: "P-AUX1", name: "Auxilia 1", side: "Pompey", type: "auxilia", initiative: "B", firepower: 1, max: 4, levy: "any", start: null },
  { id: "P-AUX2", name: "Auxilia 2", side: "Pompey", type: "auxilia", initiative: "B", firepower: 1, max: 4, levy: "any", start: null },
  { id: "P-AUX3", name: "Auxilia 3", side: "Pompey", type: "auxilia", initiative: "A", firepower: 1, max: 3, levy: "any", start: null },
  { id: "P-AUX4", name: "Auxilia 4", side: "Pompey", type: "auxilia", initiative: "A", firepower: 1, max: 3, levy: "any", start: null },
  { id: "P-BAL", name: "Ballista", side: "Pompey", type: "ballista", initiative: "D", firepower: 4, max: 2, levy: "any", start: null },
  { id: "P-NAV1", name: "Navis 1", side: "Pompey", type: "navis", initiative: "D", firepower: 3, max: 2, levy: "major-port", start: "Neapolis" },
  { id: "P-NAV2", name: "Navis 2", side: "Pompey", type: "navis", initiative: "D", firepower: 3, max: 2, levy: "major-port", start: "Alexandria" },
  { id: "P-NAV3", name: "Navis 3", side: "Pompey", type: "navis", initiative: "D", firepower: 2, max: 2, levy: "major-port", start: "Utica" },
  { id: "P-NAV4", name: "Navis 4", side: "Pompey", type: "navis", initiative: "D", firepower: 2, max: 2, levy: "major-port", start: null },
  { id: "P-NAV5", name: "Navis 5", side: "Pompey", type: "navis", initiative: "D", firepower: 2, max: 2, levy: "major-port", start: null },
];
