// Request validation from openapi.yaml's schemas, with two Ajv instances:
//  - bodies are JSON: validated as sent, no type coercion, no silent removal of unknown members
//    (an unknown member is a 400 naming it), so what a client sends is exactly what the
//    contract describes;
//  - path, query and header values are strings on the wire: coerced to the schema's type
//    ("20" -> 20, "true" -> true) and then validated.
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

function validatorCompiler(c: Compilers): FastifySchemaCompiler<Record<string, unknown>> {
  return ({ schema, httpPart }) => {
    if (httpPart !== 'body') return cachedValidator(c, 'strings', schema);
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
