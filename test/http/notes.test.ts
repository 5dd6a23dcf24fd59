// A player's private notepad for a game (GET/PUT /v1/games/{id}/notes): read and written by that
// player only; the other player, watchers and strangers never see a word of it, even once the
// game is over; size and character limits.
import t from 'tap';
import { apiServer, startGame } from '../helpers/api.js';
import { TEST_TIME } from '../helpers/server.js';

const path = (id: string) => `/v1/games/${id}/notes`;

t.test("each player's notes are their own; nobody else reads them, ever", async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Cicero');
  t.same((await g.caesar.client.get(path(g.id))).body, { text: '', updatedAt: null }, 'nothing yet');
  const secret = 'Pompey in Capua: strength 3 or more.\n\tLegio VII lost a step.';
  const saved = await g.caesar.client.request('PUT', path(g.id), { body: { text: secret } });
  t.equal(saved.status, 200);
  t.same(saved.body, { text: secret, updatedAt: TEST_TIME });
  t.same((await g.caesar.client.get(path(g.id))).body, { text: secret, updatedAt: TEST_TIME });

  const theirs = await g.pompey.client.get(path(g.id));
  t.same(theirs.body, { text: '', updatedAt: null }, "Pompey reads his own (empty) notes, not Caesar's");
  await g.pompey.client.request('PUT', path(g.id), { body: { text: 'his' } });
  t.equal((await g.caesar.client.get(path(g.id))).body.text, secret, 'a save by the other player changes nothing of mine');

  const w = await watcher.client.get(path(g.id));
  t.equal(w.status, 403, 'a watcher keeps no notes');
  t.notMatch(w.text, /Capua/);
  t.equal((await watcher.client.request('PUT', path(g.id), { body: { text: 'x' } })).status, 403);
  t.equal((await s.anon.get(path(g.id))).status, 401);
  // Nothing else shows them: the game, its log, the lists, the messages.
  for (const u of [g.pompey, watcher]) {
    for (const p of [`/v1/games/${g.id}`, `/v1/games/${g.id}/log`, '/v1/games?status=active', `/v1/games/${g.id}/messages`]) {
      t.notMatch((await u.client.get(p)).text, /Capua|Legio VII lost/, `${u.name}: ${p}`);
    }
  }
  await g.pompey.client.post(`/v1/games/${g.id}/resign`, {});
  t.equal((await watcher.client.get(path(g.id))).status, 403, 'still nobody else once the game is over');
  t.same((await g.pompey.client.get(path(g.id))).body.text, 'his');
  t.equal((await g.caesar.client.get(path(g.id))).body.text, secret, 'and the player keeps them');

  const priv = await startGame(s, { visibility: 'private' });
  await priv.caesar.client.request('PUT', path(priv.id), { body: { text: 'private notes' } });
  const stranger = await g.caesar.client.get(path(priv.id));
  t.equal(stranger.status, 404, "another player's private game: not found");
  t.notMatch(stranger.text, /private notes/);
});

t.test('limits: 20,000 characters, no control characters but line breaks and tabs', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  t.equal((await g.caesar.client.request('PUT', path(g.id), { body: { text: 'é'.repeat(20_000) } })).status, 200, '20,000 characters');
  for (const body of [{ text: 'x'.repeat(20_001) }, { text: 'a\u0000b' }, { text: 'bell\u0007' }, {}, { text: null }, { text: 'x', more: 1 }]) {
    const r = await g.caesar.client.request('PUT', path(g.id), { body });
    t.equal(r.status, 400, `${JSON.stringify(body).slice(0, 30)}: 400`);
    t.equal(r.body.code, 'validation_failed');
  }
  t.equal((await g.caesar.client.get(path(g.id))).body.text.length, 20_000, 'a refused save changes nothing');
  t.equal((await g.caesar.client.request('PUT', path(g.id), { body: { text: '' } })).body.text, '', 'emptied');
});
