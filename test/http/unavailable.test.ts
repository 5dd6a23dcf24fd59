// Issue 9 §2: with the database gone, every route answers 503 service_unavailable with
// Retry-After (never 500), and serves again by itself once the database is back.
import t from 'tap';
import { loadOpenApi } from '../../src/http/openapi.js';
import { createPrismaClient } from '../../src/store/prisma.js';
import { testDatabase } from '../helpers/db.js';
import { apiServer, startGame } from '../helpers/api.js';
import { tcpProxy } from '../helpers/tcp-proxy.js';

// A body that passes validation for the operations that take one, so the request reaches the
// database; the others get {} (a 4xx for a client mistake is fine, a 500 never).
const BODIES: Record<string, unknown> = {
  register: { email: 'down@example.org', password: 'correct horse battery', name: 'Down' },
  login: { email: 'down@example.org', password: 'correct horse battery' },
  requestPasswordReset: { email: 'down@example.org' },
  createGame: { game: 'julius-caesar', role: 'Caesar' },
  updateMe: { name: 'Still here' },
  joinGame: {},
  submitAction: { action: { type: 'pass' }, version: 1 },
  resignGame: {},
  setGameEmails: { muted: true },
};

t.test('database down: every operation answers 503 with Retry-After, never 500; back up: served again', async (t) => {
  const real = await testDatabase(t);
  const proxy = await tcpProxy(t, real.url);
  const prisma = createPrismaClient(proxy.url, { poolSize: 4 });
  t.teardown(() => prisma.$disconnect());
  const s = await apiServer(t, { db: { ...real, url: proxy.url, prisma } });
  const g = await startGame(s);
  const me = g.caesar.client;
  t.equal((await me.get('/v1/me')).status, 200, 'served while the database is up');

  await proxy.down();
  const api = loadOpenApi();
  const statuses: Record<string, number> = {};
  for (const [path, item] of Object.entries(api.document.paths as Record<string, Record<string, { operationId?: string }>>)) {
    for (const [method, op] of Object.entries(item)) {
      const id = op.operationId;
      // Event streams stay open (tested apart); the user's stream needs no database to open.
      if (!id || ['getOpenApi', 'getDocs', 'streamGameEvents', 'streamMyEvents'].includes(id)) continue;
      const url = path.replace('{id}', g.id);
      const body = ['post', 'put', 'patch'].includes(method) ? (BODIES[id] ?? {}) : undefined;
      const res = await me.request(method.toUpperCase(), url, body === undefined ? {} : { body });
      statuses[id] = res.status;
      t.not(res.status, 500, `${id}: not 500`);
      if (res.status >= 500) {
        t.equal(res.status, 503, `${id}: 503`);
        t.equal(res.headers.get('retry-after'), '2', `${id}: Retry-After`);
        t.match(res.body, { code: 'service_unavailable', status: 503 }, `${id}: a problem body`);
      }
    }
  }
  // The ones that certainly reach the database.
  for (const id of ['getHealth', 'register', 'login', 'getMe', 'createGame', 'listGames', 'getGame', 'submitAction', 'getGameLog']) {
    t.equal(statuses[id], 503, `${id} answers 503 while the database is down`);
  }

  await proxy.up();
  // The pool makes new connections on demand: no restart needed.
  t.equal((await me.get('/v1/me')).status, 200, 'served again once the database is back');
  t.equal((await me.get(`/v1/games/${g.id}`)).status, 200);
  t.equal((await s.anon.get('/healthz')).status, 200);
});
