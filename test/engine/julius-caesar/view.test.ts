// The hidden-information contract of view(state, role): what each player and an observer may see
// (Fog-of-War sidebar, 2.1, 3.x, 5.2, 5.3, 7.1, 7.3; checklist JC-13-15, JC-42, JC-43, JC-57).
// Any leak is a security bug of the service. Each test builds a concrete position with real
// actions, checks what every role sees, and serialises whole views to look for hidden ids, names,
// strengths and cards. The last test does the same after every action of seeded random games.

import t from 'tap';
import { hiddenEntry } from '../../../src/engine/kit/words.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import {
  act,
  aggressive,
  done,
  jc,
  legal,
  move,
  pending,
  picker,
  play,
  position,
  rig,
  rigPick,
  viewOf,
  where,
  type Action,
  type JCView,
  type Role,
  type Spec,
  type State,
} from './helpers.js';
import { testSeed } from '../../helpers/seeds.js';

const ROLES: Role[] = ['Caesar', 'Pompey'];
const VIEWERS: (Role | null)[] = ['Caesar', 'Pompey', null];
const other = (r: Role): Role => (r === 'Caesar' ? 'Pompey' : 'Caesar');
const who = (r: Role | null) => r ?? 'observer';
const BY_ID = new Map(BLOCKS.map((b) => [b.id, b]));
const CARD_IDS = CARDS.map((c) => c.id);

/** Names carried by exactly one block, and not also a player's name (so a mention is unambiguous); not Cleopatra, who is public. */
const nameCount = new Map<string, number>();
for (const b of BLOCKS) nameCount.set(b.name, (nameCount.get(b.name) ?? 0) + 1);
const UNIQUE_NAME = new Set(BLOCKS.filter((b) => nameCount.get(b.name) === 1 && b.name !== 'Caesar' && b.name !== 'Pompey' && b.id !== 'CLEO').map((b) => b.name));

function escape(x: string): string {
  return x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Does a text name this block ("Legio 1" does not match "Legio 13")? */
function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^\\w])${escape(name)}(?![\\w])`).test(text);
}

/** Ids (as JSON strings) and unique names of these blocks that occur anywhere in the serialised view. */
function leaked(v: JCView, ids: string[]): string[] {
  const text = JSON.stringify(v);
  const out: string[] = [];
  for (const id of ids) {
    if (text.includes(`"${id}"`)) out.push(id);
    const name = BY_ID.get(id)!.name;
    if (UNIQUE_NAME.has(name) && mentions(text, name)) out.push(name);
  }
  return out;
}

/** Card ids occurring anywhere in a serialised value. */
function cardsIn(x: unknown): string[] {
  const text = JSON.stringify(x);
  return CARD_IDS.filter((c) => text.includes(c));
}

/** An enemy block as the rules show it outside a battle: side, location, moved (Cleopatra also her identity). */
function isHiddenShape(b: JCView['blocks'][number]): boolean {
  const keys = Object.keys(b).sort().join(',');
  if (b.id === 'CLEO') return keys === 'id,location,moved,name,side,type' || keys === 'id,location,moved,name,reserve,side,type';
  return keys === 'location,moved,side' || keys === 'location,moved,reserve,side';
}

function blocksAt(v: JCView, loc: string, side?: Role) {
  return v.blocks.filter((b) => b.location === loc && (side === undefined || b.side === side));
}

/** Turn 5 of a Year with both commands finished at once: the Winter Turn has begun. */
function winter(spec: Spec): State {
  let s = position({ ...spec, year: spec.year ?? 706, turn: 5 });
  s = play(s, { Caesar: s.hand.Caesar[0]!, Pompey: s.hand.Pompey[0]! });
  while (s.step === 'command') s = done(s, s.cmd!.role);
  return s;
}

// ---------------------------------------------------------------------------------------------

/** A view with `n` more hidden entries of `owner` (then of `owner2`) at the end of its log. */
function withHidden<V extends { log: string[] }>(v: V, owner: string, n: number, owner2?: string, n2 = 0): V {
  const more = [...Array(n).fill(hiddenEntry(owner)), ...Array(n2).fill(owner2 ? hiddenEntry(owner2) : '')];
  return { ...v, log: v.log.concat(more) };
}

t.test('view: hands and the Year discard are seen only by their owner (JC-13, JC-14)', (t) => {
  let s = jc.setup(testSeed(7));
  t.equal(s.step, 'discard');
  const hands = { Caesar: [...s.hand.Caesar], Pompey: [...s.hand.Pompey] };
  const undealt = CARD_IDS.filter((c) => !hands.Caesar.includes(c) && !hands.Pompey.includes(c));
  t.equal(undealt.length, 15);
  for (const r of ROLES) {
    const v = viewOf(s, r);
    t.same(v.hand, hands[r], `${r} sees his own 6 cards`);
    t.same(v.handCount, { Caesar: 6, Pompey: 6 }, 'the other hand only as a count');
    t.same(cardsIn(v).sort(), [...hands[r]].sort(), `${r}'s view names only his own cards`);
  }
  const obs = viewOf(s, null);
  t.equal(obs.hand, null);
  t.equal(obs.discard, null);
  t.same(cardsIn(obs), [], 'the observer sees no card at all');

  // Pompey discards; then changes his mind. Caesar's view shows only that a card was discarded.
  const [d1, d2] = hands.Pompey as [string, string];
  const caesarBefore = viewOf(s, 'Caesar');
  s = act(s, 'Pompey', 'discard', { card: d1 });
  const caesarAfter = viewOf(s, 'Caesar');
  t.same(caesarAfter.log.slice(caesarBefore.log.length), ['Pompey discards a card.']);
  t.equal(viewOf(s, 'Pompey').discard, d1);
  t.equal(caesarAfter.discard, null, "Caesar's own discard, not Pompey's");
  s = act(s, 'Pompey', 'discard', { card: d2 });
  // The change keeps its place in everyone's log (one numbering), its card hidden from all but Pompey.
  t.same(viewOf(s, 'Caesar'), { ...caesarAfter, log: caesarAfter.log.concat('An entry only Pompey may see.') }, 'changing the discard shows Caesar nothing but a hidden entry');
  t.same(viewOf(s, null).log, obs.log.concat('Pompey discards a card.', 'An entry only Pompey may see.'), 'the observer reads the same public lines');
  t.equal(viewOf(s, 'Pompey').discard, d2);
  t.ok(viewOf(s, 'Pompey').log.some((e) => e.startsWith('Pompey changes his discard to') && e.includes(`(${d2})`)));

  s = act(s, 'Caesar', 'discard', { card: hands.Caesar[0]! });
  t.equal(s.step, 'cards');
  t.same(viewOf(s, 'Caesar').handCount, { Caesar: 5, Pompey: 5 });
  // The discards stay secret for the whole Year, whatever is played.
  for (let turn = 1; turn <= 5; turn++) {
    s = act(s, 'Caesar', 'play', { card: legal(s, 'Caesar', 'play').at(-1)!.card });
    s = act(s, 'Pompey', 'play', { card: legal(s, 'Pompey', 'play').at(-1)!.card });
    let guard = 0;
    while (s.turn === turn && guard++ < 500) {
      const role = pending(s)[0] as Role;
      const l = legal(s, role);
      s = jc.apply(s, role, l.find((a) => a.type === 'done' || a.type === 'pass' || a.type === 'hit') ?? l[0]!);
    }
    for (const v of [viewOf(s, 'Caesar'), viewOf(s, null)]) t.notOk(cardsIn(v).includes(d2), `turn ${turn}: Pompey's discard hidden from ${who(v.role)}`);
    for (const v of [viewOf(s, 'Pompey'), viewOf(s, null)]) {
      t.notOk(cardsIn(v).includes(hands.Caesar[0]!), `turn ${turn}: Caesar's discard hidden from ${who(v.role)}`);
    }
    if (s.year !== 705) break; // the Winter Turn has run (victory or the next Year)
  }
  t.end();
});

t.test('view: a sealed card is shown only as "played" until both are in (JC-15)', (t) => {
  let s = position({ turn: 2 });
  s = act(s, 'Caesar', 'play', { card: 'K09' });
  const pompey = viewOf(s, 'Pompey');
  t.same(pompey.cards.Caesar, { played: true, card: null, actsAs: null });
  t.same(pompey.cards.Pompey, { played: false, card: null, actsAs: null });
  t.same(viewOf(s, null).cards, pompey.cards, 'the observer sees the same');
  t.same(viewOf(s, 'Caesar').cards.Caesar, { played: true, card: 'K09', actsAs: null }, 'Caesar sees his own card');
  t.notOk(cardsIn(pompey).includes('K09'));
  t.notOk(cardsIn(viewOf(s, null)).includes('K09'));
  t.equal(pompey.log.at(-1), 'Caesar plays a card face-down.');
  // Changing the sealed card shows Pompey nothing new but a hidden entry (one numbering, issue 41).
  s = act(s, 'Caesar', 'play', { card: 'K14' });
  t.same(viewOf(s, 'Pompey'), withHidden(pompey, 'Caesar', 1), "Pompey's view is unchanged but for a hidden entry");
  t.equal(viewOf(s, 'Caesar').cards.Caesar.card, 'K14');
  // Pompey's card completes the pair: both are revealed together, to everyone.
  s = act(s, 'Pompey', 'play', { card: 'K10' });
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.same(v.cards, { Caesar: { played: true, card: 'K14', actsAs: null }, Pompey: { played: true, card: 'K10', actsAs: null } }, who(r));
    t.ok(v.log.includes('Cards revealed: Caesar K14 (Move 2, Levy 3); Pompey K10 (Move 3, Levy 2).'), who(r));
    t.equal(v.p1, 'Pompey', `${who(r)}: Player 1 is public`);
  }
  t.notOk(cardsIn(viewOf(s, 'Pompey')).includes('K09'), 'the abandoned card stays secret');
  t.notOk(cardsIn(viewOf(s, null)).includes('K09'));

  // Apollo: hidden while sealed, then revealed with the card it acts as.
  let a = position({ turn: 2, previous: { Caesar: 'K18', Pompey: 'K11' }, hands: { Caesar: ['K01', 'K08', 'K09', 'K14'] } });
  a = act(a, 'Caesar', 'play', { card: 'K01' });
  t.notOk(cardsIn(viewOf(a, 'Pompey')).includes('K01'));
  a = act(a, 'Pompey', 'play', { card: 'K10' });
  for (const r of VIEWERS) t.same(viewOf(a, r).cards.Caesar, { played: true, card: 'K01', actsAs: 'K11' }, who(r));
  t.end();
});

t.test('view: own blocks in full, enemy blocks only by side and location; Cleopatra public (JC-42, JC-43)', (t) => {
  const s = command({
    Caesar: { Ravenna: ['C-Caesar', 'C-L13:II', 'C-NAV2'], Genua: ['C-L8'] },
    Pompey: { Neapolis: ['P-Pompey:II', 'P-L1'], Brundisium: ['P-L3:I'], Alexandria: ['CLEO:III', 'P-NAV2'] },
    eliminated: ['C-L9', 'P-L4'],
    killed: ['P-Scipio'],
    cards: { Caesar: 'K08', Pompey: 'K10' },
  });
  const c = viewOf(s, 'Caesar');
  const l13 = c.blocks.find((b) => b.id === 'C-L13')!;
  t.same(l13, {
    side: 'Caesar',
    location: 'Ravenna',
    moved: false,
    id: 'C-L13',
    name: 'Legio 13',
    type: 'legion',
    strength: 2,
    maxStrength: 3,
    initiative: 'C',
    firepower: 3,
  });
  t.equal(c.blocks.length, 9, 'every block on the map');
  for (const b of c.blocks.filter((b) => b.side === 'Pompey')) t.ok(isHiddenShape(b), `Caesar sees ${JSON.stringify(b)}`);
  t.same(blocksAt(c, 'Neapolis'), [
    { side: 'Pompey', location: 'Neapolis', moved: false },
    { side: 'Pompey', location: 'Neapolis', moved: false },
  ]);
  t.same(blocksAt(c, 'Alexandria')[0], { side: 'Pompey', location: 'Alexandria', moved: false, id: 'CLEO', name: 'Cleopatra', type: 'cleopatra' }, 'her identity, not her strength');
  t.same(leaked(c, ['P-Pompey', 'P-L1', 'P-L3', 'P-NAV2']), []);

  // Pools: own listed; the enemy's as a count with his face-up eliminated blocks and the trophies.
  t.equal(c.pools.Caesar.available!.length, 31 - 4 - 1);
  t.ok(c.pools.Caesar.available!.some((b) => b.id === 'C-L17'));
  t.same(c.pools.Pompey, { available: null, count: 31 - 4 - 2, eliminated: ['P-L4'], killed: ['P-Scipio'] });
  t.same(c.pools.Caesar.eliminated, ['C-L9']);
  const p = viewOf(s, 'Pompey');
  t.same(p.pools.Caesar, { available: null, count: 31 - 4 - 1, eliminated: ['C-L9'], killed: [] });
  t.same(leaked(p, ['C-Caesar', 'C-L13', 'C-NAV2', 'C-L8', 'C-L17', 'C-L21']), [], 'no Caesar id or name in Pompey\'s view');
  t.same(blocksAt(p, 'Alexandria').map((b) => [b.id, b.strength]), [['CLEO', 3], ['P-NAV2', 2]], 'Pompey sees his Cleopatra in full');
  const o = viewOf(s, null);
  for (const b of o.blocks) t.ok(isHiddenShape(b), `the observer sees ${JSON.stringify(b)}`);
  t.same(o.pools.Caesar.available, null);
  t.same(o.pools.Pompey.available, null);
  t.same(o.pools.Pompey.killed, ['P-Scipio']);
  t.same(leaked(o, ['C-Caesar', 'C-L13', 'C-NAV2', 'C-L8', 'P-Pompey', 'P-L1', 'P-L3', 'P-NAV2']), []);
  t.same(o.vp, { Caesar: 1, Pompey: 2 }, 'VP are public (Alexandria 2; Scipio killed: +1 Caesar)');
  t.end();
});

/** A Command Phase position (re-exported shape of helpers.command, with defaults). */
function command(spec: Spec & { cards: Record<Role, string> }): State {
  return play(position({ turn: 2, ...spec }), spec.cards);
}

t.test('view: two positions that differ only in hidden identities look the same to the opponent', (t) => {
  // Which hidden block stands where, and at what strength, must not change the opponent's view,
  // including the order of view.blocks.
  const pompeySide = { Neapolis: ['P-L1:IV', 'P-L3'], Rome: ['P-L5:I'] };
  const caesarSide = { Ravenna: ['C-L13:III', 'C-Caesar'], Genua: ['C-L8:I'] };
  const cards = { Caesar: 'K08', Pompey: 'K10' };
  const a = command({ Caesar: caesarSide, Pompey: pompeySide, cards });
  // b: other Caesar blocks, other strengths, swapped between Ravenna and Genua.
  const b = command({ Caesar: { Ravenna: ['C-L8:I', 'C-L12:II'], Genua: ['C-L13:II'] }, Pompey: pompeySide, cards });
  // c: other Pompey blocks and strengths.
  const c0 = command({ Caesar: caesarSide, Pompey: { Neapolis: ['P-L6:II', 'P-Pompey:I'], Rome: ['P-L39:III'] }, cards });
  t.same(viewOf(a, 'Pompey'), viewOf(b, 'Pompey'), "Caesar's hidden blocks, for Pompey");
  t.same(viewOf(a, 'Caesar'), viewOf(c0, 'Caesar'), "Pompey's hidden blocks, for Caesar");
  t.same(viewOf(a, null), viewOf(b, null), 'the observer cannot tell them apart');
  t.same(viewOf(a, null), viewOf(c0, null));
  t.notSame(viewOf(a, 'Caesar').blocks, viewOf(b, 'Caesar').blocks, 'the owner can');
  t.notSame(viewOf(a, 'Pompey').blocks, viewOf(c0, 'Pompey').blocks);

  // The same holds after the same moves made by different blocks, and after levies of different blocks.
  let a2 = move(a, 'Caesar', 'C-L13', 'Rome');
  let b2 = move(b, 'Caesar', 'C-L8', 'Rome');
  t.same(viewOf(a2, 'Pompey'), viewOf(b2, 'Pompey'), 'a move (log included)');
  a2 = move(a2, 'Caesar', 'C-L8', 'Massilia');
  b2 = move(b2, 'Caesar', 'C-L13', 'Massilia');
  a2 = act(a2, 'Caesar', 'levy', { block: 'C-AUX1', city: 'Massilia' });
  b2 = act(b2, 'Caesar', 'levy', { block: 'C-AUX3', city: 'Massilia' });
  t.same(viewOf(a2, 'Pompey'), viewOf(b2, 'Pompey'), 'a levy');
  t.same(viewOf(a2, null), viewOf(b2, null));
  t.notSame(viewOf(a2, 'Caesar'), viewOf(b2, 'Caesar'));

  // Strengthening: one block or the other in the same city.
  const c = command({ Caesar: { Ravenna: ['C-L13:I', 'C-L14:I'] }, Pompey: { Rome: ['P-L1'] }, cards: { Caesar: 'K14', Pompey: 'K22' } });
  t.equal(c.cmd!.role, 'Caesar');
  const c1 = act(c, 'Caesar', 'strengthen', { block: 'C-L13' });
  const c2 = act(c, 'Caesar', 'strengthen', { block: 'C-L14' });
  t.same(viewOf(c1, 'Pompey'), viewOf(c2, 'Pompey'), 'strengthening');
  t.same(viewOf(c1, null), viewOf(c2, null));

  // Blocks of the same city listed in any order of the underlying arrays: the enemy's list is the same.
  const x = command({ Caesar: { Rome: ['C-L7', 'C-L21:I'], Genua: ['C-EQ1'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K08', Pompey: 'K10' } });
  const y = command({ Caesar: { Rome: ['C-EQ1:II', 'C-L7:I'], Genua: ['C-L21:IV'] }, Pompey: { Utica: ['P-L39'] }, cards: { Caesar: 'K08', Pompey: 'K10' } });
  t.same(viewOf(x, 'Pompey'), viewOf(y, 'Pompey'));
  t.end();
});

t.test('view: moves, levies and strengthening in the log name no hidden block or strength', (t) => {
  let s = command({
    Caesar: { Genua: ['C-Caesar', 'C-L13:II', 'C-L14'], Ravenna: ['C-L8'] },
    Pompey: { Neapolis: ['P-L1'] },
    cards: { Caesar: 'K09', Pompey: 'K22' },
  });
  s = move(s, 'Caesar', 'C-Caesar', 'Rome');
  s = move(s, 'Caesar', 'C-L13', 'Rome');
  s = move(s, 'Caesar', 'C-L14', 'Rome');
  const pLog = viewOf(s, 'Pompey').log;
  t.equal(pLog.at(-1), 'Caesar moves 3 blocks Genua → Rome.');
  t.equal(viewOf(s, null).log.at(-1), 'Caesar moves 3 blocks Genua → Rome.');
  t.equal(viewOf(s, 'Caesar').log.at(-1), 'Caesar moves Caesar (leader), Legio 13, Legio 14 Genua → Rome.');
  t.same(
    blocksAt(viewOf(s, 'Pompey'), 'Rome'),
    [1, 2, 3].map(() => ({ side: 'Caesar', location: 'Rome', moved: true })),
    'moved face-down blocks',
  );
  s = act(s, 'Caesar', 'levy', { block: 'C-L17', city: 'Rome' });
  s = act(s, 'Caesar', 'strengthen', { block: 'C-L13' });
  for (const r of ['Pompey', null] as const) {
    const v = viewOf(s, r);
    t.same(v.log.slice(-2), ['Caesar levies a block in Rome.', 'Caesar adds a step to a block in Rome.'], who(r));
    t.same(leaked(v, ['C-Caesar', 'C-L13', 'C-L14', 'C-L17', 'C-L8']), [], `${who(r)}: no Caesar id or name`);
    t.notOk(v.log.some((e) => /\((I|II|III|IV)\)|now (I|II|III|IV)/.test(e)), `${who(r)}: no strength in the log`);
    t.equal(v.pools.Caesar.count, 31 - 5, `${who(r)}: the pool shrank by one (a count only)`);
    t.equal(blocksAt(v, 'Rome').length, 4);
    t.ok(blocksAt(v, 'Rome').every(isHiddenShape));
  }
  t.same(viewOf(s, 'Caesar').log.slice(-2), ['Caesar levies Legio 17 in Rome (I).', 'Caesar adds a step to Legio 13 in Rome (now III).']);
  t.end();
});

t.test('view: free deployment is secret until both players have deployed (JC-57)', (t) => {
  let s = jc.setup(testSeed(3), { scenario: 'free-deployment' });
  t.equal(s.step, 'deploy');
  const pompey0 = viewOf(s, 'Pompey');
  const obs0 = viewOf(s, null);
  s = act(s, 'Caesar', 'swap', { blocks: ['C-L16', 'C-Caesar'] });
  s = act(s, 'Caesar', 'swap', { blocks: ['C-L13', 'C-L7'] });
  t.same(viewOf(s, 'Pompey'), withHidden(pompey0, 'Caesar', 2), "Caesar's swaps do not change Pompey's view (but for two hidden entries)");
  t.same(viewOf(s, null), withHidden(obs0, 'Caesar', 2), 'nor the observer\'s');
  t.equal(viewOf(s, 'Caesar').blocks.find((b) => b.id === 'C-Caesar')!.location, 'Lugdunum', 'Caesar sees his own swap');
  t.ok(viewOf(s, 'Caesar').log.some((e) => e.startsWith('Caesar swaps')));

  // Cleopatra's identity is public, but where Pompey deploys her is part of his secret deployment.
  const caesar0 = viewOf(s, 'Caesar');
  s = act(s, 'Pompey', 'swap', { blocks: ['CLEO', 'P-L5'] });
  t.same(viewOf(s, 'Caesar'), withHidden(caesar0, 'Pompey', 1), "Pompey's Cleopatra swap does not change Caesar's view (but for a hidden entry)");
  t.same(viewOf(s, null), withHidden(obs0, 'Caesar', 2, 'Pompey', 1));
  s = done(s, 'Pompey');
  t.same(viewOf(s, 'Caesar').log.at(-1), 'Pompey has deployed.');
  t.notOk(viewOf(s, 'Caesar').blocks.some((b) => b.id === 'CLEO'), 'still hidden while Caesar deploys');
  s = done(s, 'Caesar');
  t.equal(s.step, 'discard');
  for (const r of ['Caesar', null] as const) {
    const v = viewOf(s, r);
    t.same(v.blocks.find((b) => b.id === 'CLEO'), { side: 'Pompey', location: 'Tarraco', moved: false, id: 'CLEO', name: 'Cleopatra', type: 'cleopatra' }, `${who(r)}: public once deployed`);
    t.same(leaked(v, ['P-L5', 'P-L6', 'P-Pompey', 'P-L1', 'P-Scipio']), [], `${who(r)}: the rest stays hidden`);
  }
  t.same(leaked(viewOf(s, 'Pompey'), ['C-L16', 'C-L13', 'C-L7', 'C-EQ1']), []);
  t.end();
});

t.test('view: a battle reveals its main forces, Reserves in Round 2, and hides everything again after (JC-43)', (t) => {
  // Caesar attacks Tarraco from Narbo (main force) and from Bilbilis (Reserves); blocks elsewhere stay hidden.
  let s = command({
    Caesar: { Narbo: ['C-L7', 'C-L9'], Bilbilis: ['C-L10', 'C-L16'], Massilia: ['C-L11'] },
    Pompey: { Tarraco: ['P-L5:I', 'P-L6:I', 'P-EQ1:I'], Utica: ['P-L39'] },
    cards: { Caesar: 'K08', Pompey: 'K10' },
  });
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  s = move(s, 'Caesar', 'C-L9', 'Tarraco');
  s = move(s, 'Caesar', 'C-L10', 'Tarraco');
  s = move(s, 'Caesar', 'C-L16', 'Tarraco');
  // Before the battle nothing is revealed.
  t.same(leaked(viewOf(s, 'Pompey'), ['C-L7', 'C-L9', 'C-L10', 'C-L16']), []);
  t.same(blocksAt(viewOf(s, 'Pompey'), 'Tarraco', 'Caesar'), [1, 2, 3, 4].map(() => ({ side: 'Caesar', location: 'Tarraco', moved: true })));
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle');

  // Round 1.
  const round1 = (r: Role | null) => {
    const v = viewOf(s, r);
    t.same(v.battle, {
      location: 'Tarraco',
      round: 1,
      attacker: 'Caesar',
      defender: 'Pompey',
      acting: { role: 'Pompey', initiative: 'B', hits: null },
      surprise: false,
      acted: [],
    });
    return v;
  };
  for (const r of ['Pompey', null] as const) {
    const v = round1(r);
    const caesar = blocksAt(v, 'Tarraco', 'Caesar');
    t.same(caesar.filter((b) => b.revealed).map((b) => [b.id, b.strength]), [['C-L7', 3], ['C-L9', 3]], `${who(r)}: the main force is revealed`);
    t.same(caesar.filter((b) => !b.revealed), [1, 2].map(() => ({ side: 'Caesar', location: 'Tarraco', moved: true, reserve: true })), `${who(r)}: Reserves hidden`);
    t.same(leaked(v, ['C-L10', 'C-L16', 'C-L11']), [], `${who(r)}: no Reserve or other block named`);
    t.ok(v.log.includes('Caesar: Legio 7 (C2, III), Legio 9 (C2, III); 2 in reserve.'));
  }
  for (const r of ['Caesar', null] as const) {
    const v = round1(r);
    t.same(blocksAt(v, 'Tarraco', 'Pompey').map((b) => [b.id, b.strength, b.revealed]), [['P-EQ1', 1, true], ['P-L5', 1, true], ['P-L6', 1, true]], `${who(r)}: defenders revealed`);
    t.same(blocksAt(v, 'Utica'), [{ side: 'Pompey', location: 'Utica', moved: false }], `${who(r)}: blocks elsewhere stay hidden`);
    t.same(leaked(v, ['P-L39']), []);
  }
  t.same(blocksAt(viewOf(s, 'Caesar'), 'Tarraco', 'Caesar').filter((b) => b.reserve).map((b) => b.id), ['C-L10', 'C-L16'], 'Caesar knows his Reserves');
  for (const id of ['P-EQ1', 'P-L5', 'P-L6']) s = act(s, 'Pompey', 'pass', { block: id });
  for (const id of ['C-L7', 'C-L9']) s = act(s, 'Caesar', 'pass', { block: id });

  // Round 2: the Reserves arrive and are revealed to everyone.
  t.equal(s.battle!.round, 2);
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.same(blocksAt(v, 'Tarraco', 'Caesar').map((b) => [b.id, b.strength, b.reserve]), [['C-L10', 3, undefined], ['C-L16', 3, undefined], ['C-L7', 3, undefined], ['C-L9', 3, undefined]], who(r));
    t.ok(v.log.includes("Caesar's Reserves arrive: Legio 10 (C4, III), Legio 16 (C2, III)."), who(r));
    t.same(leaked(v, r === 'Caesar' ? ['P-L39'] : ['C-L11', ...(r === null ? ['P-L39'] : [])]), [], `${who(r)}: the rest stays hidden`);
  }
  for (const id of ['P-EQ1', 'P-L5', 'P-L6']) s = act(s, 'Pompey', 'pass', { block: id });
  // A retreat: the block leaves the battle and is hidden again; the opponent reads "a block".
  s = act(s, 'Caesar', 'retreat', { block: 'C-L16', to: 'Bilbilis' });
  for (const r of ['Pompey', null] as const) {
    const v = viewOf(s, r);
    t.equal(v.log.at(-1), 'Caesar retreats a block Tarraco → Bilbilis.', who(r));
    t.same(blocksAt(v, 'Bilbilis'), [{ side: 'Caesar', location: 'Bilbilis', moved: true }], `${who(r)}: hidden once out of the battle`);
  }
  t.equal(viewOf(s, 'Caesar').log.at(-1), 'Caesar retreats Legio 16 Tarraco → Bilbilis.');
  // C-L7 rolls three hits; Pompey's three blocks are all at I, so he picks which takes each.
  s = act(rig(s, [1, 2, 1]), 'Caesar', 'fire', { block: 'C-L7' });
  t.equal(s.step, 'hits');
  for (const r of VIEWERS) t.same(viewOf(s, r).battle!.acting, { role: 'Pompey', initiative: null, hits: 3 }, who(r));
  s = act(s, 'Pompey', 'hit', { block: 'P-L6' });
  s = act(s, 'Pompey', 'hit', { block: 'P-EQ1' });
  // The last hit lands on P-L5 without a choice; Caesar wins and may regroup.
  t.equal(s.step, 'regroup');
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.equal(v.battle, null, `${who(r)}: no battle being fought`);
    t.same(v.pools.Pompey.eliminated, ['P-L5', 'P-L6', 'P-EQ1'].sort((x, y) => BLOCKS.findIndex((b) => b.id === x) - BLOCKS.findIndex((b) => b.id === y)), `${who(r)}: eliminated blocks face-up`);
    t.ok(v.log.includes("Pompey's Legio 6 takes a hit and is eliminated."));
    if (r !== 'Caesar') {
      t.same(blocksAt(v, 'Tarraco'), [1, 2, 3].map(() => ({ side: 'Caesar', location: 'Tarraco', moved: true })), `${who(r)}: survivors hidden again`);
    }
  }
  s = act(s, 'Caesar', 'regroup', { block: 'C-L9', to: 'Narbo' });
  t.equal(viewOf(s, 'Pompey').log.at(-1), 'Caesar regroups a block Tarraco → Narbo.');
  t.equal(viewOf(s, null).log.at(-1), 'Caesar regroups a block Tarraco → Narbo.');
  t.equal(viewOf(s, 'Caesar').log.at(-1), 'Caesar regroups Legio 9 Tarraco → Narbo.');
  s = done(s, 'Caesar');
  t.equal(s.step, 'cards');
  t.equal(s.turn, 3);
  for (const r of ['Pompey', null] as const) {
    const v = viewOf(s, r);
    t.ok(v.blocks.filter((b) => b.side === 'Caesar').every(isHiddenShape), `${who(r)}: all Caesar blocks hidden in turn 3`);
    t.notOk(JSON.stringify(v.blocks.filter((b) => b.side === 'Caesar')).includes('"strength"'), `${who(r)}: no Caesar strength anywhere in the blocks`);
    // C-L11 never fought: never named anywhere, log included.
    t.same(leaked(v, ['C-L11']), []);
  }
  t.end();
});

t.test('view: only the battle being fought is revealed; other Contested locations stay hidden (JC-35, JC-43)', (t) => {
  let s = command({
    Caesar: { Narbo: ['C-L7'], Genua: ['C-L8', 'C-L12'] },
    Pompey: { Tarraco: ['P-L5'], Rome: ['P-L1', 'P-Pompey'] },
    cards: { Caesar: 'K08', Pompey: 'K10' },
  });
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  s = move(s, 'Caesar', 'C-L8', 'Rome');
  s = move(s, 'Caesar', 'C-L12', 'Rome');
  s = done(s, 'Caesar');
  s = done(s, 'Pompey');
  t.equal(s.step, 'battle-choose');
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.equal(v.battle, null, `${who(r)}: no battle yet`);
    t.same(v.contested, [{ location: 'Rome', attacker: 'Caesar' }, { location: 'Tarraco', attacker: 'Caesar' }]);
    t.ok(v.blocks.filter((b) => b.side !== r).every(isHiddenShape), `${who(r)}: nothing revealed before a battle is chosen`);
  }
  s = act(s, 'Caesar', 'battle', { location: 'Tarraco' });
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.equal(v.battle!.location, 'Tarraco');
    t.ok(blocksAt(v, 'Rome').filter((b) => b.side !== r).every(isHiddenShape), `${who(r)}: Rome stays hidden`);
    t.same(leaked(v, r === 'Caesar' ? ['P-L1', 'P-Pompey'] : r === 'Pompey' ? ['C-L8', 'C-L12'] : ['P-L1', 'P-Pompey', 'C-L8', 'C-L12']), [], who(r));
    t.same(blocksAt(v, 'Tarraco').map((b) => b.id), ['C-L7', 'P-L5'], `${who(r)}: Tarraco revealed`);
  }
  t.end();
});

t.test('view: Jupiter reveals only the chosen block; the defector then belongs to its new owner', (t) => {
  // P-L1 (the 2nd of P-Pompey, P-L1, P-NAV1) is drawn and defects to Genua.
  let s = command({
    Caesar: { Genua: ['C-L8'], Massilia: ['C-L11'] },
    Pompey: { Rome: ['P-Pompey', 'P-L1', 'P-NAV1'] },
    cards: { Caesar: 'K02', Pompey: 'K10' },
  });
  t.equal(s.step, 'jupiter');
  s = act(rigPick(s, 1, 3), 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(where(s, 'P-L1'), { loc: 'Genua', str: 4, side: 'Caesar' });
  for (const r of VIEWERS) t.ok(viewOf(s, r).log.includes("Jupiter: Pompey's Legio 1 (IV) in Rome defects to Caesar."), `${who(r)}: the defection is public`);
  const c = viewOf(s, 'Caesar');
  t.same(c.blocks.find((b) => b.id === 'P-L1')!.strength, 4, 'Caesar now sees it as his own');
  t.same(blocksAt(c, 'Rome'), [1, 2].map(() => ({ side: 'Pompey', location: 'Rome', moved: false })), 'the others stay hidden');
  t.same(leaked(c, ['P-Pompey', 'P-NAV1']), []);
  const p = viewOf(s, 'Pompey');
  t.same(blocksAt(p, 'Genua'), [1, 2].map(() => ({ side: 'Caesar', location: 'Genua', moved: false })), 'for Pompey it is now an enemy block');
  t.same(leaked(p, ['C-L8', 'C-L11']), []);

  // A leader drawn is revealed with its strength and loses a step; then it is hidden again.
  let l = command({
    Caesar: { Genua: ['C-L8'] },
    Pompey: { Rome: ['P-Pompey', 'P-L1', 'P-NAV1'] },
    cards: { Caesar: 'K02', Pompey: 'K10' },
  });
  l = act(rigPick(l, 0, 3), 'Caesar', 'jupiter', { city: 'Rome' });
  t.same(where(l, 'P-Pompey'), { loc: 'Rome', str: 2, side: 'Pompey' });
  t.ok(viewOf(l, null).log.includes("Jupiter: Pompey's Pompey (III) in Rome is chosen; it does not defect and loses a step."));
  t.ok(blocksAt(viewOf(l, 'Caesar'), 'Rome').every(isHiddenShape));
  t.same(leaked(viewOf(l, 'Caesar'), ['P-L1', 'P-NAV1']), []);
  t.end();
});

t.test('view: Vulcan shows eliminations but not the survivors\' new strengths', (t) => {
  let s = command({
    Caesar: { Massilia: ['C-L11'] },
    Pompey: { Tarraco: ['P-L5', 'P-L6:I', 'P-EQ1'], Utica: ['P-L39'] },
    cards: { Caesar: 'K07', Pompey: 'K10' },
  });
  t.equal(s.step, 'vulcan');
  s = act(s, 'Caesar', 'vulcan', { city: 'Tarraco' });
  t.same([where(s, 'P-L5').str, where(s, 'P-EQ1').str, where(s, 'P-L6').loc], [2, 1, 'eliminated']);
  for (const r of ['Caesar', null] as const) {
    const v = viewOf(s, r);
    t.same(v.pools.Pompey.eliminated, ['P-L6'], `${who(r)}: the eliminated block is face-up`);
    t.ok(v.log.includes("Pompey's Legio 6 is eliminated."));
    t.same(blocksAt(v, 'Tarraco'), [1, 2].map(() => ({ side: 'Pompey', location: 'Tarraco', moved: false })), `${who(r)}: survivors hidden`);
    t.same(leaked(v, ['P-L5', 'P-EQ1', 'P-L39']), [], `${who(r)}: survivors never named`);
    t.notOk(v.log.some((e) => / loses a step \(|→ (I|II|III)\)/.test(e)), `${who(r)}: no block's step loss logged`);
  }
  const p = viewOf(s, 'Pompey');
  t.ok(p.log.includes("Pompey's Legio 5 loses a step (III → II)."), 'Pompey reads his own losses');
  t.same(blocksAt(p, 'Tarraco').map((b) => [b.id, b.strength]), [['P-EQ1', 1], ['P-L5', 2]]);
  t.end();
});

t.test('view: winter Navis to port and disbanding name no block for the opponent', (t) => {
  let s = winter({
    Caesar: {
      Hispanum: ['C-NAV1'],
      Massilia: ['C-L11'],
      Narbo: ['C-L7'],
      Rome: ['C-Caesar', 'C-L8', 'C-L9', 'C-L10', 'C-L12', 'C-L13'],
      Propontis: ['C-NAV3'],
    },
    Pompey: { Antioch: ['CLEO:II', 'P-L34'], Utica: ['P-L39'] },
  });
  t.same(where(s, 'C-NAV3').loc, 'pool', 'no Friendly port on Propontis: disbanded');
  s = act(s, 'Caesar', 'port', { block: 'C-NAV1', to: 'Narbo' });
  s = act(s, 'Caesar', 'disband', { block: 'C-L12' });
  s = act(s, 'Caesar', 'disband', { block: 'C-L7' });
  s = done(s, 'Caesar');
  for (const r of ['Pompey', null] as const) {
    const v = viewOf(s, r);
    t.ok(v.log.includes("Caesar's block in Propontis has no Friendly port on its sea and is disbanded."), who(r));
    t.ok(v.log.includes('Caesar brings a Navis from Hispanum into Narbo.'), who(r));
    t.ok(v.log.includes("Caesar's block in Rome is disbanded for lack of supply."), who(r));
    t.ok(v.log.includes("Caesar's block in Narbo is disbanded."), who(r));
    t.same(leaked(v, ['C-NAV1', 'C-NAV3', 'C-L12', 'C-L7', 'C-L8', 'C-L13', 'C-L11']), [], `${who(r)}: no Caesar block named`);
    t.same(v.pools.Caesar.eliminated, [], `${who(r)}: disbanded blocks are not face-up`);
    t.equal(v.pools.Caesar.count, 31 - 10 + 3, `${who(r)}: 10 on the map, 3 disbanded back to the pool`);
    t.same(blocksAt(v, 'Narbo'), [{ side: 'Caesar', location: 'Narbo', moved: false }]);
    // Cleopatra came home: her identity is public, her strength is not.
    const cleo = blocksAt(v, 'Alexandria').find((b) => b.id === 'CLEO');
    if (r === null) t.same(cleo, { side: 'Pompey', location: 'Alexandria', moved: false, id: 'CLEO', name: 'Cleopatra', type: 'cleopatra' });
    else t.equal(cleo?.strength, 2, 'Pompey sees her strength');
    t.same(v.phase, 'winter');
    t.same(v.turn, 6);
  }
  t.same(viewOf(s, 'Caesar').log.filter((e) => /Navis 1|Navis 3|Legio 12|Legio 7/.test(e)), [
    "Caesar's Navis 3 in Propontis has no Friendly port on its sea and is disbanded.",
    "Caesar's Navis 1 winters in Narbo.",
    "Caesar's Legio 12 in Rome is disbanded for lack of supply.",
    "Caesar's Legio 7 in Narbo is disbanded.",
  ]);
  s = act(s, 'Pompey', 'disband', { block: 'P-L34' });
  t.equal(viewOf(s, 'Caesar').log.at(-1), "Pompey's block in Antioch is disbanded.");
  t.same(leaked(viewOf(s, 'Caesar'), ['P-L34', 'P-L39']), []);
  t.end();
});

t.test('view: where the game is (year, turn, phase, Player 1, VP, cards, battle)', (t) => {
  let s = position({ year: 707, turn: 3, Caesar: { Narbo: ['C-L7'], Massilia: ['C-L11'] }, Pompey: { Tarraco: ['P-L5'] } });
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.same([v.year, v.turn, v.phase, v.p1, v.battle, v.role], [707, 3, 'card', null, null, r], who(r));
    t.same(v.vp, { Caesar: 1, Pompey: 3 });
    t.same(v.pending.sort(), ['Caesar', 'Pompey']);
  }
  s = play(s, { Caesar: 'K14', Pompey: 'K08' });
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.same([v.phase, v.p1, v.cards.Caesar.card, v.cards.Pompey.card], ['command', 'Pompey', 'K14', 'K08'], who(r));
    t.same(v.command, { role: 'Pompey', card: 'K08', god: null, mp: 4, lp: 1, activated: [] });
    t.same(v.pending, ['Pompey']);
  }
  s = done(s, 'Pompey');
  s = move(s, 'Caesar', 'C-L7', 'Tarraco');
  for (const r of VIEWERS) t.same(viewOf(s, r).contested, [{ location: 'Tarraco', attacker: 'Caesar' }], who(r));
  s = done(s, 'Caesar');
  for (const r of VIEWERS) {
    const v = viewOf(s, r);
    t.equal(v.phase, 'battle');
    t.same(v.battle, { location: 'Tarraco', round: 1, attacker: 'Caesar', defender: 'Pompey', acting: { role: 'Pompey', initiative: 'C', hits: null }, surprise: false, acted: [] });
  }
  t.end();
});

// ---- seeded random games ----

interface Seen {
  /** Enemy blocks allowed to be named by new log lines of this action. */
  allowed: Set<number>;
}

/** Non-Reserve blocks of the battle being fought in this state. */
function inBattle(s: State): number[] {
  const b = s.battle;
  if (!b) return [];
  const out: number[] = [];
  for (let i = 0; i < BLOCKS.length; i++) {
    if (s.loc[i] === b.loc && !(b.round === 1 && b.reserves.includes(BLOCKS[i]!.id))) out.push(i);
  }
  return out;
}

/** Blocks the rules make public during the step from `prev` to `next` (battles, eliminations, Jupiter). */
function publicDuring(prev: State, next: State, a: Action): Seen {
  const allowed = new Set<number>([...inBattle(prev), ...inBattle(next)]);
  let killed = false;
  for (let i = 0; i < BLOCKS.length; i++) {
    if (prev.loc[i] !== next.loc[i] && (next.loc[i] === 'eliminated' || next.loc[i] === 'killed')) allowed.add(i);
    if (next.loc[i] === 'killed' && prev.loc[i] !== 'killed') killed = true;
    if (prev.side[i] !== next.side[i]) allowed.add(i);
    // A battle that ended in this step: every block that was in it (its log lines came before).
    if (prev.battle && prev.loc[i] === prev.battle.loc) allowed.add(i);
  }
  if (killed) BLOCKS.forEach((b, i) => b.reserveLeader && allowed.add(i)); // "... may now levy Octavian."
  if (a.type === 'jupiter') for (let i = 0; i < BLOCKS.length; i++) if (prev.loc[i] === a.city) allowed.add(i);
  if (prev.jupiter) allowed.add(BLOCKS.findIndex((b) => b.id === prev.jupiter!.block));
  return { allowed };
}

/** The first violation of the hidden-information contract in `role`'s view of `s`, or null. */
function violation(s: State, role: Role | null, prevLog: string[], seen: Seen): string | null {
  const v = viewOf(s, role);
  const fought = new Set(inBattle(s));
  // 1. Blocks: own in full; any other block only if revealed by the battle being fought.
  if (v.blocks.length !== s.loc.filter((l) => l !== 'pool' && l !== 'eliminated' && l !== 'killed').length) return 'block count';
  const shown = v.blocks.filter((b) => b.side !== role);
  for (const b of shown) {
    if (b.revealed) {
      const i = BLOCKS.findIndex((x) => x.id === b.id);
      if (!fought.has(i)) return `${b.id} revealed outside the battle`;
      if (b.strength !== s.str[i]) return `${b.id} revealed with a wrong strength`;
    } else if (!isHiddenShape(b)) return `enemy block shown as ${JSON.stringify(b)}`;
  }
  const revealedCount = shown.filter((b) => b.revealed).length;
  const expectRevealed = [...fought].filter((i) => s.side[i] !== role).length;
  if (revealedCount !== expectRevealed) return `${revealedCount} revealed, expected ${expectRevealed}`;
  // 2. Ids outside the log: only own blocks, revealed ones, Cleopatra, face-up and killed blocks.
  const noLog = JSON.stringify({ ...v, log: [] });
  for (let i = 0; i < BLOCKS.length; i++) {
    const id = BLOCKS[i]!.id;
    if (id === 'CLEO' || s.loc[i] === 'eliminated' || s.loc[i] === 'killed' || fought.has(i)) continue;
    const mine = role !== null && (s.loc[i] === 'pool' ? BLOCKS[i]!.side === role : s.side[i] === role);
    if (!mine && noLog.includes(`"${id}"`)) return `${id} named in the view`;
  }
  if (role === null && (v.hand !== null || v.discard !== null)) return 'observer has a hand';
  for (const r of ROLES) if (r !== role && v.pools[r].available !== null) return `${r}'s pool listed`;
  // 3. Cards: the opponent's hand, sealed card and discard never appear (this Year's part of the log).
  const yearStart = v.log.findLastIndex((e) => e.startsWith('— Year '));
  const thisYear = JSON.stringify({ ...v, log: v.log.slice(Math.max(0, yearStart)) });
  for (const r of ROLES) {
    if (r === role) continue;
    const secret = [...s.hand[r], s.discard[r], s.sealed[r]].filter((c): c is string => c !== null);
    for (const c of secret) if (thisYear.includes(c)) return `${r}'s card ${c} visible`;
  }
  const undealt = s.deck;
  if (s.year === 705 && undealt.some((c) => thisYear.includes(c))) return 'an undealt card is visible';
  // 4. New log lines name no hidden enemy block (unique names only).
  let k = 0;
  while (k < prevLog.length && k < v.log.length && prevLog[k] === v.log[k]) k++;
  for (const line of v.log.slice(k)) {
    for (let i = 0; i < BLOCKS.length; i++) {
      const b = BLOCKS[i]!;
      if (!UNIQUE_NAME.has(b.name) || seen.allowed.has(i)) continue;
      if (role !== null && (s.side[i] === role || (s.loc[i] === 'pool' && b.side === role))) continue;
      if (mentions(line, b.name)) return `log line "${line}" names ${b.id}`;
    }
  }
  return null;
}

t.test('view: seeded random games never show a hidden block, strength or card to anyone else', (t) => {
  const GAMES = Number(process.env.VIEW_GAMES ?? 16);
  let actions = 0;
  let battles = 0;
  for (let g = 0; g < GAMES; g++) {
    const pick = picker(g + 101);
    let s = jc.setup(testSeed(g + 101), { scenario: g % 4 === 3 ? 'free-deployment' : 'historical' });
    let logs = VIEWERS.map((r) => viewOf(s, r).log);
    let failure: string | null = null;
    // The nth game is played only up to a number of actions, to keep the suite quick.
    for (let n = 0; n < 2500 && !failure; n++) {
      const roles = pending(s) as Role[];
      if (roles.length === 0) break;
      const role = roles[pick(roles.length)]!;
      const options = legal(s, role);
      // Every other game is played by an aggressive player (attacks, fires), so that many battles
      // with Reserves, retreats, regroups and eliminations are checked.
      const a = (g % 2 === 1 && aggressive(s, role, options, pick)) || options[pick(options.length)]!;
      const next = jc.apply(s, role, a);
      actions++;
      if (next.battle && !s.battle) battles++;
      const seen = publicDuring(s, next, a);
      VIEWERS.forEach((r, k) => {
        if (failure) return;
        const why = violation(next, r, logs[k]!, seen);
        if (why) failure = `game ${g}, action ${n} (${role} ${JSON.stringify(a)}), ${who(r)}: ${why}`;
      });
      logs = VIEWERS.map((r) => viewOf(next, r).log);
      s = next;
    }
    t.notOk(failure, failure ?? `game ${g}`);
  }
  t.ok(actions > 1000, `${actions} actions checked`);
  t.ok(battles > 5, `${battles} battles checked`);
  t.end();
});
