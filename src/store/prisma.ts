// The one way the application talks to Postgres: a Prisma 7 client over node-postgres
// (@prisma/adapter-pg). The client is generated from prisma/schema.prisma into ./generated
// (npm scripts run scripts/prisma-generate.mjs; it is not committed).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client.js';

export { PrismaClient };
export type { Prisma } from './generated/prisma/client.js';

export interface PrismaOptions {
  /** Size of the connection pool; node-postgres' default is 10. */
  poolSize?: number;
}

export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  return new PrismaClient({ adapter });
}
