// Property tests: seeded random playouts of complete games (random choice among the legal
// actions of a pending role), with the engine contract (test/helpers/playouts.ts, as every game's
// in test/engine/contract.test.ts) and this game's invariants and secrets checked after every
// action. GAMES can be raised locally: PROPERTY_GAMES=2000 npx tap test/engine/...

import t from 'tap';
import { chooser } from '../../helpers/chooser.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CITIES } from '../../../src/engine/julius-caesar/data/map.js';
import { violation } from './invariants.js';
import { jc, type JCView, type Role, type State } from './helpers.js';
import { playouts, uniform, type Policy as PlayerPolicy } from '../../helpers/playouts.js';
import { testSeed } from '../../helpers/seeds.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 100);
const ROLES: Role[] = ['Caesar', 'Pompey'];
const cityByName = new Map(CITIES.map((c) => [c.name, c]));

// Seeds spread by Knuth's multiplicative hash, so neighbouring seeds start far apart.
const picker = (seed: number) => chooser(seed * 2654435761);

/** VP recomputed here from the raw state, independently of the engine's own scoring (1.2). */
function recomputeVp(s: State): Record<Role, number> {
  const vp = { Caesar: 0, Pompey: 0 };
  const sides = new Map<string, Set<string>>();
  BLOCKS.forEach((_, i) => {
    const l = s.loc[i]!;
    if (!cityByName.has(l)) return;
    if (!sides.has(l)) sides.set(l, new Set());
    sides.get(l)!.add(s.side[i]!);
  });
  for (const [loc, set] of sides) if (set.size === 1) vp[[...set][0] as Role] += cityByName.get(loc)!.vp;
  BLOCKS.forEach((b, i) => {
    if (s.loc[i] === 'killed') vp[b.side === 'Caesar' ? 'Pompey' : 'Caesar']++;
  });
  return vp;
}


/** An enemy block shown with identity or strength outside the battle being fought. */
function leak(v: JCView, s: State, role: Role | null): string | null {
  for (const b of v.blocks) {
    if (b.side === role) continue;
    const inBattle = s.battle !== null && b.location === s.battle.loc && !b.reserve;
    if (inBattle) continue;
    if (b.strength !== undefined) return `strength of a ${b.side} block in ${b.location}`;
    if (b.id !== undefined && b.id !== 'CLEO') return `identity of ${b.id}`;
  }
  for (const r of ROLES) {
    if (r === role) continue;
    if (v.pools[r].available !== null) return `${r}'s pool listed`;
  }
  return null;
}

type Policy = PlayerPolicy<State>;

/**
 * A random player that rarely stops early: it keeps moving and fighting and seldom disbands, so
 * games reach large battles, disruption, Cleopatra's changes of side and full winters.
 */
const aggressive: Policy = (s, legal, pick) => {
  const rest = legal.filter((a) => a.type !== 'done' && a.type !== 'pass' && a.type !== 'disband');
  const stop = legal.filter((a) => a.type === 'done' || a.type === 'pass');
  if (s.step === 'winter-disband' && stop.length) return stop[0]!;
  if (rest.length && (stop.length === 0 || pick(10) > 0)) return rest[pick(rest.length)]!;
  return legal[pick(legal.length)]!;
};

for (const [name, policy, count, salt] of [
  ['uniform', uniform, GAMES, 0],
  ['aggressive', aggressive, Math.ceil(GAMES / 2), 100000],
] as [string, Policy, number, number][]) {
  t.test(`random playouts (${name}): contract and invariants hold through complete games`, async (t) => {
    // The contract (test/helpers/playouts.ts), and after every action this game's invariants; every
    // 7th, what each role and the observer see, and the VP shown against VP recomputed here.
    const r = playouts<State>(jc, {
      games: count,
      policy,
      salt,
      options: (g) => ({ scenario: g % 4 === 3 ? 'free-deployment' : 'historical' }),
      check: (s, n) => {
        const bad = violation(s);
        if (bad || n % 7 !== 0) return bad;
        for (const viewer of [...ROLES, null]) {
          const v = jc.view(s, viewer) as JCView;
          const l = leak(v, s, viewer);
          if (l) return `${viewer ?? 'observer'} sees ${l}`;
          const vp = recomputeVp(s);
          if (v.vp.Caesar !== vp.Caesar || v.vp.Pompey !== vp.Pompey) return `VP shown ${JSON.stringify(v.vp)} ≠ ${JSON.stringify(vp)}`;
        }
        return null;
      },
    });
    t.same(r.failures, [], `${count} games, ${r.actions} actions`);
    t.pass(`outcomes: ${JSON.stringify(r.endings)}`);
  });
}

t.test('apply never mutates its input', async (t) => {
  const pick = picker(99);
  let s = jc.setup(testSeed(7));
  for (let n = 0; n < 600 && jc.pending(s).length; n++) {
    const role = jc.pending(s)[0] as Role;
    const legal = jc.legalActions(s, role);
    const frozen = JSON.stringify(s);
    const next = jc.apply(s, role, legal[pick(legal.length)]!);
    if (JSON.stringify(s) !== frozen) {
      t.fail(`apply mutated its input at ${s.step}`);
      return;
    }
    s = next;
  }
  t.pass('600 actions, inputs untouched');
});

t.test('the same seed and actions give byte-identical states; another seed differs', async (t) => {
  const a = jc.setup(testSeed(42));
  const b = jc.setup(testSeed(42));
  const c = jc.setup(testSeed(43));
  t.equal(JSON.stringify(a), JSON.stringify(b));
  t.not(JSON.stringify(a.hand), JSON.stringify(c.hand));
});

t.test('illegal actions throw RuleError and change nothing', async (t) => {
  const s = jc.setup(testSeed(5));
  const frozen = JSON.stringify(s);
  t.throws(() => jc.apply(s, 'Caesar', { type: 'move', block: 'C-L13', path: ['Rome'] }), { name: 'RuleError' });
  t.throws(() => jc.apply(s, 'Caesar', { type: 'discard', card: 'K99' }), { name: 'RuleError' });
  t.throws(() => jc.apply(s, 'Nobody', { type: 'discard', card: 'K01' }), { name: 'RuleError' });
  t.throws(() => jc.apply(s, 'Caesar', null as never), { name: 'RuleError' });
  const notMine = s.hand.Pompey[0]!;
  t.throws(() => jc.apply(s, 'Caesar', { type: 'discard', card: notMine }), { name: 'RuleError' });
  t.equal(JSON.stringify(s), frozen);
});

t.test('absurd actions (deeply nested, huge) are refused with RuleError', async (t) => {
  const s = jc.setup(testSeed(5));
  let deep: unknown = 'K01';
  for (let i = 0; i < 10_000; i++) deep = [deep];
  t.throws(() => jc.apply(s, 'Caesar', { type: 'discard', card: deep as never }), { name: 'RuleError' });
  t.throws(() => jc.apply(s, 'Caesar', { type: 'discard', card: 'x'.repeat(1_000_000) }), { name: 'RuleError' });
  t.throws(() => jc.apply(s, 'Caesar', { type: 'discard', card: s.hand.Caesar[0]!, extra: { a: 1 } } as never), { name: 'RuleError' }, 'unknown fields make an action illegal');
});
