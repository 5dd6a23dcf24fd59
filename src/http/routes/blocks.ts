// My blocks: the players I take nothing from (src/app/blocks/).
import type { FastifyPluginAsync } from 'fastify';
import { blockUser, listBlocks, unblockUser } from '../../app/blocks/blocks.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

// User ids are UUIDs in either case; the database writes them in lower case.
const other = (params: unknown) => (params as { userId: string }).userId.toLowerCase();

export const blockRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'listBlocks'),
    handler: async (request) => listBlocks(app.services, userOf(request)),
  });

  app.route({
    ...operation(api, 'blockUser'),
    handler: async (request) => blockUser(app.services, userOf(request), other(request.params)),
  });

  app.route({
    ...operation(api, 'unblockUser'),
    handler: async (request, reply) => {
      await unblockUser(app.services, userOf(request), other(request.params));
      return reply.code(204).send();
    },
  });
};
