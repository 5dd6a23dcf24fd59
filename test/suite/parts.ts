// The suite in a few processes instead of one per test file.
//
// Every process that starts the server pays about 4 s of CPU before its first test (Node, tap and
// tsx, then Fastify, Ajv, the Prisma client and the first database), about as much as a typical
// API test file's tests themselves. `npm test` therefore runs the files `PARTS` at a time in a
// handful of processes (test/suite/part-*.test.ts), each importing its share of the files in turn:
// their tests register on the process's tap root and run one after another, as they would alone.
// Every file stays a test file of its own (`npx tap test/http/health.test.ts` runs just it).
//
// The share is found here, not written down by hand, so a new test file cannot be left out: every
// test/**/*.test.ts outside this folder is dealt to the parts, heaviest first, each to the part
// with the least weight so far. weights.json holds each file's wall time in seconds from a run of
// `node scripts/test-times.mjs run` (a new file counts as the median until it is measured).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t from 'tap';

export const PARTS = 8;
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

/** The test files of each part, by name. */
export function parts(): string[][] {
  const weights = JSON.parse(readFileSync(join(here, 'weights.json'), 'utf8')) as Record<string, number>;
  const known = Object.values(weights).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 10;
  const files = testFiles(join(root, 'test'))
    .map((file) => ({ file, weight: weights[file] ?? median }))
    .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
  const out = Array.from({ length: PARTS }, () => ({ files: [] as string[], weight: 0 }));
  for (const f of files) {
    const lightest = out.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(f.file);
    lightest.weight += f.weight;
  }
  return out.map((p) => p.files);
}

/** Runs part `k` (1-based): imports its files in turn; their tests run on this process's tap. */
export async function runPart(k: number): Promise<void> {
  // A part runs many files one after another: tap's per-process limit is for one file.
  t.setTimeout(1_800_000);
  for (const file of parts()[k - 1]!) {
    t.comment(`part ${k}: ${file}`);
    await import(pathToFileURL(join(root, file)).href);
  }
}
