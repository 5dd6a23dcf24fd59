// tap runs this once before the test files (package.json, tap.before): one embedded PostgreSQL
// for the whole run; each test file creates its own database on it (test/helpers/db.ts).
import { externalServerUrl, startSharedServer } from '../helpers/postgres.js';

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
