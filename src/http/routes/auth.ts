// Accounts: register and sign in (both rate limited per client address).
import type { FastifyPluginAsync } from 'fastify';
import { login, register } from '../../app/accounts.js';
import { operation, type OpenApi } from '../openapi.js';

export const authRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  const { max, windowMs } = app.services.security.authRateLimit;
  const limited = (operationId: string) => {
    const op = operation(api, operationId);
    return { ...op, config: { ...op.config, rateLimit: { max, timeWindow: windowMs } } };
  };

  app.route({
    ...limited('register'),
    handler: async (request, reply) => {
      const user = await register(app.services, request.body as { email: string; password: string; name: string });
      return reply.code(201).send({ ...app.issueToken(user.id), tokenType: 'Bearer', user });
    },
  });

  app.route({
    ...limited('login'),
    handler: async (request) => {
      const user = await login(app.services, request.body as { email: string; password: string });
      return { ...app.issueToken(user.id), tokenType: 'Bearer', user };
    },
  });
};
