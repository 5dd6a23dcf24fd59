// Computer-opponent benchmark: matches between players of both games, played in parallel in
// child processes (one per core), with win rates (a draw counts half) and their Wilson 95% intervals, each side
// played in half the games, and the think times of the "normal" level. A benchmark, not a test:
// it asserts nothing, it measures.
//
// Usage: npm run bench:ai [-- --games 20 --match easy-random,normal-greedy --workers 2 --out file.json]
//   --games N     games per cell (each cell: one match, one game; sides alternate)
//   --match LIST  matches to play (default: all); see MATCHES below
//   --workers N   child processes (default: 2, this machine's cores)
//   --out FILE    also write every game's result as JSON
//   --no-cap      each level's iterations without its time cap (a match independent of the load)
//   --iterations LEVEL=N[,LEVEL=N]  a level's iterations changed (e.g. normal=900: is more search stronger?)
//   --threads LEVEL=N   a level's root-parallel searches changed (hard=1: its iterations in one tree)
//   --search K=V[,K=V]  the search's settings changed in every game (playoutDepth, exploration, priorVisits, policyBias)
//   --search-level L    ... at level L only (e.g. hard's head start changed, normal's not)
//   --game G      only this game's games; --side ROLE  only games where the measured player is ROLE
//   --from K      game indices from K on (another run's games added to a cell: different seeds)
//   --profile N   instead: N decisions of the normal level in each game, profiled (where the time goes)
//   --speed N     instead: iterations/s of CPU time on fixed positions of each game, N iterations each
//   --fit N       instead: N self-play games of each game, the evaluation's weights fitted to who won
//   --policy N    instead: N games of each game between the playouts' rules-of-thumb players
//   --belief N    instead: N seeded games of each game with the belief checked exact at every decision
//                 (--game G, --from K: game offsets from K, default 1000; --style greedy: one-ply players)

import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { games as modules, type Action, type SetupOptions } from '../src/engine/index.js';
import { Observer } from '../src/search/observer.js';
import type { DecisionStats } from '../src/search/types.js';
import { player, type PlayerName } from './ai-players.js';
import { rate } from './stats.js';

type GameId = 'julius-caesar' | 'caesars-gallic-war';

interface Match {
  name: string;
  games: GameId[];
  /** The player measured, and its opponent. */
  a: PlayerName;
  b: PlayerName;
  /** Only this side for `a` (CGW: the Barbarian), with the game's options. */
  side?: string;
  options?: SetupOptions;
  what: string;
}

const BOTH: GameId[] = ['julius-caesar', 'caesars-gallic-war'];

const MATCHES: Match[] = [
  { name: 'easy-random', games: BOTH, a: 'easy', b: 'random', what: 'easy vs uniform random (target >= 95% each game, each side)' },
  { name: 'normal-greedy', games: BOTH, a: 'normal', b: 'greedy', what: 'normal vs greedy one-ply (target >= 65% overall, >= 55% on the weaker side)' },
  { name: 'ladder-greedy', games: BOTH, a: 'greedy', b: 'random', what: 'ladder: greedy vs random (target >= 60%)' },
  { name: 'ladder-easy', games: BOTH, a: 'easy', b: 'greedy', what: 'ladder: easy vs greedy (target >= 60%)' },
  { name: 'ladder-normal', games: BOTH, a: 'normal', b: 'easy', what: 'ladder: normal vs easy (target >= 60%)' },
  { name: 'ladder-hard', games: BOTH, a: 'hard', b: 'normal', what: 'ladder: hard vs normal (target >= 60%)' },
  { name: 'oracle', games: BOTH, a: 'oracle-normal', b: 'normal', what: 'normal given the true state vs normal (gap <= 15 points)' },
  {
    name: 'cgw-computer',
    games: ['caesars-gallic-war'],
    a: 'normal',
    b: 'greedy-oracle',
    side: 'Barbarian',
    what: 'CGW: computer (normal) Barbarian vs the greedy Roman (two-player game)',
  },
  {
    name: 'cgw-bot',
    games: ['caesars-gallic-war'],
    a: 'bot',
    b: 'greedy-oracle',
    side: 'Barbarian',
    options: { solitaire: true },
    what: 'CGW: rulebook bot Barbarian vs the same greedy Roman (solitaire game)',
  },
];

interface Job {
  match: string;
  game: GameId;
  index: number;
  /** The role the measured player takes. */
  role: string;
}

interface Decision {
  player: PlayerName;
  ms: number;
  forced: boolean;
  capped: boolean;
  beliefFailed: boolean;
  iterations: number;
}

interface GameResult extends Job {
  /** 1 win, 0.5 draw, 0 loss for the measured player. */
  score: number;
  winner: string | null;
  /** The outcome's VP (Caesar's Gallic War: the Roman's; Julius Caesar: each side's). */
  vp?: unknown;
  actions: number;
  ms: number;
  decisions: Decision[];
}

function seedOf(job: Job): string {
  return createHash('sha256').update(`alea bench ai ${job.match} ${job.game} ${job.index}`).digest('hex');
}

function playGame(job: Job): GameResult {
  const t0 = performance.now();
  const match = MATCHES.find((m) => m.name === job.match)!;
  const m = modules[job.game]!;
  let s: unknown = m.setup(seedOf(job), match.options ?? {});
  const other = m.roles.find((r) => r !== job.role)!;
  const seats: Record<string, PlayerName> = { [job.role]: match.a, [other]: match.b };
  const players = Object.fromEntries(m.roles.map((r) => [r, player(seats[r]!)]));
  const observers = Object.fromEntries(m.roles.map((r) => [r, new Observer(m as never, r, s)]));
  const decisions: Decision[] = [];
  let n = 0;
  for (; n < 20_000; n++) {
    const pending = m.pending(s);
    if (pending.length === 0) break;
    // Both pending only for the sealed card plays: the order does not matter to the rules.
    const role = pending[n % pending.length]!;
    const turn = { input: observers[role]!.input(s), state: s, seed: `${seedOf(job)}|${n}` };
    const choice = players[role]!(turn);
    const st: DecisionStats | undefined = choice.stats;
    if (st) decisions.push({ player: seats[role]!, ms: st.timeMs, forced: st.forced, capped: st.capped, beliefFailed: st.beliefFailed, iterations: st.iterations });
    const a: Action = choice.action;
    s = m.apply(s, role, a);
    for (const r of m.roles) observers[r]!.push(role, a, s);
  }
  const o = m.outcome(s);
  const winner = o ? o.winner : null;
  return { ...job, score: winner === job.role ? 1 : winner === null ? 0.5 : 0, winner, vp: o?.vp, actions: n, ms: performance.now() - t0, decisions };
}



/** A cell's score (a draw counts half) with its interval. */
function cell(results: GameResult[]): string {
  return rate(results.reduce((a, r) => a + r.score, 0), results.length);
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const perCell = Number(arg('games') ?? 10);
  const workers = Number(arg('workers') ?? 2);
  const wanted = (arg('match') ?? MATCHES.map((m) => m.name).join(',')).split(',');
  const out = arg('out');
  // Read by the players in the child processes (bench/ai-players.ts).
  if (process.argv.includes('--no-cap')) process.env.ALEA_BENCH_NO_CAP = '1';
  if (arg('iterations')) process.env.ALEA_BENCH_ITERATIONS = arg('iterations');
  if (arg('threads')) process.env.ALEA_BENCH_THREADS = arg('threads');
  if (arg('search')) process.env.ALEA_BENCH_SEARCH = arg('search');
  if (arg('search-level')) process.env.ALEA_BENCH_SEARCH_LEVEL = arg('search-level');
  const jobs: Job[] = [];
  for (const name of wanted) {
    const match = MATCHES.find((m) => m.name === name);
    if (!match) throw new Error(`unknown match ${name}; matches: ${MATCHES.map((m) => m.name).join(', ')}`);
    for (const game of match.games) {
      if (arg('game') && arg('game') !== game) continue;
      const roles = match.side ? [match.side] : modules[game]!.roles;
      const from = Number(arg('from') ?? 0);
      for (let k = from; k < from + perCell; k++) {
        const role = roles[k % roles.length]!;
        if (!arg('side') || arg('side') === role) jobs.push({ match: name, game, index: k, role });
      }
    }
  }
  console.log(`Computer opponent benchmark${process.env.ALEA_BENCH_NO_CAP === '1' ? ' (iterations without time caps)' : ''}${arg('iterations') ? ` (iterations ${arg('iterations')})` : ''}${arg('threads') ? ` (threads ${arg('threads')})` : ''}${arg('search') ? ` (search ${arg('search')}${arg('search-level') ? ` at ${arg('search-level')}` : ''})` : ''}: ${jobs.length} games in ${workers} processes (${cpus().length} cores, ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}).`);
  const t0 = performance.now();
  const results: GameResult[] = [];
  await new Promise<void>((resolve, reject) => {
    let next = 0;
    let live = 0;
    const start = () => {
      const w = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: ['--import', 'tsx'] });
      live++;
      w.on('message', (msg: GameResult | 'ready') => {
        if (msg !== 'ready') {
          results.push(msg);
          const done = results.length;
          process.stderr.write(`  ${done}/${jobs.length} ${msg.match} ${msg.game} ${msg.role}: ${msg.score}, VP ${JSON.stringify(msg.vp)} (${(msg.ms / 1000).toFixed(0)} s)\n`);
        }
        if (next < jobs.length) w.send(jobs[next++]!);
        else w.send('stop');
      });
      w.on('error', reject);
      w.on('exit', () => {
        if (--live === 0) resolve();
      });
    };
    for (let i = 0; i < Math.min(workers, jobs.length); i++) start();
  });
  const minutes = (performance.now() - t0) / 60000;
  console.log(`Played in ${minutes.toFixed(1)} min.\n`);

  for (const name of wanted) {
    const match = MATCHES.find((m) => m.name === name)!;
    console.log(`${match.what}`);
    for (const game of match.games) {
      if (arg('game') && arg('game') !== game) continue;
      const rs = results.filter((r) => r.match === name && r.game === game);
      const sides = match.side ? [match.side] : modules[game]!.roles;
      const bySide = sides.map((role) => `${role} ${cell(rs.filter((r) => r.role === role))}`).join('; ');
      console.log(`  ${game}: ${match.a} scores ${cell(rs)}${match.side ? '' : ` (${bySide})`}; mean game ${(rs.reduce((a, r) => a + r.ms, 0) / Math.max(1, rs.length) / 1000).toFixed(0)} s`);
      const failed = rs.flatMap((r) => r.decisions).filter((d) => d.beliefFailed).length;
      const all = rs.flatMap((r) => r.decisions).length;
      if (failed) console.log(`    belief not exact in ${failed} of ${all} decisions`);
    }
  }
  // Think time of the normal level, wherever it played.
  const normal = results.flatMap((r) => r.decisions).filter((d) => d.player === 'normal');
  const thought = normal.filter((d) => !d.forced).map((d) => d.ms);
  const forced = normal.filter((d) => d.forced).map((d) => d.ms);
  if (normal.length) {
    console.log(`\nThink time at normal: ${thought.length} decisions, median ${quantile(thought, 0.5).toFixed(0)} ms, p95 ${quantile(thought, 0.95).toFixed(0)} ms, max ${quantile(thought, 1).toFixed(0)} ms; capped by the time limit ${normal.filter((d) => d.capped).length}; forced moves ${forced.length}, max ${quantile(forced, 1).toFixed(1)} ms.`);
  }
  for (const lv of ['easy', 'hard', 'oracle-normal'] as const) {
    const ds = results.flatMap((r) => r.decisions).filter((d) => d.player === lv && !d.forced).map((d) => d.ms);
    if (ds.length) console.log(`Think time at ${lv}: median ${quantile(ds, 0.5).toFixed(0)} ms, p95 ${quantile(ds, 0.95).toFixed(0)} ms over ${ds.length} decisions.`);
  }
  if (out) writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), load: loadavg(), results }, null, 1));
}

if (process.argv.includes('--profile')) {
  const n = Number(process.argv[process.argv.indexOf('--profile') + 1] ?? 20);
  const { profile } = await import('./ai-profile.js');
  for (const game of BOTH) await profile(game, 'normal', n);
} else if (process.argv.includes('--policy')) {
  const { policySelfPlay } = await import('./ai-policy.js');
  const only = process.argv.indexOf('--game');
  for (const game of BOTH) if (only < 0 || process.argv[only + 1] === game) policySelfPlay(game, Number(process.argv[process.argv.indexOf('--policy') + 1] ?? 300));
} else if (process.argv.includes('--fit')) {
  const { fitEvaluations } = await import('./ai-fit.js');
  const only = process.argv.indexOf('--game');
  fitEvaluations(Number(process.argv[process.argv.indexOf('--fit') + 1] ?? 400), only > 0 ? process.argv[only + 1] : undefined);
} else if (process.argv.includes('--belief')) {
  // The belief hunt of the suite's test/ai/belief-games.test.ts, over more games.
  const n = Number(process.argv[process.argv.indexOf('--belief') + 1] ?? 20);
  const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const { huntBelief } = await import('../test/ai/belief-games.js');
  const style = arg('--style') === 'greedy' ? 'greedy' : 'thumb';
  for (const game of BOTH) {
    if (arg('--game') && arg('--game') !== game) continue;
    const t0 = performance.now();
    const r = huntBelief(game, n, Number(arg('--from') ?? 1000), null, 3000, style);
    console.log(`${game}: ${r.games} games (${r.ended} ended), ${r.decisions} decisions, ${r.inexact.length} inexact, ${r.samples} samples (every one checked), ${r.badSamples.length} decisions with a sample that differs, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    for (const l of [...r.inexact, ...r.badSamples]) console.log(`  ${l}`);
  }
} else if (process.argv.includes('--speed')) {
  // In a process of its own, with only the build loaded (bench/ai-speed.ts says why), and the young
  // generation of a search thread (three semi-spaces: src/app/computer/search-pool.ts).
  const { YOUNG_GENERATION_MB } = await import('../src/app/computer/search-pool.js');
  const only = process.argv.indexOf('--game');
  const args = [fileURLToPath(new URL('./ai-speed.ts', import.meta.url)), process.argv[process.argv.indexOf('--speed') + 1] ?? '300', ...(only > 0 ? [process.argv[only + 1]!] : [])];
  const child = fork(args[0]!, args.slice(1), { execArgv: ['--import', 'tsx', `--max-semi-space-size=${YOUNG_GENERATION_MB / 3}`], stdio: 'inherit' });
  process.exitCode = await new Promise<number>((done) => child.on('exit', (code) => done(code ?? 1)));
} else if (process.argv.includes('--child')) {
  process.on('message', (job: Job | 'stop') => {
    if (job === 'stop') process.exit(0);
    process.send!(playGame(job));
  });
  process.send!('ready');
} else {
  await main();
}
