import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
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
  t.equal((await stat(join(dir, 'secrets.json'))).mode & 0o777, 0o600);
  t.same(await loadOrCreateDevSecrets(dir), first);
  t.same(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')), first);
});
