// The evaluations are fitted to who won self-play games (bench/ai-fit.ts), and a fit may give a
// term a sign opposite to what the term does in the game (a correlation of the self-play, not a
// cause): the search would then seek what loses. What the rules make a gain is a gain in the
// evaluation of Caesar's Gallic War, whatever the fit.

import t from 'tap';
import { evaluate } from '../../src/engine/caesars-gallic-war/computer/evaluation.js';
import { position, type Spec } from '../engine/caesars-gallic-war/helpers.js';

const legions = { transalpine_gaul: ['legio-X', 'legio-VII'], leuci: ['legio-VIII'] };

t.test('CGW-135 an area allied to Rome scores 1 VP: a gain on every turn, the last one too', async (t) => {
  // CGW-135, CGW-6
  for (const turn of [1, 4, 8]) {
    const neutral: Spec = { clear: true, turn, vp: 10 * turn, supply: 6, Roman: legions, neutral: { aedui: ['aedui'] }, Barbarian: { sequani: ['sequani'] } };
    const allied: Spec = { ...neutral, neutral: {}, Roman: { ...legions, aedui: ['aedui'] } };
    t.ok(evaluate(position(allied), 'Roman') > evaluate(position(neutral), 'Roman'), `turn ${turn}: the Aedui allied to Rome rather than neutral`);
  }
});

t.test('CGW-130/133 supply kept is never worse for the Roman than supply spent on nothing', async (t) => {
  // CGW-130, CGW-133: supply pays for wintering legions and buys steps and legions.
  const low = position({ clear: true, turn: 3, vp: 20, supply: 2, Roman: legions, Barbarian: { sequani: ['sequani'] } });
  const high = position({ clear: true, turn: 3, vp: 20, supply: 9, Roman: legions, Barbarian: { sequani: ['sequani'] } });
  t.ok(evaluate(high, 'Roman') >= evaluate(low, 'Roman'), 'supply 9 rather than 2, nothing else different');
});
