// Checklist sections 13-21 (CGW-73 to CGW-113): battles, reserves, sieges, the Rhine, the Alps,
// amphibious invasions, retreats and regroups. Every battle is reached by real moves.

import t from 'tap';
import { act, isLegal, legal, rig, round, viewOf, where, type Role, type Spec, type State } from './helpers.js';

/**
 * The Roman (card value 3) moves first: `moves` are [block, ...path] or [block, 'sea', port]; the
 * Barbarian then moves `bMoves` (card value 1). Returns the state when the first battle starts.
 */
function fight(spec: Spec, moves: string[][], bMoves: string[][] = [], romanGroups?: string[], barbGroups?: string[], bCard = 'leuci'): State {
  let s = round(spec, { Roman: 'bellovaci', Barbarian: bCard }, { Roman: 'movement', Barbarian: 'movement' });
  const from = (st: State, id: string) => st.loc[st.loc.length ? idxOf(id) : 0]!;
  for (const g of romanGroups ?? [...new Set(moves.map((m) => from(s, m[0]!)))]) s = act(s, 'Roman', 'group', { area: g });
  s = act(s, 'Roman', 'go');
  for (const [block, ...path] of moves) s = path[0] === 'sea' ? act(s, 'Roman', 'sail', { block, to: path[1] }) : act(s, 'Roman', 'move', { block, path });
  if (moves.length) s = act(s, 'Roman', 'done');
  for (const g of barbGroups ?? [...new Set(bMoves.map((m) => from(s, m[0]!)))]) s = act(s, 'Barbarian', 'group', { area: g });
  s = act(s, 'Barbarian', 'go');
  for (const [block, ...path] of bMoves) s = act(s, 'Barbarian', 'move', { block, path });
  if (bMoves.length) s = act(s, 'Barbarian', 'done');
  return s;
}

import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
const idxOf = (id: string) => BLOCKS.findIndex((b) => b.id === id);

/** Blocks whose battle action is next. */
const actors = (s: State) => [...new Set(legal(s, s.battle ? (viewOf(s, null).pending[0] as Role) : 'Roman').map((a) => a.block as string))].sort();
const who = (s: State) => viewOf(s, null).pending[0] as Role;
const pass = (s: State) => {
  const r = who(s);
  return act(s, r, 'pass', { block: legal(s, r, 'pass')[0]!.block });
};
const passRound = (s: State) => {
  const r0 = s.battle!.round;
  while (s.battle && s.battle.round === r0 && s.step === 'battle') s = pass(s);
  return s;
};
const fire = (s: State, block: string, dice: number[]) => act(rig(s, dice), who(s), 'fire', { block });
/** The defenders decline the fort (areas with a fort ask first). */
const noFort = (s: State) => (s.step === 'fort' ? act(s, who(s), 'fort', { blocks: [] }) : s);

t.test('CGW-73 blocks are revealed during the battle and concealed again afterwards', async (t) => {
  // CGW-73
  let s = fight({ clear: true, Roman: { allobroges: ['legio-VII'] }, Barbarian: { sequani: ['sequani:1'] } }, [['legio-VII', 'sequani']]);
  t.ok(viewOf(s, 'Barbarian').blocks.find((b) => b.location === 'sequani' && b.side === 'Roman')!.strength, 'revealed in battle');
  t.ok(viewOf(s, 'Roman').blocks.find((b) => b.location === 'sequani' && b.side === 'Barbarian')!.strength, 'both ways');
  s = noFort(s);
  s = fire(s, 'legio-VII', [1, 6, 6, 6]);
  t.equal(s.battle, null);
  const v = viewOf(s, 'Barbarian').blocks.find((b) => b.side === 'Roman')!;
  t.equal(v.strength, undefined, 'concealed after the battle');
});

t.test('CGW-74 round limits: 2 when the main group crossed the Rhine, 3 otherwise', async (t) => {
  // CGW-74
  const s = fight({ clear: true, Roman: { leuci: ['legio-VII'] }, Barbarian: { germania: ['marcomanni', 'tencteri'] } }, [], [['marcomanni', 'leuci']]);
  t.equal(s.battle!.maxRounds, 2);
  const r = fight({ clear: true, Roman: { leuci: ['legio-VII'] }, Barbarian: { sequani: ['sequani'], germania: ['marcomanni'] } }, [], [['sequani', 'leuci'], ['marcomanni', 'leuci']], undefined, undefined, 'germania');
  t.equal(r.battle!.maxRounds, 3, 'only a reserve crossed the Rhine');
});

t.test('CGW-75 CGW-76 each unit acts once a round; Caesar first, then defenders before attackers by letter', async (t) => {
  // CGW-75, CGW-76
  let s = fight({ clear: true, Roman: { allobroges: ['legio-X', 'legio-VII'] }, Barbarian: { sequani: ['sequani', 'marcomanni'] } }, [['legio-X', 'sequani'], ['legio-VII', 'sequani']]);
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  t.same(actors(s), ['legio-X'], 'Caesar first');
  s = pass(s);
  t.same(actors(s), ['legio-VII'], 'then the attacking A');
  s = pass(s);
  t.same(actors(s), ['marcomanni', 'sequani'], 'then the defending B units, in the owner\'s order');
  s = pass(s);
  s = pass(s);
  t.equal(s.battle!.round, 2);
  t.same(actors(s), ['legio-X'], 'a unit that passed acts again next round');
});

t.test('CGW-75 the battle view lists the units that have taken their battle action this round, as far as the viewer may name them', async (t) => {
  // CGW-75
  let s = fight({ clear: true, Roman: { allobroges: ['legio-X', 'legio-VII'] }, Barbarian: { sequani: ['sequani', 'marcomanni'] } }, [['legio-X', 'sequani'], ['legio-VII', 'sequani']]);
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  const acted = (viewer: Role | null) => viewOf(s, viewer).battle!.acted;
  t.same(acted('Roman'), [], 'nobody has acted yet');
  s = pass(s);
  s = pass(s);
  for (const viewer of ['Roman', 'Barbarian', null] as const) t.same(acted(viewer), ['legio-X', 'legio-VII'], `${viewer ?? 'an observer'}: the legions that passed`);
  s = pass(s);
  t.equal(acted('Roman').length, 3, 'and the Barbarian unit that acted, revealed in the battle');
  s = pass(s);
  t.equal(s.battle!.round, 2);
  t.same(acted('Barbarian'), [], 'a new round: nobody has acted in it yet');
  s = pass(pass(s));
  const away = legal(s, 'Barbarian', 'retreat').find((a) => a.to !== 'fort')!;
  s = act(s, 'Barbarian', 'retreat', { ...away });
  t.ok(acted('Barbarian').includes(away.block as string), 'the Barbarian sees his own unit that retreated');
  t.same(acted('Roman'), ['legio-X', 'legio-VII'], 'the Roman: the unit that left the battle is no longer named');
  for (const viewer of ['Roman', 'Barbarian', null] as const) {
    const named = new Set(viewOf(s, viewer).blocks.flatMap((b) => (b.id ? [b.id] : [])));
    t.ok(acted(viewer).every((id) => named.has(id)), `${viewer ?? 'an observer'}: never a unit the view does not name`);
  }
});

t.test('CGW-77 CGW-78 hits go to the strongest; on a tie a legion before an ally; the owner breaks other ties', async (t) => {
  // CGW-77, CGW-78
  let s = fight({ clear: true, Roman: { sequani: ['legio-VII:3', 'aedui:3'] }, Barbarian: { leuci: ['leuci:2'] } }, [], [['leuci', 'sequani']]);
  s = noFort(s);
  s = pass(s); // legio-VII (A, defender)
  s = pass(s); // aedui (C, defender)
  s = fire(s, 'leuci', [1, 2]);
  t.same([where(s, 'legio-VII').str, where(s, 'aedui').str], [2, 2], 'hit 1 to VII (tie, legion first), hit 2 to Aedui');
});

t.test('CGW-79 CGW-83 hits act at once; Caesar killed ends the game for the Barbarian', async (t) => {
  // CGW-79, CGW-83
  let s = fight({ clear: true, Roman: { allobroges: ['legio-X'] }, Barbarian: { sequani: ['sequani:1'] } }, [['legio-X', 'sequani']]);
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  s = fire(s, 'legio-X', [1, 6, 6, 6]);
  t.equal(where(s, 'sequani').loc, 'eliminated', 'Sequani never fires');
  t.equal(s.battle, null);
  let c = fight({ clear: true, Roman: { allobroges: ['legio-X:1'] }, Barbarian: { sequani: ['sequani'] } }, [['legio-X', 'sequani']]);
  c = act(c, 'Barbarian', 'fort', { blocks: [] });
  c = pass(c);
  c = fire(c, 'sequani', [1, 6, 6, 6]);
  t.equal(c.step, 'over');
  t.equal(c.result!.winner, 'Barbarian');
  t.same(c.tasks.length >= 0 && legal(c, 'Roman'), []);
});

t.test('CGW-80 CGW-81 after the last round the attacker must retreat; the defender holds and may regroup', async (t) => {
  // CGW-80, CGW-81
  let s = fight({ clear: true, Roman: { mandubii: ['legio-VII'] }, Barbarian: { leuci: ['leuci'] } }, [['legio-VII', 'leuci']]);
  for (let r = 0; r < 3; r++) s = passRound(s);
  t.equal(s.step, 'forced-retreat');
  t.ok(isLegal(s, 'Roman', 'retreat', { block: 'legio-VII', to: 'mandubii' }));
  s = act(s, 'Roman', 'retreat', { block: 'legio-VII', to: 'mandubii' });
  t.equal(s.battle, null);
  t.equal(where(s, 'leuci').loc, 'leuci');
});

t.test('CGW-82 CGW-142 a German eliminated scores +1 VP at once', async (t) => {
  // CGW-82, CGW-142
  let s = fight({ clear: true, vp: 4, Roman: { mediomatrici: ['legio-VII'] }, Barbarian: { leuci: ['marcomanni:1'] } }, [['legio-VII', 'leuci']]);
  s = fire(s, 'legio-VII', [1, 6, 6, 6]);
  t.equal(s.vp, 5);
});

t.test('CGW-84 CGW-85 CGW-87 the main group and reserves: reserves wait for round 2; Caesar as a reserve acts first from round 2', async (t) => {
  // CGW-84, CGW-85, CGW-87
  let s = fight(
    { clear: true, Roman: { allobroges: ['legio-VII'], leuci: ['legio-X'] }, Barbarian: { sequani: ['sequani'] } },
    [['legio-VII', 'sequani'], ['legio-X', 'sequani']],
  );
  t.same(s.battle!.reserves, ['legio-X'], 'the Leuci group is a reserve');
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  t.same(actors(s), ['legio-VII'], 'Caesar waits in round 1');
  s = passRound(s);
  t.same(actors(s), ['legio-X'], 'and acts first in round 2');
});

t.test('CGW-86 the defender\'s main group gone in round 1 with reserves coming: the sides swap', async (t) => {
  // CGW-86
  let s = fight(
    { clear: true, Roman: { allobroges: ['legio-VII'] }, Barbarian: { sequani: ['sequani:1'], germania: ['marcomanni'] } },
    [['legio-VII', 'sequani']],
    [['marcomanni', 'leuci']],
  );
  void s;
  // A German reserve defending Sequani: B moves second into the contested area.
  let g = round(
    { clear: true, Roman: { allobroges: ['legio-VII'] }, Barbarian: { sequani: ['sequani:1'], leuci: ['marcomanni'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  g = act(g, 'Roman', 'group', { area: 'allobroges' });
  g = act(g, 'Roman', 'go');
  g = act(g, 'Roman', 'move', { block: 'legio-VII', path: ['sequani'] });
  g = act(g, 'Roman', 'done');
  g = act(g, 'Barbarian', 'group', { area: 'leuci' });
  g = act(g, 'Barbarian', 'go');
  g = act(g, 'Barbarian', 'move', { block: 'marcomanni', path: ['sequani'] });
  g = act(g, 'Barbarian', 'done');
  g = act(g, 'Barbarian', 'fort', { blocks: [] });
  g = fire(g, 'legio-VII', [1, 6, 6, 6]);
  t.equal(where(g, 'sequani').loc, 'eliminated');
  t.ok(g.battle, 'the battle goes on: a reserve is still to come');
  t.equal(g.battle!.round, 2, 'nobody else acts in round 1');
  t.equal(g.battle!.attacker, 'Barbarian', 'the German is now the attacker');
  t.equal(g.battle!.defender, 'Roman');
});

t.test('CGW-89 CGW-90 the fort: up to its capacity, home tribes first', async (t) => {
  // CGW-89, CGW-90
  const s = fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { mandubii: ['mandubii', 'senones', 'marcomanni'] } }, [['legio-VII', 'mandubii']]);
  t.equal(s.step, 'fort');
  const sets = legal(s, 'Barbarian', 'fort').map((a) => (a.blocks as string[]).join('+'));
  t.same(sets.sort(), ['', 'mandubii', 'senones'], 'Alesia holds one, and it must be a home tribe');
  const b = fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { bituriges: ['bituriges', 'arvii', 'marcomanni'] } }, [['legio-VII', 'bituriges']]);
  const two = legal(b, 'Barbarian', 'fort').map((a) => (a.blocks as string[]).slice().sort().join('+'));
  t.ok(two.includes('arvii+bituriges'));
  t.notOk(two.some((x) => x.includes('marcomanni')), 'never the German while home tribes qualify');
});

t.test('CGW-89 the fort in the log: the owner reads who goes inside, the opponent how many, each counted right', async (t) => {
  // CGW-89
  const one = act(fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { mandubii: ['mandubii', 'senones', 'marcomanni'] } }, [['legio-VII', 'mandubii']]), 'Barbarian', 'fort', { blocks: ['mandubii'] });
  t.equal(viewOf(one, 'Barbarian').log.at(-1), 'Mandubii goes inside the fort.');
  t.equal(viewOf(one, 'Roman').log.at(-1), '1 defender goes inside the fort.');
  const b = fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { bituriges: ['bituriges', 'arvii', 'marcomanni'] } }, [['legio-VII', 'bituriges']]);
  const two = act(b, 'Barbarian', 'fort', { blocks: legal(b, 'Barbarian', 'fort').find((a) => (a.blocks as string[]).length === 2)!.blocks });
  t.match(viewOf(two, 'Barbarian').log.at(-1), / and .* go inside the fort\.$/);
  t.equal(viewOf(two, 'Roman').log.at(-1), '2 defenders go inside the fort.');
});

t.test('CGW-91 CGW-92 CGW-93 CGW-95 CGW-96 the field battle first; then assault or retreat; inside: one letter better, two hits a step, no retreat', async (t) => {
  // CGW-91, CGW-92, CGW-93, CGW-95, CGW-96
  let s = fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { mandubii: ['mandubii', 'marcomanni:1'] } }, [['legio-VII', 'mandubii']]);
  s = act(s, 'Barbarian', 'fort', { blocks: ['mandubii'] });
  t.same(actors(s), ['legio-VII'], 'only the outside German exchanges fire');
  s = fire(s, 'legio-VII', [1, 6, 6, 6]);
  t.equal(s.step, 'assault', 'the outside defenders are gone: assault or retreat');
  s = act(s, 'Roman', 'assault');
  t.equal(s.battle!.phase, 'assault');
  t.equal(s.battle!.maxRounds, 3);
  t.same(actors(s), ['legio-VII', 'mandubii'].filter((x) => x === 'legio-VII'), 'the legion (A) still goes first');
  s = fire(s, 'legio-VII', [1, 1, 1, 6]);
  t.equal(where(s, 'mandubii').str, 2, '3 hits against double defence: one step and a half hit');
  t.equal(s.half[idxOf('mandubii')], 1);
  t.notOk(legal(s, 'Barbarian').some((a) => a.type === 'retreat'), 'no retreat from inside the fort');
  s = pass(s);
  s = passRound(s);
  s = passRound(s);
  t.equal(s.step, 'forced-retreat', 'the assault failed: the attacker retreats');
});

t.test('CGW-97 CGW-98 a defender may retreat into the fort; all inside at the start: assault or retreat at once', async (t) => {
  // CGW-97, CGW-98
  let s = fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { mandubii: ['mandubii', 'marcomanni'] } }, [['legio-VII', 'mandubii']]);
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  s = pass(s);
  t.ok(isLegal(s, 'Barbarian', 'retreat', { block: 'marcomanni', to: 'fort' }));
  const v = fight({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { mandubii: ['vercingetorix'] } }, [['legio-VII', 'mandubii']]);
  const w = act(v, 'Barbarian', 'fort', { blocks: ['vercingetorix'] });
  t.equal(w.step, 'assault');
});

t.test('CGW-99 relief of a besieged area (6 B2): the rulebook\'s Alesia example', async (t) => {
  // CGW-99: 4 legions besiege Vercingetorix in Alesia; 4 Gallic reserves come to relieve him.
  const relief = ['sequani', 'arverni', 'boii', 'cadurci'];
  let s = fight(
    { clear: true, Roman: { aedui: ['legio-VII', 'legio-VIII', 'legio-IX', 'legio-XI'] }, Barbarian: { mandubii: ['vercingetorix'], sequani: relief } },
    [['legio-VII', 'mandubii'], ['legio-VIII', 'mandubii'], ['legio-IX', 'mandubii'], ['legio-XI', 'mandubii']],
    relief.map((b) => [b, 'mandubii']),
  );
  s = act(s, 'Barbarian', 'fort', { blocks: ['vercingetorix'] });
  t.equal(s.step, 'assault', 'every defender inside: assault or retreat at once (CGW-98), reserves or not');
  s = act(s, 'Roman', 'assault');
  t.same(actors(s), ['vercingetorix'], 'siege round 1: the reserves wait; Vercingetorix inside acts as A, defender first');
  const hidden = viewOf(s, 'Roman').blocks.filter((b) => b.location === 'mandubii' && b.side === 'Barbarian' && b.reserve);
  t.equal(hidden.length, 4, 'the relief is in reserve...');
  t.ok(hidden.every((b) => b.id === undefined && b.strength === undefined), '...and hidden from the Roman in round 1');
  s = pass(s);
  s = fire(s, 'legio-VII', [1, 1, 1, 6]);
  t.equal(where(s, 'vercingetorix').str, 3, 'siege round 1: 3 hits against double defence, one step lost...');
  t.equal(s.half[idxOf('vercingetorix')], 1, '...and a half hit');
  s = passRound(s);
  t.equal(s.step, 'sortie', 'the reserves arrive: the siege pauses, the besieged may sortie');
  t.equal(s.battle!.phase, 'relief');
  t.same([s.battle!.attacker, s.battle!.defender, s.battle!.maxRounds], ['Barbarian', 'Roman', 2], 'a field battle of at most 2 rounds, the besiegers defending');
  t.same(legal(s, 'Barbarian').map((a) => a.blocks), [[], ['vercingetorix']]);
  s = act(s, 'Barbarian', 'sortie', { blocks: ['vercingetorix'] });
  t.notOk(s.inFort[idxOf('vercingetorix')], 'Vercingetorix sorties');
  t.ok(viewOf(s, 'Roman').blocks.filter((b) => b.location === 'mandubii' && b.side === 'Barbarian').every((b) => b.id), 'the relief is revealed');
  t.same(actors(s), ['legio-IX', 'legio-VII', 'legio-VIII', 'legio-XI'], 'the defending legions (A) act first');
  for (let k = 0; k < 4; k++) s = pass(s);
  t.same(actors(s), ['sequani', 'vercingetorix'], 'then the attacking B units, Vercingetorix outside at his own letter');
  const back = legal(s, 'Barbarian').filter((a) => a.type === 'retreat' && a.block === 'vercingetorix').map((a) => a.to);
  t.same(back, ['fort'], 'a unit that sortied may only retreat back into the fort');
  t.ok(legal(s, 'Barbarian').some((a) => a.type === 'retreat' && a.block === 'sequani' && a.to === 'sequani'), 'a relieving unit retreats normally');
  s = passRound(s);
  t.equal(s.battle!.round, 2);
  t.equal(s.half[idxOf('vercingetorix')], 1, 'the half hit scored before the relief is kept');
  s = passRound(s);
  t.equal(s.step, 'forced-retreat', 'after 2 rounds the relief must retreat');
  t.ok(s.inFort[idxOf('vercingetorix')], 'Vercingetorix goes back into the fort');
  t.same([...new Set(legal(s, 'Barbarian').map((a) => a.block))].sort(), [...relief].sort(), 'only the relieving units retreat');
  for (const b of relief) s = act(s, 'Barbarian', 'retreat', { block: b, to: 'sequani' });
  t.equal(s.step, 'battle', 'the besiegers held: the siege resumes');
  t.same([s.battle!.phase, s.battle!.round, s.battle!.maxRounds, s.battle!.attacker], ['assault', 2, 3, 'Roman'], 'with its 2 remaining rounds');
  t.equal(s.half[idxOf('vercingetorix')], 1, 'the half hit still counts in the siege');
  s = pass(s);
  s = fire(s, 'legio-VII', [1, 6, 6, 6]);
  t.equal(where(s, 'vercingetorix').str, 2, 'one more hit completes the kept half: a step');
  s = passRound(s);
  s = passRound(s);
  t.equal(s.step, 'forced-retreat', 'the siege failed within its rounds: the Romans retreat');
  t.equal(s.battle!.attacker, 'Roman');
});

t.test('CGW-99 a relief that drives the besiegers off ends the battle; one that is wiped out lets the siege go on', async (t) => {
  // CGW-99: the relief's field battle decided by retreat of the besiegers, or by the relief's loss.
  const start = (relief: string[], legions: string[]) => {
    let s = fight(
      { clear: true, Roman: { aedui: legions }, Barbarian: { mandubii: ['vercingetorix:1'], sequani: relief } },
      legions.map((l) => [l.split(':')[0]!, 'mandubii']),
      relief.map((b) => [b.split(':')[0]!, 'mandubii']),
    );
    s = act(s, 'Barbarian', 'fort', { blocks: ['vercingetorix'] });
    s = act(s, 'Roman', 'assault');
    s = passRound(s);
    return s;
  };
  let s = start(['sequani'], ['legio-VII:1']);
  s = act(s, 'Barbarian', 'sortie', { blocks: [] });
  s = pass(s); // legio-VII, defending
  s = fire(s, 'sequani', [1, 6, 6, 6]);
  t.equal(where(s, 'legio-VII').loc, 'eliminated');
  t.equal(s.battle, null, 'the besiegers are gone: the battle is over');
  t.notOk(s.inFort[idxOf('vercingetorix')], 'nobody is inside once the battle ends');

  let w = start(['sequani:1'], ['legio-VII']);
  w = act(w, 'Barbarian', 'sortie', { blocks: ['vercingetorix'] });
  w = fire(w, 'legio-VII', [1, 6, 6, 6]);
  t.equal(w.step, 'hits', 'Vercingetorix outside is as strong as the Sequani: the owner picks');
  w = act(w, 'Barbarian', 'hit', { block: 'sequani' });
  t.equal(where(w, 'sequani').loc, 'eliminated', 'the relief is wiped out');
  t.same([w.battle!.phase, w.battle!.round, w.battle!.attacker], ['assault', 2, 'Roman'], 'the siege resumes at once');
  t.ok(w.inFort[idxOf('vercingetorix')], 'and the sortied leader is back inside');
});

t.test('CGW-100 CGW-101 German strategic withdrawal before a battle in Germania; +2 VP for the invasion', async (t) => {
  // CGW-100, CGW-101
  let s = fight({ clear: true, vp: 0, Roman: { leuci: ['legio-VII', 'legio-VIII'] }, Barbarian: { germania: ['marcomanni', 'tencteri', 'usipetes'] } }, [['legio-VII', 'germania'], ['legio-VIII', 'germania']]);
  t.equal(s.step, 'withdraw');
  s = act(s, 'Barbarian', 'withdraw', { block: 'marcomanni' });
  s = act(s, 'Barbarian', 'withdraw', { block: 'tencteri' });
  t.equal(where(s, 'marcomanni').loc, 'removed');
  t.equal(s.vp, 2, 'no elimination VP; the once-per-game invasion award');
  s = act(s, 'Barbarian', 'done');
  t.equal(s.step, 'battle');
  t.notOk(legal(s, 'Barbarian').some((a) => a.type === 'withdraw'), 'no withdrawal once the battle began');
});

t.test('CGW-102 the Alps: two hits a step for every defender; an odd half hit is dropped at the end of the round', async (t) => {
  // CGW-102
  let s = fight({ clear: true, Roman: { transalpine_gaul: ['legio-VII', 'legio-VIII'] }, Barbarian: { helvetii: ['helvetii'] } }, [['legio-VII', 'helvetii'], ['legio-VIII', 'helvetii']]);
  s = fire(s, 'legio-VII', [1, 1, 1, 6]);
  t.equal(where(s, 'helvetii').str, 6, '3 hits: one step (8 -> 6) and a half');
  s = pass(s);
  s = pass(s);
  t.equal(s.battle!.round, 2);
  t.equal(s.half[idxOf('helvetii')], 0, 'the half hit is gone');
});

t.test('CGW-103 amphibious invasion: defenders one letter better, 2 rounds', async (t) => {
  // CGW-103
  let s = fight({ clear: true, supply: 5, Roman: { atrebates: ['legio-VII', 'legio-VIII'] }, neutral: { britannia: ['belgae', 'cantiaci'] } }, [['legio-VII', 'sea', 'britannia'], ['legio-VIII', 'sea', 'britannia']]);
  t.equal(s.battle!.maxRounds, 2);
  t.same(actors(s), ['belgae', 'cantiaci'], 'Cantiaci (B) act as A, with the defending Belgae, before the legions');
});

t.test('CGW-104 CGW-105 CGW-106 CGW-107 retreat: friendly or empty, border limits per round, not back across the enemy\'s border, Germania only for Germans', async (t) => {
  // CGW-104, CGW-105, CGW-106, CGW-107
  let s = fight({ clear: true, Roman: { allobroges: ['legio-VII'], aedui: ['legio-VIII'] }, Barbarian: { sequani: ['sequani', 'marcomanni', 'tencteri', 'usipetes'] }, neutral: { leuci: ['leuci'] } }, [['legio-VII', 'sequani']]);
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  s = pass(s);
  const to = (id: string) => legal(s, 'Barbarian', 'retreat').filter((a) => a.block === id).map((a) => a.to).sort();
  t.same(to('sequani'), ['fort', 'helvetii', 'mandubii'], 'not to Allobroges (the Romans came that way), not to neutral Leuci or Roman Aedui');
  s = act(s, 'Barbarian', 'retreat', { block: 'marcomanni', to: 'helvetii' });
  s = act(s, 'Barbarian', 'retreat', { block: 'tencteri', to: 'helvetii' });
  t.notOk(isLegal(s, 'Barbarian', 'retreat', { block: 'usipetes', to: 'helvetii' }), 'a 3rd across the blue border this round');
  let g = fight({ clear: true, Roman: { mediomatrici: ['legio-VII'] }, Barbarian: { leuci: ['marcomanni', 'leuci'] } }, [['legio-VII', 'leuci']]);
  g = pass(g);
  t.ok(isLegal(g, 'Barbarian', 'retreat', { block: 'marcomanni', to: 'germania' }), 'a German may retreat into Germania');
  t.notOk(isLegal(g, 'Barbarian', 'retreat', { block: 'leuci', to: 'germania' }), 'a tribe may not');
});

t.test('CGW-108 an attacker that must retreat with nowhere to go is eliminated', async (t) => {
  // CGW-108
  let s = fight(
    { clear: true, vp: 10, Roman: { transalpine_gaul: ['legio-VII'] }, Barbarian: { helvetii: ['helvetii'], leuci: ['leuci'], sequani: ['sequani'], allobroges: ['allobroges'] } },
    [['legio-VII', 'helvetii']],
  );
  s.loc[idxOf('marcomanni')] = 'transalpine_gaul';
  s.owner[idxOf('marcomanni')] = 'Barbarian';
  s.str[idxOf('marcomanni')] = 3;
  s.fights = { transalpine_gaul: { attacker: 'Barbarian', main: null, via: 'placed', reserves: [], wasNeutral: false } };
  s = passRound(s);
  s = passRound(s);
  s = passRound(s);
  t.equal(where(s, 'legio-VII').loc, 'eliminated');
  t.equal(s.vp, 5);
});

t.test('CGW-111 regroup: the victor\'s units to adjacent friendly or empty areas within border limits', async (t) => {
  // CGW-111
  let s = fight({ clear: true, Roman: { allobroges: ['legio-VII', 'legio-VIII'] }, Barbarian: { sequani: ['sequani:1'] } }, [['legio-VII', 'sequani'], ['legio-VIII', 'sequani']]);
  s = act(s, 'Barbarian', 'fort', { blocks: [] });
  s = fire(s, 'legio-VII', [1, 6, 6, 6]);
  t.equal(s.step, 'regroup');
  s = act(s, 'Roman', 'regroup', { block: 'legio-VII', to: 'aedui' });
  s = act(s, 'Roman', 'regroup', { block: 'legio-VIII', to: 'aedui' }).step === 'regroup' ? s : s;
  t.ok(isLegal(s, 'Roman', 'regroup', { block: 'legio-VIII', to: 'aedui' }) || where(s, 'legio-VIII').loc === 'aedui', 'the second across the blue border to Aedui');
});
