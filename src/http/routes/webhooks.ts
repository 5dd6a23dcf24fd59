// My outgoing webhooks (src/app/webhooks/): add one (a json one's secret shown once), list them
// with their last error, delete one, send a test now.
import type { FastifyPluginAsync } from 'fastify';
import { createWebhook, listWebhooks, removeWebhook, testWebhook, type WebhookEventType } from '../../app/webhooks/webhooks.js';
import type { WebhookFormat } from '../../store/webhooks.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

export const webhookRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

  app.route({
    ...operation(api, 'createWebhook'),
    handler: async (request, reply) => {
      const made = await createWebhook(app.services, userOf(request), request.body as { url: string; format: WebhookFormat; events: WebhookEventType[] });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(made);
    },
  });

  app.route({
    ...operation(api, 'listWebhooks'),
    handler: async (request) => listWebhooks(app.services, userOf(request)),
  });

  app.route({
    ...operation(api, 'deleteWebhook'),
    handler: async (request, reply) => {
      await removeWebhook(app.services, userOf(request), idOf(request));
      return reply.code(204).send();
    },
  });

  app.route({
    ...operation(api, 'testWebhook'),
    handler: async (request) => testWebhook(app.services, userOf(request), idOf(request)),
  });
};
