// Issue 30: `npm run backup` while two games are played over HTTP against `npm start`; then
// `npm run restore` into a fresh data folder, `npm run verify`, and Alea started on it: every move
// acknowledged before the backup's snapshot is there (a retry with its Idempotency-Key is answered
// from the stored answer, at the same version), the players sign in with their passwords, and
// the games play on. Also the commands' refusals: a restore under a running Alea, or into a
// folder that has data.
import { join } from 'node:path';
import t from 'tap';
import { readManifest } from '../src/store/backup.js';
import { PASSWORD, request, startGames, startLoad, versionOf, type Player } from './helpers/load.js';
import { runTool as tool, startAlea, workDir } from './helpers/process.js';

t.test('a backup taken while two games are played restores into a fresh folder: every acknowledged move, sign-in, play on', async (t) => {
  const cwd = await workDir(t);
  const first = startAlea(t, cwd);
  const base = await first.listening;
  const players = await startGames(base, 2);
  const load = startLoad(base, players);
  await load.acks(10);

  const file = join(cwd, 'snapshot.backup.gz');
  const acksAtStart = load.acked.length;
  const backup = await tool(cwd, 'backup', [file]);
  const acksDuring = load.acked.length - acksAtStart;
  t.equal(backup.code, 0, `npm run backup: ${backup.out}${backup.err}`);
  t.match(backup.out, /backing up the embedded PostgreSQL of Alea process \d+/, 'from the running server');
  await load.acks(10);
  await load.stop();
  t.equal(load.tally.otherServerErrors + load.tally.otherClientErrors, 0, 'no error while the backup ran');

  const { snapshot } = await readManifest(file);
  const requestedAt = Date.parse(snapshot.requestedAt);
  const before = load.acked.filter((a) => a.at < requestedAt);
  const after = load.acked.filter((a) => a.at > Date.parse(snapshot.takenAt));
  t.ok(before.length >= 10 && after.length >= 10, `moves acknowledged before the snapshot (${before.length}) and after it (${after.length}; ${acksDuring} while the backup command ran)`);

  const running = await tool(cwd, 'restore', [file]);
  t.equal(running.code, 1, 'a restore under a running Alea is refused');
  t.match(running.err, /Alea \(pid \d+\) is running on .*: stop it first/);
  first.child.kill('SIGINT');
  t.equal((await first.exited).code, 0);

  const cwd2 = await workDir(t);
  const restore = await tool(cwd2, 'restore', [file]);
  t.equal(restore.code, 0, `npm run restore: ${restore.out}${restore.err}`);
  t.match(restore.out, /restored \d+ rows in \d+ tables/);
  const verify = await tool(cwd2, 'verify');
  t.equal(verify.code, 0, `npm run verify: ${verify.out}${verify.err}`);
  t.match(verify.out, /2 game\(s\) checked, 0 mismatch\(es\)/);
  const twice = await tool(cwd2, 'restore', [file]);
  t.equal(twice.code, 1, 'a second restore into the same folder is refused');
  t.match(twice.err, /refused: the target database is not empty .* add --force/);

  const second = startAlea(t, cwd2);
  const base2 = await second.listening;
  // The same players sign in with their passwords (tokens of the old folder's secret are not valid here).
  const again = new Map<string, Player>();
  for (const p of players) {
    const res = await fetch(`${base2}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: p.email, password: PASSWORD }) });
    t.equal(res.status, 200, `${p.email} signs in`);
    again.set(p.token, { ...p, token: ((await res.json()) as { token: string }).token });
  }
  let missing = 0;
  for (const a of before) {
    const res = await request(base2, again.get(a.player.token)!.token, 'POST', `/v1/games/${a.player.gameId}/actions`, a.body, a.key);
    if (!(res.status === 200 && res.headers.get('idempotent-replayed') === 'true' && res.body.version === a.version)) missing++;
  }
  t.equal(missing, 0, `every move acknowledged before the snapshot is there (${before.length})`);
  for (const gameId of new Set(players.map((p) => p.gameId))) {
    const player = [...again.values()].find((p) => p.gameId === gameId)!;
    const lastBefore = Math.max(0, ...before.filter((a) => a.player.gameId === gameId).map((a) => a.version));
    t.ok((await versionOf(base2, player)) >= lastBefore, `game ${gameId.slice(-8)} at or past its last move before the snapshot`);
  }

  const onward = startLoad(base2, [...again.values()], 11);
  await onward.acks(10);
  await onward.stop();
  t.ok(onward.acked.length >= 10, 'the games play on');
  t.equal(onward.tally.otherServerErrors + onward.tally.otherClientErrors, 0);
  second.child.kill('SIGINT');
  t.equal((await second.exited).code, 0);
  const verifyAfter = await tool(cwd2, 'verify');
  t.equal(verifyAfter.code, 0, 'and still replay');
});
