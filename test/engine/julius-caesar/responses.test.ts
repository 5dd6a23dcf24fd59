// 6.14 response movement played with a God card's group move: Player 2 on turn 1 of 705 keeps
// the God card he played (JC-20), and his group may respond to Caesar's attacks. A response is
// not an attack: Pluto's raised limits (JC-178) do not apply to it, and Mercury's extra city
// (JC-175) does not let a block respond from further than an adjacent city (JC-83).

import t from 'tap';
import { command, done, isLegal, move, pending, type State } from './helpers.js';

const MERCURY = 'K04';
const PLUTO = 'K06';

/** Turn 1 of 705: Caesar (P1 whatever is played, JC-19/20) attacks Tarraco from Narbo; Pompey holds the God card. */
function caesarAttacksTarraco(god: string, pompey: Record<string, string[]>, caesar: Record<string, string[]> = {}): State {
  let s = command({
    year: 705,
    turn: 1,
    Caesar: { Narbo: ['C-L7', 'C-L8'], ...caesar },
    Pompey: { Tarraco: ['P-L5'], ...pompey },
    cards: { Caesar: 'K09', Pompey: god },
  });
  s = move(move(s, 'Caesar', 'C-L7', 'Tarraco'), 'Caesar', 'C-L8', 'Tarraco');
  s = done(s, 'Caesar');
  if (pending(s)[0] !== 'Pompey' || s.cmd?.god !== (god === PLUTO ? 'Pluto' : 'Mercury')) throw new Error(`not Pompey's ${god} command`);
  return s;
}

t.test('JC-83 6.14 Pluto: a response obeys the normal road limit (minor 2); only the group\'s attacks get the raised one (JC-178)', (t) => {
  // JC-83, JC-178
  let s = caesarAttacksTarraco(PLUTO, { Bilbilis: ['P-L1', 'P-L2', 'P-L3', 'P-L4', 'P-EQ1'] }, { Asturica: ['C-L9'] });
  s = move(s, 'Pompey', 'P-L1', 'Tarraco');
  s = move(s, 'Pompey', 'P-L2', 'Tarraco');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-L3', path: ['Tarraco'] }), 'a third responder on the minor road Bilbilis-Tarraco');
  t.throws(() => move(s, 'Pompey', 'P-L3', 'Tarraco'), { name: 'RuleError' });
  t.same([...s.fights.Tarraco!.reserves].sort(), ['P-L1', 'P-L2']);
  // The same group attacking Caesar's Asturica over a minor road: Pluto's limit, 3.
  for (const b of ['P-L3', 'P-L4', 'P-EQ1']) {
    t.ok(isLegal(s, 'Pompey', 'move', { block: b, path: ['Asturica'] }), `${b} may attack Asturica`);
    s = move(s, 'Pompey', b, 'Asturica');
  }
  t.equal(s.fights.Asturica!.attacker, 'Pompey');
  t.end();
});

t.test('JC-83 6.14 Mercury: a response comes only from an adjacent city, even with Mercury\'s extra city (JC-175)', (t) => {
  // JC-83, JC-175
  let s = caesarAttacksTarraco(MERCURY, { Corduba: ['P-L2', 'P-L4'] }, { Bilbilis: ['C-L9'] });
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-L2', path: ['Carthago Nova', 'Tarraco'] }), 'Corduba is two cities from Tarraco');
  t.throws(() => move(s, 'Pompey', 'P-L2', 'Carthago Nova', 'Tarraco'), { name: 'RuleError' });
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-L2', path: ['Carthago Nova'] }), 'moving next to the battle is fine');
  // Mercury still lets the group attack on its second city: Corduba → Toletum → Bilbilis (Caesar's).
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-L4', path: ['Toletum', 'Bilbilis'] }));
  s = move(s, 'Pompey', 'P-L4', 'Toletum', 'Bilbilis');
  t.equal(s.fights.Bilbilis!.attacker, 'Pompey');
  t.end();
});
