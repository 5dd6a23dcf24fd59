// CI runs `npm ci`, which refuses a lockfile that lacks any package's optional dependency, even one
// for another platform. npm writes such a lockfile without a word when the registry lacks a
// platform build of a new release (rollup 4.68.7 here: only its Linux glibc builds were published),
// so `npm install` passed while CI stopped after one second. This catches it before CI does.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { projectPath } from '../src/paths.js';

type Entry = { optionalDependencies?: Record<string, string>; dependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(projectPath('package-lock.json'), 'utf8')) as { packages: Record<string, Entry> };

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

t.test('every dependency, optional ones for other platforms included, has its entry in the lockfile', async (t) => {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      if (!resolve(path, name)) missing.push(`${path || '(root)'} -> ${name}`);
    }
  }
  t.same(missing, [], 'npm ci would accept this lockfile');
});

t.test('the check finds a dependency that is missing', async (t) => {
  t.equal(resolve('node_modules/vite', 'no-such-package-anywhere'), undefined);
  t.ok(resolve('node_modules/vite', 'esbuild'), 'and finds one hoisted to the top');
});
