// Where the suite's parts take their test files (test/suite/parts.ts): one folder per tap run,
// emptied by tap's `before` step (test/setup/before.ts), a file taken by creating its name there.
// No tap here: the `before` step imports this too.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runDir } from '../helpers/postgres.js';

/** The folder where this run's parts take their files (test/setup/before.ts empties it). */
export const claimsDir = (): string => join(runDir(), 'claims');

const claimName = (file: string): string => file.replaceAll('/', '__');

/** Has some process taken `file`? */
export const isClaimed = (claims: string, file: string): boolean => existsSync(join(claims, claimName(file)));

/** Takes `file` for this process: true for exactly one of the processes that ask. */
export function take(claims: string, file: string): boolean {
  try {
    mkdirSync(join(claims, claimName(file)));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}
