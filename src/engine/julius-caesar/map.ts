// Queries about the map (rules section 4), named in the rulebook's words. The data lives in data/map.ts.

import { CITIES, ROADS, SEA_LINKS, SEAS, type CityData, type RoadKind } from './data/map.js';

export interface Road {
  to: string;
  kind: RoadKind;
  /** One key per edge, the same from both ends, for the road-limit counters (6.11). */
  key: string;
}

const cityByName = new Map<string, CityData>(CITIES.map((c) => [c.name, c]));
const seaNames = new Set<string>(SEAS);
const roadsFrom = new Map<string, Road[]>(CITIES.map((c) => [c.name, []]));
const seaNeighbours = new Map<string, string[]>(SEAS.map((s) => [s, []]));
const portsOn = new Map<string, string[]>(SEAS.map((s) => [s, []]));

for (const [a, b, kind] of ROADS) {
  const key = edgeKey(a, b);
  roadsFrom.get(a)!.push({ to: b, kind, key });
  roadsFrom.get(b)!.push({ to: a, kind, key });
}
for (const [a, b] of SEA_LINKS) {
  seaNeighbours.get(a)!.push(b);
  seaNeighbours.get(b)!.push(a);
}
for (const c of CITIES) for (const s of c.seas) portsOn.get(s)!.push(c.name);

export function edgeKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export const CITY_NAMES: readonly string[] = CITIES.map((c) => c.name);
export const SEA_NAMES: readonly string[] = SEAS;

export function isCity(loc: string): boolean {
  return cityByName.has(loc);
}

export function isSea(loc: string): boolean {
  return seaNames.has(loc);
}

export function city(name: string): CityData {
  const c = cityByName.get(name);
  if (!c) throw new Error(`unknown city ${name}`);
  return c;
}

/** Every coastal city is a port (4.42). */
export function isPort(loc: string): boolean {
  return (cityByName.get(loc)?.seas.length ?? 0) > 0;
}

export function isMajorPort(loc: string): boolean {
  return cityByName.get(loc)?.major ?? false;
}

export function cityVp(loc: string): number {
  return cityByName.get(loc)?.vp ?? 0;
}

/** Roads and straits leaving a city (4.31, 4.32); none for a sea. */
export function roads(loc: string): readonly Road[] {
  return roadsFrom.get(loc) ?? [];
}

export function roadBetween(a: string, b: string): Road | undefined {
  return roads(a).find((r) => r.to === b);
}

/** Seas a port touches (4.42), or seas bordering a sea (4.4). */
export function adjacentSeas(loc: string): readonly string[] {
  return cityByName.get(loc)?.seas ?? seaNeighbours.get(loc) ?? [];
}

export function portsOnSea(sea: string): readonly string[] {
  return portsOn.get(sea) ?? [];
}

/** Where a Navis can go in one step (6.2): port -> its seas; sea -> bordering seas and its ports. */
export function navisSteps(loc: string): readonly string[] {
  return navisStepCache.get(loc) ?? [];
}
const navisStepCache = new Map<string, string[]>();
for (const c of CITIES) navisStepCache.set(c.name, [...c.seas]);
for (const s of SEAS) navisStepCache.set(s, [...seaNeighbours.get(s)!, ...portsOn.get(s)!]);

/** Normal road limit for one player's blocks per Command Phase (6.11); straits allow 1 into a defended city (4.32). */
export const ROAD_LIMIT: Record<RoadKind, number> = { major: 4, minor: 2, strait: 2 };
/** Retreat limits per Battle Round (7.61). */
export const RETREAT_LIMIT: Record<RoadKind, number> = { major: 4, minor: 2, strait: 1 };
/**
 * Pluto raises the limits for its group's attacks (God card). v2.0 does not print the values; the
 * checklist (JC-178, AMBIGUOUS) adopts the older implementation's 6 / 3 / 2.
 */
export const PLUTO_ATTACK_LIMIT: Record<RoadKind, number> = { major: 6, minor: 3, strait: 2 };
