// Issue 9 §2 and §5: the embedded PostgreSQL's postmaster killed (kill -9) under load. `npm start`
// answers 503 with Retry-After meanwhile (never 500, never a dropped connection), restarts the
// server by itself and serves again; changes retried with their Idempotency-Key apply once.
import { join } from 'node:path';
import t from 'tap';
import { isAlive, postmasterPid } from '../../src/store/embedded-postgres.js';
import { startAlea, workDir } from '../helpers/process.js';
import { startGames, startLoad, verifyApplied, versionOf } from '../helpers/load.js';

t.test('the postmaster killed under load: 503s, then recovery by itself', async (t) => {
  const cwd = await workDir(t);
  const alea = startAlea(t, cwd);
  const base = await alea.listening;
  const players = await startGames(base, 4);
  const start = new Map<string, number>();
  for (const p of players) start.set(p.gameId, await versionOf(base, p));

  const load = startLoad(base, players);
  await load.acks(20);
  const pid = (await postmasterPid(join(cwd, '.data', 'postgres')))!;
  const before = load.acked.length;
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  // Generous: restarting waits for the dead server's backends to let go of its shared memory.
  await load.acks(20);
  const recoveredAt = load.acked[before]!.at;
  await load.stop();

  t.notOk(isAlive(pid), 'the old postmaster is gone');
  const restarted = (await postmasterPid(join(cwd, '.data', 'postgres')))!;
  t.ok(restarted !== pid && isAlive(restarted), 'a new one runs');
  const messages = alea.logs().map((l) => String(l.msg));
  t.ok(messages.some((m) => /has stopped unexpectedly; restarting it/.test(m)), 'the death is logged');
  t.ok(messages.some((m) => /is running again/.test(m)), 'and the restart');

  t.ok(load.tally['503'] > 0, `503 while the database was down (${load.tally['503']})`);
  t.equal(load.tally.retryAfterMissing, 0, 'each with Retry-After');
  t.equal(load.tally.otherServerErrors, 0, 'no 500 (or any other 5xx)');
  t.equal(load.tally.networkErrors, 0, 'the server itself stayed up');
  t.equal(load.tally.otherClientErrors, 0, 'the players only took legal actions');
  const outcome = await verifyApplied(t, base, load, start);
  t.equal(outcome.lost, 0, 'acknowledged actions lost: 0');
  t.comment(
    `figures: ${load.tally['503']} answers 503; first action acknowledged again ${recoveredAt - killedAt} ms after the kill; ` +
      `${load.acked.length} acknowledged, lost 0`,
  );
  alea.child.kill('SIGINT');
  t.equal((await alea.exited).code, 0);
});
