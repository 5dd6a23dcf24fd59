// Issue 30: the pg_dump path of `npm run backup -- --pg-dump` and `npm run restore` (a custom-format
// archive through pg_restore). The embedded PostgreSQL 18 has no pg_dump and none for 18 can be
// installed here, so this runs against Debian's PostgreSQL 15 server with its own pg_dump and
// pg_restore (/usr/lib/postgresql/15/bin), when installed; otherwise it says so and skips.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { createDatabase, withDatabase } from '../../src/store/databases.js';
import { startEmbeddedPostgres } from '../../src/store/embedded-postgres.js';
import { migrate } from '../../src/store/migrate.js';
import { pgDump } from '../../src/store/pg-dump.js';
import { createPrismaClient } from '../../src/store/prisma.js';
import { apiServer, discardBoth, startGame } from '../helpers/api.js';
import { testDatabase } from '../helpers/db.js';
import { runTool } from '../helpers/process.js';

const PG15 = '/usr/lib/postgresql/15/bin';
const missing = ['initdb', 'pg_ctl', 'pg_dump', 'pg_restore'].filter((b) => !existsSync(join(PG15, b)));
const skip = missing.length ? `Debian's PostgreSQL 15 is not installed (${PG15} lacks ${missing.join(', ')}): the pg_dump path is not tested here` : false;

t.test('pg_dump -Fc through npm run backup -- --pg-dump, restored by npm run restore through pg_restore', { skip }, async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'alea-pg15-'));
  await chmod(dir, 0o755); // as root, the postgres user runs the server and must reach its folder
  const server = await startEmbeddedPostgres({
    dataDir: join(dir, 'pgdata'),
    password: randomBytes(16).toString('hex'),
    ephemeral: true,
    binaries: { initdb: join(PG15, 'initdb'), pg_ctl: join(PG15, 'pg_ctl') },
  });
  t.teardown(async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
  const source = server.url('alea_source');
  await createDatabase(server.url(), 'alea_source');
  await migrate(source);
  const prisma = createPrismaClient(source, { poolSize: 2 });
  t.teardown(() => prisma.$disconnect());
  const s = await apiServer(t, { db: { name: 'alea_source', url: source, prisma } });
  const g = await startGame(s);
  await discardBoth(g);

  const file = join(dir, 'alea.dump');
  const backup = await runTool(dir, 'backup', [file, '--pg-dump', join(PG15, 'pg_dump')], { DATABASE_URL: source });
  t.equal(backup.code, 0, `npm run backup -- --pg-dump: ${backup.out}${backup.err}`);
  t.match(backup.out, /custom format/);
  t.equal((await readFile(file)).subarray(0, 5).toString(), 'PGDMP', 'a pg_dump custom-format archive');

  const target = withDatabase(server.url(), 'alea_target');
  await createDatabase(server.url(), 'alea_target');
  const env = { DATABASE_URL: target, PG_DUMP: join(PG15, 'pg_dump') };
  const restore = await runTool(dir, 'restore', [file], env);
  t.equal(restore.code, 0, `npm run restore: ${restore.out}${restore.err}`);
  t.match(restore.out, /restored .* with \/usr\/lib\/postgresql\/15\/bin\/pg_restore/, 'with the pg_restore beside PG_DUMP');
  const restored = createPrismaClient(target, { poolSize: 2 });
  t.teardown(() => restored.$disconnect());
  t.same(await verifyGames(restored), { checked: 1, mismatches: [] }, 'verify replays the restored game');
  t.equal(await restored.user.count(), 2);
  t.same((await migrate(target)).applied, [], 'its migrations are recorded: none to apply');

  const again = await runTool(dir, 'restore', [file], env);
  t.equal(again.code, 1, 'a target with data is refused');
  t.match(again.err, /refused: the target database is not empty/);
  const forced = await runTool(dir, 'restore', [file, '--force'], env);
  t.equal(forced.code, 0, `--force replaces it: ${forced.out}${forced.err}`);
  t.same(await verifyGames(restored), { checked: 1, mismatches: [] });
});

t.test("the fact behind the default: Debian's pg_dump 15 refuses the embedded PostgreSQL 18", { skip: existsSync('/usr/bin/pg_dump') ? false : 'no /usr/bin/pg_dump' }, async (t) => {
  const db = await testDatabase(t);
  const dir = await mkdtemp(join(tmpdir(), 'alea-pg18-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'x.dump');
  await t.rejects(pgDump(db.url, file, '/usr/bin/pg_dump'), /server version mismatch|aborting because of server version/, 'refused for the version');
  t.notOk(existsSync(file) || existsSync(`${file}.partial`), 'and no file is left');
});
