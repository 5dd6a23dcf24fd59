// Sending an application answer, and reading the Idempotency-Key of a request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app/errors.js';
import { fingerprint, type Answer, type IdempotencyKey } from '../../app/games/idempotency.js';

/** The request's Idempotency-Key (validated by the schema), fingerprinted with what it asks. */
export function idempotencyKey(request: FastifyRequest): IdempotencyKey | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  const operationId = request.routeOptions.config?.operationId ?? request.routeOptions.url ?? '';
  try {
    return { key, fingerprint: fingerprint(operationId, JSON.stringify(request.params ?? {}), request.body) };
  } catch (err) {
    // A body nested deeper than the stack allows (a valid body never is).
    if (err instanceof RangeError) throw new AppError('validation_failed', 'The request body is nested too deeply.');
    throw err;
  }
}

export function sendAnswer<T>(reply: FastifyReply, answer: Answer<T>): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}
