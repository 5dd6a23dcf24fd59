// Issue 30: Alea's own backup (src/store/backup.ts) restored into an empty database gives the
// same rows (a backup of the restore is byte for byte the same per table), replays (verify), lets
// the same players sign in and play on, and sends what was pending at the backup's moment once:
// emails marked sent stay sent, a pending one goes out, a reminder already due fires once. A
// target with data is refused unless forced; a truncated or damaged file is refused and changes
// nothing, even when forced.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import t, { type Test } from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { BackupFileError } from '../../src/store/backup-file.js';
import { backupDatabase, checkBackupFile, restoreDatabase, tablesWithRows, TargetNotEmptyError } from '../../src/store/backup.js';
import { apiServer, commandCard, discardBoth, look, startGame } from '../helpers/api.js';
import { testDatabase, type TestDatabase } from '../helpers/db.js';
import { mailHarness } from '../helpers/mail.js';
import { fixedClock } from '../../src/app/clock.js';
import { TEST_TIME } from '../helpers/server.js';

const DAY = 86_400_000;

async function tmp(t: Test): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'alea-backup-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `fn` on a connection of its own to the database. */
async function onDatabase<T>(db: TestDatabase, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Objects (tables, types, functions) in the database's schema: 0 for an untouched database. */
const schemaObjects = (db: TestDatabase) =>
  onDatabase(db, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT (SELECT count(*)::int FROM pg_class WHERE relnamespace = current_schema()::regnamespace)
            + (SELECT count(*)::int FROM pg_proc WHERE pronamespace = current_schema()::regnamespace) AS n`,
    );
    return rows[0]!.n;
  });

/** The schema as the catalog has it: constraints, indexes, and triggers with whether they fire. */
const shape = (db: TestDatabase) =>
  onDatabase(db, async (client) => {
    const { rows } = await client.query<{ line: string }>(
      `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
       UNION ALL SELECT pg_get_indexdef(indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = current_schema()::regnamespace
       UNION ALL SELECT tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
       ORDER BY 1`,
    );
    return rows.map((r) => r.line);
  });

const rowsOf = (db: TestDatabase) => onDatabase(db, tablesWithRows);

t.test('a backup restored into an empty database: same rows, replays, sign-in, play on, emails and reminders go on', async (t) => {
  const clock = fixedClock(TEST_TIME);
  const s = await apiServer(t, { clock });
  const mail = await mailHarness(t, s);
  const g = await startGame(s, { daysPerMove: 1 });
  const sentBefore = await mail.deliver();
  t.ok(sentBefore.length >= 1, `${sentBefore.length} email(s) sent before the backup`);
  // The discards start the card play: its "your move" emails are enqueued, not sent, at the
  // backup's moment; and 0.9 days later the reminders (20% of a day left) are due, with no worker
  // run since.
  await discardBoth(g);
  clock.advance(0.9 * DAY);
  const pending = await s.db.prisma.outboxEmail.findMany({ where: { status: 'pending' }, select: { id: true } });
  t.ok(pending.length >= 1, `${pending.length} email(s) pending at the backup`);
  const due = await s.db.prisma.gamePlayer.count({ where: { gameId: g.id, remindAt: { lte: clock.now() } } });
  t.ok(due >= 1, `${due} reminder(s) due at the backup, not yet sent`);

  const dir = await tmp(t);
  const file = join(dir, 'one.backup.gz');
  const backup = await backupDatabase(s.db.url, file);
  t.ok(backup.trailer.tables.game_actions!.rows >= 3, 'the log is in the file');
  const order = backup.manifest.tables.map((x) => x.name);
  t.ok(order.indexOf('users') < order.indexOf('games') && order.indexOf('games') < order.indexOf('game_actions'), 'tables in load order: parents first');
  t.ok(backup.manifest.sequences.some((q) => q.table === 'games' && q.column === 'number'), 'the sequence of game numbers is kept');
  t.same((await checkBackupFile(file)).trailer, backup.trailer, '--check reads it through');
  // What the original sends from here on, at this moment: the reference for the restored one.
  const reference = (await mail.deliver()).map((m) => [m.messageId, m.to, m.subject]);

  const target = await testDatabase(t, { migrate: false });
  const restored = await restoreDatabase(target.url, file);
  t.equal(restored.rows, Object.values(backup.trailer.tables).reduce((n, x) => n + x.rows, 0), 'every row loaded');
  const again = await backupDatabase(target.url, join(dir, 'again.backup.gz'));
  t.same(again.trailer, backup.trailer, 'a backup of the restored database has the same bytes in every table');
  t.same(again.manifest.migrations, backup.manifest.migrations, 'and the same migrations');
  t.same(await shape(target), await shape(await testDatabase(t)), 'the same constraints, indexes and triggers (firing) as a migrated database');
  const report = await verifyGames(target.prisma);
  t.same([report.checked, report.mismatches], [1, []], 'verify replays the game to its stored state');

  // Alea on the restored database, at the same moment, sends exactly what the original did: the
  // emails pending at the backup (under their own Message-IDs) and the due reminders, once each;
  // nothing sent before the backup goes out again.
  const s2 = await apiServer(t, { db: target, clock });
  const mail2 = await mailHarness(t, s2);
  const after = (await mail2.deliver()).map((m) => [m.messageId, m.to, m.subject]);
  // Emails due at the same moment go out in no set order: compared as sets, by message id.
  const byId = (l: unknown[][]) => [...l].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  t.same(byId(after), byId(reference), 'the same emails as the original would send');
  t.same(after.map((m) => m[0]).filter((id) => pending.some((p) => id === `<alea.outbox.${p.id}@alea.test>`)).length, pending.length, 'every email pending at the backup');
  t.equal(after.filter((m) => /^Reminder/.test(String(m[2]))).length, due, 'every due reminder, once');
  t.same(after.filter((m) => sentBefore.some((b) => b.messageId === m[0])), [], 'nothing sent before the backup');
  t.same(await mail2.deliver(), [], 'and nothing more');

  const signIn = await s2.anon.post('/v1/auth/login', { email: g.pompey.email, password: 'correct horse battery' });
  t.equal(signIn.status, 200, 'the same player signs in with the same password');
  const pompey = s2.anon.withToken(signIn.body.token);
  const game = (await pompey.get(`/v1/games/${g.id}`)).body;
  t.equal(game.version, (await look(g.pompey, g.id)).version, 'the game as it stood');
  const moved = await pompey.post(`/v1/games/${g.id}/actions`, { action: { type: 'play', card: commandCard(game) }, version: game.version });
  t.equal(moved.status, 200, 'and plays on');
  const created = await s2.signUp('Newcomer').then((u) => u.client.post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }));
  t.equal(created.body.number, g.game.number + 1, "game numbers go on from the backup's");
});

t.test('a target with data is refused unless forced; force replaces it', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const dir = await tmp(t);
  const file = join(dir, 'a.backup.gz');
  await backupDatabase(s.db.url, file);

  const other = await apiServer(t);
  const h = await startGame(other);
  await discardBoth(h);
  await t.rejects(restoreDatabase(other.db.url, file), TargetNotEmptyError, 'refused');
  await t.rejects(restoreDatabase(other.db.url, file), /not empty \(rows in .*game_actions.*users/, 'naming the tables with rows');
  t.ok(await other.db.prisma.game.findUnique({ where: { id: h.id } }), 'and nothing changed');

  await restoreDatabase(other.db.url, file, { force: true });
  t.same((await other.db.prisma.game.findMany({ select: { id: true } })).map((x) => x.id), [g.id], 'forced: the backup\'s games only');
  t.same((await verifyGames(other.db.prisma)).mismatches, []);

  // A database with the schema but no rows (Alea started once on it) counts as empty.
  const fresh = await testDatabase(t);
  await restoreDatabase(fresh.url, file);
  t.equal(await fresh.prisma.game.count(), 1, 'an empty migrated database takes a restore without --force');
});

t.test('a truncated or damaged file is refused with a clear message and changes nothing', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  await discardBoth(g);
  const dir = await tmp(t);
  const file = join(dir, 'good.backup.gz');
  await backupDatabase(s.db.url, file);
  const bytes = await readFile(file);

  const truncated = join(dir, 'truncated.backup.gz');
  await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
  const damaged = join(dir, 'damaged.backup.gz');
  const flipped = Buffer.from(bytes);
  flipped[Math.floor(bytes.length * 0.6)]! ^= 0x55;
  await writeFile(damaged, flipped);
  // A damage gzip cannot see: a row changed inside the content, recompressed.
  const content = gunzipSync(bytes).toString('utf8');
  const forged = join(dir, 'forged.backup.gz');
  t.ok(content.includes('\tMarcus\t'), 'a user\'s name is in the file');
  await writeFile(forged, gzipSync(content.replace('\tMarcus\t', '\tMarkus\t')));
  const cut = join(dir, 'cut.backup.gz');
  await writeFile(cut, gzipSync(content.slice(0, content.lastIndexOf('END '))));
  const notOurs = join(dir, 'not-ours.gz');
  await writeFile(notOurs, gzipSync('hello\n'));

  for (const [name, path, message] of [
    ['truncated', truncated, /truncated/],
    ['damaged', damaged, /damaged/],
    ['forged inside', forged, /damaged: the data of table \w+ does not match its checksum/],
    ['without its END line', cut, /truncated|END line is missing/],
    ['not a backup', notOurs, /not an Alea backup/],
  ] as const) {
    const target = await testDatabase(t, { migrate: false });
    await t.rejects(restoreDatabase(target.url, path), BackupFileError, `${name}: refused`);
    await t.rejects(restoreDatabase(target.url, path), message, `${name}: the message says why`);
    t.equal(await schemaObjects(target), 0, `${name}: the target is untouched (no schema either)`);
    await t.rejects(checkBackupFile(path), BackupFileError, `${name}: --check refuses it too`);
  }

  // Forced onto a database with data: the damage is found while loading, and the data is kept.
  await t.rejects(restoreDatabase(s.db.url, damaged, { force: true }), BackupFileError);
  t.ok((await rowsOf(s.db)).includes('game_actions'), 'forced with a damaged file: the target keeps its data');
  t.same((await verifyGames(s.db.prisma)).mismatches, []);
});

t.test('a backup made by a newer Alea (a migration this one lacks) is refused', async (t) => {
  const s = await apiServer(t);
  await startGame(s);
  const dir = await tmp(t);
  const file = join(dir, 'b.backup.gz');
  await backupDatabase(s.db.url, file);
  const content = gunzipSync(await readFile(file)).toString('utf8');
  const newer = join(dir, 'newer.backup.gz');
  await writeFile(newer, gzipSync(content.replace('"migrations":[', '"migrations":[{"name":"29990101000000_from_the_future","checksum":"00"},')));
  const target = await testDatabase(t, { migrate: false });
  await t.rejects(restoreDatabase(target.url, newer), /made by a newer Alea .*29990101000000_from_the_future/);
  t.equal(await schemaObjects(target), 0);
});

t.test('a backup is the database at its snapshot: changes committed while it copies are not in it', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const atSnapshot = (await look(g.caesar, g.id)).version;
  const dir = await tmp(t);
  const file = join(dir, 'moment.backup.gz');
  let moved = 0;
  await backupDatabase(s.db.url, file, {
    // Between the snapshot and the copy of the first table: two moves and a new player commit.
    afterSnapshot: async () => {
      await discardBoth(g);
      moved = (await look(g.caesar, g.id)).version;
      await s.signUp('Latecomer');
    },
  });
  t.equal(moved, atSnapshot + 2, 'two moves committed while the backup ran');
  const target = await testDatabase(t, { migrate: false });
  await restoreDatabase(target.url, file);
  t.equal((await target.prisma.gameSnapshot.findUniqueOrThrow({ where: { gameId: g.id } })).version, atSnapshot, 'the game as at the snapshot');
  t.equal(await target.prisma.gameAction.count({ where: { gameId: g.id } }), atSnapshot, 'its log as at the snapshot');
  t.equal(await target.prisma.user.count(), 2, 'no user who signed up after it');
  t.same((await verifyGames(target.prisma)).mismatches, []);
});
