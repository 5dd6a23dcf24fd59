// The exact form of view(state, role), checked from the raw state after every action of seeded
// random games: what view.ts computes in one pass with precomputed tables and integer sort keys
// must stay what the Fog-of-War rules (checklist JC-42, JC-43, JC-57; the log's secret lines,
// JC-14, JC-15) and the listing order promise, key order included:
// - blocks sorted by location, side, id (a hidden block: '~'), moved, Reserve;
// - an enemy block off the battle (or a Reserve in Round 1) shows only side, location, moved
//   (and reserve); Cleopatra also her identity, except during Free Deployment;
// - the Levy Pools list the viewer's own available blocks only, in block order;
// - the log is each entry's text for the role, or its public text;
// - the VP are those of victory.ts.

import t from 'tap';
import { hiddenEntry } from '../../../src/engine/kit/words.js';
import { testSeed } from '../../helpers/seeds.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { scores } from '../../../src/engine/julius-caesar/victory.js';
import { aggressive, jc, legal, pending, picker, viewOf, type Action, type JCView, type Role, type State } from './helpers.js';

const GAMES = Number(process.env.VIEW_ORDER_GAMES ?? 20);
const VIEWERS: (Role | null)[] = ['Caesar', 'Pompey', null];
const OFF_MAP = new Set(['pool', 'eliminated', 'killed']);
const INDEX = new Map(BLOCKS.map((b, i) => [b.id, i]));
const FULL = ['side', 'location', 'moved', 'id', 'name', 'type', 'strength', 'maxStrength', 'initiative', 'firepower'];
const PLAIN = ['side', 'location', 'moved'];
const CLEO_PUBLIC = ['side', 'location', 'moved', 'id', 'name', 'type'];

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type BlockView = JCView['blocks'][number];

function listingOrder(a: BlockView, b: BlockView): number {
  return (
    cmp(a.location, b.location) ||
    cmp(a.side, b.side) ||
    cmp(a.id ?? '~', b.id ?? '~') ||
    Number(a.moved) - Number(b.moved) ||
    Number(a.reserve ?? false) - Number(b.reserve ?? false)
  );
}

const isReserve = (s: State, i: number) => s.battle !== null && s.loc[i] === s.battle.loc && s.battle.round === 1 && s.battle.reserves.includes(BLOCKS[i]!.id);

/** A block's initiative as shown: the Ballista is B defending, D attacking, B/D outside a battle (3.12, 7.42). */
function initiative(s: State, i: number): string {
  const d = BLOCKS[i]!;
  const inBattle = s.battle !== null && s.loc[i] === s.battle.loc;
  if (d.type !== 'ballista') return d.initiative;
  if (!inBattle) return 'B/D';
  return s.side[i] === s.battle!.defender ? 'B' : 'D';
}

/** What `role` must see of block i, with its keys in order. */
function expectedBlock(s: State, i: number, role: Role | null): Record<string, unknown> {
  const d = BLOCKS[i]!;
  const side = s.side[i]!;
  const reserve = isReserve(s, i);
  const own = side === role;
  const revealed = s.battle !== null && s.loc[i] === s.battle.loc && !reserve;
  const v: Record<string, unknown> = { side, location: s.loc[i], moved: s.moved[i] };
  if (own || revealed) {
    Object.assign(v, { id: d.id, name: d.name, type: d.type, strength: s.str[i], maxStrength: d.max, initiative: initiative(s, i), firepower: d.firepower });
    if (!own) v.revealed = true;
  } else if (d.id === 'CLEO' && s.step !== 'deploy') {
    Object.assign(v, { id: d.id, name: d.name, type: d.type });
  }
  if (reserve) v.reserve = true;
  return v;
}

/** The first way the view of `role` departs from the properties above, or null. */
function violation(s: State, role: Role | null, v: JCView): string | null {
  // Blocks: in listing order, with the right keys in the right order, one for each block on the map.
  for (let k = 1; k < v.blocks.length; k++) {
    if (listingOrder(v.blocks[k - 1]!, v.blocks[k]!) > 0) return `blocks out of order at ${k}: ${JSON.stringify(v.blocks.slice(k - 1, k + 1))}`;
  }
  const expected = BLOCKS.map((_, i) => i)
    .filter((i) => !OFF_MAP.has(s.loc[i]!))
    .map((i) => expectedBlock(s, i, role));
  if (v.blocks.length !== expected.length) return `${v.blocks.length} blocks shown, ${expected.length} on the map`;
  const wanted = new Map<string, number>();
  for (const e of expected) wanted.set(JSON.stringify(e), (wanted.get(JSON.stringify(e)) ?? 0) + 1);
  for (const b of v.blocks) {
    const keys = Object.keys(b);
    const allowed =
      b.side === role || b.revealed
        ? [...FULL, ...(b.revealed ? ['revealed'] : []), ...(b.reserve ? ['reserve'] : [])]
        : [...(b.id === 'CLEO' ? CLEO_PUBLIC : PLAIN), ...(b.reserve ? ['reserve'] : [])];
    if (keys.join() !== allowed.join()) return `block keys ${keys.join()} (expected ${allowed.join()}): ${JSON.stringify(b)}`;
    if (b.id !== undefined && b.id !== 'CLEO' && b.side !== role && !b.revealed) return `an enemy block off the battle shows its id: ${JSON.stringify(b)}`;
    const text = JSON.stringify(b);
    const n = wanted.get(text) ?? 0;
    if (n === 0) return `block not as the state has it: ${text}`;
    wanted.set(text, n - 1);
  }

  // Levy Pools: the viewer's own available blocks only; counts and face-up blocks for both.
  for (const r of ['Caesar', 'Pompey'] as Role[]) {
    const mine = BLOCKS.map((b, i) => ({ b, i })).filter(({ b }) => b.side === r);
    const inPool = mine.filter(({ i }) => s.loc[i] === 'pool');
    const pool = {
      available: r === role ? inPool.map(({ b }) => ({ id: b.id, name: b.name, type: b.type, levy: b.levy })) : null,
      count: inPool.length,
      eliminated: mine.filter(({ i }) => s.loc[i] === 'eliminated').map(({ b }) => b.id),
      killed: mine.filter(({ i }) => s.loc[i] === 'killed').map(({ b }) => b.id),
    };
    if (JSON.stringify(v.pools[r]) !== JSON.stringify(pool)) return `${r}'s pool ${JSON.stringify(v.pools[r])}, expected ${JSON.stringify(pool)}`;
  }
  if (Object.keys(v.pools).join() !== 'Caesar,Pompey') return `pools keyed ${Object.keys(v.pools).join()}`;

  // The log: each entry's text for this role, or the public one; a secret event (null) keeps its
  // place, shown as hidden, so every reader numbers the log alike (issue 41).
  const log: string[] = [];
  for (const e of s.log) {
    const text = role ? (e[role] ?? e.t) : e.t;
    log.push(text ?? hiddenEntry(e.Caesar !== undefined ? 'Caesar' : 'Pompey'));
  }
  if (v.log.length !== log.length || v.log.some((x, k) => x !== log[k])) return `log of ${v.log.length} lines differs from the entries' texts (${log.length})`;

  if (JSON.stringify(v.vp) !== JSON.stringify(scores(s))) return `VP ${JSON.stringify(v.vp)}, scores() ${JSON.stringify(scores(s))}`;
  return null;
}

t.test('view: listing order, hidden blocks, pools and log from the raw state after every action (JC-42, JC-43, JC-57)', (t) => {
  // JC-42, JC-43, JC-57
  const seen = { states: 0, revealed: 0, hiddenReserves: 0, ownReserves: 0, hiddenCleo: 0, eliminated: 0, killed: 0, secretLines: 0 };
  for (let g = 0; g < GAMES; g++) {
    const pick = picker(g + 401);
    let s = jc.setup(testSeed(g + 401), { scenario: g % 4 === 3 ? 'free-deployment' : 'historical' }) as State;
    let failure: string | null = null;
    for (let n = 0; !failure; n++) {
      seen.states++;
      if (s.loc.includes('eliminated')) seen.eliminated++;
      if (s.loc.includes('killed')) seen.killed++;
      for (const r of VIEWERS) {
        const v = viewOf(s, r);
        failure = violation(s, r, v);
        if (failure) {
          failure = `game ${g}, after action ${n}, ${r ?? 'observer'}: ${failure}`;
          break;
        }
        for (const b of v.blocks) {
          if (b.revealed) seen.revealed++;
          if (b.reserve && b.id === undefined) seen.hiddenReserves++;
          if (b.reserve && b.id !== undefined) seen.ownReserves++;
        }
        if (r !== null && s.step === 'deploy' && s.side[INDEX.get('CLEO')!] !== r && !v.blocks.some((b) => b.id === 'CLEO')) seen.hiddenCleo++;
      }
      const roles = pending(s) as Role[];
      if (roles.length === 0) break;
      const role = roles[pick(roles.length)]!;
      const options = legal(s, role);
      // Every other game is played by an aggressive player, for many battles with Reserves.
      s = jc.apply(s, role, (g % 2 === 1 && aggressive(s, role, options, pick)) || options[pick(options.length)]!);
    }
    t.notOk(failure, failure ?? `game ${g}`);
    seen.secretLines += s.log.filter((e) => e.Caesar !== undefined || e.Pompey !== undefined).length;
  }
  // The games reach every case the checks are about.
  t.ok(seen.states > 2000, `${seen.states} states checked`);
  for (const k of ['revealed', 'hiddenReserves', 'ownReserves', 'hiddenCleo', 'eliminated', 'killed', 'secretLines'] as const) t.ok(seen[k] > 0, `${k}: ${seen[k]}`);
  t.end();
});
