// "Game X is now at version N": published after each committed change, consumed by the
// Server-Sent Events route. The message carries nothing hidden, only the game id and version.
//
// This implementation is in-process: it reaches the listeners connected to this instance only.
// Several instances behind one load balancer would need a shared channel, e.g. Postgres
// LISTEN/NOTIFY (a `pg_notify` in the change's transaction, one LISTEN connection per
// instance feeding publish()); the interface stays the same.
import { EventEmitter } from 'node:events';

export interface GameEvent {
  id: string;
  version: number;
  /** The game was cancelled (deleted) before it started: listeners' streams end. */
  cancelled?: true;
}

export interface GameEvents {
  publish(event: GameEvent): void;
  /** Calls listener for every later event of that game; returns the unsubscribe function. */
  subscribe(gameId: string, listener: (event: GameEvent) => void): () => void;
  /** Number of listeners, for tests and metrics. */
  listenerCount(gameId?: string): number;
}

export function inProcessEvents(): GameEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let total = 0;
  return {
    publish: (event) => void emitter.emit(event.id, event),
    subscribe(gameId, listener) {
      emitter.on(gameId, listener);
      total++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        total--;
        emitter.off(gameId, listener);
      };
    },
    listenerCount: (gameId) => (gameId === undefined ? total : emitter.listenerCount(gameId)),
  };
}
