// Checklist items 164-182: the God cards Jupiter, Mars, Mercury, Neptune, Pluto and Vulcan
// (v2.0 "God Cards" sidebar; Apollo is tested with the Card Phase).

import t from 'tap';
import { battleOrderCaption } from '../../../src/engine/julius-caesar/headings.js';
import {
  act,
  command,
  destinations,
  done,
  isLegal,
  legal,
  move,
  pending,
  position,
  play,
  rig,
  rigPick,
  viewOf,
  where,
  type Role,
  type State,
} from './helpers.js';
import { leadersKilled, occupancy, status, victoryPoints } from '../../../src/engine/julius-caesar/state.js';
import { createRng } from '../../../src/engine/kit/random.js';
import { testSeed } from '../../helpers/seeds.js';

const JUPITER = 'K02';
const MARS = 'K03';
const MERCURY = 'K04';
const NEPTUNE = 'K05';
const PLUTO = 'K06';
const VULCAN = 'K07';

const statusOf = (s: State, loc: string, role: Role) => status(occupancy(s), loc, role);

/** The blocks that may take the current battle turn. */
function actingBlocks(s: State): string[] {
  const role = pending(s)[0] as Role;
  return [...new Set(legal(s, role).map((a) => a.block as string))].sort();
}

function pass(s: State, role: Role, block: string): State {
  return act(s, role, 'pass', { block });
}

/** Moves n blocks along the same path, returning the new state. */
function moveAll(s: State, role: Role, blocks: string[], ...path: string[]): State {
  for (const b of blocks) s = move(s, role, b, ...path);
  return s;
}

const logHas = (s: State, role: Role | null, re: RegExp) => viewOf(s, role).log.some((l) => re.test(l));

// ---------------------------------------------------------------- Jupiter

/** Caesar holds Genua; Rome holds P-Pompey, P-L1, P-NAV1; Caesar plays Jupiter (and so is P1). */
function jupiterRome(extra: { Caesar?: Record<string, string[]>; pompey?: string } = {}): State {
  return command({
    Caesar: { Genua: ['C-L8'], ...extra.Caesar },
    Pompey: { Rome: [extra.pompey ?? 'P-Pompey', 'P-L1', 'P-NAV1'], Neapolis: ['P-L3'], Tyrrhenum: ['P-NAV2'] },
    cards: { Caesar: JUPITER, Pompey: 'K14' },
  });
}

t.test('JC-164 Jupiter targets an enemy city adjacent by road or strait to a Friendly city; one block drawn uniformly', (t) => {
  // JC-164
  let s = jupiterRome();
  t.equal(s.p1, 'Caesar');
  t.equal(s.step, 'jupiter');
  t.same(pending(s), ['Caesar']);
  // Rome only: Neapolis is not adjacent to Genua, Tyrrhenum is a sea.
  t.same(legal(s, 'Caesar'), [{ type: 'jupiter', city: 'Rome' }]);
  t.throws(() => act(s, 'Caesar', 'jupiter', { city: 'Neapolis' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'jupiter', { city: 'Tyrrhenum' }), { name: 'RuleError' });

  // Over many generator states each of the three blocks is drawn about a third of the time.
  const counts: Record<string, number> = { 'P-Pompey': 0, 'P-L1': 0, 'P-NAV1': 0 };
  const runs = 600;
  for (let seed = 1; seed <= runs; seed++) {
    const r = act({ ...s, rng: createRng(testSeed(seed)) }, 'Caesar', 'jupiter', { city: 'Rome' });
    if (where(r, 'P-L1').side === 'Caesar') counts['P-L1']!++;
    else if (where(r, 'P-Pompey').str === 2) counts['P-Pompey']!++;
    else if (where(r, 'P-NAV1').str === 1) counts['P-NAV1']!++;
  }
  t.equal(counts['P-Pompey']! + counts['P-L1']! + counts['P-NAV1']!, runs, 'exactly one block is affected each time');
  for (const [id, n] of Object.entries(counts)) t.ok(n > runs / 3 - 60 && n < runs / 3 + 60, `${id} drawn ${n}/${runs}`);

  // The same seed draws the same block (the game's generator).
  const a = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  const b = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(a.loc, b.loc);
  t.same(a.str, b.str);

  // Adjacency by strait counts: Rhegium (Caesar) - Messana (Pompey).
  s = command({
    Caesar: { Rhegium: ['C-L8'] },
    Pompey: { Messana: ['P-L37'], Syracuse: ['P-L1'] },
    cards: { Caesar: JUPITER, Pompey: 'K14' },
  });
  t.same(legal(s, 'Caesar'), [{ type: 'jupiter', city: 'Messana' }]);
  t.end();
});

t.test('JC-165 a selected legion defects at its strength to an adjacent Friendly city of the Jupiter player', (t) => {
  // JC-165
  let s = rigPick(jupiterRome(), 1, 3); // candidates in block order: P-Pompey, P-L1, P-NAV1
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(where(s, 'P-L1'), { loc: 'Genua', str: 4, side: 'Caesar' });
  t.same(where(s, 'P-Pompey'), { loc: 'Rome', str: 3, side: 'Pompey' });
  t.same(where(s, 'P-NAV1'), { loc: 'Rome', str: 2, side: 'Pompey' });
  t.equal(statusOf(s, 'Rome', 'Pompey'), 'friendly');
  t.equal(statusOf(s, 'Genua', 'Caesar'), 'friendly');
  // Jupiter is the whole command: Pompey commands next.
  t.equal(s.step, 'command');
  t.equal(s.cmd!.role, 'Pompey');
  t.same(legal(s, 'Caesar'), []);

  // Several Friendly cities adjacent: the Jupiter player chooses.
  s = rigPick(jupiterRome({ Caesar: { Ravenna: ['C-L13'] } }), 1, 3);
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.equal(s.step, 'jupiter-place');
  t.equal(where(s, 'P-L1').side, 'Caesar');
  t.same(legal(s, 'Caesar').map((a) => a.city).sort(), ['Genua', 'Ravenna']);
  t.throws(() => act(s, 'Caesar', 'place', { city: 'Asculum' }), { name: 'RuleError' }, 'Vacant, not Friendly');
  t.throws(() => act(s, 'Caesar', 'place', { city: 'Rome' }), { name: 'RuleError' });
  s = act(s, 'Caesar', 'place', { city: 'Ravenna' });
  t.same(where(s, 'P-L1'), { loc: 'Ravenna', str: 4, side: 'Caesar' });
  t.equal(s.cmd!.role, 'Pompey');
  t.end();
});

t.test('JC-166 a selected Leader or Navis does not defect: revealed, it loses a step, at I it is eliminated', (t) => {
  // JC-166
  let s = rigPick(jupiterRome({ pompey: 'P-Pompey:II' }), 0, 3);
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(where(s, 'P-Pompey'), { loc: 'Rome', str: 1, side: 'Pompey' });
  t.equal(where(s, 'P-L1').side, 'Pompey');
  t.ok(logHas(s, 'Caesar', /Pompey \(II\)/), 'revealed to Caesar');
  t.ok(logHas(s, 'Pompey', /Pompey \(II\)/), 'and to Pompey');
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-Brutus', city: 'Rome' }), 'no leader killed: no Brutus');

  // A Navis at II loses a step too.
  s = rigPick(jupiterRome(), 2, 3);
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(where(s, 'P-NAV1'), { loc: 'Rome', str: 1, side: 'Pompey' });

  // At strength I the leader is killed: a trophy for Caesar, Brutus becomes available.
  s = rigPick(jupiterRome({ pompey: 'P-Pompey:I' }), 0, 3);
  const vp = victoryPoints(s, 'Caesar');
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.equal(where(s, 'P-Pompey').loc, 'killed');
  t.equal(leadersKilled(s, 'Pompey'), 1);
  t.equal(victoryPoints(s, 'Caesar'), vp + 1);
  t.equal(s.cmd!.role, 'Pompey');
  t.ok(isLegal(s, 'Pompey', 'levy', { block: 'P-Brutus', city: 'Rome' }), 'Brutus may be levied');

  // A Navis at I is eliminated.
  s = command({
    Caesar: { Genua: ['C-L8'] },
    Pompey: { Rome: ['P-NAV1:I'] },
    cards: { Caesar: JUPITER, Pompey: 'K14' },
  });
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.equal(where(s, 'P-NAV1').loc, 'eliminated');
  t.equal(statusOf(s, 'Rome', 'Caesar'), 'vacant');
  t.end();
});

t.test('JC-167 Cleopatra can be selected by Jupiter and defects like a normal block', (t) => {
  // JC-167
  let s = command({
    Caesar: { Pelusium: ['C-L8'] },
    Pompey: { Alexandria: ['CLEO:III'] },
    cards: { Caesar: JUPITER, Pompey: 'K14' },
  });
  t.same(legal(s, 'Caesar'), [{ type: 'jupiter', city: 'Alexandria' }]);
  s = act(s, 'Caesar', 'jupiter', { city: 'Alexandria' });
  t.same(where(s, 'CLEO'), { loc: 'Pelusium', str: 3, side: 'Caesar' });
  t.equal(statusOf(s, 'Alexandria', 'Caesar'), 'vacant');
  t.end();
});

t.test('JC-168 Jupiter selects only blocks in cities; with no qualifying city it has no effect', (t) => {
  // JC-168
  const spec = {
    Caesar: { Massilia: ['C-L11', 'C-L14'] },
    Pompey: { Hispanum: ['P-NAV1'], Utica: ['P-L39', 'P-NAV3'] } as Record<string, string[]>,
    cards: { Caesar: JUPITER, Pompey: 'K14' },
  };
  const before = position(spec);
  let s = play(before, spec.cards);
  t.not(s.step, 'jupiter', 'no choice is offered');
  t.equal(s.step, 'command');
  t.equal(s.cmd!.role, 'Pompey', 'Caesar had nothing to do');
  t.same(s.loc, before.loc);
  t.same(s.side, before.side);
  t.same(s.str, before.str);

  // A Pompey block in Narbo (adjacent to Massilia by road) would be a target.
  s = command({ ...spec, Pompey: { ...spec.Pompey, Narbo: ['P-L5'] } });
  t.equal(s.step, 'jupiter');
  t.same(legal(s, 'Caesar'), [{ type: 'jupiter', city: 'Narbo' }]);
  t.end();
});

t.test('JC-169 Jupiter played as P2 in turn 1 of 705 may target a Contested city', (t) => {
  // JC-169
  let s = command({
    year: 705,
    Caesar: { Rome: ['C-L13', 'C-L8'] },
    Pompey: { Neapolis: ['P-Pompey', 'P-L1'], Brundisium: ['P-L3'] },
    cards: { Caesar: 'K09', Pompey: JUPITER },
  });
  t.equal(s.p1, 'Caesar');
  s = move(s, 'Caesar', 'C-L8', 'Neapolis');
  t.equal(statusOf(s, 'Neapolis', 'Pompey'), 'contested');
  s = done(s, 'Caesar');
  t.equal(s.step, 'jupiter');
  t.same(pending(s), ['Pompey']);
  t.same(legal(s, 'Pompey'), [{ type: 'jupiter', city: 'Neapolis' }]);
  s = act(s, 'Pompey', 'jupiter', { city: 'Neapolis' });
  t.same(where(s, 'C-L8'), { loc: 'Brundisium', str: 3, side: 'Pompey' });
  t.equal(statusOf(s, 'Neapolis', 'Pompey'), 'friendly');
  t.same(Object.keys(s.fights), [], 'no battle is fought in Neapolis');
  t.equal(s.step, 'cards');
  t.equal(s.turn, 2);
  t.end();
});

// ---------------------------------------------------------------- Mars

/** Genua holds 4 legions and C-L13 waits in Ravenna; Rome and Massilia are Pompey's; Caesar plays Mars. */
function marsGenua(): State {
  return command({
    Caesar: { Genua: ['C-L8', 'C-L11', 'C-L12', 'C-L14', 'C-NAV2'], Ravenna: ['C-L13'] },
    Pompey: { Rome: ['P-L1'], Massilia: ['P-L5'] },
    cards: { Caesar: MARS, Pompey: 'K14' },
  });
}

t.test('JC-170 Mars: one group move of land blocks only, which may split and start several battles', (t) => {
  // JC-170
  let s = marsGenua();
  t.equal(s.p1, 'Caesar');
  t.equal(s.step, 'command');
  t.same(legal(s, 'Caesar', 'move', 'C-NAV2'), [], 'the Navis stays');
  t.same(legal(s, 'Caesar', 'amphibious'), []);
  t.same(legal(s, 'Caesar', 'levy'), [], 'no levy');
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L11'], 'Rome');
  s = moveAll(s, 'Caesar', ['C-L12', 'C-L14'], 'Massilia');
  t.same(Object.keys(s.fights).sort(), ['Massilia', 'Rome']);
  t.same(legal(s, 'Caesar', 'move', 'C-L13'), [], 'no second location may be activated');
  t.throws(() => move(s, 'Caesar', 'C-L13', 'Asculum'), { name: 'RuleError' });
  t.same(legal(s, 'Caesar', 'move', 'C-NAV2'), []);
  t.same(legal(s, 'Caesar', 'levy'), []);
  t.same(legal(s, 'Caesar', 'strengthen'), []);
  t.same(legal(s, 'Caesar'), [{ type: 'done' }]);
  // Normal road limits: Genua-Rome is major (4), so a Mars group of 5 could only send 4.
  s = command({
    Caesar: { Ravenna: ['C-L8', 'C-L11', 'C-L12'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: MARS, Pompey: 'K14' },
  });
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L11'], 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L12', path: ['Rome'] }), 'Ravenna-Rome minor: 2');
  t.end();
});

t.test('JC-171 Mars: in Round 1 of the designated battle all attackers act first, Rounds 2-4 are normal', (t) => {
  // JC-171
  let s = command({
    Caesar: { Genua: ['C-L8', 'C-L12'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: MARS, Pompey: 'K14' },
  });
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L12'], 'Rome');
  s = done(s, 'Caesar');
  t.equal(s.fights.Rome!.surprise, true, 'the only battle is designated');
  s = done(s, 'Pompey');
  t.equal(s.battle!.loc, 'Rome');
  t.equal(s.battle!.surprise, true);
  // Issue 41: the battle table's caption says so, as the view tells the board (and says the usual order after).
  const v = viewOf(s, 'Pompey') as unknown as { battle: { surprise: boolean; round: number } };
  t.match(battleOrderCaption(v.battle.surprise, v.battle.round), /surprise battle .*in Round 1 the Attacker fires first/);
  t.match(battleOrderCaption(v.battle.surprise, 2), /the Defender first/);
  // Round 1: C-L8, C-L12, then P-L1.
  t.same(pending(s), ['Caesar']);
  t.same(actingBlocks(s), ['C-L12', 'C-L8']);
  s = pass(s, 'Caesar', 'C-L8');
  t.same(pending(s), ['Caesar']);
  t.same(actingBlocks(s), ['C-L12']);
  s = pass(s, 'Caesar', 'C-L12');
  t.same(pending(s), ['Pompey']);
  s = pass(s, 'Pompey', 'P-L1');
  // Round 2: P-L1 first (Defender first on ties), then C-L8, C-L12.
  t.equal(s.battle!.round, 2);
  t.same(pending(s), ['Pompey']);
  t.same(actingBlocks(s), ['P-L1']);
  s = pass(s, 'Pompey', 'P-L1');
  t.same(pending(s), ['Caesar']);
  t.same(actingBlocks(s), ['C-L12', 'C-L8']);
  s = pass(s, 'Caesar', 'C-L8');
  s = pass(s, 'Caesar', 'C-L12');
  t.equal(s.battle!.round, 3);
  t.same(pending(s), ['Pompey'], 'Round 3 normal too');

  // The same battle without Mars: P-L1 acts first in Round 1.
  s = command({
    Caesar: { Genua: ['C-L8', 'C-L12'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L12'], 'Rome');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.battle!.surprise, false);
  t.same(pending(s), ['Pompey']);
  t.end();
});

t.test('JC-172 Mars: only the designated battle gets the effect', (t) => {
  // JC-172
  let s = marsGenua();
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L11'], 'Rome');
  s = moveAll(s, 'Caesar', ['C-L12', 'C-L14'], 'Massilia');
  s = done(s, 'Caesar');
  t.equal(s.step, 'surprise');
  t.same(legal(s, 'Caesar').map((a) => a.location).sort(), ['Massilia', 'Rome']);
  s = act(s, 'Caesar', 'surprise', { location: 'Rome' });
  t.equal(s.fights.Rome!.surprise, true);
  t.equal(s.fights.Massilia!.surprise, false);
  t.equal(s.cmd!.role, 'Pompey');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle-choose');
  const massilia = act(s, 'Caesar', 'battle', { location: 'Massilia' });
  t.equal(massilia.battle!.surprise, false);
  t.same(pending(massilia), ['Pompey'], 'Massilia: normal order, Defender first');
  const rome = act(s, 'Caesar', 'battle', { location: 'Rome' });
  t.equal(rome.battle!.surprise, true);
  t.same(pending(rome), ['Caesar'], 'Rome: the Mars attackers first');
  t.end();
});

t.test('JC-173 Mars: the battle is designated right after the Mars move, publicly; no battle, no designation', (t) => {
  // JC-173
  // Only Vacant cities entered: no prompt, Pompey commands next.
  let s = marsGenua();
  s = move(s, 'Caesar', 'C-L8', 'Lugdunum');
  s = done(s, 'Caesar');
  t.equal(s.step, 'command');
  t.equal(s.cmd!.role, 'Pompey');
  t.same(legal(s, 'Caesar'), []);

  // Two battles: Caesar designates before Pompey moves; both players are told.
  s = marsGenua();
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L11'], 'Rome');
  s = moveAll(s, 'Caesar', ['C-L12', 'C-L14'], 'Massilia');
  s = done(s, 'Caesar');
  t.equal(s.step, 'surprise');
  t.same(pending(s), ['Caesar']);
  t.same(legal(s, 'Pompey'), [], 'Pompey waits');
  s = act(s, 'Caesar', 'surprise', { location: 'Rome' });
  t.ok(logHas(s, 'Pompey', /designates the battle in Rome/), 'Pompey is told');
  t.ok(logHas(s, null, /designates the battle in Rome/), 'public');
  t.same(viewOf(s, 'Pompey').command!.role, 'Pompey');

  // Pompey's response into Rome still arrives only in Round 2.
  s = command({
    Caesar: { Genua: ['C-L8', 'C-L12'] },
    Pompey: { Rome: ['P-L1'], Neapolis: ['P-Pompey'] },
    cards: { Caesar: MARS, Pompey: 'K14' },
  });
  s = moveAll(s, 'Caesar', ['C-L8', 'C-L12'], 'Rome');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-Pompey', 'Rome');
  t.same(s.fights.Rome!.reserves, ['P-Pompey']);
  s = done(s, 'Pompey');
  s = pass(s, 'Caesar', 'C-L8');
  s = pass(s, 'Caesar', 'C-L12');
  t.same(actingBlocks(s), ['P-L1'], 'Round 1: the Reserve P-Pompey does not act');
  s = pass(s, 'Pompey', 'P-L1');
  t.equal(s.battle!.round, 2);
  t.same(actingBlocks(s), ['P-Pompey'], 'Round 2: P-Pompey (B) first');
  t.end();
});

t.test('JC-174 Mars played as P2 may designate only a battle its player attacks', (t) => {
  // JC-174
  let s = command({
    year: 705,
    Caesar: { Narbo: ['C-L8', 'C-L11'], Burdigala: ['C-L12'] },
    Pompey: { Tarraco: ['P-L5'], Bilbilis: ['P-L1', 'P-L2'] },
    cards: { Caesar: 'K09', Pompey: MARS },
  });
  t.equal(s.p1, 'Caesar');
  s = move(s, 'Caesar', 'C-L8', 'Tarraco');
  s = done(s, 'Caesar');
  s = moveAll(s, 'Pompey', ['P-L1', 'P-L2'], 'Burdigala');
  s = done(s, 'Pompey');
  t.not(s.step, 'surprise', 'one choice only: no prompt');
  t.equal(s.fights.Burdigala!.surprise, true);
  t.equal(s.fights.Tarraco!.surprise, false, 'not Tarraco, where Pompey defends');
  t.equal(s.step, 'battle-choose');
  const tarraco = act(s, 'Caesar', 'battle', { location: 'Tarraco' });
  t.same(pending(tarraco), ['Pompey'], 'Tarraco: the Defender acts first');
  const burdigala = act(s, 'Caesar', 'battle', { location: 'Burdigala' });
  t.same(pending(burdigala), ['Pompey'], 'Burdigala: the Mars attacker first');
  t.equal(burdigala.battle!.attacker, 'Pompey');
  t.end();
});

// ---------------------------------------------------------------- Mercury

function mercuryMassilia(): State {
  return command({
    Caesar: { Massilia: ['C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11', 'C-L12', 'C-NAV1'] },
    Pompey: { Tarraco: ['P-L5', 'P-L6', 'P-EQ1'], Genua: ['P-L1', 'P-L2', 'P-L3'] },
    cards: { Caesar: MERCURY, Pompey: 'K14' },
  });
}

t.test('JC-175 Mercury: one land group move, each block one extra city (3 without attacking, or attack on the 2nd)', (t) => {
  // JC-175
  let s = mercuryMassilia();
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Tarraco'] }), 'two cities then attack');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Burdigala', 'Bilbilis'] }), 'three cities');
  t.same(legal(s, 'Caesar', 'move', 'C-NAV1'), [], 'land blocks only');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Genua', 'Rome'] }), 'entering Genua (enemy) stops the block');
  s = moveAll(s, 'Caesar', ['C-L7', 'C-L8', 'C-L9', 'C-L10'], 'Genua');
  s = moveAll(s, 'Caesar', ['C-L11', 'C-L12'], 'Lugdunum', 'Genua');
  t.same(s.fights.Genua!.reserves.sort(), ['C-L11', 'C-L12'], 'the Lugdunum pair are Reserves');
  t.equal(s.fights.Genua!.main, 'Massilia');
  t.equal(s.cmd!.activated.length, 1);

  // Blocks go different ways; road limits apply normally (Lugdunum-Genua minor: 2).
  s = mercuryMassilia();
  s = move(s, 'Caesar', 'C-L7', 'Narbo', 'Tarraco');
  s = move(s, 'Caesar', 'C-L8', 'Narbo', 'Burdigala', 'Bilbilis');
  s = moveAll(s, 'Caesar', ['C-L9', 'C-L10'], 'Lugdunum', 'Genua');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L11', path: ['Lugdunum', 'Genua'] }), 'a third on the minor road');
  t.same(where(s, 'C-L7').loc, 'Tarraco');
  t.same(where(s, 'C-L8').loc, 'Bilbilis');
  t.same(Object.keys(s.fights).sort(), ['Genua', 'Tarraco']);

  // Without Mercury the same moves are two-step attacks / three-city moves: rejected.
  s = command({
    Caesar: { Massilia: ['C-L7'] },
    Pompey: { Tarraco: ['P-L5'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Tarraco'] }));
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Burdigala', 'Bilbilis'] }));
  t.end();
});

t.test('JC-176 Mercury: no attack on the third step', (t) => {
  // JC-176
  const s = command({
    Caesar: { Massilia: ['C-L7'] },
    Pompey: { 'Carthago Nova': ['P-L2'] },
    cards: { Caesar: MERCURY, Pompey: 'K14' },
  });
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Tarraco', 'Carthago Nova'] }));
  t.throws(() => move(s, 'Caesar', 'C-L7', 'Narbo', 'Tarraco', 'Carthago Nova'), { name: 'RuleError' });
  t.notOk(destinations(s, 'Caesar', 'C-L7').includes('Carthago Nova'));
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Tarraco', 'Bilbilis'] }), 'a Vacant third city is fine');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L7', path: ['Narbo', 'Tarraco'] }));
  t.end();
});

// ---------------------------------------------------------------- Neptune

t.test('JC-177 Neptune: one group move of Navis only; its designated attackers act first in Round 1', (t) => {
  // JC-177
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV4', 'C-NAV5'], Rome: ['C-L8'], Genua: ['C-L11', 'C-NAV1'] },
    Pompey: { Internum: ['P-NAV1'] },
    cards: { Caesar: NEPTUNE, Pompey: 'K14' },
  });
  t.same(legal(s, 'Caesar', 'move', 'C-L8'), [], 'land blocks stay');
  t.same(legal(s, 'Caesar', 'move', 'C-L11'), []);
  t.same(legal(s, 'Caesar', 'amphibious'), [], 'no amphibious move');
  t.same(legal(s, 'Caesar', 'levy'), []);
  t.ok(legal(s, 'Caesar', 'move', 'C-NAV1').length > 0, 'the Navis in Genua could move');
  s = moveAll(s, 'Caesar', ['C-NAV4', 'C-NAV5'], 'Internum');
  t.same(legal(s, 'Caesar', 'move', 'C-NAV1'), [], 'one group only');
  s = done(s, 'Caesar');
  t.equal(s.fights.Internum!.surprise, true);
  s = done(s, 'Pompey');
  t.equal(s.battle!.loc, 'Internum');
  t.same(pending(s), ['Caesar']);
  t.same(actingBlocks(s), ['C-NAV4', 'C-NAV5']);
  s = rig(s, [6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-NAV4' });
  t.same(pending(s), ['Caesar']);
  s = rig(s, [6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-NAV5' });
  t.same(pending(s), ['Pompey'], 'then P-NAV1');
  s = rig(s, [6, 6]);
  s = act(s, 'Pompey', 'fire', { block: 'P-NAV1' });
  t.equal(s.battle!.round, 2);
  t.same(pending(s), ['Pompey'], 'Round 2: normal order');
  t.end();
});

// ---------------------------------------------------------------- Pluto

function plutoGenua(): State {
  return command({
    Caesar: { Genua: ['C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11', 'C-L12', 'C-L13'], Ravenna: ['C-Caesar'] },
    Pompey: { Rome: ['P-L1:I'] },
    cards: { Caesar: PLUTO, Pompey: 'K14' },
  });
}

t.test('JC-178 Pluto raises road limits for the group attacks only (major 6), not other moves, retreats or regroups', (t) => {
  // JC-178
  // Test A: 6 attack along the major road, a 7th is rejected.
  let s = plutoGenua();
  s = moveAll(s, 'Caesar', ['C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11', 'C-L12'], 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L13', path: ['Rome'] }), 'a 7th attacker');
  t.throws(() => move(s, 'Caesar', 'C-L13', 'Rome'), { name: 'RuleError' });
  // ... and the regroup after the battle uses the normal limit (4).
  s = done(done(s, 'Caesar'), 'Pompey');
  s = pass(s, 'Pompey', 'P-L1');
  s = rig(s, [1, 6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-L7' });
  t.equal(s.step, 'regroup');
  for (const b of ['C-L7', 'C-L8', 'C-L9', 'C-L10']) s = act(s, 'Caesar', 'regroup', { block: b, to: 'Genua' });
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-L11', to: 'Genua' }), 'regroup: normal limit');

  // Test B: no attack, normal limit: 4 to Friendly Ravenna.
  s = plutoGenua();
  s = moveAll(s, 'Caesar', ['C-L7', 'C-L8', 'C-L9', 'C-L10'], 'Ravenna');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L11', path: ['Ravenna'] }), 'a 5th to Ravenna');
  t.throws(() => move(s, 'Caesar', 'C-L11', 'Ravenna'), { name: 'RuleError' });

  // Minor road attacks: 3.
  s = command({
    Caesar: { Ravenna: ['C-L7', 'C-L8', 'C-L9', 'C-L10'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: PLUTO, Pompey: 'K14' },
  });
  s = moveAll(s, 'Caesar', ['C-L7', 'C-L8', 'C-L9'], 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L10', path: ['Rome'] }), 'a 4th on the minor road');

  // Retreats: normal limit (minor road 2 per round), here for the Pluto attackers in Rome.
  s = command({
    Caesar: { Ravenna: ['C-L7', 'C-L8', 'C-L9', 'C-Caesar'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: PLUTO, Pompey: 'K14' },
  });
  s = moveAll(s, 'Caesar', ['C-L7', 'C-L8', 'C-L9'], 'Rome');
  s = done(done(s, 'Caesar'), 'Pompey');
  while (s.battle!.round < 2) s = pass(s, pending(s)[0] as Role, legal(s, pending(s)[0] as Role, 'pass')[0]!.block as string);
  s = pass(s, 'Pompey', 'P-L1');
  s = act(s, 'Caesar', 'retreat', { block: 'C-L7', to: 'Ravenna' });
  s = act(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Ravenna' });
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L9', to: 'Ravenna' }), 'retreat: normal limit');
  t.end();
});

t.test('JC-179 Pluto: the raised strait limit (2) counts all the group crossings this phase', (t) => {
  // JC-179
  let s = command({
    Caesar: { Rhegium: ['C-L8', 'C-L11', 'C-L12'] },
    Pompey: { Messana: ['P-L37'] },
    cards: { Caesar: PLUTO, Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Messana');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L11', path: ['Messana'] }), 'a 2nd across the strait');
  s = move(s, 'Caesar', 'C-L11', 'Messana');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L12', path: ['Messana'] }), 'a 3rd is rejected');
  t.throws(() => move(s, 'Caesar', 'C-L12', 'Messana'), { name: 'RuleError' });

  // Without Pluto only 1 block may attack across the strait.
  s = command({
    Caesar: { Rhegium: ['C-L8', 'C-L11'] },
    Pompey: { Messana: ['P-L37'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Messana');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L11', path: ['Messana'] }));
  t.end();
});

// ---------------------------------------------------------------- Vulcan

t.test('JC-180 Vulcan: any one Enemy city on the map, every block there loses a step', (t) => {
  // JC-180
  let s = command({
    Caesar: { Massilia: ['C-L11'] },
    Pompey: {
      Tarraco: ['P-L5:III', 'P-L6:I', 'P-EQ1:II', 'P-Pompey:I'],
      Antioch: ['P-L34'],
      Hispanum: ['P-NAV1'],
    },
    cards: { Caesar: VULCAN, Pompey: 'K14' },
  });
  t.equal(s.step, 'vulcan');
  // Enemy cities anywhere (no adjacency); Alexandria holds Cleopatra (Pompey's); never a sea or a Vacant city.
  t.same(legal(s, 'Caesar').map((a) => a.city), ['Alexandria', 'Antioch', 'Tarraco']);
  t.throws(() => act(s, 'Caesar', 'vulcan', { city: 'Hispanum' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'vulcan', { city: 'Narbo' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'vulcan', { city: 'Massilia' }), { name: 'RuleError' });
  const vp = victoryPoints(s, 'Caesar');
  s = act(s, 'Caesar', 'vulcan', { city: 'Tarraco' });
  t.same(where(s, 'P-L5'), { loc: 'Tarraco', str: 2, side: 'Pompey' });
  t.same(where(s, 'P-EQ1'), { loc: 'Tarraco', str: 1, side: 'Pompey' });
  t.same(where(s, 'P-L6'), { loc: 'eliminated', str: 0, side: 'Pompey' });
  t.equal(where(s, 'P-Pompey').loc, 'killed');
  t.equal(victoryPoints(s, 'Caesar'), vp + 1, 'Caesar gains the trophy');
  t.same(viewOf(s, 'Caesar').pools.Pompey.eliminated, ['P-L6']);
  t.equal(s.cmd!.role, 'Pompey');
  t.ok(isLegal(s, 'Pompey', 'levy', { block: 'P-Brutus', city: 'Tarraco' }), 'Brutus available');

  // Played as P2 in turn 1 of 705: a Contested city is not a target.
  s = command({
    year: 705,
    Caesar: { Rome: ['C-L8', 'C-L13'] },
    Pompey: { Neapolis: ['P-L1'], Alexandria: ['CLEO'] },
    cards: { Caesar: 'K09', Pompey: VULCAN },
  });
  s = move(s, 'Caesar', 'C-L8', 'Neapolis');
  s = done(s, 'Caesar');
  t.equal(s.step, 'vulcan');
  t.same(legal(s, 'Pompey').map((a) => a.city), ['Rome']);
  t.throws(() => act(s, 'Pompey', 'vulcan', { city: 'Neapolis' }), { name: 'RuleError' });
  t.end();
});

t.test('JC-181 Vulcan eliminates blocks at I (Navis, leaders) and the Elephant at II, but not Cleopatra at I', (t) => {
  // JC-181
  const strike = (cleo: string) => {
    const s = command({
      Caesar: { Pelusium: ['C-L8'] },
      Pompey: { Alexandria: [cleo, 'P-NAV2:I', 'P-ELE:II'] },
      cards: { Caesar: VULCAN, Pompey: 'K14' },
    });
    return act(s, 'Caesar', 'vulcan', { city: 'Alexandria' });
  };
  let s = strike('CLEO:I');
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 1, side: 'Pompey' });
  t.equal(where(s, 'P-NAV2').loc, 'eliminated');
  t.equal(where(s, 'P-ELE').loc, 'eliminated');
  t.equal(statusOf(s, 'Alexandria', 'Pompey'), 'friendly');
  s = strike('CLEO:III');
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 2, side: 'Pompey' });

  // The Elephant at IV drops to II (one step).
  s = command({
    Caesar: { Tacape: ['C-L8'] },
    Pompey: { Utica: ['P-ELE:IV'] },
    cards: { Caesar: VULCAN, Pompey: 'K14' },
  });
  s = act(s, 'Caesar', 'vulcan', { city: 'Utica' });
  t.same(where(s, 'P-ELE'), { loc: 'Utica', str: 2, side: 'Pompey' });
  t.end();
});

t.test('JC-182 a city emptied by Vulcan is Vacant at once, with no battle', (t) => {
  // JC-182
  let s = command({
    Caesar: { Messana: ['C-L8'] },
    Pompey: { Syracuse: ['P-L37:I'] },
    cards: { Caesar: VULCAN, Pompey: 'K14' },
  });
  s = act(s, 'Caesar', 'vulcan', { city: 'Syracuse' });
  t.equal(where(s, 'P-L37').loc, 'eliminated');
  t.equal(statusOf(s, 'Syracuse', 'Caesar'), 'vacant');
  t.equal(statusOf(s, 'Syracuse', 'Pompey'), 'vacant');
  t.same(s.fights, {});
  t.equal(s.cmd!.role, 'Pompey');
  t.same(where(s, 'C-L8').loc, 'Messana', 'the Vulcan player does not move in');
  t.end();
});
