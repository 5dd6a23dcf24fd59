// A game's past positions, replayed from its seed and log (history.ts), for its record and for
// stepping through it (GET /v1/games/{id}/positions/{n}). Replaying a long game from its start
// takes 15-40 ms, too much for every step of a replay, so the process keeps the states of the
// games read lately every EVERY entries: a position is then the nearest kept state with at most
// EVERY - 1 entries applied. States never change once made (the engine's apply copies), so they
// are kept as they are; the log only grows, so what is kept of a game stays true and a game that
// moved on is extended, not replayed again.
import type { GameModule } from '../../../engine/index.js';
import { listTimedEntries, type Db, type GameSummaryRow, type TimedEntry } from '../../../store/games.js';
import type { Action } from '../../../engine/index.js';
import { setupGame } from '../history.js';
import { moduleOf } from '../present.js';

/** Entries between kept states: a position costs at most EVERY - 1 applies (about 50 µs each). */
export const EVERY = 16;
/** Games kept (the latest read): about 20-40 states of 10-20 KiB each per game. */
const GAMES_KEPT = 16;

export class Replay {
  readonly entries: TimedEntry[] = [];
  /** The state after entry seq, every EVERY entries (and after the start, entry 1). */
  private readonly kept = new Map<number, unknown>();

  constructor(
    readonly module: GameModule,
    first: unknown,
  ) {
    this.kept.set(1, first);
  }

  get length(): number {
    return this.entries.length;
  }

  /** Appends the entries that follow the ones held (others, read by a request that raced this one, are skipped). */
  extend(more: readonly TimedEntry[]): void {
    for (const e of more) {
      if (e.seq <= this.entries.length) continue;
      if (e.seq !== this.entries.length + 1) throw new Error(`log entry ${e.seq} after ${this.entries.length}`);
      this.entries.push(e);
    }
  }

  /** The state after entry n (1: the start, the game as set up). */
  stateAt(n: number): unknown {
    if (!Number.isInteger(n) || n < 1 || n > this.entries.length) throw new RangeError(`no position ${n} in a log of ${this.entries.length}`);
    let from = n - (n % EVERY);
    while (from > 1 && !this.kept.has(from)) from -= EVERY;
    if (from < 1) from = 1;
    let state = this.kept.get(from);
    for (let k = from + 1; k <= n; k++) state = this.after(state, k);
    return state;
  }

  /** Every entry up to `last` with the state after it, in order (a caller may pause between them). */
  *states(last: number): Generator<[TimedEntry, unknown]> {
    let state: unknown;
    for (let k = 1; k <= Math.min(last, this.entries.length); k++) {
      state = k === 1 ? this.kept.get(1) : this.after(state, k);
      yield [this.entries[k - 1]!, state];
    }
  }

  /**
   * The state after entry k from the state before it: an action applied; an undo goes back to the
   * state before the action it takes back (the actions between them were all taken back already,
   * so the standing actions are those before it); the other entries leave the state alone.
   */
  private after(before: unknown, k: number): unknown {
    const e = this.entries[k - 1]!;
    let state = before;
    if (e.kind === 'action') state = this.module.apply(before, e.role, e.action as Action);
    else if (e.kind === 'undo') state = this.stateAt((e.action as { undoes: number }).undoes - 1);
    if (k % EVERY === 0 && !this.kept.has(k)) this.kept.set(k, state);
    return state;
  }
}

/** The games replayed lately, the most recently used last. */
const replays = new Map<string, Replay>();

/**
 * The replay of a started game, holding at least its log up to the row's version. A game's seeds
 * and first state never change once it has started, so the replay is kept by id.
 */
export async function replayOf(db: Db, row: GameSummaryRow): Promise<Replay> {
  const version = row.snapshot?.version ?? 0;
  let replay = replays.get(row.id);
  if (replay) replays.delete(row.id);
  else {
    const m = moduleOf(row);
    replay = new Replay(m, setupGame(m, row));
  }
  replays.set(row.id, replay);
  while (replays.size > GAMES_KEPT) replays.delete(replays.keys().next().value!);
  if (replay.length < version) replay.extend(await listTimedEntries(db, row.id, replay.length));
  if (replay.length < version) throw new Error(`game ${row.id}: ${replay.length} log entries for version ${version}`);
  return replay;
}

/** Forgets every replay (tests, and the replay benchmark's cold runs). */
export function forgetReplays(): void {
  replays.clear();
}
