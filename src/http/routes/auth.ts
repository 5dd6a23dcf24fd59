// Accounts: register, sign in, change the password and confirm an address (rate limited per
// client address), and sign out on this device or everywhere.
import type { FastifyPluginAsync } from 'fastify';
import { changePassword, login, register, signOut, signOutEverywhere } from '../../app/accounts/accounts.js';
import { confirmEmail } from '../../app/accounts/email-confirmation.js';
import { revokeApiToken } from '../../app/api-tokens/api-tokens.js';
import { tokenOf, userOf } from '../auth.js';
import { limitedOperation } from '../limits.js';
import { operation, type OpenApi } from '../openapi.js';

export const authRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  const limited = (operationId: string) => limitedOperation(app, api, operationId);

  app.route({
    ...limited('register'),
    handler: async (request, reply) => {
      const { user, tokenGeneration } = await register(app.services, request.body as { email: string; password: string; name: string });
      return reply.code(201).send({ ...app.issueToken(user.id, tokenGeneration), tokenType: 'Bearer', user });
    },
  });

  app.route({
    ...limited('login'),
    handler: async (request) => {
      const { user, tokenGeneration } = await login(app.services, request.body as { email: string; password: string }, request.ip);
      return { ...app.issueToken(user.id, tokenGeneration), tokenType: 'Bearer', user };
    },
  });

  app.route({
    ...limited('changePassword'),
    handler: async (request) => {
      const input = request.body as { currentPassword: string; newPassword: string };
      const { user, tokenGeneration } = await changePassword(app.services, userOf(request), input, request.ip);
      return { ...app.issueToken(user.id, tokenGeneration), tokenType: 'Bearer', user };
    },
  });

  app.route({
    ...limited('confirmEmail'),
    handler: async (request) => ({ ...(await confirmEmail(app.services, (request.body as { token: string }).token)), emailConfirmed: true }),
  });

  app.route({
    ...operation(api, 'signOut'),
    handler: async (request, reply) => {
      // A personal API token signing itself out is revoked as its owner would revoke it.
      const token = tokenOf(request);
      if (token.personalTokenId) await revokeApiToken(app.services, token.userId, token.personalTokenId);
      else await signOut(app.services, token);
      return reply.code(204).send();
    },
  });

  app.route({
    ...operation(api, 'signOutEverywhere'),
    handler: async (request, reply) => {
      await signOutEverywhere(app.services, userOf(request));
      return reply.code(204).send();
    },
  });
};
