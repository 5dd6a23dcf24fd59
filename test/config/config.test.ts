import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config/config.js';

const problems = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env, { cwd: '/srv/alea' });
  } catch (err) {
    if (err instanceof ConfigError) return err;
  }
  throw new Error('expected a ConfigError');
};

// Ed25519 keys as the variables take them: 32 bytes, base64url.
const KEY = Buffer.alloc(32, 7).toString('base64url');
const OLD = Buffer.alloc(32, 8).toString('base64url');
const OLD2 = Buffer.alloc(32, 9).toString('base64url');

t.test('no configuration at all: a development setup on localhost', async (t) => {
  const config = loadConfig({}, { cwd: '/srv/alea' });
  t.match(config, {
    mode: 'development',
    port: 3000,
    host: 'localhost',
    publicUrl: 'http://localhost:3000',
    databaseUrl: undefined,
    jwtSecret: undefined,
    smtpUrl: undefined,
    mailFrom: 'Alea <alea@localhost>',
    logLevel: 'info',
    dataDir: '/srv/alea/.data',
    mailDir: '/srv/alea/.data/mail',
    worker: true,
    corsOrigins: '*',
    recordSigningKey: undefined,
    recordOldKeys: [],
  });
});

t.test('every variable is read', async (t) => {
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://alea:pw@db.example:5432/alea',
      PORT: '8080',
      HOST: '0.0.0.0',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://alea.example/',
      SMTP_URL: 'smtps://user:pw@mail.example:465',
      MAIL_FROM: 'Alea <noreply@alea.example>',
      LOG_LEVEL: 'warn',
      DATA_DIR: '/var/lib/alea',
      WORKER: 'off',
      CORS_ORIGINS: 'https://app.example, http://localhost:5173',
      COMPUTER_THREADS: '3',
      COMPUTER_THREAD_MEMORY_MB: '256',
      RECORD_SIGNING_KEY: `2026-12-01@${KEY}`,
      RECORD_OLD_KEYS: `${OLD}, 2026-01-01T00:00:00Z@${OLD2}`,
      WEBHOOKS_ALLOW_PRIVATE: 'false',
    },
    { cwd: '/srv/alea' },
  );
  t.same(config, {
    mode: 'production',
    port: 8080,
    host: '0.0.0.0',
    publicUrl: 'https://alea.example',
    databaseUrl: 'postgresql://alea:pw@db.example:5432/alea',
    jwtSecret: 'x'.repeat(40),
    smtpUrl: 'smtps://user:pw@mail.example:465',
    mailFrom: 'Alea <noreply@alea.example>',
    logLevel: 'warn',
    dataDir: '/var/lib/alea',
    mailDir: '/var/lib/alea/mail',
    worker: false,
    corsOrigins: ['https://app.example', 'http://localhost:5173'],
    computerThreads: 3,
    computerThreadMemoryMb: 256,
    recordSigningKey: { privateKey: KEY, since: '2026-12-01T00:00:00.000Z' },
    recordOldKeys: [
      { publicKey: OLD, since: null },
      { publicKey: OLD2, since: '2026-01-01T00:00:00.000Z' },
    ],
    webhooksAllowPrivate: false,
  });
});

t.test('WEBHOOKS_ALLOW_PRIVATE: true in development and tests only, refused in production (issue 42)', async (t) => {
  t.equal(loadConfig({}).webhooksAllowPrivate, false, 'off by default');
  t.equal(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate, true);
  t.same(problems({ WEBHOOKS_ALLOW_PRIVATE: 'maybe' }).problems.map((p) => p.variable), ['WEBHOOKS_ALLOW_PRIVATE']);
  const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgresql://a@b/c', JWT_SECRET: 'x'.repeat(40), RECORD_SIGNING_KEY: KEY };
  t.equal(loadConfig({ ...prod, WEBHOOKS_ALLOW_PRIVATE: 'false' }).webhooksAllowPrivate, false);
  t.same(problems({ ...prod, WEBHOOKS_ALLOW_PRIVATE: 'true' }).problems.map((p) => p.variable), ['WEBHOOKS_ALLOW_PRIVATE'], 'refused in production');
});

t.test('RECORD_SIGNING_KEY and RECORD_OLD_KEYS: 32 bytes of base64url (or base64), after an optional date and @ (issue 38)', async (t) => {
  t.same(loadConfig({ RECORD_SIGNING_KEY: KEY }).recordSigningKey, { privateKey: KEY, since: null });
  t.same(loadConfig({ RECORD_SIGNING_KEY: Buffer.from(KEY, 'base64url').toString('base64') }).recordSigningKey, { privateKey: KEY, since: null }, 'base64 with padding');
  for (const bad of ['short', KEY.slice(0, 40), `${KEY}AAAA`, `yesterday@${KEY}`, `${KEY}!`]) {
    const err = problems({ RECORD_SIGNING_KEY: bad });
    t.same(err.problems.map((p) => p.variable), ['RECORD_SIGNING_KEY'], bad);
    t.match(err.message, /RECORD_SIGNING_KEY must be 32 bytes in base64url/);
    t.notOk(err.message.includes(bad), 'the value is never echoed: it is a private key');
  }
  t.match(problems({ RECORD_OLD_KEYS: `${OLD},nope` }).message, /RECORD_OLD_KEYS must be a comma-separated list of public keys/);
  t.same(loadConfig({}).recordOldKeys, [], 'none by default');
});

t.test('empty values count as unset', async (t) => {
  const config = loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' });
  t.equal(config.port, 3000);
  t.equal(config.databaseUrl, undefined);
  t.equal(config.logLevel, 'info');
});

t.test('WORKER turns the in-process worker on or off', async (t) => {
  for (const [value, on] of [['on', true], ['true', true], ['1', true], ['off', false], ['false', false], ['0', false], ['', true]] as const) {
    t.equal(loadConfig({ WORKER: value }).worker, on, `WORKER=${value}`);
  }
});

t.test('CORS_ORIGINS: any origin by default, off, or a list of exact origins', async (t) => {
  t.equal(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, '*');
  t.equal(loadConfig({ CORS_ORIGINS: 'off' }).corsOrigins, false);
  t.same(loadConfig({ CORS_ORIGINS: 'https://a.example:8443' }).corsOrigins, ['https://a.example:8443']);
  for (const bad of ['https://a.example/', 'a.example', 'ftp://a.example', 'https://a.example/app', 'https://a.example,', 'none']) {
    const err = problems({ CORS_ORIGINS: bad });
    t.equal(err.problems[0]?.variable, 'CORS_ORIGINS', bad);
    t.match(err.message, /CORS_ORIGINS must be \*, off, or a comma-separated list of origins/);
  }
});

t.test('production listens on all interfaces by default', async (t) => {
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/alea', JWT_SECRET: 's'.repeat(32), RECORD_SIGNING_KEY: KEY });
  t.equal(config.host, '0.0.0.0');
});

t.test('each bad variable is named, with what it must be', async (t) => {
  const cases: [string, string, RegExp][] = [
    ['PORT', 'abc', /PORT must be an integer from 0 to 65535 \(got "abc"\)/],
    ['PORT', '70000', /PORT must be an integer from 0 to 65535/],
    ['PORT', '80.5', /PORT must be an integer/],
    ['HOST', 'http://x', /HOST must be a host name or an IP address/],
    ['DATABASE_URL', 'mysql://db/alea', /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL must be a postgres/],
    ['JWT_SECRET', 'short', /JWT_SECRET must be at least 32 characters long/],
    ['PUBLIC_URL', 'alea.example', /PUBLIC_URL must be an absolute http:\/\/ or https:\/\/ URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['MAIL_FROM', 'nobody', /MAIL_FROM must be an email address/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    ['WORKER', 'maybe', /WORKER must be on or off \(got "maybe"\)/],
  ];
  for (const [variable, value, message] of cases) {
    const err = problems({ [variable]: value });
    t.match(err.message, message, `${variable}=${value}`);
    t.same(err.problems.map((p) => p.variable), [variable]);
  }
});

t.test('all problems are reported at once', async (t) => {
  const err = problems({ PORT: 'x', LOG_LEVEL: 'loud' });
  t.same(err.problems.map((p) => p.variable).sort(), ['LOG_LEVEL', 'PORT']);
  t.match(err.message, /^Invalid configuration \(see \.env\.example\):\n  - /);
});

t.test('secrets are never echoed in error messages', async (t) => {
  const err = problems({ JWT_SECRET: 'tooshort-but-secret', DATABASE_URL: 'mysql://u:hunter2@db/alea', SMTP_URL: 'http://u:pw123@mail' });
  t.notMatch(err.message, /tooshort-but-secret|hunter2|pw123/);
  t.equal(err.problems.length, 3);
});

t.test('production refuses to start without JWT_SECRET, DATABASE_URL and RECORD_SIGNING_KEY', async (t) => {
  const err = problems({ NODE_ENV: 'production' });
  t.same(err.problems, [
    { variable: 'DATABASE_URL', message: 'is required when NODE_ENV=production' },
    { variable: 'JWT_SECRET', message: 'is required when NODE_ENV=production' },
    { variable: 'RECORD_SIGNING_KEY', message: 'is required when NODE_ENV=production (generate one with npm run record-key)' },
  ]);
  t.match(err.message, /DATABASE_URL is required when NODE_ENV=production/);
  const onlySecret = problems({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/alea', RECORD_SIGNING_KEY: KEY });
  t.same(onlySecret.problems.map((p) => p.variable), ['JWT_SECRET']);
  const onlyKey = problems({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/alea', JWT_SECRET: 's'.repeat(32) });
  t.same(onlyKey.problems.map((p) => p.variable), ['RECORD_SIGNING_KEY'], 'records are never signed with a throwaway key in production');
});
