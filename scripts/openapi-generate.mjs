#!/usr/bin/env node
// Generates TypeScript types for the API from openapi.yaml (openapi-typescript), offline, into
// test/client/generated/api.d.ts (not committed). The end-to-end test and the API benchmark talk
// to the server through openapi-fetch typed with them, as a third-party client would: if the
// document and their code disagree, the type check (npm run typecheck:test, and
// test/http/client-types.test.ts) fails. Runs before test, typecheck and bench:api; a no-op while
// openapi.yaml and the generator are unchanged. `--force` regenerates anyway.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'openapi.yaml');
const outDir = process.env.OPENAPI_TYPES_DIR ?? join(root, 'test', 'client', 'generated');
const outFile = join(outDir, 'api.d.ts');

const require = createRequire(import.meta.url);
const generatorVersion = JSON.parse(readFileSync(require.resolve('openapi-typescript/package.json'), 'utf8')).version;
const hash = createHash('sha256').update(generatorVersion).update('\0').update(readFileSync(source)).digest('hex');
const stamp = `// openapi.yaml sha256+generator: ${hash}\n`;

if (!process.argv.includes('--force') && existsSync(outFile) && readFileSync(outFile, 'utf8').startsWith(stamp)) process.exit(0);

const { default: openapiTS, astToString } = await import('openapi-typescript');
const ast = await openapiTS(pathToFileURL(source), { alphabetize: false, exportType: false });
mkdirSync(outDir, { recursive: true });
writeFileSync(outFile, `${stamp}// Generated from openapi.yaml by scripts/openapi-generate.mjs. Do not edit.\n\n${astToString(ast)}`);
console.log(`openapi-generate: wrote ${outFile}`);
