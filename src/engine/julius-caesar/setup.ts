// 5.0 Deployment: the historical set-up (5.1) and the optional Free Deployment (5.3), in which each
// player secretly rearranges his on-map blocks among his own starting cities, keeping each city's
// count. It is done by swapping pairs of blocks, so the counts can never change (JC-54). Then the
// first Year begins (flow.ts deals it).
//
// Actions (free deployment, both players at once):
//   { type: 'swap', blocks: [a, b] }   exchange the cities of two of your blocks
//   { type: 'done' }

import type { Action } from '../types.js';
import { BLOCKS } from './data/blocks.js';
import { FIRST_YEAR } from './calendar.js';
import { logPublic, logSecret } from './log.js';
import { isPort } from './map.js';
import { ROLES, type Role } from './roles.js';
import { createRng, type RngState } from '../kit/random.js';
import { legacySeedState } from './legacy-rng.js';
import { BLOCK_COUNT, blockId, data, idx, isNavis, POOL, type Scenario, type State } from './state.js';

/**
 * A new game: the keyed generator under the 256-bit secret seed (64 hex digits; throws otherwise).
 * Its step is 'deploy' for a free deployment; otherwise the first Year is to be dealt.
 */
export function setup(seed: string, scenario: Scenario): State {
  return begin({ game: 'julius-caesar', rng: createRng(seed) }, scenario);
}

/**
 * A game stored before the keyed generator, from its 32-bit seed: the same state, byte for byte,
 * as it was set up then (mulberry32, `seed` kept in the state), so it replays and plays on as before.
 */
export function setupLegacy(seed: number, scenario: Scenario): State {
  return begin({ game: 'julius-caesar', seed, rng: legacySeedState(seed) }, scenario);
}

function begin(head: { game: 'julius-caesar'; seed?: number; rng: RngState | number }, scenario: Scenario): State {
  const s: State = {
    ...head,
    scenario,
    year: FIRST_YEAR,
    turn: 0,
    step: 'discard',
    // JC-44, JC-52: every listed block at full strength; all others in their Levy Pools.
    loc: BLOCKS.map((b) => b.start ?? POOL),
    str: BLOCKS.map((b) => (b.start ? b.max : 0)),
    side: BLOCKS.map((b) => b.side),
    moved: BLOCKS.map(() => false),
    deck: [],
    hand: { Caesar: [], Pompey: [] },
    discard: { Caesar: null, Pompey: null },
    sealed: { Caesar: null, Pompey: null },
    played: { Caesar: null, Pompey: null },
    effective: { Caesar: null, Pompey: null },
    previous: { Caesar: null, Pompey: null },
    p1: null,
    deployed: { Caesar: scenario === 'historical', Pompey: scenario === 'historical' },
    cmd: null,
    fights: {},
    battle: null,
    regroup: null,
    jupiter: null,
    winter: null,
    log: [],
    result: null,
  };
  logPublic(s, `Julius Caesar (rules v2.0), ${scenario === 'historical' ? 'historical deployment' : 'free deployment'}.`);
  if (scenario === 'free-deployment') {
    s.step = 'deploy';
    logPublic(s, 'Each player secretly rearranges his blocks among his starting cities.');
  }
  return s;
}

export function deployPending(s: State): Role[] {
  return ROLES.filter((r) => !s.deployed[r]);
}

/** JC-54-56: two of your on-map blocks in different cities; a Navis only into a port (JC-55). */
export function deployActions(s: State, role: Role): Action[] {
  if (s.deployed[role]) return [];
  const mine: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.side[i] === role && s.loc[i] !== POOL) mine.push(i);
  const out: Action[] = [];
  for (let x = 0; x < mine.length; x++) {
    for (let y = x + 1; y < mine.length; y++) {
      const a = mine[x]!;
      const b = mine[y]!;
      if (s.loc[a] === s.loc[b]) continue;
      if ((isNavis(a) && !isPort(s.loc[b]!)) || (isNavis(b) && !isPort(s.loc[a]!))) continue;
      out.push({ type: 'swap', blocks: [blockId(a), blockId(b)] });
    }
  }
  out.push({ type: 'done' });
  return out;
}

/** Returns true when both players have deployed. */
export function applyDeploy(s: State, role: Role, a: Action): boolean {
  if (a.type === 'done') {
    s.deployed[role] = true;
    logPublic(s, `${role} has deployed.`);
    return ROLES.every((r) => s.deployed[r]);
  }
  const [x, y] = (a.blocks as string[]).map(idx) as [number, number];
  const lx = s.loc[x]!;
  s.loc[x] = s.loc[y]!;
  s.loc[y] = lx;
  logSecret(s, role, `${role} swaps ${data(x).name} (now in ${s.loc[x]}) and ${data(y).name} (now in ${s.loc[y]}).`, null);
  return false;
}
