// Bot accounts (issue 42): declared once, before playing; marked bot wherever the name shows;
// playing only by challenge, in games that allow bots, or against the computer; never on the
// people's leaderboard, but on a board of its own.
import t from 'tap';
import { apiServer } from '../helpers/api.js';

t.test('declared once, before it has played; marked bot in every answer that names it', async (t) => {
  const s = await apiServer(t);
  const bot = await s.signUp('Deep Caesar');
  const me = await bot.client.post('/v1/me/bot');
  t.equal(me.status, 200);
  t.match(me.body, { id: bot.id, bot: true });
  t.equal((await bot.client.post('/v1/me/bot')).status, 200, 'again: the same');
  t.equal((await bot.client.get('/v1/me')).body.bot, true);
  t.equal((await bot.client.get('/v1/players/Deep%20Caesar')).body.bot, true, 'on its page');

  const person = await s.signUp('Marcus');
  t.equal((await person.client.get('/v1/me')).body.bot, false);
  t.notOk('bot' in (await person.client.get('/v1/players/Marcus')).body, 'a person is not marked');
  await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  const late = await person.client.post('/v1/me/bot');
  t.equal(late.status, 409, 'an account that has played stays a person');
  t.match(late.body.detail, /never played/);

  // Challenged by the person, the bot accepts; every answer naming it says bot.
  const c = (await person.client.post('/v1/challenges', { opponent: 'Deep Caesar', game: 'julius-caesar', role: 'Caesar' })).body;
  t.match(c.challenged, { name: 'Deep Caesar', bot: true });
  const game = (await bot.client.post(`/v1/challenges/${c.id}/accept`, {})).body;
  t.match(game.players.find((p: any) => p.role === 'Pompey').user, { name: 'Deep Caesar', bot: true });
  t.notOk('bot' in game.players.find((p: any) => p.role === 'Caesar').user);
  const asPerson = (await person.client.get(`/v1/games/${game.id}`)).body;
  t.match(asPerson.players.find((p: any) => p.role === 'Pompey').user, { bot: true }, 'as the opponent reads it');
  const listed = (await person.client.get('/v1/games?mine=true')).body.items.find((g: any) => g.id === game.id);
  t.match(listed.players.find((p: any) => p.role === 'Pompey').user, { bot: true }, 'in the lists');

  // A bot may challenge too.
  const back = await bot.client.post('/v1/challenges', { opponent: 'Marcus', game: 'caesars-gallic-war' });
  t.equal(back.status, 201);
  t.match(back.body.challenger, { bot: true });
  const mail = await s.db.prisma.outboxEmail.findFirstOrThrow({ where: { kind: 'challenge', toAddress: person.email } });
  t.match(mail.subject, 'Deep Caesar (bot) challenges you');
});

t.test('where a bot plays: by challenge, in games that allow bots, against the computer; not the lobby nor seeks', async (t) => {
  const s = await apiServer(t);
  const bot = await s.signUp('Botticelli');
  await bot.client.post('/v1/me/bot');
  const person = await s.signUp('Marcus');

  const own = await bot.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.match(own.body, { code: 'bots_not_allowed', detail: /does not open games for people/ });
  t.equal(own.status, 403);
  t.match((await bot.client.post('/v1/seeks', { game: 'julius-caesar' })).body, { code: 'bots_not_allowed' });
  t.equal((await bot.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', opponent: 'computer', level: 'easy' })).status, 201, 'against the computer');

  const closed = (await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  t.notOk('allowBots' in closed);
  t.match((await bot.client.post(`/v1/games/${closed.id}/join`, {})).body, { code: 'bots_not_allowed' }, 'a game that does not allow bots');
  const open = (await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', allowBots: true })).body;
  t.equal(open.allowBots, true);
  t.equal((await person.client.get('/v1/games?status=open')).body.items.find((g: any) => g.id === open.id).allowBots, true, 'the lobby says so');
  const joined = await bot.client.post(`/v1/games/${open.id}/join`, {});
  t.equal(joined.status, 200, 'a game that allows bots');
  t.notOk('allowBots' in joined.body, 'said of open games only');
  const other = await s.signUp('Gnaeus');
  const another = (await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', allowBots: true })).body;
  t.equal((await other.client.post(`/v1/games/${another.id}/join`, {})).status, 200, 'people join such games too');
  t.match((await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', allowBots: true, visibility: 'private' })).body, { code: 'validation_failed', errors: [{ path: '/allowBots' }] });
});

t.test("the people's leaderboard never lists a bot; the bots' board lists only bots", async (t) => {
  const s = await apiServer(t);
  const bot = await s.signUp('Botticelli');
  await bot.client.post('/v1/me/bot');
  const people = await Promise.all(['Marcus', 'Gnaeus', 'Livia'].map((n) => s.signUp(n)));
  // Ratings as the rated games would leave them: established, enough games and opponents.
  const { prisma } = s.db;
  const now = new Date();
  for (const [i, u] of [bot, ...people].entries()) {
    await prisma.rating.create({ data: { userId: u.id, game: 'julius-caesar', rating: 1600 + i * 10, rd: 100, volatility: 0.06, games: 10, wins: 5, losses: 5, updatedAt: now } });
  }
  // Opponents: each played rated games against three others.
  for (const [a, b] of [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]] as const) {
    const all = [bot, ...people];
    const g = await prisma.game.create({
      data: { module: 'julius-caesar', seed: 'ab'.repeat(32), rng: 'chacha20', status: 'finished', rated: true, ratingSeq: 1, createdById: all[a]!.id, players: { create: [{ role: 'Caesar', userId: all[a]!.id }, { role: 'Pompey', userId: all[b]!.id }] } },
    });
    t.ok(g.id);
  }
  const board = (await people[0]!.client.get('/v1/leaderboards/julius-caesar')).body;
  t.same(board.items.map((e: any) => e.player.name), ['Livia', 'Gnaeus', 'Marcus'], 'people only');
  const bots = (await people[0]!.client.get('/v1/leaderboards/julius-caesar/bots')).body;
  t.same(bots.items.map((e: any) => [e.rank, e.player.name, e.player.bot]), [[1, 'Botticelli', true]], 'bots only, marked');
  t.equal((await people[0]!.client.get('/v1/leaderboards/chess/bots')).status, 400, 'an unknown game');
});

// Issue 41 (optional): allowBots was chosen once, at creation. The creator of an open public game
// turns it on or off later (PUT /v1/games/{id}/bots); nobody else, and no other game.
t.test('the creator of an open public game lets bot accounts join it, or not, after making it', async (t) => {
  const s = await apiServer(t);
  const bot = await s.signUp('Botticelli');
  await bot.client.post('/v1/me/bot');
  const person = await s.signUp('Marcus');
  const other = await s.signUp('Gnaeus');
  const bots = (id: string) => `/v1/games/${id}/bots`;
  const game = (await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;

  const on = await person.client.request('PUT', bots(game.id), { body: { allowed: true } });
  t.equal(on.status, 200);
  t.same(on.body, { allowed: true });
  t.equal((await other.client.get(`/v1/games/${game.id}`)).body.allowBots, true, 'the game says so');
  t.equal((await person.client.get('/v1/games?status=open')).body.items.find((g: any) => g.id === game.id).allowBots, true, 'and the lobby');
  t.same((await person.client.request('PUT', bots(game.id), { body: { allowed: false } })).body, { allowed: false }, 'off again');
  t.notOk('allowBots' in (await other.client.get(`/v1/games/${game.id}`)).body);
  t.match((await bot.client.post(`/v1/games/${game.id}/join`, {})).body, { code: 'bots_not_allowed' }, 'off: no bot joins');
  await person.client.request('PUT', bots(game.id), { body: { allowed: true } });
  t.equal((await bot.client.post(`/v1/games/${game.id}/join`, {})).status, 200, 'on: the bot joins');

  // Refused: anyone but the creator, a game no longer open, a private one; bad bodies.
  const second = (await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const notMine = await other.client.request('PUT', bots(second.id), { body: { allowed: true } });
  t.equal(notMine.status, 403);
  t.equal(notMine.body.code, 'forbidden');
  t.match(await person.client.request('PUT', bots(game.id), { body: { allowed: false } }), { status: 409, body: { code: 'conflict' } }, 'a game that has started');
  const priv = (await person.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'private' })).body;
  t.match(await person.client.request('PUT', bots(priv.id), { body: { allowed: true } }), { status: 409, body: { code: 'conflict', detail: /public/ } }, 'a private game (its invite link says who joins)');
  t.equal((await other.client.request('PUT', bots(priv.id), { body: { allowed: true } })).status, 404, "another's private game: not found");
  for (const body of [{}, { allowed: 'yes' }, { allowed: true, more: 1 }]) {
    const r = await person.client.request('PUT', bots(second.id), { body });
    t.equal(r.status, 400, `${JSON.stringify(body)}: 400`);
    t.equal(r.body.code, 'validation_failed');
  }
  t.notOk('allowBots' in (await person.client.get(`/v1/games/${second.id}`)).body, 'the refused requests changed nothing');
});
