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

/**
 * What the account and game use cases need on top: the change feed, the security costs, and
 * the memory of token generations.
 */
export interface ServiceContext extends AppContext {
  events: import('./events.js').GameEvents;
  security: import('./security.js').SecuritySettings;
  tokenGenerations: import('./token-generations.js').TokenGenerations;
  /** Work started by a request and finished after its answer (background.ts). */
  background: import('./background.js').Background;
}
