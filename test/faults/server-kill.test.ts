// Issue 9 §5: kill -9 of the server under load. Eight players act in four games over real HTTP
// against `npm start`; the server is killed mid-flight and started again on the same data.
// Acknowledged actions lost: 0; changes retried with the same Idempotency-Key: applied once.
import t from 'tap';
import { startAlea, workDir } from '../helpers/process.js';
import { startGames, startLoad, verifyApplied, versionOf } from '../helpers/load.js';

t.test('kill -9 of the server under load: no acknowledged action lost, retries applied once', async (t) => {
  const cwd = await workDir(t);
  const first = startAlea(t, cwd);
  const base = await first.listening;
  const players = await startGames(base, 4);
  const start = new Map<string, number>();
  for (const p of players) start.set(p.gameId, await versionOf(base, p));

  const load = startLoad(base, players);
  await load.acks(40);
  first.child.kill('SIGKILL');
  await first.exited;
  await load.stop();
  t.ok(load.acked.length >= 40, `${load.acked.length} actions acknowledged before the kill`);

  const second = startAlea(t, cwd);
  const base2 = await second.listening;
  const outcome = await verifyApplied(t, base2, load, start);
  t.equal(outcome.lost, 0, 'acknowledged actions lost: 0');
  t.equal(load.tally.otherServerErrors, 0, 'no 500 before the kill');
  t.equal(load.tally.otherClientErrors, 0, 'the players only took legal actions');
  t.comment(
    `figures: ${load.acked.length} acknowledged, lost 0; ${outcome.unknown} in flight at the kill, ` +
      `${outcome.unknownApplied} of them had been applied, each applied once on retry`,
  );
  second.child.kill('SIGINT');
  t.equal((await second.exited).code, 0);
});
