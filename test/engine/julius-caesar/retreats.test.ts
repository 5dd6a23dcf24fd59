// Checklist items 143-163: 7.6 retreats (7.61 road limits, 7.62 attackers, 7.63 defenders, 7.64 sea
// retreats), 7.7 regroups, 7.8 Navis battles, Navis retreats and regroups.

import t from 'tap';
import { act, blockIndex, command, done, isLegal, legal, move, pending, rig, where, type Role, type State } from './helpers.js';
import { leadersKilled, occupancy, status, victoryPoints } from '../../../src/engine/julius-caesar/state.js';

/** Passes every battle turn until the active battle reaches `round` (the battle must not end). */
function passUntil(s: State, round: number): State {
  while (s.step === 'battle' && s.battle!.round < round) {
    const role = pending(s)[0] as Role;
    const a = legal(s, role, 'pass')[0];
    if (!a) throw new Error(`${role} cannot pass in round ${s.battle!.round}`);
    s = act(s, role, 'pass', { block: a.block });
  }
  return s;
}

/** Passes the battle turn of one block. */
function pass(s: State, role: Role, block: string): State {
  return act(s, role, 'pass', { block });
}

/** The blocks that may take the current battle turn. */
function actingBlocks(s: State): string[] {
  const role = pending(s)[0] as Role;
  return [...new Set(legal(s, role).map((a) => a.block as string))].sort();
}

/** Land (road) retreat destinations of a block now, sorted. */
function roadRetreats(s: State, role: Role, block: string): string[] {
  return legal(s, role, 'retreat', block)
    .filter((a) => a.sea === undefined)
    .map((a) => a.to as string)
    .sort();
}

/** All retreat destinations (road and sea) of a block now, as "to" or "sea>to", sorted. */
function allRetreats(s: State, role: Role, block: string): string[] {
  return legal(s, role, 'retreat', block)
    .map((a) => (a.sea === undefined ? (a.to as string) : `${a.sea as string}>${a.to as string}`))
    .sort();
}

function regroups(s: State, role: Role, block: string): string[] {
  return legal(s, role, 'regroup', block)
    .map((a) => a.to as string)
    .sort();
}

function retreat(s: State, role: Role, block: string, to: string, sea?: string): State {
  return act(s, role, 'retreat', sea ? { block, to, sea } : { block, to });
}

const statusOf = (s: State, loc: string, role: Role) => status(occupancy(s), loc, role);

// ---------------------------------------------------------------- 7.6 Retreats

t.test('JC-143 a block retreats instead of firing in its own battle turn, from Round 2, to one adjacent location', (t) => {
  // JC-143
  let s = command({
    Caesar: { Genua: ['C-L8'] },
    Pompey: { Rome: ['P-L1', 'P-L3'], Neapolis: ['P-L5'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle');
  t.equal(s.battle!.round, 1);
  t.same(pending(s), ['Pompey']);
  // Round 1: no retreat at all, only fire / pass.
  t.same(legal(s, 'Pompey', 'retreat'), []);
  t.throws(() => retreat(s, 'Pompey', 'P-L1', 'Neapolis'), { name: 'RuleError' });
  t.ok(isLegal(s, 'Pompey', 'fire', { block: 'P-L1' }));
  t.ok(isLegal(s, 'Pompey', 'pass', { block: 'P-L1' }));
  s = passUntil(s, 2);
  t.equal(s.battle!.round, 2);
  // Round 2: Pompey's C turn; Caesar may not retreat in Pompey's turn.
  t.same(pending(s), ['Pompey']);
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Genua' }));
  t.ok(isLegal(s, 'Pompey', 'retreat', { block: 'P-L1', to: 'Neapolis' }));
  // one adjacent location only: not two cities away
  t.notOk(isLegal(s, 'Pompey', 'retreat', { block: 'P-L1', to: 'Brundisium' }));
  t.throws(() => retreat(s, 'Pompey', 'P-L1', 'Brundisium'), { name: 'RuleError' });
  s = retreat(s, 'Pompey', 'P-L1', 'Neapolis');
  t.same(where(s, 'P-L1'), { loc: 'Neapolis', str: 4, side: 'Pompey' });
  t.equal(s.moved[blockIndex('P-L1')], true, 'P-L1 is marked moved');
  // it takes no further part: the battle goes on with P-L3 only
  t.equal(s.step, 'battle');
  t.equal(s.battle!.round, 2);
  t.same(pending(s), ['Pompey']);
  t.same(actingBlocks(s), ['P-L3']);
  t.same(legal(s, 'Pompey').filter((a) => a.block === 'P-L1'), []);
  s = pass(s, 'Pompey', 'P-L3');
  s = pass(s, 'Caesar', 'C-L8');
  t.equal(s.battle!.round, 3);
  t.same(actingBlocks(s), ['P-L3'], 'P-L1 gets no turn in Round 3 either');
  t.end();
});

t.test('JC-144 retreat road limits apply per Battle Round and reset every round', (t) => {
  // JC-144
  let s = command({
    Caesar: { Genua: ['C-L8', 'C-L11', 'C-L12'], Ravenna: ['C-L13'] },
    Pompey: { Rome: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  for (const b of ['C-L8', 'C-L11', 'C-L12']) s = move(s, 'Caesar', b, 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L1');
  t.same(pending(s), ['Caesar']);
  // Rome-Ravenna is minor: 2 per round.
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Ravenna' }));
  s = retreat(s, 'Caesar', 'C-L8', 'Ravenna');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L11', to: 'Ravenna' }));
  s = retreat(s, 'Caesar', 'C-L11', 'Ravenna');
  t.same(actingBlocks(s), ['C-L12']);
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L12', to: 'Ravenna' }), 'the third is rejected this round');
  t.throws(() => retreat(s, 'Caesar', 'C-L12', 'Ravenna'), { name: 'RuleError' });
  t.same(roadRetreats(s, 'Caesar', 'C-L12'), ['Genua'], 'the major road it came by is still open');
  s = pass(s, 'Caesar', 'C-L12');
  t.equal(s.battle!.round, 3);
  s = pass(s, 'Pompey', 'P-L1');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L12', to: 'Ravenna' }), 'counters reset in Round 3');
  s = retreat(s, 'Caesar', 'C-L12', 'Ravenna');
  t.equal(where(s, 'C-L12').loc, 'Ravenna');
  t.same(where(s, 'C-L8').loc, 'Ravenna');
  t.end();
});

t.test('JC-145 only one block per Battle Round may retreat across a strait', (t) => {
  // JC-145
  let s = command({
    Caesar: { Syracuse: ['C-L8', 'C-L11'], Rhegium: ['C-L12', 'C-L13'] },
    Pompey: { Messana: ['P-L37'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Messana');
  s = move(s, 'Caesar', 'C-L11', 'Messana');
  s = move(s, 'Caesar', 'C-L12', 'Messana');
  t.same(s.fights.Messana!.reserves, ['C-L12']);
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L37');
  t.same(actingBlocks(s), ['C-L11', 'C-L12', 'C-L8']);
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Rhegium' }));
  s = retreat(s, 'Caesar', 'C-L8', 'Rhegium');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L11', to: 'Rhegium' }), 'a second strait retreat this round');
  t.throws(() => retreat(s, 'Caesar', 'C-L11', 'Rhegium'), { name: 'RuleError' });
  // Syracuse (road used to attack, now Vacant) is open; Lilybaeum (Vacant, road not used) is not.
  t.equal(statusOf(s, 'Syracuse', 'Caesar'), 'vacant');
  t.same(roadRetreats(s, 'Caesar', 'C-L11'), ['Syracuse']);
  s = retreat(s, 'Caesar', 'C-L11', 'Syracuse');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L12', to: 'Rhegium' }));
  s = pass(s, 'Caesar', 'C-L12');
  t.equal(s.battle!.round, 3);
  s = pass(s, 'Pompey', 'P-L37');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L12', to: 'Rhegium' }), 'allowed again in Round 3');
  s = retreat(s, 'Caesar', 'C-L12', 'Rhegium');
  t.equal(where(s, 'C-L12').loc, 'Rhegium');
  t.end();
});

t.test('JC-146 no block may retreat into an Enemy or Contested location', (t) => {
  // JC-146
  const start = () => {
    let s = command({
      Caesar: { Genua: ['C-L8', 'C-L11'] },
      Pompey: { Rome: ['P-L1'], Ravenna: ['P-L3'], Neapolis: ['P-L5'] },
      cards: { Caesar: 'K09', Pompey: 'K14' },
    });
    s = move(s, 'Caesar', 'C-L8', 'Rome');
    s = done(s, 'Caesar');
    s = move(s, 'Pompey', 'P-L3', 'Genua'); // Pompey attacks Genua: Genua is Contested
    s = done(s, 'Pompey');
    t.equal(s.step, 'battle-choose');
    return s;
  };
  let s = act(start(), 'Caesar', 'battle', { location: 'Rome' });
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L1');
  t.equal(statusOf(s, 'Genua', 'Caesar'), 'contested');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Genua' }), 'Contested Genua, even by the road used');
  t.throws(() => retreat(s, 'Caesar', 'C-L8', 'Genua'), { name: 'RuleError' });
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Neapolis' }), 'Enemy Neapolis');
  t.throws(() => retreat(s, 'Caesar', 'C-L8', 'Neapolis'), { name: 'RuleError' });
  t.same(roadRetreats(s, 'Caesar', 'C-L8'), []);

  // The other way round: once Genua's battle is won, Genua is Friendly and open.
  s = act(start(), 'Caesar', 'battle', { location: 'Genua' });
  t.same(pending(s), ['Caesar'], 'Caesar defends Genua: his C block first');
  s = rig(s, [1, 1, 1]);
  s = act(s, 'Caesar', 'fire', { block: 'C-L11' });
  t.equal(where(s, 'P-L3').loc, 'eliminated');
  t.equal(s.step, 'regroup');
  s = done(s, 'Caesar');
  t.equal(s.battle!.loc, 'Rome');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L1');
  t.equal(statusOf(s, 'Genua', 'Caesar'), 'friendly');
  t.same(roadRetreats(s, 'Caesar', 'C-L8'), ['Genua']);
  t.end();
});

t.test('JC-147 attackers retreat to Vacant cities only by their own roads, to Friendly cities by any road', (t) => {
  // JC-147
  const round2 = (extra: Record<string, string[]>) => {
    let s = command({
      Caesar: { Narbo: ['C-L8'], ...extra },
      Pompey: { Tarraco: ['P-L5'], 'Carthago Nova': ['P-L2'] },
      cards: { Caesar: 'K09', Pompey: 'K14' },
    });
    s = move(s, 'Caesar', 'C-L8', 'Tarraco');
    s = done(s, 'Caesar');
    s = done(s, 'Pompey');
    s = passUntil(s, 2);
    return pass(s, 'Pompey', 'P-L5');
  };
  let s = round2({});
  t.equal(statusOf(s, 'Narbo', 'Caesar'), 'vacant');
  t.equal(statusOf(s, 'Bilbilis', 'Caesar'), 'vacant');
  t.same(allRetreats(s, 'Caesar', 'C-L8'), ['Narbo']);
  t.throws(() => retreat(s, 'Caesar', 'C-L8', 'Bilbilis'), { name: 'RuleError' });
  t.throws(() => retreat(s, 'Caesar', 'C-L8', 'Carthago Nova'), { name: 'RuleError' });
  s = retreat(s, 'Caesar', 'C-L8', 'Narbo');
  t.equal(where(s, 'C-L8').loc, 'Narbo');

  // Bilbilis Caesar-Friendly: open by any road.
  s = round2({ Bilbilis: ['C-L13'] });
  t.same(allRetreats(s, 'Caesar', 'C-L8'), ['Bilbilis', 'Narbo']);
  s = retreat(s, 'Caesar', 'C-L8', 'Bilbilis');
  t.equal(where(s, 'C-L8').loc, 'Bilbilis');
  t.end();
});

t.test('JC-148 defenders retreat to Friendly or Vacant cities except along roads the attacker used', (t) => {
  // JC-148
  let s = command({
    Caesar: { Genua: ['C-L8'], Ravenna: ['C-L13'] },
    Pompey: { Rome: ['P-L1'], Neapolis: ['P-L5'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Rome');
  s = move(s, 'Caesar', 'C-L13', 'Rome'); // a Reserve: its road counts too
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  t.same(pending(s), ['Pompey']);
  t.equal(statusOf(s, 'Genua', 'Pompey'), 'vacant');
  t.equal(statusOf(s, 'Ravenna', 'Pompey'), 'vacant');
  t.same(allRetreats(s, 'Pompey', 'P-L1'), ['Asculum', 'Neapolis']);
  t.throws(() => retreat(s, 'Pompey', 'P-L1', 'Genua'), { name: 'RuleError' });
  t.throws(() => retreat(s, 'Pompey', 'P-L1', 'Ravenna'), { name: 'RuleError' });
  s = retreat(s, 'Pompey', 'P-L1', 'Asculum');
  t.equal(where(s, 'P-L1').loc, 'Asculum');
  t.end();
});

t.test('JC-149 a block that must retreat and cannot is eliminated; a leader is killed', (t) => {
  // JC-149
  const round3 = (pompeyTakesGenua: boolean) => {
    let s = command({
      Caesar: { Genua: ['C-Antonius'] },
      Pompey: { Rome: ['P-L1'], Massilia: ['P-L3'] },
      cards: { Caesar: 'K09', Pompey: 'K14' },
    });
    s = move(s, 'Caesar', 'C-Antonius', 'Rome');
    s = done(s, 'Caesar');
    if (pompeyTakesGenua) s = move(s, 'Pompey', 'P-L3', 'Genua'); // Genua was left Vacant
    s = done(s, 'Pompey');
    return passUntil(s, 3);
  };
  let s = round3(true);
  t.equal(statusOf(s, 'Genua', 'Caesar'), 'enemy');
  s = pass(s, 'Caesar', 'C-Antonius'); // Round 3: A slot, Caesar attacker (Pompey has no A block)
  s = pass(s, 'Pompey', 'P-L1');
  // Round 4: Antonius must retreat, has nowhere to go: killed.
  t.equal(where(s, 'C-Antonius').loc, 'killed');
  t.equal(s.step, 'regroup');
  t.equal(s.regroup!.role, 'Pompey');
  t.equal(leadersKilled(s, 'Caesar'), 1);
  t.equal(victoryPoints(s, 'Pompey'), 5, 'Rome (2) + Alexandria (2, Cleopatra) + the trophy (1)');

  // Variant: Genua still open (Vacant, road used): Antonius must retreat there, and may do nothing else.
  s = round3(false);
  s = pass(s, 'Caesar', 'C-Antonius');
  s = pass(s, 'Pompey', 'P-L1');
  t.equal(s.battle!.round, 4);
  t.same(legal(s, 'Caesar').map((a) => `${a.type}:${a.to as string}`), ['retreat:Genua']);
  s = retreat(s, 'Caesar', 'C-Antonius', 'Genua');
  t.equal(where(s, 'C-Antonius').loc, 'Genua');
  t.equal(where(s, 'C-Antonius').str, 2);
  t.end();
});

// ---------------------------------------------------------------- 7.64 Sea retreats

t.test('JC-150 a land block in a port battle may retreat across one Friendly sea, one block per Battle Round', (t) => {
  // JC-150
  let s = command({
    Caesar: { Tacape: ['C-L13', 'C-L8'], Internum: ['C-NAV4'], Syracuse: ['C-L11'] },
    Pompey: { Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Utica');
  s = move(s, 'Caesar', 'C-L8', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.same(legal(s, 'Pompey', 'retreat'), [], 'no sea retreat in Round 1 either');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L39');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Syracuse', sea: 'Internum' }));
  s = retreat(s, 'Caesar', 'C-L13', 'Syracuse', 'Internum');
  t.same(where(s, 'C-L13'), { loc: 'Syracuse', str: 3, side: 'Caesar' });
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Syracuse', sea: 'Internum' }), 'second sea retreat this round');
  t.throws(() => retreat(s, 'Caesar', 'C-L8', 'Syracuse', 'Internum'), { name: 'RuleError' });
  t.same(allRetreats(s, 'Caesar', 'C-L8'), ['Tacape'], 'its road back is still open');
  s = pass(s, 'Caesar', 'C-L8');
  t.equal(s.battle!.round, 3);
  s = pass(s, 'Pompey', 'P-L39');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L8', to: 'Syracuse', sea: 'Internum' }), 'allowed again in Round 3');
  s = retreat(s, 'Caesar', 'C-L8', 'Syracuse', 'Internum');
  t.equal(where(s, 'C-L8').loc, 'Syracuse');
  t.end();
});

t.test('JC-151 a sea retreat needs a Friendly sea and a Friendly port on it, across exactly one sea', (t) => {
  // JC-151
  const round2 = (pompeyNavisToInternum: boolean) => {
    let s = command({
      Caesar: { Tacape: ['C-L13'], Internum: ['C-NAV4'], Syracuse: ['C-L11'], Aegaeum: ['C-NAV5'], Athena: ['C-L12'] },
      Pompey: { Utica: ['P-L39'], Egypticum: ['P-NAV1'] },
      cards: { Caesar: 'K09', Pompey: 'K14' },
    });
    s = move(s, 'Caesar', 'C-L13', 'Utica');
    s = done(s, 'Caesar');
    if (pompeyNavisToInternum) s = move(s, 'Pompey', 'P-NAV1', 'Internum');
    s = done(s, 'Pompey');
    if (pompeyNavisToInternum) s = act(s, 'Caesar', 'battle', { location: 'Utica' });
    s = passUntil(s, 2);
    return pass(s, 'Pompey', 'P-L39');
  };
  let s = round2(false);
  t.equal(statusOf(s, 'Cyrene', 'Caesar'), 'vacant');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Cyrene', sea: 'Internum' }), 'Vacant port');
  t.throws(() => retreat(s, 'Caesar', 'C-L13', 'Cyrene', 'Internum'), { name: 'RuleError' });
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Athena', sea: 'Internum' }), 'two seas');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Athena', sea: 'Aegaeum' }), 'Aegaeum does not touch Utica');
  t.throws(() => retreat(s, 'Caesar', 'C-L13', 'Athena', 'Internum'), { name: 'RuleError' });
  t.throws(() => retreat(s, 'Caesar', 'C-L13', 'Athena', 'Aegaeum'), { name: 'RuleError' });
  t.same(allRetreats(s, 'Caesar', 'C-L13'), ['Internum>Syracuse', 'Tacape']);

  // Internum Contested (a Pompey Navis attacked it): no sea retreat across it.
  s = round2(true);
  t.equal(statusOf(s, 'Internum', 'Caesar'), 'contested');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Syracuse', sea: 'Internum' }));
  t.throws(() => retreat(s, 'Caesar', 'C-L13', 'Syracuse', 'Internum'), { name: 'RuleError' });
  t.same(allRetreats(s, 'Caesar', 'C-L13'), ['Tacape']);
  t.end();
});

t.test('JC-152 attackers and defenders may both sea-retreat in the same round, each via its own sea', (t) => {
  // JC-152
  let s = command({
    Caesar: { Tacape: ['C-L13', 'C-L8'], Internum: ['C-NAV4'], Syracuse: ['C-L11'] },
    Pompey: { Utica: ['P-L39', 'P-L37'], Hispanum: ['P-NAV1'], 'Carthago Nova': ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Utica');
  s = move(s, 'Caesar', 'C-L8', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  t.same(pending(s), ['Pompey']);
  t.ok(isLegal(s, 'Pompey', 'retreat', { block: 'P-L39', to: 'Carthago Nova', sea: 'Hispanum' }));
  t.notOk(isLegal(s, 'Pompey', 'retreat', { block: 'P-L39', to: 'Syracuse', sea: 'Internum' }), "not via Caesar's sea");
  s = retreat(s, 'Pompey', 'P-L39', 'Carthago Nova', 'Hispanum');
  t.equal(where(s, 'P-L39').loc, 'Carthago Nova');
  t.notOk(isLegal(s, 'Pompey', 'retreat', { block: 'P-L37', to: 'Carthago Nova', sea: 'Hispanum' }), 'one per player per round');
  s = pass(s, 'Pompey', 'P-L37');
  t.same(pending(s), ['Caesar']);
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Syracuse', sea: 'Internum' }), "Pompey's sea retreat does not use up Caesar's");
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L13', to: 'Carthago Nova', sea: 'Hispanum' }));
  s = retreat(s, 'Caesar', 'C-L13', 'Syracuse', 'Internum');
  t.equal(where(s, 'C-L13').loc, 'Syracuse');
  t.end();
});

t.test('JC-153 sea retreats ignore road limits, and Navis use only the Navis retreat rules', (t) => {
  // JC-153
  // Sea retreat after the strait's one retreat of the round: Rhegium by road is full, by sea still open.
  let s = command({
    Caesar: { Messana: ['C-L8', 'C-L11'], Rhegium: ['C-L12'], Tyrrhenum: ['C-NAV4'] },
    Pompey: { Syracuse: ['P-L37', 'P-L1'] },
    cards: { Caesar: 'K14', Pompey: 'K09' },
  });
  t.equal(s.p1, 'Pompey');
  s = move(s, 'Pompey', 'P-L37', 'Messana');
  s = move(s, 'Pompey', 'P-L1', 'Messana');
  s = done(s, 'Pompey');
  s = done(s, 'Caesar');
  s = passUntil(s, 2);
  t.same(pending(s), ['Caesar'], 'Caesar defends: his C blocks first');
  s = retreat(s, 'Caesar', 'C-L8', 'Rhegium');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-L11', to: 'Rhegium' }), 'the strait allows 1 per round');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-L11', to: 'Rhegium', sea: 'Tyrrhenum' }), 'by sea it is not road-limited');
  s = retreat(s, 'Caesar', 'C-L11', 'Rhegium', 'Tyrrhenum');
  t.equal(where(s, 'C-L11').loc, 'Rhegium');

  // A Navis in a port battle: adjacent seas only, never a sea retreat to a port.
  s = command({
    Caesar: { Tacape: ['C-L13'] },
    Pompey: { Utica: ['P-L39', 'P-NAV3'], Hispanum: ['P-NAV1'], 'Carthago Nova': ['P-L2'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  t.ok(isLegal(s, 'Pompey', 'retreat', { block: 'P-L39', to: 'Carthago Nova', sea: 'Hispanum' }), 'the legion may sea-retreat');
  s = pass(s, 'Pompey', 'P-L39');
  s = pass(s, 'Caesar', 'C-L13');
  t.same(actingBlocks(s), ['P-NAV3']);
  t.same(allRetreats(s, 'Pompey', 'P-NAV3'), ['Hispanum', 'Internum', 'Tyrrhenum']);
  t.notOk(isLegal(s, 'Pompey', 'retreat', { block: 'P-NAV3', to: 'Carthago Nova', sea: 'Hispanum' }));
  t.throws(() => retreat(s, 'Pompey', 'P-NAV3', 'Carthago Nova', 'Hispanum'), { name: 'RuleError' });
  s = retreat(s, 'Pompey', 'P-NAV3', 'Hispanum');
  t.equal(where(s, 'P-NAV3').loc, 'Hispanum');
  t.equal(s.battle!.seaRetreats.Pompey, 0, 'a Navis retreat is not a sea retreat');
  t.end();
});

// ---------------------------------------------------------------- 7.7 Regroups

t.test('JC-154 the victor regroups any blocks one step to Friendly or Vacant cities, with a fresh road counter', (t) => {
  // JC-154
  let s = command({
    Caesar: { Genua: ['C-Antonius', 'C-L8', 'C-L11', 'C-L12', 'C-L14'], Ravenna: ['C-L13', 'C-L7'] },
    Pompey: { Rome: ['P-L1:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  for (const b of ['C-L8', 'C-L11', 'C-L12', 'C-L14']) s = move(s, 'Caesar', b, 'Rome'); // Genua-Rome major full
  for (const b of ['C-L13', 'C-L7']) s = move(s, 'Caesar', b, 'Rome'); // Reserves
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = pass(s, 'Pompey', 'P-L1');
  s = rig(s, [1, 6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-L8' });
  t.equal(where(s, 'P-L1').loc, 'eliminated');
  t.equal(s.step, 'regroup');
  t.same(pending(s), ['Caesar']);
  // former Reserves and blocks that moved this turn may regroup; one step only
  t.same(regroups(s, 'Caesar', 'C-L7'), ['Asculum', 'Genua', 'Neapolis', 'Ravenna']);
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-L7', to: 'Massilia' }), 'two cities away');
  s = act(s, 'Caesar', 'regroup', { block: 'C-L7', to: 'Asculum' });
  s = act(s, 'Caesar', 'regroup', { block: 'C-L13', to: 'Asculum' });
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-L8', to: 'Asculum' }), 'Rome-Asculum is minor: a third is rejected');
  t.throws(() => act(s, 'Caesar', 'regroup', { block: 'C-L8', to: 'Asculum' }), { name: 'RuleError' });
  for (const b of ['C-L8', 'C-L11', 'C-L12', 'C-L14']) {
    t.ok(isLegal(s, 'Caesar', 'regroup', { block: b, to: 'Genua' }), `${b} to Genua (fresh counter)`);
    s = act(s, 'Caesar', 'regroup', { block: b, to: 'Genua' });
  }
  t.same(where(s, 'C-L14'), { loc: 'Genua', str: 3, side: 'Caesar' });
  t.equal(where(s, 'C-L7').loc, 'Asculum');
  t.not(s.step, 'regroup', 'no block left to regroup: the Battle Phase goes on');

  // Straits allow 2 regroups.
  s = command({
    Caesar: { Rhegium: ['C-L8'], Syracuse: ['C-L11', 'C-L12'] },
    Pompey: { Messana: ['P-L37:I'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Messana');
  s = move(s, 'Caesar', 'C-L11', 'Messana');
  s = move(s, 'Caesar', 'C-L12', 'Messana');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = pass(s, 'Pompey', 'P-L37');
  s = rig(s, [1, 6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-L8' });
  t.equal(s.step, 'regroup');
  s = act(s, 'Caesar', 'regroup', { block: 'C-L8', to: 'Rhegium' });
  s = act(s, 'Caesar', 'regroup', { block: 'C-L11', to: 'Rhegium' });
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-L12', to: 'Rhegium' }), 'a third across the strait');
  t.ok(isLegal(s, 'Caesar', 'regroup', { block: 'C-L12', to: 'Syracuse' }));
  t.end();
});

t.test('JC-155 regroups never enter Enemy or Contested locations and never go by sea', (t) => {
  // JC-155
  let s = command({
    Caesar: { Genua: ['C-L11'], Ravenna: ['C-L13', 'C-L8'], Tyrrhenum: ['C-NAV1'], Aleria: ['C-L12'] },
    Pompey: { Rome: ['P-L1:I'], Neapolis: ['P-L3'], Massilia: ['P-L5'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = move(s, 'Caesar', 'C-L8', 'Rome');
  s = done(s, 'Caesar');
  s = move(s, 'Pompey', 'P-L5', 'Genua');
  s = done(s, 'Pompey');
  s = act(s, 'Caesar', 'battle', { location: 'Rome' });
  s = pass(s, 'Pompey', 'P-L1');
  s = rig(s, [1, 6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-L13' });
  t.equal(s.step, 'regroup');
  for (const to of ['Neapolis', 'Genua', 'Aleria', 'Tyrrhenum']) {
    t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-L13', to }), `not to ${to}`);
    t.throws(() => act(s, 'Caesar', 'regroup', { block: 'C-L13', to }), { name: 'RuleError' });
  }
  t.same(regroups(s, 'Caesar', 'C-L13'), ['Asculum', 'Ravenna']);
  s = act(s, 'Caesar', 'regroup', { block: 'C-L13', to: 'Ravenna' });
  t.equal(where(s, 'C-L13').loc, 'Ravenna');
  t.end();
});

t.test('JC-156 regrouping is optional, block by block', (t) => {
  // JC-156
  const won = () => {
    let s = command({
      Caesar: { Genua: ['C-L8', 'C-L11'], Narbo: ['C-L13'] },
      Pompey: { Rome: ['P-L1:I'], Tarraco: ['P-L5'] },
      cards: { Caesar: 'K09', Pompey: 'K14' },
    });
    s = move(s, 'Caesar', 'C-L8', 'Rome');
    s = move(s, 'Caesar', 'C-L11', 'Rome');
    s = move(s, 'Caesar', 'C-L13', 'Tarraco');
    s = done(s, 'Caesar');
    s = done(s, 'Pompey');
    s = act(s, 'Caesar', 'battle', { location: 'Rome' });
    s = pass(s, 'Pompey', 'P-L1');
    s = rig(s, [1, 6, 6]);
    s = act(s, 'Caesar', 'fire', { block: 'C-L8' });
    t.equal(s.step, 'regroup');
    return s;
  };
  // No regroup at all.
  let s = done(won(), 'Caesar');
  t.equal(where(s, 'C-L8').loc, 'Rome');
  t.equal(where(s, 'C-L11').loc, 'Rome');
  t.equal(s.step, 'battle');
  t.equal(s.battle!.loc, 'Tarraco', 'the next battle follows');
  // One block regroups, the other stays.
  s = act(won(), 'Caesar', 'regroup', { block: 'C-L11', to: 'Genua' });
  t.equal(s.step, 'regroup', 'still regrouping after one block');
  s = done(s, 'Caesar');
  t.equal(where(s, 'C-L11').loc, 'Genua');
  t.equal(where(s, 'C-L8').loc, 'Rome');
  t.equal(s.battle!.loc, 'Tarraco');
  t.end();
});

// ---------------------------------------------------------------- 7.8 Navis

t.test('JC-157 a Navis battle: Defender first each round, 4 rounds, the Attacker must retreat in Round 4', (t) => {
  // JC-157
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV4'] },
    Pompey: { Internum: ['P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.battle!.loc, 'Internum');
  for (let round = 1; round <= 3; round++) {
    t.equal(s.battle!.round, round);
    t.same(pending(s), ['Pompey'], `round ${round}: P-NAV1 first`);
    t.same(actingBlocks(s), ['P-NAV1']);
    s = rig(s, [6, 6]);
    s = act(s, 'Pompey', 'fire', { block: 'P-NAV1' });
    t.same(pending(s), ['Caesar'], `round ${round}: then C-NAV4`);
    s = rig(s, [6, 6]);
    s = act(s, 'Caesar', 'fire', { block: 'C-NAV4' });
  }
  t.equal(s.battle!.round, 4);
  s = pass(s, 'Pompey', 'P-NAV1');
  t.same([...new Set(legal(s, 'Caesar').map((a) => a.type))], ['retreat'], 'Round 4: the attacking Navis must retreat');
  t.throws(() => act(s, 'Caesar', 'fire', { block: 'C-NAV4' }), { name: 'RuleError' });
  t.throws(() => pass(s, 'Caesar', 'C-NAV4'), { name: 'RuleError' });
  s = retreat(s, 'Caesar', 'C-NAV4', 'Tyrrhenum');
  t.equal(where(s, 'C-NAV4').loc, 'Tyrrhenum');
  t.equal(s.step, 'regroup');
  t.equal(s.regroup!.role, 'Pompey', 'the Defender has won');
  t.end();
});

t.test('JC-158 Navis fight in port battles at their D initiative, attacking only from an adjacent sea', (t) => {
  // JC-158
  let s = command({
    Caesar: { Massilia: ['C-L11', 'C-NAV1'] },
    Pompey: { Hispanum: ['P-NAV1'], Tarraco: ['P-NAV3', 'P-L5'] },
    cards: { Caesar: 'K14', Pompey: 'K09' },
  });
  t.equal(s.p1, 'Pompey');
  t.notOk(
    legal(s, 'Pompey', 'move', 'P-NAV3').some((a) => (a.path as string[]).includes('Massilia')),
    'a Navis in port cannot attack another port',
  );
  s = move(s, 'Pompey', 'P-NAV1', 'Massilia');
  s = done(s, 'Pompey');
  s = done(s, 'Caesar');
  t.equal(s.battle!.loc, 'Massilia');
  t.equal(s.battle!.attacker, 'Pompey');
  t.same(pending(s), ['Caesar']);
  t.same(actingBlocks(s), ['C-L11'], 'Defender C first');
  s = pass(s, 'Caesar', 'C-L11');
  t.same(actingBlocks(s), ['C-NAV1'], 'then Defender D');
  s = pass(s, 'Caesar', 'C-NAV1');
  t.same(pending(s), ['Pompey']);
  t.same(actingBlocks(s), ['P-NAV1'], 'the attacking Navis last, at D');
  t.end();
});

t.test('JC-159 an attacking Navis retreats to where it came from, a Friendly sea, or a Friendly port on the sea', (t) => {
  // JC-159
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV4'], Syracuse: ['C-L11'], Hadriaticum: ['C-NAV5'] },
    Pompey: { Internum: ['P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-NAV1');
  t.equal(statusOf(s, 'Tyrrhenum', 'Caesar'), 'vacant');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-NAV4', to: 'Tyrrhenum' }), 'came from');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-NAV4', to: 'Syracuse' }), 'Friendly port');
  t.ok(isLegal(s, 'Caesar', 'retreat', { block: 'C-NAV4', to: 'Hadriaticum' }), 'Friendly sea');
  for (const to of ['Aegaeum', 'Cyrene', 'Egypticum']) {
    t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-NAV4', to }), `not to Vacant ${to}`);
    t.throws(() => retreat(s, 'Caesar', 'C-NAV4', to), { name: 'RuleError' });
  }
  t.same(allRetreats(s, 'Caesar', 'C-NAV4'), ['Hadriaticum', 'Syracuse', 'Tyrrhenum']);
  s = retreat(s, 'Caesar', 'C-NAV4', 'Syracuse');
  t.equal(where(s, 'C-NAV4').loc, 'Syracuse');

  // Came from a port now left Vacant: it may go back there, not to another Vacant port.
  s = command({
    Caesar: { Syracuse: ['C-NAV4'] },
    Pompey: { Internum: ['P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-NAV1');
  t.equal(statusOf(s, 'Syracuse', 'Caesar'), 'vacant');
  t.same(allRetreats(s, 'Caesar', 'C-NAV4'), ['Syracuse']);
  t.end();
});

t.test('JC-160 a defending Navis retreats to a Friendly sea, a Vacant sea not used by the attacker, or a Friendly port', (t) => {
  // JC-160
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV4'] },
    Pompey: { Internum: ['P-NAV1'], Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  t.same(pending(s), ['Pompey']);
  t.ok(isLegal(s, 'Pompey', 'retreat', { block: 'P-NAV1', to: 'Aegaeum' }));
  t.ok(isLegal(s, 'Pompey', 'retreat', { block: 'P-NAV1', to: 'Utica' }));
  t.notOk(isLegal(s, 'Pompey', 'retreat', { block: 'P-NAV1', to: 'Tyrrhenum' }), "the attacker's origin");
  t.throws(() => retreat(s, 'Pompey', 'P-NAV1', 'Tyrrhenum'), { name: 'RuleError' });
  t.notOk(isLegal(s, 'Pompey', 'retreat', { block: 'P-NAV1', to: 'Cyrene' }), 'Vacant port');
  t.throws(() => retreat(s, 'Pompey', 'P-NAV1', 'Cyrene'), { name: 'RuleError' });
  t.same(allRetreats(s, 'Pompey', 'P-NAV1'), ['Aegaeum', 'Egypticum', 'Hadriaticum', 'Utica']);
  s = retreat(s, 'Pompey', 'P-NAV1', 'Aegaeum');
  t.equal(where(s, 'P-NAV1').loc, 'Aegaeum');

  // No legal retreat: it fights on.
  s = command({
    Caesar: { Tyrrhenum: ['C-NAV4'], Hadriaticum: ['C-NAV2'], Aegaeum: ['C-NAV3'], Egypticum: ['C-NAV5'] },
    Pompey: { Internum: ['P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  t.same(legal(s, 'Pompey', 'retreat'), []);
  t.same(legal(s, 'Pompey').map((a) => a.type).sort(), ['fire', 'pass']);
  t.end();
});

t.test('JC-161 a Navis in a port battle retreats only to an adjacent sea', (t) => {
  // JC-161
  let s = command({
    Caesar: { Tacape: ['C-L13'], Tyrrhenum: ['C-NAV2'] },
    Pompey: { Utica: ['P-L39', 'P-NAV3'], 'Carthago Nova': ['P-L2'], Syracuse: ['P-L37'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L39');
  s = pass(s, 'Caesar', 'C-L13');
  t.same(actingBlocks(s), ['P-NAV3']);
  // Defender: Friendly or Vacant seas (not the Enemy Tyrrhenum), never a port (Carthago Nova, Syracuse).
  t.same(allRetreats(s, 'Pompey', 'P-NAV3'), ['Hispanum', 'Internum']);
  for (const to of ['Tyrrhenum', 'Carthago Nova', 'Syracuse', 'Tacape']) {
    t.throws(() => retreat(s, 'Pompey', 'P-NAV3', to), { name: 'RuleError' }, `not to ${to}`);
  }

  // Attacker: the sea it came from (Friendly or Vacant) or a Friendly sea; not another Vacant sea.
  s = command({
    Caesar: { Hispanum: ['C-NAV1'], Tacape: ['C-L13'], Tyrrhenum: ['C-NAV2'], Tarraco: ['C-L8'] },
    Pompey: { Utica: ['P-L39:II', 'P-L37'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L13', 'Utica');
  s = move(s, 'Caesar', 'C-NAV1', 'Utica');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = passUntil(s, 2);
  s = pass(s, 'Pompey', 'P-L39');
  s = pass(s, 'Pompey', 'P-L37');
  s = pass(s, 'Caesar', 'C-L13');
  t.same(actingBlocks(s), ['C-NAV1']);
  t.same(allRetreats(s, 'Caesar', 'C-NAV1'), ['Hispanum', 'Tyrrhenum']);
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-NAV1', to: 'Internum' }), 'Vacant, not its origin');
  t.notOk(isLegal(s, 'Caesar', 'retreat', { block: 'C-NAV1', to: 'Tarraco' }), 'a Friendly port two moves away');
  t.end();
});

t.test('JC-162 Navis that win a sea battle regroup to Friendly or Vacant adjacent seas or ports on that sea', (t) => {
  // JC-162
  let s = command({
    Caesar: { Tyrrhenum: ['C-NAV4'] },
    Pompey: { Internum: ['P-NAV1:I'], Egypticum: ['P-NAV2'], Utica: ['P-L39'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-NAV4', 'Internum');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = pass(s, 'Pompey', 'P-NAV1');
  s = rig(s, [1, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-NAV4' });
  t.equal(where(s, 'P-NAV1').loc, 'eliminated');
  t.equal(s.step, 'regroup');
  t.ok(isLegal(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Cyrene' }), 'Vacant port');
  t.ok(isLegal(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Aegaeum' }), 'Vacant sea');
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Egypticum' }), 'a Pompey Navis is there');
  t.throws(() => act(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Egypticum' }), { name: 'RuleError' });
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Utica' }), 'Enemy port');
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Massilia' }), 'a port on another sea');
  s = act(s, 'Caesar', 'regroup', { block: 'C-NAV4', to: 'Cyrene' });
  t.equal(where(s, 'C-NAV4').loc, 'Cyrene');
  t.end();
});

t.test('JC-163 Navis that win a port battle regroup only to an adjacent Friendly or Vacant sea', (t) => {
  // JC-163
  let s = command({
    Caesar: { Narbo: ['C-L8'], Hispanum: ['C-NAV1'] },
    Pompey: { Massilia: ['P-L1:I'], Tyrrhenum: ['P-NAV1'] },
    cards: { Caesar: 'K09', Pompey: 'K14' },
  });
  s = move(s, 'Caesar', 'C-L8', 'Massilia');
  s = move(s, 'Caesar', 'C-NAV1', 'Massilia');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = pass(s, 'Pompey', 'P-L1');
  s = rig(s, [1, 6, 6]);
  s = act(s, 'Caesar', 'fire', { block: 'C-L8' });
  t.equal(s.step, 'regroup');
  t.same(regroups(s, 'Caesar', 'C-NAV1'), ['Hispanum']);
  for (const to of ['Narbo', 'Genua', 'Lugdunum']) {
    t.throws(() => act(s, 'Caesar', 'regroup', { block: 'C-NAV1', to }), { name: 'RuleError' }, `no road for the Navis: ${to}`);
  }
  t.notOk(isLegal(s, 'Caesar', 'regroup', { block: 'C-L8', to: 'Hispanum' }), 'a legion never regroups to sea');
  s = act(s, 'Caesar', 'regroup', { block: 'C-NAV1', to: 'Hispanum' });
  t.equal(where(s, 'C-NAV1').loc, 'Hispanum');
  t.end();
});
