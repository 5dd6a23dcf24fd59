// The Fastify application, built from injected dependencies and not listening yet: main.ts
// listens on the configured port, tests use inject() or listen on a free port.
//
// Conventions for everything registered here:
//  - every route comes from openapi.yaml by operationId (see openapi.ts); registering a route
//    that is not in the document fails at start-up;
//  - shared resources are decorations (app.config, app.prisma, app.clock), never imports;
//  - errors are application/problem+json (problem.ts).
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Clock } from '../app/clock.js';
import { rememberRevocation } from '../app/accounts/accounts.js';
import type { AppContext, ServiceContext } from '../app/context.js';
import { background } from '../app/background.js';
import { AppError } from '../app/errors.js';
import { inProcessEvents, type GameEvents } from '../app/events.js';
import { DEFAULT_SECURITY, type SecuritySettings } from '../app/security.js';
import { TokenGenerations } from '../app/token-generations.js';
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../store/prisma.js';
import { setupAuthentication } from './auth.js';
import { loadOpenApi, sharedSchemas, type OpenApi } from './openapi.js';
import { problem, registerProblemHandlers, sendProblem } from './problem.js';
import { apiTokenRoutes } from './routes/api-tokens.js';
import { botAccountRoutes } from './routes/bot-accounts.js';
import { challengeRoutes } from './routes/challenges.js';
import { webhookRoutes } from './routes/webhooks.js';
import { authRoutes } from './routes/auth.js';
import { catalogRoutes } from './routes/catalog.js';
import { DOCS_PREFIX, docsRoutes } from './routes/docs.js';
import { eventRoutes } from './routes/events.js';
import { blockRoutes } from './routes/blocks.js';
import { lobbyRoutes } from './routes/lobby.js';
import { messageRoutes } from './routes/messages.js';
import { gameRoutes } from './routes/games.js';
import { healthRoutes } from './routes/health.js';
import { meRoutes } from './routes/me.js';
import { passwordResetRoutes } from './routes/password-reset.js';
import { playRoutes } from './routes/plays.js';
import { playerRoutes } from './routes/players.js';
import { recordRoutes } from './routes/records.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';
import { schemaCompilers } from './validation.js';
import { isWebClientRoute, webRoutes } from './routes/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    prisma: PrismaClient;
    clock: Clock;
    openapi: OpenApi;
    /** What the application services are given (src/app/context.ts). */
    services: ServiceContext;
    /** Every route registered, for the check that the API and openapi.yaml match. */
    routeList: { method: string; url: string; operationId: string | undefined }[];
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
  /** Game change notifications for event streams; defaults to an in-process channel. */
  events?: GameEvents;
  /** Token lifetime, password hashing cost, sign-in rate limit (tests make them cheap). */
  security?: Partial<SecuritySettings>;
  /** Interval of the event streams' keep-alive comments. */
  ssePingMs?: number;
}

// A client may choose its request id (to correlate its logs with ours) if it is short and plain.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const api = deps.openapi ?? loadOpenApi();
  const security: SecuritySettings = { ...DEFAULT_SECURITY, ...deps.security };
  const timeouts = security.httpTimeouts;
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
    // Connections that send nothing, trickle, or idle are closed (event streams send a ping
    // well within the socket's life, and are requests already received).
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) },
  });

  app.decorate('config', deps.config);
  app.decorate('prisma', deps.prisma);
  app.decorate('clock', deps.clock);
  app.decorate('openapi', api);
  app.decorate('services', {
    config: deps.config,
    prisma: deps.prisma,
    clock: deps.clock,
    events: deps.events ?? inProcessEvents(),
    security,
    tokenGenerations: new TokenGenerations(security.tokenGenerationCacheMs),
    background: background(),
    log: app.log,
  });
  app.addHook('onClose', async () => app.services.background.idle());
  // Revocations announced by other instances (and this one's): their tokens are refused at once.
  const forgetRevocations = app.services.events.subscribeRevocations((r) => rememberRevocation(app.services, r));
  app.addHook('onClose', async () => forgetRevocations());
  for (const schema of sharedSchemas(api)) app.addSchema(schema);
  const compilers = schemaCompilers(api);
  app.setValidatorCompiler(compilers.validator);
  app.setSerializerCompiler(compilers.serializer);
  // The API speaks JSON only: any other body is 415 (Fastify would also parse text/plain).
  app.removeContentTypeParser('text/plain');

  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeList.push({ method, url: route.url, operationId: route.config?.operationId });
    const documented =
      route.config?.operationId !== undefined ||
      route.url.startsWith(`${DOCS_PREFIX}/`) ||
      route.url === DOCS_PREFIX ||
      isWebClientRoute(route.url) || // the web client's pages and assets (routes/web.ts)
      (route.url === '*' && methods.every((m) => m === 'OPTIONS')); // CORS preflights (@fastify/cors)
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

  // A body is taken in the media types its operation lists, and no other: the server parses JSON
  // for every route, so a route that lists only form bodies (the one-click unsubscribe) took JSON
  // too. A body of another type is a 415, before anything reads it.
  app.addHook('preValidation', async (request) => {
    const listed = (request.routeOptions.config as { mediaTypes?: string[] | null }).mediaTypes;
    const type = request.headers['content-type']?.split(';')[0]!.trim().toLowerCase();
    if (!listed || !type || request.body === undefined || listed.includes(type)) return;
    throw new AppError('unsupported_media_type', `This operation takes a body of type ${listed.join(' or ')}, not ${type}.`);
  });

  // Game ids are UUIDs, whose hex digits may come in either case: past validation there is one
  // spelling (lower case, as the database writes them), so that, say, an event stream opened
  // with an upper-case id hears the changes of its game.
  app.addHook('preHandler', async (request) => {
    const params = request.params as { id?: unknown } | undefined;
    if (params && typeof params.id === 'string') params.id = params.id.toLowerCase();
  });

  registerProblemHandlers(app);
  if (deps.config.corsOrigins !== false) {
    // Browser clients on other origins. No credentials: the API uses bearer tokens, not cookies.
    await app.register(cors, {
      origin: deps.config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: ['location', 'idempotent-replayed', 'x-request-id', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'etag'],
      maxAge: 600,
    });
  }
  await setupAuthentication(app, { api, ttlSeconds: security.tokenTtlSeconds });
  // Only routes that ask for it (config.rateLimit) are limited: sign-in and registration.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new AppError('rate_limited', `Too many attempts; retry in ${context.after}.`),
  });
  await app.register(healthRoutes, { api });
  await app.register(docsRoutes, { api });
  await app.register(authRoutes, { api });
  await app.register(meRoutes, { api });
  await app.register(passwordResetRoutes, { api });
  await app.register(gameRoutes, { api });
  await app.register(playRoutes, { api });
  await app.register(playerRoutes, { api });
  await app.register(recordRoutes, { api });
  await app.register(unsubscribeRoutes, { api });
  await app.register(catalogRoutes, { api });
  await app.register(messageRoutes, { api });
  await app.register(blockRoutes, { api });
  await app.register(lobbyRoutes, { api });
  // Issue 42: what bots, apps and bridges get.
  await app.register(apiTokenRoutes, { api });
  await app.register(challengeRoutes, { api });
  await app.register(botAccountRoutes, { api });
  await app.register(webhookRoutes, { api });
  await app.register(eventRoutes, { api, ...(deps.ssePingMs && { pingMs: deps.ssePingMs }) });
  await app.register(webRoutes);
  return app;
}
