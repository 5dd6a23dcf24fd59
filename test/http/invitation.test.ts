// An invite link opened signed out: GET /v1/games/{id}/invitation names the game, who invites and
// the side offered, to whoever holds the link's code, and to nobody else (the same 404 as for no
// game: a wrong code, a public game, a game already started).
import t from 'tap';
import { apiServer } from '../helpers/api.js';

t.test('an invite link says who invites to what, signed out; without its code nothing', async (t) => {
  const s = await apiServer(t);
  const a = await s.signUp('Labienus');
  const created = await a.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman', visibility: 'private' });
  t.equal(created.status, 201);
  const { id, invite } = created.body;
  const seen = await s.anon.get(`/v1/games/${id}/invitation?code=${encodeURIComponent(invite.code)}`);
  t.equal(seen.status, 200, 'no token needed');
  t.same(seen.body, { id, number: created.body.number, game: 'caesars-gallic-war', title: "Caesar's Gallic War", invitedBy: 'Labienus', role: 'Barbarian', daysPerMove: created.body.daysPerMove });
  t.notOk(JSON.stringify(seen.body).includes(a.email), 'never the inviter’s address');

  const wrong = await s.anon.get(`/v1/games/${id}/invitation?code=${encodeURIComponent(invite.code.replace(/.$/, (c: string) => (c === 'a' ? 'b' : 'a')))}`);
  const none = await s.anon.get(`/v1/games/0195f3b0-7c1e-7cc3-9a4e-2d1f4f7a9b10/invitation?code=${encodeURIComponent(invite.code)}`);
  t.equal(wrong.status, 404, 'a wrong code: 404');
  const gist = (b: any) => ({ code: b.code, title: b.title, detail: b.detail });
  t.same(gist(wrong.body), gist(none.body), 'the same answer as for no game at all');
  t.equal((await s.anon.get(`/v1/games/${id}/invitation`)).status, 400, 'no code: 400');

  const pub = await a.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar', visibility: 'public' });
  t.equal((await s.anon.get(`/v1/games/${pub.body.id}/invitation?code=x`)).status, 404, 'a public game has no invitation');

  const b = await s.signUp('Ambiorix');
  t.equal((await b.client.post(`/v1/games/${id}/join`, { inviteCode: invite.code })).status, 200);
  t.equal((await s.anon.get(`/v1/games/${id}/invitation?code=${encodeURIComponent(invite.code)}`)).status, 404, 'once the game started, the link says nothing more');
});
