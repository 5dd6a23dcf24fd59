// My account: name, email preference, vacation.
import type { FastifyPluginAsync } from 'fastify';
import { getMe, updateMe, type UpdateMeInput } from '../../app/accounts.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

export const meRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'getMe'),
    handler: async (request) => getMe(app.services, userOf(request)),
  });

  app.route({
    ...operation(api, 'updateMe'),
    handler: async (request) => updateMe(app.services, userOf(request), request.body as UpdateMeInput),
  });
};
