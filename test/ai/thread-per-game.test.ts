// The search pool keeps each game to its own threads where it can (src/app/computer/search-pool.ts):
// V8 optimizes a thread's search for the states it has met, and a thread that has searched both
// games searches the second more slowly. A job still never waits for a thread of its kind while
// another is free.

import t from 'tap';
import { games } from '../../src/engine/index.js';
import { createSearchPool } from '../../src/app/computer/search-pool.js';
import type { ComputerJob } from '../../src/app/computer/runner.js';
import { setupGame, type GameSeed, type StandingAction } from '../../src/app/games/history.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

/** A job at the first position of a seeded random game past `from` actions where the pending role has a choice. */
function jobAt(module: string, k: number, from: number): ComputerJob {
  const m = games[module]!;
  const seed: GameSeed = { seed: testSeed(93_000 + k), rng: 'chacha20', options: {} };
  let s = setupGame(m, seed);
  const actions: StandingAction[] = [];
  const pick = chooser(7_100 + k);
  for (let n = 0; n < 2_000; n++) {
    const pending = m.pending(s);
    const role = pending[n % pending.length]!;
    const legal = m.legalActions(s, role);
    if (n >= from && legal.length > 1) return { gameId: `${module}-${k}`, module, game: seed, actions, role, level: 'easy', seed: `kinds|${k}` };
    const action = legal[pick(legal.length)]!;
    s = m.apply(s, role, action);
    actions.push({ seq: actions.length + 1, role, action });
  }
  throw new Error(`no choice in ${module} game ${k}`);
}

t.test('two threads, the two games asked in turn: each game keeps to one thread', async (t) => {
  const started: { module: string; thread: number }[] = [];
  const pool = createSearchPool({ threads: 2, memoryMb: 256, budget: { iterations: 4, timeMs: 5000 }, onStart: (job, thread) => started.push({ module: job.module, thread }) });
  t.teardown(() => pool.close());
  // Each job is another game (no thread holds it yet): only its game's kind can steer it.
  for (let k = 0; k < 6; k++) await pool.think(jobAt(k % 2 === 0 ? 'julius-caesar' : 'caesars-gallic-war', k, 20 + k));
  const threadsOf = (module: string) => [...new Set(started.filter((x) => x.module === module).map((x) => x.thread))];
  t.equal(started.length, 6);
  t.same(threadsOf('julius-caesar').length, 1, 'Julius Caesar on one thread');
  t.same(threadsOf('caesars-gallic-war').length, 1, "Caesar's Gallic War on one thread");
  t.not(threadsOf('julius-caesar')[0], threadsOf('caesars-gallic-war')[0], 'not the same one');
});

t.test('a job takes a thread of the other game rather than wait', async (t) => {
  const started: { module: string; thread: number }[] = [];
  const busy: number[] = [];
  const pool = createSearchPool({
    threads: 2,
    memoryMb: 256,
    budget: { iterations: 4, timeMs: 5000 },
    onStart: (job, thread) => started.push({ module: job.module, thread }),
    onBusy: (n) => busy.push(n),
  });
  t.teardown(() => pool.close());
  await pool.think(jobAt('caesars-gallic-war', 11, 25));
  // Two Julius Caesar decisions at once: one on a new thread, the other on the Gallic War's.
  await Promise.all([pool.think(jobAt('julius-caesar', 12, 25)), pool.think(jobAt('julius-caesar', 13, 30))]);
  t.ok(busy.includes(2), 'both threads searched at once');
  t.same(new Set(started.slice(1).map((x) => x.thread)).size, 2, 'the two on both threads');
});
