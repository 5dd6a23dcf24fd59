// A fresh database with all migrations applied, for one test (or one test file), dropped when
// that test ends. See postgres.ts for which server it lives on.
import { randomBytes } from 'node:crypto';
import type { Test } from 'tap';
import { createDatabase, dropDatabase, withDatabase } from '../../src/store/databases.js';
import { migrate } from '../../src/store/migrate.js';
import { createPrismaClient, type PrismaClient } from '../../src/store/prisma.js';
import { testServerUrl } from './postgres.js';

export interface TestDatabase {
  name: string;
  url: string;
  prisma: PrismaClient;
}

export interface TestDatabaseOptions {
  /** Apply prisma/migrations (default true). */
  migrate?: boolean;
}

export async function testDatabase(t: Test, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const server = await testServerUrl();
  const name = `alea_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(server, name);
  const url = withDatabase(server, name);
  const prisma = createPrismaClient(url, { poolSize: 4 });
  t.teardown(async () => {
    await prisma.$disconnect();
    await dropDatabase(server, name);
  });
  if (options.migrate ?? true) await migrate(url);
  return { name, url, prisma };
}
