// A game's fixed table of pieces (blocks, cards...) by id: states keep the blocks' small indexes and
// the cards' ids, actions and views use the ids. One lookup both ways for every game.

export interface IdTable<T extends { id: string }> {
  /** The index of `id`; throws on an id not in the table (a bug, not a player's mistake). */
  idx(id: string): number;
  /** Whether `id` names a piece of the table (for checking what a player sent). */
  has(id: unknown): id is string;
  /** The piece at index i. */
  at(i: number): T;
  /** The id of the piece at index i. */
  id(i: number): string;
  /** The piece named `id`; throws on an id not in the table (a bug, not a player's mistake). */
  get(id: string): T;
}

export function idTable<T extends { id: string }>(items: readonly T[], what: string): IdTable<T> {
  const index = new Map<string, number>(items.map((x, i) => [x.id, i]));
  const idx = (id: string): number => {
    const i = index.get(id);
    if (i === undefined) throw new Error(`unknown ${what} ${id}`);
    return i;
  };
  return {
    idx,
    has: (id: unknown): id is string => typeof id === 'string' && index.has(id),
    at: (i) => items[i]!,
    id: (i) => items[i]!.id,
    get: (id) => items[idx(id)]!,
  };
}

/** A record's entries in the order of their keys, mapped: views list such records in a stable order. */
export function inKeyOrder<V, T>(record: Readonly<Record<string, V>>, f: (key: string, value: V) => T): T[] {
  return Object.keys(record)
    .sort()
    .map((key) => f(key, record[key]!));
}
