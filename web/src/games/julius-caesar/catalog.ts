// The game's public data (map with coordinates, roads, seas, blocks, cards) from the API's
// catalog, read once per page load (the API marks it cacheable). Until it has loaded, or if the
// server has none, the board shows its locations as a list instead of the map.
import { api } from '../../api';
import { useOnce } from '../../board/once';

export interface MapLocation {
  id: string;
  name: string;
  kind: 'city' | 'sea';
  lat: number;
  lon: number;
  vp: number;
  port: boolean;
  majorPort: boolean;
}

export interface CardInfo {
  id: string;
  text: string;
  god: string | null;
  move: number | null;
  levy: number | null;
}

export interface Catalog {
  locations: MapLocation[];
  roads: { a: string; b: string; kind: string }[];
  blockName(id: string): string | undefined;
  card(id: string): CardInfo | undefined;
}

let loaded: Promise<Catalog | null> | undefined;

export function loadCatalog(): Promise<Catalog | null> {
  return (loaded ??= fetchCatalog().catch(() => null));
}

async function fetchCatalog(): Promise<Catalog | null> {
  const { data } = await api.GET('/v1/catalog/{game}', { params: { path: { game: 'julius-caesar' } } });
  // This map is Julius Caesar's (the Gallic War page lists its areas instead).
  if (!data || data.game !== 'julius-caesar') return null;
  const blocks = new Map(data.blocks.map((b) => [b.id, b.name]));
  const cards = new Map(data.cards.map((c) => [c.id, { id: c.id, text: c.text ?? c.name, god: c.kind === 'god' ? c.name : null, move: c.move, levy: c.levy }]));
  return {
    locations: [
      ...data.cities.map((c) => ({ id: c.id, name: c.name, kind: 'city' as const, lat: c.lat, lon: c.lon, vp: c.vp, port: c.port, majorPort: c.majorPort })),
      ...data.seas.map((s) => ({ id: s.id, name: s.name, kind: 'sea' as const, lat: s.lat, lon: s.lon, vp: 0, port: false, majorPort: false })),
    ],
    roads: data.roads.map((r) => ({ a: r.from, b: r.to, kind: r.type })),
    blockName: (id) => blocks.get(id),
    card: (id) => cards.get(id),
  };
}

export const useCatalog = (): Catalog | null => useOnce(loadCatalog);
