// Checklist sections 23, 25 and 27 (CGW-137 to CGW-166): leaders, Yearly Objectives, events.

import t from 'tap';
import { objectives } from '../../../src/engine/caesars-gallic-war/victory.js';
import { act, isLegal, legal, position, rig, round, where, type Spec, type State } from './helpers.js';

/** The Barbarian plays an event card (the Roman moves nothing, after). */
function barbarianEvent(spec: Spec, cardId: string): State {
  return round(spec, { Roman: 'leuci', Barbarian: cardId }, { Roman: 'movement', Barbarian: 'event' });
}

t.test('CGW-137 Ariovistus subdues neutral tribes on 1-2; the others join the Roman and fight', async (t) => {
  // CGW-137
  let s = round({ clear: true, Barbarian: { leuci: ['ariovistus', 'marcomanni'] }, neutral: { mandubii: ['mandubii', 'senones'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'movement' });
  s = act(s, 'Barbarian', 'group', { area: 'leuci' });
  s = act(s, 'Barbarian', 'go');
  s = act(rig(s, [2, 5]), 'Barbarian', 'move', { block: 'ariovistus', path: ['mandubii'] });
  t.equal(where(s, 'mandubii').owner, 'Barbarian', 'roll 2: subdued');
  t.equal(where(s, 'senones').owner, 'Roman', 'roll 5: joins the Roman');
  t.equal(s.fights.mandubii!.attacker, 'Barbarian');
});

t.test('CGW-138 Ariovistus eliminated: +2 VP and gone for good', async (t) => {
  // CGW-138
  let s = round({ clear: true, vp: 0, Roman: { mediomatrici: ['legio-VII'] }, Barbarian: { leuci: ['ariovistus:1'] } }, { Roman: 'bellovaci', Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'movement' });
  s = act(s, 'Roman', 'group', { area: 'mediomatrici' });
  s = act(s, 'Roman', 'go');
  s = act(s, 'Roman', 'move', { block: 'legio-VII', path: ['leuci'] });
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'go');
  s = act(rig(s, [1, 6, 6, 6]), 'Roman', 'fire', { block: 'legio-VII' });
  t.equal(s.vp, 2);
  t.equal(where(s, 'ariovistus').loc, 'removed');
});

t.test('CGW-139 CGW-165 Massive Revolt played by the Roman is a Minor Revolt; Vercingetorix stays off the map', async (t) => {
  // CGW-139, CGW-165
  let s = round({ Barbarian: { boii: ['aedui:2'] } }, { Roman: 'massive-revolt', Barbarian: 'leuci' }, { Roman: 'event', Barbarian: 'movement' });
  t.equal(s.step, 'revolt');
  t.equal(s.current!.revolt!.kind, 'minor');
  s = act(s, 'Roman', 'revolt', { area: 'aedui' });
  t.equal(where(s, 'vercingetorix').loc, 'aside');
  t.equal(s.massiveRevoltPlayed, false, 'the card stays in the game');
});

t.test('CGW-155 Baggage Train: the Roman gains 5 supply; the Barbarian adds 2 steps in one area', async (t) => {
  // CGW-155
  const r = round({ supply: 16 }, { Roman: 'baggage-train', Barbarian: 'leuci' }, { Roman: 'event', Barbarian: 'movement' });
  t.equal(r.supply, 19);
  let s = barbarianEvent({ clear: true, Barbarian: { germania: ['marcomanni:2', 'tencteri:2'] } }, 'baggage-train');
  t.ok(isLegal(s, 'Barbarian', 'cut-supply'));
  s = act(s, 'Barbarian', 'reinforce', { blocks: ['marcomanni', 'tencteri'] });
  t.same([where(s, 'marcomanni').str, where(s, 'tencteri').str], [3, 3]);
});

t.test('CGW-156 CGW-160 a Barbarian Minor Revolt: the whole area goes home as Barbarian allies and attacks Romans there', async (t) => {
  // CGW-156, CGW-160
  let s = barbarianEvent({ Roman: { aedui: ['bellovaci:3'], bellovaci: ['caletes'] } }, 'minor-revolt-1');
  s = act(s, 'Barbarian', 'revolt', { area: 'bellovaci' });
  t.same([where(s, 'bellovaci'), where(s, 'caletes')].map((w) => [w.loc, w.owner]), [['bellovaci', 'Barbarian'], ['bellovaci', 'Barbarian']]);
  let b = barbarianEvent({ Roman: { leuci: ['sequani:3'], sequani: ['legio-VII'] } }, 'minor-revolt-1');
  b = act(b, 'Barbarian', 'revolt', { area: 'sequani' });
  t.equal(where(b, 'sequani').owner, 'Barbarian');
  t.ok(b.battle || b.step === 'fort', 'a battle at once');
  t.equal(b.battle!.attacker, 'Barbarian');
});

t.test('CGW-158 no Helvetii revolt on turn 1; only survivors of an area return', async (t) => {
  // CGW-158
  const s = barbarianEvent({ turn: 1 }, 'minor-revolt-1');
  t.notOk(isLegal(s, 'Barbarian', 'revolt', { area: 'helvetii' }));
  let b = barbarianEvent({ Roman: { bellovaci: ['bellovaci'] }, off: { eliminated: ['caletes'] } }, 'minor-revolt-1');
  b = act(b, 'Barbarian', 'revolt', { area: 'bellovaci' });
  t.equal(where(b, 'caletes').loc, 'eliminated');
  t.equal(where(b, 'bellovaci').owner, 'Barbarian');
});

t.test('CGW-159 a Roman Minor Revolt on a Barbarian tribe with an empty home: neutral at full strength', async (t) => {
  // CGW-159
  let s = round({ Barbarian: { boii: ['aedui:2'] } }, { Roman: 'minor-revolt-1', Barbarian: 'leuci' }, { Roman: 'event', Barbarian: 'movement' });
  s = act(s, 'Roman', 'revolt', { area: 'aedui' });
  t.same(where(s, 'aedui'), { loc: 'aedui', str: 4, owner: null });
});

t.test('CGW-161 Major Revolt: two areas, not both in Aquitania', async (t) => {
  // CGW-161
  let s = barbarianEvent({ turn: 2 }, 'major-revolt');
  s = act(s, 'Barbarian', 'revolt', { area: 'tarbelli' });
  t.notOk(isLegal(s, 'Barbarian', 'revolt', { area: 'tolosates' }));
  t.ok(isLegal(s, 'Barbarian', 'revolt', { area: 'aedui' }));
});

t.test('CGW-162 CGW-163 after a Major Revolt: a minor leader of the matching region, then movement of the chosen areas only', async (t) => {
  // CGW-162, CGW-163
  let s = barbarianEvent({ turn: 2 }, 'major-revolt');
  s = act(s, 'Barbarian', 'revolt', { area: 'treveri' });
  s = act(s, 'Barbarian', 'revolt', { area: 'aedui' });
  t.equal(s.step, 'leader');
  t.same(legal(s, 'Barbarian').map((a) => `${a.leader}@${a.area}`).sort(), ['ambiorix@treveri', 'dumnorix@aedui']);
  s = act(s, 'Barbarian', 'place', { leader: 'dumnorix', area: 'aedui' });
  t.same(where(s, 'dumnorix'), { loc: 'aedui', str: 3, owner: 'Barbarian' });
  t.equal(s.leaderHome.dumnorix, 'aedui');
  t.equal(s.step, 'designate');
  t.same(legal(s, 'Barbarian', 'group').map((a) => a.area).sort(), ['aedui', 'treveri'], 'only the revolting areas');
});

t.test('CGW-164 CGW-165 Massive Revolt from turn 2: three areas, Vercingetorix placed, then any three groups; the card leaves the game', async (t) => {
  // CGW-164, CGW-165
  let s = barbarianEvent({ turn: 4 }, 'massive-revolt');
  for (const a of ['arverni', 'carnutes', 'bituriges']) s = act(s, 'Barbarian', 'revolt', { area: a });
  t.equal(s.step, 'leader');
  s = act(s, 'Barbarian', 'place', { leader: 'vercingetorix', area: 'arverni' });
  t.same(where(s, 'vercingetorix'), { loc: 'arverni', str: 4, owner: 'Barbarian' });
  t.equal(s.current!.groupsLeft, 3);
  t.ok(legal(s, 'Barbarian', 'group').some((a) => a.area === 'germania'), 'any area, Germania included');
  t.equal(s.massiveRevoltPlayed, true);
  t.same([where(s, 'legio-V').loc, where(s, 'legio-VI').loc], ['pool', 'pool']);
  const b = barbarianEvent({ turn: 1 }, 'massive-revolt');
  t.equal(b.current!.revolt!.kind, 'minor', 'on turn 1 it is a Minor Revolt');
});

t.test('CGW-146 CGW-147 CGW-150 Yearly Objectives of turns 2, 3 and 6', async (t) => {
  // CGW-146, CGW-147, CGW-150
  const two = position({ turn: 2, Roman: { atrebates: ['atrebates', 'morini'], bellovaci: ['bellovaci', 'caletes'], esuvii: ['esuvii', 'luxovii'] } });
  t.same(objectives(two).map((o) => o[0]), [1]);
  const three = position({ turn: 3, Barbarian: { osismi: ['osismi'], veneti: ['veneti'] } });
  t.equal(objectives(three).reduce((n, o) => n + o[0], 0), -3, 'Osismi and Veneti, and the Helvetii area held by the Barbarian');
  const six = position({ turn: 6, Roman: { treveri: ['treveri', 'eburones'], menapi: ['menapi', 'nervii'] }, Barbarian: { atuatuci: ['remi', 'atuatuci'] } });
  t.same(objectives(six).map((o) => o[0]), [2, -1]);
});

t.test('CGW-151 CGW-152 Yearly Objectives of turns 7 and 8', async (t) => {
  // CGW-151, CGW-152
  const seven = position({ turn: 7 });
  t.same(objectives(seven), [[1, 'Vercingetorix never came into play']]);
  const late = position({ turn: 7, Barbarian: { arverni: ['vercingetorix', 'arverni'], aedui: ['aedui'], sequani: ['sequani'], boii: ['boii'] } });
  t.same(objectives(late), [], 'Vercingetorix entered on an earlier turn: no -3');
  const eight = position({ turn: 8, clear: true, Roman: { volcae: ['volcae'], treveri: ['treveri'] } });
  eight.flags.eliminatedRegions = ['aquitania'];
  t.same(objectives(eight).map((o) => o[0]), [2]);
});
