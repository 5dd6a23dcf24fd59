// Builds the computer's input the way the service will: from the game as it is played (the
// trusted side, which holds the states), what one role has seen: its view after the start and
// after every action, its own actions, and who acted. Each seen view keeps only the log lines that
// action added or changed, so a whole game's history stays small.

import type { Action, GameModule } from '../engine/index.js';
import type { ComputerInput, Seen } from './types.js';

export class Observer<S, V extends { log: string[] }> {
  private readonly entries: Seen<V>[] = [];
  private log: string[];

  constructor(
    private readonly module: GameModule<S, V>,
    readonly role: string,
    start: S,
  ) {
    const v = module.view(start, role);
    this.log = v.log;
    this.entries.push({ by: null, view: v, logFrom: 0 });
  }

  /** Records that `by` played `action`, leading to `after`. */
  push(by: string, action: Action, after: S): void {
    const v = this.module.view(after, this.role);
    const prev = this.log;
    const next = v.log;
    let k = 0;
    const n = Math.min(prev.length, next.length);
    while (k < n && prev[k] === next[k]) k++;
    this.log = next;
    const entry: Seen<V> = { by, view: { ...v, log: next.slice(k) }, logFrom: k };
    if (by === this.role) entry.action = action;
    this.entries.push(entry);
  }

  get seen(): readonly Seen<V>[] {
    return this.entries;
  }

  /** The input for a decision in `now` (the state after the last push). */
  input(now: S): ComputerInput {
    return {
      game: this.module.id,
      role: this.role,
      view: this.module.view(now, this.role),
      legal: this.module.legalActions(now, this.role),
      seen: this.entries,
    } as unknown as ComputerInput;
  }
}
