// The engine states of the games this process changed or read lately, keyed by game and
// version. A version of a game names one state for ever (versions are log sequence numbers,
// never reused), so a state remembered for (game, version) is right whoever reads it, on any
// instance: a read that finds the stored version equal to the remembered one skips fetching
// and parsing the state (tens of KiB late in a game). States are never mutated (the engine
// returns new ones), so sharing them is safe.
export interface RecentStates {
  get(gameId: string): { version: number; state: unknown } | undefined;
  set(gameId: string, version: number, state: unknown): void;
}

export function recentStates(max = 2_000): RecentStates {
  const map = new Map<string, { version: number; state: unknown }>();
  return {
    get(gameId) {
      const hit = map.get(gameId);
      if (hit) {
        // Most recently used last: the first key is the one to drop.
        map.delete(gameId);
        map.set(gameId, hit);
      }
      return hit;
    },
    set(gameId, version, state) {
      const known = map.get(gameId);
      if (known && known.version > version) return;
      map.delete(gameId);
      map.set(gameId, { version, state });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}

/** One per process, shared by every server built in it (states depend only on the game and version). */
export const sharedRecentStates: RecentStates = recentStates();
