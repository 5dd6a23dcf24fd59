// The belief test shared by both games: along seeded random games, for each role at many
// positions, the rebuilt state and states sampled from it are legal states of the game, give back
// exactly the role's view and legal actions, and the samples vary what the role cannot see.

import type { Test } from 'tap';
import { games } from '../../src/engine/index.js';
import { rebuild, Sampler } from '../../src/search/belief.js';
import { firstDifference, jsonEqual } from '../../src/search/json.js';
import type { GameKnowledge } from '../../src/search/game-knowledge.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import { hiddenDiffers, positions, violation, type GameId } from './helpers.js';

export async function checkBelief(t: Test, game: GameId, count: number, every: number): Promise<void> {
  const m = games[game]!;
  const know = knowledge[game] as GameKnowledge<unknown, unknown>;
  const failures: string[] = [];
  let checked = 0;
  let sampled = 0;
  let varied = 0;
  let rejected = 0;
  for (const p of positions(game, count, every)) {
    const where = `game ${p.g} action ${p.n} ${p.role}`;
    const r = rebuild(know, p.input);
    checked++;
    if (!r.state || !r.exact) {
      failures.push(`${where}: no exact state: ${r.failure}`);
      continue;
    }
    const states: unknown[] = [r.state];
    const sampler = new Sampler(know, r.state, p.role, p.input.view, p.input.legal);
    const rng = createSearchRng(`${where}`);
    for (let k = 0; k < 3; k++) states.push(sampler.sample(rng));
    rejected += sampler.rejected.count;
    for (const [k, s] of states.entries()) {
      const bad = violation(game, s);
      if (bad) failures.push(`${where} state ${k}: ${bad}`);
      const v = m.view(s, p.role);
      if (!jsonEqual(v, p.input.view)) failures.push(`${where} state ${k}: view differs in ${firstDifference(v, p.input.view)}`);
      if (!jsonEqual(m.legalActions(s, p.role), p.input.legal)) failures.push(`${where} state ${k}: legal actions differ`);
      if (k > 0) {
        sampled++;
        if (hiddenDiffers(game, s, p.state, p.role)) varied++;
      }
    }
    if (failures.length > 5) break;
  }
  t.same(failures, [], `${checked} positions rebuilt, ${sampled} samples`);
  t.ok(checked > 50, `enough positions (${checked})`);
  t.ok(varied > sampled * 0.5, `samples differ from the real state in what the role cannot see (${varied} of ${sampled})`);
  // The sampler falls back to the rebuilt state when a reshuffle changes the view: it must be rare.
  t.ok(rejected <= sampled * 0.1, `reshuffles keep the view (${rejected} of ${sampled} rejected)`);
}
