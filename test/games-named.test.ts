// A game is its own folders and a line in each registry: no other file names one (issue 40). This
// lists every file outside src/engine/<game>/, web/src/games/<game>/ and the two registries whose
// text names a registered game: its id, its title, one of its roles, or its schemas' prefix.
//
// Not read, and why:
// - tests, test fixtures and benchmarks (test/, bench/): they choose the games they play;
// - prose (*.md): the README and docs/ explain Alea with its games;
// - generated files (openapi.yaml, dist/, web/dist/, src/store/generated/, web/src/generated/) and
//   the committed migrations (prisma/migrations/, never edited once committed);
// src/http/api.yaml is read without its `example`/`examples` (an example may show a real game).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import t from 'tap';
import { parse } from 'yaml';
import { contractText, schemaPrefix } from '../scripts/openapi-build.js';
import { DEFINITIONS } from '../src/engine/games.js';
import { projectPath } from '../src/paths.js';

const ids = DEFINITIONS.map((d) => d.module.id);
const REGISTRIES = ['src/engine/games.ts', 'web/src/games/registry.ts'];
const GAME_FOLDERS = ids.flatMap((id) => [`src/engine/${id}/`, `web/src/games/${id}/`]);
const NOT_READ = [
  /^test\//,
  /^bench\//,
  /\.md$/,
  /^openapi\.yaml$/,
  /^prisma\/migrations\//,
  /(^|\/)(dist|generated|node_modules)\//,
  /\.(png|jpe?g|svg|ico|woff2?)$/,
  /^package-lock\.json$/,
];

/** Words that contain a game's name without naming it. */
const NOT_NAMES = [/Times New Roman/g];

const terms = [...new Set(DEFINITIONS.flatMap((d) => [d.module.id, d.module.title, ...d.module.roles, schemaPrefix(d.module.id)]))];
const named = new RegExp(`(?<![\\w-])(${terms.map((x) => x.replace(/[.*+?^${}()|[\]\\']/g, '\\$&')).join('|')})(?![\\w-])`, 'g');

/** Every file of the project that git knows or would add. */
function projectFiles(): string[] {
  const run = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: projectPath(), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.split('\n').filter(Boolean);
}

/** A YAML document without its examples. */
function withoutExamples(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(withoutExamples);
  if (x === null || typeof x !== 'object') return x;
  return Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'example' && k !== 'examples').map(([k, v]) => [k, withoutExamples(v)]));
}

/** The service's part of the contract, its placeholders filled with a stand-in game, without its examples. */
function contractWithoutExamples(dir: string): string {
  const schemas = join(dir, 'api.yaml');
  writeFileSync(schemas, 'StandInGameView:\n  type: object\n');
  const standIn = { ...DEFINITIONS[0]!, schemas: pathToFileURL(schemas), module: { ...DEFINITIONS[0]!.module, id: 'stand-in-game', title: 'Stand-in', roles: ['Red', 'Blue'], options: [] } };
  return JSON.stringify(withoutExamples(parse(contractText([standIn]))), null, 1);
}

let scratch = '';

function textOf(file: string): string {
  const text = readFileSync(projectPath(file), 'utf8');
  if (file === 'src/http/api.yaml') return contractWithoutExamples(scratch);
  return NOT_NAMES.reduce((s, re) => s.replace(re, ''), text);
}

/** The files outside the games' folders and the registries that name a game, each with what it names. */
export function offenders(files = projectFiles()): string[] {
  const out: string[] = [];
  for (const file of files) {
    if (REGISTRIES.includes(file) || GAME_FOLDERS.some((f) => file.startsWith(f)) || NOT_READ.some((re) => re.test(file))) continue;
    let text: string;
    try {
      text = textOf(file);
    } catch {
      continue; // gone from the working tree
    }
    const found = [...new Set([...text.matchAll(named)].map((m) => m[1]!))];
    if (found.length) out.push(`${file}: ${found.join(', ')}`);
  }
  return out;
}

t.test('no file outside the games\' folders and the registries names a game', async (t) => {
  scratch = t.testdir();
  t.ok(terms.length >= 3 * ids.length, `the words that name a game: ${terms.join(', ')}`);
  t.same(offenders(), [], 'offenders (file: what it names)');
});

t.test('the check finds a game named anywhere else', async (t) => {
  const [d] = DEFINITIONS;
  named.lastIndex = 0;
  t.ok(named.test(`import x from './${d!.module.id}/index.js';`), 'its id');
  named.lastIndex = 0;
  t.ok(named.test(`the side of ${d!.module.roles[0]}`), 'a role');
  named.lastIndex = 0;
  t.notOk(named.test('font-family: Georgia, serif'), 'not other words');
});
