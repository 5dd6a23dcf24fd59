// Errors the application layer raises on purpose. Each has a stable machine-readable code; the
// HTTP layer maps codes to status codes and application/problem+json bodies (src/http/problem.ts),
// so services never speak HTTP.
export { isDatabaseUnavailable } from '../store/unavailable.js';

/** Seconds a client should wait before retrying a 503 (the embedded database restarts in about 1 s). */
export const RETRY_AFTER_SECONDS = 2;
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // Specific reasons, for clients to branch on (each maps to the status of its general kind).
  'email_taken',
  'invalid_credentials',
  'wrong_password',
  'invalid_token',
  'stale_version',
  'not_your_turn',
  'illegal_action',
  'not_undoable',
  'idempotency_key_reused',
  'not_overdue',
  'too_many_open_games',
  'too_many_bot_games',
  'too_many_computer_games',
  // Rated play needs a confirmed email address (src/app/ratings/rated-games.ts).
  'email_unconfirmed',
  // Between players (src/app/blocks/, src/app/messages/): one of them blocked the other, or the
  // messages of a game are turned off.
  'blocked',
  'messages_off',
  // Issue 42: a token without the scope an operation needs (src/http/auth.ts), and a bot account
  // where only people play, or a person where a game takes none (src/app/bot-accounts/).
  'insufficient_scope',
  'bots_not_allowed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The signed-in account was deleted meanwhile. */
export function accountGone(): AppError {
  return new AppError('unauthorized', 'This account no longer exists.');
}

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra members for the problem body (e.g. { currentVersion: 12 } on a conflict). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
