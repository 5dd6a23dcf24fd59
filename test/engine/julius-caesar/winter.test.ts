// Checklist items 183-196: the Winter Turn (8.1 Cleopatra goes home, 8.2 Victory, 8.3 Navis to port,
// 8.4 Winter supply, 8.5 Disbanding, 8.6 Year reset). Each position is turn 5 of a Year, played out
// with real actions (cards, empty commands) so that the engine itself starts the Winter Turn.

import t from 'tap';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import {
  act,
  done,
  isLegal,
  jc,
  legal,
  pending,
  play,
  rig,
  position,
  viewOf,
  where,
  type Role,
  type Spec,
  type State,
} from './helpers.js';

const ROLES: Role[] = ['Caesar', 'Pompey'];
const commandCard = new Map(CARDS.flatMap((c) => (c.kind === 'command' ? [[c.id, c] as const] : [])));

/** Turn 5 of `year` (default 705) with both players finishing their command at once: the Winter Turn has begun. */
function winter(spec: Spec = {}): State {
  let s = position({ ...spec, year: spec.year ?? 705, turn: 5 });
  s = play(s, { Caesar: s.hand.Caesar[0]!, Pompey: s.hand.Pompey[0]! });
  while (s.step === 'command') s = done(s, s.cmd!.role);
  return s;
}

/** Both players finish voluntary disbanding (8.5), which runs the Year reset (8.6). */
function endWinter(s: State): State {
  s = done(s, 'Caesar');
  return done(s, 'Pompey');
}

/** After the Year reset: each player discards one card of his real hand (a God card if he has one). */
function discardBoth(s: State): State {
  for (const r of ROLES) {
    const god = s.hand[r].find((c) => !commandCard.has(c));
    s = act(s, r, 'discard', { card: god ?? s.hand[r][0]! });
  }
  return s;
}

/** Turn 1 of the new Year: both play a command card of their real hands; returns the state at Player 1's command. */
function playTurn1(s: State): State {
  const pick = (r: Role) => s.hand[r].find((c) => commandCard.has(c));
  const c = pick('Caesar');
  const p = pick('Pompey');
  if (!c || !p) throw new Error('test setup: a hand without a command card');
  s = act(s, 'Caesar', 'play', { card: c });
  return act(s, 'Pompey', 'play', { card: p });
}

/** Runs commands until `role` is the commanding player (the other one finishes without doing anything). */
function commandOf(s: State, role: Role): State {
  while (s.step === 'command' && s.cmd!.role !== role) s = done(s, s.cmd!.role);
  if (s.step !== 'command' || s.cmd!.role !== role) throw new Error(`test setup: no command for ${role}`);
  return s;
}

const logOf = (s: State, role: Role | null = 'Caesar') => viewOf(s, role).log;

// ---------------------------------------------------------------------------------------------

t.test('JC-183 the Winter Turn runs 8.1 to 8.6 in order with no card play in between', (t) => {
  // JC-183
  // Something happens at every step: Cleopatra is away from Alexandria (8.1), a Navis at sea has
  // two Friendly ports (8.3), Rome is over its supply limit (8.4), Pompey disbands a block (8.5).
  let s = winter({
    Caesar: {
      Rome: ['C-Caesar', 'C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11'],
      Massilia: ['C-L12'],
      Narbo: ['C-L13'],
      Hispanum: ['C-NAV1'],
    },
    Pompey: { Antioch: ['CLEO', 'P-L34'], Utica: ['P-L39'] },
  });
  t.equal(s.year, 705);
  t.equal(s.step, 'winter-navis', '8.3 waits for Caesar to choose a port');
  t.equal(where(s, 'CLEO').loc, 'Alexandria', '8.1 already done');
  t.match(logOf(s).join('\n'), /Victory check: Caesar \d+ VP, Pompey \d+ VP/, '8.2 already done');
  s = act(s, 'Caesar', 'port', { block: 'C-NAV1', to: 'Narbo' });
  t.equal(s.step, 'winter-supply', '8.4 follows 8.3');
  t.same(pending(s), ['Caesar']);
  s = act(s, 'Caesar', 'disband', { block: 'C-L7' });
  t.equal(s.step, 'winter-disband', '8.5 follows 8.4');
  s = done(s, 'Caesar');
  s = act(s, 'Pompey', 'disband', { block: 'P-L34' });
  s = done(s, 'Pompey');
  t.equal(s.step, 'discard', '8.6 deals the new Year');
  t.equal(s.year, 706);

  for (const role of [null, 'Caesar', 'Pompey'] as const) {
    const log = logOf(s, role);
    const start = log.indexOf('— Winter 705 —');
    const end = log.indexOf('— Year 706 —');
    t.ok(start >= 0 && end > start, `${role ?? 'observer'}: the winter is logged before the new Year`);
    const winterLog = log.slice(start, end);
    const at = (prefix: string) => winterLog.findIndex((e) => e.startsWith(prefix));
    const steps = ['8.1 ', '8.2 ', '8.3 ', '8.4 ', '8.5 ', '8.6 '].map(at);
    t.ok(
      steps.every((i) => i >= 0),
      `${role ?? 'observer'}: every winter step is in the log (${JSON.stringify(winterLog)})`,
    );
    t.same([...steps].sort((a, b) => a - b), steps, `${role ?? 'observer'}: in the order 8.1 ... 8.6`);
    // Each step's events are logged under its own heading.
    t.ok(at('Cleopatra returns to Alexandria') > steps[0]! && at('Cleopatra returns to Alexandria') < steps[1]!);
    t.ok(at('Victory check') > steps[1]! && at('Victory check') < steps[2]!);
    t.ok(winterLog.findIndex((e) => /brings a Navis|winters in/.test(e)) > steps[2]!);
    t.ok(winterLog.findIndex((e) => /for lack of supply/.test(e)) > steps[3]!);
    t.ok(winterLog.findIndex((e) => /in Antioch is disbanded/.test(e)) > steps[4]!);
    t.notOk(
      winterLog.some((e) => /plays|card|turn \d/.test(e)),
      `${role ?? 'observer'}: no card play inside the Winter Turn`,
    );
  }
  t.end();
});

t.test('JC-183 no card is played between turn 5 and the Winter Turn', (t) => {
  // JC-183: the last battle of turn 5 leads straight into 8.1 (no sixth card phase).
  let s = position({ year: 705, turn: 5, Caesar: { Narbo: ['C-L7'] }, Pompey: { Tarraco: ['P-L5:I'] } });
  s = play(s, { Caesar: 'K08', Pompey: 'K10' });
  s = act(s, 'Caesar', 'move', { block: 'C-L7', path: ['Tarraco'] });
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle');
  t.equal(s.turn, 5);
  // P-L5 (C2, I) defends first and misses; C-L7 (C3, III) eliminates it; Caesar may regroup.
  t.same(pending(s), ['Pompey']);
  s = act(rig(s, [6]), 'Pompey', 'fire', { block: 'P-L5' });
  s = act(rig(s, [1, 6, 6]), 'Caesar', 'fire', { block: 'C-L7' });
  t.equal(where(s, 'P-L5').loc, 'eliminated');
  t.equal(s.step, 'regroup');
  s = done(s, 'Caesar');
  t.equal(s.step, 'winter-disband', 'straight into the Winter Turn');
  t.equal(s.turn, 6, 'no sixth game turn');
  t.equal(s.year, 705);
  t.same(legal(s, 'Pompey', 'play'), []);
  t.notOk(isLegal(s, 'Caesar', 'play', { card: 'K09' }));
  t.end();
});

// ---- 8.1 Cleopatra goes home ----

t.test('JC-184 Cleopatra goes to Alexandria and joins the side occupying it', (t) => {
  // JC-184
  t.test('A: Alexandria held by Caesar: she joins Caesar at her strength', (t) => {
    const s = winter({
      Caesar: { Alexandria: ['C-L13'], Massilia: ['C-L8'] },
      Pompey: { Antioch: ['CLEO:III', 'P-L34'], Utica: ['P-L39'] },
    });
    t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 3, side: 'Caesar' });
    t.ok(logOf(s, null).includes('Cleopatra returns to Alexandria.'));
    t.ok(logOf(s, null).includes('Cleopatra joins Caesar, who holds Alexandria.'));
    // Caesar now sees her as his own block, with her strength.
    const mine = viewOf(s, 'Caesar').blocks.find((b) => b.id === 'CLEO')!;
    t.equal(mine.side, 'Caesar');
    t.equal(mine.strength, 3);
    t.end();
  });
  t.test('B: Alexandria Vacant: she keeps her side (Caesar), Alexandria becomes Caesar-Friendly', (t) => {
    const s = winter({
      Caesar: { Utica: ['CLEO:II'], Massilia: ['C-L8'] },
      Pompey: { Tarraco: ['P-L5'] },
    });
    t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 2, side: 'Caesar' });
    t.notOk(logOf(s, null).some((e) => e.startsWith('Cleopatra joins')));
    // Massilia 1 + Alexandria 2 (Utica, now Vacant, no longer counts).
    t.ok(logOf(s, null).includes('Victory check: Caesar 3 VP, Pompey 1 VP.'));
    t.same(viewOf(s, null).vp, { Caesar: 3, Pompey: 1 });
    t.end();
  });
  t.test('C: already in Alexandria with a Pompey Navis: no change', (t) => {
    const s = winter({ Caesar: { Massilia: ['C-L8'] }, Pompey: { Alexandria: ['CLEO:III', 'P-NAV2'] } });
    t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 3, side: 'Pompey' });
    t.same(where(s, 'P-NAV2'), { loc: 'Alexandria', str: 2, side: 'Pompey' });
    t.notOk(logOf(s, null).some((e) => e.startsWith('Cleopatra')), 'nothing to log');
    t.end();
  });
  t.test('D: a Caesar Cleopatra going home to Pompey-held Alexandria joins Pompey', (t) => {
    const s = winter({
      Caesar: { Antioch: ['CLEO:IV'], Massilia: ['C-L8'] },
      Pompey: { Alexandria: ['P-NAV2'] },
    });
    t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 4, side: 'Pompey' });
    t.end();
  });
  t.test('E: no road, limit or battle: from a sea-locked island she still goes home', (t) => {
    const s = winter({ Caesar: { Massilia: ['C-L8'] }, Pompey: { Aleria: ['CLEO:I'], Utica: ['P-L39'] } });
    t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 1, side: 'Pompey' });
    t.equal(s.battle, null);
    t.end();
  });
  t.end();
});

t.test('JC-185 Cleopatra goes home before the victory check and can change two cities', (t) => {
  // JC-185
  const base = {
    Caesar: { Massilia: ['C-L8'] },
    Pompey: { Antioch: ['CLEO'], Utica: ['P-L39'] },
  };
  const before = position({ ...base, year: 705, turn: 5 });
  t.same(viewOf(before, null).vp, { Caesar: 1, Pompey: 2 }, 'during the Year: Antioch 1 + Utica 1');
  const s = winter(base);
  t.equal(where(s, 'CLEO').loc, 'Alexandria');
  // Antioch Vacant (-1), Alexandria Pompey-Friendly (+2).
  t.ok(logOf(s, null).includes('Victory check: Caesar 1 VP, Pompey 3 VP.'), 'the check counts the new position');
  t.same(viewOf(s, null).vp, { Caesar: 1, Pompey: 3 });

  // It can decide the game: 8 VP elsewhere + Antioch = 9 during the Year; Alexandria makes 10 at the check.
  const won = winter({
    Caesar: { Rome: ['C-L8'] },
    Pompey: {
      Antioch: ['CLEO'],
      Tarraco: ['P-L5'],
      'Carthago Nova': ['P-L2'],
      Utica: ['P-L39'],
      Syracuse: ['P-L37'],
      Athena: ['P-L32'],
      Ephesus: ['P-L36'],
      Byzantium: ['P-L35'],
      Massilia: ['P-L4'],
    },
  });
  t.equal(won.step, 'over');
  t.equal(jc.outcome(won)?.winner, 'Pompey');
  t.same(jc.outcome(won)?.vp, { Caesar: 2, Pompey: 10 });
  t.end();
});

// ---- 8.3 Navis to port ----

t.test('JC-186 a Navis at sea winters in a Friendly port on its sea, Caesar first, owner chooses', (t) => {
  // JC-186
  let s = winter({
    Caesar: { Hispanum: ['C-NAV1'], Massilia: ['C-L11'], Narbo: ['C-L7'], Ravenna: ['C-NAV2'] },
    Pompey: { Tarraco: ['P-L5'], 'Carthago Nova': ['P-L2'] },
  });
  t.equal(s.step, 'winter-navis');
  t.same(pending(s), ['Caesar']);
  t.same(
    legal(s, 'Caesar').map((a) => `${a.block}>${a.to}`).sort(),
    ['C-NAV1>Massilia', 'C-NAV1>Narbo'],
    'only the Friendly ports on Hispanum; the Navis already in Ravenna is not offered',
  );
  t.notOk(isLegal(s, 'Caesar', 'port', { block: 'C-NAV1', to: 'Tarraco' }), 'not an Enemy port');
  t.notOk(isLegal(s, 'Caesar', 'port', { block: 'C-NAV1', to: 'Genua' }), 'not a Vacant port');
  t.notOk(isLegal(s, 'Caesar', 'port', { block: 'C-NAV2', to: 'Massilia' }), 'a Navis in port does not relocate');
  t.throws(() => act(s, 'Caesar', 'port', { block: 'C-NAV1', to: 'Tarraco' }), { name: 'RuleError' });
  s = act(s, 'Caesar', 'port', { block: 'C-NAV1', to: 'Narbo' });
  t.same(where(s, 'C-NAV1'), { loc: 'Narbo', str: 2, side: 'Caesar' });
  t.same(where(s, 'C-NAV2'), { loc: 'Ravenna', str: 2, side: 'Caesar' });
  t.not(s.step, 'winter-navis');

  // Both players with a choice: Caesar first, then Pompey.
  let b = winter({
    Caesar: { Hispanum: ['C-NAV1'], Massilia: ['C-L11'], Narbo: ['C-L7'] },
    Pompey: { Tyrrhenum: ['P-NAV1'], Rome: ['P-L1'], Neapolis: ['P-Pompey'] },
  });
  t.same(pending(b), ['Caesar']);
  t.same(legal(b, 'Pompey'), [], 'Pompey waits for Caesar');
  t.throws(() => act(b, 'Pompey', 'port', { block: 'P-NAV1', to: 'Rome' }), { name: 'RuleError' });
  b = act(b, 'Caesar', 'port', { block: 'C-NAV1', to: 'Massilia' });
  t.equal(b.step, 'winter-navis');
  t.same(pending(b), ['Pompey']);
  t.same(legal(b, 'Pompey').map((a) => a.to).sort(), ['Neapolis', 'Rome']);
  b = act(b, 'Pompey', 'port', { block: 'P-NAV1', to: 'Neapolis' });
  t.equal(where(b, 'P-NAV1').loc, 'Neapolis');
  t.equal(b.step, 'winter-disband');

  // A single Friendly port: the engine moves the Navis without asking.
  const one = winter({ Caesar: { Hispanum: ['C-NAV1'], Massilia: ['C-L11'] }, Pompey: { Utica: ['P-L39'] } });
  t.equal(where(one, 'C-NAV1').loc, 'Massilia');
  t.equal(one.step, 'winter-disband');
  t.end();
});

t.test('JC-187 a Navis at sea with no Friendly port on its sea is disbanded, not eliminated', (t) => {
  // JC-187
  let s = winter({
    year: 706,
    Caesar: { Byzantium: ['C-L13'], Massilia: ['C-L8'] },
    Pompey: { Propontis: ['P-NAV4'], Utica: ['P-L39'] },
  });
  t.same(where(s, 'P-NAV4'), { loc: 'pool', str: 0, side: 'Pompey' }, 'to the Levy Pool, face-down');
  t.same(viewOf(s, 'Caesar').pools.Pompey.eliminated, [], 'not face-up: not an elimination');
  t.ok(logOf(s, 'Pompey').some((e) => /Navis 4 in Propontis has no Friendly port on its sea and is disbanded/.test(e)));
  t.ok(logOf(s, 'Caesar').some((e) => /Pompey's block in Propontis has no Friendly port on its sea and is disbanded/.test(e)));
  // Levyable in the next Year, in a Friendly major port (Utica).
  s = playTurn1(discardBoth(endWinter(s)));
  t.equal(s.year, 707);
  s = commandOf(s, 'Pompey');
  t.ok(isLegal(s, 'Pompey', 'levy', { block: 'P-NAV4', city: 'Utica' }));
  s = act(s, 'Pompey', 'levy', { block: 'P-NAV4', city: 'Utica' });
  t.same(where(s, 'P-NAV4'), { loc: 'Utica', str: 1, side: 'Pompey' });

  // Variant: Pompey holds Nicomedia, the Navis winters there.
  const v = winter({ Caesar: { Massilia: ['C-L8'] }, Pompey: { Propontis: ['P-NAV4'], Nicomedia: ['P-L35'] } });
  t.equal(where(v, 'P-NAV4').loc, 'Nicomedia');
  t.end();
});

t.test('JC-188 a Vacant port cannot receive a wintering Navis', (t) => {
  // JC-188
  const s = winter({
    Caesar: { Hadriaticum: ['C-NAV2'], Genua: ['C-L8'] },
    Pompey: { Brundisium: ['P-L3'] },
  });
  t.same(where(s, 'C-NAV2'), { loc: 'pool', str: 0, side: 'Caesar' }, 'Ravenna is Vacant: disbanded');
  t.equal(s.step, 'winter-disband', 'no port choice was offered');
  // With Ravenna Caesar-Friendly the same Navis winters there.
  const ok = winter({ Caesar: { Hadriaticum: ['C-NAV2'], Ravenna: ['C-L13'] }, Pompey: { Brundisium: ['P-L3'] } });
  t.equal(where(ok, 'C-NAV2').loc, 'Ravenna');
  t.end();
});

// ---- 8.4 Winter supply ----

t.test('JC-189 each city supports 3 blocks plus its VP; the owner disbands the surplus of his choice', (t) => {
  // JC-189
  let s = winter({
    Caesar: {
      Rome: ['C-Caesar', 'C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11'],
      Massilia: ['C-L12', 'C-L13', 'C-L14', 'C-L16', 'C-EQ1'],
      Genua: ['C-L17', 'C-L18', 'C-L19', 'C-L20'],
      Ravenna: ['C-L21', 'C-AUX1', 'C-AUX2'],
    },
    Pompey: { Tarraco: ['P-L5', 'P-L6', 'P-EQ1', 'P-L2', 'P-L4'], Utica: ['P-L39', 'P-NAV3', 'P-ELE', 'P-L33'] },
  });
  t.equal(s.step, 'winter-supply');
  t.same(pending(s), ['Caesar'], 'Caesar resolves his cities first');
  const offered = legal(s, 'Caesar').map((a) => a.block).sort();
  t.same(
    offered,
    ['C-Caesar', 'C-EQ1', 'C-L10', 'C-L11', 'C-L12', 'C-L13', 'C-L14', 'C-L16', 'C-L17', 'C-L18', 'C-L19', 'C-L20', 'C-L7', 'C-L8', 'C-L9'],
    'any block of an over-limit city; Ravenna (3 blocks, limit 3) is not affected',
  );
  t.notOk(isLegal(s, 'Caesar', 'disband', { block: 'C-L21' }));
  t.same(legal(s, 'Pompey'), [], 'Pompey waits');
  s = act(s, 'Caesar', 'disband', { block: 'C-L9' });
  t.same(where(s, 'C-L9'), { loc: 'pool', str: 0, side: 'Caesar' }, 'to the Levy Pool, steps lost');
  t.notOk(isLegal(s, 'Caesar', 'disband', { block: 'C-L10' }), 'Rome is now at its limit of 5');
  s = act(s, 'Caesar', 'disband', { block: 'C-L14' });
  t.notOk(isLegal(s, 'Caesar', 'disband', { block: 'C-L13' }), 'Massilia is now at its limit of 4');
  t.same(pending(s), ['Caesar'], 'Genua is still over its limit');
  s = act(s, 'Caesar', 'disband', { block: 'C-L20' });
  t.same(pending(s), ['Pompey'], 'then Pompey (Tarraco 5 > 4; Utica 4 ≤ 4)');
  t.same(legal(s, 'Pompey').map((a) => a.block).sort(), ['P-EQ1', 'P-L2', 'P-L4', 'P-L5', 'P-L6']);
  s = act(s, 'Pompey', 'disband', { block: 'P-EQ1' });
  t.equal(s.step, 'winter-disband');
  const count = (loc: string) => s.loc.filter((l) => l === loc).length;
  t.same([count('Rome'), count('Massilia'), count('Genua'), count('Ravenna'), count('Tarraco'), count('Utica')], [5, 4, 3, 3, 4, 4]);
  t.end();
});

t.test('JC-190 Navis in port count towards the supply limit', (t) => {
  // JC-190: C-NAV1 comes into Genua at 8.3 (the only Friendly port on Hispanum), making 4 blocks.
  const s = winter({
    Caesar: { Genua: ['C-L8', 'C-L11', 'C-L12'], Hispanum: ['C-NAV1'] },
    Pompey: { Utica: ['P-L39'] },
  });
  t.equal(where(s, 'C-NAV1').loc, 'Genua');
  t.equal(s.step, 'winter-supply');
  t.same(legal(s, 'Caesar').map((a) => a.block).sort(), ['C-L11', 'C-L12', 'C-L8', 'C-NAV1']);
  const a = act(s, 'Caesar', 'disband', { block: 'C-NAV1' });
  t.equal(where(a, 'C-NAV1').loc, 'pool', 'the owner may pick the Navis');
  t.equal(a.step, 'winter-disband');
  const b = act(s, 'Caesar', 'disband', { block: 'C-L8' });
  t.equal(where(b, 'C-NAV1').loc, 'Genua', 'or a legion');
  // 3 blocks in Genua (2 legions and a Navis) are within the limit.
  const within = winter({ Caesar: { Genua: ['C-L8', 'C-L11', 'C-NAV1'] }, Pompey: { Utica: ['P-L39'] } });
  t.equal(within.step, 'winter-disband');
  t.end();
});

t.test('JC-191 Cleopatra counts towards the supply limit but is never disbanded', (t) => {
  // JC-191
  let s = winter({
    Caesar: { Massilia: ['C-L8'] },
    Pompey: { Alexandria: ['CLEO', 'P-L38', 'P-L34', 'P-EQ3', 'P-NAV2', 'P-Scipio'] },
  });
  t.equal(s.step, 'winter-supply');
  t.same(pending(s), ['Pompey']);
  t.same(legal(s, 'Pompey').map((a) => a.block).sort(), ['P-EQ3', 'P-L34', 'P-L38', 'P-NAV2', 'P-Scipio']);
  t.notOk(isLegal(s, 'Pompey', 'disband', { block: 'CLEO' }));
  t.throws(() => act(s, 'Pompey', 'disband', { block: 'CLEO' }), { name: 'RuleError' });
  s = act(s, 'Pompey', 'disband', { block: 'P-L34' });
  t.equal(s.step, 'winter-disband');
  t.same(where(s, 'CLEO'), { loc: 'Alexandria', str: 4, side: 'Pompey' });
  t.equal(s.loc.filter((l) => l === 'Alexandria').length, 5);
  t.notOk(isLegal(s, 'Pompey', 'disband', { block: 'CLEO' }), 'nor at 8.5');
  // Five blocks alone are within Alexandria's limit of 5; Cleopatra coming home from Antioch at 8.1 makes 6.
  const home = winter({ Caesar: { Massilia: ['C-L8'] }, Pompey: { Alexandria: ['P-L38', 'P-L34', 'P-EQ3', 'P-NAV2', 'P-Scipio'], Antioch: ['CLEO'] } });
  t.equal(home.step, 'winter-supply');
  t.equal(legal(home, 'Pompey').length, 5);
  const five = winter({ Caesar: { Massilia: ['C-L8'] }, Pompey: { Alexandria: ['P-L38', 'P-L34', 'P-EQ3', 'P-NAV2'], Antioch: ['CLEO'] } });
  t.equal(five.step, 'winter-disband', 'four blocks and Cleopatra: within the limit');
  t.end();
});

t.test('JC-192 a leader disbanded for supply is not killed and can be levied again next Year', (t) => {
  // JC-192
  let s = winter({
    Caesar: { Rome: ['C-Caesar', 'C-L7', 'C-L8', 'C-L9', 'C-L10', 'C-L11'], Massilia: ['C-L12'] },
    Pompey: { Utica: ['P-L39'] },
  });
  const vpBefore = viewOf(s, null).vp;
  s = act(s, 'Caesar', 'disband', { block: 'C-Caesar' });
  t.same(where(s, 'C-Caesar'), { loc: 'pool', str: 0, side: 'Caesar' }, 'in the Levy Pool, not killed');
  t.same(viewOf(s, null).vp, vpBefore, 'Pompey VP unchanged: no trophy');
  t.same(viewOf(s, 'Pompey').pools.Caesar.killed, []);
  t.notOk(logOf(s, null).some((e) => /killed/.test(e)));
  s = playTurn1(discardBoth(endWinter(s)));
  t.equal(s.year, 706);
  s = commandOf(s, 'Caesar');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-Caesar', city: 'Rome' }), 'levyable in any Friendly city');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-Caesar', city: 'Massilia' }));
  t.same(legal(s, 'Caesar', 'levy', 'C-Octavian'), [], 'Octavian stays unavailable');
  s = act(s, 'Caesar', 'levy', { block: 'C-Caesar', city: 'Massilia' });
  t.same(where(s, 'C-Caesar'), { loc: 'Massilia', str: 1, side: 'Caesar' }, 'levied at I');
  t.end();
});

// ---- 8.5 Disbanding ----

t.test('JC-193 in Winter each player, Caesar first, may disband any block but Cleopatra', (t) => {
  // JC-193
  let s = winter({
    year: 706,
    Caesar: { Massilia: ['C-L8', 'C-NAV1'], Rome: ['C-L13'] },
    Pompey: { Brundisium: ['P-L3:II'], Ravenna: ['P-L1'], Alexandria: ['CLEO'] },
  });
  t.equal(s.step, 'winter-disband');
  t.same(pending(s), ['Caesar'], 'Caesar first');
  t.same(
    legal(s, 'Caesar').map((a) => (a.type === 'disband' ? a.block : a.type)).sort(),
    ['C-L13', 'C-L8', 'C-NAV1', 'done'],
  );
  t.throws(() => act(s, 'Pompey', 'disband', { block: 'P-L3' }), { name: 'RuleError' }, 'Pompey waits for Caesar');
  s = done(s, 'Caesar');
  t.same(pending(s), ['Pompey']);
  t.same(
    legal(s, 'Pompey').map((a) => (a.type === 'disband' ? a.block : a.type)).sort(),
    ['P-L1', 'P-L3', 'done'],
    'never Cleopatra',
  );
  t.throws(() => act(s, 'Pompey', 'disband', { block: 'CLEO' }), { name: 'RuleError' });
  s = act(s, 'Pompey', 'disband', { block: 'P-L3' });
  t.same(where(s, 'P-L3'), { loc: 'pool', str: 0, side: 'Pompey' }, 'to the Levy Pool, steps lost');
  t.equal(s.step, 'winter-disband', 'he may disband more');
  t.notOk(isLegal(s, 'Pompey', 'disband', { block: 'P-L3' }));
  s = done(s, 'Pompey');
  t.equal(s.year, 707);
  s = commandOf(playTurn1(discardBoth(s)), 'Pompey');
  t.ok(isLegal(s, 'Pompey', 'levy', { block: 'P-L3', city: 'Ravenna' }), 'levyable in its levy city, Pompey-Friendly');
  s = act(s, 'Pompey', 'levy', { block: 'P-L3', city: 'Ravenna' });
  t.same(where(s, 'P-L3'), { loc: 'Ravenna', str: 1, side: 'Pompey' }, 'at I');
  t.end();
});

t.test('JC-193 no disbanding during a Year', (t) => {
  // JC-193 (AMBIGUOUS: only at step 8.5)
  let s = position({ turn: 3, Caesar: { Massilia: ['C-L8'] }, Pompey: { Utica: ['P-L39'] } });
  s = play(s, { Caesar: 'K08', Pompey: 'K10' });
  t.equal(s.step, 'command');
  t.same(legal(s, 'Caesar', 'disband'), []);
  t.throws(() => act(s, 'Caesar', 'disband', { block: 'C-L8' }), { name: 'RuleError' });
  t.end();
});

t.test('JC-194 blocks can never be merged', (t) => {
  // JC-194
  let s = winter({
    Caesar: { Rome: ['C-L7:I', 'C-L8:II', 'C-L9', 'C-L10', 'C-L11', 'C-L12'] },
    Pompey: { Utica: ['P-L39'] },
  });
  const known = new Set(['port', 'disband', 'done']);
  for (const r of ROLES) t.ok(legal(s, r).every((a) => known.has(a.type) && !('into' in a) && !('blocks' in a)));
  t.throws(() => act(s, 'Caesar', 'merge', { block: 'C-L7', into: 'C-L8' }), { name: 'RuleError' });
  t.throws(() => act(s, 'Caesar', 'disband', { block: 'C-L7', into: 'C-L8' }), { name: 'RuleError' }, 'no extra field');
  s = act(s, 'Caesar', 'disband', { block: 'C-L7' });
  t.same(where(s, 'C-L8'), { loc: 'Rome', str: 2, side: 'Caesar' }, 'the disbanded step goes nowhere');
  t.same(where(s, 'C-L7'), { loc: 'pool', str: 0, side: 'Caesar' });
  // In a command, steps come only from Levy Points (strengthen one block), never from another block.
  let c = position({ turn: 2, Caesar: { Rome: ['C-L7:I', 'C-L8:II'] }, Pompey: { Utica: ['P-L39'] } });
  c = play(c, { Caesar: 'K08', Pompey: 'K10' });
  t.ok(legal(c, 'Caesar').every((a) => ['move', 'amphibious', 'levy', 'strengthen', 'done'].includes(a.type)));
  c = act(c, 'Caesar', 'strengthen', { block: 'C-L8' });
  t.same([where(c, 'C-L7').str, where(c, 'C-L8').str], [1, 3]);
  t.end();
});

// ---- 8.6 Year reset ----

t.test('JC-195 Year reset: eliminated blocks return, killed leaders stay out, map blocks keep strength', (t) => {
  // JC-195
  let s = position({
    year: 705,
    turn: 5,
    Caesar: { Tarraco: ['C-L7'], Genua: ['C-L13:I'], Massilia: ['C-L12'] },
    Pompey: { Utica: ['P-L39'] },
    eliminated: ['C-L8'],
    killed: ['C-Antonius'],
  });
  s = play(s, { Caesar: 'K08', Pompey: 'K10' });
  t.notOk(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), '705: C-L8 is face-up, not available');
  t.same(viewOf(s, 'Pompey').pools.Caesar.eliminated, ['C-L8']);
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  s = endWinter(s);
  t.equal(s.year, 706);
  t.equal(where(s, 'C-L8').loc, 'pool', 'face-down and available again');
  t.equal(where(s, 'C-Antonius').loc, 'killed', 'the trophy stays');
  t.same(where(s, 'C-L13'), { loc: 'Genua', str: 1, side: 'Caesar' }, 'strength kept');
  t.same(where(s, 'C-L7'), { loc: 'Tarraco', str: 3, side: 'Caesar' });
  for (const r of [null, 'Caesar', 'Pompey'] as const) {
    t.same(viewOf(s, r).pools.Caesar.eliminated, [], 'no face-up block left');
    t.same(viewOf(s, r).pools.Caesar.killed, ['C-Antonius']);
  }
  t.same(viewOf(s, null).vp.Pompey, 4, 'the trophy still scores (Utica 1, Alexandria 2, Antonius 1)');
  s = commandOf(playTurn1(discardBoth(s)), 'Caesar');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-L8', city: 'Tarraco' }), '706: C-L8 may be levied');
  t.same(legal(s, 'Caesar', 'levy', 'C-Antonius'), [], 'C-Antonius never again');
  t.ok(isLegal(s, 'Caesar', 'levy', { block: 'C-Octavian', city: 'Genua' }), 'Octavian is released by the kill');
  t.end();
});

t.test('JC-196 Year reset deals a new Year: 6 cards each, a secret discard, then turn 1 decided by the cards', (t) => {
  // JC-196
  let s = winter({ Caesar: { Massilia: ['C-L8'] }, Pompey: { Utica: ['P-L39'] } });
  s = endWinter(s);
  t.equal(s.year, 706);
  t.equal(s.step, 'discard');
  t.same(pending(s).sort(), ['Caesar', 'Pompey']);
  t.equal(s.hand.Caesar.length, 6);
  t.equal(s.hand.Pompey.length, 6);
  t.equal(new Set([...s.hand.Caesar, ...s.hand.Pompey]).size, 12, '12 distinct cards');
  t.same(s.discard, { Caesar: null, Pompey: null });
  t.same(viewOf(s, 'Caesar').hand, s.hand.Caesar);
  t.same(viewOf(s, 'Caesar').handCount, { Caesar: 6, Pompey: 6 });
  // Undealt cards are seen by nobody.
  const dealt = new Set([...s.hand.Caesar, ...s.hand.Pompey]);
  const undealt = CARDS.map((c) => c.id).filter((c) => !dealt.has(c));
  t.equal(undealt.length, 15);
  for (const r of [null, 'Caesar', 'Pompey'] as const) {
    const v = viewOf(s, r);
    const fromThisYear = JSON.stringify({ ...v, log: v.log.slice(v.log.indexOf('— Year 706 —')) });
    t.notOk(undealt.some((c) => fromThisYear.includes(`${c}`)), `${r ?? 'observer'} sees no undealt card`);
  }
  t.equal(legal(s, 'Caesar', 'play').length, 0, 'no card play before the discard');
  s = discardBoth(s);
  t.equal(s.turn, 1);
  t.equal(s.step, 'cards');
  t.equal(s.hand.Caesar.length, 5);
  t.equal(s.hand.Pompey.length, 5);
  // Caesar plays his lowest Move value, Pompey his highest: the card comparison decides, not the 705 exception.
  const moves = (r: Role) => s.hand[r].filter((c) => commandCard.has(c)).sort((a, b) => commandCard.get(a)!.move - commandCard.get(b)!.move);
  const c = moves('Caesar')[0]!;
  const p = moves('Pompey').at(-1)!;
  t.ok(commandCard.get(p)!.move > commandCard.get(c)!.move, `test setup: ${p} beats ${c} (seeded deal)`);
  s = act(s, 'Caesar', 'play', { card: c });
  s = act(s, 'Pompey', 'play', { card: p });
  t.equal(s.p1, 'Pompey', 'Pompey is Player 1 on turn 1 of 706');
  t.same(pending(s), ['Pompey']);
  t.end();
});
