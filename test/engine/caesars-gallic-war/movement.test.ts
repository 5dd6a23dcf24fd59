// Checklist sections 9-12 (CGW-49 to CGW-72): movement, the Rhine, naval movement, stacking.

import t from 'tap';
import { act, isLegal, legal, position, round, where, type Role, type Spec, type State } from './helpers.js';

/** A round in which `mover` moves first with `card` (the other player moves nothing, after). */
function moving(spec: Spec, mover: Role, card = 'bellovaci'): State {
  const cards = mover === 'Roman' ? { Roman: card, Barbarian: 'leuci' } : { Roman: 'leuci', Barbarian: card };
  return round(spec, cards, { Roman: 'movement', Barbarian: 'movement' });
}

const groups = (s: State, role: Role, ...areas: string[]) => {
  for (const a of areas) s = act(s, role, 'group', { area: a });
  return act(s, role, 'go');
};
const mv = (s: State, role: Role, block: string, ...path: string[]) => act(s, role, 'move', { block, path });

t.test('CGW-49 groups are declared before moving; only declared groups move', async (t) => {
  // CGW-49
  let s = moving({ clear: true, Barbarian: { germania: ['marcomanni'], sequani: ['sequani'], leuci: ['leuci'] } }, 'Barbarian', 'sequani');
  s = groups(s, 'Barbarian', 'germania', 'sequani');
  t.notOk(legal(s, 'Barbarian', 'move').some((a) => a.block === 'leuci'), 'Leuci was not designated');
  t.throws(() => mv(s, 'Barbarian', 'leuci', 'mandubii'), { name: 'RuleError' });
});

t.test('CGW-50 a group may split and leave units behind', async (t) => {
  // CGW-50
  let s = moving({ clear: true, Roman: { transalpine_gaul: ['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X'] } }, 'Roman');
  s = groups(s, 'Roman', 'transalpine_gaul');
  s = mv(s, 'Roman', 'legio-VII', 'allobroges');
  s = mv(s, 'Roman', 'legio-VIII', 'allobroges');
  s = mv(s, 'Roman', 'legio-IX', 'helvetii');
  t.same(['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X'].map((id) => where(s, id).loc), ['allobroges', 'allobroges', 'helvetii', 'transalpine_gaul']);
});

t.test('CGW-51 each Off-Map legion is a group of its own, only into Transalpine Gaul; Barbarians never enter Off-Map', async (t) => {
  // CGW-51
  let s = moving({ clear: true, Roman: { roman_off_map: ['legio-XIII', 'legio-XIV', 'legio-XV'] } }, 'Roman', 'aedui');
  t.equal(legal(s, 'Roman', 'group').length, 1);
  s = act(s, 'Roman', 'group', { area: 'roman_off_map' });
  s = act(s, 'Roman', 'group', { area: 'roman_off_map' });
  t.equal(legal(s, 'Roman', 'group').length, 0, 'two groups for a 2-value card');
  s = act(s, 'Roman', 'go');
  t.same([...new Set(legal(s, 'Roman', 'move').map((a) => (a.path as string[]).join('>')))], ['transalpine_gaul']);
  s = mv(s, 'Roman', 'legio-XIII', 'transalpine_gaul');
  s = mv(s, 'Roman', 'legio-XIV', 'transalpine_gaul');
  t.equal(legal(s, 'Roman', 'move').length, 0, 'the third legion may not enter');
  let b = moving({ clear: true, Barbarian: { transalpine_gaul: ['sequani'] } }, 'Barbarian', 'sequani');
  b = groups(b, 'Barbarian', 'transalpine_gaul');
  t.notOk(isLegal(b, 'Barbarian', 'move', { block: 'sequani', path: ['roman_off_map'] }));
});

t.test('CGW-52 border limits per player per card play: 4 across black, 2 across blue', async (t) => {
  // CGW-52
  const six = ['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X', 'legio-XI', 'legio-XII'];
  let s = moving({ clear: true, supply: 0, Roman: { transalpine_gaul: [...six, 'legio-I'] } }, 'Roman');
  s = groups(s, 'Roman', 'transalpine_gaul');
  for (const id of six.slice(0, 4)) s = mv(s, 'Roman', id, 'allobroges');
  t.notOk(isLegal(s, 'Roman', 'move', { block: 'legio-XI', path: ['allobroges'] }), 'a 5th across the black border');
  s = mv(s, 'Roman', 'legio-XI', 'helvetii');
  s = mv(s, 'Roman', 'legio-XII', 'helvetii');
  t.notOk(isLegal(s, 'Roman', 'move', { block: 'legio-I', path: ['helvetii'] }), 'a 3rd across the blue border');
  let b = moving({ clear: true, supply: 0, Barbarian: { helvetii: ['helvetii', 'nantuates'] }, Roman: { transalpine_gaul: six } }, 'Roman');
  b = groups(b, 'Roman', 'transalpine_gaul');
  b = mv(b, 'Roman', 'legio-VII', 'boii');
  b = act(b, 'Roman', 'done');
  b = groups(b, 'Barbarian', 'helvetii');
  t.ok(isLegal(b, 'Barbarian', 'move', { block: 'helvetii', path: ['transalpine_gaul'] }), 'each player counts separately');
});

t.test('CGW-53 CGW-54 blue borders stop a unit; force march costs 1 supply and may end across a blue border', async (t) => {
  // CGW-53, CGW-54
  let s = moving({ clear: true, supply: 15, Roman: { transalpine_gaul: ['legio-VII'], allobroges: ['allobroges'] }, Barbarian: { helvetii: ['helvetii'] } }, 'Roman');
  s = groups(s, 'Roman', 'transalpine_gaul');
  t.notOk(isLegal(s, 'Roman', 'move', { block: 'legio-VII', path: ['helvetii', 'sequani'] }), 'no second leg after a blue border');
  t.ok(isLegal(s, 'Roman', 'move', { block: 'legio-VII', path: ['allobroges', 'helvetii'] }));
  s = mv(s, 'Roman', 'legio-VII', 'allobroges', 'helvetii');
  t.equal(s.supply, 14);
  let z = moving({ clear: true, supply: 0, Roman: { transalpine_gaul: ['legio-VII'] } }, 'Roman');
  z = groups(z, 'Roman', 'transalpine_gaul');
  t.notOk(legal(z, 'Roman', 'move').some((a) => (a.path as string[]).length === 2), 'supply 0: no force march');
});

t.test('CGW-55 only legions force march', async (t) => {
  // CGW-55
  let s = moving({ clear: true, supply: 10, Roman: { volcae: ['volcae'] } }, 'Roman');
  s = groups(s, 'Roman', 'volcae');
  t.notOk(isLegal(s, 'Roman', 'move', { block: 'volcae', path: ['transalpine_gaul', 'allobroges'] }));
});

t.test('CGW-56 the rulebook\'s movement example', async (t) => {
  // CGW-56
  const six = ['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X', 'legio-XI', 'legio-XII'];
  let s = round(
    { supply: 15, Roman: { transalpine_gaul: six } },
    { Roman: 'leuci', Barbarian: 'carnutes' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = groups(s, 'Roman', 'transalpine_gaul');
  s = mv(s, 'Roman', 'legio-VII', 'helvetii');
  s = mv(s, 'Roman', 'legio-VIII', 'helvetii');
  s = mv(s, 'Roman', 'legio-IX', 'allobroges', 'helvetii');
  s = mv(s, 'Roman', 'legio-X', 'allobroges', 'helvetii');
  s = mv(s, 'Roman', 'legio-XI', 'allobroges', 'sequani');
  s = mv(s, 'Roman', 'legio-XII', 'allobroges', 'sequani');
  t.equal(s.supply, 11);
  t.equal(s.crossings.Roman['transalpine_gaul>allobroges'], 4);
  t.equal(where(s, 'sequani').owner, 'Barbarian', 'neutral Sequani joins the Barbarian');
  t.same(Object.keys(s.fights).sort(), ['helvetii', 'sequani']);
});

t.test('CGW-57 a neutral tribe entered joins the opponent at once; the battle waits for the end of the card play', async (t) => {
  // CGW-57
  let s = moving({ clear: true, Roman: { mediomatrici: ['legio-VII'] }, neutral: { leuci: ['leuci'] } }, 'Roman');
  s = groups(s, 'Roman', 'mediomatrici');
  s = mv(s, 'Roman', 'legio-VII', 'leuci');
  t.equal(where(s, 'leuci').owner, 'Barbarian');
  t.ok(s.fights.leuci);
  t.equal(s.step, 'move', 'no battle yet');
});

t.test('CGW-58 CGW-88 both players move into a neutral area: the tribe ends with the last mover, who defends with reserves', async (t) => {
  // CGW-58, CGW-88
  let s = round(
    { clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { sequani: ['sequani'] }, neutral: { mandubii: ['mandubii', 'senones'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = groups(s, 'Roman', 'aedui');
  s = mv(s, 'Roman', 'legio-VII', 'mandubii');
  s = act(s, 'Roman', 'done');
  s = groups(s, 'Barbarian', 'sequani');
  s = mv(s, 'Barbarian', 'sequani', 'mandubii');
  s = act(s, 'Barbarian', 'done');
  t.equal(where(s, 'mandubii').owner, 'Barbarian');
  t.equal(where(s, 'senones').owner, 'Barbarian');
  t.equal(s.battle!.attacker, 'Roman');
  t.same(s.battle!.reserves, ['sequani'], 'the Barbarian\'s moved unit is a defending reserve');
});

t.test('CGW-59 the first mover into an empty area defends against the later mover', async (t) => {
  // CGW-59
  let s = round(
    { clear: true, Roman: { mediomatrici: ['legio-VII'] }, Barbarian: { germania: ['marcomanni', 'tencteri'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = groups(s, 'Roman', 'mediomatrici');
  s = mv(s, 'Roman', 'legio-VII', 'leuci');
  s = act(s, 'Roman', 'done');
  s = groups(s, 'Barbarian', 'germania');
  s = mv(s, 'Barbarian', 'marcomanni', 'leuci');
  s = mv(s, 'Barbarian', 'tencteri', 'leuci');
  s = act(s, 'Barbarian', 'done');
  t.equal(s.battle!.attacker, 'Barbarian');
  t.equal(s.battle!.defender, 'Roman');
});

t.test('CGW-60 pinning: attackers pin as many defenders; the others may leave, not across the attackers\' border', async (t) => {
  // CGW-60
  let s = round(
    { clear: true, Roman: { allobroges: ['legio-VII', 'legio-VIII'] }, Barbarian: { sequani: ['sequani', 'marcomanni', 'tencteri'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = groups(s, 'Roman', 'allobroges');
  s = mv(s, 'Roman', 'legio-VII', 'sequani');
  s = mv(s, 'Roman', 'legio-VIII', 'sequani');
  s = act(s, 'Roman', 'done');
  s = groups(s, 'Barbarian', 'sequani');
  t.notOk(isLegal(s, 'Barbarian', 'move', { block: 'sequani', path: ['allobroges'] }), 'not across the attackers\' border');
  t.ok(isLegal(s, 'Barbarian', 'move', { block: 'sequani', path: ['leuci'] }));
  s = mv(s, 'Barbarian', 'sequani', 'leuci');
  t.same(legal(s, 'Barbarian'), [{ type: 'done' }], 'the other two are pinned');
});

t.test('CGW-62 CGW-63 CGW-64 the Rhine: Germans and legions only; legions only into a Germania with Germans; 2 units and stop', async (t) => {
  // CGW-62, CGW-63, CGW-64
  let s = moving({ clear: true, Barbarian: { treveri: ['treveri'], germania: ['marcomanni', 'tencteri', 'usipetes'] } }, 'Barbarian', 'sequani');
  s = groups(s, 'Barbarian', 'treveri', 'germania');
  t.notOk(isLegal(s, 'Barbarian', 'move', { block: 'treveri', path: ['germania'] }), 'a tribe may not cross the Rhine');
  s = mv(s, 'Barbarian', 'marcomanni', 'leuci');
  s = mv(s, 'Barbarian', 'tencteri', 'leuci');
  t.notOk(isLegal(s, 'Barbarian', 'move', { block: 'usipetes', path: ['leuci'] }), 'a third across the Rhine');
  t.notOk(legal(s, 'Barbarian', 'move').some((a) => a.block === 'marcomanni'), 'a unit that crossed stops');
  let r = moving({ clear: true, Roman: { leuci: ['legio-VII', 'leuci'] } }, 'Roman');
  r = groups(r, 'Roman', 'leuci');
  t.notOk(isLegal(r, 'Roman', 'move', { block: 'legio-VII', path: ['germania'] }), 'no Germans in Germania');
  t.notOk(isLegal(r, 'Roman', 'move', { block: 'leuci', path: ['germania'] }), 'a Roman ally may not cross');
});

t.test('CGW-65 CGW-66 CGW-67 naval movement: port to port in one zone, 2 per group, Osismi on both zones', async (t) => {
  // CGW-65, CGW-66, CGW-67
  let s = moving({ clear: true, supply: 10, Roman: { atrebates: ['legio-VII', 'legio-VIII', 'legio-IX'], aedui: ['legio-X'] }, neutral: { britannia: ['belgae', 'cantiaci'] } }, 'Roman');
  s = groups(s, 'Roman', 'atrebates', 'aedui');
  t.ok(isLegal(s, 'Roman', 'sail', { block: 'legio-VII', to: 'britannia' }));
  t.notOk(isLegal(s, 'Roman', 'sail', { block: 'legio-VII', to: 'veneti' }), 'another sea zone');
  t.notOk(legal(s, 'Roman', 'sail').some((a) => a.block === 'legio-X'), 'Aedui has no port');
  s = act(s, 'Roman', 'sail', { block: 'legio-VII', to: 'britannia' });
  t.equal(s.supply, 9, 'a hostile port costs 1 supply per group');
  t.notOk(legal(s, 'Roman').some((a) => a.block === 'legio-VII'), 'a unit that sailed stops');
  s = act(s, 'Roman', 'sail', { block: 'legio-VIII', to: 'britannia' });
  t.equal(s.supply, 9, 'not -2');
  t.notOk(legal(s, 'Roman', 'sail').some((a) => a.block === 'legio-IX'), 'a third by sea from the group');
  let o = moving({ clear: true, Roman: { osismi: ['legio-VII'] } }, 'Roman');
  o = groups(o, 'Roman', 'osismi');
  t.ok(isLegal(o, 'Roman', 'sail', { block: 'legio-VII', to: 'santones' }));
  t.ok(isLegal(o, 'Roman', 'sail', { block: 'legio-VII', to: 'esuvii' }));
});

t.test('CGW-68 CGW-69 the Barbarian may not sail into enemy or neutral ports; Britannia only by sea', async (t) => {
  // CGW-68, CGW-69
  let s = moving({ Barbarian: { veneti: ['veneti'] } }, 'Barbarian', 'sequani');
  s = groups(s, 'Barbarian', 'veneti');
  t.notOk(isLegal(s, 'Barbarian', 'sail', { block: 'veneti', to: 'pictones' }), 'neutral Pictones');
  t.notOk(legal(s, 'Barbarian', 'move').some((a) => (a.path as string[]).includes('britannia')));
});

t.test('CGW-70 CGW-71 CGW-72 stacking: each block beyond 6 loses a step; legions in TG do not count; tribes first, no elimination if avoidable', async (t) => {
  // CGW-70, CGW-71, CGW-72
  const eight = ['mandubii', 'senones', 'marcomanni', 'tencteri', 'usipetes', 'ariovistus', 'sequani', 'leuci'];
  let s = round({ clear: true, Barbarian: { mandubii: eight } }, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'supply', Barbarian: 'movement' });
  s = act(s, 'Barbarian', 'go');
  t.equal(s.step, 'attrition');
  t.same(s.attrition[0], { role: 'Barbarian', area: 'mandubii', left: 2 });
  const offered = legal(s, 'Barbarian', 'attrition').map((a) => a.block).sort();
  t.same(offered, ['leuci', 'mandubii', 'senones', 'sequani'], 'Gallic tribes before Germans and leaders');
  s = act(s, 'Barbarian', 'attrition', { block: 'sequani' });
  s = act(s, 'Barbarian', 'attrition', { block: 'mandubii' });
  t.equal(s.step, 'play');
  t.same([where(s, 'sequani').str, where(s, 'mandubii').str], [3, 2]);
  const tg = ['legio-I', 'legio-VII', 'legio-VIII', 'legio-IX', 'legio-X', 'legio-XI', 'legio-XII', 'legio-XIII', 'legio-XIV'];
  let r = round({ clear: true, Roman: { transalpine_gaul: [...tg, 'volcae'] } }, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'supply', Barbarian: 'movement' });
  r = act(r, 'Barbarian', 'go');
  t.equal(r.step, 'play', 'nine legions and Volcae in TG: no attrition');
  // Every tribe on its last step, the legions at 4: a legion takes it rather than eliminate a tribe.
  let m = round(
    { clear: true, Roman: { aedui: ['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X', 'aedui:1', 'boii:1', 'helvii:1'] } },
    { Roman: 'aedui', Barbarian: 'leuci' },
    { Roman: 'supply', Barbarian: 'movement' },
  );
  m = act(m, 'Barbarian', 'go');
  t.same(legal(m, 'Roman', 'attrition').map((a) => a.block).sort(), ['legio-IX', 'legio-VII', 'legio-VIII', 'legio-X']);
});

void position;
