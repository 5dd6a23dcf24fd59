#!/usr/bin/env node
// Where the test suite's time goes, as a table of test files, so that a run before a change and
// one after it can be compared the same way.
//
//   node scripts/test-times.mjs run [tap arguments]   runs tap with scripts/test-probe.mjs loaded
//                                                      into every process, then prints the table
//   node scripts/test-times.mjs [--probe DIR]         prints the table of the last run
//   options: --save FILE.json (keep the figures), --compare FILE.json (a column with the figures
//            of an earlier run), --top N (rows; default 40, 0 for all). The suite's weights
//            (test/suite/weights.json) come from logs of `npm test`: scripts/test-weights.mjs.
//
// `npm test` runs the files in a few processes (test/suite/parts.ts): a run of it gives one row
// per part. Give tap the files themselves to see them one by one.
//
// Per file: wall time as tap reports it (.tap/test-results), start-up (from the process's start to
// its first test: node, loaders, transpiling, imports and top-level set-up), the file's own CPU
// and the CPU of what it spawned and waited for (Chromium, servers, npm). CPU is the figure that
// survives a busy machine; wall time depends on what else runs. The totals add the runner, the
// before/after steps and the shared PostgreSQL, and how long the run had fewer files running
// than `jobs` (the tail, where cores wait for the last long files).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const save = option('--save');
const compare = option('--compare');
const top = Number(option('--top') ?? 40);
let probe = option('--probe') ?? process.env.ALEA_TEST_PROBE;
let wallMs;

if (args[0] === 'run') {
  probe ??= mkdtempSync(join(tmpdir(), 'alea-test-times-'));
  const started = Date.now();
  const tap = spawnSync('npx', ['tap', ...args.slice(1)], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ALEA_TEST_PROBE: probe,
      ALEA_TEST_PROBE_ROOT: root,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(root, 'scripts', 'test-probe.mjs')}`.trim(),
    },
  });
  wallMs = Date.now() - started;
  console.log(`\n# probe records in ${probe}; tap exited with ${tap.status}`);
  process.exitCode = tap.status ?? 1;
}

// Wall time per file from tap's saved results: the last "# time=" line of each file's TAP.
function tapTimes(dir) {
  const times = new Map();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.tap')) {
        const text = readFileSync(p, 'utf8');
        const m = [...text.matchAll(/^# time=([\d.]+)ms$/gm)].pop();
        const file = relative(dir, p).replace(/\.tap$/, '');
        const pass = (text.match(/^\s*ok \d+/gm) ?? []).length;
        const fail = (text.match(/^\s*not ok \d+/gm) ?? []).length;
        times.set(file, { wallMs: m ? Number(m[1]) : undefined, pass, fail, writtenAt: statSync(p).mtimeMs });
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return times;
}

function probeRecords(dir) {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)));
}

const results = tapTimes(join(root, '.tap', 'test-results'));
const records = probeRecords(probe);
const files = new Map();
for (const [file, r] of results) files.set(file, { file, ...r });
for (const r of records) {
  if (!r.file) continue;
  const f = files.get(r.file) ?? files.set(r.file, { file: r.file }).get(r.file);
  if (r.script === r.file) {
    Object.assign(f, { startupMs: r.firstTestMs, startupCpuMs: r.firstTestCpuMs, cpuMs: r.cpuMs, childrenCpuMs: r.childrenCpuMs, start: r.start, end: r.start + r.endMs });
  } else {
    // A node process the file spawned (a server, a worker, npm): counted in childrenCpuMs when the
    // file waited for it, listed here to see what it was.
    f.spawned = (f.spawned ?? 0) + 1;
  }
}

// tap keeps the results of files it did not run this time: with probe records, only this run's
// (a file killed at tap's timeout leaves no record, but its results are newer than the run).
const runStart = Math.min(...records.map((r) => r.start));
const ran = (f) => !records.length || f.cpuMs !== undefined || f.writtenAt >= runStart;
const rows = [...files.values()].filter(ran).sort((a, b) => (b.wallMs ?? 0) - (a.wallMs ?? 0));
const sum = (k) => rows.reduce((s, r) => s + (r[k] ?? 0), 0);
const byScript = (re) => records.filter((r) => re.test(r.script));
const cpuOf = (rs) => rs.reduce((s, r) => s + r.cpuMs, 0);
const runner = records.find((r) => /(^|\/)(\.bin\/tap|tap\/dist\/esm\/run\.mjs|@tapjs\/run)/.test(r.script) && !r.file);
const build = byScript(/@tapjs\/test\/dist\/esm\/build\.mjs$/);
const postgres = records.find((r) => r.postgresCpuMs !== undefined);

// How long fewer files ran than tap's jobs: the cores idle while the last files finish.
function concurrency(jobs) {
  const events = rows.filter((r) => r.start && r.end).flatMap((r) => [[r.start, 1], [r.end, -1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (!events.length) return undefined;
  let running = 0;
  let last = events[0][0];
  const under = new Array(jobs + 1).fill(0);
  for (const [at, d] of events) {
    under[Math.min(running, jobs)] += at - last;
    running += d;
    last = at;
  }
  return { spanMs: events.at(-1)[0] - events[0][0], under };
}

const summary = {
  files: rows.length,
  pass: sum('pass'),
  fail: sum('fail'),
  wallMs,
  sumFileWallMs: sum('wallMs'),
  sumStartupMs: sum('startupMs'),
  sumStartupCpuMs: sum('startupCpuMs'),
  sumFileCpuMs: sum('cpuMs'),
  sumChildrenCpuMs: sum('childrenCpuMs'),
  runnerCpuMs: runner?.cpuMs,
  tapBuildCpuMs: build.length ? cpuOf(build) + build.reduce((s, r) => s + (r.childrenCpuMs ?? 0), 0) : 0,
  beforeAfterCpuMs: cpuOf(byScript(/test\/setup\/(before|after)\.[jt]s$/)),
  postgresCpuMs: postgres?.postgresCpuMs,
  concurrency: concurrency(Number(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).tap?.jobs ?? 4)),
  rows: rows.map(({ file, wallMs, startupMs, startupCpuMs, cpuMs, childrenCpuMs, pass, fail }) => ({ file, wallMs, startupMs, startupCpuMs, cpuMs, childrenCpuMs, pass, fail })),
};

const before = compare ? JSON.parse(readFileSync(compare, 'utf8')) : undefined;
const beforeRow = new Map((before?.rows ?? []).map((r) => [r.file, r]));
const s = (ms) => (ms === undefined || ms === null ? '-' : (ms / 1000).toFixed(1));
const cols = ['wall s', 'start s', 'start cpu', 'cpu s', 'child cpu', 'tests', ...(before ? ['wall before', 'cpu before'] : [])];
const width = Math.max(...rows.map((r) => r.file.length), 10);
console.log(`\n${'file'.padEnd(width)} ${cols.map((c) => c.padStart(10)).join(' ')}`);
for (const r of top > 0 ? rows.slice(0, top) : rows) {
  const b = beforeRow.get(r.file);
  const cells = [s(r.wallMs), s(r.startupMs), s(r.startupCpuMs), s(r.cpuMs), s(r.childrenCpuMs), String(r.pass ?? '-'), ...(before ? [s(b?.wallMs), s(b && (b.cpuMs ?? 0) + (b.childrenCpuMs ?? 0))] : [])];
  console.log(`${r.file.padEnd(width)} ${cells.map((c) => c.padStart(10)).join(' ')}`);
}
if (top > 0 && rows.length > top) console.log(`... ${rows.length - top} more files`);

const line = (label, now, then) => console.log(`${label.padEnd(46)} ${String(now).padStart(10)}${then !== undefined ? `   (before: ${then})` : ''}`);
const b = before ?? {};
console.log('');
line('test files', summary.files, b.files);
line('passing / failing assertions (ok lines)', `${summary.pass} / ${summary.fail}`, before && `${b.pass} / ${b.fail}`);
if (wallMs !== undefined || b.wallMs !== undefined) line('whole run, wall s', s(wallMs), before && s(b.wallMs));
line('sum of files\' wall s', s(summary.sumFileWallMs), before && s(b.sumFileWallMs));
line('sum of files\' start-up wall s (to first test)', s(summary.sumStartupMs), before && s(b.sumStartupMs));
line('sum of files\' start-up CPU s', s(summary.sumStartupCpuMs), before && s(b.sumStartupCpuMs));
line('sum of files\' own CPU s', s(summary.sumFileCpuMs), before && s(b.sumFileCpuMs));
line('sum of what files spawned, CPU s', s(summary.sumChildrenCpuMs), before && s(b.sumChildrenCpuMs));
line('shared PostgreSQL, CPU s', s(summary.postgresCpuMs), before && s(b.postgresCpuMs));
line('tap runner, CPU s', s(summary.runnerCpuMs), before && s(b.runnerCpuMs));
line('tap rebuilding its plugins, CPU s', s(summary.tapBuildCpuMs), before && s(b.tapBuildCpuMs));
line('before/after steps, CPU s', s(summary.beforeAfterCpuMs), before && s(b.beforeAfterCpuMs));
const total = (x) => (x.sumFileCpuMs ?? 0) + (x.sumChildrenCpuMs ?? 0) + (x.postgresCpuMs ?? 0) + (x.runnerCpuMs ?? 0) + (x.tapBuildCpuMs ?? 0) + (x.beforeAfterCpuMs ?? 0);
line('all of the above, CPU s', s(total(summary)), before && s(total(b)));
if (summary.concurrency) {
  const c = summary.concurrency;
  const under = (x) => x?.under.map((ms, n) => `${n}:${s(ms)}`).join(' ');
  line('from first file start to last file end, s', s(c.spanMs), before && s(b.concurrency?.spanMs));
  line('time with n files running (n:s)', under(c), before && under(b.concurrency));
}
if (save) writeFileSync(save, `${JSON.stringify(summary, null, 2)}\n`);
