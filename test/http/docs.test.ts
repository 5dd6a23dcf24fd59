import { readFileSync } from 'node:fs';
import t from 'tap';
import { parse } from 'yaml';
import { OPENAPI_FILE, loadOpenApi, operation, operationIds } from '../../src/http/openapi.js';
import { systemClock } from '../../src/app/clock.js';
import { buildServer } from '../../src/http/server.js';
import type { PrismaClient } from '../../src/store/prisma.js';
import { testConfig, testServer } from '../helpers/server.js';

t.test('GET /openapi.yaml serves the contract verbatim', async (t) => {
  const { app } = await testServer(t);
  const res = await app.inject({ method: 'GET', url: '/openapi.yaml' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/yaml/);
  t.equal(res.body, readFileSync(OPENAPI_FILE, 'utf8'));
  t.equal(parse(res.body).openapi, '3.1.0');
});

t.test('GET /docs serves Swagger UI for that contract', async (t) => {
  const { app } = await testServer(t);
  const page = await app.inject({ method: 'GET', url: '/docs' });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], /^text\/html/);
  t.match(page.body, /swagger-ui/i);
  const init = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
  t.equal(init.statusCode, 200);
  const bundle = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
  t.equal(bundle.statusCode, 200, 'assets are served locally, no CDN');
  const json = await app.inject({ method: 'GET', url: '/docs/json' });
  t.same(json.json(), loadOpenApi().document, 'the UI reads the same document');
});

t.test('/docs has the security headers of the other pages: a CSP with frame-ancestors, nosniff, a referrer policy', async (t) => {
  const { app } = await testServer(t);
  for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-initializer.js', '/docs/json', '/openapi.yaml']) {
    const res = await app.inject({ method: 'GET', url });
    t.ok(res.statusCode < 400, `${url}: ${res.statusCode}`);
    const csp = String(res.headers['content-security-policy'] ?? '');
    t.match(csp, /frame-ancestors 'none'/, `${url}: may not be framed`);
    t.match(csp, /script-src 'self'(;|$)/, `${url}: scripts from the origin only`);
    t.match(csp, /object-src 'none'/, url);
    t.equal(res.headers['x-content-type-options'], 'nosniff', url);
    t.equal(res.headers['referrer-policy'], 'same-origin', url);
    t.equal(res.headers['x-frame-options'], 'DENY', url);
  }
});

t.test('every operation in openapi.yaml has its route', async (t) => {
  const { app } = await testServer(t);
  const api = loadOpenApi();
  for (const id of operationIds(api)) {
    const { method, url } = operation(api, id);
    t.ok(app.hasRoute({ method, url }), `${id}: ${method} ${url}`);
  }
});

t.test('a route missing from openapi.yaml is refused at start-up', async (t) => {
  const app = await buildServer({ config: testConfig(), prisma: {} as PrismaClient, clock: systemClock });
  t.teardown(() => app.close());
  await t.rejects(async () => {
    await app.register(async (scope) => {
      scope.get('/undocumented', async () => 'hi');
    });
    await app.ready();
  }, /route GET \/undocumented is not declared in openapi.yaml/);
});

t.test('operation() takes method, URL and schemas from the document', async (t) => {
  const api = loadOpenApi();
  api.document.paths!['/games/{gameId}'] = {
    parameters: [{ name: 'gameId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    post: {
      operationId: 'testOp',
      parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' } }],
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
      responses: { '404': { $ref: '#/components/responses/NotFound' } },
    },
  };
  t.same(operation(api, 'testOp'), {
    method: 'POST',
    url: '/games/:gameId',
    config: { operationId: 'testOp', mediaTypes: ['application/json'] },
    schema: {
      params: { type: 'object', properties: { gameId: { type: 'string', format: 'uuid' } }, required: ['gameId'] },
      querystring: { type: 'object', properties: { dryRun: { type: 'boolean' } } },
      // requestBody.required is false by default: the body may be left out (validation.ts)
      body: { $ref: 'Health#', 'x-alea-optional-body': true },
      response: { '404': { $ref: 'Problem#' } },
    },
  });
  t.throws(() => operation(api, 'nope'), /no operation with operationId nope/);
});
