// What every part of the build shares: the project's root, the files under a folder, a digest of
// files (a part is a no-op while the digest of its inputs matches the one it stamped), and the
// newest modified time under a folder (the server build's stamp: see server.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every file under `dir`, sorted, leaving out folders named in `skip`. */
export function files(dir, skip = ['node_modules', 'dist', 'generated']) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (skip.includes(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p, skip));
    else out.push(p);
  }
  return out.sort();
}

/** A digest of these files' paths and contents, and of any extra strings (tool versions). */
export function digest(paths, ...extra) {
  const hash = createHash('sha256');
  for (const x of extra) hash.update(String(x)).update('\0');
  for (const f of paths) hash.update(relative(root, f).split(sep).join('/')).update('\0').update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}

/** Is `stampFile`'s first line `hash`? (`--force` says no.) */
export function stamped(stampFile, hash) {
  if (process.argv.includes('--force') || !existsSync(stampFile)) return false;
  return readFileSync(stampFile, 'utf8').split('\n')[0] === hash;
}

export function stamp(stampFile, ...lines) {
  writeFileSync(stampFile, `${lines.join('\n')}\n`);
}

/** A package's version, or undefined when it is not installed (an install without devDependencies). */
export function versionOf(pkg) {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The newest modified time (fs.statSync's mtimeMs) of a folder and everything in it, folders included. */
export function newestModified(dir) {
  let t = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newestModified(p) : statSync(p).mtimeMs);
  }
  return t;
}
