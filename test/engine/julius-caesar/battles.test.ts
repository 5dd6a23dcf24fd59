// Checklist 7.1-7.52 (JC-112 to JC-142): battle sequence, battle turns and rounds, reserves,
// disruption, hits, Elephant, Ballista, eliminated blocks, leaders, Cleopatra.
// Every battle is reached by real moves in the Command Phase; `rig` fixes the dice just before a fire.

import t from 'tap';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { leadersKilled, occupancy, status, victoryPoints } from '../../../src/engine/julius-caesar/state.js';
import { act, command, done, isLegal, jc, legal, move, pending, play, rig, viewOf, where, type Role, type State } from './helpers.js';
import { testSeed } from '../../helpers/seeds.js';

// ---- small helpers for this file ----

/** The role whose decision is awaited (exactly one during a battle). */
function who(s: State): Role {
  const p = pending(s);
  if (p.length !== 1) throw new Error(`expected one pending role, got ${p.join(',')}`);
  return p[0] as Role;
}

/** The blocks that may act now (fire, pass or retreat), sorted. */
function actors(s: State): string[] {
  const ids = new Set(jc.legalActions(s, who(s)).map((a) => a.block as string));
  return [...ids].sort();
}

/** The pending role passes with the first block offered; returns the new state and that block. */
function passOne(s: State): [State, string] {
  const r = who(s);
  const a = legal(s, r, 'pass')[0];
  if (!a) throw new Error(`${r} cannot pass now`);
  return [act(s, r, 'pass', { block: a.block }), a.block as string];
}

/** Passes every battle turn of the current round; returns the state and the order of the turns. */
function passRound(s: State): [State, string[]] {
  const round = s.battle!.round;
  const order: string[] = [];
  while (s.battle && s.battle.round === round && s.step === 'battle') {
    let id: string;
    [s, id] = passOne(s);
    order.push(id);
  }
  return [s, order];
}

/** Passes whole rounds until the given round begins. */
function passUntilRound(s: State, round: number): State {
  while (s.battle!.round < round) [s] = passRound(s);
  return s;
}

/** Fires a block with rigged dice. */
function fire(s: State, role: Role, block: string, dice: number[]): State {
  return act(rig(s, dice), role, 'fire', { block });
}

/** Public log texts added since `from`. */
function logSince(s: State, from: number): string[] {
  return s.log.slice(from).map((e) => e.t ?? '');
}

/** Retreat destinations offered to a block now, sorted. */
function retreats(s: State, role: Role, block: string): string[] {
  return legal(s, role, 'retreat', block)
    .map((a) => a.to as string)
    .sort();
}

/** Blocks offered a regroup move. */
function regroupers(s: State, role: Role): string[] {
  return [...new Set(legal(s, role, 'regroup').map((a) => a.block as string))].sort();
}

// ---- 7.1 Battle sequence ----

t.test('JC-112 P1 picks each battle in turn, including P2\'s; earlier results count for later retreats', async (t) => {
  // JC-112
  // Caesar (P1, K09) attacks Genua from Massilia and Rome from Ravenna; Pompey (P2, K14) attacks
  // Caesar's Narbo from Tarraco.
  let s = command({
    Caesar: { Massilia: ['C-L11', 'C-L14'], Ravenna: ['C-L13'], Narbo: ['C-L7'] },
    Pompey: { Genua: ['P-L3:I'], Rome: ['P-L1'], Tarraco: ['P-L5'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L11', 'Genua');
  s = move(s, 'Caesar', 'C-L14', 'Genua');
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L5', 'Narbo');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle-choose');
  t.same(pending(s), ['Caesar'], 'P1 chooses');
  t.same(legal(s, 'Caesar').map((a) => a.location).sort(), ['Genua', 'Narbo', 'Rome'], 'P2\'s attack on Narbo is P1\'s choice too');
  t.same(legal(s, 'Pompey'), []);
  t.throws(() => act(s, 'Pompey', 'battle', { location: 'Narbo' }), { name: 'RuleError' });

  // Variant: Rome first: Genua is still Contested, so no retreat there.
  {
    let r = act(s, 'Caesar', 'battle', { location: 'Rome' });
    t.equal(r.battle?.loc, 'Rome');
    r = passUntilRound(r, 2);
    [r] = passOne(r); // P-L1 (Defender C)
    t.same(retreats(r, 'Caesar', 'C-L13'), ['Ravenna'], 'Genua is Contested: not yet a retreat');
  }

  // Genua first; Caesar wins it.
  s = act(s, 'Caesar', 'battle', { location: 'Genua' });
  t.equal(s.battle?.loc, 'Genua');
  s = fire(s, 'Pompey', 'P-L3', [6]);
  s = fire(s, 'Caesar', 'C-L11', [1, 6, 6]);
  t.equal(where(s, 'P-L3').loc, 'eliminated');
  t.equal(s.step, 'regroup', 'the Genua battle is resolved completely, regroup included');
  s = done(s, 'Caesar');
  t.equal(s.step, 'battle-choose', 'then P1 picks the next battle');
  t.same(legal(s, 'Caesar').map((a) => a.location).sort(), ['Narbo', 'Rome']);
  s = act(s, 'Caesar', 'battle', { location: 'Rome' });
  s = passUntilRound(s, 2);
  [s] = passOne(s); // P-L1
  t.same(retreats(s, 'Caesar', 'C-L13'), ['Genua', 'Ravenna'], 'Genua is now Friendly');
  s = act(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Genua' });
  t.equal(where(s, 'C-L13').loc, 'Genua');
});

t.test('JC-113 every Contested location is a battle, sea and shore attacks included', async (t) => {
  // JC-113
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV4'], Massilia: ['C-L11'] },
    Pompey: { Internum: ['P-NAV3'], Hispanum: ['P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-NAV1', 'Massilia');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle-choose');
  t.same(legal(s, 'Caesar').map((a) => a.location).sort(), ['Internum', 'Massilia']);
  const s0 = s;
  s = act(s, 'Caesar', 'battle', { location: 'Massilia' });
  t.same(s.battle && [s.battle.loc, s.battle.attacker, s.battle.defender], ['Massilia', 'Pompey', 'Caesar'], 'shore combat');
  t.same(actors(s), ['C-L11'], 'Defender C acts first');
  const sea = act(s0, 'Caesar', 'battle', { location: 'Internum' });
  t.same(sea.battle && [sea.battle.loc, sea.battle.attacker, sea.battle.defender], ['Internum', 'Caesar', 'Pompey'], 'Navis battle');
  t.same(actors(sea), ['P-NAV3'], 'Defender D acts first');
});

// ---- 7.2 Battle turns and rounds ----

/** Caesar and his cavalry attack Pompey and a fleet at Neapolis: the battle, before its first turn. */
function neapolis(): State {
  let s = command({
    Caesar: { Rome: ['C-Caesar', 'C-EQ1'] },
    Pompey: { Neapolis: ['P-Pompey', 'P-NAV3'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Neapolis');
  s = move(s, 'Caesar', 'C-EQ1', 'Neapolis');
  s = done(s, 'Caesar');
  return done(s, 'Pompey');
}

t.test('JC-114 one battle turn per block per round: Defender A, Attacker A, ... Attacker D', async (t) => {
  // JC-114
  let s = neapolis();
  t.equal(s.battle?.loc, 'Neapolis');
  const seen: string[] = [];
  const offered: string[][] = [];
  for (let k = 0; k < 4; k++) {
    offered.push(actors(s));
    let id: string;
    [s, id] = passOne(s);
    seen.push(id);
  }
  t.same(offered, [['C-Caesar'], ['P-Pompey'], ['C-EQ1'], ['P-NAV3']], 'one block at a time');
  t.same(seen, ['C-Caesar', 'P-Pompey', 'C-EQ1', 'P-NAV3']);
  t.equal(s.battle!.round, 2, 'each block had exactly one turn in Round 1');
  const [, round2] = passRound(s);
  t.same(round2, ['C-Caesar', 'P-Pompey', 'C-EQ1', 'P-NAV3'], 'same order in Round 2');

  // Within one letter the owner chooses the order.
  let u = command({
    Caesar: { Rome: ['C-EQ1', 'C-AUX1'] },
    Pompey: { Neapolis: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-EQ1', 'Neapolis');
  u = move(u, 'Caesar', 'C-AUX1', 'Neapolis');
  u = done(u, 'Caesar');
  u = done(u, 'Pompey');
  t.same(actors(u), ['C-AUX1', 'C-EQ1'], 'both B blocks offered');
  u = act(u, 'Caesar', 'pass', { block: 'C-AUX1' });
  t.same(actors(u), ['C-EQ1']);
  t.throws(() => act(u, 'Caesar', 'pass', { block: 'C-AUX1' }), { name: 'RuleError' }, 'no second turn');
});

t.test('JC-114 the battle view lists the blocks that have had their battle turn this round, as far as the viewer may name them', async (t) => {
  // JC-114
  let s = neapolis();
  const acted = (viewer: Role | null) => viewOf(s, viewer).battle!.acted;
  t.same([acted('Caesar'), acted('Pompey'), acted(null)], [[], [], []], 'nobody has acted yet');
  [s] = passOne(s);
  [s] = passOne(s);
  for (const viewer of ['Caesar', 'Pompey', null] as const) t.same(acted(viewer), ['C-Caesar', 'P-Pompey'], `${viewer ?? 'an observer'}: both blocks in the battle, own or revealed`);
  [s] = passRound(s);
  t.equal(s.battle!.round, 2);
  t.same(acted('Caesar'), [], 'a new round: nobody has acted in it yet');
  [s] = passOne(s);
  t.equal(who(s), 'Pompey');
  const retreat = legal(s, 'Pompey', 'retreat').find((a) => a.block === 'P-Pompey')!;
  s = act(s, 'Pompey', 'retreat', { ...retreat });
  t.same(acted('Pompey'), ['C-Caesar', 'P-Pompey'], 'Pompey sees his own block that retreated');
  t.same(acted('Caesar'), ['C-Caesar'], 'Caesar: the block that left the battle is no longer named');
  for (const viewer of ['Caesar', 'Pompey', null] as const) {
    const named = new Set(viewOf(s, viewer).blocks.flatMap((b) => (b.id ? [b.id] : [])));
    t.ok(acted(viewer).every((id) => named.has(id)), `${viewer ?? 'an observer'}: never a block the view does not name`);
  }
});

t.test('JC-115 a battle turn is fire, retreat or pass; no retreat in Round 1', async (t) => {
  // JC-115
  let s = command({
    Caesar: { Genua: ['C-L13'] },
    Pompey: { Rome: ['P-L1'], Neapolis: ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(pending(s), ['Pompey']);
  t.same(legal(s, 'Pompey').map((a) => a.type).sort(), ['fire', 'pass'], 'Round 1: fire or pass');
  t.throws(() => act(s, 'Pompey', 'retreat', { block: 'P-L1', to: 'Neapolis' }), { name: 'RuleError' });
  s = passUntilRound(s, 2);
  t.ok(isLegal(s, 'Pompey', 'retreat', { block: 'P-L1', to: 'Neapolis' }), 'Round 2: retreat offered');
  t.ok(isLegal(s, 'Pompey', 'fire', { block: 'P-L1' }));
  t.ok(isLegal(s, 'Pompey', 'pass', { block: 'P-L1' }));
  t.throws(() => act(s, 'Pompey', 'fire', { block: 'P-L1', twice: true }), { name: 'RuleError', message: /is not among its 1 legal "fire" action\.$/ }, 'the refusal counts right');
  s = act(s, 'Pompey', 'retreat', { block: 'P-L1', to: 'Neapolis' });
  t.equal(where(s, 'P-L1').loc, 'Neapolis');
});

t.test('JC-116 a battle ends as soon as one side has no blocks left', async (t) => {
  // JC-116
  let s = command({
    Caesar: { Genua: ['C-L13'] },
    Pompey: { Rome: ['P-L1:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = fire(s, 'Pompey', 'P-L1', [6]);
  s = fire(s, 'Caesar', 'C-L13', [4, 5, 6]);
  t.equal(s.battle!.round, 2);
  s = fire(s, 'Pompey', 'P-L1', [6]);
  const from = s.log.length;
  s = fire(s, 'Caesar', 'C-L13', [1, 6, 6]);
  t.equal(where(s, 'P-L1').loc, 'eliminated');
  t.equal(s.battle, null, 'battle over in Round 2');
  t.equal(s.step, 'regroup');
  t.same(s.regroup, { loc: 'Rome', role: 'Caesar', roads: {} }, 'the attacker is victorious and regroups');
  t.ok(logSince(s, from).includes('Caesar wins the battle in Rome.'));
  t.notOk(logSince(s, from).some((x) => x.startsWith('Round')), 'no Round 3');
});

t.test('JC-117 in Round 4 attackers must retreat in their turn; with no retreat they are eliminated', async (t) => {
  // JC-117
  let s = command({
    Caesar: { Genua: ['C-L13', 'C-L12'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntilRound(s, 4);
  t.same(pending(s), ['Pompey'], 'Round 4: the Defender C acts first (tie)');
  t.ok(isLegal(s, 'Pompey', 'fire', { block: 'P-L1' }));
  s = fire(s, 'Pompey', 'P-L1', [6, 6, 6, 6]);
  t.same(pending(s), ['Caesar']);
  t.notOk(isLegal(s, 'Caesar', 'fire', { block: 'C-L13' }), 'no fire in Round 4');
  t.notOk(isLegal(s, 'Caesar', 'pass', { block: 'C-L13' }), 'no pass in Round 4');
  t.throws(() => act(s, 'Caesar', 'fire', { block: 'C-L13' }), { name: 'RuleError' });
  t.same(retreats(s, 'Caesar', 'C-L13'), ['Genua'], 'Friendly Genua');
  s = act(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Genua' });
  t.equal(where(s, 'C-L13').loc, 'Genua');
  t.equal(s.battle, null);

  // Variant: Pompey (P2) occupied Vacant Genua behind the attacker; no legal retreat.
  let u = command({
    Caesar: { Genua: ['C-L13'] },
    Pompey: { Rome: ['P-L1'], Lugdunum: ['P-L3'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-L13', 'Rome');
  u = done(u, 'Caesar');
  u = move(u, 'Pompey', 'P-L3', 'Genua');
  u = done(u, 'Pompey');
  t.equal(u.battle?.loc, 'Rome');
  u = passUntilRound(u, 4);
  t.same(pending(u), ['Pompey']);
  u = act(u, 'Pompey', 'pass', { block: 'P-L1' });
  t.same(where(u, 'C-L13'), { loc: 'eliminated', str: 0, side: 'Caesar' }, 'eliminated at its turn');
  t.equal(u.battle, null);
  t.same(u.regroup?.role, 'Pompey');
});

t.test('JC-118 after Round 4 the Defender has won', async (t) => {
  // JC-118
  let s = command({
    Caesar: { Genua: ['C-L13', 'C-L12', 'C-L11'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = move(s, 'Caesar', 'C-L12', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntilRound(s, 4);
  t.equal(where(s, 'P-L1').loc, 'Rome', 'the defender survived three rounds');
  s = act(s, 'Pompey', 'pass', { block: 'P-L1' });
  s = act(s, 'Caesar', 'retreat', { block: 'C-L12', to: 'Genua' });
  t.ok(s.battle, 'one attacker still there');
  s = act(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Genua' });
  t.equal(s.battle, null);
  t.equal(s.step, 'regroup');
  t.same(s.regroup, { loc: 'Rome', role: 'Pompey', roads: {} }, 'the Defender won and may regroup');
  t.same(regroupers(s, 'Pompey'), ['P-L1']);
  t.ok(s.log.some((e) => e.t === 'Pompey wins the battle in Rome.'));
});

t.test('JC-119 hits are applied at once: a block eliminated before its turn never fires', async (t) => {
  // JC-119
  // P-L2 is added so that the battle goes on after P-L1 is eliminated.
  let s = command({
    Caesar: { Genua: ['C-Caesar'] },
    Pompey: { Rome: ['P-L1:I', 'P-L2:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(actors(s), ['C-Caesar'], 'Attacker A first (no Defender A)');
  const from = s.log.length;
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.equal(s.step, 'hits', 'two blocks at I: Pompey chooses');
  s = act(s, 'Pompey', 'hit', { block: 'P-L1' });
  t.equal(where(s, 'P-L1').loc, 'eliminated');
  t.same(actors(s), ['P-L2'], 'P-L1 gets no C turn');
  t.notOk(isLegal(s, 'Pompey', 'fire', { block: 'P-L1' }));
  [s] = passRound(s);
  t.notOk(logSince(s, from).some((x) => x.includes('Legio 1') && x.includes('fires')), 'P-L1 never fired');

  // A block reduced before its turn fires with its reduced strength.
  let u = command({
    Caesar: { Genua: ['C-Caesar'] },
    Pompey: { Rome: ['P-L1:II'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-Caesar', 'Rome');
  u = done(u, 'Caesar');
  u = done(u, 'Pompey');
  u = fire(u, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.equal(where(u, 'P-L1').str, 1);
  const at = u.log.length;
  u = fire(u, 'Pompey', 'P-L1', [6]);
  t.match(logSince(u, at)[0], /Legio 1 \(C2, I\) fires: 6 — 0 hits/, 'one die');
});

// ---- 7.3 Reserves ----

/** The 7.3 example: Caesar attacks Tarraco from Narbo (4, main) and Bilbilis (2); Pompey responds from Carthago Nova (4). */
function tarracoExample(): State {
  let s = command({
    Caesar: { Narbo: ['C-Caesar', 'C-L7', 'C-L9', 'C-L10'], Bilbilis: ['C-EQ2', 'C-L13'] },
    Pompey: { Tarraco: ['P-L5', 'P-L6', 'P-EQ1'], 'Carthago Nova': ['P-Scipio', 'P-L2', 'P-L4', 'P-AUX1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  for (const id of ['C-Caesar', 'C-L7', 'C-L9', 'C-L10']) s = move(s, 'Caesar', id, 'Tarraco');
  for (const id of ['C-EQ2', 'C-L13']) s = move(s, 'Caesar', id, 'Tarraco');
  s = done(s, 'Caesar');
  for (const id of ['P-Scipio', 'P-L2', 'P-L4', 'P-AUX1']) s = move(s, 'Pompey', id, 'Tarraco');
  return done(s, 'Pompey');
}

t.test('JC-120 Reserves take no part in Round 1 and join in initiative order in Round 2', async (t) => {
  // JC-120
  let s = tarracoExample();
  t.equal(s.battle?.loc, 'Tarraco');
  t.same([...s.battle!.reserves].sort(), ['C-EQ2', 'C-L13', 'P-AUX1', 'P-L2', 'P-L4', 'P-Scipio']);
  const v = viewOf(s, 'Caesar');
  const pompeyReserves = v.blocks.filter((b) => b.location === 'Tarraco' && b.side === 'Pompey' && b.reserve).length;
  t.equal(pompeyReserves, 4, 'the enemy Reserves are not revealed in Round 1');
  let round1: string[];
  [s, round1] = passRound(s);
  t.same(round1, ['C-Caesar', 'P-EQ1', 'P-L5', 'P-L6', 'C-L7', 'C-L9', 'C-L10'], 'Round 1: 3 defenders vs 4 from Narbo');
  t.equal(s.battle!.round, 2);
  t.ok(s.log.some((e) => e.t?.startsWith("Caesar's Reserves arrive")));
  t.ok(s.log.some((e) => e.t?.startsWith("Pompey's Reserves arrive")));
  const seen = viewOf(s, 'Caesar')
    .blocks.filter((b) => b.location === 'Tarraco' && b.side === 'Pompey')
    .map((b) => (b.reserve ? 'reserve' : b.id))
    .sort();
  t.same(seen, ['P-AUX1', 'P-EQ1', 'P-L2', 'P-L4', 'P-L5', 'P-L6', 'P-Scipio'], 'Round 2: all revealed');
  let round2: string[];
  [s, round2] = passRound(s);
  t.same(
    round2,
    ['P-Scipio', 'C-Caesar', 'P-EQ1', 'P-AUX1', 'C-EQ2', 'P-L2', 'P-L4', 'P-L5', 'P-L6', 'C-L7', 'C-L9', 'C-L10', 'C-L13'],
    'Round 2: everyone, in initiative order, Defender first',
  );
});

t.test('JC-121 Round 1 hits go only to the enemy main force; excess hits are lost', async (t) => {
  // JC-121
  let s = command({
    Caesar: { Narbo: ['C-Caesar'] },
    Pompey: { Tarraco: ['P-L5:I'], 'Carthago Nova': ['P-L2:IV', 'P-L4:III', 'P-L6:II'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Tarraco');
  s = done(s, 'Caesar');
  for (const id of ['P-L2', 'P-L4', 'P-L6']) s = move(s, 'Pompey', id, 'Tarraco');
  s = done(s, 'Pompey');
  const from = s.log.length;
  s = fire(s, 'Caesar', 'C-Caesar', [1, 2, 3]);
  const log = logSince(s, from);
  t.match(log[0], /fires: 1, 2, 3 — 3 hits/);
  t.equal(where(s, 'P-L5').loc, 'eliminated');
  const lost = log.indexOf('2 hits fall on no one.');
  t.ok(lost > 0, '2 hits lost');
  t.ok(lost < log.indexOf('Round 2.'), 'lost in Round 1, before the Reserves arrive');
  // The Reserves lost exactly the one disruption step (JC-123) and no hit.
  t.same(['P-L2', 'P-L4', 'P-L6'].map((id) => where(s, id).str), [3, 2, 1]);
});

t.test('JC-122 attacking Reserves count for victory and may regroup', async (t) => {
  // JC-122
  let s = command({
    Caesar: { Genua: ['C-Caesar'], Ravenna: ['C-L13'] },
    Pompey: { Rome: ['P-L1:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Rome');
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(s.battle!.reserves, ['C-L13']);
  const from = s.log.length;
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.equal(s.battle, null, 'battle over after Round 1');
  t.notOk(logSince(s, from).includes('Round 2.'));
  t.same(s.regroup?.role, 'Caesar');
  t.same(regroupers(s, 'Caesar'), ['C-Caesar', 'C-L13'], 'main force and Reserve regroup');
  t.ok(isLegal(s, 'Caesar', 'regroup', { block: 'C-L13', to: 'Ravenna' }));
});

// ---- 7.31 Disruption ----

t.test('JC-123 a main force lost in Round 1 disrupts its Reserves: each loses a step at Round 2', async (t) => {
  // JC-123
  let s = command({
    Caesar: { Genua: ['C-L12:I'], Ravenna: ['C-L13:III', 'C-L14:I'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L12', 'Rome');
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = move(s, 'Caesar', 'C-L14', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(actors(s), ['P-L1']);
  s = fire(s, 'Pompey', 'P-L1', [1, 6, 6, 6]);
  t.equal(where(s, 'C-L12').loc, 'eliminated', 'the main force is gone');
  t.equal(s.battle!.round, 2, 'Round 2 has begun');
  t.equal(where(s, 'C-L13').str, 2, 'III -> II');
  t.same(where(s, 'C-L14'), { loc: 'eliminated', str: 0, side: 'Caesar' }, 'the Reserve at I is eliminated');
  t.equal(s.battle!.attacker, 'Caesar', 'a disrupted Attacker stays the Attacker');
  t.same(actors(s), ['P-L1'], 'then Round 2 is fought normally');
  s = act(s, 'Pompey', 'pass', { block: 'P-L1' });
  t.ok(isLegal(s, 'Caesar', 'fire', { block: 'C-L13' }));
});

/** The 7.3 example where Caesar's Narbo blocks wipe out the 3 Tarraco defenders (at I) in Round 1. */
function tarracoSwap(): State {
  let s = command({
    Caesar: { Narbo: ['C-Caesar', 'C-L7', 'C-L9', 'C-L10'] },
    Pompey: { Tarraco: ['P-L5:I', 'P-L6:I', 'P-EQ1:I'], 'Carthago Nova': ['P-Scipio', 'P-L2', 'P-L4', 'P-AUX1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  for (const id of ['C-Caesar', 'C-L7', 'C-L9', 'C-L10']) s = move(s, 'Caesar', id, 'Tarraco');
  s = done(s, 'Caesar');
  for (const id of ['P-Scipio', 'P-L2', 'P-L4', 'P-AUX1']) s = move(s, 'Pompey', id, 'Tarraco');
  s = done(s, 'Pompey');
  s = fire(s, 'Caesar', 'C-Caesar', [1, 1, 1]);
  s = act(s, 'Pompey', 'hit', { block: 'P-L5' });
  s = act(s, 'Pompey', 'hit', { block: 'P-L6' });
  return s;
}

t.test('JC-124 a disrupted Defender becomes the Attacker for the rest of the battle', async (t) => {
  // JC-124
  let s = tarracoSwap();
  t.same(['P-L5', 'P-L6', 'P-EQ1'].map((id) => where(s, id).loc), ['eliminated', 'eliminated', 'eliminated']);
  t.equal(s.battle!.round, 2);
  t.same(
    ['P-Scipio', 'P-L2', 'P-L4', 'P-AUX1'].map((id) => where(s, id).str),
    [2, 3, 2, 3],
    'each Carthago Nova Reserve lost a step (III, IV, III, IV -> II, III, II, III)',
  );
  t.same([s.battle!.defender, s.battle!.attacker], ['Caesar', 'Pompey'], 'roles swapped');
  t.same(viewOf(s, 'Pompey').battle?.defender, 'Caesar');
  // Ties now go to Caesar: C-Caesar (A) before P-Scipio (A).
  t.same(pending(s), ['Caesar']);
  let round2: string[];
  [s, round2] = passRound(s);
  t.same(round2, ['C-Caesar', 'P-Scipio', 'P-AUX1', 'C-L7', 'C-L9', 'C-L10', 'P-L2', 'P-L4']);
  s = passUntilRound(s, 4);
  s = act(s, 'Caesar', 'pass', { block: 'C-Caesar' });
  t.same(pending(s), ['Pompey']);
  t.same(legal(s, 'Pompey').map((a) => a.type), ['retreat'], 'Pompey, now Attacker, must retreat in Round 4');
  t.notOk(isLegal(s, 'Pompey', 'fire', { block: 'P-Scipio' }));
  s = act(s, 'Pompey', 'retreat', { block: 'P-Scipio', to: 'Carthago Nova' });
  // The Caesar C blocks act as Defender before the Pompey C blocks.
  s = act(s, 'Pompey', 'retreat', { block: 'P-AUX1', to: 'Carthago Nova' });
  t.same(pending(s), ['Caesar']);
  t.same(actors(s), ['C-L10', 'C-L7', 'C-L9']);
});

t.test('JC-125 no Reserves, no disruption: a main force lost in Round 1 just loses the battle', async (t) => {
  // JC-125
  let s = command({
    Caesar: { Narbo: ['C-Caesar', 'C-L7', 'C-L9', 'C-L10'] },
    Pompey: { Tarraco: ['P-L5:I', 'P-L6:I', 'P-EQ1:I'], 'Carthago Nova': ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  for (const id of ['C-Caesar', 'C-L7', 'C-L9', 'C-L10']) s = move(s, 'Caesar', id, 'Tarraco');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  const from = s.log.length;
  s = fire(s, 'Caesar', 'C-Caesar', [1, 1, 1]);
  s = act(s, 'Pompey', 'hit', { block: 'P-L5' });
  s = act(s, 'Pompey', 'hit', { block: 'P-L6' });
  t.equal(s.battle, null, 'over after Round 1');
  t.notOk(logSince(s, from).some((x) => x.includes('disrupted')));
  t.same(s.regroup?.role, 'Caesar', 'Caesar regroups');
  t.equal(where(s, 'P-L2').str, 4, 'Pompey blocks elsewhere are untouched');
});

t.test('JC-126 a main force destroyed after Round 1 causes no disruption', async (t) => {
  // JC-126
  let s = command({
    Caesar: { Narbo: ['C-Caesar'] },
    Pompey: { Tarraco: ['P-L5:I'], 'Carthago Nova': ['P-L2:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Tarraco');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L2', 'Tarraco');
  s = done(s, 'Pompey');
  s = fire(s, 'Caesar', 'C-Caesar', [6, 6, 6]);
  s = act(s, 'Pompey', 'pass', { block: 'P-L5' });
  t.equal(s.battle!.round, 2);
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.equal(s.step, 'hits');
  s = act(s, 'Pompey', 'hit', { block: 'P-L5' });
  t.equal(where(s, 'P-L5').loc, 'eliminated', 'the original defenders are gone in Round 2');
  t.same(where(s, 'P-L2'), { loc: 'Tarraco', str: 1, side: 'Pompey' }, 'no step lost');
  t.same([s.battle!.attacker, s.battle!.defender, s.battle!.round], ['Caesar', 'Pompey', 2], 'roles unchanged');
  t.same(actors(s), ['P-L2']);
});

t.test('JC-127 after a role swap retreats follow the new roles and each side\'s own roads', async (t) => {
  // JC-127
  let s = tarracoSwap();
  // Narbo is Vacant (Caesar came from there), Bilbilis Vacant, Carthago Nova Vacant (Pompey came from there).
  s = passUntilRound(s, 3);
  t.same(pending(s), ['Caesar']);
  t.same(retreats(s, 'Caesar', 'C-Caesar'), ['Bilbilis', 'Narbo'], 'the new Defender: not along Tarraco–Carthago Nova');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-Caesar', to: 'Carthago Nova' }));
  s = act(s, 'Caesar', 'pass', { block: 'C-Caesar' });
  t.same(retreats(s, 'Pompey', 'P-Scipio'), ['Carthago Nova'], 'the new Attacker: only by the road it used');
  t.throws(() => act(s, 'Pompey', 'retreat', { block: 'P-Scipio', to: 'Narbo' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Pompey', 'retreat', { block: 'P-Scipio', to: 'Bilbilis' }), { name: 'RuleError' });
  s = act(s, 'Pompey', 'retreat', { block: 'P-Scipio', to: 'Carthago Nova' });
  t.equal(where(s, 'P-Scipio').loc, 'Carthago Nova');
});

t.test('JC-128 a disrupted Cleopatra at I changes sides instead of leaving', async (t) => {
  // JC-128
  let s = command({
    Caesar: { Jerusalem: ['C-Caesar'] },
    Pompey: { Pelusium: ['P-L38:I'], Alexandria: ['CLEO:I', 'P-NAV2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Pelusium');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'CLEO', 'Pelusium');
  s = done(s, 'Pompey');
  t.same(s.battle!.reserves, ['CLEO']);
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.equal(where(s, 'P-L38').loc, 'eliminated');
  t.same(where(s, 'CLEO'), { loc: 'Pelusium', str: 1, side: 'Caesar' }, 'she joins Caesar at I');
  t.equal(s.battle, null, 'Pompey has no block left: Caesar wins');
  t.same(s.regroup?.role, 'Caesar');
  t.equal(leadersKilled(s, 'Pompey'), 0);

  // With another Pompey Reserve the battle goes on; she fights for Caesar (now the Defender).
  let u = command({
    Caesar: { Jerusalem: ['C-Caesar'] },
    Pompey: { Pelusium: ['P-L38:I'], Alexandria: ['CLEO:I', 'P-NAV2'], Memphis: ['P-L34'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-Caesar', 'Pelusium');
  u = done(u, 'Caesar');
  u = move(u, 'Pompey', 'CLEO', 'Pelusium');
  u = move(u, 'Pompey', 'P-L34', 'Pelusium');
  u = done(u, 'Pompey');
  u = fire(u, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.same(where(u, 'CLEO'), { loc: 'Pelusium', str: 1, side: 'Caesar' });
  t.equal(where(u, 'P-L34').str, 2, 'the other Reserve loses a step');
  t.same([u.battle!.round, u.battle!.defender], [2, 'Caesar']);
  u = act(u, 'Caesar', 'pass', { block: 'C-Caesar' });
  t.same(actors(u), ['CLEO'], 'Cleopatra acts as a Caesar (Defender C) block before P-L34');
});

// ---- 7.4 Battle hits ----

t.test('JC-129 each hit goes to the strongest enemy block; the owner chooses among equals', async (t) => {
  // JC-129
  let s = command({
    Caesar: { Genua: ['C-Caesar'] },
    Pompey: { Rome: ['P-L1:III', 'P-L2:II', 'P-L4:II', 'P-EQ1:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = fire(s, 'Caesar', 'C-Caesar', [1, 1, 6]);
  t.equal(where(s, 'P-L1').str, 2, 'first hit: the III block, no choice');
  t.same(s.battle!.hits, { role: 'Pompey', count: 1 });
  t.same(pending(s), ['Pompey']);
  t.same(
    legal(s, 'Pompey').map((a) => a.block).sort(),
    ['P-L1', 'P-L2', 'P-L4'],
    'second hit: any of the three II blocks',
  );
  t.throws(() => act(s, 'Pompey', 'hit', { block: 'P-EQ1' }), { name: 'RuleError' }, 'not the weaker block');
  t.throws(() => act(s, 'Caesar', 'hit', { block: 'P-L2' }), { name: 'RuleError' }, 'the owner chooses');
  s = act(s, 'Pompey', 'hit', { block: 'P-L4' });
  t.same(['P-L1', 'P-L2', 'P-L4', 'P-EQ1'].map((id) => where(s, id).str), [2, 2, 1, 1]);
  t.equal(s.battle!.hits, null);
  t.equal(s.step, 'battle');
});

t.test('JC-130 the Elephant counts as IV or II for the strongest block', async (t) => {
  // JC-130
  let s = command({
    Caesar: { Tacape: ['C-Caesar'] },
    Pompey: { Utica: ['P-ELE', 'P-L1:III'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(where(s, 'P-ELE').str, 4);
  s = fire(s, 'Caesar', 'C-Caesar', [1, 1, 6]);
  t.equal(where(s, 'P-ELE').str, 2, 'hit 1: the Elephant IV -> II');
  t.equal(where(s, 'P-L1').str, 2, 'hit 2: P-L1 (III) is now the strongest -> II');
  t.equal(s.step, 'battle', 'no choice was needed');
});

t.test('JC-131 a block reduced below I is eliminated face-up, not levyable this Year', async (t) => {
  // JC-131
  let s = command({
    Caesar: { Genua: ['C-Caesar'] },
    Pompey: { Massilia: ['P-L5:I'], Tarraco: ['P-L6'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Massilia');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.same(where(s, 'P-L5'), { loc: 'eliminated', str: 0, side: 'Pompey' });
  t.same(viewOf(s, 'Caesar').pools.Pompey.eliminated, ['P-L5'], 'face-up: the opponent sees it');
  if (s.step === 'regroup') s = done(s, 'Caesar');
  t.equal(s.turn, 2);
  // Turn 2: Pompey (P1) holds Tarraco, P-L5's levy city.
  s = play(s, { Caesar: 'K22', Pompey: 'K10' });
  t.equal(s.cmd!.role, 'Pompey');
  t.same(legal(s, 'Pompey', 'levy', 'P-L5'), []);
  t.throws(() => act(s, 'Pompey', 'levy', { block: 'P-L5', city: 'Tarraco' }), { name: 'RuleError' });
});

// ---- 7.41 Elephant / 7.42 Ballista ----

t.test('JC-132 the Elephant: 4 dice at IV, one hit -> II (2 dice), a second hit eliminates it', async (t) => {
  // JC-132
  let s = command({
    Caesar: { Tacape: ['C-L10'] },
    Pompey: { Utica: ['P-ELE'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L10', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(actors(s), ['P-ELE'], 'B3 defending acts before C');
  let from = s.log.length;
  s = fire(s, 'Pompey', 'P-ELE', [1, 3, 4, 6]);
  t.match(logSince(s, from)[0], /fires: 1, 3, 4, 6 — 2 hits/, '4 dice, hits on 1-3');
  t.equal(where(s, 'C-L10').str, 1);
  s = fire(s, 'Caesar', 'C-L10', [4]);
  t.equal(where(s, 'P-ELE').str, 2, 'one hit: IV -> II');
  from = s.log.length;
  s = fire(s, 'Pompey', 'P-ELE', [3, 4]);
  t.match(logSince(s, from)[0], /fires: 3, 4 — 1 hit/, '2 dice at II');
  t.equal(where(s, 'C-L10').loc, 'eliminated');
  t.equal(s.battle, null);

  let u = command({
    Caesar: { Tacape: ['C-L10'] },
    Pompey: { Utica: ['P-ELE:II'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-L10', 'Utica');
  u = done(u, 'Caesar');
  u = done(u, 'Pompey');
  u = fire(u, 'Pompey', 'P-ELE', [6, 6]);
  u = fire(u, 'Caesar', 'C-L10', [1, 6, 6]);
  t.same(where(u, 'P-ELE'), { loc: 'eliminated', str: 0, side: 'Pompey' }, 'a second hit eliminates it');
});

t.test('JC-133 the Ballista is B4 defending and D4 attacking, and changes with a role swap', async (t) => {
  // JC-133
  // Defending Genua: the Defender B slot, before the attacking C legion; hits on 1-4.
  let s = command({
    Caesar: { Genua: ['C-BAL', 'C-L12'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K22', Pompey: 'K10' },
  });
  s = move(s, 'Pompey', 'P-L1', 'Genua');
  s = done(s, 'Pompey');
  s = done(s, 'Caesar');
  t.same(actors(s), ['C-BAL']);
  const from = s.log.length;
  s = fire(s, 'Caesar', 'C-BAL', [4, 5]);
  t.match(logSince(s, from)[0], /fires: 4, 5 — 1 hit/, 'a 4 hits');
  t.equal(where(s, 'P-L1').str, 3);
  t.same(actors(s), ['C-L12'], 'then the Defender C');

  // Attacking Rome: the Attacker D slot, last.
  let u = command({
    Caesar: { Genua: ['C-BAL', 'C-L13'] },
    Pompey: { Rome: ['P-L1', 'P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-BAL', 'Rome');
  u = move(u, 'Caesar', 'C-L13', 'Rome');
  u = done(u, 'Caesar');
  u = done(u, 'Pompey');
  const [, order] = passRound(u);
  t.same(order, ['P-L1', 'C-L13', 'P-NAV1', 'C-BAL']);

  // After a 7.31 swap Caesar defends: the Ballista acts in the Defender B slot.
  let w = command({
    Caesar: { Narbo: ['C-Caesar', 'C-BAL'] },
    Pompey: { Tarraco: ['P-L5:I'], 'Carthago Nova': ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  w = move(w, 'Caesar', 'C-Caesar', 'Tarraco');
  w = move(w, 'Caesar', 'C-BAL', 'Tarraco');
  w = done(w, 'Caesar');
  w = move(w, 'Pompey', 'P-L2', 'Tarraco');
  w = done(w, 'Pompey');
  w = fire(w, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.same([w.battle!.round, w.battle!.defender], [2, 'Caesar']);
  const [, order2] = passRound(w);
  t.same(order2, ['C-Caesar', 'C-BAL', 'P-L2'], 'B slot of the new Defender');
});

// ---- 7.5 Eliminated blocks / 7.51 Leaders ----

t.test('JC-134 eliminated blocks are face-up in the pool and not levyable until the Year reset', async (t) => {
  // JC-134
  // Turn 4 of 706: C-L8 (I) attacks Bilbilis from Tarraco and is eliminated.
  let s = command({
    turn: 4,
    Caesar: { Tarraco: ['C-L7', 'C-L8:I'] },
    Pompey: { Bilbilis: ['P-L5'], Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Bilbilis');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = fire(s, 'Pompey', 'P-L5', [1, 6, 6, 6]);
  t.same(where(s, 'C-L8'), { loc: 'eliminated', str: 0, side: 'Caesar' });
  t.same(viewOf(s, 'Pompey').pools.Caesar.eliminated, ['C-L8']);
  if (s.step === 'regroup') s = done(s, 'Pompey');
  // Turn 5: Caesar holds Tarraco (C-L8's levy city) but may not levy it.
  t.equal(s.turn, 5);
  s = play(s, { Caesar: 'K14', Pompey: 'K22' });
  t.equal(s.cmd!.role, 'Caesar');
  t.same(legal(s, 'Caesar', 'levy', 'C-L8'), []);
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), { name: 'RuleError' });
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  // Winter: nobody disbands; the Year reset returns C-L8 to the available pool.
  t.equal(s.step, 'winter-disband');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same([s.year, s.step], [707, 'discard']);
  t.equal(where(s, 'C-L8').loc, 'pool');
  for (const r of ['Caesar', 'Pompey'] as Role[]) s = act(s, r, 'discard', { card: s.hand[r][0] });
  s = play(s, { Caesar: 'K14', Pompey: 'K22' });
  t.same([s.turn, s.cmd?.role], [1, 'Caesar']);
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), 'levyable in 707');
});

t.test('JC-135 a Jupiter defector eliminated later returns to its original side\'s pool', async (t) => {
  // JC-135
  // Caesar (Jupiter, P1) takes P-L1 from Rome into Genua; Pompey (P2) attacks Genua with Scipio.
  let s = command({
    Caesar: { Genua: ['C-L12:I'] },
    Pompey: { Rome: ['P-L1:I'], Massilia: ['P-Scipio'] },
    cards: { Caesar: 'K02', Pompey: 'K14' },
  });
  t.equal(s.step, 'jupiter');
  s = act(s, 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(where(s, 'P-L1'), { loc: 'Genua', str: 1, side: 'Caesar' }, 'P-L1 defected');
  t.equal(s.cmd!.role, 'Pompey');
  s = move(s, 'Pompey', 'P-Scipio', 'Genua');
  s = done(s, 'Pompey');
  t.same([s.battle?.attacker, s.battle?.defender], ['Pompey', 'Caesar']);
  s = fire(s, 'Pompey', 'P-Scipio', [1, 6, 6]);
  t.same(pending(s), ['Caesar'], 'Caesar chooses between his two blocks at I');
  t.same(legal(s, 'Caesar').map((a) => a.block).sort(), ['C-L12', 'P-L1']);
  s = act(s, 'Caesar', 'hit', { block: 'P-L1' });
  t.same(where(s, 'P-L1'), { loc: 'eliminated', str: 0, side: 'Pompey' }, 'face-up in Pompey\'s pool');
  t.same(viewOf(s, 'Caesar').pools.Pompey.eliminated, ['P-L1']);
  t.same(viewOf(s, 'Caesar').pools.Caesar.eliminated, []);
});

t.test('JC-136 a leader reduced below I is killed: a permanent trophy for the opponent', async (t) => {
  // JC-136
  let s = command({
    Caesar: { Genua: ['C-Antonius:I'] },
    Pompey: { Rome: ['P-Scipio'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  const vp0 = victoryPoints(s, 'Pompey');
  s = move(s, 'Caesar', 'C-Antonius', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(actors(s), ['P-Scipio'], 'Defender A first');
  s = fire(s, 'Pompey', 'P-Scipio', [1, 6, 6]);
  t.same(where(s, 'C-Antonius'), { loc: 'killed', str: 0, side: 'Caesar' });
  t.equal(leadersKilled(s, 'Caesar'), 1);
  t.equal(victoryPoints(s, 'Pompey'), vp0 + 1, 'Pompey +1 VP (Rome still his)');
  t.same(viewOf(s, 'Caesar').pools.Caesar.killed, ['C-Antonius']);
  t.same(viewOf(s, 'Caesar').pools.Caesar.eliminated, [], 'not merely eliminated');
});

t.test('JC-137 the first leader killed releases the third leader (1 LP, I, any Friendly city)', async (t) => {
  // JC-137
  let s = command({
    turn: 2,
    Caesar: { Genua: ['C-Caesar'] },
    Pompey: { Rome: ['P-Scipio:I'], Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Rome');
  s = done(s, 'Caesar');
  // Before Scipio's death: rejected.
  t.same(legal(s, 'Pompey', 'levy', 'P-Brutus'), []);
  t.throws(() => act(s, 'Pompey', 'levy', { block: 'P-Brutus', city: 'Utica' }), { name: 'RuleError' });
  s = done(s, 'Pompey');
  s = act(s, 'Pompey', 'pass', { block: 'P-Scipio' });
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.equal(where(s, 'P-Scipio').loc, 'killed');
  if (s.step === 'regroup') s = done(s, 'Caesar');
  t.equal(s.turn, 3);
  s = play(s, { Caesar: 'K22', Pompey: 'K10' });
  t.equal(s.cmd!.role, 'Pompey');
  // Cleopatra (Pompey's, unlisted) holds Alexandria.
  t.same(legal(s, 'Pompey', 'levy', 'P-Brutus').map((a) => a.city), ['Alexandria', 'Utica'], 'any Friendly city');
  const lp = s.cmd!.lp;
  s = act(s, 'Pompey', 'levy', { block: 'P-Brutus', city: 'Utica' });
  t.same(where(s, 'P-Brutus'), { loc: 'Utica', str: 1, side: 'Pompey' });
  t.equal(s.cmd!.lp, lp - 1, '1 LP');

  // A second leader death adds nothing: Brutus is still the only leader to levy.
  const two = command({
    Caesar: { Genua: ['C-L12'] },
    Pompey: { Utica: ['P-L39'] },
    killed: ['P-Scipio', 'P-Pompey'],
    cards: { Caesar: 'K22', Pompey: 'K10' },
  });
  const leaders = new Set(
    legal(two, 'Pompey', 'levy')
      .map((a) => a.block as string)
      .filter((id) => BLOCKS.find((b) => b.id === id)!.type === 'leader'),
  );
  t.same([...leaders], ['P-Brutus']);
});

// ---- 7.52 Cleopatra ----

t.test('JC-138 Cleopatra eliminated in battle joins the other side at I and acts for it', async (t) => {
  // JC-138
  let s = command({
    Caesar: { Pelusium: ['C-Caesar'] },
    Pompey: { Alexandria: ['CLEO:I', 'P-L38:II'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Alexandria');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = fire(s, 'Caesar', 'C-Caesar', [1, 1, 6]);
  t.equal(where(s, 'P-L38').str, 1, 'first hit on the strongest, P-L38');
  t.same(legal(s, 'Pompey').map((a) => a.block).sort(), ['CLEO', 'P-L38'], 'second hit: owner\'s choice');
  {
    const other = act(s, 'Pompey', 'hit', { block: 'P-L38' });
    t.equal(where(other, 'P-L38').loc, 'eliminated');
    t.same(where(other, 'CLEO'), { loc: 'Alexandria', str: 1, side: 'Pompey' });
  }
  s = act(s, 'Pompey', 'hit', { block: 'CLEO' });
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 1, side: 'Caesar' }, 'a Caesar (Attacker) block at I');
  t.equal(s.battle!.attacker, 'Caesar');
  t.same(actors(s), ['P-L38'], 'Defender C');
  s = act(s, 'Pompey', 'pass', { block: 'P-L38' });
  t.same(pending(s), ['Caesar']);
  t.same(actors(s), ['CLEO'], 'she has not acted: she acts in the Attacker C slot this round');

  // If she has already acted this round, her next turn is next round.
  let u = command({
    Caesar: { Pelusium: ['C-L13'] },
    Pompey: { Alexandria: ['CLEO:I', 'P-L38:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'C-L13', 'Alexandria');
  u = done(u, 'Caesar');
  u = done(u, 'Pompey');
  u = act(u, 'Pompey', 'pass', { block: 'CLEO' });
  u = act(u, 'Pompey', 'pass', { block: 'P-L38' });
  u = fire(u, 'Caesar', 'C-L13', [1, 6, 6]);
  u = act(u, 'Pompey', 'hit', { block: 'CLEO' });
  t.equal(where(u, 'CLEO').side, 'Caesar');
  t.equal(u.battle!.round, 2, 'no second turn for her in Round 1');
  t.same(actors(u), ['P-L38']);
  u = act(u, 'Pompey', 'pass', { block: 'P-L38' });
  t.same(actors(u), ['C-L13', 'CLEO'], 'Round 2: she acts for Caesar');
});

t.test('JC-139 if Cleopatra was her side\'s last block, her switch ends the battle', async (t) => {
  // JC-139
  let s = command({
    Caesar: { Pelusium: ['C-Caesar'] },
    Pompey: { Alexandria: ['CLEO:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Alexandria');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = fire(s, 'Caesar', 'C-Caesar', [1, 6, 6]);
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 1, side: 'Caesar' });
  t.equal(status(occupancy(s), 'Alexandria', 'Caesar'), 'friendly');
  t.equal(s.battle, null, 'battle over');
  t.same(s.regroup?.role, 'Caesar', 'Caesar is the victor');
  t.ok(regroupers(s, 'Caesar').includes('CLEO'), 'she may regroup with the victors');
  t.ok(s.log.some((e) => e.t === 'Caesar wins the battle in Alexandria.'));
});

t.test('JC-140 an attacking Cleopatra that cannot retreat in Round 4 joins the Defender at I', async (t) => {
  // JC-140
  // Caesar attacks Pelusium with CLEO (III) from Alexandria, and C-NAV1 from Egypticum (Reserve);
  // Pompey (P2) occupies the Vacant Alexandria behind her.
  let s = command({
    Caesar: { Alexandria: ['CLEO:III'], Egypticum: ['C-NAV1'] },
    Pompey: { Pelusium: ['P-L38'], Catabathmus: ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'CLEO', 'Pelusium');
  s = move(s, 'Caesar', 'C-NAV1', 'Pelusium');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L2', 'Alexandria');
  s = done(s, 'Pompey');
  s = passUntilRound(s, 4);
  s = act(s, 'Pompey', 'pass', { block: 'P-L38' });
  t.same(where(s, 'CLEO'), { loc: 'Pelusium', str: 1, side: 'Pompey' }, 'Pompey\'s at I, in Pelusium');
  t.equal(s.battle!.defender, 'Pompey', 'a Defender block now');
  t.same(pending(s), ['Caesar'], 'the battle continues: C-NAV1 must retreat');
  t.same(legal(s, 'Caesar').map((a) => a.type), ['retreat']);
  s = act(s, 'Caesar', 'retreat', { block: 'C-NAV1', to: 'Egypticum' });
  t.equal(s.battle, null);
  t.same(s.regroup?.role, 'Pompey');
  t.same(regroupers(s, 'Pompey'), ['CLEO', 'P-L38'], 'she regroups with the victors');

  // Alone, her switch ends the battle in Pompey's favour.
  let u = command({
    Caesar: { Alexandria: ['CLEO:III'] },
    Pompey: { Pelusium: ['P-L38'], Catabathmus: ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = move(u, 'Caesar', 'CLEO', 'Pelusium');
  u = done(u, 'Caesar');
  u = move(u, 'Pompey', 'P-L2', 'Alexandria');
  u = done(u, 'Pompey');
  u = passUntilRound(u, 4);
  u = act(u, 'Pompey', 'pass', { block: 'P-L38' });
  t.same(where(u, 'CLEO'), { loc: 'Pelusium', str: 1, side: 'Pompey' });
  t.equal(u.battle, null);
  t.ok(u.log.some((e) => e.t === 'Pompey wins the battle in Pelusium.'));
});

t.test('JC-141 Cleopatra is moved only by the side she currently belongs to', async (t) => {
  // JC-141
  // Historical start (705, turn 1: Caesar is P1); Pompey then moves her to Pelusium.
  let s = jc.setup(testSeed(1)) as State;
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 4, side: 'Pompey' });
  for (const r of ['Caesar', 'Pompey'] as Role[]) s = act(s, r, 'discard', { card: s.hand[r][0] });
  s = play(s, { Caesar: 'K22', Pompey: 'K10' });
  t.equal(s.cmd!.role, 'Caesar');
  t.same(legal(s, 'Caesar', 'move', 'CLEO'), [], 'Caesar cannot move her');
  t.throws(() => move(s, 'Caesar', 'CLEO', 'Pelusium'), { name: 'RuleError' });
  s = done(s, 'Caesar');
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'CLEO', path: ['Pelusium'] }));
  s = move(s, 'Pompey', 'CLEO', 'Pelusium');
  t.same(where(s, 'CLEO'), { loc: 'Pelusium', str: 4, side: 'Pompey' });

  // On Caesar's side, it is the other way round.
  let u = command({ Caesar: { Alexandria: ['CLEO'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K09', Pompey: 'K14' } });
  t.ok(isLegal(u, 'Caesar', 'move', { block: 'CLEO', path: ['Pelusium'] }));
  u = done(u, 'Caesar');
  t.same(legal(u, 'Pompey', 'move', 'CLEO'), []);
});

t.test('JC-142 Cleopatra is not a leader: no trophy, never in a Levy Pool, never disbanded', async (t) => {
  // JC-142
  let s = command({
    turn: 5,
    Caesar: { Genua: ['C-L12'] },
    Pompey: { Alexandria: ['CLEO', 'P-L38'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.step, 'winter-disband');
  t.same(pending(s), ['Caesar']);
  s = done(s, 'Caesar');
  t.same(pending(s), ['Pompey']);
  t.notOk(isLegal(s, 'Pompey', 'disband', { block: 'CLEO' }));
  t.throws(() => act(s, 'Pompey', 'disband', { block: 'CLEO' }), { name: 'RuleError' });
  t.ok(isLegal(s, 'Pompey', 'disband', { block: 'P-L38' }), 'another block may be disbanded');

  // On Caesar's side, Caesar cannot disband her either.
  let u = command({
    turn: 5,
    Caesar: { Alexandria: ['CLEO'] },
    Pompey: { Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  u = done(u, 'Caesar');
  u = done(u, 'Pompey');
  t.equal(u.step, 'winter-disband');
  t.equal(where(u, 'CLEO').side, 'Caesar');
  t.notOk(isLegal(u, 'Caesar', 'disband', { block: 'CLEO' }));
  t.throws(() => act(u, 'Caesar', 'disband', { block: 'CLEO' }), { name: 'RuleError' });
  // No trophy and no pool for her in any view.
  const v = viewOf(u, null);
  for (const r of ['Caesar', 'Pompey'] as Role[]) {
    t.notOk(v.pools[r].killed.includes('CLEO'));
    t.notOk(v.pools[r].eliminated.includes('CLEO'));
  }
  t.equal(leadersKilled(u, 'Pompey'), 0);
});
