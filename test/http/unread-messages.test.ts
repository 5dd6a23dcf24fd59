// Unread messages (issue 41.9): each player's games say how many of the other player's messages
// they have not read (`unreadMessages` in GET /v1/games lists), reading the messages marks them
// read (GET .../messages, or POST .../messages/read up to a message), `markRead=false` reads
// without marking, and the user's own stream (/v1/me/events) tells a new message and a reading,
// so a home page follows them live. A count concerns only what its asker may read: none for a
// watcher or anyone else, never one's own messages, never those of a player one blocked.
import t from 'tap';
import { apiServer, openStream, startGame, type User } from '../helpers/api.js';

const WAIT_MS = 30_000;
const path = (id: string) => `/v1/games/${id}/messages`;
const read = (id: string) => `/v1/games/${id}/messages/read`;

/** The item of game `id` in the user's own games. */
async function mine(u: User, id: string): Promise<any> {
  const items = (await u.client.get('/v1/games?mine=true')).body.items as any[];
  return items.find((g) => g.id === id);
}

t.test('unread counts in my games: the other player\'s messages since I last read them, never my own; reading clears them', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 0, 'no message yet: 0');
  await g.pompey.client.post(path(g.id), { text: 'Ave.' });
  await g.pompey.client.post(path(g.id), { text: 'Are you there?' });
  await g.caesar.client.post(path(g.id), { text: 'Here.' });
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 2, "Caesar has Pompey's two messages to read, not his own");
  t.equal((await mine(g.pompey, g.id)).unreadMessages, 1, 'and Pompey has one');

  const page = await g.caesar.client.get(path(g.id));
  t.equal(page.status, 200);
  t.equal(page.body.unreadMessages, 0, 'opening the messages reads them');
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 0, 'read: none left');
  t.equal((await mine(g.pompey, g.id)).unreadMessages, 1, "one player's reading is not the other's");
  await g.caesar.client.post(path(g.id), { text: 'Your move.' });
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 0, 'a message one writes is never unread for oneself');
  await g.pompey.client.post(path(g.id), { text: 'Coming.' });
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 1, 'a new one counts again');

  const other = await startGame(s);
  t.equal((await mine(other.caesar, other.id)).unreadMessages, 0, 'per game');
  t.notOk('unreadMessages' in (await g.caesar.client.get(`/v1/games/${g.id}`)).body, 'not on the game itself (read every move; its messages and events tell a page)');
});

t.test('markRead=false reads without marking; POST .../messages/read marks up to a message, never back; bad input is a 4xx problem', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  for (const text of ['one', 'two', 'three']) await g.pompey.client.post(path(g.id), { text });

  const peek = await g.caesar.client.get(`${path(g.id)}?markRead=false`);
  t.same(peek.body.items.map((m: any) => m.text), ['one', 'two', 'three']);
  t.equal(peek.body.unreadMessages, 3, 'read without marking: all three still unread');
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 3);

  const marked = await g.caesar.client.post(read(g.id), { through: 2 });
  t.equal(marked.status, 200);
  t.same(marked.body, { unreadMessages: 1 }, 'read up to the second: one left');
  t.equal((await mine(g.caesar, g.id)).unreadMessages, 1);
  t.same((await g.caesar.client.post(read(g.id), { through: 1 })).body, { unreadMessages: 1 }, 'an older mark changes nothing (never moves back)');
  t.same((await g.caesar.client.post(read(g.id), { through: 3 })).body, { unreadMessages: 0 });

  const bad: [unknown, number, string][] = [
    [{}, 400, '/through'],
    [{ through: 0 }, 400, '/through'],
    [{ through: -1 }, 400, '/through'],
    [{ through: 1.5 }, 400, '/through'],
    [{ through: '2' }, 400, '/through'],
    [{ through: 2 ** 31 }, 400, '/through'],
    [{ through: 4 }, 400, '/through'], // past the game's last message
    [{ through: 2, also: true }, 400, '/also'],
  ];
  for (const [body, status, at] of bad) {
    const r = await g.caesar.client.post(read(g.id), body);
    t.equal(r.status, status, `${JSON.stringify(body)}: ${status}`);
    t.match(r.headers.get('content-type'), /^application\/problem\+json/);
    t.equal(r.body.code, 'validation_failed');
    t.ok(r.body.errors?.some((e: any) => e.path === at), `names ${at}: ${JSON.stringify(r.body.errors)}`);
  }
  const notJson = await g.caesar.client.post(read(g.id), undefined, { raw: 'through=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  t.equal(notJson.status, 415, 'a body that is not JSON');
  t.equal((await g.caesar.client.get(`${path(g.id)}?markRead=maybe`)).status, 400, 'markRead is a boolean');
  t.equal((await s.anon.post(read(g.id), { through: 1 })).status, 401);
});

t.test('hidden: no count for a watcher or anyone else, none of a blocked author; marking is for players only', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  await g.pompey.client.post(path(g.id), { text: 'secret plans' });

  const lobby = (await watcher.client.get('/v1/games?status=active')).body.items.find((x: any) => x.id === g.id);
  t.ok(lobby, 'the watcher sees the public game in the lobby');
  t.notOk('unreadMessages' in lobby, 'with no count of its messages');
  t.notOk('unreadMessages' in (await watcher.client.get(`/v1/games/${g.id}`)).body, 'nor on the game');
  t.ok('unreadMessages' in (await g.caesar.client.get('/v1/games?status=active')).body.items.find((x: any) => x.id === g.id), "a player's own game in the lobby's list has its count");
  const refused = await watcher.client.post(read(g.id), { through: 1 });
  t.equal(refused.status, 403, 'a watcher marks nothing read');
  t.equal(refused.body.code, 'forbidden');
  t.notMatch(refused.text, /secret plans|unreadMessages/);

  const priv = await startGame(s, { visibility: 'private' });
  await priv.pompey.client.post(path(priv.id), { text: 'private words' });
  for (const [who, u] of [['a stranger', watcher], ['the player of another game', g.caesar]] as const) {
    const r = await u.client.post(read(priv.id), { through: 1 });
    t.equal(r.status, 404, `${who}: a private game is not found`);
    t.notMatch(r.text, /private words|unreadMessages/);
    t.notOk((await u.client.get('/v1/games?mine=true')).body.items.some((x: any) => x.id === priv.id));
  }
  t.equal((await g.caesar.client.post(read('0195f3b0-7c1e-7cc3-9a4e-2d1f4f7a9b10'), { through: 1 })).status, 404);

  // Over and public: watchers read the messages, and still have nothing unread.
  await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  const page = await watcher.client.get(path(g.id));
  t.equal(page.status, 200);
  t.equal(page.body.unreadMessages, null, "a watcher's page of messages has no count");
  t.equal((await watcher.client.post(read(g.id), { through: 1 })).status, 403);

  // A blocked author's messages are hidden from the blocker: not counted either.
  const b = await startGame(s);
  await b.pompey.client.post(path(b.id), { text: 'before the block' });
  t.equal((await mine(b.caesar, b.id)).unreadMessages, 1);
  await b.caesar.client.request('PUT', `/v1/me/blocks/${b.pompey.id}`);
  t.equal((await mine(b.caesar, b.id)).unreadMessages, 0, 'the blocked player\'s message is not counted for the blocker');
  t.equal((await b.caesar.client.get(`${path(b.id)}?markRead=false`)).body.unreadMessages, 0);
});

t.test('live on my own stream: a message for the other players (not its author, not watchers), and my reading for my other pages', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  const data = (e: { data?: string }) => JSON.parse(e.data!);
  const streams = await Promise.all([g.caesar, g.pompey, watcher].map((u) => openStream(s.base, '/v1/me/events', { token: u.token })));
  const [caesar, pompey, spy] = streams;
  for (const x of streams) await x.waitFor(1, WAIT_MS);

  const sent = (await g.pompey.client.post(path(g.id), { text: 'Ave.' })).body;
  const told = await caesar!.waitFor(2, WAIT_MS);
  t.same(told[1], { event: 'message', data: JSON.stringify({ id: g.id, seq: sent.seq }) }, 'the other player hears of the message: the game and its number only');
  t.notMatch(caesar!.raw(), /Ave/, 'never its text');
  await g.caesar.client.get(path(g.id));
  const readEvent = (await caesar!.waitFor(3, WAIT_MS))[2]!;
  t.same([readEvent.event, data(readEvent)], ['messagesRead', { id: g.id, seq: sent.seq }], "Caesar's reading, for his other pages");

  // Pompey's stream: nothing of his own message nor of Caesar's reading; then Caesar's answer.
  const answer = (await g.caesar.client.post(path(g.id), { text: 'Vale.' })).body;
  const theirs = await pompey!.waitFor(2, WAIT_MS);
  t.same(theirs.slice(1).map((e) => [e.event, data(e)]), [['message', { id: g.id, seq: answer.seq }]], "only the other's message");
  await g.pompey.client.post(read(g.id), { through: answer.seq });
  t.same((await pompey!.waitFor(3, WAIT_MS))[2]!.event, 'messagesRead');
  t.same(spy!.events.map((e) => e.event), ['ready'], 'a watcher hears nothing of either');
  for (const x of streams) await x.close();
});
