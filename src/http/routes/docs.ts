// The contract itself (/openapi.yaml, verbatim) and Swagger UI for it (/docs), served from the
// npm packages' bundled assets, so the docs work offline.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { operation, type OpenApi } from '../openapi.js';

export const DOCS_PREFIX = '/docs';

export const docsRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  app.route({
    ...operation(api, 'getOpenApi'),
    handler: async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(api.source),
  });
  await app.register(swagger, { mode: 'static', specification: { document: api.document as never } });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { deepLinking: true } });
};
