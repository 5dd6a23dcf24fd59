// Replaying a game's log from its seed reproduces its snapshot; `npm run verify` checks every
// stored game and reports (and exits non-zero on) any mismatch.
import { spawnSync } from 'node:child_process';
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { act, apiServer, look, startGame, toCommand } from '../helpers/api.js';
import { nodeArgs } from '../helpers/entry.js';

function runVerify(databaseUrl: string) {
  const run = spawnSync(process.execPath, nodeArgs('src/cli/verify.ts'), {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', DATABASE_URL: databaseUrl },
  });
  return { code: run.status, out: run.stdout + run.stderr };
}

t.test('every stored game replays to its snapshot; corruption is reported', async (t) => {
  const s = await apiServer(t);
  const a = await startGame(s);
  const b = await startGame(s);
  const c = await startGame(s);
  const command = await toCommand(a);
  await act(a.caesar, a.id, command.legalActions.find((x: any) => x.type === 'move'));
  await a.caesar.client.post(`/v1/games/${a.id}/undo`);
  const bCommand = await toCommand(b);
  await act(b.caesar, b.id, bCommand.legalActions.find((x: any) => x.type === 'move'));
  await b.caesar.client.post(`/v1/games/${b.id}/undo`); // an undo writes a snapshot: the last entry is in it
  const bVersion = (await look(b.caesar, b.id)).version;
  await c.pompey.client.post(`/v1/games/${c.id}/resign`);
  await s.anon.withToken(a.caesar.token).post('/v1/games', { game: 'julius-caesar', role: 'Caesar' }); // open: nothing to check

  t.same(await verifyGames(s.db.prisma), { checked: 3, mismatches: [] });
  const ok = runVerify(s.db.url);
  t.equal(ok.code, 0, ok.out);
  t.match(ok.out, /3 game\(s\) checked, 0 mismatch\(es\)/);

  // Corrupt game a's snapshot, drop game b's last log entry, and finish game c without cause.
  await s.db.prisma.$executeRaw`UPDATE game_snapshots SET state = (state::jsonb || '{"year": 999}')::json WHERE game_id = ${a.id}::uuid`;
  await s.db.prisma.$executeRaw`DELETE FROM game_actions WHERE game_id = ${b.id}::uuid AND seq = (SELECT max(seq) FROM game_actions WHERE game_id = ${b.id}::uuid)`;
  await s.db.prisma.$executeRaw`DELETE FROM game_actions WHERE game_id = ${c.id}::uuid AND kind = 'resign'`;
  const report = await verifyGames(s.db.prisma);
  t.equal(report.checked, 3);
  const byId = new Map(report.mismatches.map((m) => [m.id, m.problems]));
  t.match(byId.get(a.id), ['the snapshot state differs from the replayed state']);
  t.match(byId.get(b.id), [`snapshot version ${bVersion}, but ${bVersion - 1} log entries`, 'the snapshot state differs from the replayed state']);
  t.match(byId.get(c.id), [/snapshot version 2, but 1 log entries/, /^finished without an outcome, a resignation or a time-out/]);
  const bad = runVerify(s.db.url);
  t.equal(bad.code, 1, bad.out);
  t.match(bad.out, /MISMATCH game #\d+ \(.*\): the snapshot state differs/);
  t.match(bad.out, /3 game\(s\) checked, 3 mismatch\(es\)/);
});

t.test('an undo that does not match the latest standing action is reported', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  await act(g.caesar, g.id, (await look(g.caesar, g.id)).legalActions[0]);
  await s.db.prisma.gameAction.create({ data: { gameId: g.id, seq: 3, kind: 'undo', role: 'Pompey', action: { undoes: 2 } } });
  await s.db.prisma.gameSnapshot.update({ where: { gameId: g.id }, data: { version: 3 } });
  const report = await verifyGames(s.db.prisma);
  t.match(report.mismatches, [{ id: g.id, problems: [/replay failed: undo at seq 3 does not match/] }]);
});

t.test("CGW-84 Caesar's Gallic War games of both rules revisions verify; a first-revision game's states are as they were stored before revisions", async (t) => {
  const s = await apiServer(t);
  const roman = await s.signUp('Labienus');
  const barbarian = await s.signUp('Vercingetorix');
  const played = async (first: boolean) => {
    const made = await roman.client.post('/v1/games', { game: 'caesars-gallic-war', role: 'Roman' });
    // A game stored before revisions: no revision in its options (kit/revisions.ts).
    if (first) await s.db.prisma.$executeRawUnsafe(`UPDATE games SET options = options - 'revision' WHERE id = '${made.body.id}'`);
    await barbarian.client.post(`/v1/games/${made.body.id}/join`, {});
    for (let n = 0; n < 14; n++) {
      for (const u of [roman, barbarian]) {
        const game = await look(u, made.body.id);
        if (game.legalActions.length) await act(u, made.body.id, game.legalActions[game.legalActions.length - 1]);
      }
    }
    const snapshot = (await s.db.prisma.$queryRawUnsafe<{ state: Record<string, unknown>; version: number }[]>(`SELECT state, version FROM game_snapshots WHERE game_id = '${made.body.id}'`))[0]!;
    t.ok(snapshot.version > 1, `a snapshot at version ${snapshot.version}`);
    return snapshot.state;
  };
  t.notOk('revision' in (await played(true)), 'revision 1: no revision in the state, as the snapshots stored before it');
  t.equal((await played(false)).revision, 2, 'revision 2 in a new game\'s state');
  t.same(await verifyGames(s.db.prisma), { checked: 2, mismatches: [] });
});
