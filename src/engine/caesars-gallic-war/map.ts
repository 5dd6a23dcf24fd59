// 2.1 map queries: borders and their types, ports and sea zones, tribal areas.

import { AREAS, BORDERS, type AreaData, type AreaId, type BorderType } from './data/map.js';

const byId = new Map<string, AreaData>(AREAS.map((a) => [a.id, a]));
const land = new Map<string, Map<string, BorderType>>();
for (const a of AREAS) land.set(a.id, new Map());
for (const [a, b, k] of BORDERS) {
  if (k === 'sea') continue;
  land.get(a)!.set(b, k);
  land.get(b)!.set(a, k);
}

export const AREA_IDS: readonly AreaId[] = AREAS.map((a) => a.id);
export const TG: AreaId = 'transalpine_gaul';
export const OFF_MAP: AreaId = 'roman_off_map';
export const GERMANIA: AreaId = 'germania';
export const HELVETII: AreaId = 'helvetii';
export const BRITANNIA: AreaId = 'britannia';
export const OB: AreaId = 'oceanus_britannicus';

export function isArea(x: unknown): x is AreaId {
  return typeof x === 'string' && byId.has(x);
}

export function area(id: string): AreaData {
  const a = byId.get(id);
  if (!a) throw new Error(`unknown area ${id}`);
  return a;
}

/** A tribal area: one of the 27 with a tribe's home (not Germania, Transalpine Gaul, Off-Map, seas). */
export function isTribal(id: string): boolean {
  return byId.get(id)?.kind != null;
}

export function isSea(id: string): boolean {
  return byId.get(id)?.region === 'sea';
}

/** Land neighbours (black, blue, Rhine, limited), sorted. */
export function neighbours(id: string): AreaId[] {
  return [...land.get(id)!.keys()].sort() as AreaId[];
}

/** The type of the land border between two areas, or null if they are not adjacent by land. */
export function border(a: string, b: string): BorderType | null {
  return land.get(a)?.get(b) ?? null;
}

export function isPort(id: string): boolean {
  return (byId.get(id)?.seas.length ?? 0) > 0;
}

/** Ports sharing a sea zone with `id` (not `id` itself), sorted. */
export function portsReachable(id: string): AreaId[] {
  const seas = byId.get(id)?.seas ?? [];
  const out = new Set<AreaId>();
  for (const a of AREAS) if (a.id !== id && a.seas.some((z) => seas.includes(z))) out.add(a.id);
  return [...out].sort();
}

/** Ports on Oceanus Britannicus (Britannia included), for the Britannia Political Action rule. */
export function isObPort(id: string): boolean {
  return (byId.get(id)?.seas ?? []).includes(OB);
}

export function fortCapacity(id: string): number {
  return byId.get(id)?.fort?.capacity ?? 0;
}

export function areaName(id: string): string {
  return byId.get(id)?.name ?? id;
}
