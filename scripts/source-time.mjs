// The newest modified time (fs.statSync's mtimeMs) of a folder and everything in it, folders
// included: scripts/src-build.mjs stamps its build of src/ with it, and test/helpers/entry.ts
// compares src/ as it is now with that stamp.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** @param {string} dir @returns {number} */
export function newestModified(dir) {
  let t = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestModified(p) : statSync(p).mtimeMs);
  }
  return t;
}
