// Games: create, list (lobby, mine), read, cancel, join, an invitation, log, and my emails about one.
import type { FastifyPluginAsync } from 'fastify';
import { cancelGame, createGame, readGameAs, getGameEmails, setGameBots, setGameEmails, type GameEmails, getLog, joinGame, listGames, type CreateGameInput, type JoinGameInput, type ListGamesInput } from '../../app/games/games.js';
import { readInvitation } from '../../app/games/invitation.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';
import { idempotencyKey, sendAnswer } from './answer.js';

type WithId = { id: string };

export const gameRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'createGame'),
    handler: async (request, reply) => {
      const answer = await createGame(app.services, userOf(request), request.body as CreateGameInput, idempotencyKey(request));
      reply.header('location', `/v1/games/${answer.body.id}`);
      return sendAnswer(reply, answer);
    },
  });

  app.route({
    ...operation(api, 'listGames'),
    handler: async (request) => listGames(app.services, userOf(request), request.query as ListGamesInput),
  });

  app.route({
    ...operation(api, 'getGame'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const { invite } = request.query as { invite?: string };
      const ifNoneMatch = request.headers['if-none-match'];
      const read = await readGameAs(app.services, userOf(request), id, {
        ...(invite !== undefined && { invite }),
        ...(typeof ifNoneMatch === 'string' && { ifNoneMatch }),
      });
      // Each user's answer differs (their role, view and legal actions): caches must ask again.
      reply.header('etag', read.etag).header('cache-control', 'private, no-cache');
      return read.game ? read.game : reply.code(304).send();
    },
  });

  app.route({
    ...operation(api, 'cancelGame'),
    handler: async (request, reply) => {
      await cancelGame(app.services, userOf(request), (request.params as WithId).id);
      return reply.code(204).send();
    },
  });

  app.route({
    ...operation(api, 'joinGame'),
    handler: async (request, reply) => {
      const { id } = request.params as WithId;
      const input = (request.body ?? {}) as JoinGameInput;
      return sendAnswer(reply, await joinGame(app.services, userOf(request), id, input, idempotencyKey(request)));
    },
  });

  app.route({
    ...operation(api, 'getInvitation'),
    handler: async (request) => readInvitation(app.services, (request.params as WithId).id, (request.query as { code: string }).code),
  });

  app.route({
    ...operation(api, 'getGameLog'),
    handler: async (request) => getLog(app.services, userOf(request), (request.params as WithId).id),
  });

  app.route({
    ...operation(api, 'getGameEmails'),
    handler: async (request) => getGameEmails(app.services, userOf(request), (request.params as WithId).id),
  });

  app.route({
    ...operation(api, 'setGameEmails'),
    handler: async (request) => setGameEmails(app.services, userOf(request), (request.params as WithId).id, request.body as GameEmails),
  });

  app.route({
    ...operation(api, 'setGameBots'),
    handler: async (request) => setGameBots(app.services, userOf(request), (request.params as WithId).id, request.body as { allowed: boolean }),
  });
};
