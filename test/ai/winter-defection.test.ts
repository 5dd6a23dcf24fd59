// The Gallic War's evaluation counts an area as the turn's scoring will see it (evaluation.ts
// controlAtScoring): a tribe away from home goes home for the winter and changes sides when the
// other side holds its home. Each prediction, made while the units still stand where the turn left
// them, is checked against what the End of Turn then does.

import t from 'tap';
import { controlAtScoring } from '../../src/engine/caesars-gallic-war/computer/evaluation.js';
import { features } from '../../src/engine/caesars-gallic-war/computer/features.js';
import { controller } from '../../src/engine/caesars-gallic-war/state.js';
import { act, cgw, endOfTurn, position, type Spec, type State } from '../engine/caesars-gallic-war/helpers.js';

/** The End of Turn played to the next turn's cards: the Roman's legions in Gaul all winter where they stand, every other choice 'done'. */
function throughWinter(s: State, turn = 3): State {
  for (let n = 0; n < 100 && s.turn === turn && cgw.pending(s).length > 0; n++) {
    const r = cgw.pending(s)[0]!;
    const l = cgw.legalActions(s, r);
    s = cgw.apply(s, r, l.find((a) => a.type === 'stay' && r === 'Roman') ?? l.find((a) => a.type === 'done') ?? l[0]!);
  }
  return s;
}

function predicted(spec: Spec, a: string): ReturnType<typeof controlAtScoring> {
  const s = position(spec);
  return controlAtScoring(s, a, features(s));
}

t.test('CGW-126 a Barbarian tribe away from home, its home held by a legion: Rome\'s at the scoring', async (t) => {
  // CGW-126
  const spec: Spec = { clear: true, turn: 3, supply: 5, vp: 10, Roman: { aedui: ['legio-VII'], transalpine_gaul: ['legio-X'] }, Barbarian: { leuci: ['aedui'] } };
  t.equal(controller(position(spec), 'aedui'), 'Barbarian', 'the map shows the Aedui Barbarian');
  t.equal(predicted(spec, 'aedui'), 'Roman', 'the evaluation counts them Roman');
  const after = throughWinter(endOfTurn(spec));
  t.equal(after.turn, 4);
  t.equal(controller(after, 'aedui'), 'Roman', 'the Aedui went home to a wintering legion and defected');
  t.equal(after.vp, 11, 'and scored for Rome');
});

t.test('CGW-125 a Roman ally away from home, its home held by the Barbarian: the Barbarian\'s at the scoring', async (t) => {
  // CGW-125
  const spec: Spec = { clear: true, turn: 3, supply: 5, vp: 10, Roman: { leuci: ['aedui'], transalpine_gaul: ['legio-X'] }, Barbarian: { aedui: ['sequani'] } };
  t.equal(controller(position(spec), 'aedui'), 'Roman', 'the map shows the Aedui Roman');
  t.equal(predicted(spec, 'aedui'), 'Barbarian', 'the evaluation counts them Barbarian');
  const after = throughWinter(endOfTurn(spec));
  t.equal(after.turn, 4);
  t.equal(controller(after, 'aedui'), 'Barbarian', 'the Aedui went home to Barbarian-held Aedui and changed sides');
  t.equal(after.vp, 10, 'Rome scored nothing for them');
});

t.test('CGW-126 a Barbarian tribe away from home, its home empty or contested: still the Barbarian\'s', async (t) => {
  // CGW-126
  t.equal(predicted({ clear: true, turn: 3, Roman: { transalpine_gaul: ['legio-X'] }, Barbarian: { leuci: ['aedui'] } }, 'aedui'), 'Barbarian', 'nobody at home');
  t.equal(predicted({ clear: true, turn: 3, Roman: { aedui: ['legio-VII'], transalpine_gaul: ['legio-X'] }, Barbarian: { leuci: ['aedui'], aedui: ['sequani'] } }, 'aedui'), 'Barbarian', 'a battle still to be fought there');
  const after = throughWinter(endOfTurn({ clear: true, turn: 3, supply: 5, vp: 10, Roman: { transalpine_gaul: ['legio-X'] }, Barbarian: { leuci: ['aedui'] } }));
  t.equal(controller(after, 'aedui'), 'Barbarian');
});
