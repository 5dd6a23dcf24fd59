// Challenges (issue 42): one player challenges a named other; the game exists from the offer on,
// its seed committed before the accepter adds theirs; accepted, declined with a reason, withdrawn,
// or lapsed after 7 days; the challenged player is told by email and on /v1/me/events (and the
// challenger of a refusal); blocks and the game-creation limits apply.
import { createHash } from 'node:crypto';
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { expireChallenges } from '../../src/app/challenges/expiry.js';
import { apiServer, look, openStream, readUntil } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';

const SEED_A = 'a'.repeat(64);
const SEED_B = 'b'.repeat(64);

t.test('challenge by name, the game offered with its commitment; accepted with the accepter’s seed, the game starts', async (t) => {
  const s = await apiServer(t);
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  const events = await openStream(s.base, '/v1/me/events', { token: gnaeus.token });
  await events.waitFor(1);

  const made = await marcus.client.post('/v1/challenges', { opponent: 'gnaeus', game: 'julius-caesar', role: 'Caesar', daysPerMove: 5, message: '  A game before the Ides? ', playerSeed: SEED_A });
  t.equal(made.status, 201);
  const c = made.body;
  t.match(c, {
    status: 'open',
    direction: 'out',
    challenger: { id: marcus.id, name: 'Marcus' },
    challenged: { id: gnaeus.id, name: 'Gnaeus' },
    game: 'julius-caesar',
    title: 'Julius Caesar',
    challengerRole: 'Caesar',
    randomRole: false,
    daysPerMove: 5,
    rated: false,
    message: 'A game before the Ides?',
    declineReason: null,
    createdAt: TEST_TIME,
    expiresAt: '2026-01-08T12:00:00.000Z',
    endedAt: null,
  });
  // The game exists now, private, offered to Gnaeus alone, its seed committed.
  const offered = await look(gnaeus, c.gameId);
  t.match(offered, { status: 'open', visibility: 'private', invitee: { id: gnaeus.id }, daysPerMove: 5, seedCommitment: /^[0-9a-f]{64}$/ });
  t.equal(offered.players[0].playerSeed, SEED_A);
  t.equal((await (await s.signUp('Stranger')).client.get(`/v1/games/${c.gameId}`)).status, 404, 'nobody else sees it');

  await events.waitFor(3);
  t.same(events.events.map((e) => e.event), ['ready', 'game', 'challenge'], 'the game offered (as a rematch is), and the challenge');
  t.match(JSON.parse(events.events[2]!.data!), { id: c.id, direction: 'in', status: 'open', challenger: { name: 'Marcus' } });
  await events.close();

  const email = await s.db.prisma.outboxEmail.findFirstOrThrow({ where: { kind: 'challenge' } });
  t.equal(email.toAddress, gnaeus.email);
  t.match(email.subject, 'Marcus challenges you to Julius Caesar');
  t.match(email.textBody, /You would play Pompey, 5 days per move, unrated\./);
  t.match(email.textBody, /Marcus says: “A game before the Ides\?”/);

  const both = async (u: typeof marcus) => (await u.client.get('/v1/challenges')).body.items.map((x: any) => [x.id, x.direction]);
  t.same(await both(marcus), [[c.id, 'out']]);
  t.same(await both(gnaeus), [[c.id, 'in']]);
  t.same((await gnaeus.client.get('/v1/challenges?direction=out')).body.items, []);

  t.equal((await marcus.client.post(`/v1/challenges/${c.id}/accept`, {})).status, 403, 'not by the challenger');
  const accepted = await gnaeus.client.post(`/v1/challenges/${c.id}/accept`, { playerSeed: SEED_B });
  t.equal(accepted.status, 200);
  t.match(accepted.body, { id: c.gameId, status: 'active', role: 'Pompey', seedCommitment: offered.seedCommitment });
  t.same(accepted.body.players.map((p: any) => p.playerSeed).sort(), [SEED_A, SEED_B]);
  t.match((await gnaeus.client.get(`/v1/challenges/${c.id}`)).body, { status: 'accepted', gameId: c.gameId, endedAt: TEST_TIME });
  t.equal((await gnaeus.client.post(`/v1/challenges/${c.id}/accept`, {})).status, 409, 'once');
  t.equal((await gnaeus.client.post(`/v1/challenges/${c.id}/decline`, {})).status, 409, 'too late to decline');
  // The commitment was the server's seed's, published before the accepter's seed came.
  await marcus.client.post(`/v1/games/${c.gameId}/resign`, {});
  const over = await look(gnaeus, c.gameId);
  t.equal(createHash('sha256').update(Buffer.from(over.seed, 'hex')).digest('hex'), offered.seedCommitment);
});

t.test('declined with a reason, withdrawn, and lapsed: the game goes, the other player is told', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  const mine = await openStream(s.base, '/v1/me/events', { token: marcus.token });
  const theirs = await openStream(s.base, '/v1/me/events', { token: gnaeus.token });
  await mine.waitFor(1);
  await theirs.waitFor(1);
  const challenge = async () => (await marcus.client.post('/v1/challenges', { opponent: 'Gnaeus', game: 'caesars-gallic-war' })).body;

  const a = await challenge();
  t.match(a, { randomRole: true, challengerRole: /^(Roman|Barbarian)$/ });
  const declined = await gnaeus.client.post(`/v1/challenges/${a.id}/decline`, { reason: 'timeControl' });
  t.match(declined.body, { status: 'declined', declineReason: 'timeControl', gameId: null, direction: 'in' });
  t.equal(await s.db.prisma.game.count({ where: { id: a.gameId } }), 0, 'its game is gone');
  t.equal((await marcus.client.post(`/v1/challenges/${a.id}/cancel`, {})).status, 409);

  const b = await challenge();
  t.equal((await gnaeus.client.post(`/v1/challenges/${b.id}/cancel`, {})).status, 403, 'only the challenger withdraws');
  t.match((await marcus.client.post(`/v1/challenges/${b.id}/cancel`, {})).body, { status: 'canceled', gameId: null });

  const c = await challenge();
  clock.advance(7 * 24 * 3600_000 - 1000);
  t.equal(await expireChallenges(s.app.services), 0, 'not yet');
  clock.advance(1000);
  t.equal((await gnaeus.client.post(`/v1/challenges/${c.id}/accept`, {})).status, 409, 'lapsed: no longer accepted');
  t.equal(await expireChallenges(s.app.services), 1);
  t.match((await marcus.client.get(`/v1/challenges/${c.id}`)).body, { status: 'expired', gameId: null });

  const seen = (stream: typeof mine) => stream.events.filter((e) => e.event?.startsWith('challenge')).map((e) => [e.event, JSON.parse(e.data!).id]);
  await readUntil(async () => [seen(mine).length, seen(theirs).length], ([a, b]) => a === 2 && b === 5);
  t.same(seen(mine), [['challengeDeclined', a.id], ['challengeCanceled', c.id]], 'the challenger: declined, lapsed');
  t.same(seen(theirs), [['challenge', a.id], ['challenge', b.id], ['challengeCanceled', b.id], ['challenge', c.id], ['challengeCanceled', c.id]], 'the challenged: each offer, the withdrawal, the lapse');
  await mine.close();
  await theirs.close();
  t.same(
    (await marcus.client.get('/v1/challenges')).body.items.map((x: any) => x.status),
    ['expired', 'canceled', 'declined'],
    'all three listed, newest first',
  );
  t.same((await marcus.client.get('/v1/challenges?status=declined')).body.items.map((x: any) => x.id), [a.id]);
  t.equal(await s.db.prisma.game.count(), 0, 'no game left');
});

t.test('joining the game offered accepts the challenge; deleting it from its page withdraws it', async (t) => {
  const s = await apiServer(t);
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  const a = (await marcus.client.post('/v1/challenges', { opponent: 'Gnaeus', game: 'julius-caesar' })).body;
  t.equal((await gnaeus.client.post(`/v1/games/${a.gameId}/join`, {})).status, 200);
  t.equal((await marcus.client.get(`/v1/challenges/${a.id}`)).body.status, 'accepted');
  const b = (await marcus.client.post('/v1/challenges', { opponent: 'Gnaeus', game: 'julius-caesar' })).body;
  t.equal((await gnaeus.client.delete(`/v1/games/${b.gameId}`)).status, 204);
  t.equal((await marcus.client.get(`/v1/challenges/${b.id}`)).body.status, 'canceled');
});

t.test('refused: myself, nobody, a deleted player, a block either way, too many; the limits of creating games', async (t) => {
  const s = await apiServer(t, { security: { gameLimits: { burst: 10_000, intervalMs: 1, maxOpen: 4, maxBotGames: 5, maxComputerGames: 3, lobbyPerCreator: 3 } } });
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  const ask = (u: typeof marcus, body: object) => u.client.post('/v1/challenges', { game: 'julius-caesar', ...body });

  t.match((await ask(marcus, { opponent: 'Marcus' })).body, { code: 'validation_failed', errors: [{ path: '/opponent' }] }, 'myself');
  t.match((await ask(marcus, { opponent: 'Nobody' })).body, { code: 'not_found', errors: [{ path: '/opponent' }] }, 'nobody');
  t.match((await ask(marcus, { opponent: 'Gnaeus', role: 'Roman' })).body, { code: 'validation_failed', errors: [{ path: '/role' }] });
  t.match((await ask(marcus, { opponent: 'Gnaeus', game: 'chess' })).body, { code: 'validation_failed' });
  t.match((await ask(marcus, { opponent: 'Gnaeus', message: 'bell\u0007' })).body, { code: 'validation_failed', errors: [{ path: '/message' }] });

  await gnaeus.client.request('PUT', `/v1/me/blocks/${marcus.id}`);
  t.match((await ask(marcus, { opponent: 'Gnaeus' })).body, { code: 'blocked', detail: /does not take challenges from you/ }, 'blocked by them');
  t.match((await ask(gnaeus, { opponent: 'Marcus' })).body, { code: 'blocked', detail: /You have blocked this player/ }, 'blocking them');
  await gnaeus.client.delete(`/v1/me/blocks/${marcus.id}`);

  for (let i = 0; i < 3; i++) t.equal((await ask(marcus, { opponent: 'Gnaeus' })).status, 201);
  t.match((await ask(marcus, { opponent: 'Gnaeus' })).body, { code: 'conflict', limit: 3 }, 'three waiting for one player at most');
  const livia = await s.signUp('Livia');
  t.equal((await ask(marcus, { opponent: 'Livia' })).status, 201);
  t.match((await ask(marcus, { opponent: (await s.signUp('Octavia')).name })).body, { code: 'too_many_open_games', limit: 4 }, 'as many open games as creating them allows');

  await livia.client.post('/v1/me/deletion', { password: 'correct horse battery' });
  t.equal((await ask(gnaeus, { opponent: 'Livia' })).status, 404, 'a deleted player is nobody');
  t.same((await marcus.client.get('/v1/challenges?direction=out')).body.items.map((x: any) => x.challenged.name), ['Gnaeus', 'Gnaeus', 'Gnaeus'], 'the deleted player’s challenge went with the account');
  const unconfirmed = await s.signUp('Unconfirmed', { confirmed: false });
  t.match((await ask(unconfirmed, { opponent: 'Gnaeus', rated: true })).body, { code: 'email_unconfirmed' }, 'rated needs a confirmed address');
});
