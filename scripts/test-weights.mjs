#!/usr/bin/env node
// Renews test/suite/weights.json, the order in which the suite's parts take the test files
// (test/suite/parts.ts: heaviest first), from the output of one or more runs of `npm test`:
//
//   npm test | tee run.log; node scripts/test-weights.mjs run.log [more.log ...]
//
// A file's weight is the seconds its tests took in the run (the times tap prints for the file's
// top-level tests, from the part's test that took it, "part k takes file n", which names it), averaged
// over the logs given, rounded to whole seconds (at least 1). A file the logs do not mention keeps
// its weight.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const logs = process.argv.slice(2);
if (!logs.length) {
  console.error('usage: node scripts/test-weights.mjs RUN.log [MORE.log ...]');
  process.exit(2);
}
const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'suite', 'weights.json');
const seconds = new Map();
for (const log of logs) {
  let current;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const part = /^ {8}# (test\/\S+\.test\.ts)$/.exec(line);
    if (part) {
      current = part[1];
      const runs = seconds.get(current) ?? [];
      runs.push(0);
      seconds.set(current, runs);
      continue;
    }
    // A top-level test of the file: four spaces in, inside the part's own subtest.
    const test = /^ {4}(?:not )?ok \d+ - .* # time=([\d.]+)ms$/.exec(line);
    if (test && current) {
      const runs = seconds.get(current);
      runs[runs.length - 1] += Number(test[1]) / 1000;
    }
  }
}
const weights = JSON.parse(readFileSync(file, 'utf8'));
for (const [name, runs] of seconds) weights[name] = Math.max(1, Math.round(runs.reduce((a, b) => a + b, 0) / runs.length));
const sorted = Object.fromEntries(Object.entries(weights).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(file, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`weights of ${seconds.size} file(s) from ${logs.length} run(s) written to test/suite/weights.json`);
