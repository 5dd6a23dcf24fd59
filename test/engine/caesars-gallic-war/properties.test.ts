// Property tests: seeded random playouts of complete games (random choice among the legal actions
// of a pending role), with the engine contract and the game's invariants checked after every action.
// More games: PROPERTY_GAMES=500 npx tap test/engine/caesars-gallic-war/properties.test.ts

import t from 'tap';
import { MAX_ACTION_DEPTH, withinActionDepth } from '../../../src/engine/kit/actions.js';
import { chooser } from '../../helpers/chooser.js';
import { testSeed } from '../../helpers/seeds.js';
import { cgw, type Action, type CGWView, type Role, type State } from './helpers.js';
import type { Options } from '../../../src/engine/caesars-gallic-war/state.js';
import { violation } from './invariants.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 40);
const ROLES: Role[] = ['Roman', 'Barbarian'];
const picker = (seed: number) => chooser(seed * 2654435761);


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

type Policy = (s: State, legal: Action[], pick: (n: number) => number) => Action;
const uniform: Policy = (_s, legal, pick) => legal[pick(legal.length)]!;
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

for (const [name, policy, count, solitaire] of [
  ['uniform', uniform, GAMES, false],
  ['aggressive', aggressive, Math.ceil(GAMES / 2), false],
  // 12: one person (random) against the bot; the bot's one action plays all its decisions.
  ['solitaire, a random Roman against the bot', uniform, GAMES, true],
] as [string, Policy, number, boolean][]) {
  t.test(`random playouts (${name}): contract and invariants hold through complete games`, async (t) => {
    let actions = 0;
    let bots = 0;
    const failures: string[] = [];
    const endings: Record<string, number> = {};
    for (let g = 0; g < count && failures.length === 0; g++) {
      const pick = picker(g + 1 + (policy === uniform ? 0 : 100000) + (solitaire ? 200000 : 0));
      const options = { ...OPTION_SETS[g % OPTION_SETS.length]!, ...(solitaire ? { solitaire: true } : {}) };
      const seed = testSeed(g + (policy === uniform ? 0 : 5000) + (solitaire ? 9000 : 0));
      let s = cgw.setup(seed, options);
      const log: [Role, Action][] = [];
      for (let n = 0; ; n++) {
        const pending = cgw.pending(s) as Role[];
        if (pending.length === 0) break;
        if (n > 20000) {
          failures.push(`game ${g}: no end after 20000 actions`);
          break;
        }
        const role = pending[pick(pending.length)]!;
        const legal = cgw.legalActions(s, role);
        if (legal.length === 0) {
          failures.push(`game ${g}: ${role} pending at ${s.step} with no legal action`);
          break;
        }
        for (const l of legal) if (!withinActionDepth(l)) failures.push(`game ${g}: ${JSON.stringify(l)} nests deeper than MAX_ACTION_DEPTH (${MAX_ACTION_DEPTH})`);
        const a = policy(s, legal, pick);
        const prev = s;
        const before = n % 50 === 0 ? JSON.stringify(prev) : null;
        try {
          s = cgw.apply(prev, role, a);
        } catch (e) {
          failures.push(`game ${g}: apply threw on listed ${JSON.stringify(a)} at ${s.step}: ${(e as Error).message}`);
          break;
        }
        if (before !== null && JSON.stringify(prev) !== before) failures.push(`game ${g}: apply mutated its input`);
        log.push([role, a]);
        actions++;
        if (solitaire && role === 'Barbarian' && cgw.pending(s).includes('Barbarian')) failures.push(`game ${g}: the bot stopped while still pending at ${s.step}`);
        if (solitaire && role === 'Barbarian') bots++;
        const bad = violation(s);
        if (bad) {
          failures.push(`game ${g} turn ${s.turn} after ${JSON.stringify(a)}: ${bad}`);
          break;
        }
        if (n % 5 === 0) {
          for (const viewer of [...ROLES, null]) {
            const l = leak(cgw.view(s, viewer) as CGWView, s, viewer);
            if (l) failures.push(`game ${g}: ${viewer ?? 'observer'} sees ${l} at ${s.step}`);
          }
        }
      }
      if (failures.length) break;
      const o = cgw.outcome(s);
      if (!o) {
        failures.push(`game ${g}: ended without an outcome`);
        break;
      }
      endings[o.winner ?? 'draw'] = (endings[o.winner ?? 'draw'] ?? 0) + 1;
      let r = cgw.setup(seed, options);
      for (const [role, a] of log) r = cgw.apply(r, role, JSON.parse(JSON.stringify(a)));
      if (JSON.stringify(r) !== JSON.stringify(s)) failures.push(`game ${g}: replay differs`);
      if (JSON.stringify(JSON.parse(JSON.stringify(s))) !== JSON.stringify(s)) failures.push(`game ${g}: not plain JSON`);
    }
    t.same(failures, [], `${count} games, ${actions} actions`);
    t.pass(`outcomes: ${JSON.stringify(endings)}`);
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
