// The fault suite's fuzz (issue 9, section 5), driven by openapi.yaml: for every operation of the
// document, malformed variants of its request (bad ids, query values of the wrong type or size,
// each required body member missing, each member of the wrong type, an unknown member, huge and
// NUL-laden strings, bad JSON, no body, a wrong content type, a bad Idempotency-Key), sent by a
// signed-in player and by an anonymous caller. Every answer must be a 4xx (never a 5xx), every
// error JSON (or the HTML the document promises for its pages), and the database unchanged
// (every table's rows, compared before and after).
import t from 'tap';
import { loadOpenApi } from '../../src/http/openapi.js';
import { apiServer, startGame } from '../helpers/api.js';

type Json = any;
const api = loadOpenApi();
const doc = api.document as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function deref(x: Json): Json {
  if (x && typeof x === 'object' && typeof x.$ref === 'string') {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(x.$ref)!;
    return deref(doc.components[kind!][name!]);
  }
  return x;
}

/** A value that the schema refuses for its type (never merely an unusual valid one). */
function wrongTypeValues(schema: Json): unknown[] {
  const s = deref(schema);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.enum ? ['string'] : s.oneOf || s.anyOf ? [] : ['object'];
  const all: [string, unknown][] = [
    ['string', 12345],
    ['integer', 'seven'],
    ['number', 'seven'],
    ['boolean', 'true'],
    ['object', 'an object'],
    ['array', { not: 'an array' }],
  ];
  const out: unknown[] = [];
  for (const [type, wrong] of all) if (types.includes(type)) out.push(wrong);
  if (types.includes('integer')) out.push(1.5, 2 ** 53);
  if (types.includes('string')) out.push('x'.repeat(100_000), [`\u0000`]);
  if (s.enum) out.push('not-one-of-them');
  return out.filter((v) => !types.some((ty) => (ty === 'null' ? v === null : ty === 'string' && typeof v === 'string' && !s.maxLength && !s.enum)));
}

/** An object shaped by the schema's properties, each a plausible value (a starting point to break). */
function sample(schema: Json): Record<string, unknown> {
  const s = deref(schema);
  const out: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    const p = deref(raw);
    const ty = Array.isArray(p.type) ? p.type[0] : p.type;
    out[name] = p.example ?? p.examples?.[0] ?? p.enum?.[0] ?? (ty === 'integer' || ty === 'number' ? 1 : ty === 'boolean' ? true : ty === 'object' ? {} : ty === 'array' ? [] : 'x');
  }
  return out;
}

interface Variant {
  what: string;
  path: string;
  raw?: string;
  headers?: Record<string, string>;
}

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const BAD_IDS = ['x', '123', `${UNKNOWN}x`, `urn:uuid:${UNKNOWN}`, '%00', '%ED%A0%80', 'x'.repeat(5000), '..%2F..%2Fme'];
const BAD_QUERY_VALUES = ['', 'x', '-1', '99999999999999999999', '1.5', '%00', '%ED%A0%80', 'x'.repeat(5000), '[object Object]'];
const JSON_TYPE = { 'content-type': 'application/json' };

/** Malformed variants of one operation. `good` fills path parameters with a real value. */
function variants(path: string, op: Json, params: Json[], good: Record<string, string>): Variant[] {
  const out: Variant[] = [];
  const fill = (over: Record<string, string> = {}) => path.replace(/\{(\w+)\}/g, (_, n: string) => over[n] ?? good[n] ?? UNKNOWN);
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const body = op.requestBody ? deref(op.requestBody) : null;
  const bodySchema = body?.content?.['application/json']?.schema;
  // An event stream never ends by itself: a variant must not be a valid request to it.
  const stream = !!op.responses?.['200']?.content?.['text/event-stream'];
  const validBodyish = bodySchema ? JSON.stringify(sample(bodySchema)) : '{}';

  for (const p of pathParams) for (const bad of BAD_IDS) out.push({ what: `path ${p.name}=${bad.slice(0, 20)}`, path: fill({ [p.name]: bad }), raw: validBodyish, headers: JSON_TYPE });
  // Query values of the wrong type or size, on a malformed id where a valid request would act
  // or stream (a GET only reads).
  const queryBase = op === doc.paths[path].get && !stream ? fill() : fill(Object.fromEntries(pathParams.map((p) => [p.name, 'x'])));
  // A stream without a path parameter (the user's) has no id to spoil: its query variants would
  // open it, which the signed-in caller may; its token in the query is tested in my-events.test.ts.
  for (const q of stream && pathParams.length === 0 ? [] : queryParams) {
    const s = deref(q.schema ?? {});
    for (const v of BAD_QUERY_VALUES) {
      if (s.type === 'string' && !s.maxLength && !s.pattern && !s.enum && v.length < 5000) continue; // any string is a valid value
      out.push({ what: `query ${q.name}=${v.slice(0, 20)}`, path: `${queryBase}${queryBase.includes('?') ? '&' : '?'}${q.name}=${v}`, raw: validBodyish, headers: JSON_TYPE });
    }
  }
  if (!stream && op !== doc.paths[path].get && op !== doc.paths[path].delete) {
    const target = fill();
    if (bodySchema) {
      const s = deref(bodySchema);
      const base = sample(s);
      for (const name of (s.required ?? []) as string[]) {
        const { [name]: _, ...rest } = base;
        out.push({ what: `body without ${name}`, path: target, raw: JSON.stringify(rest), headers: JSON_TYPE });
      }
      for (const [name, schema] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
        for (const wrong of wrongTypeValues(schema)) out.push({ what: `body ${name}=${JSON.stringify(wrong).slice(0, 20)}`, path: target, raw: JSON.stringify({ ...base, [name]: wrong }), headers: JSON_TYPE });
      }
      if (s.additionalProperties === false) out.push({ what: 'body with an unknown member', path: target, raw: JSON.stringify({ ...base, isAdmin: true }), headers: JSON_TYPE });
      if (body.required) out.push({ what: 'no body', path: target, raw: '', headers: JSON_TYPE });
      out.push({ what: 'body an array', path: target, raw: JSON.stringify([base]), headers: JSON_TYPE });
    }
    out.push({ what: 'bad JSON', path: target, raw: '{"a": ', headers: JSON_TYPE });
    out.push({ what: 'huge body', path: target, raw: JSON.stringify({ x: 'x'.repeat(400 * 1024) }), headers: JSON_TYPE });
    out.push({ what: 'text/plain', path: target, raw: validBodyish, headers: { 'content-type': 'text/plain' } });
    out.push({ what: 'a made-up type', path: target, raw: validBodyish, headers: { 'content-type': 'application/x-alea' } });
    if (params.some((p) => p.$ref === '#/components/parameters/IdempotencyKey')) {
      out.push({ what: 'idempotency key too long', path: target, raw: validBodyish, headers: { ...JSON_TYPE, 'idempotency-key': 'k'.repeat(300) } });
    }
  }
  return out;
}

/** Every table's rows, as a digest per table: equal before and after means nothing changed. */
async function snapshot(s: Awaited<ReturnType<typeof apiServer>>): Promise<Record<string, string>> {
  const tables = await s.db.prisma.$queryRaw<{ name: string }[]>`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`;
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await s.db.prisma.$queryRawUnsafe<{ n: bigint; digest: string | null }[]>(
      `SELECT count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
    );
    out[name] = `${row!.n} ${row!.digest}`;
  }
  return out;
}

t.test('fuzz from openapi.yaml: malformed variants of every operation, signed in and not: no 5xx, JSON errors, nothing changed', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const other = await s.signUp('Outsider');
  const open = await other.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' });
  const good = { id: g.id };
  const before = await snapshot(s);

  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  let operations = 0;
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      operations++;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => ({ ...deref(p), $ref: p.$ref }));
      const htmlOk = Object.values((op.responses ?? {}) as Record<string, Json>).some((r) => deref(r).content?.['text/html']);
      for (const v of variants(path, op, params, good)) {
        for (const [who, client] of [['player', g.caesar.client], ['anonymous', s.anon], ['outsider', open.status === 201 ? other.client : s.anon]] as const) {
          if (who === 'outsider' && !path.includes('{id}')) continue;
          const res = await client.request(method.toUpperCase(), v.path, method === 'get' ? {} : { raw: v.raw ?? '', headers: v.headers ?? {} });
          sent++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const type = res.headers.get('content-type') ?? '';
          const label = `${op.operationId} ${v.what} (${who}): ${res.status}`;
          if (res.status >= 500) problems.push(`${label} ${res.text.slice(0, 160)}`);
          // A query value may happen to be valid after coercion ("1" for a boolean): a read is harmless.
          else if (res.status < 400 && method !== 'get') problems.push(`${label}: a malformed request was accepted`);
          else if (res.status < 400) continue;
          else if (!/^application\/(problem\+)?json/.test(type) && !(htmlOk && type.startsWith('text/html'))) problems.push(`${label}: error as ${type}`);
        }
      }
    }
  }
  t.same(problems.slice(0, 20), [], `${sent} malformed requests over ${operations} operations`);
  t.ok(operations >= 25, `${operations} operations in openapi.yaml`);
  await s.app.services.background.idle();
  t.same(await snapshot(s), before, 'no table changed');
  t.comment(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
});
