// Games: create, lobby and my games (with cursors), read as player / observer / stranger, join,
// the log, deadlines, and the "your move" rows enqueued for notifications.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { act, apiServer, discardBoth, look, moveFirstLegal, startGame } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';
import { bodiesOf } from '../../src/store/outbox-body.js';

const DAY = 24 * 3600 * 1000;
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

t.test('create: 201, the creator seated, open for a second player', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const res = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Pompey' });
  t.equal(res.status, 201);
  t.equal(res.headers.get('location'), `/v1/games/${res.body.id}`);
  t.match(res.body, {
    game: 'julius-caesar',
    title: 'Julius Caesar',
    status: 'open',
    visibility: 'public',
    scenario: 'historical',
    daysPerMove: 3,
    version: 0,
    role: 'Pompey',
    players: [{ role: 'Pompey', user: { id: u.id, name: 'Marcus' }, pending: false, deadline: null }],
    openRoles: ['Caesar'],
    pending: [],
    deadline: null,
    outcome: null,
    view: null,
    legalActions: [],
    invite: null,
    createdAt: TEST_TIME,
    startedAt: null,
    finishedAt: null,
  });
  t.type(res.body.number, 'number');
  const second = await u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', scenario: 'free-deployment', visibility: 'private', daysPerMove: 7 });
  t.equal(second.body.number, res.body.number + 1, 'games are numbered in order');
  t.match(second.body, { scenario: 'free-deployment', visibility: 'private', daysPerMove: 7, invite: { code: /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/ } });
  t.equal(second.body.invite.url, `http://alea.test/games/${second.body.id}?invite=${second.body.invite.code}`);
  const seed = await s.db.prisma.game.findUniqueOrThrow({ where: { id: res.body.id } });
  t.notMatch(JSON.stringify(res.body), new RegExp(`\\b${seed.seed}\\b`), 'the seed is not in the answer');
});

t.test('create: role random picks either side', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const roles = new Set<string>();
  for (let i = 0; i < 24; i++) roles.add((await u.client.post('/v1/games', { game: 'julius-caesar', role: 'random' })).body.role);
  t.same([...roles].sort(), ['Caesar', 'Pompey']);
});

t.test('create: invalid requests are 400 naming the field, and need a token', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  for (const [body, path] of [
    [{ game: 'chess', role: 'Caesar' }, '/game'],
    [{ game: 'julius-caesar', role: 'Brutus' }, '/role'],
    [{ game: 'julius-caesar' }, '/role'],
    [{ game: 'julius-caesar', role: 'Caesar', daysPerMove: 0 }, '/daysPerMove'],
    [{ game: 'julius-caesar', role: 'Caesar', daysPerMove: 15 }, '/daysPerMove'],
    [{ game: 'julius-caesar', role: 'Caesar', daysPerMove: 1.5 }, '/daysPerMove'],
    [{ game: 'julius-caesar', role: 'Caesar', daysPerMove: '3' }, '/daysPerMove'],
    [{ game: 'julius-caesar', role: 'Caesar', visibility: 'secret' }, '/visibility'],
    [{ game: 'julius-caesar', role: 'Caesar', scenario: 'alesia' }, '/scenario'],
    [{ game: 'julius-caesar', role: 'Caesar', seed: 42 }, '/seed'],
  ] as const) {
    const res = await u.client.post('/v1/games', body);
    t.equal(res.status, 400, JSON.stringify(body));
    t.match(res.body, { code: 'validation_failed', errors: [{ in: 'body', path }] }, path);
  }
  t.equal((await s.anon.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).status, 401);
  t.equal(await s.db.prisma.game.count(), 0);
});

t.test('join: the game starts, both sides must discard, the creator is told', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const created = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  clock.advance(3600_000);
  const joined = await b.client.post(`/v1/games/${created.id}/join`, {});
  t.equal(joined.status, 200);
  const started = new Date(Date.parse(TEST_TIME) + 3600_000).toISOString();
  const due = new Date(Date.parse(started) + 3 * DAY).toISOString();
  t.match(joined.body, {
    status: 'active',
    version: 1,
    role: 'Pompey',
    pending: ['Caesar', 'Pompey'],
    openRoles: [],
    deadline: due,
    startedAt: started,
    players: [
      { role: 'Caesar', user: { name: 'Marcus' }, pending: true, deadline: due },
      { role: 'Pompey', user: { name: 'Gnaeus' }, pending: true, deadline: due },
    ],
    view: { game: 'julius-caesar', role: 'Pompey', phase: 'discard', year: 705 },
  });
  t.ok(joined.body.legalActions.length > 0 && joined.body.legalActions.every((a: any) => a.type === 'discard'));
  const outbox = await s.db.prisma.outboxEmail.findMany({ where: { gameId: created.id } });
  t.equal(outbox.length, 1, 'one email: the creator, who is not looking');
  t.match(outbox[0], { kind: 'your-turn', dedupeKey: `your-turn:${created.id}:1:Caesar`, toAddress: a.email, userId: a.id, gameId: created.id, status: 'pending' });
  t.match(outbox[0]!.subject, new RegExp(`Julius Caesar #${created.number}`));
  t.match(bodiesOf(outbox[0]!).text, `http://alea.test/games/${created.id}`);

  // Deadlines run from when each role became pending.
  clock.advance(DAY);
  const g = { id: created.id, caesar: { ...a, role: 'Caesar' }, pompey: { ...b, role: 'Pompey' }, game: null, byRole: {} };
  const afterCaesar = await act(g.caesar, g.id, (await look(a, g.id)).legalActions[0]);
  t.match(afterCaesar.players, [{ role: 'Caesar', pending: false, deadline: null }, { role: 'Pompey', pending: true, deadline: due }]);
  t.equal(afterCaesar.deadline, due);
  clock.advance(DAY);
  const afterPompey = await act(g.pompey, g.id, (await look(b, g.id)).legalActions[0]);
  const cardsDue = new Date(clock.now().getTime() + 3 * DAY).toISOString();
  t.match(afterPompey, { view: { phase: 'card' }, pending: ['Caesar', 'Pompey'], deadline: cardsDue });
  const rows = await s.db.prisma.outboxEmail.findMany({ where: { gameId: g.id }, orderBy: { id: 'asc' } });
  t.same(
    rows.map((r) => r.dedupeKey),
    [`your-turn:${g.id}:1:Caesar`, `your-turn:${g.id}:3:Caesar`, `your-turn:${g.id}:3:Pompey`],
    'both are told when the card phase begins, Pompey too, whose discard began it',
  );
});

t.test('join: errors', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const c = await s.signUp('Titus');
  const pub = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const own = await a.client.post(`/v1/games/${pub.id}/join`, {});
  t.match(own, { status: 409, body: { code: 'conflict', detail: /already play/ } });
  const taken = await b.client.post(`/v1/games/${pub.id}/join`, { role: 'Caesar' });
  t.match(taken, { status: 409, body: { code: 'conflict', detail: /Caesar is taken/ } });
  t.equal((await b.client.post(`/v1/games/${pub.id}/join`, { role: 'Pompey' })).status, 200);
  const full = await c.client.post(`/v1/games/${pub.id}/join`, {});
  t.match(full, { status: 409, body: { code: 'conflict', detail: /no free seat/ } });

  const priv = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
  t.match(await b.client.post(`/v1/games/${priv.id}/join`, {}), { status: 404, body: { code: 'not_found' } });
  t.match(await b.client.post(`/v1/games/${priv.id}/join`, { inviteCode: 'aaaa-bbbb-cccc' }), { status: 404 });
  t.match(await b.client.post(`/v1/games/${UNKNOWN}/join`, {}), { status: 404 });
  t.match(await b.client.post('/v1/games/42/join', {}), { status: 400, body: { errors: [{ in: 'path', path: '/id' }] } });
  t.match(await b.client.post(`/v1/games/${priv.id}/join`, { role: 'Senate' }), { status: 400, body: { errors: [{ path: '/role' }] } });
  t.equal((await s.anon.post(`/v1/games/${priv.id}/join`, {})).status, 401);
  const ok = await b.client.post(`/v1/games/${priv.id}/join`, { inviteCode: priv.invite.code });
  t.match(ok, { status: 200, body: { status: 'active', role: 'Pompey', invite: null } });
  const late = await c.client.post(`/v1/games/${priv.id}/join`, { inviteCode: priv.invite.code });
  t.equal(late.status, 404, 'once started, a private game is its players\' alone');
});

t.test('join without a body, and two joining at once: one seat, one winner', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const others = await Promise.all([1, 2, 3, 4, 5].map((i) => s.signUp(`Rival ${i}`)));
  const results = await Promise.all(others.map((u) => u.client.post(`/v1/games/${game.id}/join`)));
  t.same(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409]);
  t.equal(await s.db.prisma.gamePlayer.count({ where: { gameId: game.id } }), 2);
  t.equal(await s.db.prisma.gameAction.count({ where: { gameId: game.id } }), 1, 'started once');
});

t.test('cancel: the creator withdraws an open game; it leaves the lobby and its invite stops working', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const pub = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const priv = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Pompey', visibility: 'private' })).body;
  const lobby = async () => (await b.client.get('/v1/games?status=open')).body.items.map((g: any) => g.id);
  t.same((await lobby()).sort(), [pub.id, priv.id].filter((id) => id === pub.id), 'only the public one is listed');

  // Others may not cancel it: forbidden to whoever sees it, not found to whoever does not.
  t.match(await b.client.delete(`/v1/games/${pub.id}`), { status: 403, body: { code: 'forbidden', detail: /created this game/ } });
  t.match(await b.client.delete(`/v1/games/${priv.id}`), { status: 404, body: { code: 'not_found' } });
  t.equal((await s.anon.delete(`/v1/games/${pub.id}`)).status, 401);
  t.match(await a.client.delete('/v1/games/42'), { status: 400, body: { errors: [{ in: 'path', path: '/id' }] } });
  t.match(await a.client.delete(`/v1/games/${UNKNOWN}`), { status: 404 });
  t.equal((await b.client.get(`/v1/games/${pub.id}`)).status, 200, 'refusals change nothing');

  const res = await a.client.delete(`/v1/games/${pub.id}`);
  t.equal(res.status, 204);
  t.equal(res.text, '');
  t.same(await lobby(), [], 'gone from the lobby');
  t.equal((await a.client.get(`/v1/games/${pub.id}`)).status, 404);
  t.match(await a.client.delete(`/v1/games/${pub.id}`), { status: 404 }, 'a repeat finds nothing');
  t.match(await b.client.post(`/v1/games/${pub.id}/join`, {}), { status: 404 });

  t.equal((await a.client.delete(`/v1/games/${priv.id}`)).status, 204);
  t.match(await b.client.post(`/v1/games/${priv.id}/join`, { inviteCode: priv.invite.code }), { status: 404 }, 'the invite is dead');
  t.same((await a.client.get('/v1/games?mine=true')).body.items, [], 'nor among my games');
  t.equal(await s.db.prisma.game.count(), 0);
  t.equal(await s.db.prisma.gamePlayer.count(), 0, 'seats deleted with it');
});

t.test('cancel: a started or finished game cannot be cancelled', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s); // created by Caesar
  t.match(await g.caesar.client.delete(`/v1/games/${g.id}`), { status: 409, body: { code: 'conflict', detail: /started.*resign/ } });
  t.match(await g.pompey.client.delete(`/v1/games/${g.id}`), { status: 403, body: { code: 'forbidden' } }, 'the joiner never may');
  t.match(await look(g.caesar, g.id), { status: 'active', version: 1 }, 'unchanged');
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  t.match(await g.caesar.client.delete(`/v1/games/${g.id}`), { status: 409, body: { code: 'conflict' } });
  t.match(await look(g.caesar, g.id), { status: 'finished' });
});

t.test('my emails about one game: on by default, players only, the version unchanged', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s, { visibility: 'private' });
  const path = `/v1/games/${g.id}/emails`;
  t.match(await g.caesar.client.get(path), { status: 200, body: { email: true } });
  t.match(await g.caesar.client.request('PUT', path, { body: { email: false } }), { status: 200, body: { email: false } });
  t.match(await g.caesar.client.get(path), { status: 200, body: { email: false } });
  t.match(await g.pompey.client.get(path), { status: 200, body: { email: true } }, 'the other seat keeps its own');
  t.match(await look(g.caesar, g.id), { version: 1 }, 'not a change to the game');
  t.match(await g.caesar.client.request('PUT', path, { body: { email: true } }), { status: 200, body: { email: true } });

  const pub = await startGame(s);
  const watcher = await s.signUp('Cicero');
  t.match(await watcher.client.get(`/v1/games/${pub.id}/emails`), { status: 403, body: { code: 'forbidden' } });
  t.match(await watcher.client.request('PUT', `/v1/games/${pub.id}/emails`, { body: { email: false } }), { status: 403 });
  t.match(await watcher.client.get(path), { status: 404 }, 'a private game of others: nothing');
  t.match(await watcher.client.request('PUT', path, { body: { email: false } }), { status: 404 });
  t.match(await g.caesar.client.request('PUT', path, { body: { email: 'no' } }), { status: 400, body: { errors: [{ path: '/email' }] } });
  t.match(await g.caesar.client.request('PUT', path, { body: {} }), { status: 400 });
  t.equal((await s.anon.get(path)).status, 401);
  t.match(await g.caesar.client.get(`/v1/games/${UNKNOWN}/emails`), { status: 404 });
  t.match(await g.caesar.client.get(path), { body: { email: true } }, 'refusals changed nothing');
});

t.test('read: players see their own view; observers the public one; strangers nothing private', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const caesar = await look(g.caesar, g.id);
  t.match(caesar, { role: 'Caesar', view: { role: 'Caesar', hand: Array }, version: 1 });
  t.equal(caesar.view.hand.length, 6);
  const watcher = await s.signUp('Cicero');
  const watched = await look(watcher, g.id);
  t.match(watched, { role: null, legalActions: [], view: { role: null, hand: null, discard: null }, pending: ['Caesar', 'Pompey'] });
  t.equal((await s.anon.get(`/v1/games/${g.id}`)).status, 401);
  t.match(await watcher.client.get(`/v1/games/${UNKNOWN}`), { status: 404, body: { code: 'not_found' } });
  t.match(await watcher.client.get('/v1/games/not-a-uuid'), { status: 400, body: { code: 'validation_failed' } });

  const p = await startGame(s, { visibility: 'private' });
  t.match(await watcher.client.get(`/v1/games/${p.id}`), { status: 404 }, 'a private game is not found by others');
  t.match(await watcher.client.get(`/v1/games/${p.id}/log`), { status: 404 });
  const open = (await p.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
  const invited = await watcher.client.get(`/v1/games/${open.id}?invite=${open.invite.code}`);
  t.match(invited, { status: 200, body: { status: 'open', role: null, openRoles: ['Pompey'], invite: null, view: null } }, 'the invite code shows an open private game, not its code');
  t.equal((await watcher.client.get(`/v1/games/${open.id}?invite=wrong`)).status, 404);
});

t.test('lobby and my games, with cursors', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const made: any[] = [];
  for (let i = 0; i < 5; i++) made.push((await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body);
  const priv = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
  await b.client.post(`/v1/games/${made[0].id}/join`, {});

  const lobby = await b.client.get('/v1/games?status=open');
  t.equal(lobby.status, 200);
  t.same(lobby.body.items.map((g: any) => g.id), made.slice(1).reverse().map((g) => g.id), 'public open games, newest first');
  t.equal(lobby.body.nextCursor, null);
  t.notOk(lobby.body.items.some((g: any) => 'view' in g || 'legalActions' in g), 'summaries carry no view');

  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res: any = await b.client.get(`/v1/games?status=open&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(res.body.items.map((g: any) => g.id));
    cursor = res.body.nextCursor;
  } while (cursor);
  t.same(pages, [[made[4].id, made[3].id], [made[2].id, made[1].id]]);

  const all = await b.client.get('/v1/games');
  t.equal(all.body.items.length, 5, 'without filters: every public game');
  const mineA = await a.client.get('/v1/games?mine=true');
  t.equal(mineA.body.items.length, 6, 'mine: the private one too');
  t.equal(mineA.body.items[0].id, priv.id);
  const mineB = await b.client.get('/v1/games?mine=true&status=active');
  t.match(mineB.body.items, [{ id: made[0].id, role: 'Pompey', pending: ['Caesar', 'Pompey'], deadline: String }]);
  t.same((await b.client.get('/v1/games?mine=true&status=finished')).body.items, []);

  for (const q of ['limit=0', 'limit=101', 'limit=x', 'status=lost', 'mine=perhaps', 'cursor=nonsense', `cursor=${'x'.repeat(101)}`]) {
    const res = await b.client.get(`/v1/games?${q}`);
    t.equal(res.status, 400, q);
    t.match(res.body, { code: 'validation_failed', errors: [{ in: 'query' }] }, q);
  }
  t.equal((await s.anon.get('/v1/games')).status, 401);
});

t.test('the log: each side reads its own secrets, observers the public text', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const caesar = await g.caesar.client.get(`/v1/games/${g.id}/log`);
  t.equal(caesar.status, 200);
  t.match(caesar.body, { id: g.id, version: 1, role: 'Caesar' });
  t.ok(caesar.body.entries.some((e: string) => /^Caesar is dealt/.test(e)));
  t.notOk(caesar.body.entries.some((e: string) => /^Pompey is dealt/.test(e)));
  const pompey = (await g.pompey.client.get(`/v1/games/${g.id}/log`)).body;
  t.ok(pompey.entries.some((e: string) => /^Pompey is dealt/.test(e)));
  t.notOk(pompey.entries.some((e: string) => /^Caesar is dealt/.test(e)));
  const watcher = await s.signUp('Cicero');
  const pub = (await watcher.client.get(`/v1/games/${g.id}/log`)).body;
  t.equal(pub.role, null);
  t.notOk(pub.entries.some((e: string) => /dealt K/.test(e)));
  await discardBoth(g);
  const after = (await watcher.client.get(`/v1/games/${g.id}/log`)).body;
  t.ok(after.entries.includes('Caesar discards a card.'));
  t.equal(after.version, 3);
  const open = (await g.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  t.same((await watcher.client.get(`/v1/games/${open.id}/log`)).body, { id: open.id, version: 0, role: null, entries: [] });
});

t.test("a game carries the log's last 50 entries and its length; GET /log has them all", async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const early = await look(g.caesar, g.id);
  const earlyLog = (await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
  t.same(early.view.log, earlyLog, 'a short log comes whole');
  t.equal(early.logLength, earlyLog.length);
  // Play on until the log is longer than what a game carries.
  let game = early;
  for (let i = 0; i < 300 && game.logLength <= 60 && game.status === 'active'; i++) game = await moveFirstLegal(g);
  t.ok(game.logLength > 60, `the log grew to ${game.logLength} entries`);
  for (const u of [g.caesar, g.pompey]) {
    const now = await look(u, g.id);
    const whole = (await u.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
    t.equal(now.logLength, whole.length, `${u.role}: logLength counts the whole log`);
    t.same(now.view.log, whole.slice(-50), `${u.role}: the view carries its last 50 entries`);
  }
  const watcher = await s.signUp('Cicero');
  const watched = await look(watcher, g.id);
  const publicLog = (await watcher.client.get(`/v1/games/${g.id}/log`)).body.entries as string[];
  t.same([watched.logLength, watched.view.log], [publicLog.length, publicLog.slice(-50)], 'so does a watcher');
  const open = (await g.caesar.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  t.match(open, { view: null, logLength: 0 }, 'an open game: no log yet');
});

t.test('no "your move" email for a player who turned emails off', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  t.equal((await a.client.patch('/v1/me', { notifications: { email: 'none' } })).status, 200);
  const game = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  await b.client.post(`/v1/games/${game.id}/join`, {});
  t.equal(await s.db.prisma.outboxEmail.count({ where: { gameId: game.id } }), 0);
});
