// openapi.yaml is the one description of the API. Routes are declared from it by operationId:
// `app.route({ ...operation(api, 'getHealth'), handler })` takes the method, the URL and the
// request/response schemas from the document, so what is validated, what is serialised and what
// is documented cannot drift apart. Component schemas become Fastify shared schemas ($id = name).
import { readFileSync } from 'node:fs';
import type { FastifySchema, HTTPMethods } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { projectPath } from '../paths.js';

export const OPENAPI_FILE = projectPath('openapi.yaml');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** Marks the body schema of an operation whose requestBody is not required (see validation.ts). */
export const OPTIONAL_BODY = 'x-alea-optional-body';
const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

type Json = Record<string, any>;
type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Parameter = OpenAPIV3_1.ParameterObject;
type RequestBody = OpenAPIV3_1.RequestBodyObject;
type Response = OpenAPIV3_1.ResponseObject;
type Ref = OpenAPIV3_1.ReferenceObject;

export interface OpenApi {
  /** The file as written (served verbatim at /openapi.yaml). */
  source: string;
  document: Document;
}

export function loadOpenApi(file: string = OPENAPI_FILE): OpenApi {
  const source = readFileSync(file, 'utf8');
  return { source, document: parse(source) as Document };
}

/** components.schemas as Fastify shared schemas, to pass to app.addSchema(). */
export function sharedSchemas(api: OpenApi): Json[] {
  const schemas = api.document.components?.schemas ?? {};
  return Object.entries(schemas).map(([name, schema]) => ({ $id: name, ...rewriteRefs(schema) }));
}

export interface OperationRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema;
  config: { operationId: string };
}

/** Method, URL and schemas of one operation, ready to spread into app.route(). */
export function operation(api: OpenApi, operationId: string): OperationRoute {
  for (const [path, item] of Object.entries(api.document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!item || !op || op.operationId !== operationId) continue;
      return {
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{([^}]+)\}/g, ':$1'), // /games/{id} -> /games/:id
        schema: routeSchema(api, [...(item.parameters ?? []), ...(op.parameters ?? [])], op),
        config: { operationId },
      };
    }
  }
  throw new Error(`openapi.yaml has no operation with operationId ${operationId}`);
}

/** Every operationId in the document, for checks that each one has a route. */
export function operationIds(api: OpenApi): string[] {
  const ids: string[] = [];
  for (const item of Object.values(api.document.paths ?? {})) {
    for (const method of METHODS) {
      const id = item?.[method]?.operationId;
      if (id) ids.push(id);
    }
  }
  return ids;
}

function routeSchema(api: OpenApi, parameters: (Parameter | Ref)[], op: Operation): FastifySchema {
  const schema: Record<string, unknown> = {};
  const groups: Record<string, { properties: Json; required: string[] }> = {};
  for (const raw of parameters) {
    const p = resolve<Parameter>(api, raw, 'parameters');
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
    const body = resolve<RequestBody>(api, op.requestBody, 'requestBodies');
    const json = body.content?.['application/json']?.schema;
    if (json) schema.body = body.required ? rewriteRefs(json) : { ...rewriteRefs(json), [OPTIONAL_BODY]: true };
  }
  const response: Record<string, unknown> = {};
  for (const [status, raw] of Object.entries(op.responses ?? {})) {
    const content = resolve<Response>(api, raw, 'responses').content;
    // Only JSON bodies are serialised through a schema; YAML, HTML and streams are sent as is.
    const json = content?.['application/json']?.schema ?? content?.['application/problem+json']?.schema;
    if (json) response[status] = rewriteRefs(json);
  }
  if (Object.keys(response).length) schema.response = response;
  return schema as FastifySchema;
}

// A '#/components/<kind>/<name>' reference to a reusable parameter, body or response.
function resolve<T>(api: OpenApi, value: T | Ref, kind: 'parameters' | 'requestBodies' | 'responses'): T {
  if (!('$ref' in (value as object))) return value as T;
  const ref = (value as Ref).$ref;
  const prefix = `#/components/${kind}/`;
  const target = ref.startsWith(prefix) ? (api.document.components?.[kind] as Record<string, unknown> | undefined)?.[ref.slice(prefix.length)] : undefined;
  if (!target) throw new Error(`openapi.yaml: cannot resolve ${ref}`);
  return target as T;
}

// '#/components/schemas/Name' -> 'Name#', the $id under which sharedSchemas() registers it.
function rewriteRefs<T>(value: T): T {
  if (Array.isArray(value)) return value.map(rewriteRefs) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    const m = k === '$ref' && typeof v === 'string' ? COMPONENT_REF.exec(v) : null;
    out[k] = m ? `${m[1]}#` : rewriteRefs(v);
  }
  return out as T;
}
