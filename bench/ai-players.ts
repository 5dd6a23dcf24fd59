// Players for the computer-opponent benchmark (bench/ai.ts): uniform random, greedy one-ply with
// the game's own evaluation, the search at each level (as served: decide() on what the role saw),
// the same search given the true state (an oracle, for measurement only: never served), and the
// rulebook bot of the solitaire Gallic War. Every player but the oracles decides from its role's
// input alone.

import type { Action } from '../src/engine/index.js';
import { decide, onePly, searchConfig } from '../src/search/decide.js';
import { mergeVotes, partBudget } from '../src/search/root-parallel.js';
import { rebuild } from '../src/search/belief.js';
import { decisionDeadline } from '../src/search/deadline.js';
import { Search } from '../src/search/ismcts.js';
import { jsonEqual } from '../src/search/json.js';
import type { GameKnowledge } from '../src/search/game-knowledge.js';
import { budgetFor, level } from '../src/search/levels.js';
import { knowledge } from '../src/search/game-knowledge.js';
import { createSearchRng } from '../src/search/search-rng.js';
import type { ComputerInput, DecisionStats, SearchTuning } from '../src/search/types.js';

export interface Turn {
  input: ComputerInput;
  /** The true state: only the oracles and the bot may look at it. */
  state: unknown;
  /** Distinguishes decisions (seeds the search). */
  seed: string;
}

export interface Choice {
  action: Action;
  stats?: DecisionStats;
}

export type Player = (turn: Turn) => Choice;

export type PlayerName = 'random' | 'greedy' | 'easy' | 'normal' | 'hard' | 'oracle-normal' | 'greedy-oracle' | 'bot';

const know = (game: string) => knowledge[game] as GameKnowledge<unknown, unknown>;

function random(t: Turn): Choice {
  const r = createSearchRng(t.seed);
  return { action: t.input.legal[r.int(t.input.legal.length)]! };
}

/** The legal action whose resulting state the game's evaluation likes best (rules of thumb break ties). */
function greedyOn(game: string, s: unknown, role: string, legal: readonly Action[], seed: string): Action {
  const k = know(game);
  const prior = k.prior(s, role, legal);
  const r = createSearchRng(seed);
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < legal.length; i++) {
    let v: number;
    try {
      v = k.evaluate(k.module.apply(s, role, legal[i]!), role);
    } catch {
      v = -2;
    }
    v += 0.001 * Math.tanh(prior[i]!) + 1e-6 * r.float();
    if (v > bestValue) {
      bestValue = v;
      best = i;
    }
  }
  return legal[best]!;
}

function greedy(t: Turn): Choice {
  const { input } = t;
  if (input.legal.length === 1) return { action: input.legal[0]! };
  const k = know(input.game);
  const r = rebuild(k, input);
  if (!r.state || !jsonEqual(k.module.legalActions(r.state, input.role), input.legal)) return random(t);
  return { action: greedyOn(input.game, k.belief.withRng(r.state, createSearchRng(t.seed).key(), 0), input.role, input.legal, t.seed) };
}

function greedyOracle(t: Turn): Choice {
  if (t.input.legal.length === 1) return { action: t.input.legal[0]! };
  const k = know(t.input.game);
  return { action: greedyOn(t.input.game, k.belief.withRng(t.state, createSearchRng(t.seed).key(), 0), t.input.role, t.input.legal, t.seed) };
}

/** `--no-cap` (bench/ai.ts): each level's iterations without its time cap, so that a match does not depend on the machine's load. */
const capTime = process.env.ALEA_BENCH_NO_CAP !== '1';

/** `name=N,name=N` as numbers by name (the options below). */
const numbersByName = (text: string): Record<string, number> =>
  Object.fromEntries(text.split(',').filter(Boolean).map((x) => x.split('=')).map(([k, v]) => [k, Number(v)]));

/** `--iterations normal=900` (bench/ai.ts): a level's iterations changed, its time cap kept. */
const iterationsOf = numbersByName(process.env.ALEA_BENCH_ITERATIONS ?? '');
/** `--threads hard=1` (bench/ai.ts): a level's root-parallel searches, changed. */
const threadsOf = numbersByName(process.env.ALEA_BENCH_THREADS ?? '');

/** `--search playoutDepth=0,exploration=0.25` (bench/ai.ts): the search's settings changed in every game (`--search-level L`: at that level only). */
const tuning: SearchTuning | undefined = process.env.ALEA_BENCH_SEARCH ? numbersByName(process.env.ALEA_BENCH_SEARCH) : undefined;
const tunedLevel = process.env.ALEA_BENCH_SEARCH_LEVEL;
const tuningAt = (levelId: string) => (tunedLevel === undefined || tunedLevel === levelId ? tuning : undefined);

function search(levelId: string): Player {
  return (t) => {
    // A root-parallel level (hard) as the service plays it: its searches one after the other here, merged.
    const of = threadsOf[levelId] ?? level(levelId).threads ?? 1;
    const budget = budgetFor(levelId, t.seed, capTime);
    if (iterationsOf[levelId]) budget.iterations = iterationsOf[levelId];
    if (tuningAt(levelId)) budget.tuning = { ...budget.tuning, ...tuningAt(levelId) };
    const parts = of > 1 ? Array.from({ length: of }, (_, index) => decide(t.input, partBudget(budget, index, of))) : [decide(t.input, budget)];
    const stats = { ...parts[0]!.stats, iterations: parts.reduce((n, d) => n + d.stats.iterations, 0), timeMs: Math.max(...parts.map((d) => d.stats.timeMs)) };
    return { action: of > 1 ? mergeVotes(t.input.legal, parts, t.seed) : parts[0]!.action, stats };
  };
}

/**
 * The search at a level, given the true state as its every determinization (with a fresh
 * generator key: it knows the hidden state, not the future dice). Measurement only.
 */
function oracle(levelId: string): Player {
  return (t) => {
    const t0 = performance.now();
    const { input } = t;
    const stats: DecisionStats = { iterations: 0, timeMs: 0, beliefMs: 0, nodes: 0, forced: false, beliefFailed: false, capped: false, outOfTime: false };
    if (input.legal.length === 1) {
      stats.forced = true;
      return { action: input.legal[0]!, stats };
    }
    const k = know(input.game);
    const l = level(levelId);
    const rng = createSearchRng(`oracle|${t.seed}`);
    const deadline = capTime ? decisionDeadline(t0, l.timeMs) : null;
    const cfg = searchConfig(k, input.role, { iterations: l.iterations, tuning: { ...l.search, ...tuningAt(levelId) }, maxNodes: 100_000 }, deadline);
    // The level's one-ply head start, as decide() gives it, on the true state.
    if (cfg.priorVisits > 0) cfg.rootValues = onePly(k, t.state, input.role, input.legal, rng, deadline);
    const s = new Search(k, input.role, cfg, rng);
    const run = s.run(() => {
      const x = k.belief.withRng(t.state, rng.key(), 0);
      return k.unseal(x, input.role) ?? x;
    });
    const res = s.choose();
    stats.iterations = run.iterations;
    stats.capped = run.capped;
    stats.timeMs = performance.now() - t0;
    const action = res ? input.legal.find((a) => k.observedKey(t.state, input.role, a, input.role) === res.key) : undefined;
    return { action: action ?? input.legal[0]!, stats };
  };
}

/** The solitaire game's rulebook bot: its one action, which the engine resolves by the bot's rules. */
function bot(t: Turn): Choice {
  return { action: t.input.legal[0]! };
}

export function player(name: PlayerName): Player {
  switch (name) {
    case 'random':
      return random;
    case 'greedy':
      return greedy;
    case 'greedy-oracle':
      return greedyOracle;
    case 'oracle-normal':
      return oracle('normal');
    case 'bot':
      return bot;
    default:
      return search(name);
  }
}
