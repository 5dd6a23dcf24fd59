// The computer's fair queue: which waiting game gets the next search. Searches are few (one per
// thread) and a level's search costs what its level allows (hard: five seconds), so serving the
// games oldest first let one account's hard games hold every thread while a new player's easy
// game waited minutes. Instead each account is served in turn and charged what its level costs
// (start-time fair queuing over accounts): the next search goes to the account that has been
// charged least, counted from the queue's virtual time now, so an account's share of the threads
// does not grow with its number of games or their level, and an account that just arrived is
// served at once. Within an account, its game waiting longest first.
import { level as levelById } from '../../search/levels.js';

/** A game waiting for the computer's move, as the queue sees it. */
export interface WaitingGame {
  id: string;
  /** The account that created the game (the person playing the computer). */
  account: string;
  level: string;
}

/** What one search at `level` is charged: the level's time cap in ms (its iterations scale alike). */
export function levelCost(level: string): number {
  try {
    return levelById(level).timeMs;
  } catch {
    return levelById('normal').timeMs;
  }
}

export class FairQueue {
  /** Per account, the virtual time at which its last search charged ends. */
  private readonly charged = new Map<string, number>();
  /** The virtual time now: where the last search served started. */
  private now = 0;

  /**
   * The order in which `waiting` (each account's games oldest first) would be served from now on,
   * were nothing else to arrive: the queue's answer to "how many searches come before mine".
   */
  order(waiting: readonly WaitingGame[]): WaitingGame[] {
    const byAccount = new Map<string, WaitingGame[]>();
    for (const g of waiting) {
      const list = byAccount.get(g.account);
      if (list) list.push(g);
      else byAccount.set(g.account, [g]);
    }
    const next = new Map<string, number>();
    for (const a of byAccount.keys()) next.set(a, Math.max(this.charged.get(a) ?? 0, this.now));
    const out: WaitingGame[] = [];
    const at = new Map<string, number>();
    while (out.length < waiting.length) {
      let best: string | null = null;
      for (const [a, t] of next) if (best === null || t < next.get(best)!) best = a;
      const list = byAccount.get(best!)!;
      const k = at.get(best!) ?? 0;
      const g = list[k]!;
      out.push(g);
      if (k + 1 < list.length) {
        at.set(best!, k + 1);
        next.set(best!, next.get(best!)! + levelCost(g.level));
      } else next.delete(best!);
    }
    return out;
  }

  /** Charges a search of `g` to its account, as it starts. */
  take(g: WaitingGame): void {
    const start = Math.max(this.charged.get(g.account) ?? 0, this.now);
    this.now = start;
    this.charged.set(g.account, start + levelCost(g.level));
    // Accounts charged no further than now are as new ones: forget them (memory stays bounded).
    for (const [a, t] of this.charged) if (t <= this.now) this.charged.delete(a);
  }
}
