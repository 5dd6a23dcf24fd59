// Search speed on fixed positions: iterations per second of CPU time (process.cpuUsage, which a
// loaded shared machine distorts far less than the wall clock) at a fixed iteration count with no
// time cap, so that a change to the hot path is compared on the very same work.
// `bench/ai.ts --speed N` runs it: N iterations per decision.
//
// It times the build (dist/, brought up to date first): the code the service's search threads run,
// in a process of its own that loads nothing else, as a search thread's isolate does, with a
// search thread's young generation (bench/ai.ts starts it so). The benchmark's own loader (tsx) keeps every function's name with a call each time a
// closure is made, which costs the search 5-10% that the service never pays; and the sources
// loaded beside the build (the match benchmark's) cost it a few per cent more.

import { createHash } from 'node:crypto';
import { cpuUsage } from 'node:process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ComputerInput } from '../src/search/types.js';

/** The parts of the build this benchmark runs, typed as their sources. */
interface Built {
  modules: (typeof import('../src/engine/index.js'))['games'];
  decide: (typeof import('../src/search/decide.js'))['decide'];
  Observer: (typeof import('../src/search/observer.js'))['Observer'];
  createSearchRng: (typeof import('../src/search/search-rng.js'))['createSearchRng'];
}

async function built(): Promise<Built> {
  const at = (path: string) => new URL(`../${path}`, import.meta.url).href;
  await (await import(at('scripts/build.mjs'))).build(['server']);
  return {
    modules: (await import(at('dist/engine/index.js'))).games,
    decide: (await import(at('dist/search/decide.js'))).decide,
    Observer: (await import(at('dist/search/observer.js'))).Observer,
    createSearchRng: (await import(at('dist/search/search-rng.js'))).createSearchRng,
  };
}

/** Positions along one seeded random game, every `every` actions, for the role to move. */
function positions({ modules, Observer, createSearchRng }: Built, game: string, count: number, every: number): ComputerInput[] {
  const m = modules[game]!;
  let s: unknown = m.setup('5'.repeat(64), {});
  const observers = Object.fromEntries(m.roles.map((r) => [r, new Observer(m as never, r, s)]));
  const r = createSearchRng(`speed|${game}`);
  const out: ComputerInput[] = [];
  for (let n = 0; out.length < count; n++) {
    const pending = m.pending(s);
    if (pending.length === 0) break;
    const role = pending[n % pending.length]!;
    const legal = m.legalActions(s, role);
    // The observer's history grows with the game: each position keeps its own copy.
    if (n % every === every - 1 && legal.length > 1) {
      const input = observers[role]!.input(s);
      out.push({ ...input, seen: input.seen.slice() } as ComputerInput);
    }
    const a = legal[r.int(legal.length)]!;
    s = m.apply(s, role, a);
    for (const x of m.roles) observers[x]!.push(role, a, s);
  }
  return out;
}

/**
 * Passes over the positions. V8 optimizes the search's code in tiers over the first three or
 * four passes (the first runs at a third of the speed it reaches; every pass's figure is printed):
 * the steady figure is the median of the last four, the speed of a search thread the service has
 * been running for a while.
 */
const PASSES = 8;
const STEADY = 4;

export async function speed(iterations: number, only?: string): Promise<void> {
  const b = await built();
  const { modules, decide } = b;
  console.log(`Search speed of the build, ${iterations} iterations per decision, no time cap (load ${loadavg().map((x) => x.toFixed(1)).join(' ')}):`);
  for (const game of ['julius-caesar', 'caesars-gallic-war']) {
    if (only && only !== game) continue;
    const inputs = positions(b, game, 8, 37);
    // The replay of what was seen is remembered per history: made first, so that only the search is timed.
    for (const input of inputs) decide(input, { iterations: 1, seed: 'warm' });
    // Each pass makes the same decisions; the first runs on code V8 has not optimized yet. A
    // search thread of the service is reused from decision to decision, so it runs warm: the
    // figure that counts is the steady passes' median (CPU time), every pass shown beside it.
    const rates: number[] = [];
    const walls: number[] = [];
    const digests = new Set<string>();
    let its = 0;
    for (let pass = 0; pass < PASSES; pass++) {
      // The decisions made, as a digest: a change meant to be faster only must leave it as it was.
      const made = createHash('sha256');
      its = 0;
      let cpu = 0;
      let wall = 0;
      for (const [k, input] of inputs.entries()) {
        const c0 = cpuUsage();
        const w0 = performance.now();
        const d = decide(input, { iterations, seed: `speed|${k}` });
        const c = cpuUsage(c0);
        wall += performance.now() - w0;
        cpu += (c.user + c.system) / 1000;
        its += d.stats.iterations;
        made.update(JSON.stringify([d.action, d.stats.iterations, d.stats.nodes]));
      }
      rates.push((its / cpu) * 1000);
      walls.push((its / wall) * 1000);
      digests.add(made.digest('hex').slice(0, 12));
    }
    const median = (x: number[]) => x.slice(-STEADY).sort((a, b) => a - b)[STEADY >> 1]!;
    const steady = median(rates);
    const steadyWall = median(walls);
    console.log(
      `  ${modules[game]!.title}: ${inputs.length} positions, ${its} iterations a pass; steady ${steady.toFixed(0)} iterations/s of CPU time (${steadyWall.toFixed(0)} of wall time); pass by pass ${rates.map((r) => r.toFixed(0)).join(' ')}; decisions ${[...digests].join(' ')}${digests.size > 1 ? ' (passes differ: not deterministic!)' : ''}`,
    );
  }
}

// Run by bench/ai.ts --speed as a process of its own: `ai-speed.ts N [game]`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await speed(Number(process.argv[2] ?? 300), process.argv[3]);
}
