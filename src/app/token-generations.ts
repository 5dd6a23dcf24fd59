// A process-local memory of users' token generations and of tokens signed out one by one (see
// accounts.ts), so that checking a token does not cost a database read on every request.
// Revocations made through this process take effect at once (they write here), and so do those
// another instance announces on the shared events channel (events.ts); one whose announcement is
// lost, or a deleted account, takes effect here within `ttlMs`, when the entry is read again.
// Time is the process's monotonic clock, not the service clock: this is a cache, not game time.

type Generation = number | null; // null: no such account (final)

export class TokenGenerations {
  private readonly entries = new Map<string, { generation: Generation; until: number }>();
  /** Token ids: whether signed out (true is final: a token is never signed back in). */
  private readonly tokens = new Map<string, { revoked: boolean; until: number }>();

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

  /** Whether this token was signed out, as remembered; undefined if unknown or too old. */
  tokenRevoked(tokenId: string): boolean | undefined {
    const e = this.tokens.get(tokenId);
    if (!e) return undefined;
    if (e.until > this.now()) return e.revoked;
    this.tokens.delete(tokenId);
    return undefined;
  }

  /** Remembers a token's state read or written; a sign-out is never undone by a slower read. */
  rememberToken(tokenId: string, revoked: boolean): void {
    if (this.ttlMs <= 0) return;
    const known = this.tokens.get(tokenId)?.revoked === true;
    if (this.tokens.size >= this.maxEntries && !this.tokens.has(tokenId)) this.tokens.clear();
    this.tokens.set(tokenId, { revoked: revoked || known, until: this.now() + this.ttlMs });
  }
}
