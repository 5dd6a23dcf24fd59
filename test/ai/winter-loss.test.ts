// The Gallic War's evaluation counts the VP this winter's supply will cost the Roman as soon as
// the legions wintering in Gaul are known (src/engine/caesars-gallic-war/computer/evaluation.ts
// winterLoss): a search whose playout stops before the supply step would otherwise see a legion
// left to die for 5 VP as free. Each prediction is checked against what the rules then do.

import t from 'tap';
import { evaluate, winterLoss } from '../../src/engine/caesars-gallic-war/computer/evaluation.js';
import { act, bi, cgw, endOfTurn, viewOf, type State } from '../engine/caesars-gallic-war/helpers.js';

/** The VP the winter's attrition took (its log lines), the End of Turn played on with 'done', the Roman naming his strongest legions unpaid. */
function attritionVp(s: State): number {
  const from = viewOf(s, null).log.length;
  for (let n = 0; n < 60 && ['winter-legions', 'winter-barbarian', 'winter-supply'].includes(s.step); n++) {
    const r = cgw.pending(s)[0]!;
    const l = cgw.legalActions(s, r);
    const unpaid = l.filter((a) => a.type === 'unsupplied').sort((a, b) => s.str[bi(b.block as string)]! - s.str[bi(a.block as string)]!);
    s = cgw.apply(s, r, unpaid[0] ?? l.find((a) => a.type === 'done') ?? l[0]!);
  }
  let lost = 0;
  // The log writes a negative total with a true minus sign.
  const vp = (x: string) => Number(x.replace('−', '-'));
  for (const line of viewOf(s, null).log.slice(from)) {
    const m = /eliminated: Roman VP (−?\d+) → (−?\d+)/.exec(line);
    if (m) lost += vp(m[1]!) - vp(m[2]!);
  }
  return lost;
}

t.test('CGW-130 a legion at its last step wintering unpaid: the evaluation counts its 5 VP before the supply step', async (t) => {
  // CGW-130
  const start = endOfTurn({ clear: true, supply: 0, Roman: { aedui: ['legio-VII:1'], leuci: ['legio-VIII'], transalpine_gaul: ['legio-X'] } }, 3);
  t.equal(start.step, 'winter-legions');
  t.equal(winterLoss(start), 0, 'nobody has chosen to stay: everyone would go home');
  const stays = act(start, 'Roman', 'stay', { block: 'legio-VII' });
  t.equal(winterLoss(stays), 5, 'legio VII at 1 stays with no supply to pay for it');
  t.ok(evaluate(stays, 'Roman') < evaluate(act(start, 'Roman', 'stay', { block: 'legio-VIII' }), 'Roman'), 'staying at full strength is cheaper than dying');
  // What the rules then do: the VP lost is the VP predicted.
  t.equal(attritionVp(stays), 5, 'the rules take 5 VP for legio VII');
  t.equal(attritionVp(start), 0, 'all home: nothing lost');
});

t.test('CGW-130 the Roman leaves his strongest legions unpaid: one supply for two legions costs a step, not a legion', async (t) => {
  // CGW-130
  let s = endOfTurn({ clear: true, supply: 1, Roman: { aedui: ['legio-VII:1'], leuci: ['legio-VIII'], transalpine_gaul: ['legio-X'] } }, 3);
  s = act(s, 'Roman', 'stay', { block: 'legio-VII' });
  s = act(s, 'Roman', 'stay', { block: 'legio-VIII' });
  t.equal(winterLoss(s), 0);
  t.equal(attritionVp(s), 0, 'legio VIII loses a step, legio VII is paid for');
  // Two legions at 1 and one supply point: one of them dies whatever the Roman names.
  let two = endOfTurn({ clear: true, supply: 1, Roman: { aedui: ['legio-VII:1'], leuci: ['legio-VIII:1'], transalpine_gaul: ['legio-X'] } }, 3);
  two = act(act(two, 'Roman', 'stay', { block: 'legio-VII' }), 'Roman', 'stay', { block: 'legio-VIII' });
  t.equal(winterLoss(two), 5);
  t.equal(attritionVp(two), 5);
});
