// A process-local memory of users' token generations (see accounts.ts), so that checking a
// token does not cost a database read on every request. Revocations made through this process
// take effect at once (they write here); one made by another instance, or a deleted account,
// takes effect here within `ttlMs`. Time is the process's monotonic clock, not the service clock:
// this is a cache, not game time.

type Generation = number | null; // null: no such account (final)

export class TokenGenerations {
  private readonly entries = new Map<string, { generation: Generation; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The remembered generation, or undefined if unknown or too old. */
  get(userId: string): Generation | undefined {
    const e = this.entries.get(userId);
    if (!e) return undefined;
    if (e.until > this.now()) return e.generation;
    this.entries.delete(userId);
    return undefined;
  }

  /**
   * Remembers a generation read or written. Generations only grow and a deleted account stays
   * deleted, so a slow read finishing after a revocation never brings back an older generation.
   */
  remember(userId: string, generation: Generation): void {
    if (this.ttlMs <= 0) return;
    const known = this.entries.get(userId)?.generation;
    const newest = known === null || generation === null ? null : known === undefined ? generation : Math.max(known, generation);
    if (this.entries.size >= this.maxEntries && !this.entries.has(userId)) this.entries.clear();
    this.entries.set(userId, { generation: newest, until: this.now() + this.ttlMs });
  }
}
