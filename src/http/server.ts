// The Fastify application, built from injected dependencies and not listening yet: main.ts
// listens on the configured port, tests use inject() or listen on a free port.
//
// Conventions for everything registered here:
//  - every route comes from openapi.yaml by operationId (see openapi.ts); registering a route
//    that is not in the document fails at start-up;
//  - shared resources are decorations (app.config, app.prisma, app.clock), never imports;
//  - errors are application/problem+json (problem.ts).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock } from '../app/clock.js';
import type { AppContext } from '../app/context.js';
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../store/prisma.js';
import { loadOpenApi, sharedSchemas, type OpenApi } from './openapi.js';
import { problem, registerProblemHandlers, sendProblem } from './problem.js';
import { DOCS_PREFIX, docsRoutes } from './routes/docs.js';
import { healthRoutes } from './routes/health.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    prisma: PrismaClient;
    clock: Clock;
    openapi: OpenApi;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export interface ServerDeps extends AppContext {
  /** A pino logger (see src/logger.ts); without one the server logs nothing. */
  logger?: FastifyBaseLogger;
  /** Defaults to the project's openapi.yaml. */
  openapi?: OpenApi;
}

// A client may choose its request id (to correlate its logs with ours) if it is short and plain.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const api = deps.openapi ?? loadOpenApi();
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // During shutdown we answer 503 ourselves, as problem+json (see the onRequest hook).
    return503OnClosing: false,
    // Bodies are small JSON actions; anything bigger is a mistake or an attack.
    bodyLimit: 256 * 1024,
  });

  app.decorate('config', deps.config);
  app.decorate('prisma', deps.prisma);
  app.decorate('clock', deps.clock);
  app.decorate('openapi', api);
  for (const schema of sharedSchemas(api)) app.addSchema(schema);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const documented = route.config?.operationId !== undefined || route.url.startsWith(`${DOCS_PREFIX}/`) || route.url === DOCS_PREFIX;
    if (!documented && !methods.every((m) => m === 'HEAD')) {
      throw new Error(`route ${methods.join(',')} ${route.url} is not declared in openapi.yaml: register it with operation(api, '<operationId>')`);
    }
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) return sendProblem(reply, problem(request, 'service_unavailable', 'The service is shutting down; retry in a moment.'));
  });
  // Node closes only the connections idle when close() is called; one busy with a request would
  // stay open as keep-alive afterwards and hold the shutdown for the keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  registerProblemHandlers(app);
  await app.register(healthRoutes, { api });
  await app.register(docsRoutes, { api });
  return app;
}
