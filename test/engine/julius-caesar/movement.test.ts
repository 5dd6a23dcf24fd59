// Checklist items JC-58 to JC-85: group moves (6.1), road limits (6.11), attacking (6.12),
// pinning (6.13) and response movement (6.14).

import t from 'tap';
import {
  act,
  command,
  destinations,
  done,
  isLegal,
  jc,
  legal,
  move,
  pending,
  rig,
  where,
  type Role,
  type State,
} from './helpers.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';

const mp = (s: State): number => s.cmd!.mp;
/** Ids of a side's blocks in a location, sorted. */
const at = (s: State, loc: string, side: Role): string[] =>
  BLOCKS.filter((_, i) => s.loc[i] === loc && s.side[i] === side)
    .map((b) => b.id)
    .sort();

/** Every legal action of a block (any type) for its owner. */
const actionsOf = (s: State, role: Role, block: string) => jc.legalActions(s, role).filter((a) => a.block === block);

/** Passes every battle turn of the current round; returns the new state and the blocks that had a turn. */
function passRound(s: State): { s: State; acted: string[] } {
  const round = s.battle!.round;
  const acted: string[] = [];
  while (s.battle && s.battle.round === round && s.step === 'battle') {
    const role = pending(s)[0] as Role;
    const a = legal(s, role, 'pass')[0]!;
    acted.push(a.block as string);
    s = jc.apply(s, role, a);
  }
  return { s, acted: acted.sort() };
}

// ---------------------------------------------------------------- 6.1 Group moves

t.test('JC-58 one MP activates a location; its blocks may take different routes', async (t) => {
  // JC-58
  let s = command({
    Caesar: { Massilia: ['C-L11', 'C-L14', 'C-L8'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.equal(s.cmd!.role, 'Caesar');
  t.equal(mp(s), 3);
  s = move(s, 'Caesar', 'C-L11', 'Narbo');
  t.equal(mp(s), 2, 'activating Massilia costs 1 MP');
  s = move(s, 'Caesar', 'C-L14', 'Lugdunum');
  s = move(s, 'Caesar', 'C-L8', 'Genua');
  t.equal(mp(s), 2, 'the other blocks of the activated group move free');
  t.same(s.cmd!.activated, ['Massilia']);
  t.equal(where(s, 'C-L11').loc, 'Narbo');
  t.equal(where(s, 'C-L14').loc, 'Lugdunum');
  t.equal(where(s, 'C-L8').loc, 'Genua');
});

t.test('JC-59 a non-attacking land block moves up to two cities through Friendly or Vacant ones', async (t) => {
  // JC-59
  const s = command({
    Caesar: { Massilia: ['C-L11', 'C-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.same(destinations(s, 'Caesar', 'C-L11'), [
    'Burdigala',
    'Cenabum',
    'Genua',
    'Lugdunum',
    'Narbo',
    'Ravenna',
    'Rome',
    'Tarraco',
    'Treveri',
  ]);
  // Navis only: Mare Hispanum and its ports (and the seas beyond it).
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

  // The second step must start from, and end in, a Friendly or Vacant city.
  const e = command({
    Caesar: { Massilia: ['C-L11'] },
    Pompey: { Narbo: ['P-L5'], Cenabum: ['P-L6'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.same(destinations(e, 'Caesar', 'C-L11'), ['Genua', 'Lugdunum', 'Narbo', 'Ravenna', 'Rome', 'Treveri']);
  t.notOk(isLegal(e, 'Caesar', 'move', { block: 'C-L11', path: ['Narbo', 'Tarraco'] }), 'not on through an Enemy city');
  t.notOk(isLegal(e, 'Caesar', 'move', { block: 'C-L11', path: ['Lugdunum', 'Cenabum'] }), 'no second step into an Enemy city');
  t.ok(isLegal(e, 'Caesar', 'move', { block: 'C-L11', path: ['Lugdunum', 'Treveri'] }));
});

t.test('JC-60 a block entering an enemy location stops; attacks only with a one-step move', async (t) => {
  // JC-60
  let s = command({
    Caesar: { Massilia: ['C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11', 'C-L14'], Narbo: ['C-L16'], Lugdunum: ['C-EQ1'] },
    Pompey: { Tarraco: ['P-L5', 'P-L6', 'P-EQ1'], Genua: ['P-L1', 'P-L2', 'P-L3'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Tarraco'] }));
  t.throws(() => move(s, 'Caesar', 'C-L7', 'Narbo', 'Tarraco'), { name: 'RuleError' });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Genua');
  t.equal(s.fights.Genua?.attacker, 'Caesar', 'the 4 blocks attack Genua');
  t.equal(mp(s), 2);
  for (const b of ['C-L11', 'C-L14']) {
    t.notOk(isLegal(s, 'Caesar', 'move', { block: b, path: ['Lugdunum', 'Genua'] }), `${b}: no two-step attack`);
    t.throws(() => move(s, 'Caesar', b, 'Lugdunum', 'Genua'), { name: 'RuleError' });
    t.notOk(isLegal(s, 'Caesar', 'move', { block: b, path: ['Narbo', 'Tarraco'] }));
    t.same(destinations(s, 'Caesar', b), ['Burdigala', 'Cenabum', 'Lugdunum', 'Narbo', 'Treveri']);
  }
  // Reinforcing the Contested location is a one-step move too.
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L16', path: ['Massilia', 'Genua'] }), 'no two-step reinforcement');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-EQ1', path: ['Genua'] }), 'one-step reinforcement (a Reserve)');
  s = move(s, 'Caesar', 'C-EQ1', 'Genua');
  t.same(s.fights.Genua!.reserves, ['C-EQ1']);
  // Nothing moves past an enemy location: no path goes on after Genua or Tarraco.
  for (const a of legal(s, 'Caesar', 'move')) {
    const path = a.path as string[];
    t.notOk(path.slice(0, -1).some((l) => l === 'Genua' || l === 'Tarraco'), `${JSON.stringify(path)} does not pass through`);
  }
});

t.test('JC-61 a block that has moved cannot move again this turn', async (t) => {
  // JC-61
  let s = command({
    Caesar: { Narbo: ['C-L7'], Massilia: ['C-L11', 'C-L14'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  s = move(s, 'Caesar', 'C-L7', 'Massilia');
  t.equal(mp(s), 2);
  t.same(actionsOf(s, 'Caesar', 'C-L7'), [], 'C-L7 has moved');
  s = move(s, 'Caesar', 'C-L11', 'Genua');
  t.equal(mp(s), 1, 'activating Massilia is the second MP');
  t.same(actionsOf(s, 'Caesar', 'C-L7'), [], 'C-L7 is not part of the Massilia group');
  t.throws(() => move(s, 'Caesar', 'C-L7', 'Narbo'), { name: 'RuleError' });
  t.ok(legal(s, 'Caesar', 'move', 'C-L14').length > 0, 'C-L14 started in Massilia and may move');
  t.same(actionsOf(s, 'Caesar', 'C-L11'), [], 'C-L11 has moved');

  // Also after an amphibious move (Navis in Tyrrhenum).
  let a = command({
    Caesar: { Rome: ['C-L17'], Tyrrhenum: ['C-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  a = act(a, 'Caesar', 'amphibious', { block: 'C-L17', path: ['Tyrrhenum', 'Neapolis'] });
  t.same(actionsOf(a, 'Caesar', 'C-L17'), [], 'a shipped block cannot move again');
});

t.test('JC-62 a block cannot pass through a location with enemy blocks', async (t) => {
  // JC-62
  let s = command({
    Caesar: { Genua: ['C-L8', 'C-L12'] },
    Pompey: { Rome: ['P-L1', 'P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = move(s, 'Caesar', 'C-L12', 'Lugdunum'); // Caesar leaves 1 block in Genua
  s = done(s, 'Caesar');
  t.equal(s.cmd!.role, 'Pompey');
  const dest = destinations(s, 'Pompey', 'P-L1');
  t.ok(dest.includes('Genua'));
  t.notOk(dest.includes('Massilia'), 'Massilia is beyond Caesar-held Genua');
  t.notOk(dest.includes('Lugdunum'), 'Lugdunum is Caesar-held and two steps away');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-L1', path: ['Genua', 'Massilia'] }));
  t.throws(() => move(s, 'Pompey', 'P-L1', 'Genua', 'Massilia'), { name: 'RuleError' });
  s = move(s, 'Pompey', 'P-L1', 'Genua');
  t.equal(where(s, 'P-L1').loc, 'Genua', 'stopped in Genua');
  t.equal(s.fights.Genua?.attacker, 'Pompey');
});

t.test('JC-63 MP = locations activated; an activated location needs no further MP', async (t) => {
  // JC-63
  let s = command({
    Caesar: { Narbo: ['C-L7', 'C-L9', 'C-L10'], Genua: ['C-L8'], Lugdunum: ['C-EQ1'] },
    cards: { Caesar: 'K18', Pompey: 'K19' },
  });
  t.equal(mp(s), 2);
  s = move(s, 'Caesar', 'C-L7', 'Massilia');
  s = move(s, 'Caesar', 'C-L9', 'Burdigala');
  t.equal(mp(s), 1, 'MP1: Narbo');
  s = move(s, 'Caesar', 'C-L8', 'Rome');
  t.equal(mp(s), 0, 'MP2: Genua');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L10', path: ['Massilia'] }), 'Narbo was activated: its third block still moves');
  s = move(s, 'Caesar', 'C-L10', 'Massilia');
  t.equal(mp(s), 0, 'no further MP');
  t.same(s.cmd!.activated, ['Narbo', 'Genua']);
  t.same(legal(s, 'Caesar', 'move', 'C-EQ1'), [], 'Lugdunum cannot be activated with 0 MP');
  t.throws(() => move(s, 'Caesar', 'C-EQ1', 'Cenabum'), { name: 'RuleError' });
});

t.test('JC-64 Navis in an activated city move to sea within the same MP', async (t) => {
  // JC-64
  let s = command({
    Caesar: { Massilia: ['C-L11', 'C-L14', 'C-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  s = move(s, 'Caesar', 'C-L11', 'Narbo');
  s = move(s, 'Caesar', 'C-L14', 'Narbo');
  s = move(s, 'Caesar', 'C-NAV1', 'Hispanum');
  t.equal(mp(s), 2, '1 MP in all');
  t.equal(where(s, 'C-NAV1').loc, 'Hispanum');
  t.same(at(s, 'Narbo', 'Caesar'), ['C-L11', 'C-L14']);
});

t.test('JC-65 no stacking limit during a Year', async (t) => {
  // JC-65
  let s = command({
    Caesar: {
      Genua: ['C-Caesar'],
      Massilia: ['C-L7', 'C-L8', 'C-L9', 'C-L10'],
      Ravenna: ['C-L11', 'C-L12', 'C-L13', 'C-L14'],
      Rome: ['C-L16'],
    },
    cards: { Caesar: 'K08', Pompey: 'K10' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Genua');
  for (const b of ['C-L11', 'C-L12', 'C-L13', 'C-L14']) s = move(s, 'Caesar', b, 'Genua');
  s = move(s, 'Caesar', 'C-L16', 'Genua');
  t.equal(at(s, 'Genua', 'Caesar').length, 10, '9 blocks moved in, 10 in Genua');
  t.equal(mp(s), 1);
});

// ---------------------------------------------------------------- 6.11 Road limits

t.test('JC-66 road limits count both directions, both steps and all groups', async (t) => {
  // JC-66
  // Test A: Ravenna-Rome is minor.
  let a = command({ Caesar: { Ravenna: ['C-L11', 'C-L12', 'C-L13'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  a = move(a, 'Caesar', 'C-L11', 'Rome');
  a = move(a, 'Caesar', 'C-L12', 'Rome');
  t.notOk(isLegal(a, 'Caesar', 'move', { block: 'C-L13', path: ['Rome'] }), 'the third block may not use the minor road');
  t.throws(() => move(a, 'Caesar', 'C-L13', 'Rome'), { name: 'RuleError' });
  t.notOk(isLegal(a, 'Caesar', 'move', { block: 'C-L13', path: ['Rome', 'Neapolis'] }));
  t.ok(isLegal(a, 'Caesar', 'move', { block: 'C-L13', path: ['Genua', 'Rome'] }), 'another road to Rome is still open');

  // Test B: both steps of a two-step move count; Genua-Rome is major.
  let b = command({
    Caesar: { Massilia: ['C-L7', 'C-L8'], Genua: ['C-L9', 'C-L10', 'C-L11'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  b = move(b, 'Caesar', 'C-L7', 'Genua', 'Rome');
  b = move(b, 'Caesar', 'C-L8', 'Genua', 'Rome');
  b = move(b, 'Caesar', 'C-L9', 'Rome');
  b = move(b, 'Caesar', 'C-L10', 'Rome');
  t.notOk(isLegal(b, 'Caesar', 'move', { block: 'C-L11', path: ['Rome'] }), '2 + 2 = 4 have crossed Genua-Rome');
  t.throws(() => move(b, 'Caesar', 'C-L11', 'Rome'), { name: 'RuleError' });
  t.same(at(b, 'Rome', 'Caesar'), ['C-L10', 'C-L7', 'C-L8', 'C-L9']);

  // Test C: both directions count; Genua-Lugdunum is minor.
  let c = command({
    Caesar: { Genua: ['C-L8'], Lugdunum: ['C-EQ1', 'C-L16'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  c = move(c, 'Caesar', 'C-L8', 'Lugdunum');
  t.ok(isLegal(c, 'Caesar', 'move', { block: 'C-EQ1', path: ['Genua'] }));
  c = move(c, 'Caesar', 'C-EQ1', 'Genua');
  t.notOk(isLegal(c, 'Caesar', 'move', { block: 'C-L16', path: ['Genua'] }), '1 + 1 = 2 have crossed Genua-Lugdunum');
  t.throws(() => move(c, 'Caesar', 'C-L16', 'Genua'), { name: 'RuleError' });
});

t.test('JC-67 road limits are kept separately for each player', async (t) => {
  // JC-67
  let s = command({
    Caesar: { Massilia: ['C-L7', 'C-L8', 'C-L9', 'C-L10'] },
    Pompey: { Rome: ['P-L1', 'P-L2', 'P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Genua', 'Ravenna');
  s = done(s, 'Caesar');
  t.equal(s.cmd!.role, 'Pompey');
  for (const b of ['P-L1', 'P-L2', 'P-L3', 'P-L4']) {
    t.ok(isLegal(s, 'Pompey', 'move', { block: b, path: ['Genua', 'Massilia'] }), `${b} may use Massilia-Genua`);
    s = move(s, 'Pompey', b, 'Genua', 'Massilia');
  }
  t.same(at(s, 'Massilia', 'Pompey'), ['P-L1', 'P-L2', 'P-L3', 'P-L4']);
  t.same(at(s, 'Ravenna', 'Caesar'), ['C-L10', 'C-L7', 'C-L8', 'C-L9']);
});

t.test('JC-68 a strait takes 2 blocks, or 1 into a defended city, counting earlier crossings', async (t) => {
  // JC-68
  // Test A: Messana Vacant.
  let a = command({ Caesar: { Rhegium: ['C-L7', 'C-L8', 'C-L9'] }, cards: { Caesar: 'K09', Pompey: 'K10' } });
  a = move(a, 'Caesar', 'C-L7', 'Messana');
  a = move(a, 'Caesar', 'C-L8', 'Messana');
  t.notOk(isLegal(a, 'Caesar', 'move', { block: 'C-L9', path: ['Messana'] }));
  t.throws(() => move(a, 'Caesar', 'C-L9', 'Messana'), { name: 'RuleError' });

  // Test B: Messana held by P-L37: only one block may attack across.
  let b = command({
    Caesar: { Rhegium: ['C-L7', 'C-L8', 'C-L9'] },
    Pompey: { Messana: ['P-L37'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  b = move(b, 'Caesar', 'C-L7', 'Messana');
  t.equal(b.fights.Messana?.attacker, 'Caesar');
  t.notOk(isLegal(b, 'Caesar', 'move', { block: 'C-L8', path: ['Messana'] }), 'a second block may not follow');
  t.throws(() => move(b, 'Caesar', 'C-L8', 'Messana'), { name: 'RuleError' });

  // AMBIGUOUS: P2 reinforcing a Contested city across a strait is also limited to 1 ...
  const base = command({
    Caesar: { Syracuse: ['C-L7'] },
    Pompey: { Messana: ['P-L37', 'P-L2'], Rhegium: ['P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  let c = done(move(base, 'Caesar', 'C-L7', 'Messana'), 'Caesar');
  t.equal(c.cmd!.role, 'Pompey');
  c = move(c, 'Pompey', 'P-L3', 'Messana');
  t.ok(c.fights.Messana!.reserves.includes('P-L3'), 'the responder is a Reserve');
  t.notOk(isLegal(c, 'Pompey', 'move', { block: 'P-L4', path: ['Messana'] }), 'only 1 response across the strait');
  // ... and counts every earlier crossing of that strait this phase.
  let d = done(move(base, 'Caesar', 'C-L7', 'Messana'), 'Caesar');
  d = move(d, 'Pompey', 'P-L2', 'Rhegium'); // the one unpinned defender leaves across the strait
  t.notOk(isLegal(d, 'Pompey', 'move', { block: 'P-L3', path: ['Messana'] }), 'the strait has been used: no response across it');
  t.throws(() => move(d, 'Pompey', 'P-L3', 'Messana'), { name: 'RuleError' });
});

t.test('JC-69 Command-Phase road counters do not carry into retreats or regroups', async (t) => {
  // JC-69
  // Retreat: Caesar filled Genua-Rome (major) with 4 attackers; in Round 2 they may retreat along it.
  let s = command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11'] },
    Pompey: { Rome: ['P-L1', 'P-L2', 'P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L11', path: ['Rome'] }), 'the major road is full this phase');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.battle?.loc, 'Rome');
  s = passRound(s).s;
  t.equal(s.battle!.round, 2);
  while (pending(s)[0] === 'Pompey') s = act(s, 'Pompey', 'pass', { block: legal(s, 'Pompey', 'pass')[0]!.block });
  for (const b of ['C-L7', 'C-L8']) {
    t.ok(isLegal(s, 'Caesar', 'retreat', { block: b, to: 'Genua' }), `${b} may retreat to Genua`);
    s = act(s, 'Caesar', 'retreat', { block: b, to: 'Genua' });
    t.equal(where(s, b).loc, 'Genua');
  }

  // Regroup: Caesar wins in Rome and regroups 4 blocks back along the full road.
  let r = command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11'] },
    Pompey: { Rome: ['P-L1:I'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) r = move(r, 'Caesar', b, 'Rome');
  r = done(done(r, 'Caesar'), 'Pompey');
  r = act(rig(r, [6, 6]), 'Pompey', 'fire', { block: 'P-L1' }); // misses
  r = act(rig(r, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-L7' }); // 1 hit: P-L1 eliminated
  t.equal(r.step, 'regroup');
  t.equal(r.regroup?.role, 'Caesar');
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) {
    t.ok(isLegal(r, 'Caesar', 'regroup', { block: b, to: 'Genua' }), `${b} may regroup to Genua`);
    r = act(r, 'Caesar', 'regroup', { block: b, to: 'Genua' });
  }
  t.same(at(r, 'Genua', 'Caesar'), ['C-L10', 'C-L11', 'C-L7', 'C-L8', 'C-L9']);
});

// ---------------------------------------------------------------- 6.12 Attacking

t.test('JC-70 blocks entering an Enemy city attack; the blocks there defend', async (t) => {
  // JC-70
  let s = command({
    Caesar: { Ravenna: ['C-L13'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  t.equal(s.fights.Rome?.attacker, 'Caesar', 'Rome is Contested at once, Caesar attacking');
  t.equal(where(s, 'C-L13').loc, 'Rome');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.battle?.loc, 'Rome');
  t.equal(s.battle?.attacker, 'Caesar');
  t.equal(s.battle?.defender, 'Pompey');
  t.same(pending(s), ['Pompey'], 'the Defender (C) fires before the Attacker (C)');
});

t.test('JC-71 the first road used is the Main Attack; other roads bring Reserves', async (t) => {
  // JC-71
  let s = command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10'], Ravenna: ['C-L13', 'C-L14'] },
    Pompey: { Rome: ['P-Pompey', 'P-L1', 'P-L2', 'P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Rome');
  for (const b of ['C-L13', 'C-L14']) s = move(s, 'Caesar', b, 'Rome');
  t.equal(mp(s), 1, '2 MP spent');
  t.equal(s.fights.Rome!.main, 'Genua');
  t.same([...s.fights.Rome!.reserves].sort(), ['C-L13', 'C-L14']);
  s = done(done(s, 'Caesar'), 'Pompey');
  t.same([...s.battle!.reserves].sort(), ['C-L13', 'C-L14'], 'the Ravenna blocks are Reserves in the battle');
  const r1 = passRound(s);
  t.same(r1.acted, ['C-L10', 'C-L7', 'C-L8', 'C-L9', 'P-L1', 'P-L2', 'P-L3', 'P-L4', 'P-Pompey'], 'Round 1: main forces only');
  const r2 = passRound(r1.s);
  t.ok(r2.acted.includes('C-L13') && r2.acted.includes('C-L14'), 'the Reserves fight from Round 2');
});

t.test('JC-72 every block along the Main-Attack road is main force, whenever it arrives', async (t) => {
  // JC-72
  let s = command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10'], Ravenna: ['C-L13', 'C-L14'] },
    Pompey: { Rome: ['P-Pompey', 'P-L1', 'P-L2', 'P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  s = move(s, 'Caesar', 'C-L7', 'Rome');
  s = move(s, 'Caesar', 'C-L8', 'Rome');
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = move(s, 'Caesar', 'C-L14', 'Rome');
  s = move(s, 'Caesar', 'C-L9', 'Rome');
  s = move(s, 'Caesar', 'C-L10', 'Rome');
  t.equal(mp(s), 1);
  t.same([...s.fights.Rome!.reserves].sort(), ['C-L13', 'C-L14']);
  s = done(done(s, 'Caesar'), 'Pompey');
  t.same([...s.battle!.reserves].sort(), ['C-L13', 'C-L14'], 'late Genua blocks are not Reserves');
  const r1 = passRound(s);
  t.same(
    r1.acted.filter((b) => b.startsWith('C-')),
    ['C-L10', 'C-L7', 'C-L8', 'C-L9'],
    'main force = the 4 Genua blocks',
  );
});

t.test('JC-73 a city held only by an enemy Navis may be attacked by land', async (t) => {
  // JC-73
  let s = command({
    Caesar: { Tacape: ['C-L8', 'C-L13'] },
    Pompey: { Utica: ['P-NAV3'] },
    cards: { Caesar: 'K09', Pompey: 'K10' },
  });
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L8', path: ['Utica'] }));
  s = move(s, 'Caesar', 'C-L8', 'Utica');
  s = move(s, 'Caesar', 'C-L13', 'Utica');
  t.equal(s.fights.Utica?.attacker, 'Caesar');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.battle?.loc, 'Utica', 'a land battle in Utica');
  // P-NAV3 fights at D: after both Caesar C blocks.
  t.same(pending(s), ['Caesar']);
  s = act(s, 'Caesar', 'pass', { block: 'C-L8' });
  s = act(s, 'Caesar', 'pass', { block: 'C-L13' });
  t.same(pending(s), ['Pompey']);
  t.ok(isLegal(s, 'Pompey', 'fire', { block: 'P-NAV3' }), 'the Navis fights in the land battle');
  // D2 at strength II: two dice, hits on 1-2.
  s = act(rig(s, [2, 3]), 'Pompey', 'fire', { block: 'P-NAV3' });
  if (s.step === 'hits') s = act(s, 'Caesar', 'hit', { block: 'C-L8' });
  t.equal(where(s, 'C-L8').str + where(s, 'C-L13').str, 5, 'exactly 1 hit from rolls 2, 3');
});

t.test('JC-74 entering a Vacant city is no attack; P2 entering it attacks', async (t) => {
  // JC-74
  let s = command({
    Caesar: { Ravenna: ['C-L13'] },
    Pompey: { Neapolis: ['P-L1', 'P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  t.same(Object.keys(s.fights), [], 'no battle in Vacant Rome');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L1', 'Rome');
  s = move(s, 'Pompey', 'P-L2', 'Rome');
  t.equal(s.fights.Rome?.attacker, 'Pompey');
  t.same(s.fights.Rome!.reserves, [], 'both Pompey blocks are main force');
  t.same(jc.legalActions(s, 'Caesar'), [], 'Caesar cannot add blocks');
  s = done(s, 'Pompey');
  t.equal(s.battle?.attacker, 'Pompey');
  t.equal(s.battle?.defender, 'Caesar');
});

// ---------------------------------------------------------------- 6.13 Pinning

/** 5 Pompey in Rome; Caesar attacks with 4 from Genua (main) and 2 from Ravenna (Reserves); Pompey to command. */
function pinningExample(extra: Record<string, string[]> = {}): State {
  let s = command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10'], Ravenna: ['C-L13', 'C-L14'], ...extra },
    Pompey: { Rome: ['P-Pompey', 'P-L1', 'P-L2', 'P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Rome');
  for (const b of ['C-L13', 'C-L14']) s = move(s, 'Caesar', b, 'Rome');
  return done(s, 'Caesar');
}
const ROME5 = ['P-Pompey', 'P-L1', 'P-L2', 'P-L3', 'P-L4'];

t.test('JC-75 P2 may move away (his blocks - P1 main force) blocks, and chooses which', async (t) => {
  // JC-75
  const s = pinningExample();
  t.equal(s.cmd!.role, 'Pompey');
  t.equal(s.fights.Rome!.mayLeave, 1);
  for (const leaver of ROME5) {
    t.ok(legal(s, 'Pompey', 'move', leaver).length > 0, `${leaver} may be the one to leave`);
    const after = move(s, 'Pompey', leaver, 'Neapolis');
    for (const b of ROME5.filter((x) => x !== leaver)) {
      t.same(legal(after, 'Pompey', 'move', b), [], `then ${b} is pinned`);
    }
    t.throws(() => move(after, 'Pompey', ROME5.find((x) => x !== leaver)!, 'Neapolis'), { name: 'RuleError' });
  }
});

t.test('JC-76 unpinned blocks move normally but not along a road the enemy used', async (t) => {
  // JC-76
  const s = pinningExample({ Asculum: ['C-EQ1'] });
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-L1', path: ['Neapolis'] }));
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-L1', path: ['Asculum'] }), 'may attack Caesar-held Asculum');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-L1', path: ['Genua'] }), 'Caesar came from Genua');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-L1', path: ['Ravenna'] }), 'Caesar came from Ravenna');
  t.throws(() => move(s, 'Pompey', 'P-L1', 'Genua'), { name: 'RuleError' });
  t.throws(() => move(s, 'Pompey', 'P-L1', 'Ravenna'), { name: 'RuleError' });
  t.notOk(
    legal(s, 'Pompey', 'move', 'P-L1').some((a) => ['Genua', 'Ravenna'].includes((a.path as string[])[0]!)),
    'no path leaves by the Genua or Ravenna road',
  );
  const a = move(s, 'Pompey', 'P-L1', 'Asculum');
  t.equal(a.fights.Asculum?.attacker, 'Pompey', 'the unpinned block attacks elsewhere');

  // Without the Caesar block, Asculum is Vacant and an ordinary destination.
  const v = pinningExample();
  t.ok(isLegal(v, 'Pompey', 'move', { block: 'P-L1', path: ['Asculum'] }));
  t.ok(isLegal(v, 'Pompey', 'move', { block: 'P-L1', path: ['Neapolis', 'Brundisium'] }));
});

t.test('JC-77 Reserves do not pin', async (t) => {
  // JC-77
  let s = command({
    Caesar: { Genua: ['C-L7', 'C-L8'], Ravenna: ['C-L13', 'C-L14'] },
    Pompey: { Rome: ['P-L1', 'P-L2', 'P-L3'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L13', 'C-L14']) s = move(s, 'Caesar', b, 'Rome');
  s = done(s, 'Caesar');
  t.equal(s.fights.Rome!.mayLeave, 1, '3 defenders - 2 main');
  s = move(s, 'Pompey', 'P-L2', 'Neapolis');
  t.same(legal(s, 'Pompey', 'move', 'P-L1'), []);
  t.same(legal(s, 'Pompey', 'move', 'P-L3'), []);
});

t.test('JC-78 responding blocks do not change how many original defenders are pinned', async (t) => {
  // JC-78
  let s = command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10'] },
    Pompey: { Rome: ROME5, Neapolis: ['P-L32', 'P-L33'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Rome');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L32', 'Rome');
  s = move(s, 'Pompey', 'P-L33', 'Rome');
  t.same([...s.fights.Rome!.reserves].sort(), ['P-L32', 'P-L33'], 'responders are Reserves');
  t.same(legal(s, 'Pompey', 'move', 'P-L32'), [], 'responders cannot leave');
  t.equal(s.fights.Rome!.mayLeave, 1);
  s = move(s, 'Pompey', 'P-L1', 'Asculum');
  for (const b of ['P-Pompey', 'P-L2', 'P-L3', 'P-L4']) t.same(legal(s, 'Pompey', 'move', b), [], `${b} stays pinned`);
  t.throws(() => move(s, 'Pompey', 'P-L2', 'Asculum'), { name: 'RuleError' });
});

t.test('JC-79 pinning applies to Navis in a sea and to every block in an attacked port', async (t) => {
  // JC-79
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV1'] },
    Pompey: { Internum: ['P-NAV1', 'P-NAV2'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = done(move(s, 'Caesar', 'C-NAV1', 'Internum'), 'Caesar');
  t.equal(s.fights.Internum!.mayLeave, 1);
  const dest = destinations(s, 'Pompey', 'P-NAV1');
  t.notOk(isLegal(s, 'Pompey', 'move', { block: 'P-NAV1', path: ['Tyrrhenum'] }), 'not into the sea the enemy came from');
  t.notOk(
    legal(s, 'Pompey', 'move', 'P-NAV1').some((a) => (a.path as string[])[0] === 'Tyrrhenum'),
    'not across the Tyrrhenum border at all',
  );
  t.throws(() => move(s, 'Pompey', 'P-NAV1', 'Tyrrhenum'), { name: 'RuleError' });
  t.ok(dest.includes('Aegaeum') && dest.includes('Hadriaticum') && dest.includes('Egypticum'));
  s = move(s, 'Pompey', 'P-NAV1', 'Aegaeum');
  t.same(legal(s, 'Pompey', 'move', 'P-NAV2'), [], 'the other Navis is pinned');

  // A port: the Navis there is pinned like any other defender.
  const base = command({
    Caesar: { Tacape: ['C-L8'] },
    Pompey: { Utica: ['P-L39', 'P-NAV3'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  const p = done(move(base, 'Caesar', 'C-L8', 'Utica'), 'Caesar');
  t.equal(p.fights.Utica!.mayLeave, 1);
  const n = move(p, 'Pompey', 'P-NAV3', 'Hispanum');
  t.same(legal(n, 'Pompey', 'move', 'P-L39'), [], 'the Navis left: the legion is pinned');
  const l = move(p, 'Pompey', 'P-L39', 'Badias');
  t.same(legal(l, 'Pompey', 'move', 'P-NAV3'), [], 'the legion left: the Navis is pinned');
  t.notOk(isLegal(p, 'Pompey', 'move', { block: 'P-L39', path: ['Tacape'] }), 'not along the road Caesar used');
});

t.test('JC-80 pinning never restricts P1, and P1 is asked nothing in P2\'s phase', async (t) => {
  // JC-80
  let s = command({
    Caesar: { Genua: ['C-L8', 'C-L12'], Massilia: ['C-L7'] },
    Pompey: { Rome: ['P-L1', 'P-L2', 'P-L3'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L1', 'Genua');
  t.same(pending(s), ['Pompey']);
  t.same(jc.legalActions(s, 'Caesar'), [], 'nothing to decide for P1');
  t.equal(s.fights.Genua!.mayLeave, null, 'no pinning count for P1\'s defenders');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle', 'straight on to the battle');
  t.equal(s.battle?.loc, 'Genua');
});

t.test('JC-81 unpinned P2 blocks in a Contested port may leave by amphibious move', async (t) => {
  // JC-81
  let s = command({
    Caesar: { Rome: ['C-L7', 'C-L8'] },
    Pompey: { Neapolis: ['P-L1', 'P-L2', 'P-L3'], Tyrrhenum: ['P-NAV1'], Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = move(s, 'Caesar', 'C-L7', 'Neapolis');
  s = move(s, 'Caesar', 'C-L8', 'Neapolis');
  s = done(s, 'Caesar');
  t.equal(mp(s), 2);
  t.ok(isLegal(s, 'Pompey', 'amphibious', { block: 'P-L1', path: ['Tyrrhenum', 'Utica'] }));
  s = act(s, 'Pompey', 'amphibious', { block: 'P-L1', path: ['Tyrrhenum', 'Utica'] });
  t.equal(where(s, 'P-L1').loc, 'Utica');
  t.equal(mp(s), 1, '1 MP');
  t.same(legal(s, 'Pompey', 'amphibious', 'P-L2'), [], 'only 3 - 2 = 1 may leave');
  t.throws(() => act(s, 'Pompey', 'amphibious', { block: 'P-L2', path: ['Tyrrhenum', 'Utica'] }), { name: 'RuleError' });
});

// ---------------------------------------------------------------- 6.14 Response movement

t.test('JC-82 P2 responders into a Contested location are Reserves', async (t) => {
  // JC-82
  let s = command({
    Caesar: { Narbo: ['C-L7', 'C-L8', 'C-L9', 'C-L10'], Bilbilis: ['C-L11', 'C-L12'] },
    Pompey: { Tarraco: ['P-L5', 'P-L6', 'P-EQ1'], 'Carthago Nova': ['P-L1', 'P-L2', 'P-L3', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = move(s, 'Caesar', b, 'Tarraco');
  for (const b of ['C-L11', 'C-L12']) s = move(s, 'Caesar', b, 'Tarraco');
  s = done(s, 'Caesar');
  for (const b of ['P-L1', 'P-L2', 'P-L3', 'P-L4']) s = move(s, 'Pompey', b, 'Tarraco');
  s = done(s, 'Pompey');
  t.equal(s.battle?.loc, 'Tarraco');
  t.same([...s.battle!.reserves].sort(), ['C-L11', 'C-L12', 'P-L1', 'P-L2', 'P-L3', 'P-L4']);
  const r1 = passRound(s);
  t.same(r1.acted, ['C-L10', 'C-L7', 'C-L8', 'C-L9', 'P-EQ1', 'P-L5', 'P-L6'], 'Round 1: 3 Pompey vs 4 Caesar');
  const r2 = passRound(r1.s);
  t.equal(r1.s.battle!.round, 2);
  t.same(
    r2.acted,
    ['C-L10', 'C-L11', 'C-L12', 'C-L7', 'C-L8', 'C-L9', 'P-EQ1', 'P-L1', 'P-L2', 'P-L3', 'P-L4', 'P-L5', 'P-L6'],
    'Reserves arrive in Round 2',
  );
});

t.test('JC-83 responders must be adjacent and obey road limits', async (t) => {
  // JC-83
  // Test A: no two-step response.
  let a = command({
    Caesar: { Narbo: ['C-L7'] },
    Pompey: { Tarraco: ['P-L5'], Corduba: ['P-L2', 'P-L4'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  a = done(move(a, 'Caesar', 'C-L7', 'Tarraco'), 'Caesar');
  t.notOk(isLegal(a, 'Pompey', 'move', { block: 'P-L2', path: ['Carthago Nova', 'Tarraco'] }));
  t.throws(() => move(a, 'Pompey', 'P-L2', 'Carthago Nova', 'Tarraco'), { name: 'RuleError' });
  t.ok(isLegal(a, 'Pompey', 'move', { block: 'P-L2', path: ['Carthago Nova'] }));

  // Test B: Bilbilis-Tarraco is minor: 2 responders only.
  let b = command({
    Caesar: { Narbo: ['C-L7', 'C-L8'] },
    Pompey: { Tarraco: ['P-L5'], Bilbilis: ['P-L1', 'P-L2', 'P-L3'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  for (const x of ['C-L7', 'C-L8']) b = move(b, 'Caesar', x, 'Tarraco');
  b = done(b, 'Caesar');
  b = move(b, 'Pompey', 'P-L1', 'Tarraco');
  b = move(b, 'Pompey', 'P-L2', 'Tarraco');
  t.notOk(isLegal(b, 'Pompey', 'move', { block: 'P-L3', path: ['Tarraco'] }), 'the third may not use the minor road');
  t.throws(() => move(b, 'Pompey', 'P-L3', 'Tarraco'), { name: 'RuleError' });
  t.same([...b.fights.Tarraco!.reserves].sort(), ['P-L1', 'P-L2']);
});

t.test('JC-84 Navis respond into a Contested sea or port from an adjacent location', async (t) => {
  // JC-84
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV1'] },
    Pompey: { Internum: ['P-NAV1'], Utica: ['P-NAV3'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = done(move(s, 'Caesar', 'C-NAV1', 'Internum'), 'Caesar');
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-NAV3', path: ['Internum'] }));
  s = move(s, 'Pompey', 'P-NAV3', 'Internum');
  t.same(s.fights.Internum!.reserves, ['P-NAV3'], 'a Reserve');
  s = done(s, 'Pompey');
  t.same(s.battle!.reserves, ['P-NAV3']);

  // Into a Contested port from an adjacent sea, but not from another port.
  let p = command({
    Caesar: { Tacape: ['C-L8'] },
    Pompey: { Utica: ['P-L39'], Hispanum: ['P-NAV1'], 'Carthago Nova': ['P-NAV2'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  p = done(move(p, 'Caesar', 'C-L8', 'Utica'), 'Caesar');
  t.ok(isLegal(p, 'Pompey', 'move', { block: 'P-NAV1', path: ['Utica'] }));
  t.notOk(destinations(p, 'Pompey', 'P-NAV2').includes('Utica'), 'no port-to-port response');
  p = move(p, 'Pompey', 'P-NAV1', 'Utica');
  t.same(p.fights.Utica!.reserves, ['P-NAV1']);
});

t.test('JC-85 P1 can never reinforce a battle P2 starts', async (t) => {
  // JC-85
  let s = command({
    Caesar: { Genua: ['C-L8'], Massilia: ['C-L7', 'C-L11'], Lugdunum: ['C-EQ1'] },
    Pompey: { Rome: ['P-L1', 'P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K18' },
  });
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L1', 'Genua');
  s = move(s, 'Pompey', 'P-L2', 'Genua');
  t.same(jc.legalActions(s, 'Caesar'), [], 'no response option for Caesar');
  t.throws(() => move(s, 'Caesar', 'C-L7', 'Genua'), { name: 'RuleError' });
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle');
  t.same(s.battle!.reserves, []);
  t.equal(where(s, 'C-L7').loc, 'Massilia');
});
