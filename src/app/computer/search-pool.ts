// The computer's search threads: a fixed number of worker_threads, each running one decision at a
// time (search-thread.ts, started from search-thread-entry.mjs), so a search never runs on the
// event loop that serves requests and sends emails (the worker runs inside `npm start` by
// default), and the machine runs at most `threads` searches at once whatever the number of games.
// Threads rather than a process per search: a decision's input is sent as a structured clone, a
// thread starts in milliseconds and is reused, and each has its own heap cap (resourceLimits): a
// search that outgrows it stops that thread alone (its decision fails, the game is tried again
// later, a new thread starts).
//
// A level with `threads` (hard) is root-parallel: its decision is that many jobs, each with its
// own seed and its share of the iterations, queued together and taken by whichever threads are
// free; their root visits are summed (root-parallel.ts mergeVotes). On an idle machine the same work
// ends in half the wall time; on a busy one the parts wait their turn like any job.
//
// A decision ends by itself within its level's time (the belief's replay and the search read the
// clock and answer their best so far), at any load. One that outlasts it by far all the same (a
// bug: a search stuck) is ended by terminating its thread. close() terminates every thread:
// decisions under way fail and their games stay pending in the database, where the next worker to
// start finds them.
import { Worker } from 'node:worker_threads';
import type { Action } from '../../engine/index.js';
import { mergeVotes } from '../../search/root-parallel.js';
import { level as levelById, type BudgetOverride } from '../../search/levels.js';
import type { Decision, DecisionStats } from '../../search/types.js';
import type { ComputerJob } from './runner.js';

/**
 * Each thread's young generation (MiB; three semi-spaces' worth): a search makes a great many
 * short-lived states and lists, and with V8's default (16 MiB semi-spaces) the collector scavenged
 * so often that a thread searched 15% slower than with 32 MiB ones (the Gallic War, in a worker
 * thread, three pairs: 2,200-2,290 iterations a CPU second against 2,600-2,660; 64 MiB gained
 * nothing more).
 */
export const YOUNG_GENERATION_MB = 96;

export interface SearchPoolOptions {
  threads: number;
  /** Heap cap of each thread, MiB. */
  memoryMb: number;
  /** Overrides every level's effort (tests: a few iterations; a small machine: less time). */
  budget?: BudgetOverride;
  /** Past a decision's time cap, how long before its thread is ended (default 30 s: a decision ends itself at its cap, so this is for a stuck one only). */
  graceMs?: number;
  /** Tests: called with the number of decisions under way whenever it changes. */
  onBusy?: (busy: number) => void;
  /** Told of each decision made: its game and the search's figures (time, iterations, forced). */
  onDecision?: (job: ComputerJob, stats: DecisionStats) => void;
  /** Tests: told which thread (0 to threads - 1) each job, or root-parallel part, is handed to. */
  onStart?: (job: ComputerJob, thread: number) => void;
}

export interface SearchPool {
  readonly size: number;
  /** Decides a job on a free thread (or when one frees up). */
  think(job: ComputerJob): Promise<Action>;
  /** Decisions under way now. */
  busy(): number;
  /** Ends every thread; decisions under way fail. */
  close(): Promise<void>;
}

/** A thread's answer; a part's also carries its votes and the legal list they count. */
type Answer = Decision & { legal?: Action[] };

interface Pending {
  job: ComputerJob;
  resolve: (a: Answer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker | null;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
  /** The games this slot's thread decided lately: it holds what it built of them (search-thread.ts). */
  recent: string[];
  /** The games (modules) this slot's thread has searched. */
  kinds: string[];
  /** The thread has loaded its code (it says so): a decision's clock runs from then. */
  ready: boolean;
}

// Each thread starts at this file (a module, not a string of code), which imports search-thread.ts
// (from the sources, after registering tsx's loader) or the built search-thread.js.
const ENTRY = new URL('./search-thread-entry.mjs', import.meta.url);
const fromSource = import.meta.url.endsWith('.ts');

/** How many searches a level's decision is split into (levels.ts `threads`). */
function levelThreads(level: string): number {
  try {
    return levelById(level).threads ?? 1;
  } catch {
    return 1;
  }
}

/** The figures of a root-parallel decision: its parts' work summed, its time the longest part's. */
function mergedStats(parts: DecisionStats[]): DecisionStats {
  const max = (f: (s: DecisionStats) => number | undefined) => Math.max(...parts.map((s) => f(s) ?? 0));
  const merged: DecisionStats = {
    iterations: parts.reduce((n, s) => n + s.iterations, 0),
    nodes: parts.reduce((n, s) => n + s.nodes, 0),
    timeMs: max((s) => s.timeMs),
    beliefMs: max((s) => s.beliefMs),
    forced: parts.every((s) => s.forced),
    beliefFailed: parts.some((s) => s.beliefFailed),
    capped: parts.some((s) => s.capped),
    outOfTime: parts.some((s) => s.outOfTime),
  };
  if (parts.some((s) => s.inputMs !== undefined)) merged.inputMs = max((s) => s.inputMs);
  if (parts.some((s) => s.longestStepMs !== undefined)) merged.longestStepMs = max((s) => s.longestStepMs);
  if (parts.some((s) => s.waitMs !== undefined)) merged.waitMs = max((s) => s.waitMs);
  return merged;
}

export function createSearchPool(o: SearchPoolOptions): SearchPool {
  const size = Math.max(1, Math.floor(o.threads));
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, job: null, timer: null, recent: [] as string[], kinds: [] as string[], ready: false }));
  const queue: Pending[] = [];
  let closed = false;
  let running = 0;
  const setRunning = (n: number) => {
    running = n;
    o.onBusy?.(n);
  };

  function spawn(slot: Slot): Worker {
    slot.recent = slot.recent.slice(0, 1);
    slot.kinds = [];
    slot.ready = false;
    const worker = new Worker(ENTRY, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: o.memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      workerData: { fromSource, budget: o.budget ?? null },
    });
    worker.unref();
    worker.on('message', (m: { ready: true } | ({ ok: true } & Answer) | { ok: false; error: string }) => {
      if (slot.worker !== worker) return; // ended meanwhile (stuck, or the pool closed)
      if ('ready' in m) {
        // Loading the search's code is not the decision's time (seconds on a busy machine).
        slot.ready = true;
        if (slot.job) watch(slot, worker, slot.job);
        return;
      }
      const p = slot.job;
      release(slot);
      if (!p) return;
      if (m.ok) p.resolve(m);
      else p.reject(new Error(`the search failed: ${m.error}`));
    });
    const gone = (why: string) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      const p = slot.job;
      release(slot);
      p?.reject(new Error(why));
    };
    worker.on('error', (err) => gone(`the search thread failed: ${err.message}`));
    worker.on('exit', (code) => gone(`the search thread stopped (exit code ${code})`));
    return worker;
  }

  function release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (slot.job) {
      slot.job = null;
      setRunning(running - 1);
    }
    next();
  }

  function next(): void {
    if (closed) return;
    while (queue.length > 0) {
      const free = slots.filter((x) => !x.job);
      if (free.length === 0) return;
      const p = queue.shift()!;
      const kind = p.job.module;
      // The thread that decided this game last holds what it built of it: it goes on from there.
      // Else a thread that has searched this game only, or a new one, rather than one that searched
      // the other: V8 optimizes a thread's search for the states it has met, and a thread that has
      // searched both games searches the second 5-10% slower (docs/benchmarks.md). A job never
      // waits for a thread of its own kind: any free thread takes it.
      const slot =
        free.find((x) => x.worker && x.recent.includes(p.job.gameId)) ??
        free.find((x) => x.worker && x.kinds.length === 1 && x.kinds[0] === kind) ??
        free.find((x) => !x.worker) ??
        free.find((x) => x.worker && x.kinds.length > 1) ??
        free[0]!;
      slot.recent = [p.job.gameId, ...slot.recent.filter((g) => g !== p.job.gameId)].slice(0, 8);
      slot.job = p;
      setRunning(running + 1);
      const worker = slot.worker ?? (slot.worker = spawn(slot));
      if (!slot.kinds.includes(kind)) slot.kinds.push(kind);
      o.onStart?.(p.job, slots.indexOf(slot));
      if (slot.ready) watch(slot, worker, p);
      worker.postMessage(p.job);
    }
  }

  /** Ends the thread of a decision that outlasts its time by far (a new one starts for the next). */
  function watch(slot: Slot, worker: Worker, p: Pending): void {
    const limit = (o.budget?.timeMs ?? levelById(p.job.level).timeMs) + (o.graceMs ?? 30_000);
    slot.timer = setTimeout(() => {
      if (slot.job !== p) return;
      slot.worker = null;
      release(slot);
      void worker.terminate();
      p.reject(new Error(`the search took more than ${limit} ms: its thread was ended`));
    }, limit);
    slot.timer.unref();
  }

  /** Queues a job for a thread; its answer when a thread gives it. */
  const ask = (job: ComputerJob) => new Promise<Answer>((resolve, reject) => queue.push({ job, resolve, reject }));

  return {
    size,
    async think(job) {
      if (closed) throw new Error('the search pool is closed');
      const parts = Math.min(size, levelThreads(job.level));
      if (parts <= 1) {
        const answer = ask(job);
        next();
        const a = await answer;
        o.onDecision?.(job, a.stats);
        return a.action;
      }
      const asked = Array.from({ length: parts }, (_, index) => ask({ ...job, part: { index, of: parts } }));
      next();
      const settled = await Promise.allSettled(asked);
      const answers = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      // A part that failed (its thread ended) leaves the others' votes; with none, the decision fails.
      if (answers.length === 0) throw (settled[0] as PromiseRejectedResult).reason;
      o.onDecision?.(job, mergedStats(answers.map((a) => a.stats)));
      return mergeVotes(answers[0]!.legal ?? [answers[0]!.action], answers, job.seed);
    },
    busy: () => running,
    async close() {
      closed = true;
      for (const p of queue.splice(0)) p.reject(new Error('the search pool is closed'));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          const p = slot.job;
          if (slot.timer) clearTimeout(slot.timer);
          slot.timer = null;
          if (p) {
            slot.job = null;
            setRunning(running - 1);
            p.reject(new Error('the search pool is closed'));
          }
          await worker?.terminate();
        }),
      );
    },
  };
}
