// Checklist sections 1-6 (CGW-1 to CGW-31): definitions, setup, turns, drawing cards, card play and
// resolution order, Supply Actions.

import t from 'tap';
import { testSeed } from '../../helpers/seeds.js';
import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
import { politicalModifier } from '../../../src/engine/caesars-gallic-war/political.js';
import { act, bi, cgw, declare, isLegal, legal, play, position, rig, round, viewOf, where, type State } from './helpers.js';

const onMap = (s: State) => BLOCKS.map((_, i) => i).filter((i) => !['aside', 'pool', 'eliminated', 'removed'].includes(s.loc[i]!));

t.test('CGW-1 only legions force march; a Roman-allied tribe is a Roman unit for the Political modifier', async (t) => {
  // CGW-1
  let s = round(
    { clear: true, Roman: { aedui: ['aedui', 'legio-VII'] }, Barbarian: { germania: ['marcomanni'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = act(s, 'Roman', 'group', { area: 'aedui' });
  s = act(s, 'Roman', 'go');
  const paths = (id: string) => legal(s, 'Roman', 'move').filter((a) => a.block === id).map((a) => (a.path as string[]).length);
  t.notOk(paths('aedui').includes(2), 'Aedui has no two-area move');
  t.ok(paths('legio-VII').includes(2), 'Legio VII may force march');
  t.throws(() => act(s, 'Roman', 'move', { block: 'aedui', path: ['mandubii', 'leuci'] }), { name: 'RuleError' });
  const p = position({ clear: true, Roman: { aedui: ['aedui'] } });
  t.equal(politicalModifier(p, 'Barbarian', 'leuci', 'aedui', false), 1, '+1: a Roman unit (the allied Aedui) is in the target area');
});

t.test('CGW-2 a block rolls its strength in dice; each die at or under its battle rating hits', async (t) => {
  // CGW-2
  let s = round(
    { clear: true, Roman: { transalpine_gaul: ['legio-VII'] }, Barbarian: { allobroges: ['allobroges:3'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = act(s, 'Roman', 'group', { area: 'transalpine_gaul' });
  s = act(s, 'Roman', 'go');
  s = act(s, 'Roman', 'move', { block: 'legio-VII', path: ['allobroges'] });
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'go');
  t.equal(s.step, 'battle');
  s = act(rig(s, [1, 2, 3, 6]), 'Roman', 'fire', { block: 'legio-VII' });
  t.equal(where(s, 'allobroges').str, 1, 'Legio VII (BR 2) rolls 1, 2, 3, 6: 2 hits, 3 -> 1');
  t.match(s.log.map((e) => e.t).join('\n'), /1, 2, 3, 6: 2 hits/);
});

t.test('CGW-3 a hit on the last step eliminates the block; a legion costs 5 VP; Helvetii lose 2 strength a hit', async (t) => {
  // CGW-3
  let s = round(
    { clear: true, vp: 10, Roman: { transalpine_gaul: ['legio-XI:1'] }, Barbarian: { allobroges: ['allobroges:3'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = act(s, 'Roman', 'group', { area: 'transalpine_gaul' });
  s = act(s, 'Roman', 'go');
  s = act(s, 'Roman', 'move', { block: 'legio-XI', path: ['allobroges'] });
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'go');
  s = act(rig(s, [6]), 'Roman', 'fire', { block: 'legio-XI' });
  s = act(rig(s, [1, 6, 6]), 'Barbarian', 'fire', { block: 'allobroges' });
  t.equal(where(s, 'legio-XI').loc, 'eliminated');
  t.equal(s.vp, 5, 'VP 10 - 5');
  t.same(BLOCKS[bi('helvetii')]!.steps, [8, 6, 4, 2], 'Helvetii: one step is 2 strength');
});

t.test('CGW-4 every unit moves one area per card play (no second area for tribes)', async (t) => {
  // CGW-4
  let s = round(
    { clear: true, Barbarian: { sequani: ['sequani'] }, Roman: { transalpine_gaul: ['legio-VII'] } },
    { Roman: 'leuci', Barbarian: 'bellovaci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = act(s, 'Barbarian', 'group', { area: 'sequani' });
  s = act(s, 'Barbarian', 'go');
  t.notOk(isLegal(s, 'Barbarian', 'move', { block: 'sequani', path: ['allobroges', 'transalpine_gaul'] }));
  s = act(s, 'Barbarian', 'move', { block: 'sequani', path: ['allobroges'] });
  t.equal(legal(s, 'Barbarian', 'move').length, 0, 'Sequani has moved and cannot move again');
});

t.test('CGW-5 hidden information: the opponent sees counts, not identities; the variable tribes are public', async (t) => {
  // CGW-5
  const s = position({ Roman: { sequani: ['legio-VII', 'legio-VIII'] } });
  const v = viewOf(s, 'Barbarian');
  const there = v.blocks.filter((b) => b.location === 'sequani' && b.side === 'Roman');
  t.equal(there.length, 2, 'two Roman blocks shown');
  t.ok(there.every((b) => b.id === undefined && b.strength === undefined), 'without identity or strength');
  t.same(viewOf(s, 'Roman').variableTribes, s.variable);
  t.same(viewOf(s, null).variableTribes, s.variable);
  t.ok(s.variable.includes('menapi') !== s.variable.includes('nervii'), 'one of Menapi / Nervii');
  const neutral = v.blocks.find((b) => b.side === 'neutral' && b.location === 'aedui')!;
  t.equal(neutral.id, 'aedui', 'a neutral block may be inspected by either player');
  t.same(v.discard, { Roman: [], Barbarian: [] }, 'discards are public');
});

t.test('CGW-6 control of an area: an allied tribe there and none allied to the opponent', async (t) => {
  // CGW-6
  const s = position({ Roman: { bellovaci: ['bellovaci'] }, neutral: { bellovaci: ['caletes'] } });
  t.equal(viewOf(s, 'Roman').vp, s.vp);
  const { controller } = await import('../../../src/engine/caesars-gallic-war/state.js');
  t.equal(controller(s, 'bellovaci'), 'Roman');
  const split = position({ Roman: { bellovaci: ['bellovaci'] }, Barbarian: { bellovaci: ['caletes'] } });
  t.equal(controller(split, 'bellovaci'), null);
});

t.test('CGW-8 the Germania card is worth 2 to the Roman and 3 to the Barbarian', async (t) => {
  // CGW-8
  let s = round({ clear: true, Roman: { transalpine_gaul: ['legio-VII'], volcae: ['volcae'], allobroges: ['allobroges'] } }, { Roman: 'germania', Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'movement' });
  t.equal(s.current!.groupsLeft, 2);
  s = round({}, { Roman: 'leuci', Barbarian: 'germania' }, { Roman: 'movement', Barbarian: 'movement' });
  t.equal(s.current!.side, 'Barbarian', 'the Barbarian (3) moves before the Roman (1)');
  t.equal(s.current!.groupsLeft, 3);
});

t.test('CGW-9 CGW-10 CGW-11 setup: the Barbarian and Roman forces, supply 15, turn 1, counters at 0', async (t) => {
  // CGW-9, CGW-10, CGW-11
  const s = cgw.setup(testSeed(3));
  for (const id of ['helvetii', 'ariovistus', 'marcomanni', 'tencteri', 'usipetes']) t.equal(where(s, id).owner, 'Barbarian', id);
  t.equal(where(s, 'helvetii').str, 8);
  t.equal(onMap(s).filter((i) => s.loc[i] === 'germania').length, 4);
  const legions = onMap(s).filter((i) => BLOCKS[i]!.kind === 'legion');
  t.same(legions.map((i) => BLOCKS[i]!.id).sort(), ['legio-IX', 'legio-VII', 'legio-VIII', 'legio-X', 'legio-XI', 'legio-XII']);
  t.equal(legions.reduce((n, i) => n + s.str[i]!, 0), 22);
  t.same(where(s, 'allobroges'), { loc: 'allobroges', str: 1, owner: 'Roman' });
  t.same(where(s, 'volcae'), { loc: 'volcae', str: 2, owner: 'Roman' });
  t.equal(s.supply, 15);
  t.equal(s.vp, 0);
  t.equal(s.turn, 1);
  t.same(s.activations, { Roman: 0, Barbarian: 0 });
  t.equal(s.raids, 0);
  t.equal(s.caesarWintered, false);
  t.equal(s.ariovistusWintered, false);
});

t.test('CGW-12 the force pool: I, XIII, XIV, XV with the Legion I flag, XIII-XV without; V and VI aside', async (t) => {
  // CGW-12
  const pool = (s: State) => BLOCKS.filter((_, i) => s.loc[i] === 'pool').map((b) => b.id).sort();
  t.same(pool(cgw.setup(testSeed(1))), ['legio-I', 'legio-XIII', 'legio-XIV', 'legio-XV']);
  t.same(pool(cgw.setup(testSeed(1), { legionI: false })), ['legio-XIII', 'legio-XIV', 'legio-XV']);
  t.equal(where(cgw.setup(testSeed(1)), 'legio-V').loc, 'aside');
});

t.test('CGW-13 CGW-14 CGW-15 one tribe of each variable pair; doubles both in play; 46 on the map and 18 off', async (t) => {
  // CGW-13, CGW-14, CGW-15
  const seen = new Set<string>();
  for (let k = 0; k < 12; k++) {
    const s = cgw.setup(testSeed(k));
    t.equal(s.variable.length, 8);
    s.variable.forEach((v) => seen.add(v));
    const tribes = onMap(s).filter((i) => BLOCKS[i]!.kind === 'tribe');
    t.equal(tribes.length, 36);
    t.equal(tribes.filter((i) => s.owner[i] === null).length, 33);
    t.equal(onMap(s).length, 46);
    t.equal(64 - onMap(s).length, 18);
  }
  t.equal(seen.size, 16, 'over 12 games every variable tribe was drawn at least once');
  const s = cgw.setup(testSeed(1));
  t.same([where(s, 'mandubii'), where(s, 'senones')].map((w) => [w.loc, w.owner]), [['mandubii', null], ['mandubii', null]]);
  for (const id of ['vercingetorix', 'dumnorix', 'ambiorix', 'nantuates']) t.equal(where(s, id).loc, 'aside');
});

t.test('CGW-16 CGW-141 the game ends after turn 8 with a result, and no turn 9', async (t) => {
  // CGW-16
  let s = position({ turn: 8, vp: 99 });
  s.hand = { Roman: [], Barbarian: [] };
  s = play(s, { Roman: 'aedui', Barbarian: 'leuci' });
  s = declare(s, 'supply', 'movement');
  s = act(s, 'Barbarian', 'go');
  for (let n = 0; n < 40 && cgw.pending(s).length; n++) {
    const r = cgw.pending(s)[0]!;
    const l = cgw.legalActions(s, r);
    s = cgw.apply(s, r, l.find((a) => a.type === 'done') ?? l[0]!);
  }
  t.equal(s.step, 'over');
  t.equal(s.turn, 8);
  t.ok(cgw.outcome(s));
});

t.test('CGW-17 four cards each on turn 1, five afterwards', async (t) => {
  // CGW-17
  const s = cgw.setup(testSeed(9));
  t.same([s.hand.Roman.length, s.hand.Barbarian.length], [4, 4]);
  t.equal(s.deck.length, 33 - 8);
});

t.test('CGW-18 CGW-19 Massive Revolt options: A with 80 VP and 13 areas; B on turn 7 with +1 VP, played first as its event', async (t) => {
  // CGW-18, CGW-19
  const { massiveOption } = await import('../../../src/engine/caesars-gallic-war/cards.js');
  const s = position({ turn: 7, vp: 60 });
  t.equal(massiveOption(s), 'B');
  t.equal(massiveOption({ ...s, turn: 6 }), null);
  // Option B taken at the start of turn 7.
  let g = structuredClone(s);
  g.vp = 60;
  const { startTurn } = await import('../../../src/engine/caesars-gallic-war/cards.js');
  startTurn(g);
  t.equal(g.step, 'massive-option');
  g = act(g, 'Barbarian', 'take-massive-revolt');
  t.equal(g.vp, 61);
  t.same([g.hand.Roman.length, g.hand.Barbarian.length], [5, 5]);
  t.ok(g.hand.Barbarian.includes('massive-revolt'));
  t.same(legal(g, 'Barbarian', 'play'), [{ type: 'play', card: 'massive-revolt' }]);
  g = play(g, { Roman: g.hand.Roman[0]!, Barbarian: 'massive-revolt' });
  g = act(g, 'Roman', 'declare', { action: 'movement' });
  t.same(legal(g, 'Barbarian', 'declare'), [{ type: 'declare', action: 'event' }]);
});

t.test('CGW-21 one card each per card play; nobody may pass without a card', async (t) => {
  // CGW-21
  const s = position();
  t.ok(legal(s, 'Roman').every((a) => a.type === 'play'));
  t.throws(() => act(s, 'Roman', 'pass'), { name: 'RuleError' });
});

t.test('CGW-22 sealed plays in either order, revealed together; the Roman announces first', async (t) => {
  // CGW-22
  let s = position({ hands: { Roman: ['aedui', 'leuci'], Barbarian: ['sequani', 'boii'] } });
  s = act(s, 'Barbarian', 'play', { card: 'sequani' });
  t.same(viewOf(s, 'Roman').cards.Barbarian, { played: true, card: null, action: null }, 'the Roman sees only that a card is in');
  t.same(cgw.pending(s), ['Roman']);
  s = act(s, 'Roman', 'play', { card: 'aedui' });
  t.equal(viewOf(s, 'Roman').cards.Barbarian.card, 'sequani');
  t.same(cgw.pending(s), ['Roman'], 'the Roman announces first');
  t.same(legal(s, 'Barbarian'), []);
});

t.test('CGW-23 allowed actions by card type', async (t) => {
  // CGW-23
  const s = play(position(), { Roman: 'aedui', Barbarian: 'major-revolt' });
  t.same(legal(s, 'Roman', 'declare').map((a) => a.action), ['supply', 'activation', 'political', 'movement']);
  const b = act(s, 'Roman', 'declare', { action: 'supply' });
  t.same(legal(b, 'Barbarian', 'declare').map((a) => a.action), ['event', 'movement']);
  t.throws(() => act(b, 'Barbarian', 'declare', { action: 'political' }), { name: 'RuleError' });
});

t.test('CGW-24 resolution order: Event, Supply, Activation, Political, Movement; the Roman first on a tie', async (t) => {
  // CGW-24
  const { resolutionOrder } = await import('../../../src/engine/caesars-gallic-war/cards.js');
  let s = play(position(), { Roman: 'aedui', Barbarian: 'sequani' });
  s.declared = { Roman: 'movement', Barbarian: 'political' };
  t.same(resolutionOrder(s).map((x) => (x as { side: string }).side), ['Barbarian', 'Roman']);
  s.declared = { Roman: 'supply', Barbarian: 'supply' };
  t.same(resolutionOrder(s).map((x) => (x as { side: string }).side), ['Roman', 'Barbarian']);
});

t.test('CGW-25 both Movement: the higher value moves first, the Roman on a tie, by each player\'s own value', async (t) => {
  // CGW-25
  const { resolutionOrder } = await import('../../../src/engine/caesars-gallic-war/cards.js');
  const first = (r: string, b: string) => {
    const s = play(position(), { Roman: r, Barbarian: b });
    s.declared = { Roman: 'movement', Barbarian: 'movement' };
    return (resolutionOrder(s)[0] as { side: string }).side;
  };
  t.equal(first('bellovaci', 'germania'), 'Roman', '3 against 3');
  t.equal(first('germania', 'aedui'), 'Roman', 'Germania is 2 for the Roman, against 2');
  t.equal(first('leuci', 'sequani'), 'Barbarian', '1 against 2');
});

t.test('CGW-27 an activation card goes to the activation area, others to the discard', async (t) => {
  // CGW-27
  let s = round({}, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'activation', Barbarian: 'movement' });
  s = act(s, 'Barbarian', 'go');
  t.same(s.activated.Roman, ['aedui']);
  t.same(s.discard.Barbarian, ['leuci']);
  t.same(viewOf(s, 'Barbarian').activated.Roman, ['aedui']);
});

t.test('CGW-28 Movement with zero groups: nothing moves and the card is discarded', async (t) => {
  // CGW-28
  let s = round({}, { Roman: 'aedui', Barbarian: 'leuci' }, { Roman: 'supply', Barbarian: 'movement' });
  const before = JSON.stringify(s.loc);
  s = act(s, 'Barbarian', 'go');
  t.equal(JSON.stringify(s.loc), before);
  t.ok(s.discard.Barbarian.includes('leuci'));
  t.equal(s.step, 'play');
});

t.test('CGW-29 CGW-31 Roman Supply: twice the value, capped at 19; Germania adds 4', async (t) => {
  // CGW-29, CGW-31
  let s = round({ supply: 15 }, { Roman: 'bellovaci', Barbarian: 'leuci' }, { Roman: 'supply', Barbarian: 'movement' });
  t.equal(s.supply, 19);
  s = round({ supply: 10 }, { Roman: 'germania', Barbarian: 'leuci' }, { Roman: 'supply', Barbarian: 'movement' });
  t.equal(s.supply, 14);
});

t.test('CGW-30 the Barbarian raid: only with Vercingetorix on the map, the card value, once a year', async (t) => {
  // CGW-30
  let s = play(position({ supply: 5 }), { Roman: 'aedui', Barbarian: 'sequani' });
  s = act(s, 'Roman', 'declare', { action: 'movement' });
  t.notOk(isLegal(s, 'Barbarian', 'declare', { action: 'supply' }), 'no Vercingetorix: no raid');
  s = round({ supply: 5, Barbarian: { arverni: ['vercingetorix'] } }, { Roman: 'aedui', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'supply' });
  t.equal(s.supply, 3, '5 - 2');
  t.equal(s.raids, 1);
  s = act(s, 'Roman', 'go');
  s = play(s, { Roman: s.hand.Roman[0]!, Barbarian: s.hand.Barbarian[0]! });
  s = act(s, 'Roman', 'declare', { action: 'movement' });
  t.notOk(isLegal(s, 'Barbarian', 'declare', { action: 'supply' }), 'a second raid in the year');
});
