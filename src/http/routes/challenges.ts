// Challenges (src/app/challenges/): make one, list mine both ways, read one, accept (the game),
// decline (with a reason), withdraw.
import type { FastifyPluginAsync } from 'fastify';
import { acceptChallenge, createChallenge, endOpenChallenge, getChallenge, listChallenges, type CreateChallengeInput, type DeclineReason } from '../../app/challenges/challenges.js';
import type { ChallengeStatus } from '../../store/challenges.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

export const challengeRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

  app.route({
    ...operation(api, 'createChallenge'),
    handler: async (request, reply) => reply.code(201).send((await createChallenge(app.services, userOf(request), request.body as CreateChallengeInput)).challenge),
  });

  app.route({
    ...operation(api, 'listChallenges'),
    handler: async (request) => listChallenges(app.services, userOf(request), request.query as { direction?: 'in' | 'out'; status?: ChallengeStatus; limit?: number }),
  });

  app.route({
    ...operation(api, 'getChallenge'),
    handler: async (request) => getChallenge(app.services, userOf(request), idOf(request)),
  });

  app.route({
    ...operation(api, 'acceptChallenge'),
    handler: async (request) => acceptChallenge(app.services, userOf(request), idOf(request), (request.body as { playerSeed?: string } | undefined) ?? {}),
  });

  app.route({
    ...operation(api, 'declineChallenge'),
    handler: async (request) => {
      const reason = (request.body as { reason?: DeclineReason } | undefined)?.reason;
      return endOpenChallenge(app.services, idOf(request), { by: userOf(request), status: 'declined', ...(reason && { reason }) });
    },
  });

  app.route({
    ...operation(api, 'cancelChallenge'),
    handler: async (request) => endOpenChallenge(app.services, idOf(request), { by: userOf(request), status: 'canceled' }),
  });
};
