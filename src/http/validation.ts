// Request validation from openapi.yaml's schemas, with two Ajv instances:
//  - bodies are JSON: validated as sent, no type coercion, no silent removal of unknown members
//    (an unknown member is a 400 naming it), so what a client sends is exactly what the
//    contract describes;
//  - path, query and header values are strings on the wire: coerced to the schema's type
//    ("20" -> 20, "true" -> true) and then validated. An integer must be written as one, in plain
//    decimal digits: Ajv's coercion alone took "0x10", "1e2", "01" and " 1" for numbers.
// Both know the document's component schemas (as '<Name>#', see openapi.ts) and its formats.
import type { Options, ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { OPTIONAL_BODY, type OpenApi } from './openapi.js';
import { cachedSerializer, cachedValidator, compilersFor, type Compilers } from './schema-cache.js';

const common: Options = {
  // Stop at the first error: allErrors invites denial of service on large inputs.
  allErrors: false,
  useDefaults: true,
  // The document also carries OpenAPI annotations (examples, descriptions) Ajv need not know.
  strict: false,
  removeAdditional: false,
};

/** The request validator and response serializer compilers for a server built from `api`. */
export function schemaCompilers(api: OpenApi): {
  validator: FastifySchemaCompiler<Record<string, unknown>>;
  serializer: (route: { schema: unknown }) => (data: unknown) => string;
} {
  const c = compilersFor(api, common);
  return { validator: validatorCompiler(c), serializer: ({ schema }) => cachedSerializer(c, schema) };
}

/** An integer as a path or query value writes it: decimal digits, no sign, no leading zero. */
const PLAIN_INTEGER = /^(0|[1-9][0-9]*)$/;

/** The members of an object schema of strings (path, query) whose schema is an integer. */
function integerMembers(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(props).flatMap(([name, p]) => (p.type === 'integer' ? [name] : []));
}

/** Validates path, query or header strings: integers spelt in plain decimal, then the schema (coerced). */
function stringsValidator(c: Compilers, schema: unknown): ValidateFunction {
  const validate = cachedValidator(c, 'strings', schema);
  const integers = integerMembers(schema);
  if (integers.length === 0) return validate;
  const check = ((data: Record<string, unknown>) => {
    for (const name of integers) {
      const raw = data?.[name];
      if (typeof raw === 'string' && !PLAIN_INTEGER.test(raw)) {
        check.errors = [{ instancePath: `/${name}`, schemaPath: `#/properties/${name}/type`, keyword: 'type', params: { type: 'integer' }, message: 'must be an integer written in decimal digits' }];
        return false;
      }
    }
    const ok = validate(data);
    check.errors = validate.errors;
    return ok;
  }) as ValidateFunction;
  return check;
}

function validatorCompiler(c: Compilers): FastifySchemaCompiler<Record<string, unknown>> {
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return stringsValidator(c, schema);
    const { [OPTIONAL_BODY]: optional, ...rest } = schema as Record<string, unknown>;
    const validate: ValidateFunction = cachedValidator(c, 'body', rest);
    if (!optional) return validate;
    // Fastify passes null for a request without a body.
    const allowEmpty = ((data: unknown) => {
      if (data === null || data === undefined) return true;
      const ok = validate(data);
      allowEmpty.errors = validate.errors;
      return ok;
    }) as ValidateFunction;
    return allowEmpty;
  };
}
