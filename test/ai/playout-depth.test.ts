// A game's computer knowledge may give a role another playout depth at a level
// (ComputerKnowledge.playoutDepthAt): the Gallic War's Barbarian at hard plays his playouts on for
// 32 actions instead of 16 (measured against normal: docs/benchmarks.md). Every other seat, and the
// Barbarian at the other levels, keep the search's default.

import t from 'tap';
import { searchConfig } from '../../src/search/decide.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { DEFAULT_SEARCH } from '../../src/search/ismcts.js';
import { budgetFor, budgetOf } from '../../src/search/levels.js';

const cgw = knowledge['caesars-gallic-war'] as never;
const jc = knowledge['julius-caesar'] as never;

t.test("the Gallic War's Barbarian plays deeper playouts at hard, and only there", async (t) => {
  const depth = (know: never, role: string, level: string) => searchConfig(know, role, budgetFor(level, 1), null).playoutDepth;
  t.equal(DEFAULT_SEARCH.playoutDepth, 16, "the search's default");
  t.equal(depth(cgw, 'Barbarian', 'hard'), 32, 'the Barbarian at hard');
  t.equal(depth(cgw, 'Barbarian', 'normal'), 16, 'the Barbarian at normal');
  t.equal(depth(cgw, 'Barbarian', 'easy'), 16, 'the Barbarian at easy');
  t.equal(depth(cgw, 'Roman', 'hard'), 16, 'the Roman at hard');
  for (const role of ['Caesar', 'Pompey']) t.equal(depth(jc, role, 'hard'), 16, `Julius Caesar's ${role} at hard`);
  // The service's search threads build their budgets with budgetOf: the same level named there.
  t.equal(searchConfig(cgw, 'Barbarian', budgetOf('hard', 'x'), null).playoutDepth, 32, "the service's budget at hard");
  t.equal(searchConfig(cgw, 'Barbarian', { iterations: 300 }, null).playoutDepth, 16, 'a budget of no level: the default');
  const measured = { ...budgetFor('hard', 1), tuning: { playoutDepth: 16 } };
  t.equal(searchConfig(cgw, 'Barbarian', measured, null).playoutDepth, 16, 'a measurement may change it');
});
