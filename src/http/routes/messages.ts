// Between the players of a game: its messages (a page at a time, a new one, and a player's reading
// of them), each player's switch for them, and each player's private notepad (src/app/messages/).
import type { FastifyPluginAsync } from 'fastify';
import { getMessageSettings, listMessages, markMessagesRead, postMessage, setMessageSettings, type MessageQueryInput, type MessageSettings } from '../../app/messages/messages.js';
import { getNotes, putNotes } from '../../app/messages/notes.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

type WithId = { id: string };

export const messageRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'listGameMessages'),
    handler: async (request) => listMessages(app.services, userOf(request), (request.params as WithId).id, request.query as MessageQueryInput),
  });

  app.route({
    ...operation(api, 'postGameMessage'),
    handler: async (request, reply) => {
      const message = await postMessage(app.services, userOf(request), (request.params as WithId).id, request.body as { text: string });
      return reply.code(201).send(message);
    },
  });

  app.route({
    ...operation(api, 'markMessagesRead'),
    handler: async (request) => markMessagesRead(app.services, userOf(request), (request.params as WithId).id, request.body as { through: number }),
  });

  app.route({
    ...operation(api, 'getMessageSettings'),
    handler: async (request) => getMessageSettings(app.services, userOf(request), (request.params as WithId).id),
  });

  app.route({
    ...operation(api, 'setMessageSettings'),
    handler: async (request) => setMessageSettings(app.services, userOf(request), (request.params as WithId).id, request.body as MessageSettings),
  });

  app.route({
    ...operation(api, 'getGameNotes'),
    handler: async (request) => getNotes(app.services, userOf(request), (request.params as WithId).id),
  });

  app.route({
    ...operation(api, 'putGameNotes'),
    handler: async (request) => putNotes(app.services, userOf(request), (request.params as WithId).id, request.body as { text: string }),
  });
};
