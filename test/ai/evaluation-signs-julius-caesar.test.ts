// Julius Caesar's evaluation is fitted to who won self-play games (bench/ai-fit.ts), and a fit may
// give a term a sign opposite to what the term does in the game (a correlation of the self-play,
// not a cause): the search would then seek what loses. What the rules make a gain is a gain in the
// evaluation, whatever the fit.

import t from 'tap';
import { evaluate } from '../../src/engine/julius-caesar/computer/evaluation.js';
import { position, type Spec } from '../engine/julius-caesar/helpers.js';

const board: Spec = {
  Caesar: { Ravenna: ['C-Caesar', 'C-L13'], Genua: ['C-Antonius', 'C-L8'] },
  Pompey: { Roma: ['P-Pompey', 'P-L1'], Utica: ['P-Scipio', 'P-L39'] },
};

t.test('JC-10 a leader killed is a VP trophy for the enemy: worse for his side than one only eliminated', async (t) => {
  // JC-10, JC-136: killed, a trophy; eliminated (face-up in his Levy Pool until the Year ends), none.
  const without = { Caesar: { Ravenna: ['C-Caesar', 'C-L13'], Genua: ['C-L8'] }, Pompey: board.Pompey };
  const killed = position({ ...without, killed: ['C-Antonius'] });
  const eliminated = position({ ...without, eliminated: ['C-Antonius'] });
  t.ok(evaluate(killed, 'Caesar') < evaluate(eliminated, 'Caesar'), 'Antonius killed: worse for Caesar');
  t.ok(evaluate(killed, 'Pompey') > evaluate(eliminated, 'Pompey'), 'and better for Pompey');
  const others = { Caesar: board.Caesar, Pompey: { Roma: ['P-Pompey', 'P-L1'], Utica: ['P-L39'] } };
  t.ok(evaluate(position({ ...others, killed: ['P-Scipio'] }), 'Caesar') > evaluate(position({ ...others, eliminated: ['P-Scipio'] }), 'Caesar'), 'Scipio killed: better for Caesar');
});

t.test('JC-1 a city taken from the enemy is a gain for the side that takes it', async (t) => {
  // JC-1
  const before = evaluate(position(board), 'Caesar');
  const taken = position({ Caesar: { Ravenna: ['C-Caesar', 'C-L13'], Genua: ['C-Antonius'], Utica: ['C-L8'] }, Pompey: { Roma: ['P-Pompey', 'P-L1'], Carthago: ['P-Scipio', 'P-L39'] } });
  t.ok(evaluate(taken, 'Caesar') > before, 'Caesar in Utica instead of Genua, Pompey out of it');
});
