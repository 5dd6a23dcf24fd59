// The contract lints clean: Redocly (redocly.yaml: its recommended rules) and Spectral
// (.spectral.yaml: spectral:oas) find no error in the generated openapi.yaml. Their warnings are
// printed as comments, not failures. Each linter is also shown a contract with two mistakes (an
// operationId used twice, a $ref to nothing), so that a linter that finds nothing cannot pass here.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { projectPath } from '../src/paths.js';

const run = promisify(execFile);
// No telemetry, no update check: the linters must not reach for the network.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

interface Finding {
  rule: string;
  severity: 'error' | 'warning';
  where: string;
  message: string;
}

/** Runs a linter; a non-zero exit (it found errors) still gives its JSON report. */
async function lint(file: string, args: string[]): Promise<string> {
  try {
    return (await run(process.execPath, [file, ...args], { cwd: projectPath('.'), env, maxBuffer: 64 << 20 })).stdout;
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (out) return out;
    throw e;
  }
}

async function redocly(contract: string): Promise<Finding[]> {
  const out = await lint(projectPath('node_modules/@redocly/cli/bin/cli.js'), ['lint', contract, '--config', projectPath('redocly.yaml'), '--format=json']);
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
  return report.problems.map((p) => ({ rule: p.ruleId, severity: p.severity === 'error' ? 'error' : 'warning', where: p.location[0]?.pointer ?? '', message: p.message }));
}

async function spectral(contract: string): Promise<Finding[]> {
  const out = await lint(projectPath('node_modules/@stoplight/spectral-cli/dist/index.js'), ['lint', contract, '--ruleset', projectPath('.spectral.yaml'), '--format', 'json', '--quiet']);
  const report = JSON.parse(out.slice(out.indexOf('['))) as { code: string; severity: number; message: string; path: string[] }[];
  return report.map((p) => ({ rule: p.code, severity: p.severity === 0 ? 'error' : 'warning', where: p.path.join('.'), message: p.message }));
}

const LINTERS = { Redocly: redocly, Spectral: spectral };

for (const [name, linter] of Object.entries(LINTERS)) {
  t.test(`${name} finds no error in openapi.yaml`, async (t) => {
    const findings = await linter(projectPath('openapi.yaml'));
    const warnings = findings.filter((f) => f.severity === 'warning');
    t.comment(`${name}: ${findings.length - warnings.length} errors, ${warnings.length} warnings`);
    for (const w of warnings) t.comment(`  warning ${w.rule} at ${w.where}: ${w.message}`);
    t.same(
      findings.filter((f) => f.severity === 'error').map((f) => `${f.rule} at ${f.where}: ${f.message}`),
      [],
      'no error',
    );
  });

  t.test(`${name} does find errors in a broken contract`, async (t) => {
    const text = readFileSync(projectPath('openapi.yaml'), 'utf8');
    const broken = text
      .replace('operationId: listGames', 'operationId: createGame') // the same operationId twice
      .replace("$ref: '#/components/schemas/ChallengeList'", "$ref: '#/components/schemas/NoSuchSchema'"); // a $ref to nothing
    t.not(broken, text);
    const file = join(t.testdir(), 'openapi.yaml');
    writeFileSync(file, broken);
    const errors = (await linter(file)).filter((f) => f.severity === 'error');
    t.ok(errors.some((e) => /operationId/i.test(e.rule + e.message)), 'the operationId used twice');
    t.ok(errors.some((e) => /NoSuchSchema|unresolved|resolve/i.test(e.rule + e.message)), 'the $ref to nothing');
  });
}
