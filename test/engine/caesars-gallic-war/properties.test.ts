// Property tests: seeded random playouts of complete games (random choice among the legal actions
// of a pending role), with the engine contract (test/helpers/playouts.ts, as every game's in
// test/engine/contract.test.ts) and this game's invariants and secrets checked after every action.
// More games: PROPERTY_GAMES=500 npx tap test/engine/caesars-gallic-war/properties.test.ts

import t from 'tap';
import { playouts, uniform, type Policy as PlayerPolicy } from '../../helpers/playouts.js';
import { testSeed } from '../../helpers/seeds.js';
import { cgw, type CGWView, type Role, type State } from './helpers.js';
import type { Options } from '../../../src/engine/caesars-gallic-war/state.js';
import { violation } from './invariants.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 40);
const ROLES: Role[] = ['Roman', 'Barbarian'];


/** Anything the rules hide from this viewer, found in its view. */
function leak(v: CGWView, s: State, viewer: Role | null): string | null {
  for (const b of v.blocks) {
    if (b.side === viewer || b.side === 'neutral') continue;
    const revealed = s.battle !== null && b.location === s.battle.area && !b.reserve;
    if (revealed) continue;
    if (b.strength !== undefined || b.id !== undefined) return `a ${b.side} block in ${b.location} shown in full`;
  }
  for (const r of ROLES) {
    if (r === viewer) continue;
    if (v.cards[r].card !== null && !s.played[r]) return `${r}'s sealed card`;
  }
  if (viewer === null && v.hand !== null) return 'an observer sees a hand';
  const text = JSON.stringify(v);
  if (text.includes(s.rng.key)) return 'the generator key';
  if (viewer) {
    const other = viewer === 'Roman' ? 'Barbarian' : 'Roman';
    if (v.hand && s.hand[other].some((c) => v.hand!.includes(c))) return "the opponent's hand";
  }
  return null;
}

type Policy = PlayerPolicy<State>;
/** Keeps moving and fighting: rarely stops early, rarely passes or retreats. */
const aggressive: Policy = (s, legal, pick) => {
  const rest = legal.filter((a) => !['done', 'go', 'pass', 'retreat', 'retreat-all', 'decline'].includes(a.type));
  const fire = legal.filter((a) => a.type === 'fire' || a.type === 'assault' || a.type === 'move' || a.type === 'group');
  if (fire.length && pick(4) > 0) return fire[pick(fire.length)]!;
  if (rest.length && pick(10) > 0) return rest[pick(rest.length)]!;
  void s;
  return legal[pick(legal.length)]!;
};

const OPTION_SETS: Partial<Options>[] = [{}, { yearlyObjectives: true }, { historicalReinforcements: true, restrictedNaval: true }, { legionI: false, altCardValues: true }];

for (const [name, policy, count, solitaire, salt] of [
  ['uniform', uniform, GAMES, false, 0],
  ['aggressive', aggressive, Math.ceil(GAMES / 2), false, 100000],
  // 12: one person (random) against the bot; the bot's one action plays all its decisions.
  ['solitaire, a random Roman against the bot', uniform, GAMES, true, 200000],
] as [string, Policy, number, boolean, number][]) {
  t.test(`random playouts (${name}): contract and invariants hold through complete games`, async (t) => {
    // The contract (test/helpers/playouts.ts), and after every action this game's invariants (and
    // the bot never left pending); every 5th, what each role and the observer see.
    let bots = 0;
    const r = playouts<State>(cgw, {
      games: count,
      policy,
      salt,
      options: (g) => ({ ...OPTION_SETS[g % OPTION_SETS.length]!, ...(solitaire ? { solitaire: true } : {}) }),
      check: (s, n, role) => {
        if (solitaire && role === 'Barbarian') {
          bots++;
          if (cgw.pending(s).includes('Barbarian')) return `the bot stopped while still pending at ${s.step}`;
        }
        const bad = violation(s);
        if (bad) return `turn ${s.turn}: ${bad}`;
        if (n % 5 === 0) {
          for (const viewer of [...ROLES, null]) {
            const l = leak(cgw.view(s, viewer) as CGWView, s, viewer);
            if (l) return `${viewer ?? 'observer'} sees ${l} at ${s.step}`;
          }
        }
        return null;
      },
    });
    t.same(r.failures, [], `${count} games, ${r.actions} actions`);
    t.pass(`outcomes: ${JSON.stringify(r.endings)}`);
    if (solitaire) t.ok(bots > count * 20, `the bot took ${bots} turns`);
  });
}

t.test('the same seed gives byte-identical states; another seed differs', async (t) => {
  t.equal(JSON.stringify(cgw.setup(testSeed(42))), JSON.stringify(cgw.setup(testSeed(42))));
  t.not(JSON.stringify(cgw.setup(testSeed(42)).hand), JSON.stringify(cgw.setup(testSeed(43)).hand));
});

t.test('illegal actions throw RuleError and change nothing', async (t) => {
  const s = cgw.setup(testSeed(5));
  const frozen = JSON.stringify(s);
  t.throws(() => cgw.apply(s, 'Roman', { type: 'move', block: 'legio-X', path: ['allobroges'] }), { name: 'RuleError' });
  t.throws(() => cgw.apply(s, 'Roman', { type: 'play', card: 'nope' }), { name: 'RuleError' });
  t.throws(() => cgw.apply(s, 'Nobody', { type: 'play', card: 'aedui' }), { name: 'RuleError' });
  t.throws(() => cgw.apply(s, 'Roman', null as never), { name: 'RuleError' });
  t.throws(() => cgw.apply(s, 'Roman', { type: 'play', card: s.hand.Barbarian[0]! }), { name: 'RuleError' });
  let deep: unknown = 'x';
  for (let i = 0; i < 1000; i++) deep = [deep];
  t.throws(() => cgw.apply(s, 'Roman', { type: 'play', card: deep as never }), { name: 'RuleError' });
  t.equal(JSON.stringify(s), frozen);
});
