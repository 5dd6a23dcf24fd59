// Every error leaves the service as application/problem+json (RFC 9457) with a stable `code`.
// Application errors (AppError) map by code; Fastify's own errors (validation, bad JSON, body
// too large, ...) by status; anything else is a 500 whose details stay in the log.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isDatabaseUnavailable, RETRY_AFTER_SECONDS, type ErrorCode } from '../app/errors.js';

export const PROBLEM_JSON = 'application/problem+json';

const STATUS_OF: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  email_taken: 409,
  invalid_credentials: 401,
  // Signed in, but the current password given to change it is wrong: not a token problem.
  wrong_password: 403,
  invalid_token: 400,
  stale_version: 409,
  not_your_turn: 403,
  illegal_action: 422,
  not_undoable: 409,
  idempotency_key_reused: 422,
  not_overdue: 409,
  // Limits on creating games (src/app/games/game-limits.ts): the account has reached one.
  too_many_open_games: 409,
  too_many_bot_games: 409,
  too_many_computer_games: 409,
  email_unconfirmed: 403,
  // Between players: a block, or a game's messages turned off (src/app/blocks/, src/app/messages/).
  blocked: 403,
  messages_off: 403,
  // Issue 42: a token without the operation's scope; a bot where bots may not play.
  insufficient_scope: 403,
  bots_not_allowed: 403,
};

const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export interface FieldError {
  in: 'body' | 'query' | 'path' | 'header';
  path: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  requestId?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

export function problem(
  request: FastifyRequest,
  code: ErrorCode,
  detail: string,
  extra: Record<string, unknown> = {},
  status: number = STATUS_OF[code],
): Problem {
  return {
    ...extra,
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    detail,
    instance: request.url.split('?')[0],
    requestId: request.id,
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  if (body.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(body.status).type(PROBLEM_JSON).send(body);
}

const PART: Record<string, FieldError['in']> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

interface AjvError {
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

// Names the member itself for a missing or unknown member ('/email', not '').
function fieldError(part: FieldError['in'], v: AjvError): FieldError {
  const path = v.instancePath ?? '';
  if (v.keyword === 'required' && typeof v.params?.missingProperty === 'string') {
    return { in: part, path: `${path}/${v.params.missingProperty}`, message: 'is required' };
  }
  if (v.keyword === 'additionalProperties' && typeof v.params?.additionalProperty === 'string') {
    return { in: part, path: `${path}/${v.params.additionalProperty}`, message: 'is not a known member' };
  }
  return { in: part, path, message: v.message ?? 'is invalid' };
}

export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (STATUS_OF[error.code] >= 500) request.log.error({ err: error }, 'request failed');
      if (typeof error.details?.retryAfter === 'number') reply.header('retry-after', String(error.details.retryAfter));
      return sendProblem(reply, problem(request, error.code, error.message, error.details));
    }
    if (error.validation) {
      const part = PART[error.validationContext ?? 'body'] ?? 'body';
      const errors = error.validation.map((v) => fieldError(part, v));
      return sendProblem(reply, problem(request, 'validation_failed', `The request ${part} is not valid.`, { errors }));
    }
    // The database down or restarting is not a bug of ours: 503, whatever the route (issue 9).
    if ((error.statusCode ?? 500) >= 500 && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(reply, problem(request, 'service_unavailable', 'The service is unavailable for a moment; retry later.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, ...): their messages are safe to show.
      return sendProblem(reply, problem(request, CODE_OF_STATUS[status] ?? 'bad_request', error.message, {}, status));
    }
    request.log.error({ err: error }, 'request failed');
    if (status === 503) return sendProblem(reply, problem(request, 'service_unavailable', 'The service is unavailable; retry later.'));
    return sendProblem(reply, problem(request, 'internal_error', 'Something went wrong on our side; it has been logged.'));
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problem(request, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}.`)),
  );
}
