// A game's computer knowledge may have a role search a multiple of its level's iterations
// (ComputerKnowledge.searchMultiple): the Gallic War's Roman, whose play improves with search far
// more than any other seat's (docs/benchmarks.md), searches twice his level's; every other seat
// its level's. Within the level's time cap either way.

import t from 'tap';
import { decide } from '../../src/search/decide.js';
import { LEVELS, levelTitle } from '../../src/search/levels.js';
import { recorded } from './helpers.js';

t.test("the Gallic War's Roman searches twice the iterations he is given, the Barbarian as many", async (t) => {
  // The positions of a benchmark game (a fixture of the belief's tests): its beliefs rebuild fast.
  const most: Record<string, number> = { Roman: 0, Barbarian: 0 };
  const seen: Record<string, number> = { Roman: 0, Barbarian: 0 };
  const over: string[] = [];
  for (const { role, input, n } of recorded('belief-ariovistus-game.json')) {
    if (input.legal.length < 6 || seen[role]! >= 4) continue;
    seen[role]!++;
    const d = decide(input, { iterations: 12, seed: `multiple ${n}` });
    most[role] = Math.max(most[role]!, d.stats.iterations);
    if (d.stats.iterations > (role === 'Roman' ? 24 : 12)) over.push(`action ${n} ${role}: ${d.stats.iterations}`);
  }
  t.same(seen, { Roman: 4, Barbarian: 4 }, 'decisions of both seats');
  t.same(over, [], 'never more than the multiple of the iterations given');
  // A search stops early once its leading move cannot be overtaken: the most of any decision shows the budget.
  t.equal(most.Roman, 24, "the Roman's longest search: twice the 12 given");
  t.equal(most.Barbarian, 12, "the Barbarian's: the 12 given");
});

t.test('a level\'s title names the ways a seat weighs', async (t) => {
  t.same(LEVELS.map((l) => l.title), [
    'Easy: plays by feel, trying 60 ways each move could go on (a third of a second a move)',
    'Normal: weighs 300 ways each move could go on (up to a second a move)',
    'Hard: weighs 1,500 ways each move could go on (up to 5 seconds a move)',
  ]);
  t.equal(levelTitle('normal', 2), 'Normal: weighs 600 ways each move could go on (up to a second a move)');
  t.equal(levelTitle('hard', 2), 'Hard: weighs 3,000 ways each move could go on (up to 5 seconds a move)');
  t.equal(levelTitle('easy'), LEVELS[0]!.title);
});
