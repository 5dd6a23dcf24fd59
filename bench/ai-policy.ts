// Policy self-play: games between the search's playout players (src/search/prior.ts policyMove,
// the rules of thumb's best with a little noise, a random move one time in ten), each role's win
// rate and its mean final VP. The playouts are how the search sees the rest of a game: a side whose
// rules of thumb cannot win against the other's is a side the search believes lost whatever it
// does. `npm run bench:ai -- --policy N [--game G]`.

import { games as modules } from '../src/engine/index.js';
import type { GameKnowledge } from '../src/search/game-knowledge.js';
import { knowledge } from '../src/search/game-knowledge.js';
import { DEFAULT_SEARCH } from '../src/search/ismcts.js';
import { policyMove } from '../src/search/prior.js';
import { createSearchRng } from '../src/search/search-rng.js';
import { rate } from './stats.js';

export function policySelfPlay(game: string, n: number): void {
  const m = modules[game]!;
  const know = knowledge[game] as GameKnowledge<unknown, unknown>;
  const wins: Record<string, number> = Object.fromEntries(m.roles.map((r) => [r, 0]));
  const vp: Record<string, number> = Object.fromEntries(m.roles.map((r) => [r, 0]));
  const t0 = performance.now();
  for (let g = 0; g < n; g++) {
    const rng = createSearchRng(`policy ${game} ${g}`);
    let s: unknown = m.setup(rng.key(), {});
    for (let k = 0; k < 20000; k++) {
      const pending = m.pending(s);
      if (pending.length === 0) break;
      const role = pending[k % pending.length]!;
      s = m.apply(s, role, policyMove(know.prior, s, role, m.legalActions(s, role), rng, DEFAULT_SEARCH.playoutScored));
    }
    const o = m.outcome(s);
    if (o?.winner) wins[o.winner]!++;
    for (const r of m.roles) vp[r]! += o?.vp[r] ?? 0;
  }
  const each = m.roles.map((r) => `${r} won ${rate(wins[r]!, n)} (mean final VP ${(vp[r]! / n).toFixed(1)})`).join(', ');
  console.log(`${game}: ${each}; ${((performance.now() - t0) / n).toFixed(0)} ms a game`);
}
