// The Prisma client (src/store/generated/prisma, not committed) from prisma/schema.prisma, offline.
//
// `prisma generate` never runs Prisma's native schema engine, but the CLI tries to download it
// first, which fails without access to Prisma's binaries host. Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file skips that download.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { digest, root, stamp, stamped, versionOf } from './inputs.mjs';

export function prismaClient() {
  const schema = join(root, 'prisma', 'schema.prisma');
  const stampFile = join(root, 'src', 'store', 'generated', 'prisma', '.schema-hash');
  const hash = digest([schema], versionOf('prisma'));
  if (stamped(stampFile, hash)) return false;
  let cli;
  try {
    cli = createRequire(import.meta.url).resolve('prisma/build/index.js', { paths: [root] });
  } catch {
    throw new Error('the prisma CLI is not installed (it is a devDependency): run `npm install`');
  }
  const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schema], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? schema,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
      CHECKPOINT_DISABLE: '1', // no telemetry request
    },
  });
  if (result.status !== 0) throw new Error(`prisma generate exited with ${result.status}`);
  stamp(stampFile, hash);
  return true;
}
