// tap runs this once before the test files (package.json, tap.before): one embedded PostgreSQL
// for the whole run; each test file creates its own database on it (test/helpers/db.ts). And an
// empty folder where the suite's parts take their files (test/suite/parts.ts).
import { mkdirSync, rmSync } from 'node:fs';
import { externalServerUrl, startSharedServer } from '../helpers/postgres.js';
import { claimsDir } from '../suite/claims.js';

if (!externalServerUrl()) {
  const started = Date.now();
  try {
    await startSharedServer();
  } catch (err) {
    // Said once here, rather than by every test file failing at once.
    console.error(`\nalea: ${(err as Error).message}\n`);
    process.exit(1);
  }
  console.log(`# embedded PostgreSQL for this test run started in ${Date.now() - started} ms`);
}
rmSync(claimsDir(), { recursive: true, force: true });
mkdirSync(claimsDir(), { recursive: true });
