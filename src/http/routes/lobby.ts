// Finding an opponent: "play anyone" (a seek) and the rematch of a finished game
// (src/app/lobby/). The lobby's list itself is GET /v1/games (routes/games.ts).
import type { FastifyPluginAsync } from 'fastify';
import { getRematch, offerRematch } from '../../app/lobby/rematch.js';
import { seek, type SeekInput } from '../../app/lobby/seeks.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';
import { sendAnswer } from './answer.js';

type WithId = { id: string };

export const lobbyRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'createSeek'),
    handler: async (request, reply) => {
      const answer = await seek(app.services, userOf(request), request.body as SeekInput);
      reply.header('location', `/v1/games/${answer.body.id}`);
      return sendAnswer(reply, answer);
    },
  });

  app.route({
    ...operation(api, 'offerRematch'),
    handler: async (request, reply) => {
      const answer = await offerRematch(app.services, userOf(request), (request.params as WithId).id, (request.body ?? {}) as { rated?: boolean; playerSeed?: string });
      reply.header('location', `/v1/games/${answer.body.id}`);
      return reply.code(answer.status).send(answer.body);
    },
  });

  app.route({
    ...operation(api, 'getRematch'),
    handler: async (request) => getRematch(app.services, userOf(request), (request.params as WithId).id),
  });
};
