// The search's fast path through each game (src/engine/<game>/computer/playout.ts), over the positions
// of seeded random games of both games: an action applied by play() gives the very state the
// engine's checked apply() gives, and every action a playout may be offered (playoutActions: in
// Julius Caesar's command phase, a few blocks' moves, the levies and "done") is one of the legal
// actions (JC-33, JC-34: moves, then levies, then done). The playouts never see an action the rules
// would refuse. And playOwned(), a playout's later steps changing its own state in place, follows
// a whole game step by step to the very states apply() gives.

import t from 'tap';
import { games } from '../../src/engine/index.js';
import { jsonEqual } from '../../src/search/json.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { actionKey } from '../../src/engine/kit/actions.js';
import { chooser } from '../helpers/chooser.js';
import { testSeed } from '../helpers/seeds.js';

for (const game of ['julius-caesar', 'caesars-gallic-war'] as const) {
  t.test(`${game}: play() is apply() without its check, and a playout is offered only legal actions`, async (t) => {
    const m = games[game]!;
    const know = knowledge[game]!;
    const failures: string[] = [];
    let positions = 0;
    let offered = 0;
    let subsets = 0;
    for (let g = 0; g < 6; g++) {
      const pick = chooser(4_391 + g);
      let s: unknown = m.setup(testSeed(39_000 + g), {});
      // A playout's own state, changed in place by each action from the first one on.
      let owned: unknown = null;
      for (let n = 0; n < 1500 && m.pending(s).length > 0; n++) {
        const pending = m.pending(s);
        const role = pending[n % pending.length]!;
        const legal = m.legalActions(s, role);
        const keys = new Set(legal.map((a) => actionKey(a)));
        positions++;
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
        s = checked;
      }
    }
    t.comment(`${positions} positions, ${subsets} playout lists of some of the legal actions, ${offered} actions offered in all`);
    if (game === 'julius-caesar') t.ok(subsets > 100, 'command phases offered a few blocks\' moves');
    t.same(failures.slice(0, 5), [], 'none');
  });
}
