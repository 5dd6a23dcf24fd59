// Checklist section 22 (CGW-114 to CGW-136) and section 24 (victory): the End of Turn, reached by
// playing the last cards of the turn; the harvest die is set through the game's generator.

import t from 'tap';
import { finalResult } from '../../../src/engine/caesars-gallic-war/victory.js';
import { act, cgw, endOfTurn, isLegal, legal, play, position, viewOf, where, type State } from './helpers.js';

/** Finishes every End of Turn decision with 'done' (or the first legal action). */
function finish(s: State, upTo = 'play'): State {
  for (let n = 0; n < 50 && s.step !== upTo && s.step !== 'over' && s.step !== 'play'; n++) {
    const r = cgw.pending(s)[0]!;
    const l = cgw.legalActions(s, r);
    s = cgw.apply(s, r, l.find((a) => a.type === 'done') ?? l[0]!);
  }
  return s;
}

t.test('CGW-114 CGW-115 harvest first: a roll of 1 sets the garrison limit to 1 and costs 2 supply, not below 0', async (t) => {
  // CGW-114, CGW-115
  const s = endOfTurn({ clear: true, supply: 1, Roman: { transalpine_gaul: ['legio-X'] } }, 1);
  t.equal(s.garrison, 1);
  t.equal(s.supply >= 0, true);
  t.match(viewOf(s, null).log.join('\n'), /Harvest: 1, garrison limit 1, Roman supply 1 → 0/);
});

t.test('CGW-116 CGW-121 the garrison limit: Caesar plus 2 legions in Aedui at limit 2; a third must go home', async (t) => {
  // CGW-116, CGW-121
  let s = endOfTurn({ clear: true, Roman: { aedui: ['legio-X', 'legio-VII', 'legio-VIII', 'legio-IX'] } }, 3);
  t.equal(s.step, 'winter-legions');
  s = act(s, 'Roman', 'stay', { block: 'legio-X' });
  s = act(s, 'Roman', 'stay', { block: 'legio-VII' });
  s = act(s, 'Roman', 'stay', { block: 'legio-VIII' });
  t.notOk(isLegal(s, 'Roman', 'stay', { block: 'legio-IX' }), 'a third legion over the limit of 2');
  s = act(s, 'Roman', 'done');
  t.equal(where(s, 'legio-IX').loc, 'transalpine_gaul');
  t.equal(where(s, 'legio-X').loc, 'aedui');
});

t.test('CGW-117 replacements: units at home gain a step, units away do not', async (t) => {
  // CGW-117
  const s = endOfTurn({ clear: true, Barbarian: { sequani: ['sequani:2'] }, Roman: { boii: ['aedui:1'], transalpine_gaul: ['legio-X'] } });
  const f = finish(s);
  t.equal(where(f, 'sequani').str, 3);
  t.equal(where(f, 'aedui').str, 1, 'Aedui was away from home');
});

t.test('CGW-118 CGW-119 eliminated tribes return: to the occupier at 1, or neutral at full; Nantuates replace the Helvetii', async (t) => {
  // CGW-118, CGW-119
  const s = endOfTurn({ clear: true, Roman: { sequani: ['legio-VII', 'legio-VIII'], helvetii: ['legio-IX'], transalpine_gaul: ['legio-X'] }, off: { eliminated: ['sequani', 'leuci', 'helvetii'] } });
  t.same(where(s, 'sequani'), { loc: 'sequani', str: 1, owner: 'Roman' });
  t.same(where(s, 'leuci'), { loc: 'leuci', str: 3, owner: null });
  t.equal(where(s, 'helvetii').loc, 'removed');
  t.same(where(s, 'nantuates'), { loc: 'helvetii', str: 2, owner: 'Roman' });
});

t.test('CGW-122 Caesar who wintered outside last year must come home', async (t) => {
  // CGW-122
  let s = position({ clear: true, Roman: { aedui: ['legio-X'] } });
  s.caesarWintered = true;
  s.hand = { Roman: [], Barbarian: [] };
  s = play(s, { Roman: 'aedui', Barbarian: 'leuci' });
  s = act(s, 'Roman', 'declare', { action: 'movement' });
  s = act(s, 'Barbarian', 'declare', { action: 'movement' });
  s = act(s, 'Roman', 'go');
  s = act(s, 'Barbarian', 'go');
  t.equal(s.step, 'winter-legions');
  t.notOk(isLegal(s, 'Roman', 'stay', { block: 'legio-X' }));
});

t.test('CGW-125 a Roman ally whose home holds Barbarian units changes sides at its strength', async (t) => {
  // CGW-125
  const s = finish(endOfTurn({ clear: true, Roman: { boii: ['aedui:2'], transalpine_gaul: ['legio-X'] }, Barbarian: { aedui: ['marcomanni'] } }), 'winter-barbarian');
  t.same(where(s, 'aedui'), { loc: 'aedui', str: 2, owner: 'Barbarian' });
});

t.test('CGW-126 a Barbarian ally going home to a legion defects; a minor leader there is eliminated', async (t) => {
  // CGW-126
  let s = endOfTurn({ clear: true, Roman: { sequani: ['legio-VII'], aedui: ['legio-VIII'], transalpine_gaul: ['legio-X'] }, Barbarian: { leuci: ['sequani:3', 'dumnorix'] } });
  s.leaderHome.dumnorix = 'aedui';
  s = act(s, 'Roman', 'stay', { block: 'legio-VII' });
  s = act(s, 'Roman', 'stay', { block: 'legio-VIII' });
  s = act(s, 'Roman', 'done');
  s = finish(s, 'replacements');
  t.same(where(s, 'sequani'), { loc: 'sequani', str: 3, owner: 'Roman' });
  t.equal(where(s, 'dumnorix').loc, 'aside');
});

t.test('CGW-127 Gallic units with Vercingetorix may winter with him at his home too, within the garrison limit, Vercingetorix counting', async (t) => {
  // CGW-127 (8.3, 7.3.4): "in the same area as Vercingetorix", wherever that is.
  let s = endOfTurn({ clear: true, Roman: { transalpine_gaul: ['legio-X'] }, Barbarian: { arverni: ['vercingetorix', 'arverni', 'aedui', 'sequani'] } }, 3, (x) => {
    x.leaderHome.vercingetorix = 'arverni';
  });
  t.equal(s.garrison, 2);
  t.equal(s.step, 'winter-barbarian', 'the Barbarian chooses who winters with him');
  t.ok(isLegal(s, 'Barbarian', 'stay', { block: 'aedui' }));
  s = act(s, 'Barbarian', 'stay', { block: 'aedui' });
  t.notOk(isLegal(s, 'Barbarian', 'stay', { block: 'sequani' }), 'limit 2: Vercingetorix and the Aedui');
  s = act(s, 'Barbarian', 'done');
  t.same([where(s, 'vercingetorix').loc, where(s, 'arverni').loc, where(s, 'aedui').loc, where(s, 'sequani').loc], ['arverni', 'arverni', 'arverni', 'sequani']);
});

t.test('CGW-128 Germans may stay with Ariovistus within the garrison limit, Ariovistus counting', async (t) => {
  // CGW-128
  let s = endOfTurn({ clear: true, Roman: { transalpine_gaul: ['legio-X'] }, Barbarian: { sequani: ['ariovistus', 'marcomanni', 'tencteri'] } }, 3);
  t.equal(s.step, 'winter-barbarian');
  s = act(s, 'Barbarian', 'stay', { block: 'ariovistus' });
  s = act(s, 'Barbarian', 'stay', { block: 'marcomanni' });
  t.notOk(isLegal(s, 'Barbarian', 'stay', { block: 'tencteri' }));
  s = act(s, 'Barbarian', 'done');
  t.same([where(s, 'ariovistus').loc, where(s, 'marcomanni').loc, where(s, 'tencteri').loc], ['sequani', 'sequani', 'germania']);
  t.equal(s.ariovistusWintered, true);
});

t.test('CGW-130 winter supply: 1 per legion outside TG (not Caesar); the Roman picks the unpaid legions, which lose a step', async (t) => {
  // CGW-130
  let s = endOfTurn({ clear: true, supply: 1, Roman: { aedui: ['legio-VII'], boii: ['legio-VIII'], leuci: ['legio-IX'], sequani: ['legio-X'] } }, 3);
  for (const id of ['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X']) s = act(s, 'Roman', 'stay', { block: id });
  s = act(s, 'Roman', 'done');
  s = finish(s, 'winter-supply');
  t.equal(s.step, 'winter-supply');
  t.equal(s.supply, 0, 'the one supply point is paid');
  t.same(legal(s, 'Roman').map((a) => a.block).sort(), ['legio-IX', 'legio-VII', 'legio-VIII'], 'Caesar is free');
  s = act(s, 'Roman', 'unsupplied', { block: 'legio-VII' });
  s = act(s, 'Roman', 'unsupplied', { block: 'legio-IX' });
  t.same(['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X'].map((id) => where(s, id).str), [3, 4, 3, 4]);
  t.not(s.step, 'winter-supply');
  const one = finish(act(act(endOfTurn({ clear: true, supply: 5, Roman: { aedui: ['legio-VII'], transalpine_gaul: ['legio-X'] } }, 3), 'Roman', 'stay', { block: 'legio-VII' }), 'Roman', 'done'), 'winter-supply');
  t.ok(viewOf(one, null).log.includes('Winter supply: 1 legion in Gaul, 1 supplied; supply 4.'), 'one legion, counted right');
});

t.test('CGW-131 Roman replacements: full in TG, at most one step outside', async (t) => {
  // CGW-131
  let s = endOfTurn({ clear: true, supply: 8, Roman: { transalpine_gaul: ['legio-VIII:1'], aedui: ['legio-IX:2'] } }, 3);
  s = act(s, 'Roman', 'stay', { block: 'legio-IX' });
  s = act(s, 'Roman', 'done');
  s = finish(s, 'replacements');
  t.equal(s.step, 'replacements');
  s = act(s, 'Roman', 'replace', { block: 'legio-IX' });
  t.notOk(isLegal(s, 'Roman', 'replace', { block: 'legio-IX' }), 'one step outside TG');
  s = act(s, 'Roman', 'replace', { block: 'legio-VIII' });
  s = act(s, 'Roman', 'replace', { block: 'legio-VIII' });
  s = act(s, 'Roman', 'replace', { block: 'legio-VIII' });
  t.equal(where(s, 'legio-VIII').str, 4);
});

t.test('CGW-132 supply production: 1 per Roman fort area, 2 for Avaricum and TG', async (t) => {
  // CGW-132
  let s = endOfTurn({ clear: true, supply: 0, Roman: { volcae: ['volcae'], bituriges: ['bituriges', 'arvii'], transalpine_gaul: ['legio-X'] } }, 3);
  s = finish(s, 'reinforcements');
  t.match(viewOf(s, null).log.join('\n'), /Supply production: \+5/);
});

t.test('CGW-133 CGW-134 build one legion a turn at 1 supply a step; a dead legion returns next turn at full', async (t) => {
  // CGW-133, CGW-134
  let s = endOfTurn({ clear: true, turn: 4, supply: 0, Roman: { transalpine_gaul: ['legio-X'] }, off: { eliminated: ['legio-VII'] } }, 3, (p) => {
    p.legionDied['legio-VII'] = 3;
  });
  s = finish(s, 'reinforcements');
  t.same(where(s, 'legio-VII'), { loc: 'roman_off_map', str: 4, owner: 'Roman' });
  // Supply 0, then Transalpine Gaul produces 2: Legio XIII may be built at 1 or 2, not 3.
  let b = endOfTurn({ clear: true, supply: 0, Roman: { transalpine_gaul: ['legio-X'] }, off: { pool: ['legio-XIII', 'legio-XIV'] } }, 3);
  b = finish(b, 'reinforcements');
  t.equal(b.supply, 2);
  t.ok(isLegal(b, 'Roman', 'build', { block: 'legio-XIII', strength: 2 }));
  t.notOk(isLegal(b, 'Roman', 'build', { block: 'legio-XIII', strength: 3 }));
  b = act(b, 'Roman', 'build', { block: 'legio-XIII', strength: 1 });
  t.notOk(legal(b, 'Roman').some((a) => a.type === 'build'), 'one legion a turn');
});

t.test('CGW-135 CGW-136 7.8: +1 VP per Roman tribal area; no objectives unless chosen', async (t) => {
  // CGW-135, CGW-136
  const s = finish(endOfTurn({ clear: true, vp: 0, Roman: { volcae: ['volcae'], allobroges: ['allobroges'], sequani: ['sequani'], transalpine_gaul: ['legio-X'] } }));
  t.equal(s.vp, 3);
  t.equal(s.turn, 2);
});

t.test('CGW-141 victory levels at the end of turn 8', async (t) => {
  // CGW-141
  const s = position();
  for (const [vp, winner, level] of [[110, 'Roman', 'Massive'], [100, 'Roman', 'Major'], [99, 'Roman', 'Minor'], [89, 'Barbarian', 'Barbarian']] as const) {
    const g = structuredClone(s);
    g.vp = vp;
    finalResult(g);
    t.equal(g.result!.winner, winner);
    t.match(g.result!.reason, level);
  }
  const last = finish(endOfTurn({ clear: true, turn: 8, vp: 95, Roman: { transalpine_gaul: ['legio-X'] } }));
  t.equal(last.step, 'over', 'turn 8: no replacements or builds asked, then the result');
  t.equal(last.result!.winner, 'Roman');
});

t.test('CGW-144 VP may go below 0', async (t) => {
  // CGW-144
  const { addVp } = await import('../../../src/engine/caesars-gallic-war/victory.js');
  const s = position({ vp: 3 });
  addVp(s, -5, 'a legion');
  t.equal(s.vp, -2);
});

t.test('CGW-145 Yearly Objectives, turn 1: the Helvetii alive and Sequani Barbarian: -2', async (t) => {
  // CGW-145
  const s = finish(endOfTurn({ clear: true, vp: 0, options: { yearlyObjectives: true }, Roman: { transalpine_gaul: ['legio-X'] }, Barbarian: { helvetii: ['helvetii'], sequani: ['sequani'] } }));
  t.equal(s.vp, -2);
});
