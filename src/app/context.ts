// What application services need from the outside world, passed in explicitly: the database,
// the time, and the configuration. Tests build one with a test database and a fixed clock.
import type { Config } from '../config/config.js';
import type { PrismaClient } from '../store/prisma.js';
import type { Clock } from './clock.js';

export interface AppContext {
  config: Config;
  prisma: PrismaClient;
  clock: Clock;
}

/** Where use cases report what they cannot hand to a caller (pino's signature: fields, then the message). */
export interface ServiceLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * What the account and game use cases need on top: the change feed, the security costs, the
 * memory of token generations, and the structured log.
 */
export interface ServiceContext extends AppContext {
  log: ServiceLog;
  events: import('./events.js').GameEvents;
  security: import('./security.js').SecuritySettings;
  tokenGenerations: import('./token-generations.js').TokenGenerations;
  /** Work started by a request and finished after its answer (background.ts). */
  background: import('./background.js').Background;
}
