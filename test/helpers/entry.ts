// How a test starts one of Alea's programs (src/main.ts, src/cli/*.ts) as a process of its own:
// the JavaScript `npm test` compiled into .build/ (scripts/src-build.mjs) while it is up to date
// with src/, else the TypeScript source through tsx, as `npm start` runs it. Both run the same
// code; the compiled one starts on a third of the CPU, which the suite's fifty-odd processes add up.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectPath } from '../../src/paths.js';

const TSX = import.meta.resolve('tsx');

function newest(dir: string): number {
  let t = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

let fresh: boolean | undefined;
/** .build/ holds src/ as it is now: nothing in src/ changed since the build read it. */
export function compiledIsFresh(): boolean {
  if (fresh === undefined) {
    try {
      fresh = statSync(projectPath('.build', '.stamp')).mtimeMs >= newest(projectPath('src'));
    } catch {
      fresh = false;
    }
  }
  return fresh;
}

// V8 compiles WebAssembly twice, at once with its baseline compiler and then, in the background,
// optimised: Prisma's query compiler (4 MB of it) cost a short-lived process about 0.3 s of CPU
// for the second, which a test's server or tool never lives long enough to gain from.
const V8_FLAGS = ['--liftoff-only'];

/** Node's arguments to run `source` (a path under src/, e.g. 'src/cli/verify.ts'). */
export function nodeArgs(source: string): string[] {
  if (!source.startsWith('src/') || !source.endsWith('.ts')) throw new Error(`not a file of src/: ${source}`);
  if (compiledIsFresh()) return [...V8_FLAGS, projectPath('.build', source.slice('src/'.length, -'.ts'.length) + '.js')];
  return [...V8_FLAGS, '--import', TSX, projectPath(source)];
}
