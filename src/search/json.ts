// Plain-JSON helpers for the computer: deep equality of views (optionally ignoring some top-level
// members, e.g. the log, whose dice and names a sampled history cannot reproduce), and a stable
// key of an action. States, views and actions are plain JSON (src/engine/types.ts).

/** Deep equality of two JSON values; `skip` names top-level members to ignore. */
export function jsonEqual(a: unknown, b: unknown, skip?: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let nx = 0;
  for (const k in x) {
    if (skip?.has(k)) continue;
    if (x[k] === undefined) continue;
    nx++;
    if (!jsonEqual(x[k], y[k])) return false;
  }
  let ny = 0;
  for (const k in y) {
    if (skip?.has(k)) continue;
    if (y[k] !== undefined) ny++;
  }
  return nx === ny;
}

/** The first top-level member where two views differ (for error messages and tests), or null. */
export function firstDifference(a: unknown, b: unknown, skip?: ReadonlySet<string>): string | null {
  if (jsonEqual(a, b, skip)) return null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return '(value)';
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const k of keys) {
    if (skip?.has(k)) continue;
    if (!jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return k;
  }
  return '(shape)';
}

/** A key of a JSON value that is the same for values equal up to the order of object members. */
export function stableKey(x: unknown): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? 'null';
  if (Array.isArray(x)) return `[${x.map(stableKey).join(',')}]`;
  const o = x as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableKey(o[k])}`)
    .join(',')}}`;
}
