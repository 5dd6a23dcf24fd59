// Checklist sections 7-8 (CGW-32 to CGW-48): Neutral Tribe Activation and Political Action.

import t from 'tap';
import { act, isLegal, legal, logSince, play, position, rig, round, where } from './helpers.js';

t.test('CGW-32 activation: the card area\'s neutral tribes join at full strength', async (t) => {
  // CGW-32
  const s = round({}, { Roman: 'leuci', Barbarian: 'mandubii' }, { Roman: 'movement', Barbarian: 'activation' });
  t.same([where(s, 'mandubii'), where(s, 'senones')], [
    { loc: 'mandubii', str: 3, owner: 'Barbarian' },
    { loc: 'mandubii', str: 2, owner: 'Barbarian' },
  ]);
  t.equal(s.activations.Barbarian, 1);
});

t.test('CGW-33 activation never takes the opponent\'s tribes; a card with no neutral tribe cannot activate', async (t) => {
  // CGW-33
  const s = play(position({ Barbarian: { sequani: ['sequani'] } }), { Roman: 'sequani', Barbarian: 'leuci' });
  t.notOk(isLegal(s, 'Roman', 'declare', { action: 'activation' }));
});

t.test('CGW-34 activation limits: the Roman once a year; Political Actions do not count', async (t) => {
  // CGW-34
  let s = round({}, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'activation', Barbarian: 'movement' });
  s = act(s, 'Barbarian', 'go');
  t.equal(s.activations.Roman, 1);
  s = play(s, { Roman: 'sequani', Barbarian: s.hand.Barbarian[0]! });
  t.notOk(isLegal(s, 'Roman', 'declare', { action: 'activation' }), 'a second Roman activation this year');
  t.ok(isLegal(s, 'Roman', 'declare', { action: 'political' }), 'a Political Action is still allowed');
  s = act(s, 'Roman', 'declare', { action: 'political' });
  s = act(s, 'Barbarian', 'declare', { action: 'movement' });
  s = act(rig(s, [1]), 'Roman', 'political', { area: 'leuci' });
  t.equal(where(s, 'leuci').owner, 'Roman');
  t.equal(s.activations.Roman, 1, 'the Political Action did not count');
});

t.test('CGW-35 the Roman may not activate in Britannia; the Barbarian may', async (t) => {
  // CGW-35
  const s = play(position(), { Roman: 'britannia', Barbarian: 'britannia' });
  t.notOk(isLegal(s, 'Roman', 'declare', { action: 'activation' }));
  const b = act(s, 'Roman', 'declare', { action: 'movement' });
  t.ok(isLegal(b, 'Barbarian', 'declare', { action: 'activation' }));
});

t.test('CGW-36 a partly neutral area: only the neutral block is activated', async (t) => {
  // CGW-36
  const s = round({ Roman: { bellovaci: ['bellovaci:3'] } }, { Roman: 'leuci', Barbarian: 'bellovaci' }, { Roman: 'movement', Barbarian: 'activation' });
  t.equal(where(s, 'bellovaci').owner, 'Roman');
  t.equal(where(s, 'caletes').owner, 'Barbarian');
});

t.test('CGW-37 Political targets: tribal areas with a neutral or enemy tribe; never Germania, never one\'s own', async (t) => {
  // CGW-37
  const s = round({ Barbarian: { sequani: ['sequani'] } }, { Roman: 'leuci', Barbarian: 'aedui' }, { Roman: 'movement', Barbarian: 'political' });
  const targets = legal(s, 'Barbarian', 'political').map((a) => a.area);
  t.notOk(targets.includes('germania'));
  t.notOk(targets.includes('sequani'), 'not its own Sequani');
  t.ok(targets.includes('aedui'));
  const r = round({ Barbarian: { sequani: ['sequani'] }, off: { eliminated: ['leuci'] } }, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'political', Barbarian: 'movement' });
  const rt = legal(r, 'Roman', 'political').map((a) => a.area);
  t.ok(rt.includes('sequani'), 'the Roman may target Barbarian Sequani');
  t.notOk(rt.includes('leuci'), 'an area whose only tribe was eliminated');
  t.notOk(rt.includes('germania'));
});

t.test('CGW-38 CGW-39 the roll: -1 on the card\'s own area, +1 if the opponent has a unit there (the tribe itself counts)', async (t) => {
  // CGW-38, CGW-39
  let s = round({}, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'political', Barbarian: 'movement' });
  s = act(rig(s, [3]), 'Roman', 'political', { area: 'aedui' });
  t.equal(where(s, 'aedui').owner, 'Roman', '3 - 1 = 2 <= 2');
  const b = (roll: number) => {
    let g = round({ Roman: { sequani: ['sequani'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'political' });
    g = act(rig(g, [roll]), 'Barbarian', 'political', { area: 'sequani' });
    return where(g, 'sequani').owner;
  };
  t.equal(b(2), 'Barbarian', '2 - 1 + 1 = 2: success');
  t.equal(b(3), 'Roman', '3 - 1 + 1 = 3: failure');
});

t.test('CGW-40 CGW-41 Vercingetorix adjacent: -1, announced; all modifiers add up', async (t) => {
  // CGW-40, CGW-41
  let s = round({ Barbarian: { arverni: ['vercingetorix'] } }, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'political' });
  t.ok(isLegal(s, 'Barbarian', 'political', { area: 'aedui', vercingetorix: true }));
  const from = s.log.length;
  s = act(rig(s, [2]), 'Barbarian', 'political', { area: 'aedui', vercingetorix: true });
  t.equal(where(s, 'aedui').owner, 'Barbarian', '2 - 1 = 1 <= 1');
  t.ok(logSince(s, from).includes('Vercingetorix: Arverni.'));
  let g = round({ Roman: { aedui: ['aedui', 'legio-VII'] }, Barbarian: { arverni: ['vercingetorix'] } }, { Roman: 'leuci', Barbarian: 'aedui' }, { Roman: 'movement', Barbarian: 'political' });
  g = act(rig(g, [3]), 'Barbarian', 'political', { area: 'aedui', vercingetorix: true });
  t.equal(where(g, 'aedui').owner, 'Barbarian', '3 - 1 + 1 - 1 = 2 <= 2');
});

t.test('CGW-42 CGW-43 success places the tribes at home at current strength; enemy units there are attacked at once', async (t) => {
  // CGW-42, CGW-43
  let s = round({ Roman: { sequani: ['aedui:2'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'political' });
  s = act(rig(s, [1]), 'Barbarian', 'political', { area: 'aedui' });
  t.same(where(s, 'aedui'), { loc: 'aedui', str: 2, owner: 'Barbarian' });
  let b = round({ Roman: { sequani: ['aedui:2'], aedui: ['legio-VII'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'political' });
  b = act(rig(b, [1]), 'Barbarian', 'political', { area: 'aedui' });
  t.equal(b.step, 'battle', 'a battle at once');
  t.equal(b.battle!.attacker, 'Barbarian', 'the returning tribe attacks');
  t.equal(b.battle!.maxRounds, 3);
});

t.test('CGW-44 a successful Roman Political Action on a minor leader\'s home removes him to the pool', async (t) => {
  // CGW-44
  let s = round({ Barbarian: { aedui: ['aedui', 'dumnorix'] } }, { Roman: 'aedui', Barbarian: 'sequani' }, { Roman: 'political', Barbarian: 'movement' });
  s.leaderHome.dumnorix = 'aedui';
  s = act(rig(s, [1]), 'Roman', 'political', { area: 'aedui' });
  t.equal(where(s, 'dumnorix').loc, 'aside', 'back in the pool');
  t.equal(s.leaderHome.dumnorix, null);
});

t.test('CGW-45 Vercingetorix\'s home taken with no other clean area: he is eliminated, +3 VP', async (t) => {
  // CGW-45
  let s = round({ clear: true, vp: 10, Barbarian: { aedui: ['aedui', 'vercingetorix'] }, Roman: { transalpine_gaul: ['legio-X'] } }, { Roman: 'aedui', Barbarian: 'sequani' }, { Roman: 'political', Barbarian: 'movement' });
  s.leaderHome.vercingetorix = 'aedui';
  s = act(rig(s, [1]), 'Roman', 'political', { area: 'aedui' });
  t.equal(where(s, 'vercingetorix').loc, 'removed');
  t.equal(s.vp, 13);
});

t.test('CGW-46 Britannia as a target: the Roman needs a legion in an Oceanus Britannicus port', async (t) => {
  // CGW-46
  const yes = round({ Roman: { atrebates: ['legio-VII'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'political', Barbarian: 'movement' });
  t.ok(isLegal(yes, 'Roman', 'political', { area: 'britannia' }));
  const no = round({}, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'political', Barbarian: 'movement' });
  t.notOk(isLegal(no, 'Roman', 'political', { area: 'britannia' }));
});

t.test('CGW-47 CGW-48 never Germania; a failure changes nothing and the card is used', async (t) => {
  // CGW-47, CGW-48
  let s = round({}, { Roman: 'bellovaci', Barbarian: 'leuci' }, { Roman: 'political', Barbarian: 'movement' });
  t.notOk(isLegal(s, 'Roman', 'political', { area: 'germania' }));
  const before = JSON.stringify([s.loc, s.owner, s.str]);
  s = act(rig(s, [6]), 'Roman', 'political', { area: 'aedui' });
  t.equal(JSON.stringify([s.loc, s.owner, s.str]), before);
  s = act(s, 'Barbarian', 'go');
  t.ok(s.discard.Roman.includes('bellovaci'));
});
