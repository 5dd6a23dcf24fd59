// Messages in a game (GET/POST /v1/games/{id}/messages, the switch at .../messages/settings):
// between its players, plain text with a length limit and no control characters, rate-limited
// per author, a page at a time with a cursor, live on the game's stream as a `message` event for
// the players only (the game's version unchanged), readable by watchers only once a public game
// is over; refused with the reason when a player turned them off or one blocked the other.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { apiServer, look, openEvents, startGame } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';

const path = (id: string) => `/v1/games/${id}/messages`;

t.test('players write and read; a page at a time, oldest first, with cursors', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const first = await g.pompey.client.post(path(g.id), { text: '  Good luck, Marcus.\r\nMay the best win.  ' });
  t.equal(first.status, 201);
  t.match(first.body, { seq: 1, author: { id: g.pompey.id, name: 'Gnaeus' }, role: 'Pompey', text: 'Good luck, Marcus.\nMay the best win.', createdAt: TEST_TIME });
  t.same(Object.keys(first.body).sort(), ['author', 'createdAt', 'role', 'seq', 'text'], 'only what the author wrote, with who and when');
  for (let i = 2; i <= 7; i++) t.equal((await (i % 2 ? g.pompey : g.caesar).client.post(path(g.id), { text: `line ${i}` })).body.seq, i);

  const all = await g.caesar.client.get(path(g.id));
  t.equal(all.status, 200);
  t.same(all.body.items.map((m: any) => m.seq), [1, 2, 3, 4, 5, 6, 7], 'oldest first');
  t.match(all.body, { earlier: false, later: false, canSend: true, reason: null });
  const newest = await g.caesar.client.get(`${path(g.id)}?limit=3`);
  t.same(newest.body.items.map((m: any) => m.seq), [5, 6, 7], 'without a cursor: the newest');
  t.match(newest.body, { earlier: true, later: false });
  const older = await g.caesar.client.get(`${path(g.id)}?limit=3&before=5`);
  t.same(older.body.items.map((m: any) => m.seq), [2, 3, 4], 'before: the newest of the older ones');
  t.match(older.body, { earlier: true, later: true });
  const oldest = await g.caesar.client.get(`${path(g.id)}?limit=3&before=2`);
  t.same(oldest.body.items.map((m: any) => m.seq), [1]);
  t.match(oldest.body, { earlier: false, later: true });
  const after = await g.caesar.client.get(`${path(g.id)}?limit=2&after=3`);
  t.same(after.body.items.map((m: any) => m.seq), [4, 5], 'after: the oldest of the newer ones');
  t.match(after.body, { earlier: true, later: true });
  const none = await g.caesar.client.get(`${path(g.id)}?after=7`);
  t.same(none.body.items, [], 'nothing after the last');
  t.match(none.body, { earlier: true, later: false });

  for (const bad of ['limit=0', 'limit=101', 'after=-1', 'before=0', 'after=x', 'before=99999999999']) {
    const r = await g.caesar.client.get(`${path(g.id)}?${bad}`);
    t.equal(r.status, 400, `${bad}: 400`);
    t.equal(r.body.code, 'validation_failed');
  }
  t.equal((await look(g.caesar, g.id)).version, g.game.version, 'messages do not change the game\'s version');
});

t.test('bad text: empty, too long, control characters, bidirectional overrides', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const cases: [unknown, string][] = [
    [{ text: '' }, '/text'],
    [{ text: '   \n\t ' }, '/text'],
    [{ text: 'x'.repeat(2001) }, '/text'],
    [{ text: `${'x'.repeat(1999)}\n${'y'.repeat(1000)}` }, '/text'],
    [{ text: 'a\u0000b' }, '/text'],
    [{ text: 'tab\there' }, '/text'],
    [{ text: 'escape \u001b[31mred' }, '/text'],
    [{ text: 'abc\u202egnp.exe' }, '/text'],
    [{ text: 'x'.repeat(4001) }, '/text'],
    [{}, '/text'],
    [{ text: 42 }, '/text'],
    [{ text: 'hi', html: '<b>' }, '/html'],
  ];
  for (const [body, at] of cases) {
    const r = await g.pompey.client.post(path(g.id), body);
    t.equal(r.status, 400, `${JSON.stringify(body).slice(0, 40)}: 400`);
    t.equal(r.body.code, 'validation_failed');
    t.ok(r.body.errors?.some((e: any) => e.path === at), `names ${at}: ${JSON.stringify(r.body.errors)}`);
  }
  const exactly = await g.pompey.client.post(path(g.id), { text: `  ${'é'.repeat(2000)}  ` });
  t.equal(exactly.status, 201, '2,000 characters once trimmed are fine (counted as characters, not bytes)');
  const html = await g.pompey.client.post(path(g.id), { text: '<script>alert(1)</script> & <b>bold</b>' });
  t.equal(html.body.text, '<script>alert(1)</script> & <b>bold</b>', 'stored and answered as the text it is');
  t.same((await g.caesar.client.get(path(g.id))).body.items.length, 2, 'nothing else was stored');
});

t.test('rate limit: 10 a minute per author, then 429 with Retry-After; a minute later, again', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const g = await startGame(s);
  for (let i = 1; i <= 10; i++) {
    t.equal((await g.pompey.client.post(path(g.id), { text: `m${i}` })).status, 201);
    clock.advance(1000);
  }
  const refused = await g.pompey.client.post(path(g.id), { text: 'one too many' });
  t.equal(refused.status, 429);
  t.match(refused.body, { code: 'rate_limited', limit: 10 });
  t.equal(refused.headers.get('retry-after'), '50', 'until the first of the ten is a minute old');
  t.equal((await g.caesar.client.post(path(g.id), { text: 'the other player is not limited by it' })).status, 201);
  clock.advance(50_000);
  t.equal((await g.pompey.client.post(path(g.id), { text: 'again' })).status, 201);
  t.same((await g.caesar.client.get(path(g.id))).body.items.map((m: any) => m.text).filter((x: string) => x === 'one too many'), [], 'the refused one was not stored');
});

t.test('who may read and write: players; watchers only once a public game is over; others nothing', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  await g.caesar.client.post(path(g.id), { text: 'Alea iacta est.' });
  const w = await watcher.client.get(path(g.id));
  t.equal(w.status, 403, 'a watcher of a game in progress reads no messages');
  t.equal(w.body.code, 'forbidden');
  t.notMatch(w.text, /Alea iacta/);
  t.equal((await watcher.client.post(path(g.id), { text: 'hello' })).status, 403, 'nor writes');

  const priv = await startGame(s, { visibility: 'private' });
  await priv.caesar.client.post(path(priv.id), { text: 'private words' });
  for (const r of [await watcher.client.get(path(priv.id)), await watcher.client.post(path(priv.id), { text: 'x' }), await g.caesar.client.get(path(priv.id))]) {
    t.equal(r.status, 404, "another player's private game: not found");
    t.notMatch(r.text, /private words/);
  }
  t.equal((await s.anon.get(path(g.id))).status, 401);
  t.equal((await g.caesar.client.get(path('0195f3b0-7c1e-7cc3-9a4e-2d1f4f7a9b10'))).status, 404);

  // Over: a public game's messages are there to read for anyone; still only players write.
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`, {})).status, 200);
  const after = await watcher.client.get(path(g.id));
  t.equal(after.status, 200, 'a public game over: its messages are public');
  t.same(after.body.items.map((m: any) => m.text), ['Alea iacta est.']);
  t.match(after.body, { canSend: false, reason: /players/ });
  t.equal((await watcher.client.post(path(g.id), { text: 'well played' })).status, 403);
  t.equal((await g.pompey.client.post(path(g.id), { text: 'Well played.' })).status, 201, 'players go on after the end');
  await priv.pompey.client.post(`/v1/games/${priv.id}/resign`, {});
  t.equal((await watcher.client.get(path(priv.id))).status, 404, 'a private game over stays private');
});

t.test('no one to write to: an open game, a game against the bot', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Marcus');
  const open = (await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' })).body;
  const r = await a.client.post(path(open.id), { text: 'anyone?' });
  t.equal(r.status, 409);
  t.match(r.body, { code: 'conflict', detail: /Nobody has joined/ });
  t.match((await a.client.get(path(open.id))).body, { items: [], canSend: false, reason: /Nobody has joined/ });
  const bot = (await a.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'random', opponent: 'bot' })).body;
  const b = await a.client.post(path(bot.id), { text: 'hello bot' });
  t.equal(b.status, 409);
  t.match(b.body.detail, /bot/);
});

t.test('a player turns the messages of a game off: nobody writes, each is told why', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const settings = `${path(g.id)}/settings`;
  t.same((await g.caesar.client.get(settings)).body, { on: true });
  await g.pompey.client.post(path(g.id), { text: 'before' });
  t.same((await g.caesar.client.request('PUT', settings, { body: { on: false } })).body, { on: false });
  t.same((await g.caesar.client.get(settings)).body, { on: false });
  t.same((await g.pompey.client.get(settings)).body, { on: true }, "the other player's switch is theirs");
  const theirs = await g.pompey.client.post(path(g.id), { text: 'hello?' });
  t.equal(theirs.status, 403);
  t.match(theirs.body, { code: 'messages_off', detail: 'Marcus has turned the messages of this game off.' });
  const mine = await g.caesar.client.post(path(g.id), { text: 'one last word' });
  t.match(mine.body, { code: 'messages_off', detail: /You have turned/ });
  const page = await g.caesar.client.get(path(g.id));
  t.match(page.body, { canSend: false, reason: /You have turned/ });
  t.same(page.body.items.map((m: any) => m.text), ['before'], 'what was written stays readable');
  const other = await startGame(s);
  t.equal((await other.pompey.client.post(path(other.id), { text: 'another game' })).status, 201, 'other games are not affected');
  const watcher = await s.signUp('Cicero');
  t.equal((await watcher.client.get(settings)).status, 403, 'a watcher has no switch');
  t.equal((await watcher.client.request('PUT', settings, { body: { on: false } })).status, 403);
  t.equal((await g.caesar.client.request('PUT', settings, { body: { on: 'no' } })).status, 400);
  t.equal((await g.caesar.client.request('PUT', settings, { body: { on: true } })).status, 200);
  t.equal((await g.pompey.client.post(path(g.id), { text: 'hello again' })).status, 201);
});

t.test('blocks: no messages either way, and the blocker no longer reads the blocked', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  await g.pompey.client.post(path(g.id), { text: 'first' });
  await g.caesar.client.post(path(g.id), { text: 'reply' });
  const blocked = await g.caesar.client.request('PUT', `/v1/me/blocks/${g.pompey.id}`);
  t.equal(blocked.status, 200);
  const r = await g.pompey.client.post(path(g.id), { text: 'are you there?' });
  t.equal(r.status, 403);
  t.match(r.body, { code: 'blocked', detail: 'This player does not take messages from you.' });
  t.notMatch(r.text, /Marcus/, 'says nothing more of who blocked');
  const mine = await g.caesar.client.post(path(g.id), { text: 'a word' });
  t.match(mine.body, { code: 'blocked', detail: /You have blocked this player/ });
  t.same((await g.caesar.client.get(path(g.id))).body.items.map((m: any) => m.text), ['reply'], "the blocked player's messages are hidden from the blocker");
  t.same((await g.pompey.client.get(path(g.id))).body.items.map((m: any) => m.text), ['first', 'reply']);
  t.match((await g.pompey.client.get(path(g.id))).body, { canSend: false, reason: 'This player does not take messages from you.' });
  t.equal((await g.caesar.client.delete(`/v1/me/blocks/${g.pompey.id}`)).status, 204);
  t.equal((await g.pompey.client.post(path(g.id), { text: 'friends again' })).status, 201);
});

t.test('live: a `message` event to the players, not to watchers; the version does not move', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  const caesar = await openEvents(s.base, g.id, { token: g.caesar.token });
  const spy = await openEvents(s.base, g.id, { token: watcher.token });
  await caesar.waitFor(1);
  await spy.waitFor(1);
  const sent = await g.pompey.client.post(path(g.id), { text: 'Ave.' });
  const events = await caesar.waitFor(2);
  t.same(events[1], { event: 'message', data: JSON.stringify({ id: g.id, seq: sent.body.seq }) }, 'the number only, and no SSE id (the version stays)');
  t.notMatch(caesar.raw(), /Ave/, 'the text is read from the API, not carried by the event');
  // The watcher hears the next change of the game, never the message.
  const game = await look(g.caesar, g.id);
  await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: game.legalActions[0], version: game.version });
  const seen = await spy.waitFor(2);
  t.same(seen.map((e) => e.event), ['version', 'version'], 'no message event for a watcher of a game in progress');
  t.equal(JSON.parse(seen[1]!.data!).version, game.version + 1, 'versions go on as before');
  await caesar.close();
  await spy.close();

  // Over and public: watchers hear of messages too.
  await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  const late = await openEvents(s.base, g.id, { token: watcher.token });
  await late.waitFor(1);
  await g.caesar.client.post(path(g.id), { text: 'gg' });
  t.equal((await late.waitFor(2))[1]!.event, 'message');
  await late.close();
});
