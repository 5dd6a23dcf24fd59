// The suite's parts (test/suite/parts.ts) run every test file once: none left out, none twice.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PARTS, parts } from './suite/parts.js';

const testFiles = (dir: string): string[] =>
  readdirSync(join(process.cwd(), dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(`${dir}/${e.name}`) : e.name.endsWith('.test.ts') ? [`${dir}/${e.name}`] : [],
  );

t.test('every test file outside test/suite is in exactly one part, and the parts are the files npm test runs', async (t) => {
  const all = testFiles('test').filter((f) => !f.startsWith('test/suite/')).sort();
  const dealt = parts().flat().sort();
  t.same(dealt, all, 'each file once');
  t.ok(all.includes('test/suite.test.ts'), 'this file too');
  t.equal(parts().length, PARTS);
  const runners = testFiles('test/suite').sort();
  t.same(runners, Array.from({ length: PARTS }, (_, k) => `test/suite/part-${k + 1}.test.ts`).sort(), 'one runner per part');
  const tap = (JSON.parse(readFileSync('package.json', 'utf8')) as { tap: { include: string[] } }).tap;
  t.same(tap.include, ['test/suite/part-*.test.ts'], 'npm test runs the parts');
});

t.test('the weights name only files that exist (a stale name would only skew the balance)', async (t) => {
  const weights = JSON.parse(readFileSync('test/suite/weights.json', 'utf8')) as Record<string, number>;
  const all = new Set(testFiles('test'));
  t.same(Object.keys(weights).filter((f) => !all.has(f)), []);
});
