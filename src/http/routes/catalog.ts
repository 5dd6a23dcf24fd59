// A game's public data for clients: cacheable (ETag, long max-age), no token needed.
import type { FastifyPluginAsync } from 'fastify';
import { getCatalog, matchesEtag } from '../../app/games/catalog.js';
import { operation, type OpenApi } from '../openapi.js';

/** A day: the data changes only with an upgrade of the service, and the ETag revalidates cheaply. */
const MAX_AGE_SECONDS = 86_400;

export const catalogRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'getCatalog'),
    handler: async (request, reply) => {
      const { body, etag } = getCatalog((request.params as { game: string }).game);
      reply.header('etag', etag);
      reply.header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return body;
    },
  });
};
