// Limits on creating games, per account (issue: one account made 400 bot games in 3.4 s and
// filled the lobby's first page with 350 open games): a rate (429 with Retry-After), a cap on
// open games and on games against the bot in progress (409, each with its own code), and a lobby
// that lists at most a few open games per creator, so one account cannot crowd out the others.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import type { SecuritySettings } from '../../src/app/security.js';
import { apiServer } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';

const ROOMY: SecuritySettings['gameLimits'] = { burst: 1000, intervalMs: 1, maxOpen: 1000, maxBotGames: 1000, maxComputerGames: 1000, lobbyPerCreator: 1000 };
const JC = { game: 'julius-caesar', role: 'Caesar' };
const BOT = { game: 'caesars-gallic-war', role: 'Roman', opponent: 'bot' };

t.test('a rate per account: a burst, then one game per interval (429 with Retry-After); another account is not affected', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock, security: { gameLimits: { ...ROOMY, burst: 3, intervalMs: 60_000 } } });
  const u = await s.signUp('Crassus');
  const statuses: number[] = [];
  const made: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await u.client.post('/v1/games', { ...JC, visibility: 'private' });
    statuses.push(r.status);
    made.push(r.body.id);
  }
  const replay = await u.client.post('/v1/games', JC, { headers: { 'idempotency-key': 'k1' } });
  t.equal(replay.status, 429, 'the fourth in a row is refused');
  t.match(replay.body, { code: 'rate_limited', limit: 3, detail: /at most 3 games at once, then one every minute/ });
  t.equal(replay.headers.get('retry-after'), '60');
  t.same(statuses, [201, 201, 201], 'the burst');
  for (const id of made) t.equal((await u.client.delete(`/v1/games/${id}`)).status, 204);
  t.equal((await u.client.post('/v1/games', JC)).status, 429, 'cancelling games gives nothing back');
  t.equal((await u.client.post('/v1/games', BOT)).status, 429, 'games against the bot count too');
  const other = await s.signUp('Pompeius');
  t.equal((await other.client.post('/v1/games', JC)).status, 201, 'another account has its own allowance');
  clock.advance(60_000);
  const later = await u.client.post('/v1/games', JC, { headers: { 'idempotency-key': 'k1' } });
  t.equal(later.status, 201, 'one more after the interval');
  const again = await u.client.post('/v1/games', JC, { headers: { 'idempotency-key': 'k1' } });
  t.equal(again.status, 201, 'a retry with the same Idempotency-Key replays the answer');
  t.equal(again.body.id, later.body.id);
  t.equal((await u.client.post('/v1/games', JC)).status, 429, 'and spends nothing');
});

t.test('a cap on open games per account (409 too_many_open_games); a game joined or cancelled frees a place', async (t) => {
  const s = await apiServer(t, { security: { gameLimits: { ...ROOMY, maxOpen: 2 } } });
  const u = await s.signUp('Caesar');
  const a = (await u.client.post('/v1/games', JC)).body;
  const b = (await u.client.post('/v1/games', { ...JC, visibility: 'private' })).body;
  const refused = await u.client.post('/v1/games', JC);
  t.equal(refused.status, 409);
  t.match(refused.body, { code: 'too_many_open_games', limit: 2, detail: /at most 2 open games/ });
  t.equal((await u.client.post('/v1/games', BOT)).status, 201, 'a game against the bot is not an open game');
  t.equal((await u.client.delete(`/v1/games/${a.id}`)).status, 204);
  const c = await u.client.post('/v1/games', JC);
  t.equal(c.status, 201, 'a cancelled game frees its place');
  const joiner = await s.signUp('Brutus');
  t.equal((await joiner.client.post(`/v1/games/${b.id}/join`, { inviteCode: b.invite.code })).status, 200);
  t.equal((await u.client.post('/v1/games', JC)).status, 201, 'so does a game that started');
  t.equal((await u.client.post('/v1/games', JC)).status, 409);
});

t.test('a cap on games against the bot in progress (409 too_many_bot_games); a finished one frees a place', async (t) => {
  const s = await apiServer(t, { security: { gameLimits: { ...ROOMY, maxBotGames: 2 } } });
  const u = await s.signUp('Vercingetorix');
  const first = (await u.client.post('/v1/games', BOT)).body;
  t.equal((await u.client.post('/v1/games', BOT)).status, 201);
  const refused = await u.client.post('/v1/games', BOT);
  t.equal(refused.status, 409);
  t.match(refused.body, { code: 'too_many_bot_games', limit: 2, detail: /at most 2 games against the bot/ });
  t.equal((await u.client.post('/v1/games', JC)).status, 201, 'a game against a person is still allowed');
  t.equal((await u.client.post(`/v1/games/${first.id}/resign`, {})).status, 200);
  t.equal((await u.client.post('/v1/games', BOT)).status, 201, 'a finished game frees its place');
});

t.test('the lobby lists at most a few open games per creator (the newest), so one account cannot crowd out the others', async (t) => {
  const s = await apiServer(t, { security: { gameLimits: { ...ROOMY, lobbyPerCreator: 2 } } });
  const flood = await s.signUp('Flood');
  const other = await s.signUp('Other');
  const visitor = await s.signUp('Visitor');
  const mine: string[] = [];
  for (let i = 0; i < 5; i++) mine.push((await flood.client.post('/v1/games', JC)).body.id);
  const theirs = (await other.client.post('/v1/games', JC)).body.id;
  for (let i = 0; i < 3; i++) mine.push((await flood.client.post('/v1/games', JC)).body.id);
  const page = await visitor.client.get('/v1/games?status=open&limit=3');
  t.same(page.body.items.map((g: any) => g.id), [mine[7], mine[6], theirs], "the flooder's two newest, then the other creator's");
  t.equal(page.body.nextCursor, null, "no further page: the flooder's older games are not listed");
  const all = await visitor.client.get('/v1/games?limit=50');
  t.same(all.body.items.map((g: any) => g.id), [mine[7], mine[6], theirs], 'nor in the list of all public games');
  t.equal((await flood.client.get('/v1/games?mine=true&limit=50')).body.items.length, 8, 'the creator still sees all of their own');
  t.equal((await visitor.client.get(`/v1/games/${mine[0]}`)).status, 200, 'an unlisted game can still be opened and joined by its link');
  t.equal((await visitor.client.post(`/v1/games/${mine[0]}/join`, {})).status, 200);
  const after = await visitor.client.get('/v1/games?status=open&limit=10');
  t.same(after.body.items.map((g: any) => g.id), [mine[7], mine[6], theirs], 'the list is by newest open game');
});
