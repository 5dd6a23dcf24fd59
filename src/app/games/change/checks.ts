// The checks and refusals the changes share: the caller's seat, an active game, the version the
// player saw, and the errors a change answers with (no such game, a reused Idempotency-Key, a
// database too busy).
import { isBusy } from '../../../store/game-tx.js';
import { AppError } from '../../errors.js';
import { canSee } from '../present.js';
import type { Locked } from './types.js';

/** The caller's seat, or 403 (a watcher of a public game) / 404 (someone who may not see it). */
export function requireSeat(g: Locked, userId: string): string {
  if (g.role !== null) return g.role;
  if (canSee(g.row, userId)) throw new AppError('forbidden', 'You are watching this game, not playing it.');
  throw notFound();
}

export function requireActive(g: Locked): void {
  if (g.row.status === 'open') throw new AppError('conflict', 'The game has not started yet: it is waiting for a second player.');
  if (g.row.status !== 'active') throw new AppError('conflict', 'The game is over.');
}

export function staleVersion(current: number): AppError {
  return new AppError('stale_version', `The game has moved on to version ${current}; read it again and retry.`, { currentVersion: current });
}

export function requireVersion(g: Locked, version: number | undefined): void {
  if (version !== undefined && version !== g.version) throw staleVersion(g.version);
}

export function notFound(): AppError {
  return new AppError('not_found', 'There is no such game, or you may not see it.');
}

export function keyReused(): AppError {
  return new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key for a new request.');
}

/** A database too busy to answer in time (isBusy: no connection, a lock held too long) as a 503; any other error as it is. */
export function asUnavailable(err: unknown): unknown {
  return isBusy(err) ? new AppError('service_unavailable', 'The service is busy; retry in a moment.') : err;
}
