// tap runs this once after all test files (package.json, tap.after).
import { externalServerUrl, stopSharedServer } from '../helpers/postgres.js';

if (!externalServerUrl()) await stopSharedServer();
