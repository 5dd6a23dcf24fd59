// GET /v1/games/{id} with ETag and If-None-Match: an unchanged game is a 304 with no body; the
// tag is per caller and changes whenever that caller's answer would (a move, a new name).
import t from 'tap';
import { apiServer, look, startGame } from '../helpers/api.js';

t.test('ETag + If-None-Match: 304 while the game is unchanged for me, 200 with a new tag once it changes', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const get = (u = g.caesar, tag?: string) => u.client.get(`/v1/games/${g.id}`, tag === undefined ? {} : { headers: { 'if-none-match': tag } });

  const first = await get();
  t.equal(first.status, 200);
  const tag = first.headers.get('etag')!;
  t.match(tag, /^"[A-Za-z0-9_-]+"$/, 'a strong, opaque tag');
  t.equal(first.headers.get('cache-control'), 'private, no-cache');

  const again = await get(g.caesar, tag);
  t.equal(again.status, 304, 'unchanged: not modified');
  t.equal(again.text, '', 'no body');
  t.equal(again.headers.get('etag'), tag);
  t.equal((await get(g.caesar, `W/${tag}`)).status, 304, 'a weak copy of the tag matches too');
  t.equal((await get(g.caesar, `"other", ${tag}`)).status, 304, 'one of a list');
  t.equal((await get(g.caesar, '"other"')).status, 200, 'another tag: the game');

  // Per caller: Pompey's answer differs (role, view, legal actions), so does his tag.
  const theirs = await get(g.pompey);
  t.not(theirs.headers.get('etag'), tag);
  t.equal((await get(g.pompey, tag)).status, 200, "Caesar's tag is no good for Pompey");

  // A move changes the game: the old tag no longer matches, for either player.
  const mine = await look(g.caesar, g.id);
  const player = mine.legalActions.length ? g.caesar : g.pompey;
  const game = await look(player, g.id);
  const moved = await player.client.post(`/v1/games/${g.id}/actions`, { action: game.legalActions[0], version: game.version });
  t.equal(moved.status, 200);
  const after = await get(g.caesar, tag);
  t.equal(after.status, 200, 'after a move: the game again');
  t.not(after.headers.get('etag'), tag);
  t.equal(after.body.version, game.version + 1);

  // Something shown that is no change to the game (a player's new name) changes the tag too.
  const before = after.headers.get('etag')!;
  t.equal((await g.pompey.client.patch('/v1/me', { name: 'Magnus' })).status, 200);
  const renamed = await get(g.caesar, before);
  t.equal(renamed.status, 200, "the opponent's new name is news");
  t.equal(renamed.body.players.find((p: any) => p.role === 'Pompey').user.name, 'Magnus');
});

t.test('ETag: a watcher of a public game and a stranger to a private one', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const watcher = await s.signUp('Watcher');
  const seen = await watcher.client.get(`/v1/games/${g.id}`);
  t.equal(seen.status, 200);
  t.equal(seen.body.role, null);
  t.equal((await watcher.client.get(`/v1/games/${g.id}`, { headers: { 'if-none-match': seen.headers.get('etag')! } })).status, 304);

  const p = await startGame(s, { visibility: 'private' });
  const stranger = await s.signUp('Stranger');
  const res = await stranger.client.get(`/v1/games/${p.id}`, { headers: { 'if-none-match': '*' } });
  t.equal(res.status, 404, 'no game, no tag, whatever is sent');
  t.equal(res.headers.get('etag'), null);
});
