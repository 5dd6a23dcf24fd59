// The server and its tools: src/ compiled file by file into dist/ with esbuild (JSON and the other
// data files beside the code copied as they are). `npm start`, the tools' npm scripts, the tests'
// processes and the Docker image all run this one build; `npm run typecheck` is the type check.
//
// dist/.stamp holds two lines: a digest of src/ (to skip an unchanged build) and the newest
// modified time in src/ when the build read it (milliseconds as fs.statSync's mtimeMs gives them,
// fractions kept: a file's time has nanoseconds, which the stamp file's own time could not keep).
// test/helpers/entry.ts runs dist/ only while nothing in src/ is newer than that, and src/ through
// tsx otherwise, so a file edited, added or removed after the build is never run stale.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { digest, files, newestModified, root, stamp } from './inputs.mjs';

export function serverBuild(dir = root) {
  const src = join(dir, 'src');
  const out = join(dir, 'dist');
  const stampFile = join(out, '.stamp');
  const sourceTime = newestModified(src); // read before the sources: a later edit is newer
  const sources = files(src, ['node_modules']);
  const hash = digest(sources);
  let current = '';
  try {
    current = readFileSync(stampFile, 'utf8').split('\n')[0];
  } catch {}
  if (current === hash && !process.argv.includes('--force')) {
    stamp(stampFile, hash, sourceTime); // the same sources, touched (a checkout)
    return Promise.resolve(false);
  }
  return compile(src, out, sources, [hash, sourceTime]);
}

async function compile(src, out, sources, stampLines) {
  const { build } = await import('esbuild');
  const started = Date.now();
  // Built beside, then put in place whole: a process starting meanwhile sees the old build or none.
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const code = sources.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  await build({ entryPoints: code, outdir: next, outbase: src, bundle: false, platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning' });
  for (const file of sources.filter((f) => !f.endsWith('.ts'))) {
    const to = join(next, relative(src, file));
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, readFileSync(file));
  }
  stamp(join(next, '.stamp'), ...stampLines);
  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
  console.log(`build: ${code.length} files of src/ compiled into dist/ in ${Date.now() - started} ms`);
  return true;
}
