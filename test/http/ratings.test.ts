// Rated games over HTTP (issue 29, "Players and ratings"): `rated: true` at creation between two
// people only (against the bot it is a 400 naming /rated); a rated game's end by a resignation, a
// time-out claim or an abandonment changes both players' Glicko-2 ratings, shown on the game's
// seats and in the emails that announce the end; an unrated game changes nothing; the
// leaderboard lists established ratings from the top, paged; `npm run ratings:rebuild` computes
// every rating again from the finished games and gets the same numbers, bit for bit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import t, { type Test } from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { runAbandonments } from '../../src/app/games/time-controls.js';
import { INITIAL_RATING, rateGame } from '../../src/app/ratings/glicko2.js';
import { rebuildRatings } from '../../src/app/ratings/rebuild.js';
import { poolOf } from '../../src/store/prisma.js';
import { act, apiServer, look, playUntilUnderway, type ApiServer, type User } from '../helpers/api.js';
import { nodeArgs } from '../helpers/entry.js';
import { mailHarness, to } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';

const DAY = 24 * 3600 * 1000;
const T = Date.parse(TEST_TIME);

/** A rated (unless told) public game of Julius Caesar, `a` Caesar and `b` Pompey, started. */
/** A rated game between a (Caesar) and b, played until it is underway (its end then counts). */
async function ratedGame(a: User, b: User, create: Record<string, unknown> = {}): Promise<string> {
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true, ...create });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const joined = await b.client.post(`/v1/games/${created.body.id}/join`, {});
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  await playUntilUnderway([a, b], created.body.id);
  return created.body.id;
}

async function resign(u: User, id: string): Promise<any> {
  const res = await u.client.post(`/v1/games/${id}/resign`);
  if (res.status !== 200) throw new Error(`resign: ${res.status} ${res.text}`);
  return res.body;
}

const ratingRows = (s: ApiServer) =>
  s.db.prisma.rating.findMany({ orderBy: [{ userId: 'asc' }, { game: 'asc' }], select: { userId: true, game: true, rating: true, rd: true, volatility: true, games: true, wins: true, losses: true, draws: true } });

t.test('rated: true at creation, between two people only; refused against the bot; false when left out', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const rated = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true });
  t.equal(rated.status, 201);
  t.equal(rated.body.rated, true);
  const unrated = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  t.equal(unrated.body.rated, false, 'unrated unless asked');
  t.equal((await a.client.get(`/v1/games/${rated.body.id}`)).body.rated, true);
  t.match((await a.client.get('/v1/games?status=open')).body.items.find((g: any) => g.id === rated.body.id), { rated: true });

  const bot = await a.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', opponent: 'bot', rated: true });
  t.equal(bot.status, 400, 'a game against the rulebook bot is never rated');
  t.match(bot.body, { code: 'validation_failed', errors: [{ path: '/rated' }] });
  const botUnrated = await a.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', opponent: 'bot', rated: false });
  t.equal(botUnrated.status, 201, 'rated: false against the bot is fine');
  t.equal(botUnrated.body.rated, false);
  const wrongType = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: 'yes' });
  t.equal(wrongType.status, 400);
  t.match(wrongType.body, { code: 'validation_failed' });
  t.equal(await s.db.prisma.game.count({ where: { rated: true } }), 1, 'the refused requests created nothing');
});

t.test('a resignation moves both ratings (Glicko-2 from 1500/350), shown on the seats, the player pages and the emails', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');
  const id = await ratedGame(a, b);
  await mail.deliver();
  const ended = await resign(b, id);
  const [win, loss] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
  t.equal(Math.round(win.rating), 1662, 'the winner of two newcomers gains 162');
  t.match(ended.players, [
    { role: 'Caesar', rating: { before: 1500, after: 1662, change: 162 } },
    { role: 'Pompey', rating: { before: 1500, after: 1338, change: -162 } },
  ]);
  t.same((await look(a, id)).players.map((p: any) => p.rating), ended.players.map((p: any) => p.rating), 'the game page shows the same');
  const rows = await ratingRows(s);
  const byUser = Object.fromEntries(rows.map((r) => [r.userId, r]));
  t.same(byUser[a.id], { userId: a.id, game: 'julius-caesar', rating: win.rating, rd: win.rd, volatility: win.volatility, games: 1, wins: 1, losses: 0, draws: 0 });
  t.same(byUser[b.id], { userId: b.id, game: 'julius-caesar', rating: loss.rating, rd: loss.rd, volatility: loss.volatility, games: 1, wins: 0, losses: 1, draws: 0 });

  const mails = await mail.deliver();
  t.match(to(t, mails, a.email).text, /Your Julius Caesar rating: 1500 → 1662 \(\+162\)\./, 'the winner is told in the email that announces the end');
  // The resigning player gets no email about their own resignation (as before ratings).
  t.same(mails.filter((m) => m.to.includes(b.email)), []);

  const page = await b.client.get('/v1/players/Marcus');
  t.equal(page.status, 200);
  t.match(page.body.ratings, [{ game: 'julius-caesar', rating: 1662, games: 1, wins: 1, provisional: true }]);
  t.match(page.body.finished.items, [{ id, result: 'win', rated: true, rating: { before: 1500, after: 1662, change: 162 }, reason: /resigned/ }]);

  // An unrated game's end changes nothing.
  const free = await ratedGame(a, b, { rated: false });
  const freeEnd = await resign(a, free);
  t.same(freeEnd.players.map((p: any) => p.rating), [null, null]);
  t.same(await ratingRows(s), rows, 'no rating changed');
});

t.test('a time-out claim and an abandonment count as results; a draw-less double abandonment rates nothing', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const a = await s.signUp('Marcus');
  const b = await s.signUp('Gnaeus');

  // Claim: Caesar discards, Pompey does not; 3 days later Caesar claims the win.
  const claimed = await ratedGame(a, b);
  await mail.deliver(); // the first turn's
  await act(a, claimed, (await look(a, claimed)).legalActions[0]);
  clock.set(new Date(T + 3 * DAY + 1000));
  const claim = await a.client.post(`/v1/games/${claimed}/claim-timeout`, {});
  t.equal(claim.status, 200);
  t.match(claim.body.players, [{ role: 'Caesar', rating: { before: 1500, after: 1662 } }, { role: 'Pompey', rating: { before: 1500, after: 1338 } }]);
  const claimMails = await mail.deliver();
  t.match(to(t, claimMails, b.email).text, /Your Julius Caesar rating: 1500 → 1338 \(−162\)\./, 'the late player is told, with the rating');

  // Abandonment: Pompey discards, Caesar never does; 14 days past the deadline the worker ends it.
  const start = clock.now().getTime();
  const abandoned = await ratedGame(a, b);
  await mail.deliver();
  await act(b, abandoned, (await look(b, abandoned)).legalActions[0]);
  clock.set(new Date(start + 3 * DAY + 13 * DAY));
  t.equal(await runAbandonments(s.app.services, (_id, err) => t.fail(String(err))), 0, 'not before 14 days past the deadline');
  await mail.deliver();
  clock.set(new Date(start + 3 * DAY + 14 * DAY));
  t.equal(await runAbandonments(s.app.services, (_id, err) => t.fail(String(err))), 1);
  const game = await look(b, abandoned);
  t.match(game, { status: 'finished', outcome: { winner: 'Pompey', reason: 'Caesar abandoned the game' } });
  // Caesar (1662 after the claim) loses to Pompey (1338): the same arithmetic as a live end.
  const rows = Object.fromEntries((await ratingRows(s)).map((r) => [r.userId, r]));
  t.equal(rows[a.id]!.games, 2);
  t.equal(rows[b.id]!.wins, 1);
  t.ok(game.players[0].rating.change < 0 && game.players[1].rating.change > 0, 'the abandoning player loses, the other wins');
  const abandonMails = await mail.deliver();
  t.match(to(t, abandonMails, a.email).text, /abandoned the game[\s\S]*Your Julius Caesar rating: 1662 → \d+ \(−\d+\)/);
  t.match(to(t, abandonMails, b.email).text, /Your Julius Caesar rating: 1338 → \d+ \(\+\d+\)/);

  // Both late past 14 days (both had to discard): no result, no rating changes (new accounts:
  // the first ones' tokens have expired by now).
  const before = await ratingRows(s);
  const [c, d] = [await s.signUp('Cato'), await s.signUp('Dido')];
  const both = await ratedGame(c, d);
  clock.set(new Date(clock.now().getTime() + 17 * DAY));
  t.equal(await runAbandonments(s.app.services, (_id, err) => t.fail(String(err))), 1);
  const none = await look(c, both);
  t.match(none, { status: 'finished', outcome: { winner: null, reason: 'Caesar and Pompey abandoned the game' } });
  t.same(none.players.map((p: any) => p.rating), [null, null]);
  t.same(await ratingRows(s), before);
  const page = await c.client.get(`/v1/players/Cato/games?status=finished`);
  t.match(page.body.items[0], { id: both, result: null, rating: null });
});

/** Plays `n` rated games between a and b by resignation, the loser of the i-th given by `loser(i)` ('a' or 'b'). */
async function series(a: User, b: User, n: number, loser: (i: number) => 'a' | 'b'): Promise<void> {
  for (let i = 0; i < n; i++) {
    const id = await ratedGame(i % 2 ? b : a, i % 2 ? a : b);
    await resign(loser(i) === 'a' ? a : b, id);
  }
}

/** The CLI in its own process, awaited without blocking this one (the test's server keeps serving: a blocked loop let its idle connections time out under the client's feet). */
async function runRebuildCli(url: string, args: string[] = []): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [...nodeArgs('src/cli/ratings-rebuild.ts'), ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATABASE_URL: url },
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, out };
}

t.test('the leaderboard lists established ratings from the top, paged; ratings:rebuild gives back the same ratings', async (t: Test) => {
  const s = await apiServer(t);
  const [a, b, c, d] = [await s.signUp('Ann'), await s.signUp('Bea'), await s.signUp('Cato'), await s.signUp('Dido')];
  // Each plays each twice: 6 rated games against 3 opponents, enough to be listed.
  await series(a, b, 2, () => 'b');
  await series(a, c, 2, () => 'b');
  await series(a, d, 2, (i) => (i === 0 ? 'a' : 'b')); // Ann 5-1
  await series(b, c, 2, (i) => (i === 0 ? 'a' : 'b'));
  await series(b, d, 2, () => 'b');
  await series(c, d, 2, () => 'b');

  const board = await a.client.get('/v1/leaderboards/julius-caesar');
  t.equal(board.status, 200);
  t.match(board.body, { maxRd: 200, minGames: 5, minOpponents: 3 });
  // Every stored rating with an RD below 200 and 5 games (here, always against 3 opponents), highest first.
  const established = (await ratingRows(s)).filter((r) => r.rd < 200 && r.games >= 5).sort((x, y) => y.rating - x.rating);
  t.equal(established.length, 4, 'all four are listed');
  const handleOf = Object.fromEntries([a, b, c, d].map((u) => [u.id, u.name]));
  t.ok(established.length >= 3, `${established.length} established ratings`);
  const names = board.body.items.map((x: any) => x.player.handle);
  t.same(names, established.map((r) => handleOf[r.userId]), 'established ratings, highest first');
  t.same(board.body.items.map((x: any) => x.rating), established.map((r) => Math.round(r.rating)));
  t.same(board.body.items.map((x: any) => x.rank), established.map((_r, i) => i + 1));
  t.match(board.body.items[0], { player: { name: 'Ann', handle: 'Ann', id: a.id }, games: 6, wins: 5, losses: 1, draws: 0 });
  t.ok(board.body.items.every((x: any) => x.rd < 200));

  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: any = await a.client.get(`/v1/leaderboards/julius-caesar?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    t.equal(res.status, 200);
    t.same(res.body.items.map((x: any) => x.rank), res.body.items.map((_x: any, i: number) => seen.length + i + 1), 'ranks go on across pages');
    seen.push(...res.body.items.map((x: any) => x.player.handle));
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor);
  t.same(seen, names, 'page by page: the same list');
  t.ok(pages >= 2);
  t.same((await a.client.get('/v1/leaderboards/caesars-gallic-war')).body.items, [], 'another game: its own board');

  // One provisional player: not listed until established.
  const e = await s.signUp('Egnatius');
  await series(e, d, 1, () => 'b');
  t.notOk((await a.client.get('/v1/leaderboards/julius-caesar')).body.items.some((x: any) => x.player.handle === 'Egnatius'));
  t.match((await a.client.get('/v1/players/Egnatius')).body.ratings, [{ provisional: true, games: 1 }]);

  // Errors.
  t.match(await a.client.get('/v1/leaderboards/chess'), { status: 400, body: { code: 'validation_failed' } });
  t.match(await a.client.get('/v1/leaderboards/julius-caesar?cursor=nonsense'), { status: 400, body: { code: 'validation_failed', errors: [{ path: '/cursor' }] } });
  t.match(await a.client.get('/v1/leaderboards/julius-caesar?limit=0'), { status: 400 });
  t.equal((await s.anon.get('/v1/leaderboards/julius-caesar')).status, 401);

  // The rebuild: the same numbers from the finished games.
  const live = await ratingRows(s);
  const seats = await s.db.prisma.gamePlayer.findMany({ where: { ratingAfter: { not: null } }, orderBy: [{ gameId: 'asc' }, { role: 'asc' }], select: { gameId: true, role: true, ratingBefore: true, ratingAfter: true } });
  t.equal(seats.length, 26);
  const check = await rebuildRatings(poolOf(s.db.prisma), { write: false, now: s.clock.now() });
  t.match(check, { games: 13, ratings: 5, seatsDiffering: 0, ratingsDiffering: 0, unrated: 0, written: false });

  const boardBefore = (await a.client.get('/v1/leaderboards/julius-caesar')).body;
  // Spoil them (a hand edit, a lost row), then rebuild with the command: back bit for bit.
  await s.db.prisma.$executeRaw`UPDATE ratings SET rating = rating + 100, games = 0 WHERE user_id = ${a.id}::uuid`;
  await s.db.prisma.$executeRaw`DELETE FROM ratings WHERE user_id = ${b.id}::uuid`;
  await s.db.prisma.$executeRaw`UPDATE game_players SET rating_after = 1 WHERE user_id = ${c.id}::uuid`;
  const spoiled = await runRebuildCli(s.db.url, ['--check']);
  t.equal(spoiled.code, 1, spoiled.out);
  t.match(spoiled.out, /13 rated game\(s\), 5 rating\(s\).*: 6 seat\(s\) and 2 rating\(s\) differed/);
  const rebuilt = await runRebuildCli(s.db.url);
  t.equal(rebuilt.code, 0, rebuilt.out);
  t.match(rebuilt.out, /the rebuilt ratings are written/);
  t.same(await ratingRows(s), live, 'every rating as the games left it');
  t.same(
    await s.db.prisma.gamePlayer.findMany({ where: { ratingAfter: { not: null } }, orderBy: [{ gameId: 'asc' }, { role: 'asc' }], select: { gameId: true, role: true, ratingBefore: true, ratingAfter: true } }),
    seats,
  );
  const again = await runRebuildCli(s.db.url, ['--check']);
  t.equal(again.code, 0, again.out);
  t.match(again.out, /0 seat\(s\) and 0 rating\(s\) differed/);
  t.same((await a.client.get('/v1/leaderboards/julius-caesar')).body, boardBefore, 'the same leaderboard');
});

// Issue 38.2: 8 throwaway accounts each created a rated game, the farmer joined each, and each
// throwaway resigned at version 1: in 6 s the farmer went from 1500 to 1959 and rank 1.
t.test('farming: throwaways that resign at once abort their games (no rating, no result); unconfirmed accounts cannot play rated; the board asks for opponents', async (t) => {
  const s = await apiServer(t);
  const farmer = await s.signUp('Farmer');
  const ratingsBefore = await ratingRows(s);
  for (let i = 0; i < 8; i++) {
    const throwaway = await s.signUp(`Throwaway ${i}`);
    const created = await throwaway.client.post('/v1/games', { game: 'julius-caesar', role: 'Pompey', rated: true });
    t.equal(created.status, 201);
    t.equal((await farmer.client.post(`/v1/games/${created.body.id}/join`, {})).status, 200);
    const resigned = await resign(throwaway, created.body.id);
    t.match(resigned, { status: 'finished', underway: false, outcome: { winner: null, aborted: true, reason: /^Pompey resigned before each side had made its moves of the first turn: the game is aborted$/ } }, `game ${i + 1}: aborted`);
    t.same(resigned.players.map((p: any) => p.rating), [null, null], 'no rating change on the seats');
  }
  t.same(await ratingRows(s), ratingsBefore, 'the farmer\'s rating (and everyone\'s) unchanged: no rating was even made');
  t.same((await farmer.client.get('/v1/leaderboards/julius-caesar')).body.items, [], 'the leaderboard unchanged');
  const page = (await farmer.client.get('/v1/players/Farmer/games?status=finished')).body;
  t.equal(page.items.length, 8, 'the aborted games are listed...');
  t.ok(page.items.every((g: any) => g.result === null && /aborted/.test(g.reason)), '...with no result, as aborted');
  t.same((await farmer.client.get('/v1/players/Farmer')).body.ratings, [], 'and no rating on the player\'s page');

  // An unconfirmed account may neither create nor join a rated game (an unrated one, yes).
  const fresh = await s.signUp('Fresh', { confirmed: false });
  t.match(await fresh.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true }), { status: 403, body: { code: 'email_unconfirmed' } });
  t.equal((await fresh.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).status, 201);
  const open = (await farmer.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true })).body;
  t.match(await fresh.client.post(`/v1/games/${open.id}/join`, {}), { status: 403, body: { code: 'email_unconfirmed' } });
  t.match(await look(farmer, open.id), { status: 'open', players: [{ role: 'Caesar' }] }, 'the refused join changed nothing');

  // Throwaways that play out the first turn before resigning do rate the game: the board then
  // lists the farmer only with 5 games against 3 different opponents.
  const [x, y] = [await s.signUp('Xanthus'), await s.signUp('Ypsilon')];
  for (let i = 0; i < 4; i++) await resign(x, await ratedGame(farmer, x));
  t.same((await farmer.client.get('/v1/leaderboards/julius-caesar')).body.items, [], '4 games against one throwaway: not listed');
  for (let i = 0; i < 4; i++) await resign(y, await ratedGame(farmer, y));
  const two = (await ratingRows(s)).find((r) => r.userId === farmer.id)!;
  t.ok(two.games === 8 && two.rd < 200, `established after 8 games (RD ${Math.round(two.rd)})`);
  t.same((await farmer.client.get('/v1/leaderboards/julius-caesar')).body.items, [], '8 games against two opponents: still not listed');
  const z = await s.signUp('Zeta');
  await resign(z, await ratedGame(farmer, z));
  t.match((await farmer.client.get('/v1/leaderboards/julius-caesar')).body.items, [{ player: { name: 'Farmer' }, games: 9 }], 'a third opponent: listed');
});

t.test('an aborted game: a time-out claim before the first turn is over, and the emails say so', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const [a, b] = [await s.signUp('Marcus'), await s.signUp('Gnaeus')];
  const created = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', rated: true })).body;
  await b.client.post(`/v1/games/${created.id}/join`, {});
  await act(a, created.id, (await look(a, created.id)).legalActions[0]); // Caesar discards; Pompey never does
  await mail.deliver();
  clock.set(new Date(T + 3 * DAY + 1000));
  const claim = await a.client.post(`/v1/games/${created.id}/claim-timeout`, {});
  t.match(claim, { status: 200, body: { status: 'finished', outcome: { winner: null, aborted: true, reason: /^Pompey ran out of time before each side/ } } });
  t.same(await ratingRows(s), [], 'no rating');
  const told = to(t, await mail.deliver(), b.email);
  t.match(told.subject, /Game over: Julius Caesar #\d+ — aborted, no result/);
  t.notMatch(told.text, /you win|rating/i);
});
