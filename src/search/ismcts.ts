// Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), as these games need
// it. Each iteration samples a full state consistent with what the computer has seen (a
// determinization), walks the tree with it, adds one node, plays a cut-off playout with the game's
// cheap policy and scores the end with the game's evaluation.
//
// - The tree is keyed by actions as the computer would see them made (knowledge.observedKey):
//   moves of hidden enemy blocks that look alike share an edge, so the tree is one of information
//   sets, not of the sampled states. An edge is "available" in an iteration when the sampled state
//   allows it; selection is UCB1 over available edges with availability counts (ISMCTS).
// - Sealed simultaneous choices (the card each side plays face-down) are nodes where each side has
//   its own bandit, decoupled UCT (Lanctot et al., SM-MCTS): each side chooses by UCB1 over its own
//   cards, unvisited ones first in the order of its rules of thumb, as if it did not know the
//   other's; and the computer's own card is drawn at random in proportion to the visits each card
//   earned (a mixed choice, never a pure argmax an opponent could read). Regret matching was tried
//   first: with a few hundred iterations its average strategy stayed close to uniform, so the
//   computer played weak cards as often as strong ones.
// - Progressive widening: a node with many legal moves (a command phase with dozens of blocks)
//   considers its moves one by one in the policy's order, k * visits^alpha of them.
// - Progressive bias (a role's `policyBias`): the computer's own moves at the root add the rules of
//   thumb's preference for them to their UCB1 value, fading with their visits (PUCT's form), for a
//   role whose few playouts alone choose worse than its rules of thumb play.
// - Playouts stop after a few dozen actions, once no battle is being fought or waits to be (a
//   position in the middle of a fight is not worth its evaluation); the evaluation scores it.
// - States: decide() hands each iteration a fresh copy of its own (run's `owned`), and every step of
//   the iteration, down the tree and through the playout, changes it in place (playOwned) instead
//   of copying it; a caller whose samples share parts with a state it keeps gets a copy at the first step.
// - Memory is bounded by a cap on nodes; time by a deadline checked every iteration and every
//   few playout steps (past it, the search answers the best move found so far).

import type { Action } from '../engine/index.js';
import type { Deadline } from './deadline.js';
import type { GameKnowledge } from './game-knowledge.js';
import { policyMove } from './prior.js';
import type { Rng } from './search-rng.js';

export interface SearchConfig {
  iterations: number;
  /** When the search stops (read at every step); null: no time limit. */
  deadline: Deadline | null;
  maxNodes: number;
  /** Actions played by the policy after leaving the tree before the evaluation scores the position. */
  playoutDepth: number;
  /** A playout step with more legal actions than this scores only this many of them, drawn at random. */
  playoutScored: number;
  /** UCB1 exploration constant (rewards are in [-1, 1]). */
  exploration: number;
  /** Progressive widening: a node visited n times considers ceil(k * n^alpha) of its moves. */
  widenK: number;
  widenAlpha: number;
  /** UCB1 exploration constant at simultaneous nodes. */
  simExploration: number;
  /**
   * The computer's own moves at the root as one ply of the evaluation scores them (by key), or
   * null: they order the root's widening, and each root edge starts with `priorVisits` visits worth
   * that score, so that a small budget's few noisy playouts must agree before they overrule the
   * evaluation's own judgement of the move (the easy level: a few dozen playouts alone played
   * worse than that judgement did).
   */
  rootValues?: ReadonlyMap<string, number> | null;
  priorVisits: number;
  /** Weight of the rules of thumb's preference among the computer's own root moves in their UCB1 value (0: none). */
  policyBias: number;
  /** Temperature of the softmax that turns the rules of thumb's scores into that preference. */
  policyTemperature: number;
  /**
   * The hidden units of each sampled state (belief.ts Sampler): negative, their identities dealt
   * again at random within what the view allows; else the rebuilt state's, with this many tries
   * at exchanging two of them at random (the opponent's cards are dealt again either way).
   */
  sampleExchanges: number;
}

export const DEFAULT_SEARCH: Omit<SearchConfig, 'iterations' | 'deadline' | 'maxNodes'> = {
  playoutDepth: 16,
  playoutScored: 10,
  exploration: 0.8,
  widenK: 2,
  widenAlpha: 0.5,
  simExploration: 0.8,
  priorVisits: 0,
  policyBias: 0,
  policyTemperature: 0.5,
  sampleExchanges: -1,
};

interface Child {
  node: Node;
  /** Visits through this edge and the sum of rewards for the role that chose it. */
  n: number;
  w: number;
  /** Iterations in which this edge was available (ISMCTS). */
  avail: number;
}

/** One role's arm at a simultaneous node (decoupled UCT): its visits and the role's rewards. */
interface Arm {
  n: number;
  w: number;
  /** The rules of thumb's score, which orders the arms not yet tried. */
  prior: number;
}

class Node {
  n = 0;
  children = new Map<string, Child>();
  bandits: Map<string, Map<string, Arm>> | null = null;
}

type Step =
  | { kind: 'one'; child: Child; actor: string; parent: Node }
  | { kind: 'sim'; child: Child; parent: Node; picks: { role: string; arm: Arm }[] };

export interface SearchResult {
  /** The key of the chosen root action (as knowledge.observedKey names the computer's own actions). */
  key: string;
  iterations: number;
  nodes: number;
}

/** A position's worth to `role` in [-1, 1]: 1 won, 0 drawn, -1 lost, else the game's evaluation. */
export function reward<S, V>(know: GameKnowledge<S, V>, s: S, role: string): number {
  const o = know.module.outcome(s);
  if (o) return o.winner === role ? 1 : o.winner === null ? 0 : -1;
  return know.evaluate(s, role);
}

export class Search<S, V> {
  private readonly root = new Node();
  private rootPrior: ReadonlyMap<string, number> | null = null;
  private nodes = 1;
  private iterations = 0;

  constructor(
    private readonly know: GameKnowledge<S, V>,
    private readonly me: string,
    private readonly cfg: SearchConfig,
    private readonly rng: Rng,
  ) {}

  /**
   * Runs iterations on states drawn by `sample` until the budget or the deadline is spent, or until
   * the most visited move at the root can no longer be overtaken within the iterations left.
   */
  run(sample: () => S, owned = false): { iterations: number; capped: boolean } {
    let capped = false;
    const n = this.cfg.iterations;
    for (let i = 0; i < n; i++) {
      if (this.cfg.deadline !== null && this.cfg.deadline.passed()) {
        capped = true;
        break;
      }
      this.iterate(sample(), owned);
      this.iterations++;
      if ((i & 7) === 7 && this.decided(n - i - 1)) break;
    }
    return { iterations: this.iterations, capped };
  }

  /** The root's choice is made: one edge leads the next by more visits than are left (never at a sealed choice, which is mixed). */
  private decided(left: number): boolean {
    if (this.root.bandits) return false;
    let first = 0;
    let second = 0;
    for (const c of this.root.children.values()) {
      if (c.n > first) {
        second = first;
        first = c.n;
      } else if (c.n > second) second = c.n;
    }
    return first - second > left;
  }

  /**
   * The root's visits per move key, for searches run side by side on one decision (root-parallel:
   * their visits are summed, root-parallel.ts mergeVotes); `mixed` at a sealed choice, where the answer
   * is drawn in proportion to them rather than the most visited taken.
   */
  rootVisits(): { visits: Map<string, number>; mixed: boolean } {
    const arms = this.root.bandits?.get(this.me);
    if (arms && arms.size) return { visits: new Map([...arms].map(([k, a]) => [k, a.n])), mixed: true };
    return { visits: new Map([...this.root.children].map(([k, c]) => [k, c.n])), mixed: false };
  }

  /** The computer's choice at the root: the most visited edge, or at a sealed choice a draw in proportion to the visits. */
  choose(): SearchResult | null {
    const arms = this.root.bandits?.get(this.me);
    if (arms && arms.size) {
      const keys = [...arms.keys()];
      const weights = keys.map((k) => arms.get(k)!.n);
      const total = weights.reduce((a, b) => a + b, 0);
      let x = this.rng.float() * total;
      for (let i = 0; i < keys.length; i++) {
        x -= weights[i]!;
        if (x <= 0) return { key: keys[i]!, iterations: this.iterations, nodes: this.nodes };
      }
      return { key: keys[keys.length - 1]!, iterations: this.iterations, nodes: this.nodes };
    }
    let best: string | null = null;
    let bestN = -1;
    let bestMean = -Infinity;
    for (const [key, c] of this.root.children) {
      const mean = c.n ? c.w / c.n : -Infinity;
      if (c.n > bestN || (c.n === bestN && mean > bestMean)) {
        best = key;
        bestN = c.n;
        bestMean = mean;
      }
    }
    return best === null ? null : { key: best, iterations: this.iterations, nodes: this.nodes };
  }

  /**
   * The rules of thumb's preference among the computer's own moves at the root, as probabilities
   * (a softmax of their scores), read from the first sampled state: the progressive bias that
   * `policyBias` adds to each root move's UCB1 value, fading as the move's own visits grow (PUCT).
   */
  private rootPolicy(s: S, actor: string, byKey: ReadonlyMap<string, Action>): ReadonlyMap<string, number> {
    if (this.rootPrior) return this.rootPrior;
    const keys = [...byKey.keys()];
    const sc = this.know.prior(s, actor, keys.map((k) => byKey.get(k)!));
    const top = Math.max(...sc);
    const w = sc.map((x) => Math.exp((x - top) / this.cfg.policyTemperature));
    const total = w.reduce((a, b) => a + b, 0);
    this.rootPrior = new Map(keys.map((k, i) => [k, w[i]! / total]));
    return this.rootPrior;
  }

  private reward(s: S): number {
    return reward(this.know, s, this.me);
  }

  /** One iteration from `start`; `owned`: no one else holds its parts, so its steps may change it in place. */
  private iterate(start: S, owned: boolean): void {
    const { know, cfg, rng } = this;
    const m = know.module;
    let s = start;
    // Each step plays on the state in place once it is the iteration's own (a copy made by a step, or an owned sample).
    const step = (st: S, actor: string, a: Action): S => {
      const next = owned && know.playOwned ? know.playOwned(st, actor, a) : know.play(st, actor, a);
      owned = true;
      return next;
    };
    let node = this.root;
    const path: Step[] = [];
    let expanded = false;
    let atRoot = true;
    for (let guard = 0; guard < 10_000; guard++) {
      // A long descent (forced moves in a row) also stops at the deadline: its state is scored.
      if (cfg.deadline !== null && guard > 0 && cfg.deadline.passed()) break;
      const pending = m.pending(s);
      if (pending.length === 0) break;
      // Roles choose at once only when two or more are pending (asked only then: a call less a step).
      const sim = pending.length >= 2 ? know.simultaneous(s) : pending;
      if (sim.length >= 2) {
        const next = this.simultaneousStep(node, s, sim, path, expanded);
        if (!next) break;
        s = next.state;
        // A sealed choice's step copies the state (it may fail half-way): the copy is the iteration's own.
        owned = true;
        if (next.created) expanded = true;
        node = next.node;
        atRoot = false;
        if (next.created) break;
        continue;
      }
      const actor = atRoot && pending.includes(this.me) ? this.me : pending[0]!;
      const rootMine = atRoot && actor === this.me;
      const values = rootMine ? cfg.rootValues ?? null : null;
      atRoot = false;
      const legal = know.listActions?.(s, actor) ?? m.legalActions(s, actor);
      if (legal.length === 0) break;
      if (legal.length === 1) {
        s = step(s, actor, legal[0]!);
        continue;
      }
      // The legal actions as the computer sees them, one per key.
      const byKey = new Map<string, Action>();
      for (const a of legal) {
        const k = know.observedKey(s, actor, a, this.me);
        if (!byKey.has(k)) byKey.set(k, a);
      }
      let available = 0;
      for (const [k, c] of node.children) {
        if (byKey.has(k)) {
          c.avail++;
          available++;
        }
      }
      const allowed = Math.ceil(cfg.widenK * Math.pow(node.n + 1, cfg.widenAlpha));
      if (!expanded && available < allowed && available < byKey.size && this.nodes < cfg.maxNodes) {
        // Widen: the unexpanded action the policy likes best.
        const keys = [...byKey.keys()].filter((k) => !node.children.has(k));
        const acts = keys.map((k) => byKey.get(k)!);
        // At the root, one ply of the evaluation orders the moves (the rules of thumb break ties);
        // elsewhere the rules of thumb alone.
        const prior = know.prior(s, actor, acts);
        let bi = 0;
        let bv = -Infinity;
        for (let i = 0; i < prior.length; i++) {
          const score = values ? 4 * (values.get(keys[i]!) ?? -2) + 1e-3 * Math.tanh(prior[i]!) : prior[i]!;
          const v = score + rng.float() * 1e-6;
          if (v > bv) {
            bv = v;
            bi = i;
          }
        }
        const v0 = values?.get(keys[bi]!);
        const n0 = v0 === undefined ? 0 : cfg.priorVisits;
        const child: Child = { node: new Node(), n: n0, w: n0 * (v0 ?? 0), avail: 1 + n0 };
        node.children.set(keys[bi]!, child);
        this.nodes++;
        path.push({ kind: 'one', child, actor, parent: node });
        s = step(s, actor, acts[bi]!);
        expanded = true;
        node = child.node;
        break;
      }
      // Select among the available edges by UCB1 with availability counts.
      const bias = rootMine && cfg.policyBias > 0 ? this.rootPolicy(s, actor, byKey) : null;
      let pick: Child | null = null;
      let pickKey = '';
      let pv = -Infinity;
      for (const [k, c] of node.children) {
        if (!byKey.has(k)) continue;
        const mean = c.n ? c.w / c.n : 0;
        let v = mean + cfg.exploration * Math.sqrt(Math.log(Math.max(c.avail, 1)) / Math.max(c.n, 1)) + rng.float() * 1e-6;
        if (bias) v += (cfg.policyBias * (bias.get(k) ?? 0) * Math.sqrt(c.avail)) / (1 + c.n);
        if (v > pv) {
          pv = v;
          pick = c;
          pickKey = k;
        }
      }
      if (!pick) break;
      path.push({ kind: 'one', child: pick, actor, parent: node });
      s = step(s, actor, byKey.get(pickKey)!);
      node = pick.node;
      if (expanded) break;
    }
    s = this.playout(s, owned);
    const r = this.reward(s);
    this.root.n++;
    for (const step of path) {
      step.child.node.n++;
      step.child.n++;
      if (step.kind === 'one') {
        step.child.w += step.actor === this.me ? r : -r;
      } else {
        step.child.w += r;
        for (const p of step.picks) {
          p.arm.n++;
          p.arm.w += p.role === this.me ? r : -r;
        }
      }
    }
  }

  /** A sealed simultaneous choice: each role chooses by its own bandit, unaware of the other's; both are applied. */
  private simultaneousStep(
    node: Node,
    s: S,
    roles: string[],
    path: Step[],
    expanded: boolean,
  ): { state: S; node: Node; created: boolean } | null {
    const { know, cfg, rng } = this;
    const m = know.module;
    node.bandits ??= new Map();
    const picks: Extract<Step, { kind: 'sim' }>['picks'] = [];
    const chosen: Action[] = [];
    const keyParts: string[] = [];
    for (const role of roles) {
      const legal = m.legalActions(s, role);
      if (legal.length === 0) return null;
      const byKey = new Map<string, Action>();
      for (const a of legal) {
        const k = know.observedKey(s, role, a, this.me);
        if (!byKey.has(k)) byKey.set(k, a);
      }
      let table = node.bandits.get(role);
      if (!table) node.bandits.set(role, (table = new Map()));
      const keys = [...byKey.keys()];
      if (keys.some((k) => !table!.has(k))) {
        const prior = know.prior(s, role, keys.map((k) => byKey.get(k)!));
        keys.forEach((k, i) => {
          if (!table!.has(k)) table!.set(k, { n: 0, w: 0, prior: prior[i]! });
        });
      }
      const arms = keys.map((k) => table!.get(k)!);
      let total = 0;
      for (const a of arms) total += a.n;
      let pick = 0;
      let best = -Infinity;
      for (let j = 0; j < arms.length; j++) {
        const a = arms[j]!;
        // Untried arms first, the rules of thumb's favourite first; then UCB1.
        const v = a.n === 0 ? 1e6 + a.prior : a.w / a.n + cfg.simExploration * Math.sqrt(Math.log(Math.max(total, 1)) / a.n);
        const jitter = v + rng.float() * 1e-6;
        if (jitter > best) {
          best = jitter;
          pick = j;
        }
      }
      picks.push({ role, arm: arms[pick]! });
      chosen.push(byKey.get(keys[pick]!)!);
      keyParts.push(keys[pick]!);
    }
    let next = s;
    for (let i = 0; i < roles.length; i++) {
      try {
        // The first choice is one of the listed legal actions; the next ones were listed before it was made: checked.
        next = i === 0 ? know.play(next, roles[i]!, chosen[i]!) : m.apply(next, roles[i]!, chosen[i]!);
      } catch {
        return null;
      }
    }
    const key = keyParts.join('|');
    let child = node.children.get(key);
    let created = false;
    if (!child) {
      if (expanded || this.nodes >= cfg.maxNodes) {
        // No new node this iteration: keep the bandit statistics, continue as a playout.
        path.push({ kind: 'sim', child: { node: new Node(), n: 0, w: 0, avail: 0 }, parent: node, picks });
        return { state: next, node: new Node(), created: true };
      }
      child = { node: new Node(), n: 0, w: 0, avail: 0 };
      node.children.set(key, child);
      this.nodes++;
      created = true;
    }
    child.avail++;
    path.push({ kind: 'sim', child, parent: node, picks });
    return { state: next, node: child.node, created };
  }

  /** Policy moves until `playoutDepth` actions are played and no battle is on (three times that at most). */
  private playout(start: S, ownedStart: boolean): S {
    const { know, cfg, rng } = this;
    const m = know.module;
    let s = start;
    // Once the state is the playout's own (a copy made by its first step, or an owned start), steps change it in place.
    let owned = ownedStart;
    // And the state object itself once it is one no legal list was kept for (the module keeps one per object).
    let unlisted = false;
    for (let d = 0; d < 3 * cfg.playoutDepth && (d < cfg.playoutDepth || !know.quiet(s)); d++) {
      // Past the deadline the playout ends where it is (a slow machine: the decision stays bounded;
      // a clock read costs far less than a step).
      if (cfg.deadline !== null && cfg.deadline.passed()) break;
      const pending = m.pending(s);
      if (pending.length === 0) break;
      const sim = pending.length >= 2 ? know.simultaneous(s) : pending;
      const roles = sim.length >= 2 ? sim : [pending[0]!];
      for (const role of roles) {
        let legal = know.playoutActions(s, role, rng.int);
        if (legal === null) {
          legal = m.legalActions(s, role);
          unlisted = false;
        }
        if (legal.length === 0) return s;
        const a = policyMove(know.prior, s, role, legal, this.rng, cfg.playoutScored);
        if (unlisted && know.playInPlace) s = know.playInPlace(s, role, a);
        else {
          s = owned && know.playOwned ? know.playOwned(s, role, a) : know.play(s, role, a);
          unlisted = true;
        }
        owned = true;
      }
    }
    return s;
  }
}
