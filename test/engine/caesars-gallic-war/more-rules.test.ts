// Further checklist items across sections: friendly-or-empty areas, the Massive Revolt card leaving
// the game, naval retreat and regroup, winter rules, optional rules (Historical Reinforcements,
// Restricted Naval Movement), the awards without Yearly Objectives.

import t from 'tap';
import { startTurn, massiveOption } from '../../../src/engine/caesars-gallic-war/cards.js';
import { friendlyOrEmpty } from '../../../src/engine/caesars-gallic-war/state.js';
import { leaderPlacements } from '../../../src/engine/caesars-gallic-war/events.js';
import { act, cgw, endOfTurn, isLegal, legal, position, rig, round, where, type Spec, type State } from './helpers.js';

t.test('CGW-7 an area emptied of its (absent) Barbarian tribe is empty for a Roman retreat', async (t) => {
  // CGW-7
  const s = position({ Barbarian: { boii: ['arverni'] } });
  t.ok(friendlyOrEmpty(s, 'arverni', 'Roman'));
  const n = position({});
  t.notOk(friendlyOrEmpty(n, 'arverni', 'Roman'), 'a neutral tribe at home is not empty');
});

t.test('CGW-20 once played as a Massive Revolt the card leaves the game and no option is offered', async (t) => {
  // CGW-20
  const s = position({ turn: 6, vp: 90 });
  s.massiveRevoltPlayed = true;
  s.turn = 7;
  t.equal(massiveOption(s), null);
  startTurn(s);
  t.equal(s.step, 'play');
  t.equal(s.deck.length + s.hand.Roman.length + s.hand.Barbarian.length, 32);
  t.notOk([...s.deck, ...s.hand.Roman, ...s.hand.Barbarian].includes('massive-revolt'));
});

t.test('CGW-26 movement battles are fought after both actions, in the order the first mover chooses', async (t) => {
  // CGW-26
  let s = round(
    { clear: true, Roman: { allobroges: ['legio-VII'], mediomatrici: ['legio-VIII'] }, Barbarian: { sequani: ['sequani'], leuci: ['leuci'], germania: ['marcomanni'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = act(s, 'Roman', 'group', { area: 'allobroges' });
  s = act(s, 'Roman', 'group', { area: 'mediomatrici' });
  s = act(s, 'Roman', 'go');
  s = act(s, 'Roman', 'move', { block: 'legio-VII', path: ['sequani'] });
  s = act(s, 'Roman', 'move', { block: 'legio-VIII', path: ['leuci'] });
  s = act(s, 'Roman', 'done');
  t.equal(s.step, 'designate', 'no battle before the Barbarian has moved');
  s = act(s, 'Barbarian', 'go');
  t.equal(s.step, 'battle-choose');
  t.same(cgw.pending(s), ['Roman']);
  s = act(s, 'Roman', 'battle', { area: 'leuci' });
  t.equal(s.battle!.area, 'leuci');
});

/** The Roman sails legions VII and VIII from the port `from` into `to`; the Barbarian moves nothing; the battle begins. */
function seaInvasion(spec: Spec, from: string, to: string): State {
  let s = round({ clear: true, supply: 5, ...spec }, { Roman: 'bellovaci', Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'movement' });
  s = act(s, 'Roman', 'group', { area: from });
  s = act(s, 'Roman', 'go');
  for (const block of ['legio-VII', 'legio-VIII']) s = act(s, 'Roman', 'sail', { block, to });
  s = act(s, 'Roman', 'done');
  return act(s, 'Barbarian', 'go');
}

t.test('CGW-109 Roman units that sailed into an enemy port may retreat by sea to a friendly port', async (t) => {
  // CGW-109
  let s = seaInvasion({ Roman: { atrebates: ['legio-VII', 'legio-VIII', 'atrebates'] }, neutral: { britannia: ['belgae', 'cantiaci'] } }, 'atrebates', 'britannia');
  s = act(s, 'Barbarian', 'pass', { block: legal(s, 'Barbarian', 'pass')[0]!.block });
  s = act(s, 'Barbarian', 'pass', { block: legal(s, 'Barbarian', 'pass')[0]!.block });
  t.ok(isLegal(s, 'Roman', 'retreat', { block: 'legio-VII', to: 'atrebates' }));
});

t.test('CGW-109 naval retreat: units that came by sea retreat only to a friendly port in the same sea zone, else are eliminated', async (t) => {
  // CGW-109: Veneti's land neighbours Andes and Osismi are empty, so a unit that came by land could
  // fall back there; the legions that sailed in from Santones may only go back by sea.
  const invade = (santones: string[]): State => seaInvasion({ vp: 20, Roman: { santones }, Barbarian: { veneti: ['veneti'] } }, 'santones', 'veneti');
  /** Both sides pass until the battle leaves the field (or `until` holds). */
  const passes = (s: State, until: (s: State) => boolean = () => false): State => {
    for (let k = 0; k < 20 && s.step === 'battle' && !until(s); k++) {
      const role = cgw.pending(s)[0] as 'Roman' | 'Barbarian';
      s = act(s, role, 'pass', { block: legal(s, role, 'pass')[0]!.block });
    }
    return s;
  };
  // Santones keeps its Roman-allied tribe: a friendly port on Mare Cantabricum, the only way out.
  let s = passes(invade(['legio-VII', 'legio-VIII', 'santones']), (x) => cgw.pending(x)[0] === 'Roman');
  t.equal(s.step, 'battle');
  t.same(legal(s, 'Roman', 'retreat').map((a) => `${String(a.block)}>${String(a.to)}`), ['legio-VII>santones', 'legio-VIII>santones'], 'by sea to Santones only, never by land to Andes or Osismi');
  // Santones left empty: no friendly port on the sea zone, so no retreat at all, and elimination when forced.
  s = passes(invade(['legio-VII', 'legio-VIII']), (x) => cgw.pending(x)[0] === 'Roman');
  t.same(legal(s, 'Roman', 'retreat'), [], 'no friendly port: no retreat');
  s = passes(s);
  t.same([where(s, 'legio-VII').loc, where(s, 'legio-VIII').loc], ['eliminated', 'eliminated'], 'after the last round they cannot retreat: eliminated');
  t.equal(s.vp, 10, '-5 VP for each legion');
});

t.test('CGW-110 defenders of a port may retreat by sea, at most 2 in the battle', async (t) => {
  // CGW-110
  let s = round(
    { clear: true, Roman: { andes: ['legio-VII', 'legio-VIII', 'legio-IX'] }, Barbarian: { veneti: ['veneti', 'marcomanni', 'tencteri'], santones: ['santones'] } },
    { Roman: 'bellovaci', Barbarian: 'leuci' },
    { Roman: 'movement', Barbarian: 'movement' },
  );
  s = act(s, 'Roman', 'group', { area: 'andes' });
  s = act(s, 'Roman', 'go');
  for (const id of ['legio-VII', 'legio-VIII', 'legio-IX']) s = act(s, 'Roman', 'move', { block: id, path: ['veneti'] });
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'go');
  for (let k = 0; k < 3; k++) s = act(s, 'Roman', 'pass', { block: legal(s, 'Roman', 'pass')[0]!.block });
  // Santones is a friendly port on Mare Cantabricum, not a land neighbour of Veneti.
  s = act(s, 'Barbarian', 'retreat', { block: 'marcomanni', to: 'santones' });
  s = act(s, 'Barbarian', 'retreat', { block: 'tencteri', to: 'santones' });
  t.notOk(isLegal(s, 'Barbarian', 'retreat', { block: 'veneti', to: 'santones' }), 'a third sea retreat');
});

t.test('CGW-120 CGW-140 a minor leader eliminated goes back to the pool and may be placed again', async (t) => {
  // CGW-120, CGW-140
  const s = position({ turn: 6, Barbarian: { treveri: ['treveri', 'eburones'] }, off: { aside: ['ambiorix'] } });
  t.same(leaderPlacements(s, 'minor', ['treveri']), [{ leader: 'ambiorix', area: 'treveri' }]);
});

t.test('CGW-124 CGW-129 winter: Off-Map legions may enter TG; no legion stays in Germania', async (t) => {
  // CGW-124, CGW-129
  let s = endOfTurn({ clear: true, Roman: { roman_off_map: ['legio-XIII'], germania: ['legio-VII'], transalpine_gaul: ['legio-X'] } }, 3);
  t.equal(s.step, 'winter-legions');
  t.ok(isLegal(s, 'Roman', 'enter', { block: 'legio-XIII' }));
  t.notOk(isLegal(s, 'Roman', 'stay', { block: 'legio-VII' }), 'no wintering in Germania');
  s = act(s, 'Roman', 'enter', { block: 'legio-XIII' });
  s = act(s, 'Roman', 'done');
  t.equal(where(s, 'legio-XIII').loc, 'transalpine_gaul');
  t.equal(where(s, 'legio-VII').loc, 'transalpine_gaul');
});

t.test('CGW-127 Vercingetorix may stay anywhere, with Gallic units within the garrison limit', async (t) => {
  // CGW-127
  let s = endOfTurn({ clear: true, Roman: { transalpine_gaul: ['legio-X'] }, Barbarian: { aedui: ['vercingetorix', 'arverni'] } }, 3, (x) => {
    x.leaderHome.vercingetorix = 'arverni';
  });
  t.equal(s.step, 'winter-barbarian');
  s = act(s, 'Barbarian', 'stay', { block: 'vercingetorix' });
  s = act(s, 'Barbarian', 'stay', { block: 'arverni' });
  s = act(s, 'Barbarian', 'done');
  t.same([where(s, 'vercingetorix').loc, where(s, 'arverni').loc], ['aedui', 'aedui']);
});

t.test('CGW-143 without Yearly Objectives, Britannia tribes eliminated score +1 each, at most 2; with them, nothing', async (t) => {
  // CGW-143
  const { eliminate } = await import('../../../src/engine/caesars-gallic-war/losses.js');
  const s = position({ vp: 0, Barbarian: { britannia: ['belgae', 'cantiaci'] } });
  const i = (id: string) => s.loc.findIndex((_, k) => k === cgwIndex(id));
  eliminate(s, i('belgae'));
  eliminate(s, i('cantiaci'));
  s.loc[i('belgae')] = 'britannia';
  s.owner[i('belgae')] = 'Barbarian';
  s.str[i('belgae')] = 2;
  eliminate(s, i('belgae'));
  t.equal(s.vp, 2);
  const o = position({ vp: 0, options: { yearlyObjectives: true }, Barbarian: { britannia: ['belgae'] } });
  eliminate(o, cgwIndex('belgae'));
  t.equal(o.vp, 0);
});

import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
const cgwIndex = (id: string) => BLOCKS.findIndex((b) => b.id === id);

t.test('CGW-153 Historical Reinforcements: turn 1, rolls 2 and 5: only XIII arrives', async (t) => {
  // CGW-153
  let s = endOfTurn({ clear: true, options: { historicalReinforcements: true }, Roman: { transalpine_gaul: ['legio-X'] }, off: { pool: ['legio-XIII', 'legio-XIV'] } }, [3, 2, 5]);
  t.equal(where(s, 'legio-XIII').loc, 'roman_off_map');
  t.equal(where(s, 'legio-XIV').loc, 'pool');
});

t.test('CGW-154 Restricted Naval Movement: a Veneti block (no anchor) may not sail', async (t) => {
  // CGW-154
  let s = round({ clear: true, options: { restrictedNaval: true }, Barbarian: { veneti: ['veneti'], santones: ['santones'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'movement' });
  s = act(s, 'Barbarian', 'group', { area: 'veneti' });
  s = act(s, 'Barbarian', 'go');
  t.notOk(legal(s, 'Barbarian', 'sail').length, 'no sail for Veneti');
  let f = round({ clear: true, Barbarian: { veneti: ['veneti'], santones: ['santones'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'movement' });
  f = act(f, 'Barbarian', 'group', { area: 'veneti' });
  f = act(f, 'Barbarian', 'go');
  t.ok(isLegal(f, 'Barbarian', 'sail', { block: 'veneti', to: 'santones' }), 'without the option it may');
});

void ({} as State);

const fightIn = (spec: Parameters<typeof round>[0], moves: [string, string][], card = 'bellovaci') => {
  let s = round(spec, { Roman: card, Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'movement' });
  for (const g of [...new Set(moves.map(([id]) => where(s, id).loc))]) s = act(s, 'Roman', 'group', { area: g });
  s = act(s, 'Roman', 'go');
  for (const [id, to] of moves) s = act(s, 'Roman', 'move', { block: id, path: [to] });
  s = act(s, 'Roman', 'done');
  return act(s, 'Barbarian', 'go');
};

t.test('CGW-61 CGW-112 regroup is not movement: no group needed; Roman units in a port regroup by sea, 2 per port', async (t) => {
  // CGW-61, CGW-112
  let s = fightIn({ clear: true, Roman: { atrebates: ['legio-VII', 'legio-VIII'], esuvii: ['legio-IX'] }, Barbarian: { bellovaci: ['caletes:1'] } }, [['legio-VII', 'bellovaci'], ['legio-VIII', 'bellovaci'], ['legio-IX', 'bellovaci']]);
  if (s.step === 'fort') s = act(s, 'Barbarian', 'fort', { blocks: [] });
  s = act(rig(s, [1, 6, 6, 6]), 'Roman', 'fire', { block: 'legio-VII' });
  t.equal(s.step, 'regroup');
  // Andes shares Oceanus Britannicus with Bellovaci but no land border.
  s = act(s, 'Roman', 'regroup', { block: 'legio-VII', to: 'andes' });
  s = act(s, 'Roman', 'regroup', { block: 'legio-VIII', to: 'andes' });
  t.notOk(isLegal(s, 'Roman', 'regroup', { block: 'legio-IX', to: 'andes' }), 'a third into Andes by sea');
  t.ok(isLegal(s, 'Roman', 'regroup', { block: 'legio-IX', to: 'osismi' }), 'another port by sea; regroups need no group of the card');
});

t.test('CGW-94 in a fort holding two, a half hit goes to the unit that already has one', async (t) => {
  // CGW-94
  let s = fightIn({ clear: true, Roman: { arverni: ['legio-VII'] }, Barbarian: { bituriges: ['bituriges', 'arvii'] } }, [['legio-VII', 'bituriges']]);
  s = act(s, 'Barbarian', 'fort', { blocks: ['arvii', 'bituriges'] });
  t.equal(s.step, 'assault');
  s = act(s, 'Roman', 'assault');
  s = act(rig(s, [1, 6, 6, 6]), 'Roman', 'fire', { block: 'legio-VII' });
  t.equal(s.half[cgwIndex('bituriges')], 1, 'the first hit: a half hit on Bituriges (3)');
  s = act(s, 'Barbarian', 'pass', { block: 'arvii' });
  s = act(s, 'Barbarian', 'pass', { block: 'bituriges' });
  s = act(rig(s, [1, 6, 6, 6]), 'Roman', 'fire', { block: 'legio-VII' });
  t.same([where(s, 'bituriges').str, s.half[cgwIndex('bituriges')], where(s, 'arvii').str], [2, 0, 2], 'the next half hit completes it');
});

t.test('CGW-123 legions coming home to Barbarian units in TG attack at once, and may fall back only to Off-Map', async (t) => {
  // CGW-123
  let s = endOfTurn({ clear: true, Roman: { aedui: ['legio-VII'] }, Barbarian: { transalpine_gaul: ['marcomanni'] } }, 3);
  s = act(s, 'Roman', 'done');
  t.ok(s.battle && s.battle.winter, 'a battle in Transalpine Gaul');
  t.equal(s.battle!.attacker, 'Roman');
  if (s.step === 'fort') s = act(s, 'Barbarian', 'fort', { blocks: [] });
  t.same(legal(s, 'Roman', 'retreat').map((a) => a.to), ['roman_off_map']);
});

t.test('CGW-123 Off-Map legions entering TG for the winter battle join it as a reserve: they neither act nor take hits in round 1', async (t) => {
  // CGW-123, CGW-124
  let s = endOfTurn({ clear: true, Roman: { aedui: ['legio-VII'], roman_off_map: ['legio-XIII'] }, Barbarian: { transalpine_gaul: ['marcomanni'] } }, 3);
  s = act(s, 'Roman', 'enter', { block: 'legio-XIII' });
  s = act(s, 'Roman', 'done');
  t.ok(s.battle && s.battle.winter, 'the winter battle in Transalpine Gaul');
  t.same(s.battle!.reserves, ['legio-XIII'], 'the legion from Off-Map is a reserve');
  if (s.step === 'fort') s = act(s, 'Barbarian', 'fort', { blocks: [] });
  const xiii = where(s, 'legio-XIII').str;
  for (let k = 0; k < 10 && s.step !== 'over' && s.battle?.round === 1; k++) {
    const role = cgw.pending(s)[0] as 'Roman' | 'Barbarian';
    const l = legal(s, role);
    if (role === 'Roman') t.notOk(l.some((a) => a.block === 'legio-XIII'), `legio-XIII has no action in round 1 (${s.step})`);
    // The Barbarian fires with every die a hit; the Roman passes.
    const a = (role === 'Barbarian' ? l.find((x) => x.type === 'fire') : l.find((x) => x.type === 'pass')) ?? l[0]!;
    s = cgw.apply(role === 'Barbarian' ? rig(s, [1, 1, 1, 1]) : s, role, a);
  }
  t.equal(where(s, 'legio-XIII').str, xiii, 'the reserve took no hit in round 1');
  t.ok(where(s, 'legio-VII').str < 4, 'the hits went to the legion that came home');
});

t.test('CGW-148 CGW-149 Yearly Objectives of turns 4 and 5', async (t) => {
  // CGW-148, CGW-149
  const { objectives } = await import('../../../src/engine/caesars-gallic-war/victory.js');
  const four = position({ turn: 4, clear: true, Barbarian: { menapi: ['menapi', 'marcomanni'] } });
  t.same(objectives(four).map((o) => o[0]), [-2]);
  const five = position({ turn: 5, clear: true, Barbarian: { aedui: ['dumnorix', 'aedui'] } });
  t.same(objectives(five), [], 'Dumnorix not brought in by the first card: no -2');
  five.flags.firstCardLeaders = ['dumnorix'];
  t.same(objectives(five).map((o) => o[0]), [-2]);
});

t.test('CGW-113 Ariovistus subdues every tribe: no battle, but the Barbarian may regroup', async (t) => {
  // CGW-113
  let s = round({ clear: true, Barbarian: { leuci: ['ariovistus', 'marcomanni'] }, neutral: { mandubii: ['mandubii', 'senones'] } }, { Roman: 'leuci', Barbarian: 'sequani' }, { Roman: 'movement', Barbarian: 'movement' });
  s = act(s, 'Barbarian', 'group', { area: 'leuci' });
  s = act(s, 'Barbarian', 'go');
  s = act(rig(s, [1, 2]), 'Barbarian', 'move', { block: 'ariovistus', path: ['mandubii'] });
  t.same([where(s, 'mandubii').owner, where(s, 'senones').owner], ['Barbarian', 'Barbarian']);
  s = act(s, 'Barbarian', 'done');
  s = act(s, 'Roman', 'go');
  t.equal(s.step, 'regroup');
  t.ok(isLegal(s, 'Barbarian', 'regroup', { block: 'ariovistus', to: 'leuci' }));
});

t.test('CGW-157 a revolting tribe home in a fort area may go into the fort; the Roman must assault or fall back', async (t) => {
  // CGW-157
  let s = round({ clear: true, Roman: { boii: ['arverni:3'], arverni: ['legio-VII'] } }, { Roman: 'leuci', Barbarian: 'minor-revolt-1' }, { Roman: 'movement', Barbarian: 'event' });
  s = act(s, 'Barbarian', 'revolt', { area: 'arverni' });
  t.equal(s.battle!.attacker, 'Barbarian');
  if (s.step === 'fort') s = act(s, 'Roman', 'fort', { blocks: [] });
  s = act(s, 'Roman', 'pass', { block: 'legio-VII' });
  t.ok(isLegal(s, 'Barbarian', 'retreat', { block: 'arverni', to: 'fort' }));
  s = act(s, 'Barbarian', 'retreat', { block: 'arverni', to: 'fort' });
  t.equal(s.step, 'assault');
  t.same(cgw.pending(s), ['Roman'], 'the Roman besieges or falls back');
});

/** The winter: a legion stays in Arverni, Vercingetorix's home, and the Arverni coming home defect (13.5). */
function homeTakenAtWinter(): State {
  let s = endOfTurn({ clear: true, Roman: { arverni: ['legio-VII'], transalpine_gaul: ['legio-X'] }, Barbarian: { aedui: ['vercingetorix'], boii: ['arverni'], sequani: ['sequani'] } }, 3, (x) => {
    x.leaderHome.vercingetorix = 'arverni';
  });
  s = act(s, 'Roman', 'stay', { block: 'legio-VII' });
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'stay', { block: 'vercingetorix' });
  return act(s, 'Barbarian', 'done');
}

t.test('CGW-166 Vercingetorix\'s home turned Roman at the winter: the Barbarian picks a new home', async (t) => {
  // CGW-166
  let s = homeTakenAtWinter();
  t.equal(where(s, 'arverni').owner, 'Roman', 'the Arverni defect at home');
  t.equal(s.step, 'vercingetorix-home');
  t.ok(isLegal(s, 'Barbarian', 'home', { area: 'sequani' }));
  s = act(s, 'Barbarian', 'home', { area: 'sequani' });
  t.equal(s.leaderHome.vercingetorix, 'sequani');
});

t.test('CGW-166 Vercingetorix\'s home turned Roman at the winter: the Barbarian may also keep it', async (t) => {
  // CGW-166: 13.5 says "may"; a Political Action on the home (CGW-45, 5.2.1D) leaves no such choice.
  let s = homeTakenAtWinter();
  t.equal(s.step, 'vercingetorix-home');
  t.ok(isLegal(s, 'Barbarian', 'decline'), 'he may keep his home');
  s = act(s, 'Barbarian', 'decline');
  t.equal(s.leaderHome.vercingetorix, 'arverni');
  t.not(s.step, 'vercingetorix-home');
  // A Political Action on his home: he must move (5.2.1D).
  let p = round(
    { clear: true, Barbarian: { arverni: ['arverni'], aedui: ['vercingetorix', 'aedui'] }, Roman: { transalpine_gaul: ['legio-X'] } },
    { Roman: 'arverni', Barbarian: 'sequani' },
    { Roman: 'political', Barbarian: 'movement' },
  );
  p.leaderHome.vercingetorix = 'arverni';
  p = act(rig(p, [1]), 'Roman', 'political', { area: 'arverni' });
  t.equal(p.step, 'vercingetorix-home');
  t.notOk(isLegal(p, 'Barbarian', 'decline'), 'no keeping a home taken by a Political Action');
  t.same(legal(p, 'Barbarian').map((a) => a.area), ['aedui']);
});

t.test('CGW-84 the attacker names the main group; the other groups are reserves', async (t) => {
  // CGW-84
  let s = round({ clear: true, Roman: { leuci: ['legio-X'], allobroges: ['legio-VII', 'legio-VIII'] }, Barbarian: { sequani: ['sequani'] } }, { Roman: 'bellovaci', Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'movement' });
  s = act(s, 'Roman', 'group', { area: 'leuci' });
  s = act(s, 'Roman', 'group', { area: 'allobroges' });
  s = act(s, 'Roman', 'go');
  s = act(s, 'Roman', 'move', { block: 'legio-X', path: ['sequani'] });
  s = act(s, 'Roman', 'move', { block: 'legio-VII', path: ['sequani'] });
  s = act(s, 'Roman', 'move', { block: 'legio-VIII', path: ['sequani'] });
  t.equal(s.fights.sequani!.main, 'leuci', 'by default the first group in');
  t.ok(isLegal(s, 'Roman', 'main', { area: 'sequani', from: 'allobroges' }));
  s = act(s, 'Roman', 'main', { area: 'sequani', from: 'allobroges' });
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'go');
  t.same(s.battle!.reserves, ['legio-X'], 'the Leuci group is the reserve');
});

t.test('CGW-84 the main group is named once for each new origin: no naming it again and again (rules revision 2)', async (t) => {
  // CGW-84: the attacker names one moving group. Revision 2 (new games): once named, the choice
  // stands until a group from an origin not yet among the attackers comes in; revision 1 (games
  // stored before it) let it be named back and forth for ever, which a search could do.
  const start = (revision?: string) => {
    let s = round({ clear: true, Roman: { leuci: ['legio-X'], allobroges: ['legio-VII', 'legio-VIII'], mandubii: ['legio-IX'] }, Barbarian: { sequani: ['sequani'] } }, { Roman: 'bellovaci', Barbarian: 'leuci' }, { Roman: 'movement', Barbarian: 'movement' });
    if (revision === '1') s = { ...s, revision: undefined };
    for (const area of ['leuci', 'allobroges', 'mandubii']) s = act(s, 'Roman', 'group', { area });
    s = act(s, 'Roman', 'go');
    s = act(s, 'Roman', 'move', { block: 'legio-X', path: ['sequani'] });
    return act(s, 'Roman', 'move', { block: 'legio-VII', path: ['sequani'] });
  };
  let s = start();
  t.equal(s.revision, 2, 'a new game is set up under the last revision');
  s = act(s, 'Roman', 'main', { area: 'sequani', from: 'allobroges' });
  t.same(legal(s, 'Roman', 'main'), [], 'named: not again while the same two groups attack');
  s = act(s, 'Roman', 'move', { block: 'legio-VIII', path: ['sequani'] });
  t.same(legal(s, 'Roman', 'main'), [], 'nor when more come from an origin already there');
  s = act(s, 'Roman', 'move', { block: 'legio-IX', path: ['sequani'] });
  t.same(legal(s, 'Roman', 'main').map((a) => a.from), ['leuci', 'mandubii'], 'a group from Mandubii: the choice is open again');
  s = act(s, 'Roman', 'main', { area: 'sequani', from: 'mandubii' });
  t.same(legal(s, 'Roman', 'main'), []);
  s = act(s, 'Roman', 'done');
  s = act(s, 'Barbarian', 'go');
  t.same([...s.battle!.reserves].sort(), ['legio-VII', 'legio-VIII', 'legio-X'], 'the last naming holds');

  // Revision 1: as the games stored before it were played.
  let old = start('1');
  old = act(old, 'Roman', 'main', { area: 'sequani', from: 'allobroges' });
  old = act(old, 'Roman', 'main', { area: 'sequani', from: 'leuci' });
  t.ok(isLegal(old, 'Roman', 'main', { area: 'sequani', from: 'allobroges' }), 'revision 1: named again and again');
  t.notOk('revision' in JSON.parse(JSON.stringify(cgw.setup('ab'.repeat(32), { revision: '1' }))), 'a state of revision 1 is as it was before revisions');
  t.throws(() => cgw.setup('ab'.repeat(32), { revision: '3' }), /no rules revision "3"/);
});
