// Checklist items 36-57: 3.x blocks and hidden information, 4.x the map (control, seas, roads,
// straits, islands, ports) and 5.x deployment (historical set-up, Levy Pool, Free Deployment).

import t from 'tap';
import { hiddenEntry } from '../../../src/engine/kit/words.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import { adjacentSeas, isCity, isSea } from '../../../src/engine/julius-caesar/map.js';
import { occupancy, status } from '../../../src/engine/julius-caesar/state.js';
import {
  act,
  destinations,
  done,
  isLegal,
  jc,
  legal,
  move,
  pending,
  play,
  position,
  rig,
  viewOf,
  where,
  type Action,
  type Role,
  type State,
} from './helpers.js';
import { testSeed } from '../../helpers/seeds.js';

const cardData = new Map(CARDS.map((c) => [c.id, c]));
const logOf = (s: State, role: Role | null = null) => viewOf(s, role).log;
const blocksIn = (s: State, role: Role | null, loc: string) => viewOf(s, role).blocks.filter((b) => b.location === loc);

/** Resolves a pending regroup by declining it. */
function noRegroup(s: State): State {
  return s.step === 'regroup' ? done(s, s.regroup!.role) : s;
}

/** A player who does nothing (command cards first, every command ended at once, no regroups). */
function quiet(s: State, stop: (s: State) => boolean): State {
  const rank = (c: string) => {
    const d = cardData.get(c)!;
    return d.kind === 'command' ? 0 : d.god === 'Vulcan' ? 3 : d.god === 'Jupiter' ? 2 : 1;
  };
  for (let n = 0; !stop(s); n++) {
    const p = pending(s) as Role[];
    if (p.length === 0 || n > 5000) throw new Error(`quiet: stuck at ${s.step}`);
    const role = p[0]!;
    const la = jc.legalActions(s, role);
    const by = (f: (a: Action) => number) => [...la].sort((a, b) => f(a) - f(b))[0]!;
    let a: Action;
    if (s.step === 'discard') a = by((x) => -rank(x.card as string));
    else if (s.step === 'cards') a = by((x) => rank(x.card as string));
    else if (['command', 'regroup', 'winter-disband'].includes(s.step)) a = { type: 'done' };
    else if (s.step === 'battle') a = la.find((x) => x.type === 'pass') ?? la[0]!;
    else a = la[0]!;
    s = jc.apply(s, role, a);
  }
  return s;
}

/** Blocks per city of one side. */
function counts(s: State, role: Role): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < BLOCKS.length; i++) {
    const l = s.loc[i]!;
    if (s.side[i] === role && l !== 'pool' && l !== 'eliminated' && l !== 'killed') out[l] = (out[l] ?? 0) + 1;
  }
  return out;
}

// ---- 3.x Blocks -----------------------------------------------------------------------------

t.test('JC-36 strength = dice rolled, never above the maximum; a hit removes one step', (t) => {
  // JC-36: C-L13 (C3, max III) defends Ravenna at III against P-L3 from Asculum.
  let s = position({ Caesar: { Ravenna: ['C-L13'] }, Pompey: { Asculum: ['P-L3'] } });
  s = play(s, { Caesar: 'K26', Pompey: 'K08' });
  s = move(s, 'Pompey', 'P-L3', 'Ravenna');
  s = done(done(s, 'Pompey'), 'Caesar');
  t.same(pending(s), ['Caesar'], 'the Defender fires first at C');
  s = act(rig(s, [1, 2, 6]), 'Caesar', 'fire', { block: 'C-L13' });
  t.ok(logOf(s).includes("Caesar's Legio 13 (C3, III) fires: 1, 2, 6 — 2 hits."), 'III: 3 dice');
  t.equal(where(s, 'P-L3').str, 1, 'two hits, two steps');
  s = act(rig(s, [1]), 'Pompey', 'fire', { block: 'P-L3' });
  t.ok(logOf(s).includes("Pompey's Legio 3 (C3, I) fires: 1 — 1 hit."), 'I: 1 die');
  t.equal(where(s, 'C-L13').str, 2, 'after 1 hit: II');
  t.equal(s.battle!.round, 2);
  s = act(rig(s, [6, 6]), 'Caesar', 'fire', { block: 'C-L13' });
  t.ok(logOf(s).includes("Caesar's Legio 13 (C3, II) fires: 6, 6 — 0 hits."), 'II: 2 dice');

  // The maximum: a block at its maximum cannot be strengthened; below it, up to it.
  let l = position({ Caesar: { Ravenna: ['C-L13', 'C-L14:II'] }, Pompey: { Utica: ['P-L39'] } });
  l = play(l, { Caesar: 'K14', Pompey: 'K26' });
  t.notOk(isLegal(l, 'Caesar', 'strengthen', { block: 'C-L13' }), 'III is C-L13\'s maximum');
  l = act(l, 'Caesar', 'strengthen', { block: 'C-L14' });
  t.equal(where(l, 'C-L14').str, 3);
  t.equal(l.cmd!.lp, 2);
  t.notOk(isLegal(l, 'Caesar', 'strengthen', { block: 'C-L14' }), 'not beyond III with LP left');
  t.end();
});

t.test('JC-37 a die hits when it is at most the firepower', (t) => {
  // JC-37: C-Caesar (A3) at III rolls 1, 3, 4: 2 hits.
  const start = () => {
    let s = position({ Caesar: { Narbo: ['C-Caesar'] }, Pompey: { Tarraco: ['P-L5'] } });
    s = play(s, { Caesar: 'K08', Pompey: 'K26' });
    s = move(s, 'Caesar', 'C-Caesar', 'Tarraco');
    return done(done(s, 'Caesar'), 'Pompey');
  };
  let s = act(rig(start(), [1, 3, 4]), 'Caesar', 'fire', { block: 'C-Caesar' });
  t.ok(logOf(s).includes("Caesar's Caesar (A3, III) fires: 1, 3, 4 — 2 hits."));
  t.equal(where(s, 'P-L5').str, 1);
  // P-L5 is C2: a 3 misses ...
  s = act(rig(s, [3]), 'Pompey', 'fire', { block: 'P-L5' });
  t.equal(where(s, 'C-Caesar').str, 3);
  // ... a 2 hits.
  s = act(rig(s, [6, 6, 6]), 'Caesar', 'fire', { block: 'C-Caesar' });
  s = act(rig(s, [2]), 'Pompey', 'fire', { block: 'P-L5' });
  t.equal(where(s, 'C-Caesar').str, 2);
  // The 7.4 example: 1, 2, 3 all hit for A3.
  s = act(rig(start(), [1, 2, 3]), 'Caesar', 'fire', { block: 'C-Caesar' });
  t.ok(logOf(s).includes("Caesar's Caesar (A3, III) fires: 1, 2, 3 — 3 hits."));
  t.equal(where(s, 'P-L5').loc, 'eliminated');
  t.end();
});

t.test('JC-38 battle turns go A, B, C, D; Defenders before Attackers within a letter', (t) => {
  // JC-38: every letter on both sides; the Ballista is B defending and D attacking (7.42).
  let s = position({
    Caesar: { Narbo: ['C-Caesar', 'C-EQ1', 'C-L13', 'C-BAL'] },
    Pompey: { Tarraco: ['P-Scipio', 'P-EQ1', 'P-L5', 'P-BAL'] },
  });
  s = play(s, { Caesar: 'K08', Pompey: 'K26' });
  for (const b of ['C-Caesar', 'C-EQ1', 'C-L13', 'C-BAL']) s = move(s, 'Caesar', b, 'Tarraco');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.battle!.reserves.length, 0, 'one road: no Reserves');
  const turns: string[] = [];
  while (s.battle && s.battle.round === 1) {
    const role = pending(s)[0] as Role;
    const ready = legal(s, role, 'fire').map((a) => a.block as string);
    const letter = viewOf(s, null).battle!.acting!.initiative;
    turns.push(`${role} ${letter}: ${ready.join(' ')}`);
    s = act(s, role, 'pass', { block: ready[0]! });
  }
  t.same(turns, [
    'Pompey A: P-Scipio',
    'Caesar A: C-Caesar',
    'Pompey B: P-EQ1 P-BAL',
    'Pompey B: P-BAL',
    'Caesar B: C-EQ1',
    'Pompey C: P-L5',
    'Caesar C: C-L13',
    'Caesar D: C-BAL',
  ]);
  t.equal(s.battle!.round, 2);
  t.same(pending(s), ['Pompey'], 'Round 2 starts again with the Defender\'s A');
  t.end();
});

t.test('JC-39 the third leader may be levied only after a leader of his side is killed', (t) => {
  // JC-39: historical start, Caesar 2/3: no Octavian in Genua.
  let h = jc.setup(testSeed(39));
  h = act(h, 'Caesar', 'discard', { card: h.hand.Caesar[0]! });
  h = act(h, 'Pompey', 'discard', { card: h.hand.Pompey[0]! });
  h = play(h, { Caesar: 'K14', Pompey: 'K26' });
  t.equal(h.cmd!.role, 'Caesar');
  t.ok(isLegal(h, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Genua' }), 'Genua is a Friendly city for levies');
  t.notOk(isLegal(h, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Genua' }));
  t.throws(() => act(h, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Genua' }), { name: 'RuleError' });
  t.same(legal(h, 'Caesar', 'levy').filter((a) => a.block === 'C-Octavian'), []);

  // C-Antonius (I) attacks Rome and is killed by P-Scipio; next turn Octavian may be levied.
  let s = position({ Caesar: { Genua: ['C-Antonius:I'], Ravenna: ['C-L13'] }, Pompey: { Rome: ['P-Scipio'] } });
  s = play(s, { Caesar: 'K14', Pompey: 'K26' });
  s = move(s, 'Caesar', 'C-Antonius', 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Ravenna' }));
  s = done(done(s, 'Caesar'), 'Pompey');
  s = act(rig(s, [1, 6, 6]), 'Pompey', 'fire', { block: 'P-Scipio' });
  t.equal(where(s, 'C-Antonius').loc, 'killed');
  s = noRegroup(s);
  t.same([s.step, s.turn], ['cards', 2]);
  s = play(s, { Caesar: 'K14', Pompey: 'K26' });
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Ravenna' }), 'allowed after Antonius is killed');
  s = act(s, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Ravenna' });
  t.same(where(s, 'C-Octavian'), { loc: 'Ravenna', str: 1, side: 'Caesar' });
  // Pompey has lost no leader: Brutus stays unavailable.
  s = done(s, 'Caesar');
  t.equal(s.cmd!.role, 'Pompey');
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-Brutus', city: 'Rome' }));
  t.ok(isLegal(s, 'Pompey', 'levy', { block: 'P-AUX1', city: 'Rome' }));
  // And with Antonius written in as killed, in Genua as in the scenario.
  const k = play(position({ Caesar: { Genua: ['C-L8', 'C-L12'] }, Pompey: { Utica: ['P-L39'] }, killed: ['C-Antonius'] }), { Caesar: 'K14', Pompey: 'K26' });
  t.ok(isLegal(k, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Genua' }));
  t.end();
});

t.test('JC-40 Auxilia and Ballista may be levied in any Friendly city', (t) => {
  // JC-40: Caesar holds Treveri (inland, 0 VP).
  let s = position({ Caesar: { Treveri: ['C-L16'] }, Pompey: { Utica: ['P-L39'] } });
  s = play(s, { Caesar: 'K14', Pompey: 'K26' });
  for (const b of ['C-AUX1', 'C-AUX2', 'C-AUX3', 'C-AUX4', 'C-BAL']) {
    t.ok(isLegal(s, 'Caesar', 'levy', { block: b, city: 'Treveri' }), `${b} in Treveri`);
    t.notOk(isLegal(s, 'Caesar', 'levy', { block: b, city: 'Lugdunum' }), `${b} not in Vacant Lugdunum`);
  }
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-L17', city: 'Treveri' }), 'a legion only in its levy city');
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Treveri' }), 'a Navis only in a major port');
  s = act(s, 'Caesar', 'levy', { block: 'C-AUX3', city: 'Treveri' });
  t.same(where(s, 'C-AUX3'), { loc: 'Treveri', str: 1, side: 'Caesar' });
  t.end();
});

t.test('JC-41 a Navis is only ever in a sea or a port, never inland', (t) => {
  // JC-41: C-NAV1 and Lugdunum (inland, Friendly to Caesar).
  // Move:
  let m = position({ Caesar: { Massilia: ['C-NAV1', 'C-L11'], Lugdunum: ['C-EQ1'] }, Pompey: { Utica: ['P-L39'] } });
  m = play(m, { Caesar: 'K08', Pompey: 'K26' });
  const moves = legal(m, 'Caesar', 'move', 'C-NAV1');
  t.ok(moves.length > 0);
  t.ok(
    moves.every((a) => (a.path as string[]).every((l) => isSea(l) || adjacentSeas(l).length > 0)),
    'only seas and ports',
  );
  t.throws(() => move(m, 'Caesar', 'C-NAV1', 'Lugdunum'), { name: 'RuleError' });
  t.ok(isLegal(m, 'Caesar', 'move', { block: 'C-L11', path: ['Lugdunum'] }), 'a legion may go there');
  // Levy: a new Navis only in a Friendly major port.
  const l = play(position({ Caesar: { Massilia: ['C-L11'], Lugdunum: ['C-EQ1'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K14', Pompey: 'K26' });
  t.notOk(isLegal(l, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Lugdunum' }));
  t.ok(isLegal(l, 'Caesar', 'levy', { block: 'C-NAV3', city: 'Massilia' }));

  // Regroup: Caesar wins a battle in Massilia; C-L11 may regroup to Lugdunum, C-NAV1 may not.
  let s = position({ Caesar: { Massilia: ['C-L11', 'C-NAV1'], Lugdunum: ['C-EQ1'] }, Pompey: { Narbo: ['P-L5:I'] } });
  s = play(s, { Caesar: 'K26', Pompey: 'K08' });
  s = move(s, 'Pompey', 'P-L5', 'Massilia');
  s = done(done(s, 'Pompey'), 'Caesar');
  s = act(rig(s, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-L11' });
  t.equal(s.step, 'regroup');
  t.ok(isLegal(s, 'Caesar', 'regroup', { block: 'C-L11', to: 'Lugdunum' }));
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-NAV1', to: 'Lugdunum' }));
  t.throws(() => act(s, 'Caesar', 'regroup', { block: 'C-NAV1', to: 'Lugdunum' }), { name: 'RuleError' });
  t.same(
    legal(s, 'Caesar', 'regroup', 'C-NAV1').map((a) => a.to),
    ['Hispanum'],
  );

  // Free deployment: C-NAV1 (Massilia) for C-L16 (Lugdunum), C-NAV2 (Ravenna) for C-EQ1 (Lugdunum).
  const f = jc.setup(testSeed(41), { scenario: 'free-deployment' });
  t.notOk(legal(f, 'Caesar').some((a) => (a.blocks as string[] | undefined)?.some((b) => b.startsWith('C-NAV')) && (a.blocks as string[]).some((b) => where(f, b).loc === 'Lugdunum')));
  t.throws(() => act(f, 'Caesar', 'swap', { blocks: ['C-NAV1', 'C-L16'] }), { name: 'RuleError' });
  t.throws(() => act(f, 'Caesar', 'swap', { blocks: ['C-NAV2', 'C-EQ1'] }), { name: 'RuleError' });
  t.end();
});

// ---- Hidden information ------------------------------------------------------------------------

t.test('JC-42 outside battle the opponent sees only side, location and moved; eliminated blocks are face-up', (t) => {
  // JC-42: C-L13 in Ravenna, then eliminated by P-L3.
  let s = position({ Caesar: { Ravenna: ['C-L13:I'] }, Pompey: { Asculum: ['P-L3'] }, killed: ['C-Antonius'] });
  s = play(s, { Caesar: 'K26', Pompey: 'K08' });
  t.same(blocksIn(s, 'Pompey', 'Ravenna'), [{ side: 'Caesar', location: 'Ravenna', moved: false }], 'a Caesar block, unknown');
  t.same(blocksIn(s, null, 'Ravenna'), [{ side: 'Caesar', location: 'Ravenna', moved: false }]);
  t.match(blocksIn(s, 'Caesar', 'Ravenna'), [{ id: 'C-L13', strength: 1, maxStrength: 3 }], 'its owner sees it');
  // Nothing in Pompey's view names a Caesar block on the map.
  for (const [r, text] of [['Pompey', JSON.stringify(viewOf(s, 'Pompey'))], ['observer', JSON.stringify(viewOf(s, null))]]) {
    t.notOk(/C-L13|Legio 13|"strength":1,"maxStrength":3/.test(text!), `${r}: no identity or strength of C-L13`);
  }
  const h = jc.setup(testSeed(42));
  t.notOk(/"C-(Caesar|Antonius|L\d+|EQ\d|NAV\d)"/.test(JSON.stringify(viewOf(h, 'Pompey'))), 'historical start: no Caesar id in Pompey\'s view');
  t.notOk(/"P-(Pompey|Scipio|L\d+|EQ\d|NAV\d)"/.test(JSON.stringify(viewOf(h, 'Caesar'))), 'nor the reverse');
  const pool = viewOf(s, 'Pompey').pools.Caesar;
  t.equal(pool.available, null, 'the enemy pool is hidden');
  t.equal(pool.count, 29);
  t.same(pool.killed, ['C-Antonius'], 'killed leaders are public trophies');
  t.ok(viewOf(s, 'Caesar').pools.Caesar.available!.some((b) => b.id === 'C-L17'), 'own pool listed');
  s = move(s, 'Pompey', 'P-L3', 'Ravenna');
  t.same(
    blocksIn(s, 'Caesar', 'Ravenna').filter((b) => b.side === 'Pompey'),
    [{ side: 'Pompey', location: 'Ravenna', moved: true }],
    'whether it moved is visible',
  );
  s = done(done(s, 'Pompey'), 'Caesar');
  s = act(rig(s, [6]), 'Caesar', 'fire', { block: 'C-L13' });
  s = act(rig(s, [1, 6, 6]), 'Pompey', 'fire', { block: 'P-L3' });
  t.equal(where(s, 'C-L13').loc, 'eliminated');
  for (const r of [null, 'Caesar', 'Pompey'] as const) {
    t.same(viewOf(s, r).pools.Caesar.eliminated, ['C-L13'], `face-up in Caesar's pool (${r ?? 'observer'})`);
  }
  s = noRegroup(s);
  t.same([s.step, s.turn], ['cards', 2]);
  t.same(
    blocksIn(s, 'Caesar', 'Ravenna'),
    [{ side: 'Pompey', location: 'Ravenna', moved: false }],
    'after the battle the survivor is hidden again (a new turn: not moved)',
  );
  t.end();
});

t.test('JC-43 battle reveals the main forces; Reserves are revealed in Round 2; hidden again after', (t) => {
  // JC-43: Caesar attacks Tarraco from Narbo (Main Attack) and Bilbilis (Reserve).
  let s = position({ Caesar: { Narbo: ['C-L7'], Bilbilis: ['C-L9'] }, Pompey: { Tarraco: ['P-L5:I'] } });
  s = play(s, { Caesar: 'K08', Pompey: 'K26' });
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  s = move(s, 'Caesar', 'C-L9', 'Tarraco');
  t.same(blocksIn(s, 'Pompey', 'Tarraco').filter((b) => b.side === 'Caesar'), [
    { side: 'Caesar', location: 'Tarraco', moved: true },
    { side: 'Caesar', location: 'Tarraco', moved: true },
  ], 'hidden before the battle');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.same([s.step, s.battle!.round], ['battle', 1]);
  let enemy = blocksIn(s, 'Pompey', 'Tarraco').filter((b) => b.side === 'Caesar');
  t.match(enemy, [{ id: 'C-L7', strength: 3, revealed: true }, { side: 'Caesar', reserve: true }]);
  t.notOk('id' in enemy[1]!, 'the Reserve from Bilbilis stays hidden in Round 1');
  t.notOk('strength' in enemy[1]!);
  t.match(blocksIn(s, 'Caesar', 'Tarraco').filter((b) => b.side === 'Pompey'), [{ id: 'P-L5', strength: 1, revealed: true }]);
  t.match(blocksIn(s, 'Caesar', 'Tarraco').find((b) => b.id === 'C-L9'), { reserve: true, strength: 3 }, 'its owner sees it');
  s = act(s, 'Pompey', 'pass', { block: 'P-L5' });
  s = act(s, 'Caesar', 'pass', { block: 'C-L7' });
  t.equal(s.battle!.round, 2);
  enemy = blocksIn(s, 'Pompey', 'Tarraco').filter((b) => b.side === 'Caesar');
  t.match(enemy, [{ id: 'C-L7', revealed: true }, { id: 'C-L9', strength: 3, revealed: true }], 'revealed at Round 2');
  t.notOk(enemy.some((b) => b.reserve));
  t.ok(logOf(s).includes("Caesar's Reserves arrive: Legio 9 (C2, III)."));
  s = act(s, 'Pompey', 'pass', { block: 'P-L5' });
  s = noRegroup(act(rig(s, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-L7' }));
  t.equal(s.battle, null);
  t.same(blocksIn(s, 'Pompey', 'Tarraco'), [
    { side: 'Caesar', location: 'Tarraco', moved: false },
    { side: 'Caesar', location: 'Tarraco', moved: false },
  ], 'hidden again after the battle (a new turn has begun)');
  // Cleopatra's identity (not her strength) is public at all times.
  const cleo = viewOf(s, 'Caesar').blocks.find((b) => b.location === 'Alexandria')!;
  t.equal(cleo.id, 'CLEO');
  t.notOk('strength' in cleo);
  t.end();
});

// ---- 5.1 Historical deployment (and 3.0 strengths) ---------------------------------------------

const HISTORICAL: Record<string, string> = {
  'C-Caesar': 'Ravenna', 'C-L13': 'Ravenna', 'C-NAV2': 'Ravenna',
  'C-Antonius': 'Genua', 'C-L8': 'Genua', 'C-L12': 'Genua',
  'C-L11': 'Massilia', 'C-L14': 'Massilia', 'C-NAV1': 'Massilia',
  'C-L7': 'Narbo', 'C-L9': 'Narbo', 'C-L10': 'Narbo',
  'C-L16': 'Lugdunum', 'C-EQ1': 'Lugdunum',
  'P-Pompey': 'Neapolis', 'P-L1': 'Neapolis', 'P-NAV1': 'Neapolis',
  'P-L3': 'Brundisium',
  'P-L37': 'Syracuse',
  'P-Scipio': 'Antioch', 'P-L34': 'Antioch',
  CLEO: 'Alexandria', 'P-NAV2': 'Alexandria',
  'P-L39': 'Utica', 'P-NAV3': 'Utica',
  'P-L2': 'Carthago Nova', 'P-L4': 'Carthago Nova',
  'P-L5': 'Tarraco', 'P-L6': 'Tarraco', 'P-EQ1': 'Tarraco',
};

t.test('JC-44 the historical deployment places every block at full strength', (t) => {
  // JC-44
  const s = jc.setup(testSeed(44));
  t.same(where(s, 'C-Caesar'), { loc: 'Ravenna', str: 3, side: 'Caesar' });
  t.same(where(s, 'C-Antonius'), { loc: 'Genua', str: 2, side: 'Caesar' });
  t.same(where(s, 'P-L1'), { loc: 'Neapolis', str: 4, side: 'Pompey' });
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 4, side: 'Pompey' });
  t.same(where(s, 'P-NAV1'), { loc: 'Neapolis', str: 2, side: 'Pompey' });
  for (const b of BLOCKS) if (HISTORICAL[b.id]) t.equal(where(s, b.id).str, b.max, `${b.id} at its maximum`);
  t.end();
});

// ---- 4.x Map and control -----------------------------------------------------------------------

t.test('JC-45 a city\'s status changes the instant blocks enter or leave', (t) => {
  // JC-45: Caesar moves his only block out of Narbo (into Vacant Tarraco).
  let s = position({ Caesar: { Narbo: ['C-L7'], Massilia: ['C-L11'] }, Pompey: { Utica: ['P-L39'] } });
  s = play(s, { Caesar: 'K14', Pompey: 'K26' });
  t.equal(status(occupancy(s), 'Narbo', 'Caesar'), 'friendly');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Narbo' }));
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }));
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  t.equal(status(occupancy(s), 'Narbo', 'Caesar'), 'vacant', 'Narbo is Vacant at once');
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Narbo' }), 'no levy in Narbo later this Command Phase');
  t.equal(status(occupancy(s), 'Tarraco', 'Caesar'), 'friendly', 'Tarraco is Friendly at once');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }));
  t.same(blocksIn(s, 'Pompey', 'Narbo'), []);
  t.end();
});

t.test('JC-46 entering an Enemy city with one block makes it Contested at once', (t) => {
  // JC-46: Caesar (P1) moves one block Narbo -> Tarraco (Pompey). Pompey could otherwise ship
  // P-L2 from Carthago Nova across Hispanum into Tarraco, strengthen P-L5 there, or levy P-L6.
  const board = { Caesar: { Narbo: ['C-L7'] }, Pompey: { Tarraco: ['P-L5:II'], 'Carthago Nova': ['P-L2'], Hispanum: ['P-NAV3'] } };
  let quiet = play(position(board), { Caesar: 'K08', Pompey: 'K10' });
  quiet = done(quiet, 'Caesar');
  t.equal(quiet.cmd!.role, 'Pompey');
  t.ok(isLegal(quiet, 'Pompey', 'amphibious', { block: 'P-L2', path: ['Hispanum', 'Tarraco'] }));
  t.ok(isLegal(quiet, 'Pompey', 'strengthen', { block: 'P-L5' }));
  t.ok(isLegal(quiet, 'Pompey', 'levy', { block: 'P-L6', city: 'Tarraco' }));

  let s = play(position(board), { Caesar: 'K08', Pompey: 'K10' });
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  t.equal(status(occupancy(s), 'Tarraco', 'Caesar'), 'contested');
  t.same(viewOf(s, 'Pompey').contested, [{ location: 'Tarraco', attacker: 'Caesar' }]);
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), 'Caesar may not levy there');
  s = done(s, 'Caesar');
  t.equal(s.cmd!.role, 'Pompey');
  t.notOk(isLegal(s, 'Pompey', 'strengthen', { block: 'P-L5' }), 'nor Pompey');
  t.notOk(isLegal(s, 'Pompey', 'levy', { block: 'P-L6', city: 'Tarraco' }));
  t.notOk(legal(s, 'Pompey', 'amphibious').some((a) => (a.path as string[]).at(-1) === 'Tarraco'), 'no amphibious move may end there');
  t.throws(() => act(s, 'Pompey', 'amphibious', { block: 'P-L2', path: ['Hispanum', 'Tarraco'] }), { name: 'RuleError' });
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-L2', path: ['Tarraco'] }), 'a response by road is still possible');
  t.end();
});

t.test('JC-47 only Navis occupy seas; land blocks never end a move at sea', (t) => {
  // JC-47: a legion in Genua and Tyrrhenum (Friendly: C-NAV2 is there).
  const s = play(position({ Caesar: { Genua: ['C-L12'], Tyrrhenum: ['C-NAV2'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  t.throws(() => move(s, 'Caesar', 'C-L12', 'Tyrrhenum'), { name: 'RuleError' });
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L12', path: ['Tyrrhenum'] }));
  t.ok(destinations(s, 'Caesar', 'C-L12').every(isCity), 'group moves end in cities');
  const amph = legal(s, 'Caesar', 'amphibious', 'C-L12');
  t.ok(amph.length > 0, 'it may pass through the sea ...');
  t.ok(amph.every((a) => isCity((a.path as string[]).at(-1)!)), '... but only to a port');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-NAV2', path: ['Hispanum'] }), 'a Navis may end at sea');
  t.end();
});

t.test('JC-48 land edges: Major 4, Minor 2, Strait 2 (1 into a defended city)', (t) => {
  // JC-48 (the details are the 6.11 items): one player's blocks per Command Phase.
  // Major Genua-Rome: 4; a fifth block may still reach Rome by another edge (via Ravenna).
  let s = play(position({ Caesar: { Genua: ['C-Caesar', 'C-L8', 'C-L11', 'C-L12', 'C-L14'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  for (const b of ['C-Caesar', 'C-L8', 'C-L11', 'C-L12']) s = move(s, 'Caesar', b, 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L14', path: ['Rome'] }), 'a fifth block on a major road');
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L14', path: ['Ravenna', 'Rome'] }));
  // Minor Ravenna-Rome: 2.
  s = play(position({ Caesar: { Ravenna: ['C-Caesar', 'C-L13', 'C-L14'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  s = move(move(s, 'Caesar', 'C-Caesar', 'Rome'), 'Caesar', 'C-L13', 'Rome');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L14', path: ['Rome'] }), 'a third block on a minor road');
  t.throws(() => move(s, 'Caesar', 'C-L14', 'Rome'), { name: 'RuleError' });
  // Strait Rhegium-Messana: 2 into a Vacant city ...
  s = play(position({ Caesar: { Rhegium: ['C-L17', 'C-L18', 'C-L19'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  s = move(move(s, 'Caesar', 'C-L17', 'Messana'), 'Caesar', 'C-L18', 'Messana');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L19', path: ['Messana'] }));
  // ... 1 into an Enemy one.
  s = play(position({ Caesar: { Rhegium: ['C-L17', 'C-L18'] }, Pompey: { Messana: ['P-L37'] } }), { Caesar: 'K08', Pompey: 'K26' });
  s = move(s, 'Caesar', 'C-L17', 'Messana');
  t.notOk(isLegal(s, 'Caesar', 'move', { block: 'C-L18', path: ['Messana'] }));
  t.end();
});

t.test('JC-49 Navis ignore straits and who holds the cities beside them', (t) => {
  // JC-49: Pompey holds Gades and Tingis; C-NAV1 moves Hispanum -> Atlanticus.
  const s = play(
    position({ Caesar: { Hispanum: ['C-NAV1'], Atlanticus: ['C-NAV2'], Narbo: ['C-L7'] }, Pompey: { Gades: ['P-L2'], Tingis: ['P-L4'] } }),
    { Caesar: 'K08', Pompey: 'K26' },
  );
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-NAV1', path: ['Atlanticus'] }));
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-NAV1', path: ['Atlanticus', 'Olisipo'] }));
  t.ok(isLegal(s, 'Caesar', 'amphibious', { block: 'C-L7', path: ['Hispanum', 'Atlanticus', 'Olisipo'] }), 'nor amphibious moves');
  const moved = move(s, 'Caesar', 'C-NAV1', 'Atlanticus');
  t.equal(where(moved, 'C-NAV1').loc, 'Atlanticus');
  t.end();
});

t.test('JC-50 islands: only by sea, except Sicily through the Messana strait', (t) => {
  // JC-50 Test A: a legion in Rhegium, Messana Vacant.
  let s = play(position({ Caesar: { Rhegium: ['C-L17', 'C-L18', 'C-L19'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L17', path: ['Messana'] }));
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L17', path: ['Messana', 'Syracuse'] }));
  s = move(s, 'Caesar', 'C-L17', 'Messana');
  t.equal(where(s, 'C-L17').loc, 'Messana');
  // Test B: a land block in Caralis has no land move, only amphibious ones.
  s = play(position({ Caesar: { Caralis: ['C-L9'], Tyrrhenum: ['C-NAV1'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  t.same(legal(s, 'Caesar', 'move', 'C-L9'), []);
  t.ok(isLegal(s, 'Caesar', 'amphibious', { block: 'C-L9', path: ['Tyrrhenum', 'Rome'] }));
  // No road leads to Aleria, Caralis, Creta or Salamis.
  s = play(position({ Caesar: { Rome: ['C-L17'], Antioch: ['C-EQ4'], Athena: ['C-L20'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K08', Pompey: 'K26' });
  for (const b of ['C-L17', 'C-EQ4', 'C-L20']) {
    const d = destinations(s, 'Caesar', b);
    t.ok(d.length > 0);
    t.notOk(d.some((c) => ['Aleria', 'Caralis', 'Creta', 'Salamis'].includes(c)), `${b}: ${d.join(', ')}`);
  }
  t.end();
});

t.test('JC-51 a port reaches every sea it touches; Utica and Creta touch three', (t) => {
  // JC-51
  const s = play(
    position({ Caesar: { Utica: ['C-NAV1'], Creta: ['C-NAV2'], Massilia: ['C-NAV3'], Brundisium: ['C-NAV4'] }, Pompey: { Tarraco: ['P-L5'] } }),
    { Caesar: 'K08', Pompey: 'K26' },
  );
  const firstSeas = (b: string) => [...new Set(legal(s, 'Caesar', 'move', b).map((a) => (a.path as string[])[0]!))].sort();
  t.same(firstSeas('C-NAV1'), ['Hispanum', 'Internum', 'Tyrrhenum']);
  t.same(firstSeas('C-NAV2'), ['Aegaeum', 'Egypticum', 'Internum']);
  t.same(firstSeas('C-NAV3'), ['Hispanum']);
  t.same(firstSeas('C-NAV4'), ['Hadriaticum', 'Internum'], 'a border port: two seas');
  t.same(adjacentSeas('Lugdunum'), [], 'inland: none');
  t.end();
});

// ---- 5.x Deployment and Levy Pool --------------------------------------------------------------

t.test('JC-52 the historical set-up is the 5.1 list; every other block is in its Levy Pool', (t) => {
  // JC-52
  const s = jc.setup(testSeed(52));
  for (const b of BLOCKS) t.equal(where(s, b.id).loc, HISTORICAL[b.id] ?? 'pool', b.id);
  const onMap = (side: string) => BLOCKS.filter((b) => b.side === side && where(s, b.id).loc !== 'pool').length;
  const inPool = (side: string) => BLOCKS.filter((b) => b.side === side && where(s, b.id).loc === 'pool').length;
  t.same([onMap('Caesar'), inPool('Caesar')], [14, 17]);
  t.same([onMap('Pompey') - 1, inPool('Pompey')], [15, 16], '15 Pompey blocks + Cleopatra');
  const v = viewOf(s, 'Caesar');
  t.same([v.pools.Caesar.count, v.pools.Pompey.count], [17, 16]);
  t.equal(v.pools.Pompey.available, null, 'hidden');
  t.same(v.pools.Pompey.eliminated, []);
  t.end();
});

t.test('JC-53 eliminated blocks stay out until the Year reset', (t) => {
  // JC-53: C-L8 eliminated in turn 2 of 706 (attacking Burdigala); Caesar holds Tarraco.
  let s = position({ turn: 2, Caesar: { Narbo: ['C-L8:I'], Tarraco: ['C-L7'] }, Pompey: { Burdigala: ['P-L5'] } });
  s = play(s, { Caesar: 'K08', Pompey: 'K10' });
  s = move(s, 'Caesar', 'C-L8', 'Burdigala');
  s = done(done(s, 'Caesar'), 'Pompey');
  s = act(rig(s, [1, 6, 6]), 'Pompey', 'fire', { block: 'P-L5' });
  t.equal(where(s, 'C-L8').loc, 'eliminated');
  s = noRegroup(s);
  // Turn 4 of 706: Caesar's command.
  s = quiet(s, (x) => x.turn === 4 && x.step === 'command' && x.cmd!.role === 'Caesar');
  t.ok(s.cmd!.lp > 0);
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), 'not before the Year reset');
  t.throws(() => act(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), { name: 'RuleError' });
  t.same(viewOf(s, 'Pompey').pools.Caesar.eliminated, ['C-L8']);
  // Turn 1 of 707.
  s = quiet(s, (x) => x.year === 707 && x.step === 'command' && x.cmd!.role === 'Caesar');
  t.equal(s.turn, 1);
  t.ok(s.cmd!.lp > 0);
  t.equal(where(s, 'C-L8').loc, 'pool');
  t.same(viewOf(s, 'Pompey').pools.Caesar.eliminated, []);
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), 'allowed in 707');
  t.end();
});

// ---- 5.3 Free Deployment -----------------------------------------------------------------------

const free = (seed = 54) => jc.setup(testSeed(seed), { scenario: 'free-deployment' });

t.test('JC-54 Free Deployment: rearrange own blocks among own starting cities, counts kept', (t) => {
  // JC-54
  const start = free();
  t.equal(start.step, 'deploy');
  const before = { Caesar: counts(start, 'Caesar'), Pompey: counts(start, 'Pompey') };
  // A: C-L16 (Lugdunum) <-> C-Caesar (Ravenna).
  let s = act(start, 'Caesar', 'swap', { blocks: ['C-L16', 'C-Caesar'] });
  t.equal(where(s, 'C-Caesar').loc, 'Lugdunum');
  t.equal(where(s, 'C-L16').loc, 'Ravenna');
  t.same(counts(s, 'Caesar'), before.Caesar, 'Ravenna 3, Lugdunum 2');
  // B: a single block cannot be moved without a counter-move.
  t.ok(legal(start, 'Caesar').every((a) => a.type === 'swap' || a.type === 'done'));
  t.throws(() => act(start, 'Caesar', 'move', { block: 'C-L7', path: ['Lugdunum'] }), { name: 'RuleError' });
  t.throws(() => act(start, 'Caesar', 'swap', { blocks: ['C-L7', 'C-L9'] }), { name: 'RuleError' }, 'two blocks of one city');
  // C: no block from the pool.
  t.throws(() => act(start, 'Caesar', 'swap', { blocks: ['C-L16', 'C-L17'] }), { name: 'RuleError' });
  t.notOk(legal(start, 'Caesar').some((a) => (a.blocks as string[] | undefined)?.includes('C-L17')));
  // D: Pompey puts three blocks of his choice in Neapolis.
  s = act(s, 'Pompey', 'swap', { blocks: ['P-Pompey', 'P-L2'] });
  s = act(s, 'Pompey', 'swap', { blocks: ['P-L1', 'P-L4'] });
  s = act(s, 'Pompey', 'swap', { blocks: ['P-NAV1', 'P-L39'] });
  t.same(
    BLOCKS.filter((b) => where(s, b.id).loc === 'Neapolis').map((b) => b.id),
    ['P-L2', 'P-L4', 'P-L39'],
  );
  s = done(done(s, 'Caesar'), 'Pompey');
  t.same([s.step, s.year], ['discard', 705]);
  t.same({ Caesar: counts(s, 'Caesar'), Pompey: counts(s, 'Pompey') }, before, 'every city keeps its count');
  t.end();
});

t.test('JC-55 Free Deployment: a Navis only in a port; legions anywhere among the cities', (t) => {
  // JC-55
  const s = free();
  t.throws(() => act(s, 'Caesar', 'swap', { blocks: ['C-NAV2', 'C-EQ1'] }), { name: 'RuleError' }, 'Navis inland');
  let x = act(s, 'Caesar', 'swap', { blocks: ['C-L13', 'C-L7'] });
  t.same([where(x, 'C-L13').loc, where(x, 'C-L7').loc], ['Narbo', 'Ravenna'], 'a legion away from its levy city');
  x = act(x, 'Caesar', 'swap', { blocks: ['C-NAV1', 'C-L8'] });
  t.equal(where(x, 'C-NAV1').loc, 'Genua', 'a Navis to another port');
  // All of Pompey's starting cities are ports, so his Navis may go to any of them.
  x = act(x, 'Pompey', 'swap', { blocks: ['P-NAV2', 'P-L34'] });
  t.equal(where(x, 'P-NAV2').loc, 'Antioch');
  t.end();
});

t.test('JC-56 Free Deployment: Cleopatra may be moved among Pompey\'s starting cities', (t) => {
  // JC-56
  let s = free();
  t.ok(legal(s, 'Pompey').some((a) => (a.blocks as string[] | undefined)?.includes('CLEO')));
  t.notOk(legal(s, 'Caesar').some((a) => (a.blocks as string[] | undefined)?.includes('CLEO')), 'not Caesar');
  s = act(s, 'Pompey', 'swap', { blocks: ['CLEO', 'P-L5'] });
  t.same(where(s, 'CLEO'), { loc: 'Tarraco', str: 4, side: 'Pompey' });
  t.equal(where(s, 'P-L5').loc, 'Alexandria');
  t.equal(counts(s, 'Pompey').Alexandria, 2);
  t.end();
});

t.test('JC-57 Free Deployment is secret and simultaneous', (t) => {
  // JC-57
  const s = free();
  t.same(pending(s), ['Caesar', 'Pompey'], 'both at once');
  const x = act(s, 'Caesar', 'swap', { blocks: ['C-L16', 'C-Caesar'] });
  // Nothing changes for the others but a hidden entry in their log, which keeps its number (issue 41).
  const hidden = <V extends { log: string[] }>(v: V, owner: string): V => ({ ...v, log: [...v.log, hiddenEntry(owner)] });
  for (const r of ['Pompey', null] as const) t.same(viewOf(x, r), hidden(viewOf(s, r), 'Caesar'), `${r ?? 'observer'} sees no change`);
  t.notSame(viewOf(x, 'Caesar'), viewOf(s, 'Caesar'), 'Caesar sees his own');
  // Pompey moving Cleopatra (a distinct block) is just as secret.
  const y = act(s, 'Pompey', 'swap', { blocks: ['CLEO', 'P-L5'] });
  for (const r of ['Caesar', null] as const) t.same(viewOf(y, r), hidden(viewOf(s, r), 'Pompey'), `${r ?? 'observer'} does not see Cleopatra move`);
  // Order does not matter.
  const a = act(act(s, 'Caesar', 'swap', { blocks: ['C-L16', 'C-Caesar'] }), 'Pompey', 'swap', { blocks: ['CLEO', 'P-L5'] });
  const b = act(act(s, 'Pompey', 'swap', { blocks: ['CLEO', 'P-L5'] }), 'Caesar', 'swap', { blocks: ['C-L16', 'C-Caesar'] });
  t.same(a.loc, b.loc);
  const d = done(x, 'Caesar');
  t.same(pending(d), ['Pompey']);
  t.same(viewOf(d, 'Pompey').log.slice(viewOf(s, 'Pompey').log.length), [hiddenEntry('Caesar'), 'Caesar has deployed.'], 'the swap hidden, in its place; the deployment public');
  t.end();
});
