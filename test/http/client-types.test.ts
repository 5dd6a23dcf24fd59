// The generated client is really generated from openapi.yaml, and the code that uses it (the
// end-to-end test, the API benchmark) type-checks against it: regenerate the types from the
// document into a fresh folder and run the TypeScript compiler over that code.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import t from 'tap';
import { projectPath } from '../../src/paths.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

t.test('the client types come from openapi.yaml and its users type-check', async (t) => {
  const gen = spawnSync(process.execPath, [projectPath('scripts', 'openapi-generate.mjs'), '--force'], { encoding: 'utf8' });
  t.equal(gen.status, 0, gen.stderr);
  const file = projectPath('test', 'client', 'generated', 'api.d.ts');
  t.ok(existsSync(file));
  const types = readFileSync(file, 'utf8');
  for (const path of ['/v1/games/{id}/actions', '/v1/games/{id}/plays', '/v1/auth/register']) t.match(types, `"${path}"`);
  const check = spawnSync(process.execPath, [tsc, '-p', projectPath('test', 'client', 'tsconfig.json')], { encoding: 'utf8' });
  t.equal(check.status, 0, `tsc:\n${check.stdout}${check.stderr}`);
});
