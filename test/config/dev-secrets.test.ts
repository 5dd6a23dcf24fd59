import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { loadOrCreateDevSecrets } from '../../src/config/dev-secrets.js';

t.test('generated once, private to the user, and kept between runs', async (t) => {
  const parent = await mkdtemp(join(tmpdir(), 'alea-secrets-'));
  t.teardown(() => rm(parent, { recursive: true, force: true }));
  const dir = join(parent, '.data'); // created on demand
  const first = await loadOrCreateDevSecrets(dir);
  t.ok(first.jwtSecret.length >= 32, 'long enough for JWT_SECRET');
  t.not(first.jwtSecret, first.postgresPassword);
  t.equal(Buffer.from(first.recordSigningKey, 'base64url').length, 32, 'an Ed25519 private key to sign game records');
  t.notOk([first.jwtSecret, first.postgresPassword].includes(first.recordSigningKey));
  t.ok(Date.parse(first.recordSigningKeySince) > 0, 'and when it was made');
  t.equal((await stat(join(dir, 'secrets.json'))).mode & 0o777, 0o600);
  t.same(await loadOrCreateDevSecrets(dir), first);
  t.same(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')), first);
});

t.test('a secrets.json from before record keys gets one added, the other secrets kept', async (t) => {
  const parent = await mkdtemp(join(tmpdir(), 'alea-secrets-'));
  t.teardown(() => rm(parent, { recursive: true, force: true }));
  await writeFile(join(parent, 'secrets.json'), JSON.stringify({ jwtSecret: 'j'.repeat(43), postgresPassword: 'p'.repeat(43) }), { mode: 0o600 });
  const secrets = await loadOrCreateDevSecrets(parent);
  t.match(secrets, { jwtSecret: 'j'.repeat(43), postgresPassword: 'p'.repeat(43), recordSigningKey: /^[\w-]{43}$/ });
  t.same(await loadOrCreateDevSecrets(parent), secrets, 'and kept');
});
