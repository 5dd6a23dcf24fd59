import { Writable } from 'node:stream';
import t, { type Test } from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { AppError } from '../../src/app/errors.js';
import { loadOpenApi, operation } from '../../src/http/openapi.js';
import { buildServer } from '../../src/http/server.js';
import { createLogger } from '../../src/logger.js';
import { testDatabase } from '../helpers/db.js';
import { testConfig } from '../helpers/server.js';

// A server with a few extra operations that fail on purpose, and its log lines.
async function failingServer(t: Test) {
  const api = loadOpenApi();
  api.document.paths!['/things/{id}'] = {
    post: {
      operationId: 'postThing',
      security: [],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
          },
        },
      },
      responses: { '200': { description: 'ok' } },
    },
  };
  api.document.paths!['/fail/{how}'] = { get: { operationId: 'fail', security: [], responses: { '500': { $ref: '#/components/responses/ServiceUnavailable' } } } };
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const db = await testDatabase(t);
  const app = await buildServer({ config: testConfig(), prisma: db.prisma, clock: systemClock, openapi: api, logger: createLogger('info', sink) });
  app.route({ ...operation(api, 'postThing'), handler: async (request) => ({ ok: true, body: request.body }) });
  app.route({
    ...operation(api, 'fail'),
    handler: async (request) => {
      const { how } = request.params as { how: string };
      if (how === 'conflict') throw new AppError('conflict', 'The game moved on.', { currentVersion: 3 });
      throw new Error('secret internals: password=hunter2');
    },
  });
  t.teardown(() => app.close());
  return { app, lines };
}

t.test('unknown routes are 404 problem+json', async (t) => {
  const { app } = await failingServer(t);
  const res = await app.inject({ method: 'GET', url: '/nowhere?x=1' });
  t.equal(res.statusCode, 404);
  t.match(res.headers['content-type'], /^application\/problem\+json/);
  t.same(res.json(), {
    type: 'about:blank',
    title: 'Not Found',
    status: 404,
    code: 'not_found',
    detail: 'No route for GET /nowhere.',
    instance: '/nowhere',
    requestId: res.headers['x-request-id'],
  });
});

t.test('invalid requests are 400 problem+json naming what is wrong', async (t) => {
  const { app } = await failingServer(t);
  const badJson = await app.inject({ method: 'POST', url: '/things/1', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
  t.equal(badJson.statusCode, 400);
  t.match(badJson.json(), { code: 'bad_request', status: 400 });

  const invalid = await app.inject({ method: 'POST', url: '/things/1', payload: { name: '' } });
  t.equal(invalid.statusCode, 400);
  t.match(invalid.json(), { code: 'validation_failed', errors: [{ in: 'body', path: '/name' }] });

  const badParam = await app.inject({ method: 'POST', url: '/things/abc', payload: { name: 'x' } });
  t.match(badParam.json(), { code: 'validation_failed', errors: [{ in: 'path', path: '/id' }] });

  const ok = await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'x' } });
  t.equal(ok.statusCode, 200);
});

t.test('application errors map to their status with their extra members', async (t) => {
  const { app } = await failingServer(t);
  const res = await app.inject({ method: 'GET', url: '/fail/conflict' });
  t.equal(res.statusCode, 409);
  t.match(res.json(), { code: 'conflict', title: 'Conflict', detail: 'The game moved on.', currentVersion: 3 });
});

t.test('unexpected errors are 500 without internals, and logged with the request id', async (t) => {
  const { app, lines } = await failingServer(t);
  const res = await app.inject({ method: 'GET', url: '/fail/crash', headers: { 'x-request-id': 'client-id-42' } });
  t.equal(res.statusCode, 500);
  t.equal(res.headers['x-request-id'], 'client-id-42', 'a plain client request id is kept');
  t.same(res.json(), {
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    code: 'internal_error',
    detail: 'Something went wrong on our side; it has been logged.',
    instance: '/fail/crash',
    requestId: 'client-id-42',
  });
  t.notMatch(res.body, /hunter2|internals/);
  const logged = lines.find((l) => l.msg === 'request failed');
  t.match(logged, { level: 50, reqId: 'client-id-42', err: { message: /secret internals/ } });
});

t.test('request ids: generated unless the client sent a plain one', async (t) => {
  const { app } = await failingServer(t);
  const generated = await app.inject({ method: 'GET', url: '/healthz' });
  t.match(generated.headers['x-request-id'], /^[0-9a-f-]{36}$/);
  const hostile = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\u00e9<script>' } });
  t.match(hostile.headers['x-request-id'], /^[0-9a-f-]{36}$/);
});

t.test('request logs carry the request id and no credentials', async (t) => {
  const { app, lines } = await failingServer(t);
  await app.inject({
    method: 'GET',
    url: '/nowhere?token=abc.def.ghi&page=2',
    headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=abc.def.ghi', 'x-request-id': 'req-7' },
  });
  const text = JSON.stringify(lines);
  t.notMatch(text, /abc\.def\.ghi/, 'the token appears nowhere');
  t.match(lines.find((l) => l.msg === 'incoming request'), { reqId: 'req-7', req: { method: 'GET', url: '/nowhere?token=xxx&page=2' } });
  t.match(lines.find((l) => l.msg === 'request completed'), { reqId: 'req-7', res: { statusCode: 404 } });
});
