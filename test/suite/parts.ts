// The suite in a few processes instead of one per test file.
//
// Every process that starts the server pays about 4 s of CPU before its first test (Node, tap and
// tsx, then Fastify, Ajv, the Prisma client and the first database), about as much as a typical
// API test file's tests themselves. `npm test` therefore runs `PARTS` processes, as many as tap
// runs at once (`jobs` in package.json): test/suite/part-*.test.ts. Each takes the next test file
// nobody has taken yet, imports it (its tests register on the process's tap root and run one after
// another, as they would alone), and takes the next, until none is left. Every file stays a test
// file of its own (`npx tap test/http/health.test.ts` runs just it).
//
// Taken as they go rather than dealt out beforehand, the parts end together whatever a file costs
// on the day (a browser test on a loaded machine, a whole game that runs long): a part that drew
// long files simply takes fewer. The files are offered heaviest first, by weights.json (each
// file's seconds in a run of `npm test`, from `node scripts/test-weights.mjs`; a new file counts
// as the median until it is measured), so that the last ones taken are short. A file is taken by
// creating its name in the run's claims folder, which succeeds for one process only; tap's
// `before` step (test/setup/before.ts) makes the folder empty for each run. Without it (a part run
// on its own, outside tap), a part runs every file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t from 'tap';
import { chromiumPresent, INSTALL_HINT } from '../helpers/chromium.js';
import { claimsDir, isClaimed, take } from './claims.js';

export const PARTS = 4;
/** How long a part may run, whatever files it takes. */
const PART_LIMIT_MS = 1_800_000;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (path !== here && e.name !== 'node_modules') out.push(...testFiles(path));
    } else if (e.name.endsWith('.test.ts')) out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

/** Every test file outside this folder, heaviest first. */
export function queue(): string[] {
  const weights = JSON.parse(readFileSync(join(here, 'weights.json'), 'utf8')) as Record<string, number>;
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 10;
  return testFiles(join(root, 'test'))
    .map((file) => ({ file, weight: weights[file] ?? median }))
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file))
    .map((f) => f.file);
}

// tap loads its process recorder (@tapjs/processinfo: coverage and `tap --changed`, neither used
// here) into every test process, and, through NODE_OPTIONS and a spawn hook, into every Node
// process a test starts: each server, CLI and npm loaded its module hooks too, about 0.5 s of CPU
// apiece and fifty of them a run. The parts start theirs without it; a test file run alone keeps
// tap's default.
function startChildrenPlain(): void {
  const require = createRequire(import.meta.url);
  const onSpawn = createRequire(require.resolve('@tapjs/processinfo'))('process-on-spawn') as { removeAllListeners(): void };
  onSpawn.removeAllListeners();
  const options = (process.env.NODE_OPTIONS ?? '').replace(/"?--(?:import|loader)=\S*@tapjs\/processinfo\/\S*?"?(?=\s|$)/g, '').trim();
  if (options) process.env.NODE_OPTIONS = options;
  else delete process.env.NODE_OPTIONS;
}

/** Whether a test file drives Chromium (and so skips itself without it). */
const needsChromium = (file: string): boolean => /\b(?:chromiumPresent|boardTests)\(/.test(readFileSync(join(root, file), 'utf8'));

/**
 * Runs part `k` (1-based): takes a file, imports it, and once its tests have run takes the next,
 * until every file is taken.
 *
 * Importing a file only registers its tests on this process's tap, which runs them in turn later.
 * So each file is taken and imported by a test of its own ("part k takes file n"), which also
 * queues the next such test behind the file's tests: the next file is taken only once the part is
 * free for it, and tap is never idle in between (it would end the process).
 */
export function runPart(k: number): void {
  // A part runs many files one after another: tap's per-process limit is for one file. The part's
  // own limit counts from its start; a file that sets the root's limit when imported (a long game
  // asks for 15 minutes, meant for a run of that file alone) would otherwise restart it from the
  // moment the part took the file, and end the part with every result it had not yet printed.
  const deadline = Date.now() + PART_LIMIT_MS;
  t.setTimeout(PART_LIMIT_MS);
  startChildrenPlain();
  const claims = claimsDir();
  const shared = existsSync(claims);
  const files = queue();
  // Outside a tap run (no claims folder) the part takes every file itself.
  const mine = new Set<string>();
  const free = (file: string) => !mine.has(file) && !(shared && isClaimed(claims, file));
  const takeFile = (n: number): void => {
    t.test(`part ${k} takes file ${n}`, async (part) => {
      const file = files.find((f) => free(f) && (!shared || take(claims, f)));
      if (!file) return part.comment('none left: the other parts took the last ones');
      mine.add(file);
      part.comment(file);
      // A browser file without Chromium skips by ending its process: alone, that is the file's
      // end; here it would end the part with the files it had not yet taken.
      if (!chromiumPresent() && needsChromium(file)) part.pass(`skipped: ${INSTALL_HINT}`);
      else await import(pathToFileURL(join(root, file)).href);
      t.setTimeout(Math.max(1, deadline - Date.now()));
      if (files.some(free)) takeFile(n + 1);
    });
  };
  if (files.some(free)) takeFile(1);
}
