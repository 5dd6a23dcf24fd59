// Finding an opponent: the lobby's filters (GET /v1/games?status=open&game=&daysPerMove=), the
// games in progress to watch (status=active), a creator who would play either side, "play
// anyone" (POST /v1/seeks: the first compatible waiting game, or a game of one's own that waits),
// and blocked players kept apart in all of it.
import t from 'tap';
import { TEST_SECURITY } from '../helpers/server.js';
import { apiServer, look, openEvents, startGame, type ApiServer, type User } from '../helpers/api.js';
import { testSeed } from '../helpers/seeds.js';

const JC = 'julius-caesar';
const CGW = 'caesars-gallic-war';

const ids = (r: { body: { items: { id: string }[] } }) => r.body.items.map((g) => g.id);

async function create(u: User, body: Record<string, unknown>): Promise<any> {
  const r = await u.client.post('/v1/games', { game: JC, role: 'Caesar', ...body });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${r.text}`);
  return r.body;
}

t.test('the lobby: filters by game, time per move and rated; blocked creators left out', async (t) => {
  const s = await apiServer(t);
  const [a, b, c] = [await s.signUp('Marcus'), await s.signUp('Gnaeus'), await s.signUp('Cicero')];
  const jc3 = await create(a, {});
  const jc5 = await create(b, { daysPerMove: 5, rated: true });
  const jcNone = await create(a, { daysPerMove: null });
  const cgw3 = await create(b, { game: CGW, role: 'Roman' });
  const lobby = (q = '') => c.client.get(`/v1/games?status=open${q}`);
  t.same(ids(await lobby()), [cgw3.id, jcNone.id, jc5.id, jc3.id], 'newest first');
  t.same(ids(await lobby(`&game=${CGW}`)), [cgw3.id]);
  t.same(ids(await lobby(`&game=${JC}`)), [jcNone.id, jc5.id, jc3.id]);
  t.same(ids(await lobby('&daysPerMove=5')), [jc5.id]);
  t.same(ids(await lobby('&daysPerMove=none')), [jcNone.id]);
  t.same(ids(await lobby(`&daysPerMove=3&game=${CGW}`)), [cgw3.id]);
  t.same(ids(await lobby('&daysPerMove=14')), []);
  t.same(ids(await lobby('&rated=true')), [jc5.id], 'rated games only');
  t.same(ids(await lobby('&rated=false')), [cgw3.id, jcNone.id, jc3.id], 'unrated games only');
  const page1 = await c.client.get(`/v1/games?status=open&game=${JC}&limit=2`);
  t.same(ids(page1), [jcNone.id, jc5.id]);
  t.same(ids(await c.client.get(`/v1/games?status=open&game=${JC}&limit=2&cursor=${page1.body.nextCursor}`)), [jc3.id], 'filters hold across pages');
  for (const bad of ['daysPerMove=0', 'daysPerMove=15', 'daysPerMove=3.5', 'daysPerMove=null', 'game=chess', 'rated=maybe']) {
    t.equal((await c.client.get(`/v1/games?status=open&${bad}`)).status, 400, `${bad}: 400`);
  }

  await c.client.request('PUT', `/v1/me/blocks/${a.id}`);
  t.same(ids(await lobby()), [cgw3.id, jc5.id], "the games of a player I blocked are not in my lobby");
  t.same(ids(await a.client.get(`/v1/games?status=open&game=${CGW}`)), [cgw3.id]);
  await b.client.request('PUT', `/v1/me/blocks/${c.id}`);
  t.same(ids(await lobby()), [], 'nor those of a player who blocked me');
  const refused = await c.client.post(`/v1/games/${jc5.id}/join`, {});
  t.equal(refused.status, 403, 'and I may not join them');
  t.match(refused.body, { code: 'blocked', detail: 'The player who made this game does not take invitations from you.' });
  t.equal((await c.client.post(`/v1/games/${jc3.id}/join`, {})).body.code, 'blocked', 'nor the games of one I blocked');
  t.same(ids(await a.client.get('/v1/games?status=open')), [cgw3.id, jcNone.id, jc5.id, jc3.id], 'others see them all');
  await c.client.delete(`/v1/me/blocks/${a.id}`);
  t.same(ids(await lobby()), [jcNone.id, jc3.id], 'unblocked: back');
});

// Issue 41.13: the lobby showed no ratings. Each open game there carries its creator's rating in
// that game (whole points, provisional or not), null for a creator with none yet.
t.test("the lobby's open games carry their creator's rating in that game", async (t) => {
  const s = await apiServer(t);
  const [a, b, c] = [await s.signUp('Marcus'), await s.signUp('Gnaeus'), await s.signUp('Cicero')];
  const rating = (u: User, game: string, r: number, rd: number) =>
    s.db.prisma.rating.create({ data: { userId: u.id, game, rating: r, rd, volatility: 0.06, games: 6, wins: 4, losses: 2, updatedAt: new Date() } });
  await rating(a, JC, 1661.6, 120);
  await rating(a, CGW, 1400, 250);
  await rating(b, CGW, 1555.4, 300);
  const jcA = await create(a, { rated: true });
  const cgwA = await create(a, { game: CGW, role: 'Roman' });
  const jcB = await create(b, {});
  const lobby = (await c.client.get('/v1/games?status=open')).body.items as any[];
  const of = (id: string) => lobby.find((g) => g.id === id);
  t.same(of(jcA.id).creatorRating, { rating: 1662, provisional: false }, "Marcus's Julius Caesar rating, established");
  t.same(of(cgwA.id).creatorRating, { rating: 1400, provisional: true }, "and his Gallic War one, provisional: each game's own");
  t.equal(of(jcB.id).creatorRating, null, 'Gnaeus has no Julius Caesar rating yet (his Gallic War one is not it)');

  const g = await startGame(s);
  const watched = (await c.client.get('/v1/games?status=active')).body.items.find((x: any) => x.id === g.id);
  t.notOk('creatorRating' in watched, 'only open games carry it');
  t.notOk('creatorRating' in (await a.client.get('/v1/games?mine=true')).body.items[0], 'not in my own games');
  t.notOk('creatorRating' in (await c.client.get(`/v1/games/${jcA.id}`)).body, 'nor on the game');
});

t.test('games in progress to watch: public ones with their players, the observer view live', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const priv = await startGame(s, { visibility: 'private' });
  const watcher = await s.signUp('Cicero');
  const list = await watcher.client.get('/v1/games?status=active');
  t.same(ids(list), [g.id], 'public games in progress, not private ones');
  t.same(list.body.items[0].players.map((p: any) => p.user.name), ['Marcus', 'Gnaeus']);
  t.equal(list.body.items[0].role, null);
  const seen = await look(watcher, g.id);
  t.match(seen, { role: null, legalActions: [] });
  t.ok(seen.view, "the observer's view");
  const stream = await openEvents(s.base, g.id, { token: watcher.token });
  await stream.waitFor(1);
  const game = await look(g.caesar, g.id);
  await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: game.legalActions[0], version: game.version });
  t.equal(JSON.parse((await stream.waitFor(2))[1]!.data!).version, game.version + 1, 'live');
  await stream.close();
  t.equal((await watcher.client.get(`/v1/games/${priv.id}`)).status, 404);
});

t.test('a creator who let the server choose plays either side: the newcomer may take theirs', async (t) => {
  const s = await apiServer(t);
  const [a, b, c] = [await s.signUp('Marcus'), await s.signUp('Gnaeus'), await s.signUp('Cicero')];
  const flexible = await create(a, { role: 'random' });
  t.same([...flexible.openRoles].sort(), ['Caesar', 'Pompey'], 'either side is open');
  const taken = flexible.role as string;
  const joined = await b.client.post(`/v1/games/${flexible.id}/join`, { role: taken });
  t.equal(joined.status, 200);
  t.equal(joined.body.role, taken, 'the newcomer took the side the server had chosen for the creator');
  t.equal(joined.body.players.find((p: any) => p.user.id === a.id).role, taken === 'Caesar' ? 'Pompey' : 'Caesar', 'who plays the other');
  t.equal(joined.body.status, 'active');
  const fixed = await create(a, { role: 'Caesar' });
  t.same(fixed.openRoles, ['Pompey']);
  const r = await c.client.post(`/v1/games/${fixed.id}/join`, { role: 'Caesar' });
  t.equal(r.status, 409, 'a creator who chose a side keeps it');
  const plain = await create(a, { role: 'random' });
  const j = await c.client.post(`/v1/games/${plain.id}/join`, {});
  t.not(j.body.role, plain.role, 'without a role the newcomer takes the free seat');
});

async function seek(u: User, body: Record<string, unknown>) {
  return u.client.post('/v1/seeks', { game: JC, ...body });
}

t.test('play anyone: the first compatible waiting game, else a seek of my own that waits', async (t) => {
  const s: ApiServer = await apiServer(t);
  const [a, b, c, d, e, f] = await Promise.all(['Marcus', 'Gnaeus', 'Cicero', 'Crassus', 'Cato', 'Brutus'].map((n) => s.signUp(n)));
  const first = await seek(a!, { roles: ['Caesar'], daysPerMove: [3, 5] });
  t.equal(first.status, 201, 'nobody waits: my seek waits');
  t.match(first.body, { status: 'open', visibility: 'public', role: 'Caesar', daysPerMove: 3, openRoles: ['Pompey'] });
  t.equal(first.headers.get('location'), `/v1/games/${first.body.id}`);
  const repeated = await seek(a!, { roles: ['Caesar'], daysPerMove: [3, 5] });
  t.equal(repeated.status, 200);
  t.equal(repeated.body.id, first.body.id, 'a seek repeated answers the same game');

  const same = await seek(b!, { roles: ['Caesar'] });
  t.equal(same.status, 201, 'wants the same side: no match, a seek of its own');
  const wrongTime = await seek(c!, { daysPerMove: [7] });
  t.equal(wrongTime.status, 201, 'another time per move: no match');
  t.match(wrongTime.body, { daysPerMove: 7 });
  t.same([...wrongTime.body.openRoles].sort(), ['Caesar', 'Pompey'], 'either side: the seek waits for either');
  const wrongOptions = await seek(d!, { options: { scenario: 'free-deployment' } });
  t.equal(wrongOptions.status, 201, 'other options: no match');

  const paired = await seek(e!, { daysPerMove: [5, 3] });
  t.equal(paired.status, 200, 'a compatible seek joins the oldest waiting game');
  t.equal(paired.body.id, first.body.id);
  t.match(paired.body, { status: 'active', role: 'Pompey' });

  // Either side, against a seek that would play either: f wants the side c was given.
  const cSide = wrongTime.body.role as string;
  const swapped = await seek(f!, { roles: [cSide], daysPerMove: [7] });
  t.equal(swapped.status, 200);
  t.equal(swapped.body.id, wrongTime.body.id);
  t.equal(swapped.body.role, cSide, 'the newcomer plays the side they asked for');
  t.not(swapped.body.players.find((p: any) => p.user.id === c!.id).role, cSide, 'the seeker who would play either takes the other');

  const optioned = await seek(e!, { options: { scenario: 'free-deployment' } });
  t.equal(optioned.body.id, wrongOptions.body.id, 'the same options: paired');
  t.equal(optioned.body.status, 'active');
});

t.test('play anyone never pairs blocked players; bad seeks; the creation limits hold', async (t) => {
  const s = await apiServer(t, { security: { gameLimits: { ...TEST_SECURITY.gameLimits!, maxOpen: 1 } } });
  const [a, b, c] = await Promise.all(['Marcus', 'Gnaeus', 'Cicero'].map((n) => s.signUp(n)));
  const waiting = await seek(a!, {});
  await b!.client.request('PUT', `/v1/me/blocks/${a!.id}`);
  const other = await seek(b!, {});
  t.equal(other.status, 201, 'not paired with a player I blocked');
  t.not(other.body.id, waiting.body.id);
  const paired = await seek(c!, {});
  t.equal(paired.body.id, waiting.body.id, 'the oldest compatible one, to a third');

  for (const [body, at] of [
    [{ roles: ['Roman'] }, '/roles'],
    [{ roles: [] }, '/roles'],
    [{ daysPerMove: [0] }, '/daysPerMove/0'],
    [{ daysPerMove: [] }, '/daysPerMove'],
    [{ options: { scenario: 'fantasy' } }, '/options/scenario'],
    [{ game: 'chess' }, '/game'],
    [{ colour: 'red' }, '/colour'],
  ] as [Record<string, unknown>, string][]) {
    const r = await seek(a!, body);
    t.equal(r.status, 400, `${JSON.stringify(body)}: 400`);
    t.ok(r.body.errors?.some((e: any) => e.path === at), `names ${at}: ${JSON.stringify(r.body.errors)}`);
  }
  await seek(a!, { roles: ['Pompey'] });
  const limited = await seek(a!, { roles: ['Caesar'], daysPerMove: [14] });
  t.equal(limited.status, 409, 'a seek that makes a game counts against the open games allowed');
  t.equal(limited.body.code, 'too_many_open_games');
});

// Issue 38.7: seeks had no `rated` (and joined rated games without asking) and took no player
// seed (the server drew every input of those games' dice); two compatible seeks at once each waited.
t.test('play anyone: rated or not as asked (unrated by default), with the seeker\'s own seed; two compatible seeks at once pair', async (t) => {
  const s: ApiServer = await apiServer(t);
  const [a, b, c, d] = await Promise.all(['Marcus', 'Gnaeus', 'Cicero', 'Crassus'].map((n) => s.signUp(n)));
  const rated = await create(a!, { game: JC, role: 'Caesar', rated: true });
  const plain = await seek(b!, {});
  t.equal(plain.status, 201, 'an unrated seek does not join the rated game waiting');
  t.match(plain.body, { rated: false });
  t.not(plain.body.id, rated.id);
  const seed = testSeed(38);
  const wantsRated = await seek(c!, { rated: true, playerSeed: seed });
  t.equal(wantsRated.status, 200, 'a rated seek joins it');
  t.equal(wantsRated.body.id, rated.id);
  t.match(wantsRated.body.players.find((p: any) => p.user.id === c!.id), { playerSeed: seed, playerSeedBy: 'player' }, 'with the seeker\'s own seed');
  const waits = await seek(d!, { rated: true, roles: ['Pompey'], playerSeed: testSeed(39) });
  t.match(waits, { status: 201, body: { rated: true, players: [{ role: 'Pompey', playerSeed: testSeed(39), playerSeedBy: 'player' }] } }, 'a rated seek that waits: a rated game, with its seed');
  const unconfirmed = await s.signUp('Novus', { confirmed: false });
  t.match(await seek(unconfirmed, { rated: true }), { status: 403, body: { code: 'email_unconfirmed' } });

  // Two compatible seeks sent at once: one waits, the other joins it (every time).
  for (let round = 0; round < 4; round++) {
    const [x, y] = await Promise.all([`X${round}`, `Y${round}`].map((n) => s.signUp(n)));
    const both = await Promise.all([seek(x!, { game: CGW }), seek(y!, { game: CGW })]);
    t.same(both.map((r) => r.status).sort(), [200, 201], `round ${round}: one made the game, the other joined it`);
    t.equal(both[0]!.body.id, both[1]!.body.id, 'the same game');
    t.equal((await look(x!, both[0]!.body.id)).status, 'active');
  }
});
