// Issue 13: the Node versions package.json states are ones every installed package accepts, so
// `npm install` on the stated minimum (Node 20, as on this machine and CI) warns about nothing.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import t from 'tap';
import { projectPath } from '../src/paths.js';

const pkg = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(projectPath('package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; os?: string[] }>;
};

t.test('every package in the lockfile accepts every Node version package.json states', async (t) => {
  const ours = pkg.engines.node;
  const refusing = Object.entries(lock.packages)
    .filter(([path, p]) => path && !Array.isArray(p.engines) && p.engines?.node && !(p.os && !p.os.includes(process.platform)))
    .filter(([, p]) => !semver.subset(ours, (p.engines as { node: string }).node))
    .map(([path, p]) => `${path.replace(/^node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`);
  t.same(refusing, [], `all accept ${ours}`);
});

t.test('the Node running the tests is one package.json states, and the README says the same minimum', async (t) => {
  t.ok(semver.satisfies(process.version, pkg.engines.node), `${process.version} satisfies ${pkg.engines.node}`);
  const minimum = semver.minVersion(pkg.engines.node)!;
  t.match(readFileSync(projectPath('README.md'), 'utf8'), `Node.js ${minimum.major}.${minimum.minor}`, 'the README states the minimum');
});
