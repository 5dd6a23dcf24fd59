// openapi.yaml is the one description of the API. Routes are declared from it by operationId:
// `app.route({ ...operation(api, 'getHealth'), handler })` takes the method, the URL and the
// request/response schemas from the document, so what is validated, what is serialised and what
// is documented cannot drift apart. Component schemas become Fastify shared schemas ($id = name).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifySchema, HTTPMethods } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { projectPath } from '../paths.js';

export const OPENAPI_FILE = projectPath('openapi.yaml');
const CACHE_DIR = projectPath('node_modules', '.cache', 'alea');

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** Marks the body schema of an operation whose requestBody is not required (see validation.ts). */
export const OPTIONAL_BODY = 'x-alea-optional-body';
const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

export type OpenApiDocument = OpenAPIV3_1.Document;
type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
type Ref = OpenAPIV3_1.ReferenceObject;

export interface OpenApi {
  /** The file as written (served verbatim at /openapi.yaml). */
  source: string;
  /** The parsed document (OpenAPI 3.1; its shape is checked by test/http/contract.test.ts). */
  document: OpenApiDocument;
}

/** Parsed documents by their text: parsing the YAML costs tens of milliseconds, a copy far less. */
const parsed = new Map<string, OpenApiDocument>();

/** The document, read from the file; each call gets its own copy (a caller may change it). */
export function loadOpenApi(file: string = OPENAPI_FILE): OpenApi {
  const source = readFileSync(file, 'utf8');
  let document = parsed.get(source);
  if (!document) {
    document = parseCached(source);
    parsed.set(source, document);
  }
  return { source, document: structuredClone(document) };
}

/**
 * The YAML parsed, through a JSON copy named by the text's hash: loading the YAML parser and
 * parsing the document costs about 0.3 s of CPU, reading the JSON copy a few milliseconds, and
 * every process that starts the server (each test file, each worker) pays it. The copy lives in
 * the project's own `node_modules/.cache/` (not the shared temp folder, where another account
 * could plant a document of its own). It is only a cache: unreadable or unwritable, the YAML is
 * parsed as before.
 */
function parseCached(source: string): OpenApiDocument {
  const copy = join(CACHE_DIR, `openapi-${createHash('sha256').update(source).digest('hex').slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(copy, 'utf8')) as OpenApiDocument;
  } catch {
    // No copy yet (or a damaged one): parse the YAML.
  }
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const document = parse(source) as OpenApiDocument;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${copy}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, copy);
  } catch {
    // A read-only temp folder: no copy, nothing lost.
  }
  return document;
}

/** components.schemas as Fastify shared schemas, to pass to app.addSchema(). */
export function sharedSchemas(api: OpenApi): (Schema & { $id: string })[] {
  const schemas = api.document.components?.schemas ?? {};
  return Object.entries(schemas).map(([name, schema]) => ({ $id: name, ...rewriteRefs(SERIALIZE_LOOSELY in schema ? LOOSE_OBJECT : schema) }));
}

/**
 * Marks a schema (a game's view, a legal action) that the server serialises as a plain JSON
 * object instead of through its full oneOf: the engine made the value, the document describes it
 * precisely for clients, and every test checks answers against the document
 * (test/helpers/contract.ts). Choosing a oneOf branch while serialising validates the value
 * against each branch, which measured at about 1.5 ms of server CPU per move.
 */
export const SERIALIZE_LOOSELY = 'x-alea-serialize-loosely';
// Keeps the mark, so that a response that is such a schema as a whole (a Game) is sent with
// JSON.stringify, which is about twice as fast as fast-json-stringify on a loose object
// (schema-cache.ts).
const LOOSE_OBJECT = { type: 'object', additionalProperties: true, [SERIALIZE_LOOSELY]: true } as const;

/** Each operation of the document with its path and path item. */
export function operationsOf(doc: OpenApiDocument): { path: string; method: (typeof METHODS)[number]; item: OpenAPIV3_1.PathItemObject; op: OpenAPIV3_1.OperationObject }[] {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ path, method, item, op });
    }
  }
  return out;
}

export interface OperationRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema;
  /** `mediaTypes`: the media types its request body may have (null: it takes no body). */
  config: { operationId: string; mediaTypes: string[] | null };
}

/** Method, URL and schemas of one operation, ready to spread into app.route(). */
export function operation(api: OpenApi, operationId: string): OperationRoute {
  const found = operationsOf(api.document).find((o) => o.op.operationId === operationId);
  if (!found) throw new Error(`openapi.yaml has no operation with operationId ${operationId}`);
  const { path, method, item, op } = found;
  return {
    method: method.toUpperCase() as HTTPMethods,
    url: path.replace(/\{([^}]+)\}/g, ':$1'), // /games/{id} -> /games/:id
    schema: routeSchema(api, [...(item.parameters ?? []), ...(op.parameters ?? [])], op),
    config: { operationId, mediaTypes: op.requestBody ? Object.keys(resolve<OpenAPIV3_1.RequestBodyObject>(api, op.requestBody, 'requestBodies').content ?? {}) : null },
  };
}

/** Every operationId in the document, for checks that each one has a route. */
export function operationIds(api: OpenApi): string[] {
  return operationsOf(api.document).flatMap((o) => (o.op.operationId ? [o.op.operationId] : []));
}

function routeSchema(api: OpenApi, parameters: (OpenAPIV3_1.ParameterObject | Ref)[], op: OpenAPIV3_1.OperationObject): FastifySchema {
  const schema: Record<string, unknown> = {};
  const groups: Record<string, { properties: Record<string, unknown>; required: string[] }> = {};
  for (const raw of parameters) {
    const p = resolve<OpenAPIV3_1.ParameterObject>(api, raw, 'parameters');
    const key = ({ path: 'params', query: 'querystring', header: 'headers' } as Record<string, string>)[p.in];
    if (!key) continue; // cookies are not validated here
    const group = (groups[key] ??= { properties: {}, required: [] });
    group.properties[key === 'headers' ? String(p.name).toLowerCase() : p.name] = rewriteRefs(p.schema ?? {});
    if (p.required) group.required.push(key === 'headers' ? String(p.name).toLowerCase() : p.name);
  }
  for (const [key, group] of Object.entries(groups)) {
    schema[key] = { type: 'object', properties: group.properties, ...(group.required.length && { required: group.required }) };
  }
  if (op.requestBody) {
    const body = resolve<OpenAPIV3_1.RequestBodyObject>(api, op.requestBody, 'requestBodies');
    const json = body.content?.['application/json']?.schema;
    if (json) schema.body = body.required ? rewriteRefs(json) : { ...rewriteRefs(json), [OPTIONAL_BODY]: true };
  }
  const response: Record<string, unknown> = {};
  for (const [status, raw] of Object.entries(op.responses ?? {})) {
    const content = resolve<OpenAPIV3_1.ResponseObject>(api, raw, 'responses').content;
    // Only JSON bodies are serialised through a schema; YAML, HTML and streams are sent as is.
    const json = content?.['application/json']?.schema ?? content?.['application/problem+json']?.schema;
    if (json) response[status] = rewriteRefs(json);
  }
  if (Object.keys(response).length) schema.response = response;
  return schema as FastifySchema;
}

// A '#/components/<kind>/<name>' reference to a reusable parameter, body or response.
function resolve<T extends object>(api: OpenApi, value: T | Ref, kind: 'parameters' | 'requestBodies' | 'responses'): T {
  if (!('$ref' in value)) return value;
  const ref = value.$ref;
  const prefix = `#/components/${kind}/`;
  const components = api.document.components?.[kind] as Record<string, T | Ref> | undefined;
  const target = ref.startsWith(prefix) ? components?.[ref.slice(prefix.length)] : undefined;
  if (!target) throw new Error(`openapi.yaml: cannot resolve ${ref}`);
  return resolve(api, target, kind);
}

// '#/components/schemas/Name' -> 'Name#', the $id under which sharedSchemas() registers it.
function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const m = k === '$ref' && typeof v === 'string' ? COMPONENT_REF.exec(v) : null;
    out[k] = m ? `${m[1]}#` : rewriteRefs(v);
  }
  return out as T;
}
