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

/** Each area's land neighbours and the ports it shares a sea with, sorted once: the search asks at every step. */
const NEIGHBOURS = new Map<string, readonly AreaId[]>(AREAS.map((a) => [a.id, Object.freeze([...land.get(a.id)!.keys()].sort() as AreaId[])]));
const PORTS = new Map<string, readonly AreaId[]>(
  AREAS.map((a) => [a.id, Object.freeze(AREAS.filter((b) => b.id !== a.id && b.seas.some((z) => a.seas.includes(z))).map((b) => b.id).sort())]),
);

/** Land neighbours (black, blue, Rhine, limited), sorted. */
export function neighbours(id: string): readonly AreaId[] {
  const n = NEIGHBOURS.get(id);
  if (!n) throw new Error(`unknown area ${id}`);
  return n;
}

/** A land border as seen from one side: where it leads, its type, its key in the per-border counts ("a>b"). */
export interface Link {
  readonly to: AreaId;
  readonly kind: BorderType;
  readonly key: string;
  /** `to` is a sea area (no unit crosses into it by land). */
  readonly sea: boolean;
}

const LINKS = new Map<string, readonly Link[]>(
  AREAS.map((a) => [a.id, Object.freeze(neighbours(a.id).map((to) => Object.freeze({ to, kind: land.get(a.id)!.get(to)!, key: `${a.id}>${to}`, sea: isSea(to) })))]),
);

/** The land borders of an area, in the order of `neighbours`: the moves, retreats and regroups listed read them without a lookup per border. */
export function links(id: string): readonly Link[] {
  const l = LINKS.get(id);
  if (!l) throw new Error(`unknown area ${id}`);
  return l;
}

const CROSSING = new Map<string, Map<string, string>>([...LINKS].map(([a, l]) => [a, new Map(l.map((x) => [x.to, x.key]))]));

/** The key of a crossing from `a` into `b` in the per-border counts ("a>b"), made once for each land border (`links`). */
export function crossingKey(a: string, b: string): string {
  return CROSSING.get(a)?.get(b) ?? `${a}>${b}`;
}

/** The type of the land border between two areas, or null if they are not adjacent by land. */
export function border(a: string, b: string): BorderType | null {
  return land.get(a)?.get(b) ?? null;
}

export function isPort(id: string): boolean {
  return (byId.get(id)?.seas.length ?? 0) > 0;
}

/** Ports sharing a sea zone with `id` (not `id` itself), sorted. */
export function portsReachable(id: string): readonly AreaId[] {
  return PORTS.get(id) ?? [];
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
