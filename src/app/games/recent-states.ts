// The engine states of the games this process changed or read lately, keyed by game and
// version, with what was worked out of them so far (views, labelled legal actions). A version of a game names one state for
// ever (versions are log sequence numbers, never reused), so a state remembered for (game,
// version) is right whoever reads it, on any instance: a read that finds the stored version
// equal to the remembered one skips fetching and parsing the state (tens of KiB late in a
// game), and a view or a role's labelled legal actions already computed are not computed again
// (a move's answer lists the mover's actions; the mover's next read of the game, often the very
// next request, finds them here). States, views and actions are never mutated (the engine
// returns new ones, answers are only serialised), so sharing them is safe. Each also keeps the
// game's row as last read or written, on which a change can be decided and written in one round
// trip (change.ts), guarded by the game's revision.
import type { GameModule } from '../../engine/index.js';
import type { LabelledAction, PresentMemo } from './present.js';
import type { GameRow } from '../../store/games.js';

/** Views of one state by role (null: the observer). */
export type Views = Map<string | null, unknown>;

/** What was worked out of one state: its views, and each role's labelled legal actions. */
export interface Derived {
  views: Views;
  actions: Map<string, LabelledAction[]>;
}

export const nothingDerived = (): Derived => ({ views: new Map(), actions: new Map() });

export interface Remembered {
  version: number;
  state: unknown;
  derived: Derived;
  /**
   * The game's row at this version as last read or written (without its state), with its
   * revisions: a change may be decided on it and written in one round trip if the game is still
   * at that revision (change.ts). Unlike the state, it can go out of date (a seat's reminder
   * sent, a player's new address): the revision check is what makes it safe to use.
   */
  row?: GameRow;
}

export interface RecentStates {
  get(gameId: string): Remembered | undefined;
  /** Remembers a newer version; with `row`, also the row of a version already remembered. */
  set(gameId: string, version: number, state: unknown, derived?: Derived, row?: GameRow): void;
  /**
   * Forgets the game if what is remembered of it is older than `version` (another instance
   * changed it): its next read fetches it whole in one round trip, and a move on it goes
   * straight to the game's lock, instead of first finding the held row out of date.
   */
  forget(gameId: string, version: number): void;
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
    set(gameId, version, state, derived = nothingDerived(), row) {
      const known = map.get(gameId);
      const held = row && { ...row, snapshot: row.snapshot && { version: row.snapshot.version, stateVersion: row.snapshot.stateVersion } };
      if (known && known.version >= version) {
        if (held && known.version === version) known.row = held;
        return;
      }
      map.delete(gameId);
      map.set(gameId, { version, state, derived, ...(held && { row: held }) });
      if (map.size > max) map.delete(map.keys().next().value!);
    },
    forget(gameId, version) {
      const known = map.get(gameId);
      if (known && known.version < version) map.delete(gameId);
    },
  };
}

/** One per process, shared by every server built in it (states depend only on the game and version). */
export const sharedRecentStates: RecentStates = recentStates();

/** presentGame's memo for `state`, on what was derived of it (`before`: as for viewMemo's `known`). */
export function presentMemo(module: GameModule, state: unknown, derived: Derived, before: [unknown, Views][] = []): PresentMemo {
  return { view: viewMemo(module, state, derived.views, before), actions: derived.actions };
}

/**
 * module.view computed at most once per role for `state` (kept in `views`), and once per
 * state and role for any other state (the state before a change; `known` may hold views of
 * such states computed already).
 */
export function viewMemo(module: GameModule, state: unknown, views: Views, known: [unknown, Views][] = []): (state: unknown, role: string | null) => unknown {
  const others = new Map<unknown, Views>([...known, [state, views]]);
  return (s, role) => {
    let byRole = others.get(s);
    if (!byRole) others.set(s, (byRole = new Map()));
    if (!byRole.has(role)) byRole.set(role, module.view(s, role));
    return byRole.get(role);
  };
}
