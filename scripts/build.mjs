#!/usr/bin/env node
// The build: everything made from the sources, in one step, each part a no-op while its inputs
// are unchanged (a run with nothing to do takes a fraction of a second):
//   prisma    the Prisma client, from prisma/schema.prisma
//   contract  openapi.yaml from its parts, then the API's types for the web client and the tests
//   web       the web client, web/dist
//   server    src/ compiled into dist/, which npm start, the tools, the tests and Docker run
//   tap       tap built with this project's plugins
// `node scripts/build.mjs` builds them all (npm install does, and npm test, npm start and the
// other npm scripts before they run); `node scripts/build.mjs server` only the Prisma client and
// dist/ (what the tools need); `--force` builds anyway. scripts/run.mjs builds what a program needs
// and runs it.
import { fileURLToPath } from 'node:url';
import { contract, apiTypes } from './build/contract.mjs';
import { prismaClient } from './build/prisma.mjs';
import { serverBuild } from './build/server.mjs';
import { tapPlugins } from './build/tap.mjs';
import { webClient } from './build/web.mjs';

const PARTS = {
  prisma: prismaClient,
  contract: async () => (await contract()) | (await apiTypes()),
  web: webClient,
  server: () => serverBuild(),
  tap: tapPlugins,
};
const ALIASES = { server: ['prisma', 'server'] };

/** Builds the parts named (or their aliases: `server` is the Prisma client and dist/), in order; all when none. */
export async function build(asked = []) {
  const names = asked.length ? asked.flatMap((a) => ALIASES[a] ?? [a]) : Object.keys(PARTS);
  const unknown = names.find((n) => !PARTS[n]);
  if (unknown) throw new Error(`no part "${unknown}" (the parts: ${Object.keys(PARTS).join(', ')})`);
  for (const name of Object.keys(PARTS)) if (names.includes(name)) await PARTS[name]();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await build(process.argv.slice(2).filter((a) => !a.startsWith('--')));
  } catch (e) {
    console.error(`build: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
