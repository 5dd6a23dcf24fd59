// The computer opponent's search, its entry point: one decision for one role, from exactly what the
// API serves that role (its view, its legal actions, what it has seen so far) and a budget. It
// never receives the state, the seed or the game's generator (ComputerInput has no place for them,
// and a state passed as a view is refused), so it can know nothing its side may not see.
//
// src/search/ is the whole search and names no game: the belief (belief.ts, hidden-units.ts), the
// tree search (ismcts.ts, prior.ts), its generator, deadline and levels. It stands above the engine
// and below the service (it imports the engine, never the reverse; src/app/computer/ runs it on
// threads): what it knows of a game is the game's definition's (GameDefinition.computer, from
// src/engine/<game>/computer/), found by id (game-knowledge.ts).
//
// Without `timeMs` the answer is a pure function of (input, budget): the same input and seed give
// the same action. A forced move (one legal action) is answered at once. Memory is bounded by the
// tree's node cap and the replay's single rebuilt state.

import type { Action } from '../engine/index.js';
import { rebuild, Sampler } from './belief.js';
import { decisionDeadline } from './deadline.js';
import { DEFAULT_SEARCH, reward, Search, type SearchConfig } from './ismcts.js';
import { jsonEqual } from './json.js';
import { searchMultiple } from './levels.js';
import type { GameKnowledge } from './game-knowledge.js';
import { knowledge } from './game-knowledge.js';
import { createSearchRng, type Rng } from './search-rng.js';
import type { Deadline } from './deadline.js';
import type { Budget, ComputerInput, Decision, DecisionStats } from './types.js';

export type { Budget, ComputerInput, Decision, DecisionStats, Seen } from './types.js';

const DEFAULT_MAX_NODES = 100_000;

/**
 * What only a game state has, never a view: its generator (every game keeps it as `rng`,
 * src/engine/kit/random.ts; a view must never copy it).
 */
const STATE_ONLY = 'rng';

function check(input: ComputerInput): void {
  const v = input.view as unknown as Record<string, unknown>;
  if (v === null || typeof v !== 'object' || STATE_ONLY in v) {
    throw new Error('decide() takes the role\'s view, never a game state.');
  }
  if (v.role !== input.role) throw new Error(`The view is ${String(v.role)}'s, not ${input.role}'s.`);
  if (!knowledge[input.game]) throw new Error(`The computer cannot play ${input.game}.`);
  if (input.legal.length === 0) throw new Error(`${input.role} has no legal action to choose from.`);
}

/**
 * The search's settings for `role` on `budget`: the defaults, the role's own lean on its rules of
 * thumb (its game's policyBias), how its samples keep the belief's identities (sampleExchanges) and
 * how deep its playouts run at the budget's level (playoutDepthAt), the budget's tuning over them,
 * and the iterations its game's searchMultiple gives the role.
 */
export function searchConfig(know: GameKnowledge<unknown, unknown>, role: string, budget: Pick<Budget, 'iterations' | 'tuning' | 'maxNodes' | 'level'>, deadline: Deadline | null): SearchConfig {
  return {
    ...DEFAULT_SEARCH,
    policyBias: know.policyBias?.[role] ?? DEFAULT_SEARCH.policyBias,
    sampleExchanges: know.sampleExchanges?.[role] ?? DEFAULT_SEARCH.sampleExchanges,
    playoutDepth: (budget.level === undefined ? undefined : know.playoutDepthAt?.[budget.level]?.[role]) ?? DEFAULT_SEARCH.playoutDepth,
    ...budget.tuning,
    iterations: Math.max(1, Math.floor(budget.iterations * searchMultiple(know, role))),
    deadline,
    maxNodes: budget.maxNodes ?? DEFAULT_MAX_NODES,
  };
}

/** Chooses one of `input.legal` for `input.role` within `budget`. */
export function decide(input: ComputerInput, budget: Budget): Decision {
  const t0 = performance.now();
  check(input);
  const stats: DecisionStats = { iterations: 0, timeMs: 0, beliefMs: 0, nodes: 0, forced: false, beliefFailed: false, capped: false, outOfTime: false };
  const done = (action: Action): Decision => {
    stats.timeMs = performance.now() - t0;
    return { action, stats };
  };
  if (input.legal.length === 1) {
    stats.forced = true;
    return done(input.legal[0]!);
  }
  const know = knowledge[input.game] as GameKnowledge<unknown, unknown>;
  const rng = createSearchRng(`${input.game}|${input.role}|${String(budget.seed)}`);

  // The level's time covers the whole decision, the belief's replay included; the work stops a
  // little before it (a fifth of the cap, 100 ms at most), and earlier when the machine is so busy
  // that each step waits long for a core (deadline.ts): the headroom for the step under
  // way to end within the cap.
  const deadline = budget.timeMs === undefined ? null : decisionDeadline(t0, budget.timeMs);
  const rebuilt = rebuild(know, input, deadline);
  stats.beliefMs = performance.now() - t0;
  if (rebuilt.outOfTime) {
    // The replay of what was seen since the last decision did not end in time (a thread that
    // never saw this game, on a busy machine): it goes on from where it stopped at the next
    // decision; this one is the rules of thumb's on the view alone, i.e. a legal move at random.
    stats.outOfTime = true;
    stats.beliefFailed = true;
    return done(input.legal[rng.int(input.legal.length)]!);
  }
  if (!rebuilt.state) {
    // No state at all (the start itself did not fit): choose without searching.
    stats.beliefFailed = true;
    return done(input.legal[rng.int(input.legal.length)]!);
  }
  stats.beliefFailed = !rebuilt.exact;
  if (!rebuilt.exact && !jsonEqual(know.module.legalActions(rebuilt.state, input.role), input.legal)) {
    // The closest state the replay found does not even allow the same moves: the rules of thumb
    // pick among the legal actions, scored on it.
    let best = input.legal[rng.int(input.legal.length)]!;
    try {
      const sc = know.prior(rebuilt.state, input.role, input.legal);
      let bi = -1;
      for (let i = 0; i < sc.length; i++) if (bi < 0 || sc[i]! > sc[bi]!) bi = i;
      if (bi >= 0 && Number.isFinite(sc[bi]!)) best = input.legal[bi]!;
    } catch {
      // keep the random choice
    }
    return done(best);
  }
  const base = rebuilt.state;
  const role = input.role;
  // The search never reads the log: its states carry none (each step of a playout copies it).
  const bare = know.belief.clone(base);
  know.belief.trimLog(bare);
  const config = searchConfig(know, role, budget, deadline);
  const sampler = new Sampler(know, bare, role, input.view, input.legal, { exchanges: config.sampleExchanges });
  if (config.priorVisits > 0) config.rootValues = onePly(know, bare, role, input.legal, rng, deadline);
  const search = new Search(know, role, config, rng);
  // Each sample is a fresh copy (Sampler): the search's own, to step on in place.
  const run = search.run(() => {
    const s = sampler.sample(rng);
    return know.unseal(s, role) ?? s;
  }, true);
  stats.iterations = run.iterations;
  if (deadline) stats.longestStepMs = deadline.longestStep;
  stats.capped = run.capped;
  const result = search.choose();
  if (result) stats.nodes = result.nodes;
  const keys = input.legal.map((a) => know.observedKey(base, role, a, role));
  const action = result ? input.legal[keys.indexOf(result.key)] : undefined;
  const root = search.rootVisits();
  const counted = new Set<string>();
  const votes = keys.map((k) => (counted.has(k) ? 0 : (counted.add(k), root.visits.get(k) ?? 0)));
  return { ...done(action ?? input.legal[rng.int(input.legal.length)]!), votes, mixed: root.mixed };
}

/**
 * One ply of the evaluation over the legal moves, on the rebuilt state with a fresh generator (a
 * won game scores 1, a lost one -1), by the key the search gives each move; null at a sealed
 * choice (both sides choose at once: one ply means nothing there), for a role the game has search
 * without it (ComputerKnowledge.searchOnly), or if the deadline passes first.
 */
export function onePly<S>(know: GameKnowledge<S, unknown>, base: S, role: string, legal: readonly Action[], rng: Rng, deadline: Deadline | null): Map<string, number> | null {
  if (know.searchOnly?.includes(role) || know.simultaneous(base).length >= 2) return null;
  const s = know.belief.withRng(know.belief.clone(base), rng.key(), 0);
  const values = new Map<string, number>();
  for (const a of legal) {
    if (deadline !== null && deadline.passed()) return null;
    const key = know.observedKey(s, role, a, role);
    if (values.has(key)) continue;
    let v: number;
    try {
      v = reward(know, know.play(s, role, a), role);
    } catch {
      v = -1;
    }
    values.set(key, v);
  }
  return values;
}

/** Whether `action` is one of `legal` (deep-equal): what decide() promises. */
export function isListed(legal: readonly Action[], action: Action): boolean {
  return legal.some((a) => jsonEqual(a, action));
}
