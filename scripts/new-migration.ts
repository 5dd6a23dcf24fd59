// `npm run db:new-migration -- --name <what>`: author a migration from the changes to
// prisma/schema.prisma, in Prisma's own format, with the Prisma 6.19 CLI in tools/prisma-migrate
// (its WASM schema engine needs no download; Prisma 7's CLI would). Runs `prisma migrate dev`
// against the development database (see src/cli/database.ts), then regenerates the client.
// Other arguments go to `prisma migrate dev` as they are (e.g. --create-only).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { toolDatabase } from '../src/cli/database.js';
import { projectPath } from '../src/paths.js';

const tool = projectPath('tools', 'prisma-migrate');
const args = process.argv.slice(2);
if (!args.includes('--name') && !args.some((a) => a.startsWith('--name='))) {
  console.error('usage: npm run db:new-migration -- --name <what_changed>');
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');

if (!existsSync(`${tool}/node_modules/prisma`)) {
  console.log('installing the migration tool (tools/prisma-migrate) once');
  const install = spawnSync('npm', ['ci', '--prefix', tool, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const db = await toolDatabase();
let status = 1;
try {
  console.log(`authoring a migration against ${db.source}`);
  const run = spawnSync(process.execPath, [`${tool}/run.mjs`, 'migrate', 'dev', ...args], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: db.url },
  });
  status = run.status ?? 1;
} finally {
  await db.release();
}
if (status === 0) {
  status = spawnSync(process.execPath, [projectPath('scripts', 'build.mjs'), 'prisma', '--force'], { stdio: 'inherit' }).status ?? 1;
}
process.exit(status);
