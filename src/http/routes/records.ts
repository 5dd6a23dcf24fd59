// A game's record (JSON), its transcript (text) and its past positions, as the caller may read
// them (src/app/games/record/); and, for anyone, what checking a record online needs: Alea's
// public record keys and a finished game's commitment.
import type { FastifyPluginAsync } from 'fastify';
import { gameCommitment, recordKeys } from '../../app/games/record/published.js';
import { gameRecordJson, gameTranscript } from '../../app/games/record/read.js';
import { gamePosition } from '../../app/games/record/record.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

type WithId = { id: string };

export const recordRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'getGamePosition'),
    handler: async (request) => {
      const { id, n } = request.params as WithId & { n: number };
      return gamePosition(app.services, userOf(request), id, n);
    },
  });

  app.route({
    ...operation(api, 'getGameRecord'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const { number, json } = await gameRecordJson(app.services, userOf(request), id);
      // Saved as a file by a browser that follows the link. The JSON as made once (read.ts), sent as it is.
      reply.header('content-disposition', `inline; filename="alea-game-${number}.json"`).header('cache-control', 'private, no-cache');
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  app.route({
    ...operation(api, 'getRecordKeys'),
    handler: async (_request, reply) => {
      // Keys change only with a restart (a rotation); a checker may keep them a while.
      reply.header('cache-control', 'public, max-age=300');
      return recordKeys(app.services);
    },
  });

  app.route({
    ...operation(api, 'getGameCommitment'),
    handler: async (request) => gameCommitment(app.services, (request.params as WithId).id),
  });

  app.route({
    ...operation(api, 'getGameTranscript'),
    handler: async (request, reply) => {
      const text = await gameTranscript(app.services, userOf(request), (request.params as WithId).id);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'private, no-cache').send(text);
    },
  });
};
