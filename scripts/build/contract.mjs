// openapi.yaml from its parts (scripts/openapi-build.ts: the service's own and each game's), then
// the API's TypeScript types from it (openapi-typescript), for the web client
// (web/src/generated/api.d.ts) and for the tests' and benchmarks' client
// (test/client/generated/api.d.ts): if the document and their code disagree, the type check
// (npm run typecheck, test/http/client-types.test.ts) fails. Neither generated types file is
// committed; openapi.yaml is (the contract third parties read).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { digest, files, root, versionOf } from './inputs.mjs';

/** Writes openapi.yaml when its parts changed; true when it was written. */
export async function contract() {
  const sources = [join(root, 'src', 'http', 'api.yaml'), join(root, 'scripts', 'openapi-build.ts'), ...files(join(root, 'src', 'engine'))];
  const stampFile = join(root, 'node_modules', '.cache', 'alea', 'openapi.hash');
  const hash = digest(sources);
  if (!process.argv.includes('--force') && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash && existsSync(join(root, 'openapi.yaml'))) return false;
  const { tsImport } = await import('tsx/esm/api');
  const { writeContract } = await tsImport(pathToFileURL(join(root, 'scripts', 'openapi-build.ts')).href, import.meta.url);
  const written = writeContract();
  mkdirSync(join(root, 'node_modules', '.cache', 'alea'), { recursive: true });
  writeFileSync(stampFile, `${hash}\n`);
  return written;
}

// ...and for the example bot (examples/bot/generated/api.d.ts, as a bot author's copy would make it).
const TYPES = [join(root, 'web', 'src', 'generated', 'api.d.ts'), join(root, 'test', 'client', 'generated', 'api.d.ts'), join(root, 'examples', 'bot', 'generated', 'api.d.ts')];

/** The API's types from openapi.yaml; false when they were up to date (or the generator is not installed). */
export async function apiTypes() {
  const version = versionOf('openapi-typescript');
  if (!version) return false;
  const source = join(root, 'openapi.yaml');
  const head = `// openapi.yaml sha256+generator: ${digest([source], version)}\n`;
  const current = TYPES.every((f) => existsSync(f) && readFileSync(f, 'utf8').startsWith(head));
  if (current && !process.argv.includes('--force')) return false;
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(pathToFileURL(source), { alphabetize: false, exportType: false });
  const text = `${head}// Generated from openapi.yaml by scripts/build/contract.mjs. Do not edit.\n\n${astToString(ast)}`;
  for (const f of TYPES) {
    mkdirSync(join(f, '..'), { recursive: true });
    writeFileSync(f, text);
  }
  return true;
}
