// Where a test run's time goes, process by process: loaded into every node process of a run with
//   ALEA_TEST_PROBE=<folder> NODE_OPTIONS=--import=./scripts/test-probe.mjs npx tap
// (scripts/test-times.mjs does this and reads the result). Each process writes one JSON line on
// exit: its own CPU, the CPU of the children it waited for (Chromium, spawned servers, npm), when
// it started, when its first test began (so start-up and module loading show apart from the
// tests), and which test file it belongs to (children inherit it). CPU is what survives a busy
// machine; wall times are noisy there. Without ALEA_TEST_PROBE it does nothing.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';

const dir = process.env.ALEA_TEST_PROBE;
if (dir) {
  const cwd = process.env.ALEA_TEST_PROBE_ROOT ?? process.cwd();
  const script = process.argv[1] ? relative(cwd, process.argv[1]) : '';
  // A test file is its own process; everything it spawns carries its name on.
  if (/\.test\.[cm]?[jt]s$/.test(script)) process.env.ALEA_TEST_PROBE_FILE = script;
  const file = process.env.ALEA_TEST_PROBE_FILE ?? '';
  const loadedAt = performance.now();
  let firstTest;

  // The first TAP line of a subtest marks the end of start-up (node, loaders, imports, any
  // top-level set-up before the first test).
  const write = process.stdout.write;
  process.stdout.write = function (chunk, ...rest) {
    if (firstTest === undefined && String(chunk).includes('# Subtest')) {
      firstTest = { at: performance.now(), cpu: process.cpuUsage() };
      process.stdout.write = write;
    }
    return write.call(this, chunk, ...rest);
  };

  // utime, stime, cutime, cstime of /proc/<pid>/stat, in seconds.
  const ticks = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { self: (Number(f[11]) + Number(f[12])) / 100, children: (Number(f[13]) + Number(f[14])) / 100 };
    } catch {
      return undefined;
    }
  };

  // The shared PostgreSQL of the run: measured by tap's `after` step, before it stops the server.
  let postgres;
  if (/test\/setup\/after\.[jt]s$/.test(script)) {
    try {
      const pid = readFileSync(join(tmpdir(), `alea-tap-${process.ppid}`, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0];
      const t = ticks(pid);
      if (t) postgres = t.self + t.children;
    } catch {}
  }

  process.on('exit', (code) => {
    const cpu = process.cpuUsage();
    const own = ticks('self');
    const record = {
      pid: process.pid,
      ppid: process.ppid,
      script,
      file,
      code,
      start: performance.timeOrigin,
      loadedMs: Math.round(loadedAt),
      firstTestMs: firstTest && Math.round(firstTest.at),
      firstTestCpuMs: firstTest && Math.round((firstTest.cpu.user + firstTest.cpu.system) / 1000),
      endMs: Math.round(performance.now()),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      childrenCpuMs: own ? Math.round(own.children * 1000) : undefined,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      ...(postgres !== undefined && { postgresCpuMs: Math.round(postgres * 1000) }),
    };
    try {
      mkdirSync(dir, { recursive: true });
      appendFileSync(join(dir, `${process.pid}.json`), `${JSON.stringify(record)}\n`);
    } catch {}
  });
}
