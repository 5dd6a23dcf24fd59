// One-click unsubscribe (RFC 8058): the signed link of every email. GET shows a page and changes
// nothing; POST (as mail clients send it, or the page's button) turns the user's emails off;
// a forged or malformed token is a 400.
import t from 'tap';
import { unsubscribeToken } from '../../src/app/notify/unsubscribe.js';
import { act, apiServer, look, startGame } from '../helpers/api.js';
import { header, mailHarness, to } from '../helpers/mail.js';

const SECRET = 'test-secret-test-secret-test-secret!';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

t.test('GET shows a page with a button and changes nothing', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const token = unsubscribeToken(SECRET, u.id);
  const res = await s.anon.get(`/v1/unsubscribe?token=${token}`);
  t.equal(res.status, 200);
  t.match(res.headers.get('content-type'), /^text\/html/);
  t.match(res.text, /<form method="post" action="\?token=[^"]+">/);
  t.match(res.text, /<input type="hidden" name="List-Unsubscribe" value="One-Click">/);
  t.equal(res.headers.get('cache-control'), 'no-store');
  t.equal(res.headers.get('referrer-policy'), 'no-referrer', 'the token in the URL goes nowhere else');
  t.match(res.headers.get('content-security-policy'), /default-src 'none'/);
  t.match((await u.client.get('/v1/me')).body, { notifications: { email: 'all' } }, 'still subscribed');
});

t.test('POST, as mail clients send it: the user gets no more email', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const other = await s.signUp('Gnaeus');
  const token = unsubscribeToken(SECRET, u.id);
  const res = await s.anon.post(`/v1/unsubscribe?token=${token}`, undefined, { raw: 'List-Unsubscribe=One-Click', headers: FORM });
  t.equal(res.status, 200);
  t.match(res.text, /no more emails/);
  t.match((await u.client.get('/v1/me')).body, { notifications: { email: 'none' } });
  t.match((await other.client.get('/v1/me')).body, { notifications: { email: 'all' } }, 'nobody else');
  t.equal((await s.anon.post(`/v1/unsubscribe?token=${token}`, undefined, { raw: 'List-Unsubscribe=One-Click', headers: FORM })).status, 200, 'again: still fine');
  const boundary = 'xyz';
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
  const second = unsubscribeToken(SECRET, other.id);
  t.equal((await s.anon.post(`/v1/unsubscribe?token=${second}`, undefined, { raw: multipart, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })).status, 200, 'multipart/form-data too');
  t.match((await other.client.get('/v1/me')).body, { notifications: { email: 'none' } });
  t.equal((await u.client.patch('/v1/me', { notifications: { email: 'moves' } })).status, 200, 'and back on with PATCH /v1/me');
});

t.test('a forged, malformed or missing token is a 400; form bodies are refused on other routes', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const good = unsubscribeToken(SECRET, u.id);
  const [id64] = good.split('.');
  for (const token of [
    `${id64}.AAAA`,
    unsubscribeToken('another-secret-another-secret-xxxx', u.id),
    `${Buffer.from('01900000-0000-7000-8000-000000000000').toString('base64url')}.${good.split('.')[1]}`,
    'nonsense',
    '.',
    `${id64}.`,
  ]) {
    for (const method of ['GET', 'POST']) {
      const res = await s.anon.request(method, `/v1/unsubscribe?token=${encodeURIComponent(token)}`, method === 'POST' ? { raw: 'List-Unsubscribe=One-Click', headers: FORM } : {});
      t.match(res, { status: 400, body: { code: 'bad_request', errors: [{ in: 'query', path: '/token' }] } }, `${method} ${token}`);
    }
  }
  t.match(await s.anon.post('/v1/unsubscribe', undefined, { raw: 'List-Unsubscribe=One-Click', headers: FORM }), { status: 400, body: { errors: [{ path: '/token' }] } });
  t.match((await u.client.get('/v1/me')).body, { notifications: { email: 'all' } }, 'nothing changed');
  t.match(await u.client.post('/v1/games', undefined, { raw: 'game=julius-caesar&role=Caesar', headers: FORM }), { status: 415 });
});

t.test("an email's List-Unsubscribe link works as it is, and stops the emails", async (t) => {
  const s = await apiServer(t, { config: {} });
  const mail = await mailHarness(t, s);
  const g = await startGame(s);
  const [m] = await mail.deliver();
  const url = /^<(.*)>$/.exec(header(to(t, [m!], g.caesar.email), 'List-Unsubscribe')!)![1]!;
  t.match(url, /^http:\/\/alea\.test\/v1\/unsubscribe\?token=/);
  const res = await s.anon.post(url.replace('http://alea.test', ''), undefined, { raw: header(m!, 'List-Unsubscribe-Post')!, headers: FORM });
  t.equal(res.status, 200);
  await act(g.pompey, g.id, (await look(g.pompey, g.id)).legalActions[0]);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  t.same((await mail.deliver()).map((x) => x.to[0]), [g.pompey.email], 'Caesar gets nothing more; Pompey still does');
});

t.test('RFC 8058: a POST without the List-Unsubscribe=One-Click body is a 400 and unsubscribes nobody', async (t) => {
  const s = await apiServer(t);
  const u = await s.signUp('Marcus');
  const token = unsubscribeToken(SECRET, u.id);
  const boundary = 'xyz';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--${boundary}--\r\n`;
  const MULTIPART = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  for (const [what, o] of [
    ['no body', {}],
    ['an empty form', { raw: '', headers: FORM }],
    ['another value', { raw: 'List-Unsubscribe=Yes', headers: FORM }],
    ['another field', { raw: 'unsubscribe=One-Click', headers: FORM }],
    ['a multipart form without it', { raw: part('other', 'One-Click'), headers: MULTIPART }],
    ['a multipart form with another value', { raw: part('List-Unsubscribe', 'No'), headers: MULTIPART }],
  ] as const) {
    const res = await s.anon.request('POST', `/v1/unsubscribe?token=${token}`, o);
    t.equal(res.status, 400, what);
    t.match(res.body, { code: 'bad_request', errors: [{ in: 'body' }] }, what);
  }
  t.match((await u.client.get('/v1/me')).body, { notifications: { email: 'all' } }, 'still subscribed');
  const ok = await s.anon.post(`/v1/unsubscribe?token=${token}`, undefined, { raw: 'List-Unsubscribe=One-Click', headers: FORM });
  t.equal(ok.status, 200, 'the body RFC 8058 requires');
  t.match((await u.client.get('/v1/me')).body, { notifications: { email: 'none' } });
});
