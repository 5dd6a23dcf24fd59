// A player's export and deletion cover what issue 42 added: API tokens (their names and scopes,
// never the token), webhooks (never the signing secret) and challenges both ways.
import t from 'tap';
import { apiServer } from '../helpers/api.js';

t.test('exported without secrets, deleted with the account', async (t) => {
  const s = await apiServer(t, { config: { webhooksAllowPrivate: true } });
  const marcus = await s.signUp('Marcus');
  const gnaeus = await s.signUp('Gnaeus');
  const token = (await marcus.client.post('/v1/me/api-tokens', { name: 'my bot', scopes: ['read', 'play'] })).body;
  const hook = (await marcus.client.post('/v1/me/webhooks', { url: 'http://127.0.0.1:9/hook', format: 'json', events: ['challenge'] })).body;
  const mine = (await marcus.client.post('/v1/challenges', { opponent: 'Gnaeus', game: 'julius-caesar' })).body;
  const theirs = (await gnaeus.client.post('/v1/challenges', { opponent: 'Marcus', game: 'caesars-gallic-war' })).body;

  const res = await marcus.client.get('/v1/me/export');
  t.equal(res.status, 200);
  const data = res.body;
  t.match(data.apiTokens, [{ id: token.id, name: 'my bot', scopes: ['read', 'play'] }]);
  t.match(data.webhooks, [{ webhook: { id: hook.id, format: 'json', events: ['challenge'] }, deliveries: [{ event: 'challenge', status: 'pending' }] }]);
  t.same(data.challenges.map((c: any) => [c.id, c.direction]), [[theirs.id, 'in'], [mine.id, 'out']]);
  t.notOk(res.text.includes(token.token), 'never the token');
  t.notOk(res.text.includes(hook.secret), 'never the signing secret');

  t.equal((await marcus.client.post('/v1/me/deletion', { password: 'correct horse battery' })).status, 204);
  for (const table of ['apiToken', 'webhook', 'webhookDelivery', 'challenge'] as const) t.equal(await (s.db.prisma[table] as any).count(), 0, `${table}: none left`);
  t.same((await gnaeus.client.get('/v1/challenges')).body.items, [], "the other player's list no longer holds them");
});
