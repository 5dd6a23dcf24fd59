// A player's data is theirs (issue 30): GET /v1/me/export gives them everything Alea holds about
// them and nothing it holds about anyone else, nor anything the rules hide from them; POST
// /v1/me/deletion, proven by the password, resigns their games, kills their tokens and streams,
// frees their address, and leaves their name and address nowhere: in no answer to anyone, no
// page, no email sent afterwards.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { act, apiServer, look, openStream, playUntilUnderway, startGame, type ApiServer, type Started, type User } from '../helpers/api.js';
import { mailHarness, rawText } from '../helpers/mail.js';
import { resignForDeletedPlayers } from '../../src/app/my-data/deletion.js';
import { bodiesOf } from '../../src/store/outbox-body.js';
import { USER_TABLE_NAMES } from '../../src/store/user-data.js';
import { TEST_TIME } from '../helpers/server.js';

const PASSWORD = 'correct horse battery';

/** `a` creates a Julius Caesar game as Caesar, `b` joins as Pompey; the game's id. */
async function between(a: User, b: User): Promise<string> {
  const created = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  const joined = await b.client.post(`/v1/games/${created.body.id}/join`, {});
  if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.text}`);
  return created.body.id;
}

/** What Caesar holds hidden from Pompey now: his hand and discard, his blocks' identities (as test/http/hidden.test.ts). */
async function caesarSecrets(g: Started): Promise<string[]> {
  const v = (await look(g.caesar, g.id)).view;
  const revealed = new Set([v.cards.Caesar.card, v.cards.Pompey.card].filter((c: string | null) => c && v.phase !== 'card'));
  const cards = [...v.hand, v.discard].filter((c: string | null): c is string => !!c && !revealed.has(c));
  const blocks = v.blocks.filter((b: any) => b.side === 'Caesar' && b.id && b.id !== 'CLEO' && !b.revealed).map((b: any) => b.id);
  return [...cards, ...blocks];
}

const quoted = (s: string) => JSON.stringify(s);

t.test('the export holds my account, preferences and games as I may see them, and nothing of anyone else', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const me = g.pompey;
  // Preferences: an account-wide one, a vacation, a per-game mute.
  t.equal((await me.client.patch('/v1/me', { notifications: { email: 'moves' }, vacation: { days: 3 } })).status, 200);
  t.equal((await me.client.request('PUT', `/v1/games/${g.id}/emails`, { body: { email: false } })).status, 200);
  // A finished game of mine against someone else.
  const aulus = await s.signUp('Aulus Hirtius');
  const finished = await between(aulus, me);
  t.equal((await aulus.client.post(`/v1/games/${finished}/resign`, {})).status, 200);
  // Other people's game, which is none of my business.
  const titus = await s.signUp('Titus Labienus');
  const livia = await s.signUp('Livia Drusilla');
  const theirs = await between(titus, livia);
  // Messages both ways, my notepad, a block.
  t.equal((await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: 'Ave, Gnaeus.' })).status, 201);
  t.equal((await me.client.post(`/v1/games/${g.id}/messages`, { text: 'Vale.' })).status, 201);
  t.equal((await me.client.request('PUT', `/v1/games/${g.id}/notes`, { body: { text: 'His block in Capua: 3 steps at least.' } })).status, 200);
  t.equal((await me.client.request('PUT', `/v1/me/blocks/${aulus.id}`)).status, 200);
  t.equal((await titus.client.post(`/v1/games/${theirs}/messages`, { text: 'Not for Pompey.' })).status, 201);

  t.equal((await s.anon.get('/v1/me/export')).status, 401, 'a token is needed');
  const res = await me.client.get('/v1/me/export');
  t.equal(res.status, 200);
  t.equal(res.headers.get('content-disposition'), 'attachment; filename="alea-data-2026-01-01.json"', 'a download');
  t.match(res.headers.get('content-type'), /^application\/json/);
  const data = res.body;

  t.same(data.account, (await me.client.get('/v1/me')).body, 'the account as GET /v1/me shows it');
  t.equal(data.account.notifications.email, 'moves', 'with its email preference');
  t.ok(data.account.vacation, 'and its vacation');
  t.same(data.games.map((x: any) => x.game.id), [g.id, finished], 'my games, oldest first');
  const [running, over] = data.games;
  t.same(running.game, await look(me, g.id), 'a running game as GET /v1/games/{id} answers me');
  t.same(running.log, (await me.client.get(`/v1/games/${g.id}/log`)).body.entries, 'with my whole log');
  t.equal(running.emails, false, 'and my per-game email switch');
  t.same(running.messages.map((m: any) => [m.role, m.text]), [['Caesar', 'Ave, Gnaeus.'], ['Pompey', 'Vale.']], 'the game\'s messages, both ways, oldest first');
  t.same(running.messages, (await me.client.get(`/v1/games/${g.id}/messages`)).body.items, 'as GET …/messages shows them');
  t.equal(running.notes.text, 'His block in Capua: 3 steps at least.', 'and my notepad');
  t.same(data.blocks.map((b: any) => b.user.id), [aulus.id], 'the players I block');
  t.same(over.messages, [], 'a game without messages has none');
  t.same(running.record, (await me.client.get(`/v1/games/${g.id}/record`)).body, 'and its record as I may read it');
  t.equal(running.record.reader.complete, false, 'my side\'s only, while it runs');
  t.equal(over.game.status, 'finished');
  t.same(over.log, (await me.client.get(`/v1/games/${finished}/log`)).body.entries);
  t.same(over.record, (await me.client.get(`/v1/games/${finished}/record`)).body, 'a finished game\'s whole record');
  t.equal(over.record.reader.complete, true);
  t.ok(data.emails.length > 0 && data.emails.every((e: any) => e.to === me.email), 'the emails written to me, and only those');
  t.ok(data.emails.some((e: any) => e.kind === 'email-confirmation'));

  const secrets = await caesarSecrets(g);
  t.ok(secrets.length > 5, 'Caesar hides cards and blocks from me');
  // (Card and block ids are the same in every game: my other game shows mine.)
  const runningText = JSON.stringify(running);
  for (const secret of secrets) t.notOk(runningText.includes(quoted(secret)), `Caesar's ${secret} is not in my export of the running game`);
  const seedOf = async (id: string) => (await s.db.prisma.game.findUniqueOrThrow({ where: { id } })).seed;
  t.notOk(res.text.includes(await seedOf(g.id)), 'no seed of the running game');
  t.notOk(res.text.includes(await seedOf(theirs)), 'nor of anyone else\'s');
  t.equal(over.record.seed, await seedOf(finished), 'a finished game\'s seed is published in its record');
  for (const absent of ['passwordHash', 'scrypt$', me.token, me.token.split('.')[2]!]) t.notOk(res.text.includes(absent), 'no password hash, no token');
  for (const absent of [theirs, "Not for Pompey", 'Titus', titus.email, 'Livia', livia.email, g.caesar.email, aulus.email]) {
    t.notOk(res.text.includes(absent), `nothing of anyone else: ${absent}`);
  }
});

/** Every answer `u` can get that might name a player of these games, as text. */
async function answersTo(u: User, games: string[]): Promise<string[]> {
  const texts: string[] = [];
  const add = (r: { status: number; headers: Headers; text: string }) => texts.push(`${r.status} ${JSON.stringify([...r.headers.entries()])} ${r.text}`);
  for (const id of games) {
    add(await u.client.get(`/v1/games/${id}`));
    add(await u.client.get(`/v1/games/${id}/log`));
    add(await u.client.get(`/v1/games/${id}/record`));
    add(await u.client.get(`/v1/games/${id}/transcript`));
    add(await u.client.get(`/v1/games/${id}/positions/1`));
    add(await u.client.get(`/v1/games/${id}/messages`));
  }
  for (const game of ['julius-caesar', 'caesars-gallic-war']) add(await u.client.get(`/v1/leaderboards/${game}`));
  add(await u.client.get(`/v1/players/${encodeURIComponent((await u.client.get('/v1/me')).body.handle ?? '')}`));
  for (const q of ['', '?mine=true', '?status=finished', '?status=active', '?status=open', '?mine=true&status=finished']) add(await u.client.get(`/v1/games${q}`));
  add(await u.client.get('/v1/me/export'));
  return texts;
}

t.test('deleting my account: refused with a wrong password; then games resigned, tokens dead, address free, my name and address nowhere', async (t) => {
  const s: ApiServer = await apiServer(t);
  const mail = await mailHarness(t, s);
  const leaver = await s.signUp('Quintus Sertorius');
  const opponent = await s.signUp('Gnaeus');
  const former = await s.signUp('Titus');
  const running = await between(leaver, opponent);
  await playUntilUnderway([leaver, opponent], running); // its resignation then has a result
  const finished = await between(leaver, former);
  t.equal((await former.client.post(`/v1/games/${finished}/resign`, {})).status, 200);
  const bot = await leaver.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'random', opponent: 'bot' });
  t.equal(bot.status, 201);
  const open = await leaver.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' });
  // The opponent's move with an Idempotency-Key: its kept answer lists the players.
  const before = await look(opponent, running);
  const move = () => opponent.client.post(`/v1/games/${running}/actions`, { action: before.legalActions[0], version: before.version }, { headers: { 'idempotency-key': 'discard-1' } });
  t.equal((await move()).status, 200);
  t.match((await move()).text, /Sertorius/, 'a retry replays the answer, which names the players');
  const stream = await openStream(s.base, '/v1/me/events', { token: leaver.token });
  await stream.waitFor(1);
  await mail.deliver();

  // A game joined just now: the opponent's "joined" email, naming the leaver, is not sent yet.
  const joined = await between(opponent, leaver);
  const waiting = await s.db.prisma.outboxEmail.findMany({ where: { gameId: joined, toAddress: opponent.email, status: 'pending' } });
  t.equal(waiting.length, 1);
  t.match(bodiesOf(waiting[0]!).text, /Quintus Sertorius has joined/, 'an email naming the leaver waits');

  const wrong = await leaver.client.post('/v1/me/deletion', { password: 'not my password at all' });
  t.match(wrong, { status: 403, body: { code: 'wrong_password', errors: [{ path: '/password' }] } }, 'a wrong password is refused');
  t.equal((await leaver.client.get('/v1/me')).body.name, 'Quintus Sertorius', 'and changes nothing: the account');
  t.equal((await look(opponent, running)).status, 'active', 'its games');
  t.equal((await look(opponent, joined)).status, 'active');
  t.equal((await leaver.client.request('DELETE', '/v1/me/deletion')).status, 404, 'only POST deletes');

  const handle = (await s.db.prisma.user.findUnique({ where: { id: leaver.id } }))!.handle!;
  t.equal((await opponent.client.get(`/v1/players/${encodeURIComponent(handle)}`)).status, 200, 'a player page before');
  t.equal((await leaver.client.post('/v1/me/deletion', { password: PASSWORD })).status, 204, 'deleted');
  t.equal((await opponent.client.get(`/v1/players/${encodeURIComponent(handle)}`)).status, 404, 'and none after');

  t.match(await leaver.client.get('/v1/me'), { status: 401, body: { code: 'unauthorized' } }, 'the token is dead at once');
  t.equal((await s.anon.post('/v1/auth/login', { email: leaver.email, password: PASSWORD })).status, 401, 'no sign-in with the old address');
  await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the event stream did not end')), 5000))]);
  t.pass('the open event stream ended');

  const game = await look(opponent, running);
  t.match(game, { status: 'finished', outcome: { winner: 'Pompey', reason: 'Caesar resigned' } }, 'the running game is resigned');
  t.same(game.players.map((p: any) => [p.role, p.user.name]), [['Caesar', 'deleted player'], ['Pompey', 'Gnaeus']], 'the seat shows a deleted player');
  t.match(await look(former, finished), { status: 'finished', players: [{ user: { name: 'deleted player' } }, { user: { name: 'Titus' } }] }, 'a finished game stays, anonymised');
  const botGame = await s.db.prisma.game.findUnique({ where: { id: bot.body.id } });
  t.equal(botGame?.status, 'abandoned', 'the game against the bot is ended: aborted, it had not begun');
  t.equal((await opponent.client.get(`/v1/games/${open.body.id}`)).status, 404, 'the open game is cancelled');

  t.match(await look(opponent, joined), { status: 'finished', outcome: { winner: null, aborted: true, reason: /^Pompey resigned before each side/ } }, 'so is the one joined just now: aborted');
  t.match(await s.db.prisma.outboxEmail.findUnique({ where: { id: waiting[0]!.id } }), { status: 'dropped' }, 'its email naming the leaver is dropped');
  const mails = await mail.deliver();
  const told = mails.filter((m) => m.to.includes(opponent.email)).find((m) => m.subject.includes(`#${game.number}`))!;
  t.match(told.subject, /^deleted player resigned Julius Caesar #\d+: you win$/, 'the opponent gets the usual end-of-game email');
  t.notOk(mails.some((m) => m.to.includes(leaver.email)), 'no email to the deleted address');

  const replay = await move();
  t.equal(replay.headers.get('idempotent-replayed'), 'true', 'the opponent\'s retry is still a replay');
  const answers = [...(await answersTo(opponent, [running])), ...(await answersTo(former, [finished]))];
  t.ok(answers.every((a) => /^2\d\d /.test(a)), 'every one of those answers (game, log, record, transcript, position, lists, export) is given');
  const texts = [...answers, replay.text, ...mails.map(rawText)];
  for (const page of ['/', `/games/${running}`, '/settings', '/signin']) texts.push((await s.anon.get(page)).text);
  t.ok(texts.length > 20);
  for (const text of texts) {
    t.notOk(/sertorius/i.test(text), `the name and address are nowhere: ${text.slice(0, 80)}`);
    t.notOk(text.includes(leaver.email), 'the address neither');
  }

  // Nothing left in the database either, but the anonymised row.
  const row = await s.db.prisma.user.findUnique({ where: { id: leaver.id } });
  t.match(row, { displayName: 'deleted player', emailVerifiedAt: null, emailPreference: 'none', pendingEmail: null });
  t.match(row?.email, /^deleted-[0-9a-f]{32}@deleted\.invalid$/);
  t.equal(await s.db.prisma.outboxEmail.count({ where: { OR: [{ userId: leaver.id }, { toAddress: leaver.email }] } }), 0, 'no email to or about the account is kept');

  // Alea goes on: a new game between the others, a move; no email names the deleted player.
  const later = await between(opponent, former);
  await act(former, later, (await look(former, later)).legalActions[0]);
  const after = await mail.deliver();
  t.ok(after.length > 0, 'emails are sent');
  for (const m of after) t.notOk(m.to.includes(leaver.email) || /sertorius/i.test(rawText(m)), `no later email names them: ${m.subject}`);

  const again = await s.anon.post('/v1/auth/register', { email: leaver.email, password: PASSWORD, name: 'Quintus' });
  t.equal(again.status, 201, 'the address registers again');
  t.not(again.body.user.id, leaver.id, 'as a new account');
  t.same((await s.anon.withToken(again.body.token).get('/v1/games?mine=true')).body.items, [], 'with none of the old games');
  t.equal((await leaver.client.get('/v1/me')).status, 401, 'and the old token stays dead');
});

t.test('a deletion interrupted before its resignations is finished by the worker\'s job', async (t) => {
  const s = await apiServer(t);
  const leaver = await s.signUp('Quintus Sertorius');
  const opponent = await s.signUp('Gnaeus');
  const running = await between(leaver, opponent);
  // The erasure committed, the process died before resigning (as eraseAccount leaves the row).
  await s.db.prisma.user.update({ where: { id: leaver.id }, data: { deletedAt: new Date(), displayName: 'deleted player' } });
  t.equal((await look(opponent, running)).status, 'active', 'the game is still in progress');
  const errors: unknown[] = [];
  t.equal(await resignForDeletedPlayers(s.app.services, (_id, err) => errors.push(err)), 1, 'one game resigned');
  t.same(errors, []);
  t.match(await look(opponent, running), { status: 'finished', outcome: { winner: null, aborted: true, reason: /^Caesar resigned before each side/ } }, 'aborted: it had not begun');
  t.equal(await resignForDeletedPlayers(s.app.services, (_id, err) => errors.push(err)), 0, 'and nothing more to do');
});

t.test('every table that refers to a user has its line in the deletion\'s list (src/store/user-data.ts)', async (t) => {
  const s = await apiServer(t);
  // By foreign key, or by a column that names a user or an address without one.
  const rows = await s.db.prisma.$queryRaw<{ table: string }[]>`
    SELECT conrelid::regclass::text AS table FROM pg_constraint WHERE contype = 'f' AND confrelid = 'users'::regclass
    UNION
    SELECT table_name::text FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name NOT IN ('users', '_prisma_migrations')
       AND (column_name LIKE '%user_id' OR column_name LIKE '%email%' OR column_name LIKE '%address%')`;
  const tables = rows.map((r) => r.table).sort();
  t.ok(tables.includes('game_players') && tables.includes('login_throttle') && tables.includes('game_presence'), `found: ${tables.join(', ')}`);
  for (const table of tables) t.ok(USER_TABLE_NAMES.includes(table), `${table} is handled by the deletion`);
});

t.test('a deleted player\'s name leaves the emails kept for others: the opponent\'s export shows "deleted player" (issue 38)', async (t) => {
  const s = await apiServer(t);
  const mail = await mailHarness(t, s);
  const leaver = await s.signUp('Zeldabdrg');
  const opponent = await s.signUp('Gnaeus');
  const running = await between(leaver, opponent);
  const finished = await between(opponent, leaver);
  t.equal((await opponent.client.post(`/v1/games/${finished}/resign`, {})).status, 200);
  // Emails to the opponent that name the leaver: a message (sent), a rematch offer (sent), a message not sent yet.
  t.equal((await leaver.client.post(`/v1/games/${running}/messages`, { text: 'Ave.' })).status, 201);
  t.equal((await leaver.client.post(`/v1/games/${finished}/rematch`, {})).status, 201);
  const sent = await mail.deliver();
  t.ok(sent.some((m) => m.to.includes(opponent.email) && /^Zeldabdrg offers a rematch/.test(m.subject)), 'the rematch offer went');
  const before = (await opponent.client.get('/v1/me/export')).body.emails.map((e: any) => e.subject);
  t.ok(before.some((x: string) => /^Zeldabdrg wrote a message in Julius Caesar #\d+$/.test(x)), 'the export lists them, by name, while the account lives');

  t.equal((await leaver.client.post('/v1/me/deletion', { password: PASSWORD })).status, 204);
  const res = await opponent.client.get('/v1/me/export');
  t.equal(res.status, 200);
  t.notOk(/zeldabdrg/i.test(res.text), 'the name is nowhere in the opponent\'s export');
  const subjects = res.body.emails.map((e: any) => e.subject);
  t.ok(subjects.some((x: string) => /^deleted player wrote a message in Julius Caesar #\d+$/.test(x)), `the message email shows a deleted player: ${JSON.stringify(subjects)}`);
  t.ok(subjects.some((x: string) => /^deleted player offers a rematch/.test(x)), 'so does the rematch offer');
  // Nor in what the outbox keeps of those emails (their bodies), about any of the leaver's games.
  const kept = await s.db.prisma.outboxEmail.findMany({ where: { toAddress: opponent.email } });
  for (const row of kept) {
    const { text, html } = bodiesOf(row);
    t.notOk(/zeldabdrg/i.test(`${row.subject}\n${text}\n${html ?? ''}`), `kept email "${row.subject}" names nobody`);
  }
});

t.test('exports are streamed a game at a time, one at a time per account, and limited per account (issue 38)', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock, security: { exportLimits: { burst: 2, intervalMs: 10 * 60_000 } } });
  const g = await startGame(s);
  const other = await s.signUp('Aulus');
  const finished = await between(other, g.pompey);
  t.equal((await other.client.post(`/v1/games/${finished}/resign`, {})).status, 200);
  const tat = async () => (await s.db.prisma.user.findUniqueOrThrow({ where: { id: g.pompey.id } })).exportTat;

  // One export held mid-stream (its games' notes locked): another of the same account is refused meanwhile.
  let unlock!: () => void;
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holding = s.db.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('LOCK TABLE game_notes IN ACCESS EXCLUSIVE MODE');
      locked();
      await new Promise<void>((r) => (unlock = r));
    },
    { timeout: 30_000 },
  );
  await isLocked;
  const held = g.pompey.client.get('/v1/me/export');
  for (let i = 0; i < 50 && (await tat()) === null; i++) await new Promise((r) => setTimeout(r, 20));
  const spent = await tat();
  t.ok(spent, 'the first export is under way');
  const second = await g.pompey.client.get('/v1/me/export');
  t.match(second, { status: 429, body: { code: 'rate_limited', detail: /already under way/ } }, 'a second export of the same account meanwhile: refused');
  t.equal(second.headers.get('retry-after'), '10');
  t.same(await tat(), spent, 'and it spent nothing');
  unlock();
  await holding;
  const first = await held;
  t.equal(first.status, 200);
  t.equal(first.headers.get('content-length'), null, 'streamed: no length ahead');
  t.equal(first.headers.get('transfer-encoding'), 'chunked');
  t.same(first.body.games.map((x: any) => x.game.id), [g.id, finished], 'the whole export, a game at a time');
  t.same(first.body.games[1].record, (await g.pompey.client.get(`/v1/games/${finished}/record`)).body, 'a finished game\'s record as kept and served');

  // Two in a row, then one every 10 minutes: 429 with Retry-After, spending nothing.
  t.equal((await g.pompey.client.get('/v1/me/export')).status, 200, 'the second of the burst');
  const before = await tat();
  const third = await g.pompey.client.get('/v1/me/export');
  t.match(third, { status: 429, body: { code: 'rate_limited', limit: 2, detail: /2 times in a row, then once every 10 minutes; retry in 600 s/ } });
  t.equal(third.headers.get('retry-after'), '600');
  t.same(await tat(), before, 'a refused export spends nothing');
  t.equal((await g.caesar.client.get('/v1/me/export')).status, 200, 'another account has its own limit');
  clock.advance(10 * 60_000);
  t.equal((await g.pompey.client.get('/v1/me/export')).status, 200, 'ten minutes later, one more');
  t.equal((await g.pompey.client.get('/v1/me/export')).status, 429);
});
