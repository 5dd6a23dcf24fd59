// Compiled request validators and response serializers, shared by every server this process
// builds from the same component schemas. Compiling them (Ajv, fast-json-stringify) costs a few
// hundred milliseconds of CPU per server; a process normally builds one, but the test suite and
// the benchmark build hundreds, and that compilation was the largest single item of the suite's
// CPU. A compiled function is pure (it depends on its schema and the component schemas only), so
// sharing it is safe: the cache is keyed by the component schemas' text and each route schema's text.
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import { SERIALIZE_LOOSELY, sharedSchemas, type OpenApi } from './openapi.js';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface Compilers {
  /** Ajv for JSON bodies (no coercion) and for path, query and header strings (coerced). */
  body: Ajv;
  strings: Ajv;
  validators: Map<string, ValidateFunction>;
  serializers: Map<string, (data: unknown) => string>;
  /** The component schemas by $id, as fast-json-stringify takes them. */
  external: Record<string, unknown>;
}

const byComponents = new Map<string, Compilers>();

/** The compilers for this document's component schemas (made once per distinct set). */
export function compilersFor(api: OpenApi, ajvOptions: Options): Compilers {
  const shared = sharedSchemas(api);
  const key = JSON.stringify([ajvOptions, shared]);
  let c = byComponents.get(key);
  if (!c) {
    const body = new Ajv({ ...ajvOptions, coerceTypes: false });
    const strings = new Ajv({ ...ajvOptions, coerceTypes: true });
    for (const ajv of [body, strings]) {
      addFormats(ajv);
      for (const schema of shared) ajv.addSchema(schema);
    }
    c = { body, strings, validators: new Map(), serializers: new Map(), external: Object.fromEntries(shared.map((s) => [s.$id, s])) };
    byComponents.set(key, c);
  }
  return c;
}

/** A validator of `schema` (for a body, or for strings), compiled once per process. */
export function cachedValidator(c: Compilers, kind: 'body' | 'strings', schema: unknown): ValidateFunction {
  const key = `${kind}:${JSON.stringify(schema)}`;
  let v = c.validators.get(key);
  if (!v) {
    v = c[kind].compile(schema as object);
    c.validators.set(key, v);
  }
  return v;
}

/** A serializer of `schema` (Fastify's own choice, fast-json-stringify), compiled once per process. */
export function cachedSerializer(c: Compilers, schema: unknown): (data: unknown) => string {
  if (isLooseSchema(c, schema)) return JSON.stringify;
  const key = JSON.stringify(schema);
  let s = c.serializers.get(key);
  if (!s) {
    s = fastJsonStringify(schema as never, { schema: c.external as never }) as (data: unknown) => string;
    c.serializers.set(key, s);
  }
  return s;
}

/**
 * A response that is, as a whole, a component the document marks as serialised loosely (see
 * SERIALIZE_LOOSELY in openapi.ts): nothing to choose or leave out, so JSON.stringify does it.
 */
function isLooseSchema(c: Compilers, schema: unknown): boolean {
  const ref = (schema as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string' || Object.keys(schema as object).length !== 1 || !ref.endsWith('#')) return false;
  const target = c.external[ref.slice(0, -1)] as Record<string, unknown> | undefined;
  return target?.[SERIALIZE_LOOSELY] === true;
}
