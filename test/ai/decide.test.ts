// The computer's entry point at its smallest budget, along seeded random games of both games and
// every role: it never throws, always answers one of the legal actions (deep-equal), answers a
// forced move at once without searching, and with no time limit its answer is a pure function of
// its input and budget.

import t from 'tap';
import { decide, isListed } from '../../src/search/decide.js';
import { LEVELS, budgetFor } from '../../src/search/levels.js';
import { GAME_IDS, positions } from './helpers.js';

for (const game of GAME_IDS) {
  t.test(`${game}: decide answers a legal action at the smallest budget, never throws`, async (t) => {
    const failures: string[] = [];
    let decisions = 0;
    let forced = 0;
    let searched = 0;
    for (const p of positions(game, 2, 11, 100)) {
      const where = `game ${p.g} action ${p.n} ${p.role}`;
      try {
        const d = decide(p.input, { iterations: 1 + (p.n % 3), seed: where });
        decisions++;
        if (!isListed(p.input.legal, d.action)) failures.push(`${where}: ${JSON.stringify(d.action)} is not legal`);
        if (d.stats.forced) {
          forced++;
          if (p.input.legal.length !== 1 || d.stats.iterations !== 0) failures.push(`${where}: forced with ${p.input.legal.length} actions`);
        } else if (d.stats.beliefFailed) failures.push(`${where}: the belief failed`);
        else searched++;
        if (decisions % 10 === 0) {
          const again = decide(p.input, { iterations: 1 + (p.n % 3), seed: where });
          if (JSON.stringify(again.action) !== JSON.stringify(d.action)) failures.push(`${where}: another answer to the same input and seed`);
        }
      } catch (e) {
        failures.push(`${where}: threw ${(e as Error).message}`);
      }
      if (failures.length > 5) break;
    }
    t.same(failures, [], `${decisions} decisions (${forced} forced, ${searched} searched)`);
    t.ok(forced > 0 && searched > 20, 'both forced and searched decisions were met');
  });
}

t.test('levels are named by their cost and ordered by it', async (t) => {
  t.same(LEVELS.map((l) => l.id), ['easy', 'normal', 'hard']);
  for (let k = 1; k < LEVELS.length; k++) t.ok(LEVELS[k]!.iterations > LEVELS[k - 1]!.iterations, `${LEVELS[k]!.id} costs more than ${LEVELS[k - 1]!.id}`);
  for (const l of LEVELS) t.match(l.title, new RegExp(l.iterations.toLocaleString('en-US')), `${l.id}'s title names its effort`);
  t.same(budgetFor('normal', 7), { iterations: LEVELS[1]!.iterations, timeMs: LEVELS[1]!.timeMs, seed: 7, tuning: { priorVisits: 20 }, level: 'normal' });
});
