// The service's version, from package.json (shipped beside the code in every layout).
import { readFileSync } from 'node:fs';
import { projectPath } from './paths.js';

export const VERSION: string = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
