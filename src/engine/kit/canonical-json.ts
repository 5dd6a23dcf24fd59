// One way to write a JSON value as bytes, so that a signature over it (a game's record,
// src/engine/record/signature.ts) means the same to whoever checks it, however the JSON travelled
// and whatever order its members came in: RFC 8785, the JSON Canonicalization Scheme. Object
// members sorted by their names' UTF-16 code units, no white space, strings and numbers written
// as ECMAScript's JSON.stringify writes them (which is what RFC 8785 specifies), members whose
// value is undefined left out as JSON.stringify leaves them. Pure; runs in Node and browsers.

/** The canonical JSON text of a JSON value; throws on what JSON cannot hold (a non-finite number, a function). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} has no JSON form`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((x) => (x === undefined ? 'null' : canonicalJson(x))).join(',')}]`;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  throw new TypeError(`a ${typeof value} has no JSON form`);
}
