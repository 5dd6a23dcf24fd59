// Issue 11: a game's state is stored every SNAPSHOT_EVERY changes (and by every change that is not
// an action, or that ends the game); in between, the log row is the change, and a read applies the
// rows after the snapshot. Whatever the snapshot's lag, what a reader gets is the state the whole
// log replays to, on an instance that does not have the game in memory as well as on one that does.
import t from 'tap';
import { SNAPSHOT_EVERY } from '../../src/app/games/change/write.js';
import { moduleOf } from '../../src/app/games/present.js';
import { currentState, replayGame, standingActions } from '../../src/app/games/history.js';
import { sharedRecentStates } from '../../src/app/games/recent-states.js';
import { verifyGames } from '../../src/app/games/verify.js';
import { findGame, listEntries } from '../../src/store/games.js';
import { apiServer, look, moveFirstLegal as move, startGame, toCommand, type ApiServer } from '../helpers/api.js';

/** The stored game: its version, its snapshot's version, and its current state against a replay of its whole log. */
async function stored(s: ApiServer, id: string) {
  const row = (await findGame(s.db.prisma, id))!;
  const m = moduleOf(row);
  const replayed = replayGame(m, row, standingActions(await listEntries(s.db.prisma, id)));
  return { version: row.snapshot!.version, stateVersion: row.snapshot!.stateVersion, current: JSON.stringify(currentState(m, row.snapshot)), replayed: JSON.stringify(replayed) };
}

t.test(`the state is stored every ${SNAPSHOT_EVERY} changes; reads apply the log rows after it, with or without the game in memory`, async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  // This process forgets the game: a version it will never reach stands in its memory, so every
  // read and change below reads the game from the database, as another instance would.
  sharedRecentStates.set(g.id, 2 ** 31 - 1, null);
  const lags = new Set<number>();
  for (let i = 0; i < 2 * SNAPSHOT_EVERY + 3; i++) {
    const answer = await move(g);
    const x = await stored(s, g.id);
    t.equal(x.version, answer.version, 'the version is the log\'s last entry');
    t.ok(x.version - x.stateVersion < SNAPSHOT_EVERY, `snapshot of version ${x.stateVersion} at version ${x.version}`);
    t.ok(x.current === x.replayed, `version ${x.version}: the snapshot with the rows after it is the replayed state`);
    lags.add(x.version - x.stateVersion);
  }
  t.ok(lags.size >= SNAPSHOT_EVERY - 1, `the snapshot lagged by every amount from 0 to ${SNAPSHOT_EVERY - 1} (${[...lags].sort((a, b) => a - b).join(', ')})`);
  const answer = await look(g.caesar, g.id);
  t.equal(answer.version, (await stored(s, g.id)).version);
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] });
});

t.test('an undo and the end of a game write the snapshot: the rows after a snapshot always apply forwards', async (t) => {
  const s = await apiServer(t);
  const g = await startGame(s);
  const command = await toCommand(g);
  const res = await g.caesar.client.post(`/v1/games/${g.id}/actions`, { action: command.legalActions.find((a: any) => a.type === 'move'), version: command.version });
  t.equal(res.status, 200);
  let x = await stored(s, g.id);
  t.ok(x.stateVersion < x.version, 'an action between snapshots writes no snapshot');
  t.equal((await g.caesar.client.post(`/v1/games/${g.id}/undo`)).status, 200);
  x = await stored(s, g.id);
  t.equal(x.stateVersion, x.version, 'the undo wrote one');
  t.ok(x.current === x.replayed);
  await move(g);
  t.equal((await g.pompey.client.post(`/v1/games/${g.id}/resign`)).status, 200);
  x = await stored(s, g.id);
  t.equal(x.stateVersion, x.version, 'so did the resignation that ended the game');
  t.same(await verifyGames(s.db.prisma), { checked: 1, mismatches: [] });
});
