// My account: name, email preference, vacation; my address (a change, confirmed by a link; the
// link sent again); my data (its export, and the deletion of the account).
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { changeEmail, getMe, updateMe, type UpdateMeInput } from '../../app/accounts/accounts.js';
import { resendConfirmation } from '../../app/accounts/email-confirmation.js';
import { deleteAccount } from '../../app/my-data/deletion.js';
import { exportMyData } from '../../app/my-data/export.js';
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
    handler: async (request) => changeEmail(app.services, userOf(request), request.body as { email: string; currentPassword: string }, request.ip),
  });

  app.route({
    ...operation(api, 'resendEmailConfirmation'),
    handler: async (request, reply) => {
      await resendConfirmation(app.services, userOf(request));
      return reply.code(202).send();
    },
  });
  app.route({
    ...limitedOperation(app, api, 'exportMyData'),
    handler: async (request, reply) => {
      // Refused (429, 401) before anything is sent; then streamed a game at a time.
      const data = await exportMyData(app.services, userOf(request));
      reply.header('content-disposition', `attachment; filename="alea-data-${data.exportedAt.slice(0, 10)}.json"`);
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(Readable.from(data.chunks, { objectMode: false }));
    },
  });

  // Limited per client address, as sign-in is: it checks a password.
  app.route({
    ...limitedOperation(app, api, 'deleteAccount'),
    handler: async (request, reply) => {
      await deleteAccount(app.services, userOf(request), request.body as { password: string }, request.ip);
      return reply.code(204).send();
    },
  });
};
