// The generated client is really generated from openapi.yaml, and the code that uses it (the
// end-to-end test, the API benchmark) type-checks against it: regenerate the types from the
// document into a fresh folder and type-check that code with the TypeScript compiler.
//
// The compiler runs here, through its API, on test/client/tsconfig.json's files, and is asked for
// the diagnostics of those files only: the types they use from elsewhere are resolved as needed,
// but the bodies of the rest of the project (all of src/, which `npm run typecheck` checks) are
// not checked again, which took three quarters of the run as `tsc -p`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import t from 'tap';
import type * as TS from 'typescript';
import { projectPath } from '../../src/paths.js';

const ts = createRequire(import.meta.url)('typescript') as typeof TS;

/** The errors TypeScript finds in the client's users: tsconfig's files and `extra`, one program. */
function clientTypeErrors(extra: { name: string; text: string }): string[] {
  const configFile = projectPath('test', 'client', 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  })!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => (f === extra.name ? extra.text : readFile(f));
  host.fileExists = (f) => f === extra.name || ts.sys.fileExists(f);
  host.getSourceFile = (f, v, ...rest) => (f === extra.name ? ts.createSourceFile(f, extra.text, v) : getSourceFile(f, v, ...rest));
  const roots = [...config.fileNames, extra.name];
  const program = ts.createProgram({ rootNames: roots, options: config.options, host });
  const diagnostics = [...config.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const name of roots) {
    const file = program.getSourceFile(name);
    if (!file) {
      diagnostics.push({ category: ts.DiagnosticCategory.Error, code: 0, file: undefined, start: undefined, length: undefined, messageText: `not found: ${name}` });
      continue;
    }
    diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  }
  return diagnostics
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : '';
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n');
    });
}

t.test('the client types come from openapi.yaml and its users type-check', async (t) => {
  const gen = spawnSync(process.execPath, [projectPath('scripts', 'build.mjs'), 'contract'], { encoding: 'utf8' });
  t.equal(gen.status, 0, gen.stderr);
  const file = projectPath('test', 'client', 'generated', 'api.d.ts');
  t.ok(existsSync(file));
  const types = readFileSync(file, 'utf8');
  for (const path of ['/v1/games/{id}/actions', '/v1/games/{id}/plays', '/v1/auth/register']) t.match(types, `"${path}"`);
  // The check has teeth: a user of the client calling a path the document lacks, or sending a
  // body of the wrong shape, is an error. That file is checked in the same program as the real
  // users (one compilation, not two), and its errors are told apart by its name.
  const misuseFile = projectPath('test', 'client', 'misuse.ts');
  const errors = clientTypeErrors({
    name: misuseFile,
    text: [
      "import { aleaClient } from './api.js';",
      "export const a = aleaClient('http://x').POST('/v1/no-such-path', {});",
      "export const b = aleaClient('http://x').POST('/v1/auth/register', { body: { email: 1 } });",
    ].join('\n'),
  });
  const misuse = errors.filter((m) => m.startsWith(`${misuseFile}:`));
  t.same(errors.filter((m) => !m.startsWith(`${misuseFile}:`)), [], 'the end-to-end test, the API benchmark and the client type-check');
  t.equal(misuse.filter((m) => m.startsWith(`${misuseFile}:2:`)).length > 0, true, 'an undocumented path is an error');
  t.equal(misuse.filter((m) => m.startsWith(`${misuseFile}:3:`)).length > 0, true, 'a body of the wrong shape is an error');
});
