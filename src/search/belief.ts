// The computer's belief: full game states consistent with everything its role has seen. It never
// has the real state, so it rebuilds one by replaying the game through the engine itself from
// what the role saw (a particle filter with one particle):
//
// - the start is the game's setup under a generator key of the search's own, its hidden parts
//   (the opponent's hand, the deck) aligned with the role's first view;
// - the role's own moves are applied as made; for each opponent move the legal actions of the
//   rebuilt state are tried, best guesses first (the words of the new log lines), until one gives
//   back the role's next view (the log aside: a rebuilt past has its own dice and names);
// - a move that draws from the generator (dice) is retried at other points of the key's stream
//   until its outcome shows the same (the hits, the losses); hidden identities and cards are
//   exchanged to agree with what each new view reveals (align), and when nothing fits, the hidden
//   part is reshuffled and tried again.
//
// Then the engine has kept every piece of bookkeeping (battles, reserves, counters, queues) as the
// rules do, which no reconstruction from a view alone could. Each search iteration then samples a
// state from this one: the hidden cards dealt again and the hidden identities reassigned at random
// within what the view allows (shuffle), or, for a role whose rebuilt identities are mostly right
// (SearchConfig.sampleExchanges), kept but for a few random exchanges; a fresh generator key, and
// a check that the role's view is unchanged.
//
// The replay is kept and advanced entry by entry: the replay of a history is remembered, keyed by
// the content of that history (a hash chain over the entries, itself remembered per entry object),
// in a small bounded cache, and the next decision's history, which extends it, goes on with it
// (its window of earlier guesses still open to revision): a game played move after move in one
// process, or asked about again with the same history rebuilt from storage, replays each entry
// once, so a decision late in a game costs what an early one does. A deadline pauses the replay
// where it stands; the next call resumes it there.

import type { Action } from '../engine/index.js';
import { firstDifference, jsonEqual, stableKey } from './json.js';
import { resync, variants } from './hidden-units.js';
import { Deadline, deadlineAt } from './deadline.js';
import type { GameKnowledge } from './game-knowledge.js';
import { createSearchRng, hashWords, type Rng } from './search-rng.js';
import type { Seen } from './types.js';

const SKIP_LOG: ReadonlySet<string> = new Set(['log']);
/** Outcomes tried for a move that rolls dice, before giving up on that guess. */
const DRAW_TRIES = 1500;
/** The same when an earlier guess was changed to explain an entry that no move explained. */
const CHEAP_DRAW_TRIES = 60;
/** The same for an altered rebuilt state (identities exchanged, strengths changed). */
const ALTERED_DRAW_TRIES = 40;
/** Guesses whose dice are thrown again, the likeliest first. */
const RETHROWN = 3;
/** Keystream words between two tries of the same move (more than any move draws). */
const DRAW_STRIDE = 257;
/** Engine applications allowed for one opponent move before the hidden part is reshuffled. */
const APPLIES_PER_ROUND = 4000;
/** Reshuffles of the hidden part tried when nothing fits. */
const ROUNDS = 6;
/** How far back a secret choice may be guessed again, and the engine applications allowed for it. */
const BACKTRACK_DEPTH = 12;
const BACKTRACK_APPLIES = 100_000;
/** Engine applications one call may spend in all (its work bounded even without a deadline): past it, entries are forced. */
const TOTAL_APPLIES = 300_000;

/**
 * A replay under way: the states it rebuilt (entry by entry, only the last few kept), the guesses
 * still to try at each entry of the window it may go back over, where it stands, and the
 * generator and allowance its guesses hold.
 */
interface Replay<S> {
  /** The entry it started from (a remembered state, or the start). */
  from: number;
  states: S[];
  tries: (Guesses<S> | undefined)[];
  /** The entry to explain next, and the furthest one reached. */
  t: number;
  deepest: number;
  triedInFull: number;
  drifted: number;
  failure: string | null;
  rng: Rng;
  total: Budget;
  budget: Budget;
}

function newReplay<S>(from: number, state: S, rng: Rng, drifted: number, failure: string | null): Replay<S> {
  const total: Budget = { applies: TOTAL_APPLIES, deadline: null, late: false };
  const states: S[] = [];
  states[from] = state;
  return { from, states, tries: [], t: from + 1, deepest: from + 1, triedInFull: -1, drifted, failure, rng, total, budget: { applies: BACKTRACK_APPLIES, total } };
}

/** Replays by the hash of the history they were last given (most recently used last). */
const replays = new Map<string, Replay<unknown>>();
/** Replays remembered (a few games' worth: each holds a window of states). */
const REPLAYS = 16;

function keep<S>(key: string, r: Replay<S>): void {
  replays.delete(key);
  replays.set(key, r as Replay<unknown>);
  while (replays.size > REPLAYS) replays.delete(replays.keys().next().value!);
}

/** Each seen entry's link in its history's hash chain (computed once per entry object). */
const chained = new WeakMap<object, { prev: string; hash: string }>();

/** The hash chain of a history: entry t's hash covers the role and entries 0..t. */
function chain(role: string, seen: readonly Seen<unknown>[]): string[] {
  const keys: string[] = [];
  let prev = hashWords(`alea-belief|${role}`).join('.');
  for (const e of seen) {
    const link = chained.get(e as object);
    let hash: string;
    if (link && link.prev === prev) hash = link.hash;
    else {
      hash = hashWords(`${prev}\n${JSON.stringify(e)}`).join('.');
      chained.set(e as object, { prev, hash });
    }
    keys.push(hash);
    prev = hash;
  }
  return keys;
}

export interface Rebuilt<S> {
  /**
   * A full state for the role: exact when its view is the input view and its legal actions the
   * input's; otherwise the closest the replay came (some entries forced through), or null.
   */
  state: S | null;
  exact: boolean;
  /** Why it is not exact (the first entry no move explained, and how it differed), for tests and stats. */
  failure: string | null;
  /** Entries no move explained, forced through with the closest guess. */
  drifted: number;
  /** Entries replayed by this call (the rest were replayed before, by the replay it went on with). */
  replayed: number;
  /**
   * The deadline came before the replay reached the last entry: no state (the progress made is
   * remembered, so the next call for this history goes on from there).
   */
  outOfTime?: boolean;
}

export interface BeliefInput<V> {
  role: string;
  view: V;
  legal: readonly Action[];
  seen: readonly Seen<V>[];
}

/**
 * Rebuilds a full state consistent with the input (see the top of this file). `deadline`, a
 * performance.now() value, bounds the call: the replay checks it at every engine application and,
 * past it, stops where it is (see Rebuilt.outOfTime).
 */
export function rebuild<S, V>(know: GameKnowledge<S, V>, input: BeliefInput<V>, by: Deadline | number | null = null): Rebuilt<S> {
  const deadline = typeof by === 'number' ? deadlineAt(by) : by;
  const { seen, role } = input;
  const m = know.module;
  const hooks = know.belief;
  if (seen.length === 0) return { state: null, exact: false, failure: 'nothing seen', drifted: 0, replayed: 0 };

  // The replay of this history's longest prefix that this process has made (finished, or paused
  // by its deadline): it goes on from where it stands, its window of guesses to revise included,
  // so a secret choice made before the last decision can still be guessed again when it shows.
  const keys = chain(role, seen as readonly Seen<unknown>[]);
  let r: Replay<S> | undefined;
  for (let t = seen.length - 1; t >= 0 && !r; t--) {
    r = replays.get(keys[t]!) as Replay<S> | undefined;
    if (r) replays.delete(keys[t]!);
  }
  if (!r) {
    const rng = createSearchRng(`belief:${role}`);
    const first = seen[0]!;
    let found: S | null = null;
    for (let k = 0; k < 256 && !found; k++) {
      const candidate = hooks.start(first.view, role, rng.key());
      hooks.align(candidate, first.view, role, 'after');
      if (jsonEqual(m.view(candidate, role), first.view, SKIP_LOG)) found = candidate;
    }
    if (!found) return { state: null, exact: false, failure: 'entry 0: no start gives the first view', drifted: 0, replayed: 0 };
    r = newReplay(0, found, rng, 0, null);
  }
  const from = r.from;
  const { states, tries, total, rng } = r;
  // This call's allowance and clock (the replay's guesses hold `total` and see both).
  total.applies = TOTAL_APPLIES;
  total.deadline = deadline;
  total.late = false;
  // Entry by entry; when no move explains an entry, an earlier opponent move is guessed again
  // (a secret choice, like which areas he designated, shows only later), within bounds; past
  // them, the entry is forced through with the closest guess and the replay goes on from there.
  let replayed = 0;
  while (r.t < seen.length) {
    if (deadline !== null && (total.late || deadline.passed())) {
      // Out of time: the replay is kept as it stands, under the key of the history it has been
      // given, so the next call (whose history extends this one) resumes it there.
      keep(keys[seen.length - 1]!, r);
      return { state: null, exact: false, failure: `out of time at entry ${r.t} of ${seen.length}`, drifted: r.drifted, replayed, outOfTime: true };
    }
    const t = r.t;
    if (!tries[t]) {
      // The entry that stopped the replay is tried in full once (its dice thrown many times);
      // after an earlier guess changed, only cheaply: a wrong earlier guess would otherwise spend
      // the whole allowance rethrowing dice before the right one is reached.
      const revisit = t === r.deepest && r.triedInFull === t;
      if (t === r.deepest) r.triedInFull = t;
      tries[t] = successors(know, states[t - 1]!, seen[t]!, role, rng, r.budget, revisit ? CHEAP_DRAW_TRIES : DRAW_TRIES);
    }
    const next = tries[t]!.next();
    replayed++;
    // The deadline came in the middle of the entry's guesses: the loop's head pauses the replay,
    // and the guesses go on from there when it resumes.
    if (next.value === PAUSED) continue;
    if (!next.done) {
      states[t] = next.value as S;
      r.t = t + 1;
      if (r.t > r.deepest) {
        r.deepest = r.t;
        // Progress: forget the alternatives far behind, and renew the allowance.
        if (r.t - BACKTRACK_DEPTH - 1 > from) {
          tries[r.t - BACKTRACK_DEPTH - 1] = undefined;
          states[r.t - BACKTRACK_DEPTH - 2] = undefined as unknown as S;
        }
        r.budget = { applies: BACKTRACK_APPLIES, total };
      }
      continue;
    }
    tries[t] = undefined;
    r.t = t - 1;
    if (r.t <= from || r.t < r.deepest - BACKTRACK_DEPTH || !tries[r.t] || r.budget.applies <= 0 || total.applies <= 0) {
      const bad = r.deepest;
      const e = seen[bad]!;
      r.failure ??= `entry ${bad} (${e.by}${e.action ? ` ${JSON.stringify(e.action)}` : ''}): ${diagnose(know, states[bad - 1]!, e, role)}`;
      r.drifted++;
      states[bad] = forced(know, states[bad - 1]!, e, role, rng);
      for (let k = bad; k < tries.length; k++) tries[k] = undefined;
      r.t = bad + 1;
      r.deepest = r.t;
      r.budget = { applies: BACKTRACK_APPLIES, total };
    }
  }
  const { drifted } = r;
  let { failure } = r;
  const s = states[seen.length - 1]!;
  keep(keys[seen.length - 1]!, r);

  // The rebuilt state with the role's whole log: its view is the input view, member for member.
  const out = hooks.clone(s);
  hooks.setLog(out, (input.view as { log: string[] }).log);
  const shown = m.view(out, role);
  if (!jsonEqual(shown, input.view)) {
    failure ??= `final view differs in ${firstDifference(shown, input.view)}`;
    return { state: out, exact: false, failure, drifted, replayed };
  }
  if (!jsonEqual(m.legalActions(out, role), input.legal)) return { state: out, exact: false, failure: failure ?? 'final legal actions differ', drifted, replayed };
  return { state: out, exact: drifted === 0, failure, drifted, replayed };
}

/**
 * An entry no move explains, forced through: of the likeliest moves (the role's own, or the best
 * guesses of the opponent's), the one whose view after it, hidden units put in place, differs
 * from the entry's in the fewest members.
 */
function forced<S, V>(know: GameKnowledge<S, V>, s: S, e: Seen<V>, role: string, rng: Rng): S {
  const m = know.module;
  const hooks = know.belief;
  if (e.by === null) return s;
  const base = hooks.clone(s);
  hooks.align(base, e.view, role, 'before');
  const candidates = e.by === role ? (e.action ? [e.action] : []) : guesses(know, base, e.by, e, rng).slice(0, 20);
  let best: S = s;
  let bestDiff = Infinity;
  for (const a of candidates) {
    let n: S;
    try {
      n = m.apply(base, e.by, a);
    } catch {
      continue;
    }
    hooks.align(n, e.view, role, 'after');
    resync(hooks.hidden, n, e.view, role);
    hooks.align(n, e.view, role, 'after');
    const v = m.view(n, role) as Record<string, unknown>;
    let diff = 0;
    for (const k of Object.keys(v)) if (k !== 'log' && !jsonEqual(v[k], (e.view as Record<string, unknown>)[k])) diff++;
    if (diff < bestDiff) {
      bestDiff = diff;
      best = n;
    }
  }
  hooks.trimLog(best);
  return best;
}

interface Budget {
  applies: number;
  /** The whole call's allowance, shared. */
  total?: Budget;
  /** The call's deadline, and whether it has passed: checked at every application. */
  deadline?: Deadline | null;
  late?: boolean;
}

/** What an entry's guesses yield: the states after it that give its view, or PAUSED. */
type Guesses<S> = Generator<S | typeof PAUSED, void, undefined>;
/** Yielded by an entry's guesses when the call's deadline has come: resumed by the next call. */
const PAUSED = Symbol('paused');

/**
 * One engine application afforded: true if the allowances allow it; false if they are spent;
 * when the call is late, pauses (yields PAUSED) until a later call resumes it, then asks again.
 */
function* afford(b: Budget): Generator<typeof PAUSED, boolean, undefined> {
  for (;;) {
    if (spend(b)) return true;
    if (!b.total?.late) return false;
    yield PAUSED;
  }
}

/** Reads the clock: past the call's deadline, pauses until a later call resumes it. */
function* onTime(b: Budget): Generator<typeof PAUSED, void, undefined> {
  const t = b.total;
  if (t && t.deadline != null && !t.late && t.deadline.passed()) t.late = true;
  if (t?.late) yield PAUSED;
}

/**
 * Counts one engine application against the entry's allowance and the call's, and reads the
 * clock: false when either is spent or the call is late (a late call leaves the allowances as they
 * are: the replay resumes with them).
 */
function spend(b: Budget): boolean {
  const t = b.total;
  if (t?.late) return false;
  b.applies--;
  if (t) {
    t.applies--;
    if (t.deadline != null && t.deadline.passed()) t.late = true;
    if (t.applies <= 0) b.applies = 0;
  }
  return b.applies > 0 && !t?.late;
}

/**
 * The states after one seen entry: one per move of the rebuilt state that gives the entry's view
 * (the log aside), lazily, best guesses first; empty if none does.
 */
function* successors<S, V>(know: GameKnowledge<S, V>, s: S, e: Seen<V>, role: string, rng: Rng, budget: Budget, drawTriesFirst = DRAW_TRIES): Guesses<S> {
  const m = know.module;
  const hooks = know.belief;
  const by = e.by;
  if (by === null) return;
  const lines = (e.view as { log?: string[] }).log ?? [];
  // The rebuilt state as it is; then, if nothing fits, with identities exchanged around the places
  // the new log lines name; then with the whole hidden part reshuffled, a few times.
  const bases = function* (): Generator<S> {
    yield hooks.clone(s);
    yield* variants(hooks.hidden, hooks.clone, s, role, lines, e.view);
    for (let round = 1; round < (by === role ? 2 : ROUNDS); round++) {
      const b = hooks.clone(s);
      hooks.shuffle(b, role, rng.int);
      yield b;
    }
  };
  const tried = new Set<string>();
  let found = false;
  let first = true;
  const accept = (a: Action, n: S): boolean => {
    // Once something fits, later bases only matter for other moves (another secret choice).
    const key = stableKey(a);
    if (tried.has(key)) return false;
    tried.add(key);
    found = true;
    hooks.trimLog(n);
    return true;
  };
  for (const base of bases()) {
    // Each base costs its alignment and the listing of the guesses before any application.
    yield* onTime(budget);
    // The rebuilt state itself may need many throws of the dice; an altered one is only a guess.
    const drawTries = first ? drawTriesFirst : Math.min(drawTriesFirst, ALTERED_DRAW_TRIES);
    first = false;
    // What the new view reveals (a card, a block in battle) is put in place before the move.
    hooks.align(base, e.view, role, 'before');
    const candidates = by === role ? (e.action ? [e.action] : []) : guesses(know, base, by, e, rng);
    const before = (m.view(base, role) as { log: string[] }).log;
    // Each guess once; the ones that threw dice and wrote lines most like the entry's are then
    // thrown again at other points of the generator's stream.
    const rethrow: { a: Action; like: number }[] = [];
    let round = APPLIES_PER_ROUND;
    for (const a of candidates) {
      if (round-- <= 0 || !(yield* afford(budget))) break;
      let n: S;
      try {
        n = m.apply(base, by, a);
      } catch {
        continue;
      }
      const drew = hooks.rng(n).counter !== hooks.rng(base).counter;
      hooks.align(n, e.view, role, 'after');
      const v = m.view(n, role) as { log: string[] };
      if (jsonEqual(v, e.view, SKIP_LOG)) {
        if (accept(a, n)) yield n;
        continue;
      }
      if (drew) rethrow.push({ a, like: likeness(newLines(before, v.log), lines) });
    }
    rethrow.sort((x, y) => y.like - x.like);
    const thrown = rethrow.slice(0, RETHROWN);
    // The best guess by the words of the lines (the city a God card struck) is thrown again too,
    // last, even when its first throw wrote lines less like them than other guesses' did: a
    // random pick among a city's blocks may need several throws to name the one the lines name.
    const best = rethrow.find((x) => x.a === candidates[0]);
    if (best && !thrown.includes(best) && hintScore(know, base, by, best.a, lines.join('\n')) > 0) thrown.push(best);
    for (const { a } of thrown) {
      if (tried.has(stableKey(a))) continue;
      const r0 = hooks.rng(base);
      for (let k = 1; k < drawTries && round > 0 && (yield* afford(budget)); k++, round--) {
        const q = hooks.withRng(base, r0.key, r0.counter + k * DRAW_STRIDE);
        let n: S;
        try {
          n = m.apply(q, by, a);
        } catch {
          break;
        }
        hooks.align(n, e.view, role, 'after');
        if (jsonEqual(m.view(n, role), e.view, SKIP_LOG)) {
          if (accept(a, n)) yield n;
          break;
        }
      }
    }
    if (budget.applies <= 0 || (found && by === role)) return;
  }
  if (found) return;
  // Last resort: the likeliest moves, with the hidden units then put where the view shows them
  // (the rebuilt past no longer explains how they got there, but the present agrees).
  const base = hooks.clone(s);
  hooks.align(base, e.view, role, 'before');
  const candidates = by === role ? (e.action ? [e.action] : []) : guesses(know, base, by, e, rng).slice(0, 20);
  for (const a of candidates) {
    yield* afford(budget);
    let n: S;
    try {
      n = m.apply(base, by, a);
    } catch {
      continue;
    }
    hooks.align(n, e.view, role, 'after');
    resync(hooks.hidden, n, e.view, role);
    hooks.align(n, e.view, role, 'after');
    if (jsonEqual(m.view(n, role), e.view, SKIP_LOG)) {
      hooks.trimLog(n);
      yield n;
      return;
    }
  }
}

/** How many of the words the log would use for this action (the cities of a path, the card) appear in `text`. */
function hintScore<S, V>(know: GameKnowledge<S, V>, s: S, by: string, a: Action, text: string): number {
  let score = 0;
  if (text.length) for (const w of know.belief.hints(s, by, a)) if (w && text.includes(w)) score++;
  return score;
}

/** The lines of `after` past what it shares with `before` (the lines an action added or rewrote). */
function newLines(before: readonly string[], after: readonly string[]): string[] {
  let k = 0;
  const n = Math.min(before.length, after.length);
  while (k < n && before[k] === after[k]) k++;
  return after.slice(k);
}

/** A line with its numbers (dice, strengths) blanked out. */
const shape = (l: string) => l.replace(/\d+/g, '#').replace(/\b[IVX]+\b/g, '#');

/** How alike two lists of log lines are once their numbers are blanked out: more is closer. */
function likeness(got: readonly string[], want: readonly string[]): number {
  const w = want.map(shape);
  let same = 0;
  for (const line of got) {
    const i = w.indexOf(shape(line));
    if (i >= 0) {
      same++;
      w.splice(i, 1);
    }
  }
  return 2 * same - (got.length - same) - w.length;
}

/** Guesses ranked below the best ones are tried only when there are at most this many. */
const FEW = 40;

/**
 * The opponent's legal actions in the rebuilt state worth trying, most likely first: ranked by how
 * many of the words the log would use for each (the cities of a path, the card) appear in the
 * entry's new log lines, ties in random order. When the best score singles out some, the others
 * are tried only if they are few (a long list of moves is not worth walking).
 */
function guesses<S, V>(know: GameKnowledge<S, V>, s: S, by: string, e: Seen<V>, rng: Rng): Action[] {
  const legal = know.module.legalActions(s, by);
  const text = ((e.view as { log?: string[] }).log ?? []).join('\n');
  const scored = legal.map((a) => ({ a, score: hintScore(know, s, by, a, text), tie: rng.float() }));
  scored.sort((x, y) => y.score - x.score || x.tie - y.tie);
  const top = scored[0]?.score ?? 0;
  // Actions without parameters ("done") leave no words of their own: always worth a try.
  if (top > 0 && scored.length > FEW) return scored.filter((x) => x.score === top || Object.keys(x.a).length === 1).map((x) => x.a);
  return scored.map((x) => x.a);
}

/** Why no guess fits (for the failure message): the member of the view the first guess gets wrong. */
function diagnose<S, V>(know: GameKnowledge<S, V>, s: S, e: Seen<V>, role: string): string {
  const m = know.module;
  const base = know.belief.clone(s);
  know.belief.align(base, e.view, role, 'before');
  const a = e.by === role ? e.action : m.legalActions(base, e.by!)[0];
  if (!a) return `no legal action for ${e.by} (step view ${JSON.stringify((m.view(base, role) as { phase?: string; step?: string }).phase ?? (m.view(base, role) as { step?: string }).step)})`;
  try {
    const n = m.apply(base, e.by!, a);
    know.belief.align(n, e.view, role, 'after');
    return `no guess fits; e.g. ${JSON.stringify(a)} differs in ${firstDifference(m.view(n, role), e.view, SKIP_LOG)}`;
  } catch (err) {
    return `${JSON.stringify(a)} throws: ${(err as Error).message}`;
  }
}

/**
 * Samples states from a rebuilt one: each a copy with the hidden part reassigned at random and a
 * fresh generator key, kept only if the role's view and legal actions are unchanged (else the
 * rebuilt state itself, with the fresh key).
 *
 * The check costs a view and a legal list built and compared for each sample (checking one in
 * eight made the search 5% faster in both games). A game's shuffle keeps the view by
 * construction, and the suite checks every sample of its belief games
 * (test/ai/belief-games.test.ts), so here the first
 * `FULL_CHECKS` samples of a decision are checked and one in `CHECK_EVERY` after them, and every
 * sample from the first one rejected on: a shuffle that goes wrong is caught within a few samples
 * and does no more harm. `checkEvery` set: every sample checked (the suite's hunt).
 */
export class Sampler<S, V> {
  readonly rejected = { count: 0 };
  private drawn = 0;
  private checkAll: boolean;
  constructor(
    private readonly know: GameKnowledge<S, V>,
    private readonly base: S,
    private readonly role: string,
    private readonly view: V,
    private readonly legal: readonly Action[],
    options: { checkEvery?: boolean; exchanges?: number } = {},
  ) {
    this.checkAll = options.checkEvery === true;
    this.exchanges = options.exchanges ?? -1;
  }

  /** SearchConfig.sampleExchanges (negative: the identities dealt again in full). */
  private readonly exchanges: number;

  sample(rng: Rng): S {
    const hooks = this.know.belief;
    const s = hooks.clone(this.base);
    if (this.exchanges < 0) hooks.shuffle(s, this.role, rng.int);
    else {
      hooks.shuffle(s, this.role, rng.int, false);
      const h = hooks.hidden;
      const slots = h.slots(s, this.role);
      for (let k = 0; k < this.exchanges && slots.length > 1; k++) {
        const i = slots[rng.int(slots.length)]!;
        const j = slots[rng.int(slots.length)]!;
        if (i !== j && h.exchangeable(s, i, j)) h.exchange(s, i, j);
      }
    }
    const keyed = hooks.withRng(s, rng.key(), 0);
    this.drawn++;
    if (!this.checkAll && this.drawn > FULL_CHECKS && this.drawn % CHECK_EVERY !== 0) return keyed;
    if (jsonEqual(this.know.module.view(keyed, this.role), this.view, SKIP_LOG) && jsonEqual(this.know.module.legalActions(keyed, this.role), this.legal)) {
      return keyed;
    }
    this.rejected.count++;
    this.checkAll = true;
    return hooks.withRng(hooks.clone(this.base), rng.key(), 0);
  }
}

/** Samples of a decision checked before the sampler checks only some (Sampler). */
const FULL_CHECKS = 8;
/** After those, one sample in this many is checked. */
const CHECK_EVERY = 8;
