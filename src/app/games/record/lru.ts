// A small least-recently-used memory bounded by size (the kept records' text, in characters): what
// the record caches of this process hold (stored.ts, readers.ts). Entries are never changed once
// kept: a new one replaces the old under its key.

export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(
    private readonly maxSize: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Keeps `value` (unless it alone is larger than the whole memory), forgetting the least recently used past the bounds. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxSize) return;
    this.entries.set(key, { value, size });
    this.total += size;
    while (this.total > this.maxSize || this.entries.size > this.maxEntries) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.total;
  }
}
