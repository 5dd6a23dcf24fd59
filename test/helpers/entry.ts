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

/** Node's arguments to run `source` (a path under src/, e.g. 'src/cli/verify.ts'). */
export function nodeArgs(source: string): string[] {
  if (!source.startsWith('src/') || !source.endsWith('.ts')) throw new Error(`not a file of src/: ${source}`);
  if (compiledIsFresh()) return [projectPath('.build', source.slice('src/'.length, -'.ts'.length) + '.js')];
  return ['--import', TSX, projectPath(source)];
}
