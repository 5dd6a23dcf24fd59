// The engine's log lives in game_actions, not in the snapshot (src/store/game-log.ts): the
// snapshot stays the same size as a game goes on, reading a game puts the log back, `verify`
// still replays every game to its stored state, and a game whose snapshot still holds its log
// inline (written before this) is read as it is and carries on.
import t from 'tap';
import { verifyGames } from '../../src/app/games/verify.js';
import { SNAPSHOT_EVERY } from '../../src/app/games/change/write.js';
import { moduleOf } from '../../src/app/games/present.js';
import { currentState } from '../../src/app/games/history.js';
import { findGame } from '../../src/store/games.js';
import { apiServer, look, moveFirstLegal as move, startGame } from '../helpers/api.js';

t.test('the snapshot keeps "log": null and stays small; the log is read back from the log rows', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const size = async () =>
    (await s.db.prisma.$queryRaw<{ n: number; log: string | null }[]>`SELECT length(state::text)::int AS n, state->>'log' AS log FROM game_snapshots WHERE game_id = ${g.id}::uuid`)[0]!;
  const early = await size();
  t.equal(early.log, null, 'no log in the snapshot');
  for (let i = 0; i < 30; i++) await move(g);
  const late = await size();
  t.equal(late.log, null);
  const row = (await findGame(s.db.prisma, g.id))!;
  const log = (row.snapshot!.state as { log: unknown[] }).log;
  t.ok(log.length > 10, `the state read back has its log (${log.length} entries)`);
  t.ok(late.n < early.n + 1024, `the snapshot did not grow with the log (${early.n} -> ${late.n} characters)`);
  const parts = await s.db.prisma.gameAction.findMany({ where: { gameId: g.id }, select: { logFrom: true, logTail: true }, orderBy: { seq: 'asc' } });
  t.ok(parts.every((p) => p.logFrom !== null), 'every change kept its part of the log');
  t.ok(parts.slice(1).every((p) => (p.logTail as unknown[]).length <= 3), 'a move rewrites only the last entries');
  const read = await g.caesar.client.get(`/v1/games/${g.id}/log`);
  t.equal(read.status, 200);
  t.ok(read.body.entries.length > 10, 'the log as Caesar may read it');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'replay gives the stored state, log included');
});

t.test('a snapshot that still holds its log inline is read as it is, and the game carries on', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  for (let i = 0; i < 8; i++) await move(g);
  // The game as it is at version v, with its log inline as snapshots were once written.
  const at = (await findGame(s.db.prisma, g.id))!;
  const v = at.snapshot!.version;
  const stateAtV = currentState(moduleOf(at), at.snapshot);
  const logBefore = (await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries;
  const answerBefore = await look(g.caesar, g.id);
  await move(g); // this process now remembers version v + 1
  await s.db.prisma.$transaction([
    s.db.prisma.gameAction.deleteMany({ where: { gameId: g.id, seq: v + 1 } }),
    s.db.prisma.gameAction.updateMany({ where: { gameId: g.id }, data: { logFrom: null, logTail: null as never } }),
    s.db.prisma.$executeRaw`UPDATE game_snapshots SET version = ${v}, state = ${JSON.stringify(stateAtV)}::json WHERE game_id = ${g.id}::uuid`,
    s.db.prisma.game.update({ where: { id: g.id }, data: { pending: at.pending, status: at.status } }),
  ]);
  t.not((await s.db.prisma.$queryRaw<{ log: string | null }[]>`SELECT state->>'log' AS log FROM game_snapshots WHERE game_id = ${g.id}::uuid`)[0]!.log, null, 'the log is inline');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'an inline snapshot verifies');
  t.same((await g.caesar.client.get(`/v1/games/${g.id}/log`)).body.entries, logBefore, 'its log reads as before');
  t.same(await look(g.caesar, g.id), answerBefore, 'the game reads as before');

  const next = await move(g);
  t.equal(next.version, v + 1);
  const last = await s.db.prisma.gameAction.findUniqueOrThrow({ where: { gameId_seq: { gameId: g.id, seq: v + 1 } } });
  t.equal(last.logFrom, 0, 'the first change after it keeps the whole log');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'the inline snapshot with a change after it verifies');
  // The next snapshot (SNAPSHOT_EVERY changes after it) is written without its log.
  for (let i = 1; i < SNAPSHOT_EVERY; i++) await move(g);
  t.equal((await s.db.prisma.$queryRaw<{ log: string | null }[]>`SELECT state->>'log' AS log FROM game_snapshots WHERE game_id = ${g.id}::uuid`)[0]!.log, null);
  await move(g);
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] }, 'and the game still replays to its stored state');
});
