// A player's public page over HTTP (GET /v1/players/{name}, issue 29): found by handle (the
// display name, made unique with -2, -3, ... and following a change of name); their public
// games in progress and finished, each from their side with its result and rating change,
// newest first and paged; never a private game, an address or a deadline; errors as problems.
import t from 'tap';
import { apiServer, playUntilUnderway, type User } from '../helpers/api.js';

async function game(a: User, b: User | null, create: Record<string, unknown> = {}): Promise<string> {
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', ...create });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  if (b) {
    const joined = await b.client.post(`/v1/games/${created.body.id}/join`, created.body.invite ? { inviteCode: created.body.invite.code } : {});
    if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  }
  return created.body.id;
}

t.test('handles: unique, the display name first, following a change of name', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Marcus');
  const dots = await s.anon.post('/v1/auth/register', { email: `dots.${process.pid}@example.org`, password: 'correct horse battery', name: '..' });
  t.equal(dots.status, 201);
  const c = { client: s.anon.withToken(dots.body.token) };
  t.equal((await a.client.get('/v1/me')).body.handle, 'Marcus');
  t.equal((await b.client.get('/v1/me')).body.handle, 'Marcus-2', 'a name taken: the next free number');
  t.equal((await c.client.get('/v1/me')).body.handle, '..-2', 'never a path segment of dots alone');
  t.match((await a.client.get('/v1/players/Marcus-2')).body, { name: 'Marcus', handle: 'Marcus-2' });
  t.equal((await b.client.patch('/v1/me', { name: 'Brutus' })).body.handle, 'Brutus');
  t.equal((await a.client.get('/v1/players/Marcus-2')).status, 404, 'the old handle is gone');
  t.equal((await a.client.get('/v1/players/Brutus')).body.name, 'Brutus');
  t.equal((await a.client.get(`/v1/players/${encodeURIComponent('..-2')}`)).status, 200);
});

t.test("a player's page: public games in progress and finished with results and ratings, nothing private", async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const c = await s.signUp('Cato');

  const open = await game(a, null); // open: on no list
  const playing = await game(a, b, { rated: true });
  const won = await game(b, a, { rated: true, role: 'Pompey' });
  await playUntilUnderway([a, b], won);
  await a.client.post(`/v1/games/${won}/resign`); // a (Caesar) resigns: b wins
  const privateGame = await game(a, c, { visibility: 'private' });
  const bot = await game(a, null, { game: 'caesars-gallic-war', role: 'Roman', opponent: 'bot' });

  const res = await c.client.get('/v1/players/Marcus');
  t.equal(res.status, 200);
  const page = res.body;
  t.match(page, { name: 'Marcus', handle: 'Marcus', memberSince: String });
  t.same(page.active.items.map((g: any) => g.id), [bot, playing], 'in progress, newest first: not the open game, not the private one');
  t.notOk(JSON.stringify(page).includes(privateGame), 'a private game is on no page');
  t.notOk(JSON.stringify(page).includes(open));
  t.notOk(JSON.stringify(page).includes(a.email), 'no address');
  t.notOk(JSON.stringify(page).includes('deadline'), 'no deadline');
  t.match(page.active.items[0], { game: 'caesars-gallic-war', role: 'Roman', opponent: null, bot: 'Barbarian', rated: false, result: null, rating: null });
  t.match(page.active.items[1], { role: 'Caesar', opponent: { role: 'Pompey', user: { name: 'Gnaeus', handle: 'Gnaeus' } }, rated: true, result: null, toMove: true, finishedAt: null });
  t.match(page.finished.items, [{ id: won, role: 'Caesar', result: 'loss', reason: /resigned/, rating: { before: 1500, after: 1338, change: -162 }, finishedAt: String }]);
  t.match(page.ratings, [{ game: 'julius-caesar', title: 'Julius Caesar', rating: 1338, games: 1, losses: 1, provisional: true }]);
  t.match((await a.client.get('/v1/players/Gnaeus')).body.finished.items, [{ id: won, role: 'Pompey', result: 'win', rating: { change: 162 } }]);
  t.same((await a.client.get('/v1/players/Cato')).body, { name: 'Cato', handle: 'Cato', memberSince: (await c.client.get('/v1/me')).body.createdAt, ratings: [], active: { items: [], nextCursor: null }, finished: { items: [], nextCursor: null } });

  // Errors.
  t.match(await c.client.get('/v1/players/Nobody'), { status: 404, body: { code: 'not_found' } });
  t.equal((await s.anon.get('/v1/players/Marcus')).status, 401);
  t.match(await c.client.get('/v1/players/Marcus/games'), { status: 400, body: { code: 'validation_failed' } }, 'status is required');
  t.match(await c.client.get('/v1/players/Marcus/games?status=open'), { status: 400 });
  t.match(await c.client.get('/v1/players/Marcus/games?status=active&cursor=zzz'), { status: 400, body: { errors: [{ path: '/cursor' }] } });
  t.match(await c.client.get('/v1/players/Nobody/games?status=active'), { status: 404 });
});

t.test("a player's games page by page, newest first, from the seats' index", async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const id = await game(i % 2 ? b : a, i % 2 ? a : b);
    await playUntilUnderway([a, b], id);
    await b.client.post(`/v1/games/${id}/resign`);
    ids.unshift(id);
  }
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `/v1/players/Marcus/games?status=finished&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await b.client.get(q);
    t.equal(res.status, 200);
    t.ok(res.body.items.length <= 2);
    seen.push(...res.body.items.map((g: any) => g.id));
    t.ok(res.body.items.every((g: any) => g.result === 'win'), 'Gnaeus resigned every one');
    cursor = res.body.nextCursor;
  } while (cursor);
  t.same(seen, ids);
  t.same((await b.client.get('/v1/players/Marcus/games?status=active')).body, { items: [], nextCursor: null });
});
