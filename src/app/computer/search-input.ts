// What the computer opponent is given for one decision: exactly what the API serves its role
// (ComputerInput, src/search/types.ts), built on the trusted side from the stored game. The game is
// replayed from its seed and its standing actions through the engine; after the start and after
// each action the computer's role's view is kept (its log cut to the lines that step added or
// changed), with the action only where the computer itself acted; then its view and legal
// actions now, as the API lists them (without labels). Nothing else of the state leaves here.
//
// A replay of the whole game per decision cost about a quarter of a second late in a long game (a
// view per action, each with the whole log), so a search thread keeps what it built of the games
// it decided lately (SeenCache) and only applies the actions since, as long
// as the standing actions it built on are still standing (an undo, or a game it does not hold:
// built again from the start).
import type { Action, GameModule } from '../../engine/index.js';
import { setupGame, type GameSeed, type StandingAction } from '../games/history.js';
import type { ComputerInput, Seen } from '../../search/types.js';

type ViewWithLog = { log?: unknown };

/** The computer's input in the game as `actions` leave it (the standing actions, oldest first). */
export function computerInput(m: GameModule, game: GameSeed, actions: readonly StandingAction[], role: string, cache?: SeenCache, key?: string): ComputerInput {
  const cacheKey = key === undefined ? undefined : `${key}|${role}`;
  let b = cacheKey === undefined ? undefined : cache?.get(cacheKey);
  if (!b || !b.extends(actions)) b = new SeenSoFar(m, setupGame(m, game), role);
  b.extend(actions);
  if (cacheKey !== undefined) cache?.set(cacheKey, b);
  return { game: m.id, role, view: m.view(b.state, role), legal: m.legalActions(b.state, role) as Action[], seen: [...b.seen] } as ComputerInput;
}

/** What one role has seen of one game so far, and the state it leads to (the trusted side's). */
class SeenSoFar {
  state: unknown;
  readonly seen: Seen<unknown>[];
  private readonly seqs: number[] = [];
  private log: unknown[];

  constructor(
    private readonly m: GameModule,
    start: unknown,
    private readonly role: string,
  ) {
    this.state = start;
    const first = m.view(start, role) as ViewWithLog;
    this.log = logOf(first);
    this.seen = [{ by: null, view: first, logFrom: 0 }];
  }

  /** Do `actions` begin with the ones this was built on? */
  extends(actions: readonly StandingAction[]): boolean {
    return this.seqs.length <= actions.length && this.seqs.every((s, i) => actions[i]!.seq === s);
  }

  extend(actions: readonly StandingAction[]): void {
    for (const a of actions.slice(this.seqs.length)) {
      this.state = this.m.apply(this.state, a.role, a.action);
      const v = this.m.view(this.state, this.role) as ViewWithLog;
      const next = logOf(v);
      let k = 0;
      const n = Math.min(this.log.length, next.length);
      while (k < n && this.log[k] === next[k]) k++;
      this.log = next;
      this.seen.push({ by: a.role, ...(a.role === this.role && { action: a.action }), view: { ...v, log: next.slice(k) }, logFrom: k });
      this.seqs.push(a.seq);
    }
  }
}

/** The games a search thread built lately, the least recent dropped past `max` (memory). */
export class SeenCache {
  private readonly map = new Map<string, SeenSoFar>();
  constructor(private readonly max = 8) {}

  get(key: string): SeenSoFar | undefined {
    const b = this.map.get(key);
    if (b) {
      this.map.delete(key);
      this.map.set(key, b);
    }
    return b;
  }

  set(key: string, b: SeenSoFar): void {
    this.map.delete(key);
    this.map.set(key, b);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}

function logOf(v: ViewWithLog): unknown[] {
  return Array.isArray(v.log) ? v.log : [];
}
