// Checklist items JC-86 to JC-99: Navis movement (6.2) and amphibious movement (6.3).

import t from 'tap';
import { act, command, destinations, done, isLegal, jc, legal, move, where, type Role, type State } from './helpers.js';
import { friendlyCities } from '../../../src/engine/julius-caesar/state.js';

const mp = (s: State): number => s.cmd!.mp;
const ship = (s: State, role: Role, block: string, ...path: string[]): State => act(s, role, 'amphibious', { block, path });
const canShip = (s: State, role: Role, block: string, ...path: string[]): boolean => isLegal(s, role, 'amphibious', { block, path });
/** Every legal action of a block (any type) for its owner. */
const actionsOf = (s: State, role: Role, block: string) => jc.legalActions(s, role).filter((a) => a.block === block);

// ---------------------------------------------------------------- 6.2 Navis movement

t.test('JC-86 a Navis moves port-sea-port, never port to port or by road', async (t) => {
  // JC-86
  const s = command({ Caesar: { Massilia: ['C-NAV1'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-NAV1', path: ['Genua'] }), 'no port-to-port move');
  t.throws(() => move(s, 'Caesar', 'C-NAV1', 'Genua'), { name: 'RuleError' });
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-NAV1', path: ['Hispanum', 'Genua'] }));
  const m = move(s, 'Caesar', 'C-NAV1', 'Hispanum', 'Genua');
  t.equal(where(m, 'C-NAV1').loc, 'Genua');
  t.equal(mp(m), 2);
  // Never along a road or strait: from Rhegium not to Messana (strait) nor Neapolis (road).
  const r = command({ Caesar: { Rhegium: ['C-NAV1'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.notOk(isLegal(r, 'Caesar', 'move', { block: 'C-NAV1', path: ['Messana'] }), 'not across the Messana strait');
  t.notOk(isLegal(r, 'Caesar', 'move', { block: 'C-NAV1', path: ['Neapolis'] }));
  t.ok(isLegal(r, 'Caesar', 'move', { block: 'C-NAV1', path: ['Tyrrhenum', 'Messana'] }));
  t.same(
    legal(r, 'Caesar', 'move', 'C-NAV1').filter((a) => (a.path as string[]).length === 1).map((a) => (a.path as string[])[0]).sort(),
    ['Internum', 'Tyrrhenum'],
    'first step: only the seas of the port',
  );
});

t.test('JC-87 a Navis moves two locations without attacking, through Friendly or Vacant', async (t) => {
  // JC-87
  // Navis example 1.
  const s = command({ Caesar: { Massilia: ['C-NAV1'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.same(destinations(s, 'Caesar', 'C-NAV1'), [
    'Atlanticus',
    'Caralis',
    'Carthago Nova',
    'Genua',
    'Hispanum',
    'Iomnium',
    'Narbo',
    'Siga',
    'Tarraco',
    'Tingis',
    'Tyrrhenum',
    'Utica',
  ]);
  // Variant: Tyrrhenum holds a Pompey Navis; Carthago Nova a Pompey legion.
  const v = command({
    Caesar: { Massilia: ['C-NAV1'] },
    Pompey: { Tyrrhenum: ['P-NAV1'], 'Carthago Nova': ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.notOk(isLegal(v, 'Caesar', 'move', { block: 'C-NAV1', path: ['Hispanum', 'Tyrrhenum'] }), 'no attack on the second step');
  t.throws(() => move(v, 'Caesar', 'C-NAV1', 'Hispanum', 'Tyrrhenum'), { name: 'RuleError' });
  t.notOk(isLegal(v, 'Caesar', 'move', { block: 'C-NAV1', path: ['Hispanum', 'Carthago Nova'] }));
  t.ok(isLegal(v, 'Caesar', 'move', { block: 'C-NAV1', path: ['Hispanum', 'Atlanticus'] }));

  // Navis example 2: from Internum.
  const e = command({ Caesar: { Internum: ['C-NAV1'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  const paths = legal(e, 'Caesar', 'move', 'C-NAV1').map((a) => a.path as string[]);
  const first = paths.filter((p) => p.length === 1).map((p) => p[0]!);
  for (const sea of ['Tyrrhenum', 'Hadriaticum', 'Aegaeum', 'Egypticum']) t.ok(first.includes(sea), `one step to ${sea}`);
  t.same(
    paths.filter((p) => p.length === 2 && p[0] === 'Aegaeum').map((p) => p[1]!).sort(),
    ['Aenos', 'Athena', 'Creta', 'Egypticum', 'Ephesus', 'Propontis', 'Thessalonika'],
    'via Aegaeum: Propontis, Egypticum and its ports',
  );
  t.notOk(isLegal(e, 'Caesar', 'move', { block: 'C-NAV1', path: ['Aegaeum', 'Pergamum'] }), 'Pergamum is not a port');

  // The intermediate location must be Friendly or Vacant: an Enemy Aegaeum stops the Navis.
  const f = command({
    Caesar: { Internum: ['C-NAV1'] },
    Pompey: { Aegaeum: ['P-NAV2'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.ok(isLegal(f, 'Caesar', 'move', { block: 'C-NAV1', path: ['Aegaeum'] }), 'may attack Aegaeum');
  t.same(
    legal(f, 'Caesar', 'move', 'C-NAV1').filter((a) => (a.path as string[])[0] === 'Aegaeum').map((a) => a.path),
    [['Aegaeum']],
    'but not go on from it',
  );
});

t.test('JC-88 a Navis attacks only from an adjacent location', async (t) => {
  // JC-88
  const s = command({
    Caesar: { Hispanum: ['C-NAV1'], 'Carthago Nova': ['C-L9'] },
    Pompey: { Utica: ['P-NAV3'] },
    cards: { Caesar: 'K18', Pompey: 'K09' },
  });
  t.equal(s.cmd!.role, 'Pompey', 'Pompey is Player 1');
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-NAV3', path: ['Hispanum'] }), 'port to its sea: attack');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-NAV3', path: ['Carthago Nova'] }), 'port to port: no');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-NAV3', path: ['Hispanum', 'Carthago Nova'] }), 'no two-step attack');
  t.throws(() => move(s, 'Pompey', 'P-NAV3', 'Carthago Nova'), { name: 'RuleError' });
  const a = move(s, 'Pompey', 'P-NAV3', 'Hispanum');
  t.equal(a.fights.Hispanum?.attacker, 'Pompey');

  // From Mare Hispanum, a shore attack on Carthago Nova is legal.
  const h = command({
    Caesar: { 'Carthago Nova': ['C-L9'] },
    Pompey: { Hispanum: ['P-NAV3'], Tyrrhenum: ['P-NAV1'] },
    cards: { Caesar: 'K18', Pompey: 'K09' },
  });
  t.ok(isLegal(h, 'Pompey', 'move', { block: 'P-NAV3', path: ['Carthago Nova'] }));
  t.notOk(isLegal(h, 'Pompey', 'move', { block: 'P-NAV1', path: ['Hispanum', 'Carthago Nova'] }), 'not from a sea that does not touch it');
  const b = move(h, 'Pompey', 'P-NAV3', 'Carthago Nova');
  t.equal(b.fights['Carthago Nova']?.attacker, 'Pompey');
});

t.test('JC-89 a Navis may occupy a Vacant port, making it Friendly', async (t) => {
  // JC-89
  let s = command({ Caesar: { Ravenna: ['C-NAV2'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.notOk(friendlyCities(s, 'Caesar').includes('Dyrrachium'));
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-NAV2', path: ['Hadriaticum', 'Dyrrachium'] }));
  s = move(s, 'Caesar', 'C-NAV2', 'Hadriaticum', 'Dyrrachium');
  t.equal(where(s, 'C-NAV2').loc, 'Dyrrachium');
  t.ok(friendlyCities(s, 'Caesar').includes('Dyrrachium'), 'Dyrrachium is Caesar-Friendly');
  t.same(Object.keys(s.fights), []);
  // ... or a Friendly port.
  const f = command({ Caesar: { Ravenna: ['C-NAV2'], Salone: ['C-L16'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.ok(isLegal(f, 'Caesar', 'move', { block: 'C-NAV2', path: ['Hadriaticum', 'Salone'] }));
});

t.test('JC-90 no numeric limit per sea border', async (t) => {
  // JC-90
  let s = command({
    Caesar: { Hispanum: ['C-NAV1', 'C-NAV2', 'C-NAV3', 'C-NAV4', 'C-NAV5'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  for (const b of ['C-NAV1', 'C-NAV2', 'C-NAV3', 'C-NAV4', 'C-NAV5']) {
    t.ok(isLegal(s, 'Caesar', 'move', { block: b, path: ['Tyrrhenum'] }), `${b} crosses`);
    s = move(s, 'Caesar', b, 'Tyrrhenum');
  }
  t.equal(mp(s), 2, 'one MP');
  for (const b of ['C-NAV1', 'C-NAV2', 'C-NAV3', 'C-NAV4', 'C-NAV5']) t.equal(where(s, b).loc, 'Tyrrhenum');
});

t.test('JC-91 land blocks never use sea edges except amphibiously; Navis never enter inland cities', async (t) => {
  // JC-91
  const s = command({ Caesar: { Massilia: ['C-NAV1', 'C-L11'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-NAV1', path: ['Lugdunum'] }), 'no Navis on a road');
  t.throws(() => move(s, 'Caesar', 'C-NAV1', 'Lugdunum'), { name: 'RuleError' });
  const inland = ['Lugdunum', 'Cenabum', 'Treveri', 'Bilbilis', 'Badias'];
  t.notOk(destinations(s, 'Caesar', 'C-NAV1').some((d) => inland.includes(d)), 'no inland destination for a Navis');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L11', path: ['Hispanum'] }), 'a legion may not move to sea');
  t.throws(() => move(s, 'Caesar', 'C-L11', 'Hispanum'), { name: 'RuleError' });
  t.notOk(
    legal(s, 'Caesar', 'move', 'C-L11').some((a) => (a.path as string[]).some((l) => l === 'Hispanum' || l === 'Tyrrhenum')),
    'no group move of a legion touches a sea',
  );
});

// ---------------------------------------------------------------- 6.3 Amphibious movement

t.test('JC-92 amphibious move through Friendly seas to a port on the last sea, 1 MP per block', async (t) => {
  // JC-92
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Internum: ['C-NAV2'], Egypticum: ['C-NAV3'], Rome: ['C-L13', 'C-L14'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.equal(mp(s), 3);
  const path = ['Tyrrhenum', 'Internum', 'Egypticum', 'Antioch'];
  t.ok(canShip(s, 'Caesar', 'C-L13', ...path));
  s = ship(s, 'Caesar', 'C-L13', ...path);
  t.equal(mp(s), 2);
  s = ship(s, 'Caesar', 'C-L14', ...path);
  t.equal(mp(s), 1, '2 MP for 2 blocks');
  t.equal(where(s, 'C-L13').loc, 'Antioch');
  t.equal(where(s, 'C-L14').loc, 'Antioch');
  // Only to a port on the last sea crossed.
  const u = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Internum: ['C-NAV2'], Egypticum: ['C-NAV3'], Rome: ['C-L13'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.notOk(canShip(u, 'Caesar', 'C-L13', 'Tyrrhenum', 'Internum', 'Egypticum', 'Syracuse'), 'Syracuse is not on Egypticum');
  t.ok(canShip(u, 'Caesar', 'C-L13', 'Tyrrhenum', 'Internum', 'Syracuse'));
  t.notOk(canShip(u, 'Caesar', 'C-L13', 'Tyrrhenum', 'Internum', 'Egypticum', 'Pergamum'), 'not to an inland city');
});

t.test('JC-93 all amphibious moves come before any other move', async (t) => {
  // JC-93
  // Test A.
  let a = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Genua: ['C-L8', 'C-L12'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.ok(canShip(a, 'Caesar', 'C-L12', 'Tyrrhenum', 'Neapolis'), 'legal before any other move');
  a = move(a, 'Caesar', 'C-L8', 'Rome');
  t.notOk(canShip(a, 'Caesar', 'C-L12', 'Tyrrhenum', 'Neapolis'), 'not after a group move');
  t.same(legal(a, 'Caesar', 'amphibious'), []);
  t.throws(() => ship(a, 'Caesar', 'C-L12', 'Tyrrhenum', 'Neapolis'), { name: 'RuleError' });
  // The other order is fine.
  let o = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Genua: ['C-L8', 'C-L12'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  o = ship(o, 'Caesar', 'C-L12', 'Tyrrhenum', 'Neapolis');
  t.ok(isLegal(o, 'Caesar', 'move', { block: 'C-L8', path: ['Rome'] }), 'group moves may follow amphibious ones');

  // Test B: a sea made Friendly this phase cannot be used.
  let b = command({ Caesar: { Massilia: ['C-NAV1', 'C-L11'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.same(legal(b, 'Caesar', 'amphibious'), [], 'Hispanum is Vacant at the start');
  b = move(b, 'Caesar', 'C-NAV1', 'Hispanum');
  t.notOk(canShip(b, 'Caesar', 'C-L11', 'Hispanum', 'Narbo'));
  t.throws(() => ship(b, 'Caesar', 'C-L11', 'Hispanum', 'Narbo'), { name: 'RuleError' });
  t.same(legal(b, 'Caesar', 'amphibious'), []);
});

t.test('JC-94 no amphibious move into an Enemy or Contested port, nor through a non-Friendly sea', async (t) => {
  // JC-94
  const s = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Rome: ['C-L17'] },
    Pompey: { Neapolis: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.notOk(canShip(s, 'Caesar', 'C-L17', 'Tyrrhenum', 'Neapolis'), 'no amphibious attack');
  t.throws(() => ship(s, 'Caesar', 'C-L17', 'Tyrrhenum', 'Neapolis'), { name: 'RuleError' });
  t.notOk(canShip(s, 'Caesar', 'C-L17', 'Tyrrhenum', 'Internum', 'Syracuse'), 'Internum is Vacant');
  t.ok(canShip(s, 'Caesar', 'C-L17', 'Tyrrhenum', 'Rhegium'), 'Vacant Rhegium on a Friendly sea');
  // With a Caesar Navis in Internum the same route is open; with a Pompey Navis there (Enemy) it is not.
  const f = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Internum: ['C-NAV2'], Rome: ['C-L17'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.ok(canShip(f, 'Caesar', 'C-L17', 'Tyrrhenum', 'Internum', 'Syracuse'));
  const e = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Rome: ['C-L17'] },
    Pompey: { Internum: ['P-NAV2'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.notOk(canShip(e, 'Caesar', 'C-L17', 'Tyrrhenum', 'Internum', 'Syracuse'), 'Internum is Enemy');

  // A Contested port (P2, after Caesar attacked Rhegium across the strait).
  let c = command({
    Caesar: { Messana: ['C-L7'] },
    Pompey: { Rhegium: ['P-L3'], Tyrrhenum: ['P-NAV1'], Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  c = done(move(c, 'Caesar', 'C-L7', 'Rhegium'), 'Caesar');
  t.equal(c.cmd!.role, 'Pompey');
  t.notOk(canShip(c, 'Pompey', 'P-L1', 'Tyrrhenum', 'Rhegium'), 'not into Contested Rhegium');
  t.throws(() => ship(c, 'Pompey', 'P-L1', 'Tyrrhenum', 'Rhegium'), { name: 'RuleError' });
  t.ok(canShip(c, 'Pompey', 'P-L1', 'Tyrrhenum', 'Aleria'));
  // Contested sea: Caesar attacked Pompey's Navis in Tyrrhenum.
  let d = command({
    Caesar: { Hispanum: ['C-NAV1'] },
    Pompey: { Tyrrhenum: ['P-NAV1'], Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  t.ok(canShip(done(d, 'Caesar'), 'Pompey', 'P-L1', 'Tyrrhenum', 'Aleria'), 'Friendly Tyrrhenum');
  d = done(move(d, 'Caesar', 'C-NAV1', 'Tyrrhenum'), 'Caesar');
  t.same(legal(d, 'Pompey', 'amphibious'), [], 'not through Contested Tyrrhenum');
});

t.test('JC-95 a block that moves by sea cannot also move by land', async (t) => {
  // JC-95
  let s = command({
    Caesar: { Ravenna: ['C-L13', 'C-L14'], Hadriaticum: ['C-NAV2'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  s = ship(s, 'Caesar', 'C-L13', 'Hadriaticum', 'Brundisium');
  t.equal(where(s, 'C-L13').loc, 'Brundisium');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L13', path: ['Neapolis'] }));
  t.throws(() => move(s, 'Caesar', 'C-L13', 'Neapolis'), { name: 'RuleError' });
  t.same(actionsOf(s, 'Caesar', 'C-L13'), []);
  // ... and vice versa.
  s = move(s, 'Caesar', 'C-L14', 'Aquileia');
  t.same(actionsOf(s, 'Caesar', 'C-L14'), [], 'a block that moved by land cannot ship');
  t.throws(() => ship(s, 'Caesar', 'C-L14', 'Hadriaticum', 'Salone'), { name: 'RuleError' });
});

t.test('JC-96 one Navis must stay in each sea crossed by an amphibious move', async (t) => {
  // JC-96
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Internum: ['C-NAV3'], Rome: ['C-L17'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.ok(legal(s, 'Caesar', 'move', 'C-NAV1').length > 0, 'before the crossing C-NAV1 may move');
  s = ship(s, 'Caesar', 'C-L17', 'Tyrrhenum', 'Neapolis');
  t.same(legal(s, 'Caesar', 'move', 'C-NAV1'), [], 'C-NAV1 must stay in Tyrrhenum');
  t.throws(() => move(s, 'Caesar', 'C-NAV1', 'Hispanum'), { name: 'RuleError' });
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-NAV3', path: ['Aegaeum'] }), 'other Navis move as desired');

  let two = command({
    Caesar: { Tyrrhenum: ['C-NAV1', 'C-NAV2'], Rome: ['C-L17'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  two = ship(two, 'Caesar', 'C-L17', 'Tyrrhenum', 'Neapolis');
  t.ok(isLegal(two, 'Caesar', 'move', { block: 'C-NAV2', path: ['Hispanum'] }));
  t.ok(isLegal(two, 'Caesar', 'move', { block: 'C-NAV1', path: ['Hispanum'] }), 'either may be the one to move');
  two = move(two, 'Caesar', 'C-NAV2', 'Hispanum');
  t.same(legal(two, 'Caesar', 'move', 'C-NAV1'), [], 'the other must stay');
  t.equal(where(two, 'C-NAV1').loc, 'Tyrrhenum');
});

t.test('JC-97 unpinned land blocks in a Contested port may ship if the sea is Friendly', async (t) => {
  // JC-97
  const setup = (pompey: Record<string, string[]>) => {
    let s = command({
      Caesar: { Rome: ['C-L7', 'C-L8'] },
      Pompey: pompey,
      cards: { Caesar: 'K09', Pompey: 'K18' },
    });
    s = move(s, 'Caesar', 'C-L7', 'Neapolis');
    s = move(s, 'Caesar', 'C-L8', 'Neapolis');
    return done(s, 'Caesar');
  };
  const f = setup({ Neapolis: ['P-L1', 'P-L2', 'P-L3'], Tyrrhenum: ['P-NAV1'], Utica: ['P-L39'] });
  t.ok(canShip(f, 'Pompey', 'P-L2', 'Tyrrhenum', 'Utica'), 'Friendly Tyrrhenum');
  const n = ship(f, 'Pompey', 'P-L2', 'Tyrrhenum', 'Utica');
  t.equal(where(n, 'P-L2').loc, 'Utica');
  for (const b of ['P-L1', 'P-L3']) t.same(legal(n, 'Pompey', 'amphibious', b), [], `${b} is pinned`);
  t.ok(legal(n, 'Pompey', 'amphibious', 'P-L39').length > 0, 'Utica is not attacked: P-L39 may ship');
  const v = setup({ Neapolis: ['P-L1', 'P-L2', 'P-L3'], Utica: ['P-L39'] });
  t.same(legal(v, 'Pompey', 'amphibious'), [], 'Vacant Tyrrhenum: no amphibious move');
  t.ok(legal(v, 'Pompey', 'move', 'P-L1').length > 0, 'though a block may still leave by land');
  const p = setup({ Neapolis: ['P-L1', 'P-L2'], Tyrrhenum: ['P-NAV1'], Utica: ['P-L39'] });
  t.equal(p.fights.Neapolis!.mayLeave, 0);
  for (const b of ['P-L1', 'P-L2']) t.same(legal(p, 'Pompey', 'amphibious', b), [], `all pinned: ${b} may not ship`);
});

t.test('JC-98 no amphibious move with a God card', async (t) => {
  // JC-98
  const spec = { Caesar: { Rome: ['C-L17'], Tyrrhenum: ['C-NAV1'] } };
  const k = command({ ...spec, cards: { Caesar: 'K09', Pompey: 'K10' } });
  t.ok(canShip(k, 'Caesar', 'C-L17', 'Tyrrhenum', 'Neapolis'), 'with a command card it is legal');
  const m = command({ ...spec, cards: { Caesar: 'K04', Pompey: 'K10' } });
  t.equal(m.cmd!.god, 'Mercury');
  t.same(legal(m, 'Caesar', 'amphibious'), [], 'Mercury');
  t.throws(() => ship(m, 'Caesar', 'C-L17', 'Tyrrhenum', 'Neapolis'), { name: 'RuleError' });
  t.ok(legal(m, 'Caesar', 'move', 'C-L17').length > 0, 'the group move itself is available');
  for (const god of ['K03', 'K06']) {
    const g = command({ ...spec, cards: { Caesar: god, Pompey: 'K10' } });
    t.same(legal(g, 'Caesar', 'amphibious'), [], `${g.cmd!.god}`);
  }
});

t.test('JC-99 amphibious moves ignore road limits and reach islands', async (t) => {
  // JC-99
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV1'], Genua: ['C-L8', 'C-L11', 'C-L12'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  for (const b of ['C-L8', 'C-L11', 'C-L12']) {
    t.ok(canShip(s, 'Caesar', b, 'Tyrrhenum', 'Caralis'), `${b} ships to Caralis`);
    s = ship(s, 'Caesar', b, 'Tyrrhenum', 'Caralis');
  }
  t.equal(mp(s), 0, '3 MP');
  for (const b of ['C-L8', 'C-L11', 'C-L12']) t.equal(where(s, b).loc, 'Caralis');
  t.same(s.cmd!.roads, {}, 'no road counter used');

  // Leaving an island: no land move, only amphibious.
  const i = command({
    Caesar: { Aleria: ['C-L13'], Tyrrhenum: ['C-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.same(legal(i, 'Caesar', 'move', 'C-L13'), [], 'no land edge from Aleria');
  t.ok(canShip(i, 'Caesar', 'C-L13', 'Tyrrhenum', 'Rome'));
});
