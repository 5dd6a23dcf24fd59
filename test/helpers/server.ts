// The Fastify app wired for tests: a fresh database (unless one is given), a fixed clock, no
// logs, and a configuration that needs no environment. Use app.inject() for most tests and
// listen() when a test needs a real HTTP connection.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable, Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Test } from 'tap';
import { fixedClock, type Clock } from '../../src/app/clock.js';
import type { GameEvents } from '../../src/app/events.js';
import type { SecuritySettings } from '../../src/app/security.js';
import type { Config, LogLevel } from '../../src/config/config.js';
import { buildServer } from '../../src/http/server.js';
import { loadOpenApi, type OpenApi } from '../../src/http/openapi.js';
import { createLogger } from '../../src/logger.js';
import { contractChecker, type ContractChecker } from './contract.js';
import { testDatabase, type TestDatabase } from './db.js';

export const TEST_TIME = '2026-01-01T12:00:00.000Z';

/** The key that signs game records in tests: fixed, so a record signed in one test server checks with another's keys. */
export const TEST_RECORD_KEY = { privateKey: createHash('sha256').update('alea test record key').digest('base64url'), since: '2026-01-01T00:00:00.000Z' };

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = join(tmpdir(), 'alea-test-data');
  return {
    mode: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://alea.test',
    databaseUrl: undefined,
    jwtSecret: 'test-secret-test-secret-test-secret!',
    smtpUrl: undefined,
    mailFrom: 'Alea <alea@alea.test>',
    logLevel: 'silent',
    dataDir,
    mailDir: join(dataDir, 'mail'),
    // buildServer() never starts the worker; tests that need it create one (test/helpers/mail.ts).
    worker: false,
    corsOrigins: '*',
    computerThreads: 1,
    computerThreadMemoryMb: 256,
    recordSigningKey: TEST_RECORD_KEY,
    recordOldKeys: [],
    ...overrides,
  };
}

/**
 * Cheap password hashing, and no practical sign-in or game creation limit (the clock stands
 * still in most tests), so tests can make many accounts and games; tests of the limits set theirs.
 */
export const TEST_SECURITY: Partial<SecuritySettings> = {
  password: { logN: 10, r: 8, p: 1 },
  authRateLimit: { max: 10_000, windowMs: 60_000 },
  gameLimits: { burst: 10_000, intervalMs: 1, maxOpen: 10_000, maxBotGames: 10_000, maxComputerGames: 10_000, lobbyPerCreator: 10_000 },
  exportLimits: { burst: 10_000, intervalMs: 1 },
};

export interface TestServerOptions {
  db?: TestDatabase;
  config?: Partial<Config>;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  openapi?: OpenApi;
  events?: GameEvents;
  security?: Partial<SecuritySettings>;
  ssePingMs?: number;
  /** Fail the test on any response that does not match openapi.yaml (default true). */
  checkContract?: boolean;
}

export interface TestServer {
  app: FastifyInstance;
  db: TestDatabase;
  clock: Clock;
}

// The checker compiles a schema the first time an answer needs it: one checker per process for
// the project's own openapi.yaml (by its text) rather than one per test server, so each schema is
// compiled once, not once in each of the suite's two hundred servers.
const checkers = new Map<string, ContractChecker>();
function projectChecker(api: OpenApi): ContractChecker {
  let checker = checkers.get(api.source);
  if (!checker) checkers.set(api.source, (checker = contractChecker(api)));
  return checker;
}

export async function testServer(t: Test, options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await testDatabase(t));
  const clock = options.clock ?? fixedClock(TEST_TIME);
  const api = options.openapi ?? loadOpenApi();
  const app = await buildServer({
    config: testConfig({ ...options.config, databaseUrl: db.url }),
    prisma: db.prisma,
    clock,
    openapi: api,
    security: { ...TEST_SECURITY, ...options.security },
    ...(options.logger && { logger: options.logger }),
    ...(options.events && { events: options.events }),
    ...(options.ssePingMs && { ssePingMs: options.ssePingMs }),
  });
  // A request whose browser went away (a context closed at a test's end) goes on in its handler
  // after app.close(), which only waits for connections; the database's teardown must wait for
  // it, or the handler meets a closed pool and answers a 500 into a finished test.
  const inFlight = new Map<FastifyRequest, FastifyReply>();
  app.addHook('onRequest', async (request, reply) => void inFlight.set(request, reply));
  app.addHook('onResponse', async (request) => void inFlight.delete(request));
  if (options.checkContract ?? true) {
    // Every answer must be what openapi.yaml says: the handler's object before serialisation
    // (so nothing the serialiser would drop goes unnoticed) and the bytes sent.
    const checker = options.openapi ? contractChecker(api) : projectChecker(api);
    // An unexpected error's answer (a 500) never matches: the error itself goes with the report,
    // since the test's logger is silent.
    const errors = new WeakMap<FastifyRequest, Error>();
    app.addHook('onError', async (request, _reply, error) => void errors.set(request, error));
    const report = (request: FastifyRequest, problems: string[]) => {
      if (!problems.length) return;
      const error = errors.get(request);
      t.fail(`${request.method} ${request.url.split('?')[0]} does not match openapi.yaml: ${problems.join('; ')}`, { problems, ...(error && { error: error.stack ?? String(error) }) });
    };
    app.addHook('preSerialization', async (request, reply, payload) => {
      const body = JSON.parse(JSON.stringify(payload));
      report(request, checker.check(request.routeOptions.config?.operationId, reply.statusCode, String(reply.getHeader('content-type') ?? 'application/json'), body));
      return payload;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (/^application\/json/.test(type) && payload instanceof Readable) {
        // A streamed answer (the data export): checked whole once it has all gone by, as it is sent.
        const chunks: Buffer[] = [];
        const seen = new PassThrough();
        seen.on('data', (c: Buffer) => chunks.push(c));
        seen.on('end', () => report(request, checker.check(request.routeOptions.config?.operationId, reply.statusCode, type, JSON.parse(Buffer.concat(chunks).toString('utf8')))));
        return payload.pipe(seen);
      }
      const json = /^application\/(problem\+)?json/.test(type) && typeof payload === 'string';
      report(request, checker.check(request.routeOptions.config?.operationId, reply.statusCode, type, json ? JSON.parse(payload) : payload));
      return payload;
    });
  }
  t.teardown(async () => {
    await app.close();
    // Until every handler has answered (its reply ended; a hijacked one, the event stream, counts).
    for (let waited = 0; [...inFlight.values()].some((reply) => !reply.sent) && waited < 10_000; waited += 10) await sleep(10);
  });
  await app.ready();
  return { app, db, clock };
}

/** Listens on a free loopback port; returns the base URL (e.g. http://127.0.0.1:41234). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A logger whose JSON lines are kept, for tests of what reaches the logs. */
export function logCapture(level: LogLevel = 'debug'): { logger: FastifyBaseLogger; text(): string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, sink), text: () => lines.join('') };
}
