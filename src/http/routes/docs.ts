// The contract itself (/openapi.yaml, verbatim) and Swagger UI for it (/docs), served from the
// npm packages' bundled assets, so the docs work offline. Every answer here carries the security
// headers of the web client's pages (routes/web.ts): Swagger UI runs under the same strict CSP
// (its scripts are files of the origin; only style attributes are inline), may not be framed,
// and sends no referrer elsewhere.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { operation, type OpenApi } from '../openapi.js';
import { pageHeaders } from './web.js';

export const DOCS_PREFIX = '/docs';

export const docsRoutes: FastifyPluginAsync<{ api: OpenApi }> = async (app, { api }) => {
  // This plugin's scope only: /openapi.yaml, /docs and Swagger UI's assets.
  app.addHook('onSend', async (_request, reply, payload) => {
    pageHeaders(reply);
    return payload;
  });
  app.route({
    ...operation(api, 'getOpenApi'),
    handler: async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(api.source),
  });
  await app.register(swagger, { mode: 'static', specification: { document: api.document as never } });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { deepLinking: true } });
};
