// The optional undoable() of the engine contract: which actions a player may take back.

import t from 'tap';
import { act, command, done, jc, move, position, rig } from './helpers.js';

const undoable = jc.undoable!;

t.test('a move within the command phase can be taken back; ending the command cannot', async (t) => {
  const s0 = command({ Caesar: { Ravenna: ['C-L13', 'C-L8'] }, Pompey: { Neapolis: ['P-L1'] }, cards: { Caesar: 'K09', Pompey: 'K14' } });
  const s1 = move(s0, 'Caesar', 'C-L13', 'Rome');
  t.ok(undoable(s0, s1, 'Caesar'), 'a move: no dice, nothing revealed, Caesar still acting');
  t.notOk(undoable(s0, s1, 'Pompey'), 'not by the other player');
  const s2 = act(s1, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Ravenna' });
  t.ok(undoable(s1, s2, 'Caesar'), 'a levy');
  const s3 = done(s2, 'Caesar');
  t.notOk(undoable(s2, s3, 'Caesar'), 'ending the command hands the turn to Pompey');
});

t.test('a card play, a discard and a battle turn cannot be taken back', async (t) => {
  const p0 = position();
  const p1 = act(p0, 'Caesar', 'play', { card: p0.hand.Caesar[0] });
  t.notOk(undoable(p0, p1, 'Caesar'), 'a sealed card (it may be changed instead)');
  let s = command({ Caesar: { Rome: ['C-L13'] }, Pompey: { Neapolis: ['P-L1', 'P-L3'] }, cards: { Caesar: 'K09', Pompey: 'K14' } });
  s = move(s, 'Caesar', 'C-L13', 'Neapolis');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle');
  const before = rig(s, [6, 6]);
  const pompeyFirst = jc.pending(before)[0]!;
  const fire = act(before, pompeyFirst as 'Pompey', 'fire', { block: 'P-L1' });
  t.notOk(undoable(before, fire, 'Pompey'), 'fire rolls dice');
});
