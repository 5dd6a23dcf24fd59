// Fair randomness (issue 9, section 1): the deal and every die come from the kit's keyed ChaCha20
// generator under a 256-bit seed; every digit of the seed matters; no view carries the seed or
// the generator's state; games stored before keep their mulberry32 generator and replay as they
// were made; and the brute-force attack that recovered a seed from one hand no longer works.

import { readFileSync } from 'node:fs';
import t from 'tap';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import { legacyRandomInt, legacySeedState } from '../../../src/engine/julius-caesar/legacy-rng.js';
import { createRng, randomInt, type RngState } from '../../../src/engine/kit/random.js';
import { chooser } from '../../helpers/chooser.js';
import { testSeed } from '../../helpers/seeds.js';
import { jc, type Action, type Role, type State } from './helpers.js';

const ROLES: Role[] = ['Caesar', 'Pompey'];
const SEED = testSeed(2026);

const deal = (s: State) => JSON.stringify([s.hand.Caesar, s.hand.Pompey, s.deck]);

t.test('setup takes 64 hex digits and nothing else; a new game carries the keyed generator', async (t) => {
  const s = jc.setup(SEED);
  t.same(s.rng, { v: 'chacha20', key: SEED, counter: (s.rng as RngState).counter });
  t.notOk('seed' in s, 'the state holds the seed once, as the generator key');
  for (const bad of ['', '12345', SEED.slice(1), SEED + '0', SEED.replace(/./, 'x')]) {
    t.throws(() => jc.setup(bad), /64 hexadecimal digits/, JSON.stringify(bad));
  }
  t.throws(() => jc.setup(12345 as unknown as string), /64 hexadecimal digits/, 'a number is not a seed');
});

t.test('changing any one of the 64 hex digits of the seed changes the deal', async (t) => {
  const base = deal(jc.setup(SEED));
  const unchanged: number[] = [];
  for (let i = 0; i < 64; i++) {
    const other = ((parseInt(SEED[i]!, 16) + 1) % 16).toString(16);
    if (deal(jc.setup(SEED.slice(0, i) + other + SEED.slice(i + 1))) === base) unchanged.push(i);
  }
  t.same(unchanged, [], 'no digit position leaves the shuffled deck as it was');
});

/** Every property name anywhere in a JSON value. */
function keysIn(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) x.forEach((v) => keysIn(v, out));
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) out.add(k) && keysIn(v, out);
  return out;
}

t.test('no view, for either player or an observer, carries the seed or the generator state, at any point of a game', async (t) => {
  const leaks: string[] = [];
  let views = 0;
  for (let g = 0; g < 6; g++) {
    const seed = testSeed(900 + g);
    const pick = chooser(g + 77);
    let s = jc.setup(seed, { scenario: g % 2 ? 'free-deployment' : 'historical' });
    for (let n = 0; n < 400 && jc.pending(s).length; n++) {
      for (const who of [...ROLES, null]) {
        const v = jc.view(s, who);
        const text = JSON.stringify(v);
        views++;
        // The key whole or in part (any 12 digits of it), the generator's tag and state fields.
        for (let i = 0; i + 12 <= 64; i += 4) if (text.includes(seed.slice(i, i + 12))) leaks.push(`${who} sees seed digits ${i}..${i + 11}`);
        if (text.includes('chacha20')) leaks.push(`${who} sees the generator`);
        const keys = keysIn(v);
        for (const k of ['seed', 'rng', 'key', 'counter']) if (keys.has(k)) leaks.push(`${who}'s view has a "${k}" field`);
      }
      const role = jc.pending(s)[0]!;
      const legal = jc.legalActions(s, role);
      s = jc.apply(s, role, legal[pick(legal.length)]!);
    }
  }
  t.same(leaks.slice(0, 5), [], `${views} views checked`);
  t.ok(views > 5000);
});

// ---------------------------------------------------------------------------------------------
// Games stored before the keyed generator.

interface LegacyGame {
  seed: number;
  options: { scenario: 'historical' | 'free-deployment' };
  actions: { role: Role; action: Action }[];
  state: State;
  outcome: unknown;
}
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/legacy-games.json', import.meta.url), 'utf8')) as { madeBy: string; games: LegacyGame[] };

t.test('legacy games (made by the previous engine, test/fixtures/legacy-games.json) replay byte for byte with mulberry32', async (t) => {
  t.match(fixture.madeBy, /e6abf09/);
  for (const g of fixture.games) {
    let s = jc.setupLegacy!(g.seed, g.options);
    t.equal(typeof s.rng, 'number', 'a legacy game keeps the 32-bit generator');
    for (const a of g.actions) s = jc.apply(s, a.role, a.action);
    // The log was written in that version's words (issue 41 words it anew): the state apart from
    // it is byte for byte the same, and the log has as many entries.
    const { log, ...rest } = s;
    const { log: storedLog, ...storedRest } = g.state;
    t.equal(JSON.stringify(rest), JSON.stringify(storedRest), `game with seed ${g.seed}: ${g.actions.length} actions replay to the stored state`);
    t.equal(log.length, storedLog.length, 'a log of as many entries');
    t.same(jc.outcome(s), g.outcome);
  }
  // A legacy game in progress plays on with its own generator.
  const live = fixture.games.find((g) => g.outcome === null)!;
  let s = live.state;
  const pick = chooser(5);
  for (let n = 0; n < 200 && jc.pending(s).length; n++) {
    const role = jc.pending(s)[0]!;
    const legal = jc.legalActions(s, role);
    s = jc.apply(s, role, legal[pick(legal.length)]!);
  }
  t.equal(typeof s.rng, 'number', 'still mulberry32 after 200 more actions');
  t.not(s.rng, live.state.rng, 'and it drew from it');
});

// ---------------------------------------------------------------------------------------------
// The attack of the security review: from one's own first hand, search the generator's seeds for
// one that deals that hand; the one found predicts the opponent's hand, every later deal and every
// die. Run here over a bounded range (2^20 of the 2^31 seeds the service used to draw, about a
// second): it finds a legacy game's seed, and finds nothing for a game keyed by a 256-bit seed,
// where no small search space exists.

const DECK = CARDS.map((c) => c.id);

/** The two hands a generator deals at the start of the first Year (as cards.ts deals them). */
function handsFrom(draw: (n: number) => number): [string, string] {
  const d = [...DECK];
  for (let i = d.length - 1; i > 0; i--) {
    const j = draw(i + 1);
    const x = d[i]!;
    d[i] = d[j]!;
    d[j] = x;
  }
  return [d.slice(0, 6).sort().join(','), d.slice(6, 12).sort().join(',')];
}

/** Candidate 32-bit seeds whose deal gives Caesar `mine`, with the Pompey hand each predicts. */
function search(mine: string, from: number, to: number, generator: (seed: number) => (n: number) => number): { seed: number; theirs: string }[] {
  const found: { seed: number; theirs: string }[] = [];
  for (let x = from; x < to; x++) {
    const [c, p] = handsFrom(generator(x));
    if (c === mine) found.push({ seed: x, theirs: p });
  }
  return found;
}

const mulberry = (seed: number) => {
  const st = { rng: legacySeedState(seed) };
  return (n: number) => legacyRandomInt(st, n);
};
const RANGE = 2 ** 20;

t.test('brute force: a 32-bit seed search recovers a legacy game from one hand, and finds nothing for a keyed game', async (t) => {
  // A legacy game (its 32-bit seed happens to lie in the searched range).
  const legacy = jc.setupLegacy!(777_777, { scenario: 'historical' });
  const legacyHands = handsFrom(mulberry(777_777));
  t.same(legacyHands, [legacy.hand.Caesar.join(','), legacy.hand.Pompey.join(',')], "the attacker's model of the deal is the engine's");
  const cracked = search(legacy.hand.Caesar.join(','), 0, RANGE, mulberry).filter((c) => c.theirs === legacy.hand.Pompey.join(','));
  t.ok(cracked.some((c) => c.seed === 777_777), 'the attack recovers the legacy seed, and with it the opponent hand');

  // A new game: the same search over mulberry32 seeds, and over 32-bit numbers used as keys of
  // the keyed generator (as if the service drew only 32 bits), finds no seed that predicts it.
  const keyed = jc.setup(testSeed(31337));
  const mine = keyed.hand.Caesar.join(',');
  const theirs = keyed.hand.Pompey.join(',');
  const viaMulberry = search(mine, 0, RANGE, mulberry);
  const viaSmallKeys = search(mine, 0, 2 ** 16, (x) => {
    const r = createRng(x.toString(16).padStart(64, '0'));
    return (n: number) => randomInt(r, n);
  });
  t.same(
    [...viaMulberry, ...viaSmallKeys].filter((c) => c.theirs === theirs),
    [],
    `no candidate predicts the opponent's hand (${viaMulberry.length + viaSmallKeys.length} seeds merely matched one's own hand by chance)`,
  );
});
