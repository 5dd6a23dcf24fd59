import { Writable } from 'node:stream';
import t from 'tap';
import { createLogger, maskUrl, redactConnectionStrings, redactUrlPassword } from '../src/logger.js';

t.test('credential-like query parameters are masked in logged URLs', async (t) => {
  t.equal(maskUrl('/games/1/events?token=abc&since=4'), '/games/1/events?token=xxx&since=4');
  t.equal(maskUrl('/x?access_token=a&PASSWORD=b'), '/x?access_token=xxx&PASSWORD=xxx');
  t.equal(maskUrl('/plain?page=2'), '/plain?page=2');
  t.equal(maskUrl('/none'), '/none');
});

t.test('a secret query parameter is masked however it is spelled, as the server parses the query', async (t) => {
  // The server's parser (fast-querystring) decodes keys: each of these is, or contains, a secret name.
  t.equal(maskUrl('/games/1?invite%3Dabcd-efgh'), '/games/1?invite=xxx', 'an encoded = puts the code inside the key');
  t.equal(maskUrl('/games/1?invite[]=abcd-efgh'), '/games/1?invite=xxx', 'an array suffix');
  t.equal(maskUrl('/games/1?invite%5B%5D=abcd'), '/games/1?invite=xxx', 'an encoded array suffix');
  t.equal(maskUrl('/games/1?%69nvite=abcd&page=2'), '/games/1?invite=xxx&page=2', 'an encoded letter');
  t.equal(maskUrl('/x?Access_Token=a&access%5Ftoken=b&a=1&&b'), '/x?Access_Token=xxx&access_token=xxx&a=1&&b', 'others stay as they were');
  t.equal(maskUrl('/x#token=abc'), '/x#token=xxx', 'after a # too (the router splits the query there)');
  t.equal(maskUrl('/x?tokens=1&my_key=2&keyboard=3'), '/x?tokens=1&my_key=2&keyboard=3', 'names that only contain a secret name are not secrets');
  t.equal(maskUrl('/x?token=%E0%A4%A&q=%'), '/x?token=xxx&q=%', 'malformed escapes do not throw');
});

t.test('passwords in connection URLs are replaced', async (t) => {
  t.equal(redactUrlPassword('postgres://alea:s3cret@127.0.0.1:5432/alea'), 'postgres://alea:xxx@127.0.0.1:5432/alea');
  t.equal(redactUrlPassword('postgres://127.0.0.1/alea'), 'postgres://127.0.0.1/alea');
  t.equal(redactUrlPassword('::not a url::'), '[redacted]');
});

t.test('secret fields are redacted from any log line', async (t) => {
  let out = '';
  const logger = createLogger('info', new Writable({ write: (c, _e, done) => ((out += c), done()) }));
  logger.info({ password: 'p1', user: { passwordHash: 'h1', email: 'a@b' }, config: { jwtSecret: 'j1', databaseUrl: 'postgres://u:p2@h/d' } }, 'hello');
  t.notMatch(out, /p1|h1|j1|p2/);
  t.match(JSON.parse(out), { msg: 'hello', password: '[redacted]', user: { passwordHash: '[redacted]', email: 'a@b' }, service: 'alea' });
});

t.test('issue 9: connection strings are redacted wherever they appear in a line (messages, error fields, nested objects)', async (t) => {
  let out = '';
  const logger = createLogger('info', new Writable({ write: (c, _e, done) => ((out += c), done()) }));
  const err = Object.assign(new Error('cannot reach postgres://alea:hunter2@127.0.0.1:5432/alea'), { lock: { pid: 1, url: 'postgresql://alea:s%2Fcr3t@h/d' } });
  logger.fatal({ err, elsewhere: { deep: { dsn: 'smtps://mailer:pa55word@smtp.example.org:465' } } }, 'could not start: postgres://u:topsecret@db/x');
  t.notMatch(out, /hunter2|s%2Fcr3t|pa55word|topsecret/);
  t.match(out, /postgres:\/\/alea:xxx@127\.0\.0\.1:5432\/alea/);
  t.equal(redactConnectionStrings('see postgres://a:b@h/d and http://example.org/x@y and mailto:x@y'), 'see postgres://a:xxx@h/d and http://example.org/x@y and mailto:x@y');
});
