// Root-parallel search (src/search/root-parallel.ts, src/app/computer/search-pool.ts): a hard
// decision is two searches with their own seeds on two threads of the pool, their root visits
// summed. What a search votes is what it would choose; the merge takes the most visited action
// over all the parts (or, at a sealed choice, draws in proportion); the pool runs the parts at
// once and answers one legal action, with the parts' work counted once.

import t from 'tap';
import { games, type Action } from '../../src/engine/index.js';
import { createSearchPool } from '../../src/app/computer/search-pool.js';
import type { ComputerJob } from '../../src/app/computer/runner.js';
import { setupGame, type GameSeed, type StandingAction } from '../../src/app/games/history.js';
import { decide } from '../../src/search/decide.js';
import { level } from '../../src/search/levels.js';
import { mergeVotes } from '../../src/search/root-parallel.js';
import type { DecisionStats } from '../../src/search/types.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';
import { GAME_IDS, positions } from './helpers.js';

const A: Action = { type: 'a' };
const B: Action = { type: 'b' };
const C: Action = { type: 'c' };

t.test('the merge takes the action with the most visits summed over the parts, the first listed on a tie', async (t) => {
  // Each part alone prefers another action; together B has the most.
  t.same(mergeVotes([A, B, C], [{ action: A, votes: [10, 8, 0] }, { action: C, votes: [0, 7, 9] }], 's'), B);
  t.same(mergeVotes([A, B, C], [{ action: A, votes: [5, 5, 0] }, { action: B, votes: [0, 0, 0] }], 's'), A, 'a tie: the first listed');
  t.same(mergeVotes([A, B], [{ action: B }, { action: A }], 's'), B, 'no part searched (a forced move): the first part answers');
  t.same(mergeVotes([A, B], [{ action: B }, { action: A, votes: [1, 4] }], 's'), B, 'a part without votes does not count');
});

t.test('at a sealed choice the merge draws in proportion to the summed visits, never an action nobody visited', async (t) => {
  const n = { a: 0, b: 0, c: 0 };
  for (let i = 0; i < 2000; i++) {
    const a = mergeVotes([A, B, C], [{ action: A, votes: [30, 0, 0], mixed: true }, { action: B, votes: [0, 10, 0], mixed: true }], `seed ${i}`);
    n[a.type as 'a' | 'b' | 'c']++;
  }
  t.equal(n.c, 0);
  t.ok(n.a > 1350 && n.a < 1650, `A drawn about 3 times in 4 (${n.a} of 2000)`);
});

for (const game of GAME_IDS) {
  t.test(`${game}: a search's votes name the action it chooses`, async (t) => {
    let checked = 0;
    for (const p of positions(game, 1, 17, 40)) {
      if (p.input.legal.length < 2 || checked >= 12) continue;
      const d = decide(p.input, { iterations: 60, seed: `votes|${p.n}` });
      if (!d.votes || d.mixed) continue;
      t.equal(d.votes.length, p.input.legal.length);
      const best = d.votes.indexOf(Math.max(...d.votes));
      // Ties in visits are broken by the mean reward in the search: the chosen one has the most visits.
      t.equal(d.votes[p.input.legal.indexOf(d.action)], d.votes[best], `action ${p.n}: the chosen action has the most visits`);
      checked++;
    }
    t.ok(checked >= 8, `${checked} positions checked`);
  });
}

t.test('the pool runs a hard decision as two searches at once and answers one legal action', async (t) => {
  t.equal(level('hard').threads, 2);
  const busy: number[] = [];
  const decided: { job: ComputerJob; stats: DecisionStats }[] = [];
  const pool = createSearchPool({
    threads: 2,
    memoryMb: 256,
    budget: { iterations: 40, timeMs: 5000 },
    onBusy: (n) => busy.push(n),
    onDecision: (job, stats) => decided.push({ job, stats }),
  });
  t.teardown(() => pool.close());
  const m = games['julius-caesar']!;
  const seed: GameSeed = { seed: testSeed(91_000), rng: 'chacha20', options: {} };
  let s = setupGame(m, seed);
  const actions: StandingAction[] = [];
  const pick = chooser(4242);
  let asked = 0;
  for (let n = 0; n < 400 && asked < 3; n++) {
    const pending = m.pending(s);
    const role = pending[n % pending.length]!;
    const legal = m.legalActions(s, role);
    let action = legal[pick(legal.length)]!;
    if (role === 'Pompey' && legal.length > 3 && n > 30) {
      action = await pool.think({ gameId: 'root-parallel', module: m.id, game: seed, actions: actions.slice(), role, level: 'hard', seed: `rp|${n}` });
      t.ok(legal.some((a) => JSON.stringify(a) === JSON.stringify(action)), `action ${n}: a legal action`);
      asked++;
    }
    s = m.apply(s, role, action);
    actions.push({ seq: actions.length + 1, role, action });
  }
  t.equal(asked, 3);
  t.ok(busy.includes(2), 'both threads searched at once');
  t.equal(decided.length, 3, 'one decision told per think, not one per part');
  for (const d of decided) t.ok(d.stats.iterations > 20 && d.stats.iterations <= 40, `the parts' iterations counted together (${d.stats.iterations} of 40)`);
  t.equal(decided[0]!.job.part, undefined);
});
