// Checks responses against openapi.yaml: the status must be documented for the operation, the
// content type documented for that status, and a JSON body must validate against its schema.
// testServer() runs every response of every test through it.
//
// A `oneOf` with a `discriminator` (each game's actions, told apart by `type`) is checked by its
// tag: the branch the tag names, not every branch in turn. A game's answer lists hundreds of
// legal actions, each tried against some fifty branches, and that was most of the suite's
// validation time. Ajv takes the tags from the branches' own `const`/`enum` and wants the
// document's `mapping` gone; the checker first makes sure the mapping says the same.
// (test/http/action-schemas.test.ts checks the plain `oneOf`: exactly one branch per action.)
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenApi } from '../../src/http/openapi.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const DOC_ID = 'openapi.yaml';

type Json = Record<string, any>;

export interface ContractChecker {
  /** Problems with this response ([] if it matches the document). */
  check(operationId: string | undefined, status: number, contentType: string | undefined, body: unknown): string[];
}

/** What a local `$ref` ('#/components/schemas/X') points at in `document`. */
const at = (document: Json, ref: string): Json | undefined => ref.replace(/^#\//, '').split('/').reduce((o: Json | undefined, k) => o?.[k], document);

/**
 * `oneOf` branches' tags: the `const` or `enum` of the tag property in each (resolved) branch;
 * `objects` whether every branch is an object schema.
 */
function branchTags(document: Json, oneOf: Json[], property: string): { tags: Map<string, string>; objects: boolean } {
  const tags = new Map<string, string>();
  let objects = oneOf.length > 0;
  for (const branch of oneOf) {
    const ref = branch.$ref as string | undefined;
    const schema = ref ? at(document, ref) : branch;
    objects &&= schema?.type === 'object';
    const tag = schema?.properties?.[property];
    for (const value of tag?.const !== undefined ? [tag.const] : (tag?.enum ?? [])) tags.set(value, ref ?? '(inline)');
  }
  return { tags, objects };
}

/**
 * The document without its discriminators' mappings (which Ajv does not take), after checking
 * that each mapping names exactly the branches whose tags it lists.
 */
export function withoutMappings(document: Json): Json {
  const problems: string[] = [];
  const strip = (v: unknown, where: string): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => strip(x, `${where}/${i}`));
    if (v === null || typeof v !== 'object') return v;
    const node = v as Json;
    const out = Object.fromEntries(Object.entries(node).map(([k, x]) => [k, strip(x, `${where}/${k}`)]));
    const mapping = node.discriminator?.mapping as Record<string, string> | undefined;
    if (mapping) {
      const { tags, objects } = branchTags(document, node.oneOf ?? [], node.discriminator.propertyName);
      const mapped = Object.entries(mapping).map(([tag, ref]) => `${tag} → ${ref}`).sort();
      const actual = [...tags].map(([tag, ref]) => `${tag} → ${ref}`).sort();
      if (JSON.stringify(mapped) !== JSON.stringify(actual)) problems.push(`${where}: the discriminator's mapping is not its oneOf's tags`);
      // Ajv's discriminator looks at objects only: anything else would pass where the plain
      // oneOf fails it (a null view offered as a GameView). Every branch is an object schema, so
      // saying so of the whole keeps the plain oneOf's answer.
      if (!objects) problems.push(`${where}: a discriminator's branches must all be object schemas`);
      out.type = 'object';
      const { mapping: _, ...discriminator } = node.discriminator;
      out.discriminator = discriminator;
    }
    return out;
  };
  const out = strip(document, '#') as Json;
  if (problems.length) throw new Error(`openapi.yaml: ${problems.join('; ')}`);
  return out;
}

export function contractChecker(api: OpenApi): ContractChecker {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, discriminator: true });
  addFormats(ajv);
  const document = withoutMappings(api.document);
  ajv.addSchema(document, DOC_ID);
  const ops = new Map<string, Json>();
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const m of METHODS) if (item[m]?.operationId) ops.set(item[m].operationId, item[m]);
  }
  const compiled = new Map<string, ValidateFunction>();
  const resolve = (v: Json): Json => {
    const ref = v?.$ref as string | undefined;
    return ref ? resolve(at(document, ref)!) : v;
  };
  const rebase = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(rebase);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === '$ref' && typeof x === 'string' && x.startsWith('#/') ? `${DOC_ID}${x}` : rebase(x)]));
  };
  const problemSchema = { $ref: `${DOC_ID}#/components/schemas/Problem` };

  return {
    check(operationId, status, contentType, body) {
      const type = (contentType ?? '').split(';')[0]!.trim();
      let schema: unknown;
      let where: string;
      if (!operationId) {
        // The not-found handler and the like: only problems.
        if (type !== 'application/problem+json') return [];
        schema = problemSchema;
        where = `${status} (no route)`;
      } else {
        const op = ops.get(operationId);
        if (!op) return [`operation ${operationId} is not in openapi.yaml`];
        const raw = op.responses?.[String(status)] ?? op.responses?.default;
        if (!raw) return [`${operationId}: status ${status} is not documented`];
        const response = resolve(raw);
        const content = response.content as Json | undefined;
        if (!content) return body === undefined || body === '' ? [] : [`${operationId} ${status}: a body, but none is documented`];
        if (!content[type]) return [`${operationId} ${status}: content type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`];
        if (type !== 'application/json' && type !== 'application/problem+json') return [];
        schema = rebase(content[type].schema);
        where = `${operationId} ${status}`;
      }
      const key = JSON.stringify(schema);
      let validate = compiled.get(key);
      if (!validate) compiled.set(key, (validate = ajv.compile(schema as Json)));
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}
