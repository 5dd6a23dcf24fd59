// Checklist section 28 (rulebook 12): the solitaire rules and the Barbarian bot. Positions come from
// the position builder with { solitaire: true }; the bot's dice are set through the game's generator.

import t from 'tap';
import { startTurn } from '../../../src/engine/caesars-gallic-war/cards.js';
import { beginBattle, proceed, STEPS } from '../../../src/engine/caesars-gallic-war/flow.js';
import { decide } from '../../../src/engine/caesars-gallic-war/bot.js';
import { randomTribe } from '../../../src/engine/caesars-gallic-war/solitaire.js';
import type { Action } from '../../../src/engine/types.js';
import { bi, cgw, legal, logSince, position, rig, where, type Spec, type State } from './helpers.js';

/** A solitaire position at the card play (the bot has no hand). */
function solo(spec: Spec = {}): State {
  const s = position({ ...spec, options: { ...(spec.options ?? {}), solitaire: true } as never });
  s.hand.Barbarian = [];
  if (s.hand.Roman.length === 0) s.hand.Roman = ['veneti'];
  return s;
}

/** The deck's top card is `card`, revealed for the bot; the bot plays until the Roman must act. */
function botPlays(s0: State, cardId: string, rolls?: number[]): State {
  let s = structuredClone(s0);
  s.deck = [cardId, ...s.deck.filter((c) => c !== cardId)];
  s.hand.Roman = s.hand.Roman.filter((c) => c !== cardId);
  if (s.hand.Roman.length === 0) s.hand.Roman = [s.deck.pop()!];
  s.tasks = [{ kind: 'bot-card' }, { kind: 'battles', chooser: 'Barbarian' }, { kind: 'attrition' }, { kind: 'end-round' }];
  s.step = 'idle';
  if (rolls) s = rig(s, rolls);
  proceed(s);
  if (!cgw.pending(s).includes('Barbarian')) return s;
  return cgw.apply(s, 'Barbarian', cgw.bot!.action(s));
}

const text = (s: State) => [...s.history.flat(), ...s.log].map((e) => e.t ?? '').join('\n');

/** A battle about to start in `at`, as the engine starts it after a move. */
function battle(s0: State, at: string, attacker: 'Roman' | 'Barbarian', from: string, extra: Partial<State['fights'][string]> = {}): State {
  const s = structuredClone(s0);
  s.current = { side: attacker, type: 'movement', card: 'leuci', ap: 1, groups: [], offMapGroups: 0, offMapMoved: 0, groupsLeft: 0, only: null, revolt: null, leader: null, navalPaid: [], naval: {} };
  s.fights[at] = { attacker, main: from as never, via: 'land', reserves: [], wasNeutral: false, ...extra };
  s.entries[at] = [{ role: attacker, from: from as never }];
  s.tasks = [{ kind: 'battles', chooser: attacker }, { kind: 'attrition' }, { kind: 'end-round' }];
  s.step = 'idle';
  return s;
}

function open(s: State, at: string, chooser: 'Roman' | 'Barbarian' = 'Roman'): State {
  beginBattle(s, at as never, chooser, false);
  return s;
}

/** The bot's own choice at the current step, among the real legal actions. */
const botChoice = (s: State): Action => decide(s, STEPS[s.step].actions(s, 'Barbarian'));

/** Plays the Roman by a fixed rule (first legal action but 'done' when he may still move on) up to `until`. */
function playUntil(s: State, until: (s: State) => boolean, limit = 5_000): State {
  for (let k = 0; k < limit && !until(s) && !cgw.outcome(s); k++) {
    const role = cgw.pending(s)[0]!;
    if (role === 'Barbarian') s = cgw.apply(s, role, cgw.bot!.action(s));
    else {
      const l = cgw.legalActions(s, role);
      s = cgw.apply(s, role, l[(k * 7) % l.length]!);
    }
  }
  return s;
}

t.test('CGW-167 only the Roman is dealt; he plays first, then the top card is revealed for the bot', async (t) => {
  const s0 = cgw.setup('5'.repeat(64), { solitaire: true });
  t.equal(s0.hand.Roman.length, 4, 'turn 1: 4 cards to the Roman');
  t.equal(s0.hand.Barbarian.length, 0, 'the bot has no hand');
  t.same(cgw.pending(s0), ['Roman'], 'the Roman plays first');
  t.same(cgw.legalActions(s0, 'Barbarian'), [], 'the bot has nothing to do yet');
  const s2 = playUntil(s0, (s) => s.turn === 2 && s.step === 'play');
  t.equal(s2.turn, 2);
  t.equal(s2.hand.Roman.length, 5, 'turn 2: 5 cards');
  const s3 = playUntil(s2, (s) => s.turn === 3);
  const turn2 = s3.history[2]!.map((e) => e.t ?? '').filter((x) => /^Card play \d+: the Roman plays|^The bot reveals/.test(x));
  t.equal(turn2.length, 10, '5 Roman cards and 5 bot cards');
  turn2.forEach((line, k) => t.match(line, k % 2 === 0 ? /the Roman plays/ : /The bot reveals/, 'alternating, the Roman first'));
});

t.test('CGW-168 CGW-169 a neutral area card with fewer than 2 activations: Neutral Tribe Activation', async (t) => {
  const s = botPlays(solo(), 'mandubii');
  t.equal(where(s, 'mandubii').owner, 'Barbarian');
  t.equal(where(s, 'senones').owner, 'Barbarian');
  t.equal(s.activations.Barbarian, 1);
  t.equal(s.activated.Barbarian.includes('mandubii'), true, 'the card goes to the activation pile');
});

t.test('CGW-169 the third neutral area card of the year becomes a Political Action', async (t) => {
  const s0 = solo();
  s0.activations.Barbarian = 2;
  const s = botPlays(s0, 'aedui');
  t.match(text(s), /Political Action on Aedui/);
  t.equal(s.activations.Barbarian, 2);
});

t.test('CGW-170 political action on the Roman-held card area: -1 for the card, +1 for Roman units', async (t) => {
  const base = solo({ Roman: { sequani: ['sequani', 'legio-VII'] } });
  const fail = botPlays(base, 'sequani', [3]);
  t.match(text(fail), /Political Action on Sequani: rolls 3 against 2: failure/);
  t.equal(where(fail, 'sequani').owner, 'Roman');
  const ok = botPlays(base, 'sequani', [2]);
  t.match(text(ok), /Political Action on Sequani: rolls 2 against 2: success/);
  t.equal(where(ok, 'sequani').owner, 'Barbarian');
});

t.test('CGW-170 CGW-171 a natural 1 always succeeds (random target after the card area lost its tribes)', async (t) => {
  // Leuci (1 AP) was the bot's and died this turn: the Random Tribe Selection table picks Boii
  // (2d6 = 6, 1d6 = 2), where a legion stands (+1).
  const base = solo({ Roman: { boii: ['legio-VII'] }, neutral: { boii: ['boii', 'helvii'] }, off: { eliminated: ['leuci'] } });
  base.solo!.killedOwner.leuci = 'Barbarian';
  const one = botPlays(base, 'leuci', [3, 3, 2, 1]);
  t.match(text(one), /Political Action on Boii \+ Helvii: rolls 1 \+1 against 1: success/);
  t.equal(where(one, 'boii').owner, 'Barbarian');
  const two = botPlays(base, 'leuci', [3, 3, 2, 2]);
  t.match(text(two), /Political Action on Boii \+ Helvii: rolls 2 \+1 against 1: failure/);
});

t.test('CGW-171 the Roman-held card area whose tribes died this turn: Germania is activated', async (t) => {
  const base = solo({ off: { eliminated: ['aedui'] } });
  base.solo!.killedOwner.aedui = 'Roman';
  const s = botPlays(base, 'aedui');
  t.match(text(s), /The bot attacks .* from Germania/);
  t.notMatch(text(s), /Political Action/);
});

t.test('CGW-172 the Helvetii card after the Helvetii were eliminated', async (t) => {
  const base = solo({ neutral: { helvetii: ['nantuates'] }, off: { eliminated: ['helvetii'] } });
  const germania = botPlays(base, 'helvetii', [3]);
  t.match(text(germania), /The bot rolls 3 \(Helvetii card/);
  t.match(text(germania), /from Germania/);
  const nantuates = botPlays(base, 'helvetii', [6, 1]);
  t.match(text(nantuates), /Political Action on Helvetii/);
  t.equal(where(nantuates, 'nantuates').owner, 'Barbarian');
});

t.test('CGW-173 the Britannia card with no bot leader in a Britannicus port', async (t) => {
  // Britannia neutral but both activations of the year used: the Political Action step, where the exception applies.
  const used = solo();
  used.activations.Barbarian = 2;
  const s = botPlays(used, 'britannia', [5, 5, 5, 2, 6]);
  t.match(text(s), /The bot rolls 5 \(Britannia card\)/);
  t.match(text(s), /Political Action on Bellovaci/, '2d6 = 10: Belgica; 1d6 = 2: Bellovaci');
  const g = botPlays(used, 'britannia', [4]);
  t.match(text(g), /from Germania/, '1-4: Germania');
});

t.test('CGW-168 CGW-169 CGW-173 a neutral Britannia card with fewer than 2 activations is a Neutral Tribe Activation, not the Britannia exception', async (t) => {
  const s = botPlays(solo(), 'britannia', [4]);
  t.same([where(s, 'belgae').owner, where(s, 'cantiaci').owner], ['Barbarian', 'Barbarian'], 'Belgae and Cantiaci join the bot');
  t.equal(s.activations.Barbarian, 1);
  t.notMatch(text(s), /Britannia card/, 'no roll for the exception');
  // Held by the bot, the card activates Britannia (3a); it can attack nobody by sea, so the Germans go (3b).
  const held = botPlays(solo({ Barbarian: { britannia: ['belgae', 'cantiaci'] } }), 'britannia');
  t.notMatch(text(held), /Britannia card/, 'no roll for the exception');
  t.notMatch(text(held), /from Britannia/, 'no attack from Britannia across the sea');
  t.match(text(held), /The bot attacks .* from Germania/);
});

t.test('CGW-174 the bot attacks from its own area: a one-block area, the Roman first', async (t) => {
  const base = solo({ clear: true, Barbarian: { sequani: ['sequani'] }, Roman: { leuci: ['legio-VII'] }, neutral: { mandubii: ['mandubii', 'senones'] } });
  const s = botPlays(base, 'sequani');
  t.equal(where(s, 'sequani').loc, 'leuci', 'Sequani attacks the single legion in Leuci');
  t.match(text(s), /The bot attacks Leuci from Sequani/);
  // No Roman or neutral area next to it at all: the Germans are activated instead (3b).
  const alone = solo({ clear: true, Barbarian: { sequani: ['sequani'], germania: ['marcomanni', 'tencteri'] }, neutral: { mediomatrici: ['mediomatrici'] } });
  const g = botPlays(alone, 'sequani');
  t.equal(where(g, 'sequani').loc, 'sequani');
  t.match(text(g), /The bot attacks Mediomatrici from Germania/);
});

t.test('CGW-175 Germania: 3b two groups, 3c one, 3f a modified Baggage Train', async (t) => {
  const three = botPlays(solo({ Barbarian: { germania: ['ariovistus:1', 'marcomanni', 'tencteri', 'usipetes'] } }), 'germania');
  const moved = ['marcomanni', 'tencteri', 'usipetes'].filter((id) => where(three, id).loc !== 'germania');
  t.equal(moved.length, 2, '3c: two of the three strong Germans attack');
  t.equal(where(three, moved[0]!).loc, where(three, moved[1]!).loc, 'one area');
  t.equal(where(three, 'ariovistus').loc, 'germania', 'Ariovistus at 1 stays');
  const four = botPlays(solo({ Barbarian: { germania: ['ariovistus', 'marcomanni', 'tencteri', 'usipetes'] } }), 'germania');
  const dest = ['ariovistus', 'marcomanni', 'tencteri', 'usipetes'].map((id) => where(four, id).loc);
  t.equal(new Set(dest).size, 2, '3b: two different areas');
  for (const d of new Set(dest)) t.equal(dest.filter((x) => x === d).length, 2, 'two blocks each');
  const weak = botPlays(solo({ Barbarian: { germania: ['ariovistus:1', 'marcomanni:1', 'tencteri:2'] }, off: { aside: ['usipetes'] } }), 'germania');
  t.same(['ariovistus', 'marcomanni', 'tencteri'].map((id) => where(weak, id).str), [2, 2, 3], '3f: every German in Germania gains a step');
  // 3d: fewer than two strong Germans at home, two in a tribal area: that area is activated.
  const away = solo({ clear: true, Barbarian: { leuci: ['marcomanni', 'tencteri'], germania: ['usipetes:1'] }, Roman: { sequani: ['legio-VII'] } });
  const d = botPlays(away, 'germania');
  t.match(text(d), /The bot activates Leuci instead of Germania \(3d\)/);
  t.equal(where(d, 'marcomanni').loc, 'sequani');
});

t.test('CGW-176 3e two-block targets; 3g with no target: political action or the Germans fall back', async (t) => {
  const e = botPlays(solo({ clear: true, Barbarian: { sequani: ['sequani', 'marcomanni'] }, Roman: { leuci: ['legio-VII', 'legio-VIII'] } }), 'sequani');
  t.equal(where(e, 'sequani').loc, 'leuci', '3e: two blocks attack the two-block area');
  const base = solo({
    clear: true,
    Barbarian: { germania: ['marcomanni', 'tencteri'], leuci: ['leuci'] },
    Roman: { mediomatrici: ['legio-VII', 'legio-VIII', 'legio-IX'] },
    neutral: { aedui: ['aedui'] },
  });
  const back = botPlays(base, 'germania', [5]);
  t.match(text(back), /The bot rolls 5 \(no target of one or two blocks\)/);
  t.equal(where(back, 'marcomanni').loc, 'leuci', 'to the bot-held Rhine area next to the Roman');
  t.equal(where(back, 'tencteri').loc, 'leuci');
  const pol = botPlays(base, 'germania', [2]);
  t.match(text(pol), /Political Action on/);
});

t.test('CGW-177 a river stops the force: 2 random units attack; losses outside home first', async (t) => {
  const base = solo({ clear: true, Barbarian: { sequani: ['sequani', 'marcomanni', 'tencteri', 'usipetes'] }, Roman: { aedui: ['legio-VII'] } });
  const s = botPlays(base, 'sequani');
  const ids = ['sequani', 'marcomanni', 'tencteri', 'usipetes'];
  t.equal(ids.filter((id) => where(s, id).loc === 'aedui').length, 2, 'the blue border lets 2 cross');
  t.equal(ids.filter((id) => where(s, id).loc === 'sequani').length, 2, 'the rest stay');
  // Hits among equally strong units: the one away from home first.
  const h = solo({ clear: true, Barbarian: { sequani: ['sequani:2', 'aedui:2'] }, Roman: { sequani: ['legio-VII'] } });
  h.step = 'hits';
  for (let k = 0; k < 5; k++) t.equal(decide(h, [{ type: 'hit', block: 'sequani' }, { type: 'hit', block: 'aedui' }]).block, 'aedui');
  // Ariovistus attacks first, so he subdues the neutral tribes.
  const ario = botPlays(solo({ clear: true, Barbarian: { sequani: ['sequani', 'ariovistus'] }, neutral: { leuci: ['leuci'] } }), 'sequani');
  t.equal(where(ario, 'leuci').owner, 'Barbarian', 'Ariovistus subdued Leuci');
});

t.test('CGW-178 Baggage Train with every German gone and Vercingetorix in play: a raid', async (t) => {
  const base = solo({ supply: 10, Barbarian: { arverni: ['vercingetorix'] }, off: { removed: ['ariovistus', 'marcomanni', 'tencteri', 'usipetes'] } });
  const s = botPlays(base, 'baggage-train');
  t.equal(s.supply, 9, 'the Roman loses the card value (1)');
  t.equal(s.raids, 1);
  base.raids = 1;
  const after = botPlays(base, 'baggage-train');
  t.equal(after.supply, 10, 'a raid was made this year: no second one');
});

t.test('CGW-179 Minor and Major Revolt', async (t) => {
  const base = solo({ clear: true, neutral: { aedui: ['aedui'], boii: ['boii', 'helvii'] } });
  const major = botPlays(base, 'major-revolt', [4, 3, 3, 1]);
  t.equal(where(major, 'dumnorix').loc, 'aedui', 'Dumnorix in Aedui');
  t.equal(major.leaderHome.dumnorix, 'aedui');
  t.equal(where(major, 'aedui').owner, 'Barbarian');
  t.equal(where(major, 'boii').owner, 'Barbarian', 'then Boii, the adjacent area');
  const g = botPlays(solo(), 'major-revolt', [2]);
  t.match(text(g), /from Germania/, '1-2: Germania');
  const minor = botPlays(base, 'minor-revolt-1', [5, 3, 3, 1]);
  t.equal(where(minor, 'aedui').owner, 'Barbarian', 'Minor: Aedui revolts');
  t.equal(where(minor, 'dumnorix').loc, 'aside', 'no leader');
});

t.test('CGW-180 Massive Revolt from turn 6: Vercingetorix rises (Home Area table)', async (t) => {
  const s = botPlays(solo({ turn: 6 }), 'massive-revolt', [3, 4]);
  t.match(text(s), /Vercingetorix rises in Arverni/, '2d6 = 7: Arverni');
  t.equal(s.leaderHome.vercingetorix, 'arverni');
  t.ok(['arverni', 'volcae', 'aedui', 'bituriges', 'boii', 'cadurci', 'santones'].includes(where(s, 'vercingetorix').loc), 'he is home, or attacked next door');
  t.equal(where(s, 'arverni').owner, 'Barbarian');
  t.equal(s.massiveRevoltPlayed, true);
  const joined = ['aedui', 'bituriges', 'boii', 'cadurci', 'santones', 'volcae'].filter((a) => where(s, a).owner === 'Barbarian');
  t.equal(joined.length, 2, 'two adjacent areas join');
  const early = botPlays(solo({ turn: 5 }), 'massive-revolt', [4]);
  t.equal(where(early, 'vercingetorix').loc, 'aside', 'turns 1-5: a Major Revolt');
  t.equal(early.massiveRevoltPlayed, false, 'and the card stays in the game');
});

t.test('CGW-181 Vercingetorix takes Germania\'s activation on 1-3 and raids', async (t) => {
  const s = botPlays(solo({ supply: 6, Barbarian: { arverni: ['vercingetorix'] } }), 'germania', [2]);
  t.equal(s.supply, 3, 'a raid of the Germania card\'s 3');
  const g = botPlays(solo({ supply: 6, Barbarian: { arverni: ['vercingetorix'] } }), 'germania', [4]);
  t.equal(g.supply, 6);
  t.match(text(g), /from Germania/);
  // Raid made: he attacks an adjacent Roman area he at least matches.
  const atk = solo({ clear: true, supply: 6, Barbarian: { arverni: ['vercingetorix', 'arverni'] }, Roman: { volcae: ['legio-VII'] } });
  atk.raids = 1;
  const a = botPlays(atk, 'germania');
  t.equal(where(a, 'vercingetorix').loc, 'volcae');
});

t.test('CGW-182 turn 7: the Massive Revolt set aside, the bot plays it first', async (t) => {
  let s = solo({ turn: 7 });
  s.hand.Roman = [];
  startTurn(s);
  proceed(s);
  t.same(cgw.pending(s), ['Barbarian'], 'the bot plays first');
  s = cgw.apply(s, 'Barbarian', cgw.bot!.action(s));
  const log = text(s);
  t.match(log, /Massive Revolt is set aside/);
  t.equal(s.deck.length + s.hand.Roman.length, 32, 'the deck had 32 cards');
  t.match(log.split('\n').find((x) => x.startsWith('The bot reveals'))!, /Massive Revolt/);
  t.equal(s.massiveRevoltPlayed, true);
});

t.test('CGW-183 Dumnorix at the start of turn 5, Ambiorix at turn 6', async (t) => {
  const s = solo({ turn: 5 });
  s.hand.Roman = [];
  startTurn(s);
  const d = where(s, 'dumnorix');
  t.equal(d.owner, 'Barbarian');
  t.equal(s.leaderHome.dumnorix, d.loc);
  t.equal(where(s, d.loc).owner ?? 'Barbarian', 'Barbarian');
  const s6 = solo({ turn: 6 });
  s6.hand.Roman = [];
  startTurn(s6);
  t.equal(where(s6, 'ambiorix').owner, 'Barbarian');
  t.equal(s6.leaderHome.ambiorix, where(s6, 'ambiorix').loc);
});

t.test('CGW-184 solitaire regroup: one unit goes back to an area conquered this turn', async (t) => {
  const s = solo({ clear: true, Barbarian: { mediomatrici: ['marcomanni', 'tencteri'] }, off: { eliminated: ['leuci'] } });
  s.step = 'regroup';
  s.regroup = { area: 'mediomatrici', role: 'Barbarian', counts: {}, seaCounts: {}, winter: false };
  s.solo!.origins = { marcomanni: 'leuci', tencteri: 'leuci' };
  const options: Action[] = [{ type: 'regroup', block: 'marcomanni', to: 'leuci' }, { type: 'regroup', block: 'tencteri', to: 'leuci' }, { type: 'done' }];
  t.equal(decide(s, options).type, 'regroup', 'one unit back to Leuci');
  t.equal(decide(s, options).type, 'done', 'only one');
  const held = solo({ clear: true, Barbarian: { leuci: ['leuci'], mediomatrici: ['marcomanni'] } });
  held.step = 'regroup';
  held.solo!.origins = { marcomanni: 'leuci' };
  t.equal(decide(held, [{ type: 'regroup', block: 'marcomanni', to: 'leuci' }, { type: 'done' }]).type, 'done', 'from a fully held area: they stay');
});

t.test('CGW-185 reinforcing battles instead of reserves', async (t) => {
  const spec = (legion: string) =>
    solo({ clear: true, Roman: { sequani: [`legio-VII:${legion}`, `legio-VIII:${legion}`] }, Barbarian: { sequani: ['sequani'], mandubii: ['mandubii', 'marcomanni'] } });
  const help = open(rig(battle(spec('3'), 'sequani', 'Roman', 'leuci'), [3]), 'sequani');
  t.equal(where(help, 'mandubii').loc, 'sequani', 'roll 3: Mandubii sends its 2 units');
  t.equal(where(help, 'marcomanni').loc, 'sequani');
  t.ok(help.battle!.reserves.includes('marcomanni'), 'they come as reserves');
  const none = open(rig(battle(spec('3'), 'sequani', 'Roman', 'leuci'), [4]), 'sequani');
  t.equal(where(none, 'marcomanni').loc, 'mandubii', 'roll 4: no help');
  const twoToOne = open(rig(battle(spec('4'), 'sequani', 'Roman', 'leuci'), [1]), 'sequani');
  t.equal(where(twoToOne, 'marcomanni').loc, 'mandubii', '8 against 4 is 2:1: no help');
  // A leader among the helpers: -1, so a 4 brings help; the log names neither the roll nor the leader.
  const led = solo({ clear: true, Roman: { sequani: ['legio-VII:3', 'legio-VIII:3'] }, Barbarian: { sequani: ['sequani'], mandubii: ['mandubii', 'dumnorix'] } });
  const withLeader = open(rig(battle(led, 'sequani', 'Roman', 'leuci'), [4]), 'sequani');
  t.equal(where(withLeader, 'dumnorix').loc, 'sequani', 'roll 4 -1 with a leader: help comes');
  t.notMatch(text(withLeader), /roll|leader|Dumnorix \(/, 'the log tells neither the roll nor where a leader stood');
  const wasNeutral = open(rig(battle(spec('3'), 'sequani', 'Roman', 'leuci', { wasNeutral: true }), [1]), 'sequani');
  t.equal(where(wasNeutral, 'marcomanni').loc, 'mandubii', 'never into an area neutral before the attack');
  // The Roman: up to 2 legions from one adjacent area, 1 supply each.
  const r = solo({ clear: true, supply: 5, Roman: { leuci: ['legio-VII'], mandubii: ['legio-VIII', 'legio-IX', 'legio-X'] }, Barbarian: { germania: ['marcomanni'] } });
  let s = open(battle(r, 'leuci', 'Barbarian', 'germania'), 'leuci', 'Barbarian');
  t.equal(s.step, 'respond');
  t.same(legal(s, 'Roman', 'respond').map((a) => a.block).sort(), ['legio-IX', 'legio-VIII', 'legio-X']);
  s = cgw.apply(s, 'Roman', { type: 'respond', block: 'legio-VIII' });
  s = cgw.apply(s, 'Roman', { type: 'respond', block: 'legio-IX' });
  t.equal(s.supply, 3, '1 supply per legion');
  t.equal(where(s, 'legio-X').loc, 'mandubii', 'two at most');
  t.not(s.step, 'respond');
});

t.test('CGW-185 the bot reinforces from any adjacent area holding its units, not only from areas it controls', async (t) => {
  // Mandubii's own tribes are gone, so nobody controls the area, but the bot's Aedui and Marcomanni stand there.
  const spec = solo({ clear: true, Roman: { sequani: ['legio-VII:3', 'legio-VIII:3'] }, Barbarian: { sequani: ['sequani'], mandubii: ['aedui', 'marcomanni'] } });
  const help = open(rig(battle(spec, 'sequani', 'Roman', 'leuci'), [3]), 'sequani');
  t.same([where(help, 'aedui').loc, where(help, 'marcomanni').loc], ['sequani', 'sequani'], 'roll 3: both come from Mandubii');
  t.same(help.battle!.reserves.slice().sort(), ['aedui', 'marcomanni'], 'as reserves');
  const none = open(rig(battle(spec, 'sequani', 'Roman', 'leuci'), [4]), 'sequani');
  t.equal(where(none, 'aedui').loc, 'mandubii', 'roll 4: no help');
});

t.test('CGW-186 bot attackers retreat when the defenders are stronger; the biggest attack first', async (t) => {
  const s = solo({ clear: true, Roman: { leuci: ['legio-VII:3', 'legio-VIII:2'] }, Barbarian: { leuci: ['marcomanni:2', 'tencteri:2'] } });
  const b = open(battle(s, 'leuci', 'Barbarian', 'germania'), 'leuci', 'Barbarian');
  let x = b;
  while (x.step === 'battle' && cgw.pending(x)[0] === 'Roman') x = cgw.apply(x, 'Roman', { type: 'pass', block: legal(x, 'Roman', 'pass')[0]!.block });
  t.equal(x.step, 'battle');
  const a = botChoice(x);
  t.equal(a.type, 'retreat', '4 against 5 in the field: retreat');
  t.equal(a.to, 'germania');
  const even = solo({ clear: true, Roman: { leuci: ['legio-VII:2', 'legio-VIII:2'] }, Barbarian: { leuci: ['marcomanni:2', 'tencteri:2'] } });
  let y = open(battle(even, 'leuci', 'Barbarian', 'germania'), 'leuci', 'Barbarian');
  while (y.step === 'battle' && cgw.pending(y)[0] === 'Roman') y = cgw.apply(y, 'Roman', { type: 'pass', block: legal(y, 'Roman', 'pass')[0]!.block });
  t.equal(botChoice(y).type, 'fire', '4 against 4: fight');
  const choose = solo({ clear: true, Roman: { leuci: ['legio-VII'], sequani: ['legio-VIII'] }, Barbarian: { leuci: ['marcomanni'], sequani: ['tencteri', 'usipetes'] } });
  choose.step = 'battle-choose';
  t.same(decide(choose, [{ type: 'battle', area: 'leuci' }, { type: 'battle', area: 'sequani' }]), { type: 'battle', area: 'sequani' });
});

t.test('CGW-187 bot defence: home to the death, away against 2:1 retreat, Germans in Germania withdraw', async (t) => {
  const g = (legions: string[]) => solo({ clear: true, Roman: { germania: legions }, Barbarian: { germania: ['marcomanni', 'tencteri', 'usipetes'] } });
  const fight = open(battle(g(['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X']), 'germania', 'Roman', 'leuci'), 'germania');
  t.equal(fight.step, 'withdraw');
  t.equal(botChoice(fight).type, 'done', '16 against 9: they fight');
  const ww = open(battle(g(['legio-VII', 'legio-VIII', 'legio-IX', 'legio-X:3', 'legio-XI:3']), 'germania', 'Roman', 'leuci'), 'germania');
  t.equal(botChoice(ww).type, 'withdraw', '18 against 9: withdraw');
  // Away from home against 2:1: retreat; at home: fire.
  const away = solo({ clear: true, Roman: { leuci: ['legio-VII', 'legio-VIII'] }, Barbarian: { leuci: ['aedui:2', 'leuci:2'], mandubii: ['mandubii'] } });
  let s = open(battle(away, 'leuci', 'Roman', 'sequani'), 'leuci');
  t.equal(s.step, 'battle');
  const seen = new Map<string, string>();
  for (let k = 0; k < 8 && s.step === 'battle'; k++) {
    const role = cgw.pending(s)[0]!;
    if (role === 'Roman') {
      s = cgw.apply(s, 'Roman', { type: 'pass', block: legal(s, 'Roman', 'pass')[0]!.block });
      continue;
    }
    const a = botChoice(s);
    seen.set(String(a.block), a.type);
    s = structuredClone(s);
    STEPS.battle.apply(s, 'Barbarian', a);
    proceed(s);
  }
  t.equal(seen.get('aedui'), 'retreat', 'Aedui, away from home, retreats against 8 to 4');
  t.equal(seen.get('leuci'), 'fire', 'Leuci fights at home');
  // At home against 2:1 with a fort: the strongest goes in.
  const fort = solo({ clear: true, Roman: { arverni: ['legio-VII', 'legio-VIII'] }, Barbarian: { arverni: ['arverni:2'] } });
  const f = open(battle(fort, 'arverni', 'Roman', 'volcae'), 'arverni');
  t.equal(f.step, 'fort');
  t.same(botChoice(f), { type: 'fort', blocks: ['arverni'] });
});

t.test('CGW-188 solitaire winter: Ariovistus stays on 1-3 unless a poor harvest or he wintered out', async (t) => {
  const winter = (garrison: number, wintered: boolean, rolls: number[]) => {
    let s = solo({ clear: true, Barbarian: { sequani: ['ariovistus', 'marcomanni', 'tencteri'] } });
    s.step = 'winter-barbarian';
    s.wintering = [];
    s.garrison = garrison;
    s.ariovistusWintered = wintered;
    s = rig(s, rolls);
    for (let k = 0; k < 10; k++) {
      const a = botChoice(s);
      STEPS['winter-barbarian'].apply(s, 'Barbarian', a);
      if (a.type === 'done') break;
    }
    return s;
  };
  const stay = winter(2, false, [2]);
  t.notMatch(text(stay), /rolls/, 'the roll is not logged (it would tell which block is Ariovistus)');
  t.equal(where(stay, 'ariovistus').loc, 'sequani', 'roll 2: he stays');
  t.equal(['marcomanni', 'tencteri'].filter((id) => where(stay, id).loc === 'sequani').length, 1, 'with 1 German (garrison 2)');
  t.equal(where(winter(2, false, [5]), 'ariovistus').loc, 'germania', 'roll 5: home');
  t.equal(where(winter(1, false, [1]), 'ariovistus').loc, 'germania', 'poor harvest: home');
  t.equal(where(winter(2, true, [1]), 'ariovistus').loc, 'germania', 'wintered out last year: home');
});

t.test('CGW-189 the Random Tribe Selection table and its bounded rerolls', async (t) => {
  const s = solo();
  t.equal(randomTribe(rig(s, [3, 3, 6, 3]), () => true), 'allobroges', '2d6 = 6, 1d6 = 6, then 3: Allobroges');
  t.equal(randomTribe(rig(s, [3, 3, 6, 4]), () => true), 'helvetii', 'then 4: Helvetii');
  t.equal(randomTribe(rig(s, [1, 1, 1]), () => true), 'tarbelli', '2: Aquitania, 1: Tarbelli');
  t.equal(randomTribe(rig(s, [6, 6, 6]), () => true), 'treveri', '12: Belgica, 6: Treveri');
  t.equal(randomTribe(structuredClone(s), () => false), null, 'no valid area: no endless loop');
  t.equal(randomTribe(structuredClone(s), (a) => a === 'volcae'), 'volcae', 'one valid area is found');
});
