// Checks responses against openapi.yaml: the status must be documented for the operation, the
// content type documented for that status, and a JSON body must validate against its schema.
// testServer() runs every response of every test through it.
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

export function contractChecker(api: OpenApi): ContractChecker {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(api.document, DOC_ID);
  const ops = new Map<string, Json>();
  for (const item of Object.values((api.document.paths ?? {}) as Record<string, Json>)) {
    for (const m of METHODS) if (item[m]?.operationId) ops.set(item[m].operationId, item[m]);
  }
  const compiled = new Map<string, ValidateFunction>();
  const resolve = (v: Json): Json => {
    const ref = v?.$ref as string | undefined;
    if (!ref) return v;
    const parts = ref.replace(/^#\//, '').split('/');
    return resolve(parts.reduce((o: Json, k) => o?.[k], api.document));
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
