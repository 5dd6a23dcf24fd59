// `npm run worker`: the worker alone (reminders, overdue notices, sending emails, the bot's moves
// left waiting in games against it, the computer opponent's moves on COMPUTER_THREADS threads), for a setup
// where API instances run with WORKER=off, or to add workers: any number may share a database.
// Same configuration as the server (DATABASE_URL, SMTP_URL, MAIL_FROM, PUBLIC_URL, JWT_SECRET,
// which signs the unsubscribe links); without DATABASE_URL it uses the embedded development
// database (that of a running `npm start`, or started for as long as the worker runs).
// SIGINT/SIGTERM finish the round in progress, then exit 0.
import { existsSync } from 'node:fs';
import { systemClock } from '../app/clock.js';
import { ConfigError, loadConfig, type EnvConfig } from '../config/config.js';
import { devRecordKey, loadOrCreateDevSecrets } from '../config/dev-secrets.js';
import { createLogger } from '../logger.js';
import { createTransport } from '../mail/transport.js';
import { migrate } from '../store/migrate.js';
import { closePrismaClient, createPrismaClient } from '../store/prisma.js';
import { createServiceWorker } from '../worker.js';
import { background } from '../app/background.js';
import { sharedEvents } from '../app/events.js';
import { sharedRecentStates } from '../app/games/recent-states.js';
import { DEFAULT_SECURITY } from '../app/security.js';
import { TokenGenerations } from '../app/token-generations.js';
import { listenChannel } from '../store/notify-channel.js';
import { toolDatabase } from './database.js';

if (existsSync('.env')) process.loadEnvFile('.env');
let env: EnvConfig;
try {
  env = loadConfig(process.env);
} catch (err) {
  process.stderr.write(`alea worker: ${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
  process.exit(1);
}
const logger = createLogger(env.logLevel);
const devSecrets = !env.jwtSecret || !env.recordSigningKey ? await loadOrCreateDevSecrets(env.dataDir) : undefined;
const jwtSecret = env.jwtSecret ?? devSecrets!.jwtSecret;
const recordSigningKey = env.recordSigningKey ?? devRecordKey(devSecrets!);
const db = await toolDatabase();
logger.info({ database: db.source }, 'starting the Alea worker');
await migrate(db.url, { log: (message) => logger.info(message) });
const prisma = createPrismaClient(db.url, { poolSize: 4 });
const transport = createTransport({ smtpUrl: env.smtpUrl, mailDir: env.mailDir }, logger);
if (!env.smtpUrl) logger.info(`SMTP_URL is not set: emails are written to ${env.mailDir} instead of being sent`);
// The bot's moves a crash left waiting are changes of their games like any: announced to every
// instance's event streams through the same channel as the API's.
const events = await sharedEvents(
  (onMessage) => listenChannel(db.url, 'alea_game_events', onMessage, logger),
  (err) => logger.warn({ err }, 'could not tell other instances of a game change'),
  sharedRecentStates,
);
const services = {
  config: { ...env, jwtSecret, recordSigningKey },
  prisma,
  clock: systemClock,
  events,
  security: DEFAULT_SECURITY,
  tokenGenerations: new TokenGenerations(DEFAULT_SECURITY.tokenGenerationCacheMs),
  background: background(),
  log: logger,
};
const worker = createServiceWorker(services, transport, logger);
worker.start();
logger.info('worker started');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await worker.stop();
      await events.close();
      transport.close();
      await closePrismaClient(prisma);
      await db.release();
      logger.info('worker stopped');
      process.exit(0);
    })();
  });
}
