// My account: name, email preference, vacation; my address (a change, confirmed by a link; the
// link sent again).
import type { FastifyPluginAsync } from 'fastify';
import { changeEmail, getMe, updateMe, type UpdateMeInput } from '../../app/accounts/accounts.js';
import { resendConfirmation } from '../../app/accounts/email-confirmation.js';
import { userOf } from '../auth.js';
import { limitedOperation } from '../limits.js';
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

  app.route({
    ...limitedOperation(app, api, 'changeEmail'),
    handler: async (request) => changeEmail(app.services, userOf(request), request.body as { email: string; currentPassword: string }),
  });

  app.route({
    ...operation(api, 'resendEmailConfirmation'),
    handler: async (request, reply) => {
      await resendConfirmation(app.services, userOf(request));
      return reply.code(202).send();
    },
  });
};
