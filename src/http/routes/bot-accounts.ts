// Bot accounts (src/app/bot-accounts/): an account declares itself a bot.
import type { FastifyPluginAsync } from 'fastify';
import { getMe } from '../../app/accounts/accounts.js';
import { declareBot } from '../../app/bot-accounts/bot-accounts.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

export const botAccountRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'declareBot'),
    handler: async (request) => {
      await declareBot(app.services, userOf(request));
      return getMe(app.services, userOf(request));
    },
  });
};
