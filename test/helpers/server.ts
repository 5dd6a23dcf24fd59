// The Fastify app wired for tests: a fresh database (unless one is given), a fixed clock, no
// logs, and a configuration that needs no environment. Use app.inject() for most tests and
// listen() when a test needs a real HTTP connection.
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { fixedClock, type Clock } from '../../src/app/clock.js';
import type { Config } from '../../src/config/config.js';
import { buildServer } from '../../src/http/server.js';
import type { OpenApi } from '../../src/http/openapi.js';
import { testDatabase, type TestDatabase } from './db.js';

export const TEST_TIME = '2026-01-01T12:00:00.000Z';

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
    ...overrides,
  };
}

export interface TestServerOptions {
  db?: TestDatabase;
  config?: Partial<Config>;
  clock?: Clock;
  logger?: FastifyBaseLogger;
  openapi?: OpenApi;
}

export interface TestServer {
  app: FastifyInstance;
  db: TestDatabase;
  clock: Clock;
}

export async function testServer(t: Test, options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await testDatabase(t));
  const clock = options.clock ?? fixedClock(TEST_TIME);
  const app = await buildServer({
    config: testConfig({ ...options.config, databaseUrl: db.url }),
    prisma: db.prisma,
    clock,
    ...(options.logger && { logger: options.logger }),
    ...(options.openapi && { openapi: options.openapi }),
  });
  t.teardown(() => app.close());
  await app.ready();
  return { app, db, clock };
}

/** Listens on a free loopback port; returns the base URL (e.g. http://127.0.0.1:41234). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
