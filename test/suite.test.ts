// The suite's parts (test/suite/parts.ts) run every test file once: none left out, none twice.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { take } from './suite/claims.js';
import { PARTS, queue } from './suite/parts.js';

const testFiles = (dir: string): string[] =>
  readdirSync(join(process.cwd(), dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(`${dir}/${e.name}`) : e.name.endsWith('.test.ts') ? [`${dir}/${e.name}`] : [],
  );

t.test('every test file outside test/suite is offered once, and the parts are the files npm test runs, as many as tap runs at once', async (t) => {
  const all = testFiles('test').filter((f) => !f.startsWith('test/suite/')).sort();
  t.same([...queue()].sort(), all, 'each file once');
  t.ok(all.includes('test/suite.test.ts'), 'this file too');
  const runners = testFiles('test/suite').sort();
  t.same(runners, Array.from({ length: PARTS }, (_, k) => `test/suite/part-${k + 1}.test.ts`).sort(), 'one runner per part');
  const tap = (JSON.parse(readFileSync('package.json', 'utf8')) as { tap: { include: string[]; jobs: number } }).tap;
  t.same(tap.include, ['test/suite/part-*.test.ts'], 'npm test runs the parts');
  t.equal(tap.jobs, PARTS, 'all parts at once');
});

t.test('the parts share the files out: each taken by exactly one, whichever asks first', async (t) => {
  const claims = mkdtempSync(join(tmpdir(), 'alea-claims-'));
  t.teardown(() => rmSync(claims, { recursive: true, force: true }));
  const files = queue();
  // Parts asking in turn, as fast as they like: part k asks k + 1 times per round.
  const got: string[][] = Array.from({ length: PARTS }, () => []);
  for (let round = 0; got.flat().length < files.length && round < files.length; round++) {
    for (let k = 0; k < PARTS; k++) {
      for (let ask = 0; ask <= k; ask++) {
        const next = files.find((f) => take(claims, f));
        if (next) got[k]!.push(next);
      }
    }
  }
  t.same(got.flat().sort(), [...files].sort(), 'every file taken, none twice');
  t.ok(got.every((g) => g.length > 0), 'each part got some');
  t.notOk(take(claims, files[0]!), 'a taken file cannot be taken again');
});

t.test('the weights name only files that exist (a stale name would only skew the order)', async (t) => {
  const weights = JSON.parse(readFileSync('test/suite/weights.json', 'utf8')) as Record<string, number>;
  const all = new Set(testFiles('test'));
  t.same(Object.keys(weights).filter((f) => !all.has(f)), []);
});
