// The search's fast path through each game (src/engine/<game>/computer/playout.ts), over the positions
// of seeded random games of both games: an action applied by play() gives the very state the
// engine's checked apply() gives, and every action a playout may be offered (playoutActions: in
// Julius Caesar's command phase, a few blocks' moves, the levies and "done") is one of the legal
// actions (JC-33, JC-34: moves, then levies, then done). The playouts never see an action the rules
// would refuse; listActions(), a step down the tree's list, is legalActions' own. And playOwned(),
// a playout's later steps changing its own state's parts in place, and playInPlace(), changing the
// state object itself, follow a whole game step by step to the very states apply() gives.

import t from 'tap';
import { games } from '../../src/engine/index.js';
import { jsonEqual } from '../../src/search/json.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { actionKey } from '../../src/engine/kit/actions.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';
import { rebuild } from '../../src/search/belief.js';
import { DEFAULT_SEARCH, Search } from '../../src/search/ismcts.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import { positions } from './helpers.js';

for (const game of ['julius-caesar', 'caesars-gallic-war'] as const) {
  t.test(`${game}: play() is apply() without its check, and a playout is offered only legal actions`, async (t) => {
    const m = games[game]!;
    const know = knowledge[game]!;
    const failures: string[] = [];
    let positions = 0;
    let offered = 0;
    let subsets = 0;
    let lists = 0;
    for (let g = 0; g < 6; g++) {
      const pick = chooser(4_391 + g);
      let s: unknown = m.setup(testSeed(39_000 + g), {});
      // A playout's own state, changed in place by each action from the first one on.
      let owned: unknown = null;
      // And one whose very object each action from the second on changes.
      let inPlace: unknown = null;
      for (let n = 0; n < 1500 && m.pending(s).length > 0; n++) {
        const pending = m.pending(s);
        const role = pending[n % pending.length]!;
        const legal = m.legalActions(s, role);
        const keys = new Set(legal.map((a) => actionKey(a)));
        positions++;
        // A step down the tree lists them afresh: the very list legalActions gives, in its order.
        const listed = know.listActions?.(s, role);
        if (listed && !jsonEqual(listed, legal)) failures.push(`game ${g} action ${n} (${role}): listActions differs from legalActions`);
        if (listed) lists++;
        const some = know.playoutActions(s, role, pick);
        if (some) {
          if (some.length < legal.length) subsets++;
          for (const a of some) {
            offered++;
            if (!keys.has(actionKey(a))) failures.push(`game ${g} action ${n} (${role}): ${JSON.stringify(a)} offered, not legal`);
          }
        }
        const a = legal[pick(legal.length)]!;
        const checked = m.apply(s, role, a);
        if (n % 3 === 0 && !jsonEqual(know.play(s, role, a), checked)) failures.push(`game ${g} action ${n} (${role}): play(${JSON.stringify(a)}) differs from apply`);
        owned = owned === null ? know.play(s, role, a) : know.playOwned!(owned, role, a);
        if (n % 3 === 0 && !jsonEqual(owned, checked)) failures.push(`game ${g} action ${n} (${role}): playOwned(${JSON.stringify(a)}) differs from apply`);
        if (inPlace === null) inPlace = know.play(s, role, a);
        else {
          const was = inPlace;
          inPlace = know.playInPlace!(inPlace, role, a);
          if (inPlace !== was) failures.push(`game ${g} action ${n} (${role}): playInPlace gave another object`);
        }
        if (n % 3 === 0 && !jsonEqual(inPlace, checked)) failures.push(`game ${g} action ${n} (${role}): playInPlace(${JSON.stringify(a)}) differs from apply`);
        s = checked;
      }
    }
    t.comment(`${positions} positions, ${subsets} playout lists of some of the legal actions, ${offered} actions offered in all`);
    t.equal(lists, positions, 'every position listed afresh');
    if (game === 'julius-caesar') t.ok(subsets > 100, 'command phases offered a few blocks\' moves');
    t.same(failures.slice(0, 5), [], 'none');
  });
}

// decide() hands the search samples it owns (Sampler: a fresh copy each), and the search then
// steps on them in place from the root down (Search.run's `owned`). It must choose exactly as it
// does on samples it must copy, and must never change a state it was not given to own.
for (const game of ['julius-caesar', 'caesars-gallic-war'] as const) {
  t.test(`${game}: a search on samples it owns chooses as on copies, and leaves the shared state untouched`, async (t) => {
    const know = knowledge[game]!;
    const failures: string[] = [];
    let searched = 0;
    for (const p of positions(game, 2, 29)) {
      if (p.input.legal.length < 2 || searched >= 12) continue;
      const r = rebuild(know, p.input);
      if (!r.exact) continue;
      searched++;
      const shared = know.belief.clone(r.state);
      const before = JSON.stringify(shared);
      const visits = (owned: boolean) => {
        const rng = createSearchRng(`owned ${p.g} ${p.n}`);
        const search = new Search(know, p.role, { ...DEFAULT_SEARCH, iterations: 40, deadline: null, maxNodes: 10_000 }, rng);
        // Owned: a fresh copy each time; not owned: the same state's parts under a new generator key.
        search.run(() => (owned ? know.belief.withRng(know.belief.clone(shared), rng.key(), 0) : know.belief.withRng(shared, rng.key(), 0)), owned);
        return JSON.stringify([...search.rootVisits().visits]);
      };
      const copied = visits(false);
      if (JSON.stringify(shared) !== before) failures.push(`game ${p.g} action ${p.n}: a search on copies changed the state it shares`);
      if (visits(true) !== copied) failures.push(`game ${p.g} action ${p.n}: owned samples gave other root visits`);
    }
    t.ok(searched >= 6, `positions searched (${searched})`);
    t.same(failures, []);
  });
}
