// Players and ratings: a player's public page and its games (by the player's handle), and a
// leaderboard per game.
import type { FastifyPluginAsync } from 'fastify';
import { getPlayer, getPlayerGames, type PlayerGamesStatus } from '../../app/players/players.js';
import { getLeaderboard } from '../../app/ratings/leaderboard.js';
import { operation, type OpenApi } from '../openapi.js';

export const playerRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'getPlayer'),
    handler: async (request) => getPlayer(app.services, (request.params as { name: string }).name),
  });

  app.route({
    ...operation(api, 'listPlayerGames'),
    handler: async (request) => {
      const query = request.query as { status: PlayerGamesStatus; limit?: number; cursor?: string };
      return getPlayerGames(app.services, (request.params as { name: string }).name, query);
    },
  });

  app.route({
    ...operation(api, 'getLeaderboard'),
    handler: async (request) => getLeaderboard(app.services, (request.params as { game: string }).game, request.query as { limit?: number; cursor?: string }),
  });

  // Bot accounts' own board (issue 42): never on the people's.
  app.route({
    ...operation(api, 'getBotLeaderboard'),
    handler: async (request) => getLeaderboard(app.services, (request.params as { game: string }).game, request.query as { limit?: number; cursor?: string }, { bots: true }),
  });
};
