// Every decision is bounded by its level's time, at any load: a whole game of each game against
// the computer on a real search thread (src/app/computer/search-pool.ts) at 4 iterations and a 300 ms cap,
// with the machine made busy by this test itself (two threads spinning beside the suite's own
// processes). The thread's time for each decision (building the input from the stored game, the
// belief's replay, the search) never exceeds the cap plus 200 ms; no thread is ended, none fails.
// The bound holds because the replay checks the deadline at every engine application, the search
// at every step of its descents and playouts, and answers with its best so far; on a machine so
// busy that the thread waits long for a core between its steps, the work stops earlier, by the
// longest step it has seen (src/search/deadline.ts): the thread's CPU time in such a decision is a few
// milliseconds, the rest of its wall time is waiting for a core.
// On a machine loaded far beyond this test's own load (other suites, a benchmark beside it), the
// scheduler may give no core to the search thread for hundreds of milliseconds: no code can answer
// while it is not running. The lateness of the main thread's timers during the same decision
// (perf_hooks' event-loop delay) is added to the bound, but the main thread, asleep in between,
// sees little of it: with a benchmark beside the suite a decision of 673 ms had waited 664 ms for
// a core (Linux's schedstat, the decision's `waitMs`) beside 79 ms of main-thread lateness. So a
// decision past its bound fails only if its thread worked, on a core, longer than the cap's
// working part (240 ms): lateness from waiting is the machine's, work past the deadline is the
// code's. With the replay's deadline taken out, beside a benchmark, one run failed on a decision
// of 4,401 ms that had worked 1,053 ms (another of 1,112 ms had worked 297 ms); in another run no
// replay worked past 240 ms and it passed: the test sees work past the deadline by its amount, on
// a busy machine not by lateness alone. Where the kernel does not say, every late decision fails.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import t from 'tap';
import { games, type Action } from '../../src/engine/index.js';
import { createSearchPool } from '../../src/app/computer/search-pool.js';
import type { ComputerJob } from '../../src/app/computer/runner.js';
import { setupGame, type GameSeed, type StandingAction } from '../../src/app/games/history.js';
import type { DecisionStats } from '../../src/search/types.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

const CAP = 300;
const MARGIN = 200;
/** The part of the cap the work may use: the deadline stops it a fifth of the cap early (src/search/deadline.ts). */
const WORK = CAP - CAP / 5;

t.setTimeout(900_000);

t.test('at 4 iterations on a busy machine, no decision takes more than its cap plus 200 ms, and none ends its thread', async (t) => {
  // The load: threads spinning until the test ends.
  const spinners = Array.from({ length: 2 }, () => new Worker('for (;;) {}', { eval: true }));
  t.teardown(() => Promise.all(spinners.map((w) => w.terminate())));
  const errors: string[] = [];
  const times: number[] = [];
  /** Each timed decision's figures (its wait for a core among them). */
  const figures: DecisionStats[] = [];
  /** Each timed decision's stall as the main thread saw it (ms). */
  const mainStalls: number[] = [];
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  t.teardown(() => stalls.disable());
  let outOfTime = 0;
  let inexact = 0;
  let worst: DecisionStats | null = null;
  const pool = createSearchPool({
    threads: 1,
    memoryMb: 256,
    budget: { iterations: 4, timeMs: CAP },
    onDecision: (_job, stats: DecisionStats) => {
      if (stats.forced) return;
      times.push(stats.timeMs);
      figures.push(stats);
      if (stats.outOfTime) outOfTime++;
      else if (stats.beliefFailed) inexact++;
      if (!worst || stats.timeMs > worst.timeMs) worst = stats;
    },
  });
  t.teardown(() => pool.close());

  const seats = [
    { game: 'julius-caesar', computer: 'Caesar', seed: 1 },
    { game: 'caesars-gallic-war', computer: 'Roman', seed: 2 },
  ] as const;
  for (const seat of seats) {
    const m = games[seat.game]!;
    const seed: GameSeed = { seed: testSeed(88_000 + seat.seed), rng: 'chacha20', options: {} };
    let s = setupGame(m, seed);
    const actions: StandingAction[] = [];
    const pick = chooser(seat.seed * 7919);
    const before = times.length;
    for (let n = 0; n < 5000 && m.pending(s).length > 0; n++) {
      const pending = m.pending(s);
      const role = pending[n % pending.length]!;
      let action: Action;
      if (role === seat.computer) {
        const job: ComputerJob = { gameId: `bounded-${seat.game}`, module: seat.game, game: seed, actions: actions.slice(), role, level: 'normal', seed: `bounded|${n}` };
        try {
          const timed = times.length;
          stalls.reset();
          action = await pool.think(job);
          // The main thread's worst timer lateness past its 10 ms resolution, in ms (0 before any sample).
          const stall = stalls.count > 0 ? Math.max(0, stalls.max / 1e6 - 10) : 0;
          while (mainStalls.length < times.length) mainStalls.push(mainStalls.length >= timed ? stall : 0);
        } catch (err) {
          errors.push(`${seat.game} action ${n}: ${(err as Error).message}`);
          break;
        }
      } else {
        const legal = m.legalActions(s, role);
        action = legal[pick(legal.length)]!;
      }
      s = m.apply(s, role, action);
      actions.push({ seq: actions.length + 1, role, action });
    }
    // Each decision's bound: the cap, the margin and the main thread's stall meanwhile. A decision
    // past it fails unless its thread was waiting for a core rather than working: its time on a
    // core (its wall time less its wait, where the kernel says it) within the part of the cap the
    // work may use (the deadline stops it a fifth of the cap early).
    const bounds = times.map((_, i) => CAP + MARGIN + mainStalls[i]!);
    const onCore = (i: number) => times[i]! - (figures[i]!.waitMs ?? 0);
    let over = 0;
    let overAt = -1;
    for (let i = before; i < times.length; i++) {
      if (times[i]! - bounds[i]! > over && onCore(i) > WORK) {
        over = times[i]! - bounds[i]!;
        overAt = i;
      }
    }
    const mine = times.slice(before).sort((a, b) => a - b);
    const at = (q: number) => mine[Math.min(mine.length - 1, Math.floor(q * mine.length))] ?? 0;
    t.ok(m.outcome(s), `${seat.game}: the game ends (${actions.length} actions)`);
    t.comment(`${seat.game}, the computer ${seat.computer}: ${mine.length} decisions, median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${at(1).toFixed(0)} ms`);
    t.ok(mine.length > 50, `${seat.game}: decisions timed (${mine.length})`);
    t.ok(
      over === 0,
      over === 0
        ? `${seat.game}: every decision within the cap (${CAP} ms) plus ${MARGIN} ms, or late only by waiting for a core (the longest, ${at(1).toFixed(0)} ms)`
        : `${seat.game}: a decision of ${times[overAt]!.toFixed(0)} ms is ${over.toFixed(0)} ms past the cap (${CAP} ms) plus ${MARGIN} ms plus the machine's stall meanwhile (${(bounds[overAt]! - CAP - MARGIN).toFixed(0)} ms), ${onCore(overAt).toFixed(0)} ms of it at work on a core: ${JSON.stringify(figures[overAt])}`,
    );
  }
  t.comment(`decisions whose belief ran out of time: ${outOfTime} of ${times.length}; the longest: ${JSON.stringify(worst)}`);
  t.same(errors, [], 'no decision failed, no thread was ended');
  t.equal(inexact, 0, 'every belief that had the time to finish was exact (a replay paused by its deadline resumes where it stood)');
});
