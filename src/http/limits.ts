// Routes limited per client address (sign-in, registration, passwords): the operation from
// openapi.yaml with @fastify/rate-limit's route config.
import type { FastifyInstance } from 'fastify';
import { operation, type OpenApi, type OperationRoute } from './openapi.js';

export function limitedOperation(app: FastifyInstance, api: OpenApi, operationId: string): OperationRoute & { config: { rateLimit: object } } {
  const { max, windowMs } = app.services.security.authRateLimit;
  const op = operation(api, operationId);
  return { ...op, config: { ...op.config, rateLimit: { max, timeWindow: windowMs } } };
}
