// Bad input never gets a 5xx: malformed JSON, wrong types, unknown members, huge bodies, wrong
// content types, prototype pollution, unknown and malformed ids, and a seeded fuzz of bodies and
// paths over every operation. Every answer also matches openapi.yaml (testServer checks it).
import t from 'tap';
import { apiServer, look, startGame, toCommand } from '../helpers/api.js';
import { chooser } from '../helpers/chooser.js';
import { MAX_ACTION_DEPTH } from '../../src/engine/index.js';

const UNKNOWN = '01900000-0000-7000-8000-000000000000';

t.test('malformed bodies: 400, 413, 415 as problem+json', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const c = g.caesar.client;
  const path = `/v1/games/${g.id}/actions`;
  const json = { 'content-type': 'application/json' };
  const cases: [string, { raw: string; headers: Record<string, string> }, number, string][] = [
    ['truncated JSON', { raw: '{"action":', headers: json }, 400, 'bad_request'],
    ['not JSON', { raw: 'hello', headers: json }, 400, 'bad_request'],
    ['empty body with a JSON type', { raw: '', headers: json }, 400, 'bad_request'],
    ['a JSON string', { raw: '"done"', headers: json }, 400, 'validation_failed'],
    ['a JSON array', { raw: '[1,2]', headers: json }, 400, 'validation_failed'],
    ['null', { raw: 'null', headers: json }, 400, 'validation_failed'],
    ['__proto__', { raw: '{"action":{"type":"done"},"version":1,"__proto__":{"admin":true}}', headers: json }, 400, 'bad_request'],
    ['constructor.prototype', { raw: '{"action":{"type":"done","constructor":{"prototype":{"x":1}}},"version":1}', headers: json }, 400, 'bad_request'],
    ['text/plain', { raw: '{"action":{"type":"done"},"version":1}', headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type'],
    ['form data', { raw: 'action=done&version=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'unsupported_media_type'],
    ['300 KiB', { raw: JSON.stringify({ action: { type: 'x'.repeat(300 * 1024) }, version: 1 }), headers: json }, 413, 'payload_too_large'],
  ];
  for (const [name, o, status, code] of cases) {
    const res = await c.request('POST', path, o);
    t.equal(res.status, status, name);
    t.match(res.headers.get('content-type'), /^application\/problem\+json/, name);
    t.match(res.body, { code, status }, name);
  }
  const big = await c.post(path, { action: { type: 'move', block: 'C-L7', path: Array(20000).fill('Rome') }, version: 1 });
  t.ok(big.status === 413 || big.status === 422, `a large but allowed body is refused cleanly (${big.status})`);
  for (const n of [5000, 100_000]) {
    const nested = `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const headers of [json, { ...json, 'idempotency-key': `deep-${n}` }]) {
      const deep = await c.request('POST', path, { raw: `{"action":{"type":"discard","card":${nested}},"version":1}`, headers });
      t.ok(deep.status >= 400 && deep.status < 500, `JSON nested ${n} deep: ${deep.status}`);
    }
  }
  // One limit on nesting, the engine's MAX_ACTION_DEPTH: one level deeper than any legal action is refused before the engine walks it.
  const tooDeep = { type: 'discard', card: ['K01'], extra: [['K02']] };
  t.equal(MAX_ACTION_DEPTH + 1, 3, 'the limit the next cases are written for');
  t.match(await c.post(path, { action: tooDeep, version: 1 }), { status: 422, body: { code: 'illegal_action', detail: 'This action is not one of your legal actions now.' } });
  t.match(await c.post(path, { action: { ...tooDeep, extra: ['K02'] }, version: 1 }), { status: 422, body: { code: 'illegal_action', detail: /is not legal now|cannot|not possible/ } }, 'within the limit, the engine answers');
  const manyKeys = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
  t.match(await c.post(path, { action: { type: 'x', ...manyKeys }, version: 1 }), { status: 400, body: { errors: [{ path: '/action' }] } });
});

t.test('unknown and malformed ids, unknown routes and methods: 4xx', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  for (const [method, path, status] of [
    ['GET', `/v1/games/${UNKNOWN}`, 404],
    ['GET', `/v1/games/${UNKNOWN}/log`, 404],
    ['POST', `/v1/games/${UNKNOWN}/plays`, 400],
    ['POST', `/v1/games/${UNKNOWN}/undo`, 404],
    ['POST', `/v1/games/${UNKNOWN}/resign`, 404],
    ['GET', '/v1/games/123', 400],
    ['GET', '/v1/games/%00', 400],
    ['GET', `/v1/games/${UNKNOWN.toUpperCase()}`, 404],
    ['GET', `/v1/games/${UNKNOWN}x`, 400],
    ['GET', '/v1/games/../me', 200],
    ['GET', '/v1/nothing', 404],
    ['DELETE', `/v1/games/${UNKNOWN}`, 404],
    ['PUT', '/v1/me', 404],
    ['GET', '/v1/auth/login', 404],
  ] as const) {
    const res = await u.client.request(method, path, method === 'POST' ? { body: {} } : {});
    t.equal(res.status, status, `${method} ${path}`);
  }
});

t.test('a seeded fuzz of bodies, queries and ids over every operation: never a 5xx', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  await toCommand(g);
  const pick = chooser(2024);
  const values: unknown[] = [
    null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53, -0, '', ' ', 'x', 'K12', 'C-Caesar', 'Rome', 'Caesar', 'random', 'julius-caesar',
    '\u0000', '\ud800', '😀', 'a'.repeat(300), [], [1], ['Rome', 'Ravenna'], {}, { type: 'done' }, { type: 'move', block: 'C-Caesar', path: 'Rome' },
    { type: 'move', block: 7, path: [null] }, { type: 'swap', blocks: ['C-L7', 'C-L7'] }, { type: 'play', card: ['K12'] }, { type: 'levy', block: {}, city: [] },
    { type: { $gt: '' } }, { toString: 'x' }, { valueOf: 1 },
  ];
  const keys = ['action', 'version', 'card', 'role', 'game', 'scenario', 'visibility', 'daysPerMove', 'inviteCode', 'name', 'email', 'password', 'notifications', 'vacation', 'days', 'token', 'type', 'block', 'x'];
  const randomBody = (depth = 0): unknown => {
    if (depth > 2 || pick(3) === 0) return values[pick(values.length)];
    if (pick(4) === 0) return Array.from({ length: pick(4) }, () => randomBody(depth + 1));
    return Object.fromEntries(Array.from({ length: pick(5) }, () => [keys[pick(keys.length)]!, randomBody(depth + 1)]));
  };
  const ids = [g.id, UNKNOWN, 'x', '00000000-0000-0000-0000-000000000000', `${g.id}/../${g.id}`, encodeURIComponent('%')];
  const ops: [string, (id: string) => string][] = [
    ['POST', (id) => `/v1/games/${id}/actions`],
    ['POST', (id) => `/v1/games/${id}/plays`],
    ['POST', (id) => `/v1/games/${id}/undo`],
    ['POST', (id) => `/v1/games/${id}/resign`],
    ['POST', (id) => `/v1/games/${id}/join`],
    ['POST', (id) => `/v1/games/${id}/claim-timeout`],
    ['POST', (id) => `/v1/games/${id}/extend`],
    ['POST', (id) => `/v1/unsubscribe?token=${encodeURIComponent(id)}`],
    ['GET', (id) => `/v1/unsubscribe?token=${encodeURIComponent(id)}`],
    ['POST', () => '/v1/games'],
    ['PATCH', () => '/v1/me'],
    ['POST', () => '/v1/me/password'],
    ['POST', () => '/v1/auth/password-reset'],
    ['POST', () => '/v1/auth/password-reset/confirm'],
    ['GET', (id) => `/v1/auth/password-reset/page?token=${encodeURIComponent(id)}`],
    ['POST', (id) => `/v1/auth/password-reset/page?token=${encodeURIComponent(id)}`],
    ['POST', () => '/v1/auth/register'],
    ['POST', () => '/v1/auth/login'],
    ['GET', (id) => `/v1/games/${id}`],
    ['DELETE', (id) => `/v1/games/${id}`],
    ['PUT', (id) => `/v1/games/${id}/emails`],
    ['GET', () => '/v1/games'],
  ];
  const statuses = new Map<number, number>();
  const fivexx: string[] = [];
  const users = [g.caesar, g.pompey];
  for (let i = 0; i < 400; i++) {
    const [method, path] = ops[pick(ops.length)]!;
    const u = users[pick(2)]!;
    let url = path(ids[pick(ids.length)]!);
    const encode = (v: unknown) => {
      try {
        return encodeURIComponent(String(v));
      } catch {
        return '%ED%A0%80'; // a lone surrogate, as raw bytes
      }
    };
    if (method === 'GET' && pick(2)) url += `?${keys[pick(keys.length)]}=${encode(values[pick(values.length)])}&limit=${pick(200) - 50}`;
    const headers: Record<string, string> = pick(5) === 0 ? { 'idempotency-key': `fuzz-${pick(3)}` } : {};
    const res = method === 'GET' ? await u.client.get(url) : await u.client.request(method, url, { body: randomBody(), headers });
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) fivexx.push(`${method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
  }
  t.same(fivexx, [], 'no 5xx');
  t.comment(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  // The game is still fine.
  const game = await look(g.caesar, g.id);
  t.ok(game.status === 'active' || game.status === 'finished');
});

t.test('fuzzed variations of legal actions: 200, 400, 403, 409 or 422, never 5xx', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const command = await toCommand(g);
  const pick = chooser(99);
  const legal = command.legalActions as Record<string, unknown>[];
  const fivexx: string[] = [];
  for (let i = 0; i < 150; i++) {
    // A legal action with one member changed, dropped, or added.
    const a: Record<string, unknown> = { ...legal[pick(legal.length)] };
    const k = Object.keys(a)[pick(Object.keys(a).length)]!;
    const mutation = pick(4);
    if (mutation === 0) delete a[k];
    else if (mutation === 1) a[k] = [null, 1, 'Rome', [], {}, ['Rome'], 'C-L7', 'P-Pompey'][pick(8)];
    else if (mutation === 2) a.extra = 1;
    else if (Array.isArray(a[k])) a[k] = [...(a[k] as unknown[]), 'Roma'];
    const res = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: a, version: (await look(g.caesar, g.id)).version });
    if (res.status >= 500) fivexx.push(`${JSON.stringify(a)}: ${res.text.slice(0, 200)}`);
    if (![200, 400, 403, 409, 422].includes(res.status)) fivexx.push(`${JSON.stringify(a)}: ${res.status}`);
  }
  t.same(fivexx, []);
});
