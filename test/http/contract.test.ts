// openapi.yaml and the API match exactly: every route is documented and every operation served;
// the document's examples are valid; its enums are the service's; and the response check that
// every test runs (test/helpers/contract.ts) does catch a response that strays.
import t from 'tap';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ERROR_CODES } from '../../src/app/errors.js';
import { COMPUTER_LEVELS } from '../../src/app/games/computer-seat.js';
import { games } from '../../src/engine/index.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi, operation, operationIds, operationsOf } from '../../src/http/openapi.js';
import { isWebClientRoute } from '../../src/http/routes/web.js';
import { contractChecker, withoutMappings } from '../helpers/contract.js';
import { apiServer, look, startGame } from '../helpers/api.js';
import { testServer } from '../helpers/server.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const api = loadOpenApi();
const doc = api.document;

t.test('every registered route is in openapi.yaml, and every operation has its route', async (t) => {
  const { app } = await testServer(t);
  const documented = new Set(operationIds(api).map((id) => `${operation(api, id).method} ${operation(api, id).url}`));
  const served = new Set<string>();
  for (const r of app.routeList) {
    if (r.method === 'HEAD') continue; // Fastify adds HEAD for each GET
    if (r.method === 'OPTIONS' && r.url === '*') continue; // CORS preflights (test/http/cors.test.ts)
    if (isWebClientRoute(r.url)) continue; // the web client's pages, not API operations (test/web/)
    if (r.url === '/docs' || r.url.startsWith('/docs/')) {
      if (r.url !== '/docs') continue; // Swagger UI's static assets, documented as part of /docs
    }
    const key = `${r.method} ${r.url}`;
    served.add(key);
    t.ok(r.url.startsWith('/docs') || r.operationId, `${key} is registered from an operationId`);
    t.ok(documented.has(key) || r.url === '/docs', `${key} is in openapi.yaml`);
  }
  for (const key of documented) t.ok(served.has(key) || key === 'GET /docs', `${key} is served`);
  t.ok(served.has('GET /docs'));
});

t.test('the document is OpenAPI 3.1 with conventions every operation keeps', async (t) => {
  t.equal(doc.openapi, '3.1.0');
  for (const { path, op } of operationsOf(doc)) {
    const id = op.operationId!;
    t.ok(id, `${path}: an operationId`);
    t.ok(op.summary && op.tags?.length, `${id}: summary and tag`);
    const secured = (op.security ?? doc.security ?? []).length > 0;
    if (!op.responses) throw new Error(`${id}: no responses`);
    if (secured) t.ok(op.responses['401'], `${id}: documents 401`);
    if (op.requestBody) for (const s of ['400', '413', '415']) t.ok(op.responses[s], `${id}: documents ${s}`);
    if (path.includes('{id}')) t.ok(op.responses['404'], `${id}: documents 404`);
    // Issue 9: every operation that reads the database answers 503 while it is unreachable; the
    // spec, its docs and the games' catalog are served from memory.
    if (!['getOpenApi', 'getDocs', 'getCatalog'].includes(id)) t.ok(op.responses['503'], `${id}: documents 503`);
  }
});

t.test('the enums are the service\'s own', async (t) => {
  const s = doc.components!.schemas! as Record<string, OpenAPIV3_1.SchemaObject>;
  const props = (name: string) => s[name]!.properties as Record<string, OpenAPIV3_1.SchemaObject>;
  t.same(s.ErrorCode!.enum, [...ERROR_CODES], 'error codes');
  t.same(s.GameModuleId!.enum, Object.keys(games), 'games');
  t.same(s.Role!.enum, [...new Set(Object.values(games).flatMap((g) => g.roles))], 'roles');
  t.same(props('CreateGameRequest').role!.enum, [...s.Role!.enum!, 'random']);
  t.same(props('CreateGameRequest').opponent!.enum, ['bot', 'computer'], 'the kinds of opponent besides a person');
  t.same(s.ComputerLevel!.enum, COMPUTER_LEVELS, "the computer's levels are the service's");
  // Each game's options schema is its module's options, by name and value.
  const create = s.CreateGameRequest!.allOf! as { if: { properties: { game: { const: string } } }; then: { properties: { options: OpenAPIV3_1.ReferenceObject } } }[];
  t.same(create.map((c) => c.if.properties.game.const), Object.keys(games), 'a branch of CreateGameRequest per game');
  for (const c of create) {
    const m = games[c.if.properties.game.const]!;
    const schema = s[c.then.properties.options.$ref.split('/').pop()!]!;
    const declared = Object.fromEntries((m.options ?? []).map((o) => [o.name, [...o.values].sort()]));
    const published = Object.fromEntries(Object.entries(schema.properties as Record<string, OpenAPIV3_1.SchemaObject>).map(([k, v]) => [k, v.type === 'boolean' ? [false, true] : [...v.enum!].sort()]));
    t.same(published, declared, `${m.id}: the options schema is the module's options`);
    t.equal(schema.additionalProperties, false, `${m.id}: no other option`);
  }
  // One view and one action schema per game, each game's told apart.
  const names = Object.values(games).map((g) => g.title.replace(/[^A-Za-z]/g, ''));
  t.same(s.GameView!.oneOf!.map((x) => (x as OpenAPIV3_1.ReferenceObject).$ref), names.map((n) => `#/components/schemas/${n}View`), 'a view schema per game');
  t.same(s.GameAction!.anyOf!.map((x) => (x as OpenAPIV3_1.ReferenceObject).$ref), names.map((n) => `#/components/schemas/${n}Action`), 'an action schema per game');
  for (const n of names) {
    const a = s[`${n}Action`]!;
    t.equal(a.discriminator?.propertyName, 'type', `${n}Action is told apart by type`);
    const mapping = a.discriminator!.mapping!;
    t.same(Object.values(mapping), a.oneOf!.map((x) => (x as OpenAPIV3_1.ReferenceObject).$ref), `${n}Action maps every type`);
    for (const [type, ref] of Object.entries(mapping)) {
      const variant = s[ref.split('/').pop()!]!;
      t.same((variant.properties!.type as OpenAPIV3_1.SchemaObject).enum, [type], `${ref} is the ${type} action`);
    }
  }
});

t.test('every example in the document is valid for its schema', async (t) => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.yaml');
  const rebase = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(rebase)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === '$ref' && typeof x === 'string' ? `openapi.yaml${x}` : rebase(x)]))
        : v;
  let checked = 0;
  const visit = (node: any, where: string) => {
    if (!node || typeof node !== 'object') return;
    if (node.schema && ('example' in node || 'examples' in node)) {
      const validate = ajv.compile(rebase(node.schema) as object);
      const examples = 'example' in node ? [node.example] : Object.values(node.examples as Record<string, { value: unknown }>).map((e) => e.value);
      for (const e of examples) {
        t.ok(validate(e), `${where}: ${JSON.stringify(validate.errors)}`);
        checked++;
      }
    }
    if (Array.isArray(node.examples) && (node.type || node.properties || node.$ref === undefined) && !node.schema && where.includes('/components/schemas/')) {
      const validate = ajv.compile(rebase({ ...node, examples: undefined }) as object);
      for (const e of node.examples) {
        t.ok(validate(e), `${where} example ${JSON.stringify(e)}: ${JSON.stringify(validate.errors)}`);
        checked++;
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'examples' && k !== 'example') visit(v, `${where}/${k}`);
  };
  visit(doc, '#');
  t.ok(checked > 20, `${checked} examples checked`);
});

t.test('the response check catches responses that stray from the document', async (t) => {
  const checker = contractChecker(api);
  const user = { id: '0195f3b0-7c1e-7cc3-9a4e-2d1f4f7a9b10', email: 'a@example.org', emailConfirmed: true, pendingEmail: null, name: 'A', handle: 'A', notifications: { email: 'all' }, vacation: null, vacationDaysLeft: 21, createdAt: '2026-01-01T00:00:00.000Z', bot: false };
  t.same(checker.check('getMe', 200, 'application/json', user), []);
  t.match(checker.check('getMe', 200, 'application/json', { ...user, passwordHash: 'x' }), [/must NOT have additional properties/]);
  t.match(checker.check('getMe', 200, 'application/json', { ...user, createdAt: 'yesterday' }), [/must match format/]);
  t.match(checker.check('getMe', 418, 'application/json', user), [/status 418 is not documented/]);
  t.match(checker.check('getMe', 200, 'text/html', '<p>'), [/content type text\/html is not documented/]);
  t.match(checker.check('getMe', 401, 'application/problem+json', { title: 'x' }), [/must have required property/]);
  t.same(checker.check(undefined, 404, 'application/problem+json', { type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found' }), []);
});

t.test("the response check tells a game's actions apart by their type, as the document's discriminator says", async (t) => {
  const checker = contractChecker(api);
  const s = await apiServer(t, { checkContract: false });
  const g = await startGame(s);
  const game = await look(g.caesar, g.id);
  t.ok(game.legalActions.length > 1, 'a game with actions to check');
  t.same(checker.check('getGame', 200, 'application/json', game), [], 'as served');
  const strayed = (change: (a: Record<string, unknown>) => void) => {
    const copy = structuredClone(game);
    change(copy.legalActions[0]);
    return checker.check('getGame', 200, 'application/json', copy);
  };
  t.not(strayed((a) => void (a.type = 'nonsense')).length, 0, 'a type no game has');
  t.not(strayed((a) => void (a.type = 'move')).length, 0, "another type's members");
  t.not(strayed((a) => void (a.extra = 1)).length, 0, 'a member too many');
  t.not(strayed((a) => void delete a.label).length, 0, 'no label');
  t.not(strayed((a) => void delete a.card).length, 0, 'a member missing');
  // A view is a GameView (told apart by `game`) or null.
  t.same(checker.check('getGame', 200, 'application/json', { ...game, view: null }), [], 'a null view');
  t.not(checker.check('getGame', 200, 'application/json', { ...game, view: 'x' }).length, 0, 'a view that is neither');
  t.not(checker.check('getGame', 200, 'application/json', { ...game, view: { ...game.view, game: 'chess' } }).length, 0, 'a view of no game');
});

t.test("a discriminator's mapping must name the branches its tags pick", async (t) => {
  const branch = (tag: string) => ({ type: 'object', required: ['type'], properties: { type: { type: 'string', enum: [tag] } } });
  const doc = (mapping: Record<string, string>) => ({
    components: { schemas: { A: branch('a'), B: branch('b'), AB: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }], discriminator: { propertyName: 'type', mapping } } } },
  });
  const good = withoutMappings(doc({ a: '#/components/schemas/A', b: '#/components/schemas/B' }));
  t.same(good.components.schemas.AB.discriminator, { propertyName: 'type' }, 'the mapping goes, the rest stays');
  t.equal(good.components.schemas.AB.type, 'object', 'objects only, as every branch is');
  t.throws(() => withoutMappings(doc({ a: '#/components/schemas/B', b: '#/components/schemas/A' })), /AB: the discriminator's mapping is not its oneOf's tags/, 'crossed');
  t.throws(() => withoutMappings(doc({ a: '#/components/schemas/A' })), /mapping is not its oneOf's tags/, 'a tag left out');
});
