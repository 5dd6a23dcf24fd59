// Checks every started game: replaying its log from its seed must give its snapshot (see
// history.ts). Used by `npm run verify` (src/cli/verify.ts).
import { games } from '../../engine/index.js';
import { listEntries, startedGames, type Db } from '../../store/games.js';
import { checkGame } from './history.js';

export interface Mismatch {
  id: string;
  number: number;
  problems: string[];
}

export interface VerifyReport {
  checked: number;
  mismatches: Mismatch[];
}

export async function verifyGames(db: Db, onProgress?: (checked: number) => void): Promise<VerifyReport> {
  const report: VerifyReport = { checked: 0, mismatches: [] };
  let after: string | undefined;
  for (;;) {
    const page = await startedGames(db, after, 100);
    if (page.length === 0) break;
    for (const game of page) {
      const m = games[game.module];
      const stored = { ...game, computer: game.computerRole === null ? null : { role: game.computerRole } };
      const problems = m ? checkGame(m, stored, await listEntries(db, game.id)) : [`unknown game module ${game.module}`];
      if (problems.length) report.mismatches.push({ id: game.id, number: game.number, problems });
      report.checked++;
    }
    after = page[page.length - 1]!.id;
    onProgress?.(report.checked);
  }
  return report;
}
