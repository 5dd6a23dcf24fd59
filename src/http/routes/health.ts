import type { FastifyPluginAsync } from 'fastify';
import { checkHealth } from '../../app/health.js';
import { VERSION } from '../../version.js';
import { operation, type OpenApi } from '../openapi.js';
import { problem, sendProblem } from '../problem.js';

export const healthRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'getHealth'),
    // Probes poll this every few seconds: keep their lines out of the info log.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const health = await checkHealth(app);
      if (!health.ok) {
        request.log.warn({ checks: health.checks }, 'health check failed');
        return sendProblem(reply, problem(request, 'service_unavailable', 'The database does not answer.', { checks: health.checks }));
      }
      return { status: 'ok', version: VERSION, time: health.time.toISOString(), checks: health.checks };
    },
  });
};
