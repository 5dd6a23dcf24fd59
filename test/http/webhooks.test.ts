// Outgoing webhooks (issue 42): to a real receiver on this machine (the server allows private
// addresses, as WEBHOOKS_ALLOW_PRIVATE does in development), through the real worker. Signed JSON
// that a receiver checks, refusing replays; Discord and Slack bodies; deliveries through an outage
// without loss or duplicates; given up after a day with the error shown; the test button; no
// redirect followed; and the address checks, which refuse loopback, private, link-local and
// metadata addresses and names that resolve to them, when made and when delivered.
import t from 'tap';
import { fixedClock } from '../../src/app/clock.js';
import { checkedAddress, forbiddenAddress, type Resolver } from '../../src/app/webhooks/addresses.js';
import { openSecret } from '../../src/app/webhooks/secrets.js';
import { sendDelivery } from '../../src/app/webhooks/send.js';
import { createWebhook } from '../../src/app/webhooks/webhooks.js';
import { webhookJob } from '../../src/app/webhooks/deliveries.js';
import { apiServer, act, look, startGame, type ApiServer } from '../helpers/api.js';
import { mailHarness } from '../helpers/mail.js';
import { TEST_TIME } from '../helpers/server.js';
import { refusal, webhookReceiver } from '../helpers/webhook-receiver.js';

const PRIVATE = { config: { webhooksAllowPrivate: true } };
const quiet = { error() {}, warn() {}, info() {} };

/** A started game; Pompey, who must move once Caesar has discarded, has a json webhook for every event. */
async function withHook(s: ApiServer, url: string, body: object = {}) {
  const g = await startGame(s);
  const made = await g.pompey.client.post('/v1/me/webhooks', { url, format: 'json', events: ['yourMove', 'message', 'gameOver', 'challenge'], ...body });
  if (made.status !== 201) throw new Error(`webhook: ${made.status} ${made.text}`);
  return { g, hook: made.body };
}

t.test('json: a move due is delivered, signed; the receiver checks it and refuses a replay', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { ...PRIVATE, clock });
  const mail = await mailHarness(t, s);
  const rx = await webhookReceiver(t);
  const { g, hook } = await withHook(s, rx.url);
  t.match(hook, { format: 'json', events: ['yourMove', 'message', 'gameOver', 'challenge'], secret: /^whsec_[\w-]{43}$/, lastError: null, pending: 0 });
  const stored = await s.db.prisma.webhook.findUniqueOrThrow({ where: { id: hook.id } });
  t.notOk(stored.secretBox!.includes(hook.secret.slice(6)), 'the secret is kept encrypted');
  t.equal(openSecret(stored.secretBox!, s.app.config.jwtSecret), hook.secret, 'and opens with the service secret only');
  t.notOk((await g.pompey.client.get('/v1/me/webhooks')).text.includes(hook.secret), 'never listed');

  // Both discard; the card play makes both pending: Pompey's "your move".
  for (const u of [g.caesar, g.pompey]) {
    const mine = await look(u, g.id);
    await act(u, g.id, mine.legalActions.find((a: any) => a.type === 'discard'), mine.version);
  }
  await mail.deliver();
  const moves = rx.received.filter((r) => r.json?.type === 'yourMove');
  t.equal(moves.length, 1, 'one yourMove');
  const r = moves[0]!;
  t.equal(refusal(r, hook.secret, clock.now()), null, 'the signature checks');
  t.match(r.json, { id: r.headers['x-alea-event-id'], type: 'yourMove', createdAt: TEST_TIME, data: { subject: /^Your move: Julius Caesar #\d+/, url: `http://alea.test/games/${g.id}`, game: { id: g.id, role: 'Pompey' } } });
  t.match(r.headers, { 'content-type': 'application/json', 'x-alea-event': 'yourMove', 'user-agent': /^Alea-Webhooks\/1/ });
  t.notOk(/unsubscribe|Hello/.test(r.body), 'the brief: no greeting, no unsubscribe link');
  t.equal(refusal({ ...r, body: r.body.replace('yourMove', 'gameOver') }, hook.secret, clock.now()), 'bad signature', 'a changed body fails');
  clock.advance(10 * 60_000);
  t.equal(refusal(r, hook.secret, clock.now()), 'too old: a replay', 'a replay ten minutes later is refused');
  t.match((await g.pompey.client.get('/v1/me/webhooks')).body.items[0], { lastDeliveryAt: TEST_TIME, pending: 0, lastError: null });

  // A message from Caesar: Pompey's `message` webhook says it.
  await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: 'Alea iacta est.' });
  await mail.deliver();
  const msg = rx.received.find((x) => x.json?.type === 'message')!;
  t.match(msg.json.data, { subject: /^Marcus wrote a message in Julius Caesar/, text: /Alea iacta est\./ });

  // Resigning ends it: gameOver.
  await g.caesar.client.post(`/v1/games/${g.id}/resign`, {});
  await mail.deliver();
  t.ok(rx.received.some((x) => x.json?.type === 'gameOver'), 'gameOver');
  t.ok(rx.received.every((x) => refusal(x, hook.secret, clock.now()) !== 'bad signature'), 'every delivery is signed');
});

t.test('an outage: retried with backoff until it answers, each event delivered once, ids kept', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { ...PRIVATE, clock });
  const mail = await mailHarness(t, s);
  const rx = await webhookReceiver(t);
  const { g, hook } = await withHook(s, rx.url);
  let down = true;
  rx.answer = () => (down ? { status: 503, body: 'down for maintenance' } : { status: 200 });
  for (let i = 0; i < 3; i++) await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: `message ${i}` });
  await mail.deliver();
  t.equal(rx.received.length, 3, 'each tried once');
  const ids = new Set(rx.received.map((r) => r.json.id));
  t.equal(ids.size, 3);
  // Retries come on their time: 30 s, then 60 s, ... (the worker does nothing before).
  await mail.deliver();
  t.equal(rx.received.length, 3, 'nothing before the backoff');
  for (const wait of [30, 60, 120]) {
    clock.advance(wait * 1000);
    await mail.deliver();
  }
  t.equal(rx.received.length, 12, 'retried three more times each');
  const waiting = (await g.pompey.client.get('/v1/me/webhooks')).body.items[0];
  t.match(waiting, { pending: 3, lastError: null }, 'still pending; no error shown before giving up');
  down = false;
  clock.advance(240_000);
  await mail.deliver();
  const delivered = rx.received.slice(12);
  t.equal(delivered.length, 3, 'delivered once the receiver is back');
  t.same(new Set(delivered.map((r) => r.json.id)), ids, 'the same events, by id: none lost, none twice');
  for (const r of delivered) t.equal(refusal(r, hook.secret, clock.now()), null, 'signed at the time of sending');
  clock.advance(3600_000);
  await mail.deliver();
  t.equal(rx.received.length, 15, 'nothing more');
  t.same(await s.db.prisma.webhookDelivery.groupBy({ by: ['status'], _count: true }).then((x) => x.map((y) => [y.status, y._count])), [['sent', 3]]);
});

t.test('a worker that dies after sending: the lease ends, it is sent again with the same id (the receiver drops it)', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { ...PRIVATE, clock });
  const rx = await webhookReceiver(t);
  const { g } = await withHook(s, rx.url);
  await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: 'once' });
  const config = { ...s.app.config, webhooksAllowPrivate: true };
  const dying = webhookJob({ prisma: s.db.prisma, clock, config, log: quiet, afterSend: () => Promise.reject(new Error('killed')) });
  t.equal(await dying.runOnce(), 1);
  const healthy = webhookJob({ prisma: s.db.prisma, clock, config, log: quiet });
  t.equal(await healthy.runOnce(), 0, 'claimed: nobody else sends it meanwhile');
  clock.advance(2 * 60_000);
  t.equal(await healthy.runOnce(), 1, 'the lease ended: sent again');
  t.equal(rx.received.length, 2);
  t.equal(rx.received[0]!.json.id, rx.received[1]!.json.id, 'with the same event id');
  t.equal(await healthy.runOnce(), 0, 'and done');
});

t.test('given up after a day, with the error shown in the list', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { ...PRIVATE, clock });
  const mail = await mailHarness(t, s);
  const rx = await webhookReceiver(t);
  rx.answer = () => ({ status: 500, body: 'Internal\u0007 Server Error' });
  const { g } = await withHook(s, rx.url);
  await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: 'hello' });
  for (let hour = 0; hour <= 25; hour++) {
    await mail.deliver();
    clock.advance(3600_000);
  }
  const tries = rx.received.length;
  t.ok(tries > 5 && tries < 40, `${tries} tries in a day`);
  const listed = (await g.pompey.client.get('/v1/me/webhooks')).body.items[0];
  t.match(listed, { pending: 0, lastError: 'HTTP 500: Internal Server Error', lastErrorAt: /^2026-01-02/ });
  t.equal((await s.db.prisma.webhookDelivery.findFirstOrThrow()).status, 'failed');
});

t.test('Discord and Slack bodies; the test button; a redirect is not followed; a silent receiver times out', async (t) => {
  const s = await apiServer(t, PRIVATE);
  const u = await s.signUp('Marcus');
  const rx = await webhookReceiver(t);
  const discord = (await u.client.post('/v1/me/webhooks', { url: rx.url, format: 'discord', events: ['yourMove'] })).body;
  t.equal(discord.secret, null, 'no secret: the URL is the secret');
  const tried = await u.client.post(`/v1/me/webhooks/${discord.id}/test`);
  t.match(tried.body, { delivered: true, status: 204, error: null });
  t.match(rx.received[0]!.json, { username: 'Alea', content: /^\*\*A test from Alea\*\*\n/, allowed_mentions: { parse: [] } });
  const again = await u.client.post(`/v1/me/webhooks/${discord.id}/test`);
  t.equal(again.status, 429, 'once a minute');
  t.ok(Number(again.headers.get('retry-after')) > 0);

  const slack = (await u.client.post('/v1/me/webhooks', { url: `${rx.url}?x=1`, format: 'slack', events: ['challenge'] })).body;
  await u.client.post(`/v1/me/webhooks/${slack.id}/test`);
  t.match(rx.received[1]!.json, { text: /^\*A test from Alea\*\n.*\n<http:\/\/alea\.test\/settings\|Open on Alea>$/s });

  rx.answer = () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
  const json = (await u.client.post('/v1/me/webhooks', { url: rx.url, format: 'json', events: ['gameOver'] })).body;
  const redirected = await u.client.post(`/v1/me/webhooks/${json.id}/test`);
  t.match(redirected.body, { delivered: false, status: 302, error: /redirect .* not follow/ });
  t.equal(rx.received.length, 3, 'and nothing went to where it pointed');
  t.equal((await u.client.get('/v1/me/webhooks')).body.items.length, 3);
  t.equal((await u.client.delete(`/v1/me/webhooks/${json.id}`)).status, 204);
  t.equal((await u.client.delete(`/v1/me/webhooks/${json.id}`)).status, 404);
  t.equal((await u.client.get('/v1/me/webhooks')).body.items.length, 2);
});

t.test('a receiver that never answers: the delivery gives up after the timeout', async (t) => {
  const s = await apiServer(t, PRIVATE);
  const rx = await webhookReceiver(t);
  rx.answer = () => 'hang';
  const u = await s.signUp('Marcus');
  const { sendDelivery } = await import('../../src/app/webhooks/send.js');
  const r = await sendDelivery({ url: rx.url, format: 'json', secret: null }, { id: 'x', type: 'test', createdAt: TEST_TIME, data: { subject: 's', text: 't', url: 'u' } }, { allowPrivate: true, timeoutMs: 300, now: new Date(), userAgent: 'test' });
  t.match(r, { delivered: false, status: null, error: 'no answer within 0.3 s' });
  t.ok(r.ms >= 280 && r.ms < 3000, `${r.ms} ms`);
  t.ok(u);
});

t.test('the address checks: loopback, private, link-local and metadata refused, names that resolve to them too', async (t) => {
  for (const a of ['127.0.0.1', '127.1.2.3', '::1', '10.0.0.1', '10.255.255.255', '169.254.169.254', '172.16.5.4', '192.168.0.1', '100.64.0.1', 'fd00:ec2::254', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '0.0.0.0', '::', '224.0.0.1']) {
    t.ok(forbiddenAddress(a), `${a}: ${forbiddenAddress(a)}`);
  }
  for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) t.equal(forbiddenAddress(a), null, `${a} is public`);

  const names: Record<string, string[]> = { 'rebind.example': ['93.184.215.14', '10.0.0.7'], 'meta.example': ['169.254.169.254'], 'v6.example': ['::1'], 'ok.example': ['93.184.215.14'] };
  const resolve: Resolver = async (host) => (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  await t.rejects(checkedAddress('rebind.example', { allowPrivate: false, resolve }), /rebind\.example resolves to 10\.0\.0\.7: a private address/, 'one bad address of several is enough');
  await t.rejects(checkedAddress('meta.example', { allowPrivate: false, resolve }), /169\.254\.169\.254/);
  await t.rejects(checkedAddress('v6.example', { allowPrivate: false, resolve }), /::1: a loopback address/);
  await t.rejects(checkedAddress('localhost', { allowPrivate: false }), /localhost resolves to .*loopback/, 'the real resolver: localhost');
  t.same(await checkedAddress('ok.example', { allowPrivate: false, resolve }), { address: '93.184.215.14', family: 4 });
  t.same(await checkedAddress('localhost', { allowPrivate: true }), { address: '127.0.0.1', family: 4 }, 'allowed by the setting');

  // Through the API, with the setting off (as in production).
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  for (const url of ['http://127.0.0.1:9/hook', 'http://[::1]/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest/meta-data/', 'https://localhost/x', 'http://[::ffff:169.254.169.254]/']) {
    const res = await u.client.post('/v1/me/webhooks', { url, format: 'json', events: ['yourMove'] });
    t.equal(res.status, 400, url);
    t.match(res.body, { code: 'validation_failed', errors: [{ path: '/url' }], detail: /Alea does not deliver there/ }, url);
  }
  for (const url of ['ftp://example.org/x', 'http://user:pw@example.org/x', 'not a url']) {
    t.equal((await u.client.post('/v1/me/webhooks', { url, format: 'json', events: ['yourMove'] })).status, 400, url);
  }
  t.equal(await s.db.prisma.webhook.count(), 0, 'none made');

  // A name that resolved to a public address when made, and to a private one when delivered.
  names['ok.example'] = ['93.184.215.14'];
  const made = await createWebhook(s.app.services, u.id, { url: 'http://ok.example/hook', format: 'json', events: ['message', 'yourMove'] }, { resolve });
  names['ok.example'] = ['127.0.0.1'];
  const g = await startGame(s);
  await s.db.prisma.webhook.update({ where: { id: made.id }, data: { userId: g.pompey.id } });
  await g.caesar.client.post(`/v1/games/${g.id}/messages`, { text: 'to a rebound name' });
  const results: string[] = [];
  const job = webhookJob({ prisma: s.db.prisma, clock: s.clock, config: s.app.config, log: quiet, options: { resolve }, afterSend: (_d, r) => void results.push(r.error ?? 'delivered') });
  t.equal(await job.runOnce(), 1);
  t.match(results, [/ok\.example resolves to 127\.0\.0\.1: a loopback address/], 'checked again at delivery: refused');
});

t.test('the connection goes to the address checked: a name that resolves elsewhere a moment later (DNS rebinding) is not looked up again', async (t) => {
  const rx = await webhookReceiver(t);
  const port = new URL(rx.url).port;
  // First answer: the receiver's own address (allowed here, as in development); any later one: a private address elsewhere.
  const asked: string[] = [];
  const rebinding: Resolver = async (host) => {
    asked.push(host);
    return [{ address: asked.length === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
  };
  const event = { id: 'e1', type: 'test', createdAt: TEST_TIME, data: { subject: 'pinned', text: 'pinned', url: 'http://alea.test/' } };
  const sent = await sendDelivery({ url: `http://rebind.example:${port}/hook`, format: 'json', secret: 'whsec_x' }, event as never, { allowPrivate: true, resolve: rebinding, now: new Date(TEST_TIME), userAgent: 'test', timeoutMs: 3000 });
  t.match(sent, { delivered: true, status: 204 }, 'delivered to the address that was checked');
  t.same(asked, ['rebind.example'], 'the name was resolved once, by the check');
  t.equal(rx.received.length, 1);
  t.equal(rx.received[0]!.headers.host, `rebind.example:${port}`, 'still addressed by its name');
  // Refused outright without the setting, before any connection.
  asked.length = 0;
  const refused = await sendDelivery({ url: `http://rebind.example:${port}/hook`, format: 'json', secret: 'whsec_x' }, event as never, { allowPrivate: false, resolve: rebinding, now: new Date(TEST_TIME), userAgent: 'test', timeoutMs: 3000 });
  t.match(refused, { delivered: false, status: null, error: /rebind\.example resolves to 127\.0\.0\.1: a loopback address/ });
  t.equal(rx.received.length, 1, 'nothing sent');
});

t.test('at most 5 per account; only the `account` scope', async (t) => {
  const s = await apiServer(t, PRIVATE);
  const u = await s.signUp('Marcus');
  for (let i = 0; i < 5; i++) t.equal((await u.client.post('/v1/me/webhooks', { url: `http://127.0.0.1:9/${i}`, format: 'slack', events: ['yourMove'] })).status, 201);
  t.match((await u.client.post('/v1/me/webhooks', { url: 'http://127.0.0.1:9/6', format: 'slack', events: ['yourMove'] })).body, { code: 'conflict', limit: 5 });
  const token = (await u.client.post('/v1/me/api-tokens', { name: 'x', scopes: ['read', 'play', 'messages'] })).body.token;
  t.match((await s.anon.withToken(token).get('/v1/me/webhooks')).body, { code: 'insufficient_scope', scope: 'account' });
});
