// The 27 cards (rules v2.0, 2.1 and the God Cards sidebar), transcribed from facts.md (e).

export type GodName = 'Apollo' | 'Jupiter' | 'Mars' | 'Mercury' | 'Neptune' | 'Pluto' | 'Vulcan';

export type CardData =
  | { id: string; kind: 'command'; move: number; levy: number }
  | { id: string; kind: 'god'; god: GodName };

export const CARDS: CardData[] = [
  { id: "K01", kind: 'god', god: "Apollo" },
  { id: "K02", kind: 'god', god: "Jupiter" },
  { id: "K03", kind: 'god', god: "Mars" },
  { id: "K04", kind: 'god', god: "Mercury" },
  { id: "K05", kind: 'god', god: "Neptune" },
  { id: "K06", kind: 'god', god: "Pluto" },
  { id: "K07", kind: 'god', god: "Vulcan" },
  { id: "K08", kind: 'command', move: 4, levy: 1 },
  { id: "K09", kind: 'command', move: 3, levy: 2 },
  { id: "K10", kind: 'command', move: 3, levy: 2 },
  { id: "K11", kind: 'command', move: 3, levy: 1 },
  { id: "K12", kind: 'command', move: 3, levy: 1 },
  { id: "K13", kind: 'command', move: 3, levy: 1 },
  { id: "K14", kind: 'command', move: 2, levy: 3 },
  { id: "K15", kind: 'command', move: 2, levy: 3 },
  { id: "K16", kind: 'command', move: 2, levy: 3 },
  { id: "K17", kind: 'command', move: 2, levy: 3 },
  { id: "K18", kind: 'command', move: 2, levy: 2 },
  { id: "K19", kind: 'command', move: 2, levy: 2 },
  { id: "K20", kind: 'command', move: 2, levy: 2 },
  { id: "K21", kind: 'command', move: 2, levy: 2 },
  { id: "K22", kind: 'command', move: 2, levy: 1 },
  { id: "K23", kind: 'command', move: 2, levy: 1 },
  { id: "K24", kind: 'command', move: 2, levy: 1 },
  { id: "K25", kind: 'command', move: 1, levy: 3 },
  { id: "K26", kind: 'command', move: 1, levy: 2 },
  { id: "K27", kind: 'command', move: 1, levy: 2 },
];
