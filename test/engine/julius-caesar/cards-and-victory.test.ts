// Checklist items 1-35: 1.2 Victory, 2.0-2.1 game turns and the Card Phase (Apollo included),
// 2.2 / 6.0 the Command Phase order and 2.3 the Battle Phase order. Positions come from the
// helper's position builder and are played forward with real actions; winter checks are reached by
// finishing turn 5 of a Year, so the engine itself runs 8.1 and 8.2.

import t from 'tap';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import { CITIES } from '../../../src/engine/julius-caesar/data/map.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { leadersKilled, occupancy, status } from '../../../src/engine/julius-caesar/state.js';
import { scores } from '../../../src/engine/julius-caesar/victory.js';
import {
  act,
  blockIndex,
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
  type Spec,
  type State,
} from './helpers.js';
import { testSeed } from '../../helpers/seeds.js';

const ROLES: Role[] = ['Caesar', 'Pompey'];
const cardData = new Map(CARDS.map((c) => [c.id, c]));
const logOf = (s: State, role: Role | null = null) => viewOf(s, role).log;
const vpLine = (c: number, p: number) => `Victory check: Caesar ${c} VP, Pompey ${p} VP.`;

/** Turn 5 of `year` (default 705): both play their last card and finish at once, so the Winter Turn begins. */
function winter(spec: Spec = {}): State {
  let s = position({ ...spec, year: spec.year ?? 705, turn: 5 });
  s = play(s, { Caesar: s.hand.Caesar[0]!, Pompey: s.hand.Pompey[0]! });
  while (s.step === 'command') s = done(s, s.cmd!.role);
  return s;
}

/** 0 for a command card, then the God cards, Jupiter and Vulcan last (they change the board). */
function rank(c: string): number {
  const d = cardData.get(c)!;
  if (d.kind === 'command') return 0;
  return d.god === 'Vulcan' ? 3 : d.god === 'Jupiter' ? 2 : 1;
}

/**
 * A player who does nothing: discards his most disruptive God card, plays command cards first,
 * ends every command at once, passes in battle, never regroups or disbands by choice.
 */
function quietAction(s: State, role: Role): Action {
  const la = jc.legalActions(s, role);
  const by = (f: (a: Action) => number) => [...la].sort((a, b) => f(a) - f(b))[0]!;
  switch (s.step) {
    case 'discard':
      return by((a) => -rank(a.card as string));
    case 'cards':
      return by((a) => rank(a.card as string));
    case 'command':
    case 'regroup':
    case 'winter-disband':
      return { type: 'done' };
    case 'battle':
      return la.find((a) => a.type === 'pass') ?? la[0]!;
    default:
      return la[0]!;
  }
}

/** Plays quietly until `stop` holds. */
function quiet(s: State, stop: (s: State) => boolean): State {
  for (let n = 0; !stop(s); n++) {
    const p = pending(s) as Role[];
    if (p.length === 0 || n > 5000) throw new Error(`quiet: stuck at ${s.step} (${s.year}, turn ${s.turn})`);
    s = jc.apply(s, p[0]!, quietAction(s, p[0]!));
  }
  return s;
}

/** Resolves a pending regroup by declining it. */
function noRegroup(s: State): State {
  return s.step === 'regroup' ? done(s, s.regroup!.role) : s;
}

// ---- 1.2 Victory ----------------------------------------------------------------------------

t.test('JC-1 VP = values of Friendly cities + 1 per enemy leader killed', (t) => {
  // JC-1 (P-Scipio is written in as killed: a trophy taken earlier in 706)
  const cities = { Rome: ['C-L17'], Massilia: ['C-L11'], Athena: ['C-L20'], Genua: ['C-L12'] };
  let s = winter({ year: 706, Caesar: cities, Pompey: { Alexandria: ['P-L38'], Utica: ['P-L39'] }, killed: ['P-Scipio'] });
  t.equal(s.turn, 6, 'the Winter Turn of 706 has begun');
  t.ok(logOf(s).includes(vpLine(5, 3)), 'Caesar 2+1+1+0+1 (Scipio) = 5; Pompey 2+1 = 3');
  t.equal(s.result, null, 'nobody wins with 5 VP in 706');
  // Without the trophy, the same board scores 4 for Caesar.
  s = winter({ year: 706, Caesar: cities, Pompey: { Alexandria: ['P-L38'], Utica: ['P-L39'] } });
  t.ok(logOf(s).includes(vpLine(4, 3)));
  // A Contested city scores for nobody (only Friendly cities count).
  const mid = position({ Caesar: { Rome: ['C-L17'], Utica: ['C-L8'] }, Pompey: { Utica: ['P-L39'], Alexandria: ['P-L38'] } });
  t.same(scores(mid), { Caesar: 2, Pompey: 2 });
  t.end();
});

t.test('JC-2 VP are checked only at the Winter Turn, never during a Year', (t) => {
  // JC-2: 10 VP in turn 3 of 705 do not end the game.
  const tenVp = {
    Rome: ['C-L17'],
    Alexandria: ['C-L8'],
    Massilia: ['C-L11'],
    Tarraco: ['C-L7'],
    'Carthago Nova': ['C-L9'],
    Utica: ['C-L10'],
    Syracuse: ['C-L19'],
    Athena: ['C-L20'],
  };
  let s = position({ year: 705, turn: 3, Caesar: tenVp, Pompey: { Antioch: ['CLEO', 'P-L34'] } });
  t.same(scores(s), { Caesar: 10, Pompey: 1 });
  s = play(s, { Caesar: 'K08', Pompey: 'K10' });
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.step, 'cards', 'turn 3 ends with no victory check');
  t.equal(s.turn, 4);
  t.equal(s.result, null);
  t.equal(jc.outcome(s), null);
  t.notOk(logOf(s).some((e) => e.startsWith('Victory check')));
  // Turn 4 and turn 5 pass the same way; only the Winter check counts.
  s = quiet(s, (x) => x.turn === 5 && x.step === 'cards');
  t.equal(s.result, null, 'still no check at the end of turn 4');
  s = quiet(s, (x) => x.step === 'over');
  t.equal(s.turn, 6, 'the check happened in the Winter Turn');
  t.equal(s.result!.winner, 'Caesar');
  t.ok(logOf(s).includes(vpLine(10, 1)));
  t.end();
});

t.test('JC-3 10+ VP at a Winter check wins at once; 8.3-8.6 are not played', (t) => {
  // JC-3: a Navis at sea with several Friendly ports (8.3 would ask) and Rome over its supply
  // limit (8.4 would ask) show that nothing after 8.2 runs.
  const board = (athena: boolean) => ({
    year: 706,
    Caesar: {
      Rome: ['C-Caesar', 'C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L17'],
      Alexandria: ['C-L11', 'CLEO'],
      Massilia: ['C-L12'],
      Tarraco: ['C-L13'],
      'Carthago Nova': ['C-L14'],
      Utica: ['C-L16'],
      Syracuse: ['C-L19'],
      ...(athena ? { Athena: ['C-L20'] } : {}),
      Hispanum: ['C-NAV1'],
    },
    Pompey: { Antioch: ['P-L34'] },
  });
  let s = winter(board(true));
  t.equal(s.step, 'over');
  t.same(jc.outcome(s), { winner: 'Caesar', reason: 'Caesar has 10 VP at the Winter of 706', vp: { Caesar: 10, Pompey: 1 } });
  t.same(pending(s), []);
  const log = logOf(s);
  t.ok(log.includes('8.1 Cleopatra goes home.') && log.includes('8.2 Victory.'));
  t.notOk(log.some((e) => /^8\.[3-6]/.test(e)), 'no step after 8.2 is logged');
  t.equal(where(s, 'C-NAV1').loc, 'Hispanum', 'no Navis to port');
  t.equal(s.loc.filter((l) => l === 'Rome').length, 6, 'no winter supply');
  t.equal(s.year, 706, 'no Year reset');
  t.throws(() => done(s, 'Caesar'), { name: 'RuleError' });
  // With 9 VP (no Athena) the winter goes on to 8.3.
  s = winter(board(false));
  t.ok(logOf(s).includes(vpLine(9, 1)));
  t.equal(s.result, null);
  t.equal(s.step, 'winter-navis');
  t.same(pending(s), ['Caesar']);
  t.end();
});

t.test('JC-4 both players can never have 10 VP at the same check', (t) => {
  // JC-4: random boards: each VP city gets blocks of Caesar, of Pompey, of both or none, and any
  // leaders may be killed.
  const vpCities = CITIES.filter((c) => c.vp > 0).map((c) => c.name);
  const leaders = BLOCKS.filter((b) => b.type === 'leader').map((b) => b.id);
  let x = 12345;
  const rnd = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const base = position();
  let someoneTen = 0;
  for (let k = 0; k < 2000; k++) {
    const s = structuredClone(base);
    const free: Record<Role, number[]> = { Caesar: [], Pompey: [] };
    for (let i = 0; i < BLOCKS.length; i++) {
      s.loc[i] = 'pool';
      s.str[i] = 0;
      if (BLOCKS[i]!.type !== 'leader') free[BLOCKS[i]!.side].push(i);
    }
    for (const city of vpCities) {
      const who = rnd(5); // 0-1 Caesar, 2-3 Pompey, 4 both (Contested); 1 in 6 left Vacant
      if (rnd(6) === 0) continue;
      for (const r of who === 4 ? ROLES : [who < 2 ? 'Caesar' : ('Pompey' as Role)]) {
        const i = free[r].pop()!;
        s.loc[i] = city;
        s.str[i] = 1;
      }
    }
    for (const l of leaders) if (rnd(2) === 0) s.loc[blockIndex(l)] = 'killed';
    const vp = scores(s);
    if (vp.Caesar >= 10 || vp.Pompey >= 10) someoneTen++;
    if (vp.Caesar >= 10 && vp.Pompey >= 10) {
      t.fail(`both at 10+: ${JSON.stringify(vp)}`);
      break;
    }
  }
  t.ok(someoneTen > 0, `boards with a 10-VP player were generated (${someoneTen})`);
  t.end();
});

t.test('JC-5 no 10 VP after Year 5: the player with more VP wins', (t) => {
  // JC-5: Caesar 8 (cities), Pompey 7 (5 cities + 2 trophies).
  let s = winter({
    year: 709,
    Caesar: { Rome: ['C-L17'], Alexandria: ['C-L8', 'CLEO'], Massilia: ['C-L11'], Tarraco: ['C-L7'], 'Carthago Nova': ['C-L9'], Utica: ['C-L10'] },
    Pompey: { Antioch: ['P-L34'], Athena: ['P-L32'], Byzantium: ['P-L35'], Ephesus: ['P-L36'], Syracuse: ['P-L37'] },
    killed: ['C-Antonius', 'C-Octavian'],
  });
  t.equal(s.step, 'over');
  t.equal(s.result!.winner, 'Caesar');
  t.same(s.result!.vp, { Caesar: 8, Pompey: 7 });
  // The other way round: Pompey 8, Caesar 7.
  s = winter({
    year: 709,
    Caesar: { Antioch: ['C-EQ4'], Athena: ['C-L20'], Byzantium: ['C-EQ3'], Ephesus: ['C-L8'], Syracuse: ['C-L19'] },
    Pompey: { Rome: ['P-L1'], Alexandria: ['P-L38'], Massilia: ['P-L3'], Tarraco: ['P-L5'], 'Carthago Nova': ['P-L2'], Utica: ['P-L39'] },
    killed: ['P-Pompey', 'P-Scipio'],
  });
  t.equal(s.result!.winner, 'Pompey');
  t.same(s.result!.vp, { Caesar: 7, Pompey: 8 });
  // Before Year 5 the same lead decides nothing.
  s = winter({ year: 708, Caesar: { Rome: ['C-L17'] }, Pompey: { Utica: ['P-L39'] } });
  t.equal(s.result, null);
  t.end();
});

t.test('JC-6 tied VP after Year 5: the player holding Rome wins', (t) => {
  // JC-6: 6-6, one Pompey block in Rome.
  let s = winter({
    year: 709,
    Caesar: { Massilia: ['C-L11'], Tarraco: ['C-L7'], 'Carthago Nova': ['C-L9'], Syracuse: ['C-L19'], Athena: ['C-L20'], Byzantium: ['C-EQ3'] },
    Pompey: { Rome: ['P-L1'], Alexandria: ['P-L38'], Antioch: ['P-L34'], Utica: ['P-L39'] },
  });
  t.same(s.result!.vp, { Caesar: 6, Pompey: 6 });
  t.equal(s.result!.winner, 'Pompey');
  // 6-6 with a Caesar block in Rome: Caesar wins.
  s = winter({
    year: 709,
    Caesar: { Rome: ['C-L17'], Massilia: ['C-L11'], Tarraco: ['C-L7'], 'Carthago Nova': ['C-L9'], Syracuse: ['C-L19'] },
    Pompey: { Alexandria: ['P-L38'], Antioch: ['P-L34'], Utica: ['P-L39'], Athena: ['P-L32'], Byzantium: ['P-L35'] },
  });
  t.same(s.result!.vp, { Caesar: 6, Pompey: 6 });
  t.equal(s.result!.winner, 'Caesar');
  t.end();
});

t.test('JC-7 tied VP after Year 5 with Rome Vacant: a draw', (t) => {
  // JC-7: 6-6 (Pompey 5 + Antonius killed), Rome empty.
  const s = winter({
    year: 709,
    Caesar: { Massilia: ['C-L11'], Tarraco: ['C-L7'], 'Carthago Nova': ['C-L9'], Syracuse: ['C-L19'], Athena: ['C-L20'], Byzantium: ['C-EQ3'] },
    Pompey: { Alexandria: ['P-L38'], Antioch: ['P-L34'], Utica: ['P-L39'], Ephesus: ['P-L36'] },
    killed: ['C-Antonius'],
  });
  t.equal(s.step, 'over');
  t.equal(status(occupancy(s), 'Rome', 'Caesar'), 'vacant');
  t.same(jc.outcome(s)!.vp, { Caesar: 6, Pompey: 6 });
  t.equal(jc.outcome(s)!.winner, null, 'a draw');
  t.end();
});

t.test('JC-8 the Winter of 709 ends the game at 8.2', (t) => {
  // JC-8: 5-4; a Navis at sea with three Friendly ports would otherwise be asked about at 8.3.
  const board = (year: number) =>
    winter({
      year,
      Caesar: { Massilia: ['C-L11'], Tarraco: ['C-L7'], 'Carthago Nova': ['C-L9'], Athena: ['C-L20'], Byzantium: ['C-EQ3'], Hispanum: ['C-NAV1'] },
      Pompey: { Alexandria: ['P-L38'], Antioch: ['P-L34'], Utica: ['P-L39'] },
    });
  let s = board(709);
  t.equal(s.step, 'over');
  t.same(jc.outcome(s), { winner: 'Caesar', reason: 'Caesar has more VP after the fifth Year (5–4)', vp: { Caesar: 5, Pompey: 4 } });
  t.same(pending(s), [], 'no navis-to-port prompt');
  t.equal(where(s, 'C-NAV1').loc, 'Hispanum');
  t.notOk(logOf(s).some((e) => /^8\.[3-6]/.test(e)));
  // The same board in 708: the winter goes on and Caesar is asked where his Navis winters.
  s = board(708);
  t.equal(s.result, null);
  t.equal(s.step, 'winter-navis');
  t.same(
    legal(s, 'Caesar').map((a) => a.to),
    ['Carthago Nova', 'Massilia', 'Tarraco'],
  );
  t.end();
});

t.test('JC-9 a city held only by a Navis or only by Cleopatra is Friendly and scores', (t) => {
  // JC-9: C-NAV1 alone in Utica, Cleopatra (Caesar's) alone in Antioch.
  const board = { Caesar: { Utica: ['C-NAV1'], Antioch: ['CLEO'] }, Pompey: { Tarraco: ['P-L5'] } };
  const s = position({ year: 707, ...board });
  t.same(scores(s), { Caesar: 2, Pompey: 1 }, 'Utica 1 + Antioch 1');
  t.same(viewOf(s, 'Pompey').vp, { Caesar: 2, Pompey: 1 });
  // At the Winter check itself Cleopatra has already gone home (8.1 before 8.2), so she holds
  // Alexandria (Vacant) alone: Utica 1 + Alexandria 2.
  const w = winter({ year: 707, ...board });
  t.same(where(w, 'CLEO'), { loc: 'Alexandria', str: 4, side: 'Caesar' });
  t.ok(logOf(w).includes(vpLine(3, 1)));
  t.end();
});

t.test('JC-10 a killed leader scores in every later check; a disbanded leader scores nothing', (t) => {
  // JC-10: C-Antonius was killed in 705 (written in as a trophy); C-Caesar is disbanded for supply
  // in the Winter of 705 (Rome, limit 5, holds 6 Caesar blocks).
  let s = winter({
    year: 705,
    Caesar: { Rome: ['C-Caesar', 'C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L17'] },
    Pompey: { Alexandria: ['P-L38'] },
    killed: ['C-Antonius'],
  });
  t.ok(logOf(s).includes(vpLine(2, 3)), '705: Pompey 2 + Antonius');
  t.equal(s.step, 'winter-supply');
  s = act(s, 'Caesar', 'disband', { block: 'C-Caesar' });
  t.same(where(s, 'C-Caesar'), { loc: 'pool', str: 0, side: 'Caesar' }, 'disbanded, not killed');
  t.equal(leadersKilled(s, 'Caesar'), 1);
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.year, 706);
  // 706, Caesar's first command: Caesar may be levied again, and Octavian too (a leader was killed).
  s = quiet(s, (x) => x.step === 'command' && x.cmd!.role === 'Caesar');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-Caesar', city: 'Rome' }));
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Rome' }));
  s = act(s, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Rome' });
  // The Winter check of 706: Pompey still gets +1 for Antonius (after the third leader is levied),
  // and nothing for Caesar's disbanding.
  s = quiet(s, (x) => x.turn === 6);
  t.equal(s.year, 706);
  t.notOk(logOf(s).some((e) => e.startsWith('Vulcan strikes')), 'no God card changed the board');
  t.equal(logOf(s).filter((e) => e.startsWith('Victory check')).at(-1), vpLine(2, 3));
  t.end();
});

t.test('JC-11 historical deployment: Caesar 1 VP, Pompey 7 VP, four VP cities Vacant', (t) => {
  // JC-11
  const s = jc.setup(testSeed(11));
  t.same(viewOf(s, null).vp, { Caesar: 1, Pompey: 7 });
  const occ = occupancy(s);
  const vacant = CITIES.filter((c) => c.vp > 0 && status(occ, c.name, 'Caesar') === 'vacant').map((c) => c.name);
  t.same(vacant.sort(), ['Athena', 'Byzantium', 'Ephesus', 'Rome']);
  t.end();
});

// ---- 2.0 / 2.1 Game turns and the Card Phase ---------------------------------------------------

t.test('JC-12 five Years of five turns, each Card - Command (P1, P2) - Battle, then a Winter', (t) => {
  // JC-12: a whole game in which both players pass every action.
  const s = quiet(jc.setup(testSeed(12)), (x) => x.step === 'over');
  const log = logOf(s);
  const turns = log.filter((e) => /^— 70\d, turn \d —$/.test(e));
  const expected = [705, 706, 707, 708, 709].flatMap((y) => [1, 2, 3, 4, 5].map((n) => `— ${y}, turn ${n} —`));
  t.same(turns, expected, 'exactly 25 game turns, 705 to 709');
  t.same(
    log.filter((e) => e.startsWith('— Winter')),
    ['— Winter 705 —', '— Winter 706 —', '— Winter 707 —', '— Winter 708 —', '— Winter 709 —'],
  );
  t.equal(s.year, 709);
  t.notOk(log.slice(log.indexOf('— Winter 709 —')).some((e) => /^8\.[3-6]/.test(e)), 'the last Winter stops at 8.2');
  t.ok(jc.outcome(s));
  // Within each turn: cards revealed, then P1's command, then P2's (unless two God cards cancel).
  for (let k = 0; k < turns.length; k++) {
    const from = log.indexOf(turns[k]!);
    const to = k + 1 < turns.length ? log.indexOf(turns[k + 1]!) : log.length;
    const part = log.slice(from, to);
    const revealed = part.findIndex((e) => e.startsWith('Cards revealed'));
    t.ok(revealed > 0, `${turns[k]} reveals cards`);
    if (part.some((e) => e.includes('both are cancelled'))) {
      t.notOk(part.some((e) => / commands with /.test(e)));
      continue;
    }
    const p1 = part.find((e) => / is Player 1\.$/.test(e))!.split(' ')[0];
    const cmds = part.filter((e) => / commands with /.test(e)).map((e) => e.split(' ')[0]);
    t.same(cmds, [p1, p1 === 'Caesar' ? 'Pompey' : 'Caesar'], `${turns[k]}: P1 then P2`);
  }
  t.end();
});

t.test('JC-13 each Year: 27 cards shuffled, 6 dealt to each player, 15 unseen', (t) => {
  // JC-13: the start of 706, reached by playing out 705.
  let s = quiet(position({ year: 705, turn: 5 }), (x) => x.year === 706);
  t.equal(s.step, 'discard');
  const all = CARDS.map((c) => c.id);
  for (const r of ROLES) {
    t.equal(s.hand[r].length, 6);
    t.equal(new Set(s.hand[r]).size, 6);
  }
  const dealt = [...s.hand.Caesar, ...s.hand.Pompey];
  t.equal(new Set(dealt).size, 12, '12 distinct cards dealt');
  const undealt = all.filter((c) => !dealt.includes(c));
  t.equal(undealt.length, 15);
  for (const r of ROLES) {
    const v = viewOf(s, r);
    t.same(v.hand, s.hand[r]);
    t.same(v.handCount, { Caesar: 6, Pompey: 6 });
    t.notOk('deck' in v);
    // Nothing logged in the new Year names a card this player was not dealt.
    const since = v.log.slice(v.log.indexOf('— Year 706 —')).join('\n');
    const named = since.match(/K\d\d/g) ?? [];
    t.ok(
      named.every((c) => s.hand[r].includes(c)),
      `${r} sees only his own cards (${named.join(', ')})`,
    );
  }
  t.notOk(/K\d\d/.test(logOf(s).slice(logOf(s).indexOf('— Year 706 —')).join('\n')), 'observers see no card');
  // The deal comes from the game's generator: same seed, same deal; another seed, another deal.
  t.same(jc.setup(testSeed(5)).hand, jc.setup(testSeed(5)).hand);
  t.notSame(jc.setup(testSeed(5)).hand, jc.setup(testSeed(6)).hand);
  t.end();
});

t.test('JC-14 each player secretly discards one card, never revealed, out of play for the Year', (t) => {
  // JC-14: a deal in which Pompey holds Mars (K03).
  let seed = 1;
  while (!jc.setup(testSeed(seed)).hand.Pompey.includes('K03')) seed++;
  let s = jc.setup(testSeed(seed));
  const caesarSees = (x: State) => JSON.stringify(viewOf(x, 'Caesar')).includes('K03') || JSON.stringify(viewOf(x, 'Caesar')).includes('Mars');
  t.notOk(isLegal(s, 'Pompey', 'play', { card: 'K03' }), 'no card play before the discards');
  s = act(s, 'Pompey', 'discard', { card: 'K03' });
  t.equal(viewOf(s, 'Pompey').discard, 'K03');
  t.equal(viewOf(s, 'Caesar').discard, null);
  t.notOk(caesarSees(s));
  t.ok(logOf(s, 'Caesar').includes('Pompey discards a card.'));
  t.throws(() => act(s, 'Pompey', 'discard', { card: 'K03' }), { name: 'RuleError' });
  s = act(s, 'Caesar', 'discard', { card: s.hand.Caesar[0]! });
  t.equal(s.step, 'cards');
  t.equal(s.hand.Pompey.length, 5);
  t.notOk(s.hand.Pompey.includes('K03'));
  // Through the whole Year: Caesar never sees it and Pompey can never play it.
  let checked = 0;
  while (s.turn <= 5 && s.step !== 'over') {
    t.notOk(caesarSees(s));
    if (s.step === 'cards') {
      t.notOk(isLegal(s, 'Pompey', 'play', { card: 'K03' }));
      checked++;
    }
    const p = pending(s) as Role[];
    s = jc.apply(s, p[0]!, quietAction(s, p[0]!));
  }
  t.ok(checked >= 5, 'every turn of the Year checked');
  t.end();
});

t.test('JC-15 cards are chosen face-down and revealed together', (t) => {
  // JC-15
  let s = position();
  s = act(s, 'Caesar', 'play', { card: 'K09' });
  t.same(pending(s), ['Pompey']);
  const pv = viewOf(s, 'Pompey');
  t.same(pv.cards.Caesar, { played: true, card: null, actsAs: null }, 'Pompey sees only that Caesar has committed');
  t.notOk(JSON.stringify(pv).includes('K09'));
  t.ok(pv.log.includes('Caesar plays a card face-down.'));
  t.same(viewOf(s, null).cards.Caesar, { played: true, card: null, actsAs: null });
  t.equal(viewOf(s, 'Caesar').cards.Caesar.card, 'K09', 'Caesar sees his own card');
  s = act(s, 'Pompey', 'play', { card: 'K10' });
  for (const r of [null, 'Caesar', 'Pompey'] as const) {
    const v = viewOf(s, r);
    t.equal(v.cards.Caesar.card, 'K09');
    t.equal(v.cards.Pompey.card, 'K10');
  }
  t.ok(logOf(s).includes('Cards revealed: Caesar K09 (Move 3, Levy 2); Pompey K10 (Move 3, Levy 2).'));
  t.end();
});

t.test('JC-16 a card must be played every turn: no pass', (t) => {
  // JC-16
  const s = position();
  t.ok(legal(s, 'Caesar').length > 0);
  t.ok(legal(s, 'Caesar').every((a) => a.type === 'play'));
  t.same(legal(s, 'Caesar').map((a) => a.card).sort(), [...s.hand.Caesar].sort());
  t.throws(() => act(s, 'Caesar', 'pass'), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'done'), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'play', { card: null }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'play', { card: s.hand.Pompey[0]! }), { name: 'RuleError' }, 'only a card of his own hand');
  // Turn 5: the last card must be played.
  const last = position({ turn: 5 });
  t.same(legal(last, 'Pompey'), [{ type: 'play', card: last.hand.Pompey[0]! }]);
  t.end();
});

t.test('JC-17 the higher Move value is Player 1; Levy values are ignored', (t) => {
  // JC-17: turn 2 of 706, Caesar 2/3, Pompey 3/1.
  let s = play(position({ turn: 2 }), { Caesar: 'K14', Pompey: 'K11' });
  t.equal(s.p1, 'Pompey');
  t.equal(s.cmd!.role, 'Pompey');
  t.equal(viewOf(s, null).p1, 'Pompey');
  s = play(position({ turn: 2 }), { Caesar: 'K11', Pompey: 'K14' });
  t.equal(s.p1, 'Caesar');
  t.end();
});

t.test('JC-18 equal Move values: Caesar is Player 1', (t) => {
  // JC-18: Caesar 2/1, Pompey 2/2.
  let s = play(position({ turn: 2 }), { Caesar: 'K22', Pompey: 'K18' });
  t.equal(s.p1, 'Caesar');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 2, 1]);
  s = done(s, 'Caesar');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Pompey', 2, 2]);
  t.end();
});

t.test('JC-19 turn 1 of 705: Caesar is Player 1 whatever the cards', (t) => {
  // JC-19: Caesar 1/2, Pompey 4/1.
  let s = play(position({ year: 705, turn: 1 }), { Caesar: 'K26', Pompey: 'K08' });
  t.equal(s.p1, 'Caesar');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 1, 2]);
  // The exception is only for the first turn of the game.
  s = play(position({ year: 706, turn: 1 }), { Caesar: 'K26', Pompey: 'K08' });
  t.equal(s.p1, 'Pompey');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Pompey', 4, 1]);
  s = play(position({ year: 705, turn: 2 }), { Caesar: 'K26', Pompey: 'K08' });
  t.equal(s.p1, 'Pompey');
  t.end();
});

t.test('JC-20 turn 1 of 705: a God card played only by Pompey is executed as Player 2', (t) => {
  // JC-20: Caesar 2/2, Pompey Vulcan.
  let s = position({ year: 705, turn: 1, Caesar: { Ravenna: ['C-L13'] }, Pompey: { Neapolis: ['P-L1'] } });
  s = play(s, { Caesar: 'K18', Pompey: 'K07' });
  t.equal(s.p1, 'Caesar');
  t.equal(s.step, 'command');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 2, 2]);
  t.same(legal(s, 'Pompey'), [], 'Pompey waits');
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = act(s, 'Caesar', 'levy', { block: 'C-L17', city: 'Rome' });
  s = done(s, 'Caesar');
  t.equal(s.step, 'vulcan', 'then Pompey resolves Vulcan');
  t.same(pending(s), ['Pompey']);
  t.same(legal(s, 'Pompey'), [{ type: 'vulcan', city: 'Rome' }]);
  s = act(s, 'Pompey', 'vulcan', { city: 'Rome' });
  t.equal(where(s, 'C-L13').str, 2);
  t.equal(where(s, 'C-L17').loc, 'eliminated', 'the block levied at I is eliminated');
  t.equal(s.step, 'cards');
  t.equal(s.turn, 2);
  t.end();
});

t.test('JC-21 the only God card player is Player 1 whatever the other Move value', (t) => {
  // JC-21: turn 3 of 707, Caesar Vulcan, Pompey 4/1.
  let s = position({ year: 707, turn: 3, Caesar: { Narbo: ['C-L7'] }, Pompey: { Tarraco: ['P-L5'] } });
  s = play(s, { Caesar: 'K07', Pompey: 'K08' });
  t.equal(s.p1, 'Caesar');
  t.equal(s.step, 'vulcan');
  t.same(pending(s), ['Caesar']);
  s = act(s, 'Caesar', 'vulcan', { city: 'Tarraco' });
  t.equal(where(s, 'P-L5').str, 2);
  t.equal(s.step, 'command');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Pompey', 4, 1]);
  // And with the cards the other way round, Pompey is Player 1 with Vulcan against a 4/1.
  s = play(position({ year: 707, turn: 3, Caesar: { Narbo: ['C-L7'] }, Pompey: { Tarraco: ['P-L5'] } }), { Caesar: 'K08', Pompey: 'K07' });
  t.equal(s.p1, 'Pompey');
  t.same(pending(s), ['Pompey']);
  t.end();
});

t.test('JC-22 two God cards cancel: no command, no battle, the turn still counts', (t) => {
  // JC-22: turn 2 of 706, Caesar Mars, Pompey Neptune (a battle would be possible).
  const board = { Caesar: { Narbo: ['C-L7'] }, Pompey: { Tarraco: ['P-L5'] } };
  let s = play(position({ turn: 2, ...board }), { Caesar: 'K03', Pompey: 'K05' });
  t.equal(s.step, 'cards');
  t.equal(s.turn, 3);
  t.equal(s.cmd, null);
  t.equal(s.p1, null);
  t.notOk(s.hand.Caesar.includes('K03'), 'Mars is spent');
  t.notOk(s.hand.Pompey.includes('K05'), 'Neptune is spent');
  t.same(where(s, 'C-L7').loc, 'Narbo');
  t.ok(logOf(s).includes('Both players played God cards: both are cancelled and the turn ends.'));
  t.notOk(logOf(s).some((e) => / commands with | is Player 1\./.test(e)));
  // Also on turn 1 of 705 (the Caesar-is-P1 exception does not prevent it).
  s = play(position({ year: 705, turn: 1, ...board }), { Caesar: 'K03', Pompey: 'K07' });
  t.same([s.step, s.year, s.turn, s.cmd], ['cards', 705, 2, null]);
  // On turn 5 the cancelled turn is the Year's last: the Winter Turn follows.
  s = play(position({ turn: 5, ...board }), { Caesar: 'K02', Pompey: 'K06' });
  t.equal(s.turn, 6);
  t.equal(s.step, 'winter-disband');
  t.end();
});

t.test('JC-23 a God card replaces the whole command: no Levy Points', (t) => {
  // JC-23: Caesar plays Mars as P1: one land group move, then no levy.
  let s = position({
    Caesar: { Ravenna: ['C-L13', 'C-L14'], Genua: ['C-L12:II'], Massilia: ['C-NAV1'] },
    Pompey: { Utica: ['P-L39'] },
  });
  s = play(s, { Caesar: 'K03', Pompey: 'K10' });
  t.equal(s.p1, 'Caesar');
  t.same([s.cmd!.god, s.cmd!.mp, s.cmd!.lp], ['Mars', 1, 0]);
  t.same(legal(s, 'Caesar', 'levy'), []);
  t.same(legal(s, 'Caesar', 'strengthen'), [], 'C-L12 at II in Friendly Genua cannot be strengthened');
  t.same(legal(s, 'Caesar', 'move', 'C-NAV1'), [], 'land blocks only');
  t.ok(legal(s, 'Caesar', 'move', 'C-L12').length > 0);
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  t.ok(legal(s, 'Caesar', 'move', 'C-L14').length > 0, 'the rest of the group may follow');
  t.same(legal(s, 'Caesar', 'move', 'C-L12'), [], 'no second group');
  t.same(legal(s, 'Caesar', 'levy'), [], 'no levy after the move');
  t.same(legal(s, 'Caesar', 'strengthen'), []);
  s = done(s, 'Caesar');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Pompey', 3, 2]);
  t.end();
});

t.test('JC-24 unused MP and LP are lost at the end of the command', (t) => {
  // JC-24: Caesar 3/2 uses 1 MP and 0 LP.
  let s = position({ Caesar: { Ravenna: ['C-L13'] }, Pompey: { Utica: ['P-L39'] } });
  s = play(s, { Caesar: 'K09', Pompey: 'K22' });
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  t.same([s.cmd!.mp, s.cmd!.lp], [2, 2]);
  s = done(s, 'Caesar');
  t.equal(s.cmd!.role, 'Pompey');
  s = done(s, 'Pompey');
  t.same([s.step, s.turn], ['cards', 2]);
  // Turn 2: Caesar 1/2, Pompey 1/3 (tie, Caesar P1): only the new card's values.
  s = play(s, { Caesar: 'K26', Pompey: 'K25' });
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 1, 2]);
  t.end();
});

t.test('JC-25 after the battles of turn 5 the Winter Turn starts', (t) => {
  // JC-25: a battle in turn 5, then 8.1.
  const board = { Caesar: { Narbo: ['C-Caesar'] }, Pompey: { Tarraco: ['P-L5:I'] } };
  let s = play(position({ year: 705, turn: 5, ...board }), { Caesar: 'K08', Pompey: 'K10' });
  s = move(s, 'Caesar', 'C-Caesar', 'Tarraco');
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.step, 'battle');
  s = act(rig(s, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-Caesar' });
  t.equal(where(s, 'P-L5').loc, 'eliminated');
  s = noRegroup(s);
  t.equal(s.turn, 6);
  t.same([s.year, s.step], [705, 'winter-disband']);
  t.same(s.hand, { Caesar: [], Pompey: [] }, 'all five cards played');
  const log = logOf(s);
  const won = log.indexOf('Caesar wins the battle in Tarraco.');
  t.ok(won >= 0 && log.indexOf('— Winter 705 —') > won);
  t.ok(log.indexOf('8.1 Cleopatra goes home.') > log.indexOf('— Winter 705 —'));
  // After turn 4 the Year goes on to turn 5.
  s = play(position({ year: 705, turn: 4, ...board }), { Caesar: 'K08', Pompey: 'K10' });
  s = done(done(s, 'Caesar'), 'Pompey');
  t.same([s.step, s.turn], ['cards', 5]);
  t.end();
});

// ---- Apollo ------------------------------------------------------------------------------------

t.test('JC-26 Apollo copies the card the opponent played last turn', (t) => {
  // JC-26: turn 1 of 705 Pompey plays 3/2; turn 2 Caesar Apollo, Pompey 2/2.
  let s = position({
    year: 705,
    turn: 1,
    hands: { Caesar: ['K01', 'K22', 'K14', 'K25', 'K26'], Pompey: ['K09', 'K18', 'K19', 'K10', 'K15'] },
  });
  t.notOk(isLegal(s, 'Caesar', 'play', { card: 'K01' }));
  s = play(s, { Caesar: 'K22', Pompey: 'K09' });
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.turn, 2);
  s = play(s, { Caesar: 'K01', Pompey: 'K18' });
  t.equal(s.effective.Caesar, 'K09');
  t.same(viewOf(s, 'Pompey').cards.Caesar, { played: true, card: 'K01', actsAs: 'K09' });
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp, s.cmd!.god], ['Caesar', 3, 2, null], 'Caesar acts as a 3/2');
  t.ok(logOf(s).includes('Cards revealed: Caesar Apollo (K01) as K09 (Move 3, Levy 2); Pompey K18 (Move 2, Levy 2).'));
  t.end();
});

t.test('JC-27 the copied card, not Apollo, decides who is Player 1', (t) => {
  // JC-27: Apollo as 3/2 beats a 2/2 (above). Variant: Caesar played 2/3; Pompey's Apollo (= 2/3)
  // against Caesar's 2/1 is a tie on Move: Caesar P1.
  let s = play(position({ turn: 1 }), { Caesar: 'K14', Pompey: 'K22' });
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.turn, 2);
  let x = play(s, { Caesar: 'K22', Pompey: 'K01' });
  t.equal(x.effective.Pompey, 'K14');
  t.equal(x.p1, 'Caesar', 'tie on Move 2: Caesar');
  t.same([x.cmd!.role, x.cmd!.mp], ['Caesar', 2]);
  x = done(x, 'Caesar');
  t.same([x.cmd!.role, x.cmd!.mp, x.cmd!.lp], ['Pompey', 2, 3], 'Pompey acts as a 2/3');
  // The copy wins against a lower Move value (Apollo itself is no God card for this purpose) ...
  x = play(s, { Caesar: 'K26', Pompey: 'K01' });
  t.equal(x.p1, 'Pompey');
  // ... and loses against a higher one.
  x = play(s, { Caesar: 'K11', Pompey: 'K01' });
  t.equal(x.p1, 'Caesar');
  t.end();
});

t.test('JC-28 Apollo copying a God card executes it, is Player 1, and is not cancelled', (t) => {
  // JC-28: turn 1 of 706 Caesar plays Vulcan; turn 2 Pompey plays Apollo, Caesar 3/2.
  let s = position({ Caesar: { Narbo: ['C-L7'], Massilia: ['C-L11'] }, Pompey: { Tarraco: ['P-L5'] } });
  s = play(s, { Caesar: 'K07', Pompey: 'K22' });
  s = act(s, 'Caesar', 'vulcan', { city: 'Tarraco' });
  s = done(s, 'Pompey');
  t.equal(s.turn, 2);
  s = play(s, { Caesar: 'K09', Pompey: 'K01' });
  t.equal(s.effective.Pompey, 'K07');
  t.equal(s.p1, 'Pompey');
  t.equal(s.step, 'vulcan', 'not cancelled: Pompey executes Vulcan');
  t.same(
    legal(s, 'Pompey').map((a) => a.city),
    ['Massilia', 'Narbo'],
    'on a Caesar city',
  );
  s = act(s, 'Pompey', 'vulcan', { city: 'Narbo' });
  t.equal(where(s, 'C-L7').str, 2);
  t.equal(s.step, 'command');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 3, 2], 'then Caesar uses 3/2');
  t.end();
});

t.test('JC-29 Apollo with another God card: both cancelled', (t) => {
  // JC-29: Caesar Apollo (would copy Pompey's 3/1 of turn 1), Pompey Mercury.
  let s = play(position(), { Caesar: 'K22', Pompey: 'K11' });
  s = done(done(s, 'Pompey'), 'Caesar');
  t.equal(s.turn, 2);
  let x = play(s, { Caesar: 'K01', Pompey: 'K04' });
  t.same([x.step, x.turn, x.cmd, x.p1], ['cards', 3, null, null]);
  t.ok(logOf(x).includes('Both players played God cards: both are cancelled and the turn ends.'));
  // Apollo against Apollo (a second Apollo is written into Pompey's hand: the deck has only one).
  x = play(s, { Caesar: 'K01', Pompey: 'K01' });
  t.same([x.step, x.turn, x.cmd], ['cards', 3, null]);
  // Apollo copying a 3/1 against a command card is an ordinary 3/1.
  x = play(s, { Caesar: 'K01', Pompey: 'K18' });
  t.same([x.step, x.cmd!.role, x.cmd!.mp, x.cmd!.lp], ['command', 'Caesar', 3, 1]);
  t.end();
});

t.test('JC-30 Apollo cannot be played on turn 1 of a Year', (t) => {
  // JC-30: start of 707 with Apollo in Caesar's hand.
  let s = position({ year: 707, turn: 1, hands: { Caesar: ['K01', 'K08', 'K09', 'K14', 'K18'] } });
  t.notOk(isLegal(s, 'Caesar', 'play', { card: 'K01' }));
  t.throws(() => act(s, 'Caesar', 'play', { card: 'K01' }), { name: 'RuleError' });
  t.equal(legal(s, 'Caesar').length, 4);
  s = play(s, { Caesar: 'K08', Pompey: 'K10' });
  s = done(done(s, 'Caesar'), 'Pompey');
  t.equal(s.turn, 2);
  t.ok(isLegal(s, 'Caesar', 'play', { card: 'K01' }), 'legal from turn 2');
  // It may be discarded at the start of the Year.
  let seed = 1;
  while (!jc.setup(testSeed(seed)).hand.Caesar.includes('K01')) seed++;
  let y: State = jc.setup(testSeed(seed));
  t.ok(isLegal(y, 'Caesar', 'discard', { card: 'K01' }));
  // Kept instead, it is not playable on turn 1.
  y = act(y, 'Caesar', 'discard', { card: y.hand.Caesar.find((c) => c !== 'K01')! });
  y = act(y, 'Pompey', 'discard', { card: y.hand.Pompey[0]! });
  t.same([y.step, y.turn], ['cards', 1]);
  t.ok(y.hand.Caesar.includes('K01'));
  t.notOk(isLegal(y, 'Caesar', 'play', { card: 'K01' }));
  t.end();
});

t.test('JC-31 Apollo copying an Apollo copies the card that Apollo stood for', (t) => {
  // JC-31: turn 1 Caesar 3/1; turn 2 Pompey's Apollo copies it; turn 3 Caesar plays Apollo.
  // The deck has a single Apollo (K01), so this cannot arise in a real game: the helper writes a
  // second copy into Caesar's hand for turn 3.
  let s = play(position(), { Caesar: 'K11', Pompey: 'K22' });
  s = done(done(s, 'Caesar'), 'Pompey');
  s = play(s, { Caesar: 'K18', Pompey: 'K01' });
  t.equal(s.effective.Pompey, 'K11');
  s = done(done(s, 'Pompey'), 'Caesar');
  t.equal(s.turn, 3);
  s = play(s, { Caesar: 'K01', Pompey: 'K26' });
  t.equal(s.effective.Caesar, 'K11', 'the effective 3/1, not "Apollo"');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 3, 1]);
  t.end();
});

t.test('JC-32 after a cancelled turn Apollo copies the God card the opponent played in it', (t) => {
  // JC-32: turn 2 Caesar Mars / Pompey Pluto (cancelled); turn 3 Caesar Apollo, Pompey 2/2.
  let s = play(position({ turn: 2, Caesar: { Ravenna: ['C-L13'] }, Pompey: { Utica: ['P-L39'] } }), { Caesar: 'K03', Pompey: 'K06' });
  t.equal(s.turn, 3);
  s = play(s, { Caesar: 'K01', Pompey: 'K18' });
  t.equal(s.effective.Caesar, 'K06');
  t.equal(s.p1, 'Caesar');
  t.same([s.step, s.cmd!.role, s.cmd!.god, s.cmd!.lp, s.cmd!.only], ['command', 'Caesar', 'Pluto', 0, 'land'], 'Caesar executes Pluto as P1');
  t.end();
});

// ---- 2.2 / 6.0 Command Phase, 2.3 Battle Phase ------------------------------------------------

t.test('JC-33 P1 moves then levies, then P2 moves then levies, then battles', (t) => {
  // JC-33: Caesar 2/2 as P1, Pompey 3/1 as P2. A 3 beats a 2, so the scenario is played on turn 1
  // of 705, where Caesar is P1 whatever the cards (JC-19).
  let s = position({
    year: 705,
    turn: 1,
    Caesar: { Narbo: ['C-L7', 'C-L9'] },
    Pompey: { Tarraco: ['P-L5'], 'Carthago Nova': ['P-L2', 'P-L4'] },
  });
  s = play(s, { Caesar: 'K18', Pompey: 'K11' });
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Caesar', 2, 2]);
  t.same(legal(s, 'Pompey'), [], 'P2 waits during P1\'s command');
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  s = act(s, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Narbo' });
  t.same(legal(s, 'Caesar', 'move'), [], 'no move after a levy');
  t.same(legal(s, 'Pompey'), []);
  s = done(s, 'Caesar');
  t.same([s.cmd!.role, s.cmd!.mp, s.cmd!.lp], ['Pompey', 3, 1]);
  // Pompey sees Caesar's completed moves and levies (as hidden blocks) and may react to them.
  t.equal(viewOf(s, 'Pompey').blocks.filter((b) => b.location === 'Narbo').length, 2);
  t.ok(isLegal(s, 'Pompey', 'move', { block: 'P-L2', path: ['Tarraco'] }), 'a response into the attacked city');
  s = move(s, 'Pompey', 'P-L2', 'Tarraco');
  s = act(s, 'Pompey', 'levy', { block: 'P-AUX1', city: 'Carthago Nova' });
  t.same(legal(s, 'Pompey', 'move'), []);
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle', 'battles after both commands');
  const log = logOf(s, 'Caesar');
  const order = [
    'Caesar moves Legio 7 Narbo → Tarraco (attack).',
    'Caesar levies Auxilia 1 in Narbo (I).',
    'Pompey moves a block Carthago Nova → Tarraco (response).',
    'Pompey levies a block in Carthago Nova.',
    'Battle in Tarraco: Caesar attacks, Pompey defends.',
  ].map((e) => log.indexOf(e));
  t.ok(order.every((i) => i >= 0), JSON.stringify(order));
  t.same([...order].sort((a, b) => a - b), order, 'in this order');
  t.end();
});

t.test('JC-34 levies come after all moves: once levying has begun no block moves', (t) => {
  // JC-34: Caesar 3/2 moves one group, levies C-L17 in Rome, then tries to move with 2 MP left.
  let s = position({ Caesar: { Rome: ['C-L13'], Genua: ['C-L12'] }, Pompey: { Utica: ['P-L39'] } });
  s = play(s, { Caesar: 'K09', Pompey: 'K22' });
  s = move(s, 'Caesar', 'C-L12', 'Ravenna');
  t.equal(s.cmd!.mp, 2);
  t.ok(isLegal(s, 'Caesar', 'move', { block: 'C-L13', path: ['Neapolis'] }), 'before levying a second group may move');
  s = act(s, 'Caesar', 'levy', { block: 'C-L17', city: 'Rome' });
  t.throws(() => move(s, 'Caesar', 'C-L13', 'Neapolis'), { name: 'RuleError' });
  t.throws(() => move(s, 'Caesar', 'C-L17', 'Neapolis'), { name: 'RuleError' }, 'nor the levied block');
  t.same(legal(s, 'Caesar', 'move'), []);
  t.same(legal(s, 'Caesar', 'amphibious'), []);
  t.ok(isLegal(s, 'Caesar', 'strengthen', { block: 'C-L17' }), 'levying may go on');
  t.end();
});

t.test('JC-35 every Contested location is fought, one at a time, in the order P1 chooses', (t) => {
  // JC-35: Genua and Mare Internum (and Tarraco, so that P1 chooses twice) are Contested.
  let s = position({
    Caesar: { Massilia: ['C-L11'], Syracuse: ['C-NAV2'], Narbo: ['C-L7'] },
    Pompey: { Genua: ['P-L1:I'], Internum: ['P-NAV3:I'], Tarraco: ['P-L5:I'] },
  });
  s = play(s, { Caesar: 'K08', Pompey: 'K26' });
  s = move(s, 'Caesar', 'C-L11', 'Genua');
  s = move(s, 'Caesar', 'C-NAV2', 'Internum');
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  s = done(s, 'Caesar');
  t.equal(s.step, 'command', 'no battle before P2 has commanded');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle-choose');
  t.same(pending(s), ['Caesar']);
  t.same(legal(s, 'Caesar'), [
    { type: 'battle', location: 'Genua' },
    { type: 'battle', location: 'Internum' },
    { type: 'battle', location: 'Tarraco' },
  ]);
  t.same(legal(s, 'Pompey'), []);
  t.throws(() => done(s, 'Caesar'), { name: 'RuleError' }, 'no battle may be skipped');
  s = act(s, 'Caesar', 'battle', { location: 'Internum' });
  t.equal(s.battle!.loc, 'Internum');
  s = act(s, 'Pompey', 'pass', { block: 'P-NAV3' });
  s = act(rig(s, [1, 6]), 'Caesar', 'fire', { block: 'C-NAV2' });
  t.equal(where(s, 'P-NAV3').loc, 'eliminated');
  s = noRegroup(s);
  t.equal(s.step, 'battle-choose', 'P1 chooses the next battle');
  t.same(
    legal(s, 'Caesar').map((a) => a.location),
    ['Genua', 'Tarraco'],
  );
  s = act(s, 'Caesar', 'battle', { location: 'Tarraco' });
  s = act(s, 'Pompey', 'pass', { block: 'P-L5' });
  s = noRegroup(act(rig(s, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-L7' }));
  t.equal(s.battle!.loc, 'Genua', 'the last one is fought at once');
  s = act(s, 'Pompey', 'pass', { block: 'P-L1' });
  s = noRegroup(act(rig(s, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-L11' }));
  t.same([s.step, s.turn], ['cards', 2], 'the Battle Phase ends when no Contested location remains');
  t.same(s.fights, {});
  // With Pompey as P1, Pompey chooses.
  let p = position({ Caesar: { Genua: ['C-L12'], Tarraco: ['C-L7'] }, Pompey: { Rome: ['P-L1'], 'Carthago Nova': ['P-L2'] } });
  p = play(p, { Caesar: 'K26', Pompey: 'K08' });
  p = move(move(p, 'Pompey', 'P-L1', 'Genua'), 'Pompey', 'P-L2', 'Tarraco');
  p = done(done(p, 'Pompey'), 'Caesar');
  t.same(pending(p), ['Pompey']);
  t.same(legal(p, 'Pompey').map((a) => a.location), ['Genua', 'Tarraco']);
  t.same(legal(p, 'Caesar'), []);
  t.end();
});
