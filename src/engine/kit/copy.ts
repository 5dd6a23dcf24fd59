// Copying plain JSON state for apply(), which must never change its input: a generic deep copy
// that games use for the nested parts of their states.

/** A deep copy of a plain JSON value (objects, arrays and primitives only). */
export function deepCopy<T>(x: T): T {
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) {
    const a = new Array(x.length);
    for (let i = 0; i < x.length; i++) a[i] = deepCopy(x[i]);
    return a as T;
  }
  const o: Record<string, unknown> = {};
  for (const k in x as Record<string, unknown>) o[k] = deepCopy((x as Record<string, unknown>)[k]);
  return o as T;
}
