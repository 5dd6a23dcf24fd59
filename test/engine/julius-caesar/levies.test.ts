// Checklist 6.4 Levies (JC-100 to JC-111): Levy Points add steps to blocks in Friendly cities, or
// bring available blocks from the Levy Pool into their levy city (or any Friendly city / major port).

import t from 'tap';
import { act, command, done, isLegal, legal, move, pending, rig, viewOf, where, type State } from './helpers.js';

/** Levy Points left in the current command. */
const lp = (s: State): number => s.cmd!.lp;

t.test('JC-100 each LP adds one step to a block in a Friendly city, up to its maximum', async (t) => {
  // JC-100
  // 2 LP (K18: 2/2): C-L13 at I in Friendly Ravenna -> III.
  let s = command({ Caesar: { Ravenna: ['C-L13:I'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K18', Pompey: 'K22' } });
  t.equal(s.cmd!.role, 'Caesar');
  t.equal(lp(s), 2);
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L13' });
  t.equal(where(s, 'C-L13').str, 2);
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L13' });
  t.equal(where(s, 'C-L13').str, 3, 'two LP on the same block: I -> III');
  t.equal(lp(s), 0);

  // With a 3rd LP (K14: 2/3) the block is already at its maximum III: rejected.
  s = command({ Caesar: { Ravenna: ['C-L13:I'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L13' });
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L13' });
  t.equal(where(s, 'C-L13').str, 3);
  t.equal(lp(s), 1, 'one LP left');
  t.notOk(isLegal(s, 'Caesar', 'strengthen', { block: 'C-L13' }), 'no step beyond the maximum');
  t.throws(() => act(s, 'Caesar', 'strengthen', { block: 'C-L13' }), { name: 'RuleError' });
  t.equal(where(s, 'C-L13').str, 3);
});

t.test('JC-101 an LP levies a pool block at minimum strength; steps may be added the same turn', async (t) => {
  // JC-101
  let s = command({ Caesar: { Rome: ['C-Antonius'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  t.equal(lp(s), 3);
  t.equal(where(s, 'C-L17').loc, 'pool');
  s = act(s, 'Caesar', 'levy', { block: 'C-L17', city: 'Rome' });
  t.same(where(s, 'C-L17'), { loc: 'Rome', str: 1, side: 'Caesar' }, 'enters at I');
  t.equal(lp(s), 2);
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L17' });
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L17' });
  t.equal(where(s, 'C-L17').str, 3, 'raised to III in the same turn');
  t.equal(lp(s), 0, '3 LP used');
  t.same(legal(s, 'Caesar', 'strengthen'), [], 'no LP left for a 4th step');
  t.same(legal(s, 'Caesar', 'levy'), []);
  t.throws(() => act(s, 'Caesar', 'strengthen', { block: 'C-L17' }), { name: 'RuleError' });
});

t.test('JC-102 legions, equitatus and the Elephant are levied only in their own Friendly levy city', async (t) => {
  // JC-102
  // Pompey is P1 (K10 3/2 against K22 2/1) and holds Utica and Tacape.
  const s = command({
    Caesar: { Genua: ['C-L12'] },
    Pompey: { Utica: ['P-L39'], Tacape: ['P-AUX1'] },
    cards: { Caesar: 'K22', Pompey: 'K10' },
  });
  t.equal(s.cmd!.role, 'Pompey');
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-ELE', city: 'Tacape' }), 'Elephant not in Tacape');
  t.throws(() => act(s, 'Pompey', 'levy', { block: 'P-ELE', city: 'Tacape' }), { name: 'RuleError' });
  t.same(
    legal(s, 'Pompey', 'levy', 'P-ELE').map((a) => a.city),
    ['Utica'],
    'the Elephant only in Utica',
  );
  const u = act(s, 'Pompey', 'levy', { block: 'P-ELE', city: 'Utica' });
  t.same(where(u, 'P-ELE'), { loc: 'Utica', str: 2, side: 'Pompey' }, 'the Elephant enters at II');
  // A legion whose levy city is Vacant (Rome for P-L1) cannot be levied anywhere.
  t.same(legal(s, 'Pompey', 'levy', 'P-L1'), []);
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-L1', city: 'Utica' }));
  t.same(legal(s, 'Pompey', 'levy', 'P-L39'), [], 'P-L39 is on the map');

  // C-EQ3 (levy city Byzantium) with Byzantium Vacant: rejected; with Byzantium Friendly: legal.
  let c = command({ Caesar: { Genua: ['C-L12'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  t.same(legal(c, 'Caesar', 'levy', 'C-EQ3'), []);
  t.throws(() => act(c, 'Caesar', 'levy', { block: 'C-EQ3', city: 'Byzantium' }), { name: 'RuleError' });
  t.throws(() => act(c, 'Caesar', 'levy', { block: 'C-EQ3', city: 'Genua' }), { name: 'RuleError' });
  c = command({ Caesar: { Genua: ['C-L12'], Byzantium: ['C-AUX1'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  t.same(legal(c, 'Caesar', 'levy', 'C-EQ3').map((a) => a.city), ['Byzantium']);
  c = act(c, 'Caesar', 'levy', { block: 'C-EQ3', city: 'Byzantium' });
  t.same(where(c, 'C-EQ3'), { loc: 'Byzantium', str: 1, side: 'Caesar' });
});

t.test('JC-103 leaders, auxilia and the ballista may be levied in any Friendly city', async (t) => {
  // JC-103
  // Antonius is in the pool (not killed, not the third leader).
  const s = command({
    Caesar: { Narbo: ['C-L7'], Genua: ['C-L12'] },
    Pompey: { Utica: ['P-L39'], Rome: ['P-L1'] },
    cards: { Caesar: 'K14', Pompey: 'K22' },
  });
  for (const id of ['C-BAL', 'C-AUX1', 'C-AUX3', 'C-Antonius']) {
    t.same(legal(s, 'Caesar', 'levy', id).map((a) => a.city), ['Genua', 'Narbo'], `${id}: any Friendly city`);
  }
  const n = act(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Narbo' });
  t.same(where(n, 'C-BAL'), { loc: 'Narbo', str: 1, side: 'Caesar' });
  // Never into a Vacant or Enemy city.
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Massilia' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Rome' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-Antonius', city: 'Rome' }), { name: 'RuleError' });
});

t.test('JC-104 new Navis only in a Friendly major port', async (t) => {
  // JC-104
  const s = command({
    Caesar: { Genua: ['C-L12'], Massilia: ['C-L11'] },
    Pompey: { Utica: ['P-L39'] },
    cards: { Caesar: 'K14', Pompey: 'K22' },
  });
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Genua' }), 'Genua is not a major port');
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Genua' }), { name: 'RuleError' });
  t.same(legal(s, 'Caesar', 'levy', 'C-NAV3').map((a) => a.city), ['Massilia']);
  const m = act(s, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Massilia' });
  t.same(where(m, 'C-NAV3'), { loc: 'Massilia', str: 1, side: 'Caesar' });
  // Utica is a major port but Enemy.
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Utica' }), { name: 'RuleError' });
});

t.test('JC-105 steps go to a Navis in a Friendly port, never to a Navis at sea', async (t) => {
  // JC-105
  let s = command({
    Caesar: { Narbo: ['C-NAV1:I'], Hadriaticum: ['C-NAV2:I'] },
    Pompey: { Utica: ['P-L39'] },
    cards: { Caesar: 'K14', Pompey: 'K22' },
  });
  t.ok(isLegal(s, 'Caesar', 'strengthen', { block: 'C-NAV1' }), 'Narbo is an ordinary port: legal');
  t.notOk(isLegal(s, 'Caesar', 'strengthen', { block: 'C-NAV2' }), 'at sea: not legal');
  t.throws(() => act(s, 'Caesar', 'strengthen', { block: 'C-NAV2' }), { name: 'RuleError' });
  s = act(s, 'Caesar', 'strengthen', { block: 'C-NAV1' });
  t.same(where(s, 'C-NAV1'), { loc: 'Narbo', str: 2, side: 'Caesar' });
  t.equal(where(s, 'C-NAV2').str, 1);
});

t.test('JC-106 levies only in Friendly cities: never Contested or Vacant', async (t) => {
  // JC-106
  // Caesar (P1, K09 3/2) attacks Pompey-held Tarraco from Narbo; C-L8 (levy city Tarraco) and
  // P-L6 (levy city Tarraco) are in the pools; Pompey plays K14 (2/3).
  let s = command({
    Caesar: { Narbo: ['C-L7:II'], Genua: ['C-L12'] },
    Pompey: { Tarraco: ['P-L5:II'], Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  t.equal(s.fights.Tarraco?.attacker, 'Caesar', 'Tarraco is Contested');
  // Caesar's levy.
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }));
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Tarraco' }));
  t.notOk(isLegal(s, 'Caesar', 'strengthen', { block: 'C-L7' }), 'no step to a block in a Contested city');
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'strengthen', { block: 'C-L7' }), { name: 'RuleError' });
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Genua' }), 'a Friendly city is fine');
  // Caesar cannot levy C-L17 while Rome is Vacant.
  t.same(legal(s, 'Caesar', 'levy', 'C-L17'), []);
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-L17', city: 'Rome' }), { name: 'RuleError' });
  s = done(s, 'Caesar');
  // Pompey's levy.
  t.equal(s.cmd!.role, 'Pompey');
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-L6', city: 'Tarraco' }));
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-AUX1', city: 'Tarraco' }));
  t.notOk(isLegal(s, 'Pompey', 'strengthen', { block: 'P-L5' }));
  t.throws(() => act(s, 'Pompey', 'levy', { block: 'P-L6', city: 'Tarraco' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Pompey', 'strengthen', { block: 'P-L5' }), { name: 'RuleError' });
  t.ok(isLegal(s, 'Pompey', 'levy', { block: 'P-AUX1', city: 'Utica' }), 'a Friendly city is fine');
});

t.test('JC-107 a block that moved this turn may receive steps in a Friendly city', async (t) => {
  // JC-107
  let s = command({ Caesar: { Ravenna: ['C-L13:I'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K18', Pompey: 'K22' } });
  s = move(s, 'Caesar', 'C-L13', 'Genua');
  t.same(where(s, 'C-L13'), { loc: 'Genua', str: 1, side: 'Caesar' });
  t.ok(isLegal(s, 'Caesar', 'strengthen', { block: 'C-L13' }));
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L13' });
  t.equal(where(s, 'C-L13').str, 2);
  t.same(legal(s, 'Caesar', 'move'), [], 'levying has begun: no more moves');
});

t.test('JC-108 face-up eliminated blocks and killed leaders cannot be levied', async (t) => {
  // JC-108
  const s = command({
    Caesar: { Tarraco: ['C-L7'], Genua: ['C-L12'] },
    Pompey: { Utica: ['P-L39'] },
    eliminated: ['C-L8', 'C-AUX1'],
    killed: ['C-Antonius'],
    cards: { Caesar: 'K14', Pompey: 'K22' },
  });
  const ids = new Set(legal(s, 'Caesar', 'levy').map((a) => a.block));
  t.notOk(ids.has('C-Antonius'), 'killed Antonius is never a levy option');
  t.notOk(ids.has('C-L8'), 'C-L8 is face-up in the pool');
  t.notOk(ids.has('C-AUX1'));
  t.ok(ids.has('C-AUX2'), 'an available Auxilia is');
  t.ok(ids.has('C-Octavian'), 'a leader was killed: Octavian is available');
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-Antonius', city: 'Genua' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), { name: 'RuleError' });
  t.same(viewOf(s, 'Pompey').pools.Caesar.killed, ['C-Antonius']);
  t.same(viewOf(s, 'Pompey').pools.Caesar.eliminated.sort(), ['C-AUX1', 'C-L8']);
});

t.test('JC-109 the Elephant enters at II for 1 LP and is raised to IV for 1 more', async (t) => {
  // JC-109
  // Pompey is P1 with 2 LP (K10: 3/2) and holds Utica.
  let s = command({
    Caesar: { Tacape: ['C-L10:I'] },
    Pompey: { Utica: ['P-L39'] },
    cards: { Caesar: 'K22', Pompey: 'K10' },
  });
  s = act(s, 'Pompey', 'levy', { block: 'P-ELE', city: 'Utica' });
  t.equal(where(s, 'P-ELE').str, 2);
  t.equal(lp(s), 1);
  s = act(s, 'Pompey', 'strengthen', { block: 'P-ELE' });
  t.same(where(s, 'P-ELE'), { loc: 'Utica', str: 4, side: 'Pompey' }, 'IV after 2 LP in total');
  t.equal(lp(s), 0);
  s = done(s, 'Pompey');
  // Caesar (P2) attacks Utica; the Elephant (B3, defending) fires with 4 dice.
  s = move(s, 'Caesar', 'C-L10', 'Utica');
  s = done(s, 'Caesar');
  t.equal(s.step, 'battle');
  t.same(pending(s), ['Pompey'], 'the Defender B acts first');
  t.ok(isLegal(s, 'Pompey', 'fire', { block: 'P-ELE' }));
  const before = s.log.length;
  s = act(rig(s, [4, 5, 6, 6]), 'Pompey', 'fire', { block: 'P-ELE' });
  const fired = s.log.slice(before).map((e) => e.t).find((x) => x?.includes('Elephant') && x.includes('fires'));
  t.match(fired, /fires: 4, 5, 6, 6 — 0 hits/, '4 dice at IV');
});

t.test('JC-110 several new blocks may be levied into the same city in one turn', async (t) => {
  // JC-110
  let s = command({ Caesar: { Genua: ['C-L12'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  s = act(s, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Genua' });
  s = act(s, 'Caesar', 'levy', { block: 'C-AUX2', city: 'Genua' });
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Genua' }));
  s = act(s, 'Caesar', 'levy', { block: 'C-BAL', city: 'Genua' });
  for (const id of ['C-AUX1', 'C-AUX2', 'C-BAL']) t.same(where(s, id), { loc: 'Genua', str: 1, side: 'Caesar' }, id);
  t.equal(lp(s), 0);
});

t.test('JC-111 Cleopatra receives steps like any block but is never levied', async (t) => {
  // JC-111
  let s = command({ Caesar: { Alexandria: ['CLEO:II'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  t.ok(isLegal(s, 'Caesar', 'strengthen', { block: 'CLEO' }));
  t.same(legal(s, 'Caesar', 'levy', 'CLEO'), [], 'never a levy option');
  s = act(s, 'Caesar', 'strengthen', { block: 'CLEO' });
  s = act(s, 'Caesar', 'strengthen', { block: 'CLEO' });
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 4, side: 'Caesar' }, 'II + 2 LP -> IV');
  t.notOk(isLegal(s, 'Caesar', 'strengthen', { block: 'CLEO' }), 'IV is her maximum');
  // Pompey may not strengthen her while she is Caesar's.
  s = done(s, 'Caesar');
  t.same(legal(s, 'Pompey', 'strengthen', 'CLEO'), []);
  t.same(legal(s, 'Pompey', 'levy', 'CLEO'), []);
  // Nor may anyone levy her from a pool: she is always on the map.
  t.not(where(s, 'CLEO').loc, 'pool');
});
