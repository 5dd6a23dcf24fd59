// Engine benchmark: random legal-action playouts of whole games of each game on one core.
// Reports games/s, actions/s, and microseconds per legalActions() and per view(), median of runs.
// Usage: npm run bench:engine [-- --games 200 --runs 5]

import { games } from '../src/engine/index.js';
import type { Action, SetupOptions } from '../src/engine/types.js';
import { chooser } from '../test/helpers/chooser.js';
import { testSeed } from '../test/helpers/seeds.js';
import { legacyRandomInt, legacySeedState } from '../src/engine/julius-caesar/legacy-rng.js';
import { createRng, rollD6, type RngState } from '../src/engine/kit/random.js';

const BENCHED: { id: string; options: SetupOptions }[] = [
  { id: 'julius-caesar', options: { scenario: 'historical' } },
  { id: 'caesars-gallic-war', options: {} },
];
let g = games['julius-caesar']!;
let OPTIONS: SetupOptions = { scenario: 'historical' };
const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const GAMES = arg('games', 100);
const RUNS = arg('runs', 5);


interface Sample {
  games: number;
  actions: number;
  ms: number;
  legalUs: number;
  viewUs: number;
}

function run(offset: number): Sample {
  let actions = 0;
  let legalTime = 0;
  let legalCalls = 0;
  let viewTime = 0;
  let viewCalls = 0;
  const t0 = performance.now();
  for (let k = 0; k < GAMES; k++) {
    const pick = chooser(offset * 100003 + k + 1);
    let s = g.setup(testSeed(offset * 100003 + k), OPTIONS);
    for (;;) {
      const pending = g.pending(s);
      if (pending.length === 0) break;
      const role = pending[pick(pending.length)]!;
      const l0 = performance.now();
      const legal: Action[] = g.legalActions(s, role);
      legalTime += performance.now() - l0;
      legalCalls++;
      s = g.apply(s, role, legal[pick(legal.length)]!);
      actions++;
      if (actions % 16 === 0) {
        const v0 = performance.now();
        g.view(s, role);
        viewTime += performance.now() - v0;
        viewCalls++;
      }
    }
  }
  const ms = performance.now() - t0 - viewTime;
  return { games: GAMES, actions, ms, legalUs: (legalTime * 1000) / legalCalls, viewUs: (viewTime * 1000) / viewCalls };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const b of BENCHED) {
  g = games[b.id]!;
  OPTIONS = b.options;
  run(999); // warm-up
  const samples: Sample[] = [];
  for (let r = 0; r < RUNS; r++) samples.push(run(r));
  const gps = median(samples.map((x) => (x.games / x.ms) * 1000));
  const aps = median(samples.map((x) => (x.actions / x.ms) * 1000));
  const per = median(samples.map((x) => x.actions / x.games));
  console.log(`${g.title} engine, ${RUNS} runs of ${GAMES} random games (median):`);
  console.log(`  ${gps.toFixed(1)} games/s, ${aps.toFixed(0)} actions/s, ${per.toFixed(0)} actions/game`);
  console.log(`  legalActions: ${median(samples.map((x) => x.legalUs)).toFixed(1)} µs/call`);
  console.log(`  view:         ${median(samples.map((x) => x.viewUs)).toFixed(1)} µs/call`);
}
g = games['julius-caesar']!;

// The generator alone: what one die costs with the keyed ChaCha20 generator of new games and
// with the mulberry32 of legacy games, and how many draws a game makes.
function drawsPerGame(): number {
  const pick = chooser(4242);
  let s = g.setup(testSeed(4242), { scenario: 'historical' });
  while (g.pending(s).length) {
    const role = g.pending(s)[pick(g.pending(s).length)]!;
    const legal: Action[] = g.legalActions(s, role);
    s = g.apply(s, role, legal[pick(legal.length)]!);
  }
  return (s.rng as RngState).counter;
}
function nsPerDraw(roll: () => number): number {
  const n = 2_000_000;
  let sum = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) sum += roll();
  const ns = ((performance.now() - t0) * 1e6) / n;
  if (sum < n) throw new Error('unreachable');
  return ns;
}
const keyed = createRng(testSeed(1));
const legacy = { rng: legacySeedState(1) };
const keyedNs = median([0, 1, 2].map(() => nsPerDraw(() => rollD6(keyed))));
const legacyNs = median([0, 1, 2].map(() => nsPerDraw(() => legacyRandomInt(legacy, 6) + 1)));
console.log(`  one die:      ${keyedNs.toFixed(0)} ns keyed ChaCha20 (new games), ${legacyNs.toFixed(0)} ns mulberry32 (legacy games); ${drawsPerGame()} draws in a game`);
