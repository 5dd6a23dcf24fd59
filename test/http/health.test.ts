import { connect } from 'node:net';
import t from 'tap';
import { systemClock } from '../../src/app/clock.js';
import { loadOpenApi, operation } from '../../src/http/openapi.js';
import { buildServer } from '../../src/http/server.js';
import { createPrismaClient } from '../../src/store/prisma.js';
import { freePort } from '../../src/store/embedded-postgres.js';
import { VERSION } from '../../src/version.js';
import { testDatabase } from '../helpers/db.js';
import { TEST_TIME, listen, testConfig, testServer } from '../helpers/server.js';

t.test('GET /healthz answers 200 with JSON while the database answers', async (t) => {
  const { app } = await testServer(t);
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^application\/json/);
  t.same(res.json(), { status: 'ok', version: VERSION, time: TEST_TIME, checks: { database: 'ok' } });
});

t.test('over a real HTTP connection too', async (t) => {
  const { app } = await testServer(t);
  const base = await listen(app);
  const res = await fetch(`${base}/healthz`);
  t.equal(res.status, 200);
  t.match(await res.json(), { status: 'ok' });
});

t.test('GET /healthz answers 503 problem+json when the database does not', async (t) => {
  const deadPort = await freePort();
  const prisma = createPrismaClient(`postgres://alea:x@127.0.0.1:${deadPort}/alea`);
  t.teardown(() => prisma.$disconnect());
  const { app } = await testServer(t, { db: { name: 'none', url: 'postgres://unused', prisma } });
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  t.equal(res.statusCode, 503);
  t.match(res.headers['content-type'], /^application\/problem\+json/);
  t.match(res.json(), { status: 503, code: 'service_unavailable', checks: { database: 'unavailable' } });
});

t.test('shutdown lets requests in flight finish and refuses new connections', async (t) => {
  const api = loadOpenApi();
  api.document.paths!['/slow'] = { get: { operationId: 'slow', security: [], responses: { '200': { description: 'done' } } } };
  const db = await testDatabase(t);
  const app = await buildServer({ config: testConfig(), prisma: db.prisma, clock: systemClock, openapi: api });
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.route({
    ...operation(api, 'slow'),
    handler: async () => {
      entered();
      await released;
      return 'done';
    },
  });
  const base = await listen(app);
  const inFlight = fetch(`${base}/slow`);
  await inHandler;
  const closed = app.close();
  await t.rejects(fetch(`${base}/healthz`), 'a new connection is refused');
  release();
  const res = await inFlight;
  t.equal(res.status, 200);
  t.equal(await res.text(), 'done', 'the request in flight completed');
  await closed;
});

t.test('a keep-alive connection busy at shutdown is closed after its response', async (t) => {
  const api = loadOpenApi();
  api.document.paths!['/slow'] = { get: { operationId: 'slow', security: [], responses: { '200': { description: 'done' } } } };
  const db = await testDatabase(t);
  const app = await buildServer({ config: testConfig(), prisma: db.prisma, clock: systemClock, openapi: api });
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  app.route({ ...operation(api, 'slow'), handler: async () => (entered(), await released, 'done') });
  const base = new URL(await listen(app));
  // Two pipelined requests on one connection: the first is in flight when shutdown starts.
  const socket = connect(Number(base.port), base.hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const ended = new Promise((resolve) => socket.on('close', resolve));
  socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
  await inHandler;
  const closed = app.close();
  socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  await ended;
  await closed;
  const responses = received.split(/(?=HTTP\/1\.1 )/);
  t.match(responses[0], /^HTTP\/1\.1 200 [\s\S]*connection: close[\s\S]*done$/i, 'the request in flight completes, with Connection: close');
  t.equal(responses.length, 1, 'the connection is closed instead of serving more requests');
});
