// tap runs this once after all test files (package.json, tap.after).
import { rmSync } from 'node:fs';
import { externalServerUrl, runDir, stopSharedServer } from '../helpers/postgres.js';

// The shared server's folder holds the parts' claims too; with an external server, only those.
if (!externalServerUrl()) await stopSharedServer();
else rmSync(runDir(), { recursive: true, force: true });
