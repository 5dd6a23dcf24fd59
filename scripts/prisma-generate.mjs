#!/usr/bin/env node
// Generates the Prisma client (src/store/generated/prisma, not committed) from
// prisma/schema.prisma, offline. Runs after `npm install` and before start, test, build and
// typecheck; it is a no-op while the schema and the Prisma version are unchanged. `--force`
// regenerates anyway.
//
// `prisma generate` never runs Prisma's native schema engine, but the CLI tries to download it
// first, which fails without access to Prisma's binaries host. Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = join(root, 'prisma', 'schema.prisma');
const outputDir = join(root, 'src', 'store', 'generated', 'prisma');
const stampFile = join(outputDir, '.schema-hash');

const require = createRequire(import.meta.url);
let cli;
try {
  cli = require.resolve('prisma/build/index.js', { paths: [root] });
} catch {
  console.error('prisma-generate: the prisma CLI is not installed (it is a devDependency): run `npm install`');
  process.exit(1);
}
const prismaVersion = JSON.parse(readFileSync(join(dirname(cli), '..', 'package.json'), 'utf8')).version;
const hash = createHash('sha256').update(prismaVersion).update('\0').update(readFileSync(schemaFile)).digest('hex');

const force = process.argv.includes('--force');
if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash) process.exit(0);

const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schemaFile], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? schemaFile,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1', // no telemetry request
  },
});
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, hash + '\n');
