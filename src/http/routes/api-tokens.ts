// My personal API tokens (src/app/api-tokens/): make one (shown once), list them, revoke one.
// Signing in only: these operations need the `account` scope, which no personal token has.
import type { FastifyPluginAsync } from 'fastify';
import { createApiToken, listApiTokens, revokeApiToken } from '../../app/api-tokens/api-tokens.js';
import type { Scope } from '../../app/api-tokens/scopes.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

export const apiTokenRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'createApiToken'),
    handler: async (request, reply) => {
      const made = await createApiToken(app.services, userOf(request), request.body as { name: string; scopes: Scope[]; expiresAt?: string | null });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(made);
    },
  });

  app.route({
    ...operation(api, 'listApiTokens'),
    handler: async (request) => listApiTokens(app.services, userOf(request)),
  });

  app.route({
    ...operation(api, 'revokeApiToken'),
    handler: async (request, reply) => {
      await revokeApiToken(app.services, userOf(request), (request.params as { id: string }).id);
      return reply.code(204).send();
    },
  });
};
