// How a test starts one of Alea's programs (src/main.ts, src/cli/*.ts) as a process of its own:
// the build `npm start` runs too (dist/, scripts/build/server.mjs) while it is up to date with
// src/, else the TypeScript source through tsx (a file edited since the build). Both run the same
// code; the compiled one starts on a third of the CPU, which the suite's fifty-odd processes add up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newestModified } from '../../scripts/build/inputs.mjs';
import { projectPath } from '../../src/paths.js';

const TSX = import.meta.resolve('tsx');

/**
 * `root`/dist holds `root`/src as it is now: nothing in src/ changed since the build read it.
 * The stamp's second line is src/'s newest modified time as the build read it (mtimeMs, the
 * same number statSync gives here for an untouched file).
 */
export function buildIsFresh(root: string): boolean {
  try {
    const built = Number(readFileSync(join(root, 'dist', '.stamp'), 'utf8').split('\n')[1]);
    return built >= newestModified(join(root, 'src'));
  } catch {
    return false;
  }
}

let fresh: boolean | undefined;
/** The project's dist/ is up to date with its src/ (asked once per process). */
export function compiledIsFresh(): boolean {
  return (fresh ??= buildIsFresh(projectPath()));
}

/** Node's arguments to run `source` (a path under src/, e.g. 'src/cli/verify.ts'). */
export function nodeArgs(source: string): string[] {
  if (!source.startsWith('src/') || !source.endsWith('.ts')) throw new Error(`not a file of src/: ${source}`);
  if (compiledIsFresh()) return [projectPath('dist', source.slice('src/'.length, -'.ts'.length) + '.js')];
  return ['--import', TSX, projectPath(source)];
}
