// The engine states of the games this process changed or read lately, keyed by game and
// version, with the views of them computed so far. A version of a game names one state for
// ever (versions are log sequence numbers, never reused), so a state remembered for (game,
// version) is right whoever reads it, on any instance: a read that finds the stored version
// equal to the remembered one skips fetching and parsing the state (tens of KiB late in a
// game), and a view already computed for a role is not computed again. States and views are
// never mutated (the engine returns new ones), so sharing them is safe.
import type { GameModule } from '../engine/index.js';

/** Views of one state by role (null: the observer). */
export type Views = Map<string | null, unknown>;

export interface Remembered {
  version: number;
  state: unknown;
  views: Views;
}

export interface RecentStates {
  get(gameId: string): Remembered | undefined;
  set(gameId: string, version: number, state: unknown, views?: Views): void;
}

export function recentStates(max = 2_000): RecentStates {
  const map = new Map<string, Remembered>();
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
    set(gameId, version, state, views = new Map()) {
      const known = map.get(gameId);
      if (known && known.version >= version) return;
      map.delete(gameId);
      map.set(gameId, { version, state, views });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
  };
}

/** One per process, shared by every server built in it (states depend only on the game and version). */
export const sharedRecentStates: RecentStates = recentStates();

/**
 * module.view computed at most once per role for `state` (kept in `views`), and once per
 * state and role for any other state (the state before a change).
 */
export function viewMemo(module: GameModule, state: unknown, views: Views): (state: unknown, role: string | null) => unknown {
  const others = new Map<unknown, Views>([[state, views]]);
  return (s, role) => {
    let byRole = others.get(s);
    if (!byRole) others.set(s, (byRole = new Map()));
    if (!byRole.has(role)) byRole.set(role, module.view(s, role));
    return byRole.get(role);
  };
}
