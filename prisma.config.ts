// Prisma 7 CLI configuration (prisma generate; prisma migrate deploy where Prisma's engines
// can be downloaded). The application itself never reads this file.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  // Only migrate commands need a URL; generate works without one.
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
