// tap runs this once after all test files (package.json, tap.after).
import { rmSync } from 'node:fs';
import { externalServerUrl, runDir, stopSharedServer } from '../helpers/postgres.js';

if (!externalServerUrl()) await stopSharedServer();
rmSync(runDir(), { recursive: true, force: true });
