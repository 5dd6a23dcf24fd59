// The process: read the configuration, get a database (DATABASE_URL, or the embedded one under
// DATA_DIR), apply migrations, serve HTTP, run the worker (reminders, overdue notices, emails;
// unless WORKER=off), and on SIGINT/SIGTERM shut down in order: stop accepting, let in-flight
// requests and the worker's round finish, close the pool, stop the embedded Postgres.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { systemClock } from './app/clock.js';
import { sharedEvents } from './app/events.js';
import { sharedRecentStates } from './app/games/recent-states.js';
import { ConfigError, loadConfig, type Config, type EnvConfig } from './config/config.js';
import { devRecordKey, loadOrCreateDevSecrets } from './config/dev-secrets.js';
import { buildServer } from './http/server.js';
import { createLogger, redactUrlPassword, type Logger } from './logger.js';
import { createTransport, type MailTransport } from './mail/transport.js';
import { createServiceWorker, type Worker } from './worker.js';
import { startLocalPostgres, type LocalPostgres } from './store/local-postgres.js';
import { migrate } from './store/migrate.js';
import { isDatabaseUnavailable } from './store/unavailable.js';
import { listenChannel } from './store/notify-channel.js';
import { closePrismaClient, createPrismaClient, warmUp, type PrismaClient } from './store/prisma.js';
import type { FastifyInstance } from 'fastify';

// Past this, shutdown gives up waiting for requests (a stuck client must not block a deploy).
// The embedded PostgreSQL's own stop comes after and is not counted in it: a clean stop of the
// cluster (its shutdown checkpoint, slow on a busy disk) is bounded by pg_ctl's own 60 s, and an
// exit in the middle of it would leave the server running with the data folder locked.
const SHUTDOWN_TIMEOUT_MS = 15_000;
// Requests in flight get this long to finish; then their connections are closed, so that a client
// that stops sending or reading halfway holds neither the shutdown nor its exit code.
const REQUEST_GRACE_MS = 5_000;

function readEnvConfig(): EnvConfig {
  // A .env file in the working directory, if any; variables already set win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`alea: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Closes the server: its requests in flight finish, or after REQUEST_GRACE_MS have their connections closed. */
async function closeHttp(app: FastifyInstance | undefined): Promise<void> {
  if (!app) return;
  const closed = app.close();
  const cut = setTimeout(() => {
    app.log.warn(`requests still in flight after ${REQUEST_GRACE_MS} ms of shutdown: closing their connections`);
    app.server.closeAllConnections();
  }, REQUEST_GRACE_MS);
  try {
    await closed;
  } finally {
    clearTimeout(cut);
  }
}

async function main(): Promise<void> {
  const env = readEnvConfig();
  const logger = createLogger(env.logLevel);
  logger.info({ mode: env.mode }, 'starting Alea');

  // Development conveniences; in production loadConfig() has already required both variables.
  const devSecrets = !env.jwtSecret || !env.databaseUrl || !env.recordSigningKey ? await loadOrCreateDevSecrets(env.dataDir) : undefined;
  if (!env.jwtSecret) logger.warn(`JWT_SECRET is not set: using a generated development secret kept in ${env.dataDir}/secrets.json`);
  if (!env.recordSigningKey) logger.warn(`RECORD_SIGNING_KEY is not set: game records are signed with a generated development key kept in ${env.dataDir}/secrets.json`);
  const config: Config = { ...env, jwtSecret: env.jwtSecret ?? devSecrets!.jwtSecret, recordSigningKey: env.recordSigningKey ?? devRecordKey(devSecrets!) };
  if (!config.smtpUrl) logger.info(`SMTP_URL is not set: emails are written to ${config.mailDir} instead of being sent`);

  let local: LocalPostgres | undefined;
  let prisma: PrismaClient | undefined;
  let app: FastifyInstance | undefined;
  let stopping: Promise<void> | undefined;
  let transport: MailTransport | undefined;
  let worker: Worker | undefined;
  let events: Awaited<ReturnType<typeof sharedEvents>> | undefined;

  // Logging must not stop a shutdown: stdout may be a closed pipe by now (`npm start | head`).
  const log = (write: () => void) => {
    try {
      write();
    } catch {
      // nowhere left to report it
    }
  };
  const stop = (reason: string, exitCode: number): Promise<void> =>
    (stopping ??= (async () => {
      // What the shutdown still waits for, named in the log if it times out.
      const pending = new Set<string>();
      const step = <T>(name: string, p: Promise<T> | T): Promise<T> => {
        pending.add(name);
        return Promise.resolve(p).finally(() => pending.delete(name));
      };
      const timer = setTimeout(() => {
        log(() => logger.error({ waitingFor: [...pending] }, 'shutdown timed out; stopping the embedded PostgreSQL (if any) and exiting anyway'));
        // The database is stopped even so: a server left running would keep the data folder locked.
        void Promise.resolve(local?.stop())
          .catch(() => undefined)
          .finally(() => process.exit(1));
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      log(() => logger.info({ reason }, 'shutting down: no new connections, finishing requests in flight'));
      try {
        // The worker finishes its round (a transaction, an SMTP conversation) before the pool closes.
        await Promise.all([step('http', closeHttp(app)), step('worker', worker?.stop())]);
        await step('events', events?.close());
        transport?.close();
        if (prisma) await step('database client', closePrismaClient(prisma));
        clearTimeout(timer);
        if (local) {
          log(() => logger.info('requests finished; stopping the embedded PostgreSQL'));
          await local.stop();
        }
        log(() => logger.info('stopped'));
      } catch (err) {
        log(() => logger.error({ err }, 'error during shutdown'));
        exitCode = 1;
      }
      clearTimeout(timer);
      log(() => logger.flush());
      process.exit(exitCode);
    })());

  // Both npm and the terminal deliver Ctrl-C, so a signal may arrive twice: the first one counts.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal, 0));
  const fatal = (err: unknown) => {
    log(() => logger.fatal({ err }, 'unexpected error'));
    void stop('unexpected error', 1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      local = await startLocalPostgres({
        dataDir: config.dataDir,
        password: devSecrets!.postgresPassword,
        log: (message) => logger.info(message),
        warn: (message) => logger.warn(message),
      });
      databaseUrl = local.url;
      logger.info({ database: redactUrlPassword(databaseUrl) }, `embedded PostgreSQL is running, data in ${config.dataDir}/postgres`);
    }
    const target = databaseUrl;
    const { applied } = await untilDatabaseAnswers(() => migrate(target, { log: (message) => logger.info(message) }), logger, () => stopping !== undefined);
    logger.info(applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date');

    prisma = createPrismaClient(databaseUrl, { minIdle: 1 });
    // Warm up before listening: the first query opens a connection and prepares Prisma's query
    // engine, which on a busy machine took longer than a health check waits (issues 9 and 26).
    const client = prisma;
    await untilDatabaseAnswers(() => warmUp(client), logger, () => stopping !== undefined);
    // Event streams hear of changes made through any instance sharing this database.
    const eventsDb = databaseUrl;
    events = await sharedEvents(
      (onMessage) => listenChannel(eventsDb, 'alea_game_events', onMessage, logger),
      (err) => logger.warn({ err }, 'could not tell other instances of a game change'),
      sharedRecentStates,
    );
    app = await buildServer({ config, prisma, clock: systemClock, logger, events });
    await app.listen({ port: config.port, host: config.host });
    if (config.worker) {
      transport = createTransport({ smtpUrl: config.smtpUrl, mailDir: config.mailDir }, logger);
      worker = createServiceWorker(app.services, transport, logger);
      worker.start();
      logger.info('worker started: reminders, overdue notices and emails are handled by this process');
    } else {
      logger.info('WORKER=off: this process sends no emails; run `npm run worker` (or a server without WORKER=off) as well');
    }
    const url = displayUrl(config.host, (app.server.address() as AddressInfo).port);
    logger.info({ url, docs: `${url}/docs` }, `Alea is listening on ${url} (API docs at ${url}/docs)`);
  } catch (err) {
    logger.fatal({ err }, `could not start: ${(err as Error).message}`);
    await stop('start-up failed', 1);
  }
}

/**
 * Runs `attempt` until it succeeds, waiting (1 s, doubling up to 30 s, logged) while the
 * database is unreachable: a server started before its database, or during its restart, waits
 * for it instead of exiting. Any other error (a wrong password, a bad migration) is thrown.
 */
async function untilDatabaseAnswers<T>(attempt: () => Promise<T>, logger: Logger, stopping: () => boolean): Promise<T> {
  for (let waitMs = 1000; ; waitMs = Math.min(waitMs * 2, 30_000)) {
    try {
      return await attempt();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || stopping()) throw err;
      logger.warn({ err: { message: (err as Error).message } }, `the database is unavailable; trying again in ${waitMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

function displayUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

await main();
