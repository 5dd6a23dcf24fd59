// Files that ship beside the code (migrations, openapi.yaml). This module sits one level below
// the project root both as src/paths.ts (tsx) and as dist/paths.js (build), so one rule fits both.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const projectPath = (...parts: string[]): string => join(PROJECT_ROOT, ...parts);
