// The computer sees only its side. Its input is the role's view, its legal actions and what the
// role has seen; so the hidden part of a position (the opponent's blocks, hand, the deck, the
// generator) cannot change its decision. Along seeded games of both games, for every role: the
// input built from the real state, and the input built from a different full state consistent
// with the same view (rebuilt and resampled by the belief), give the same decision for the same
// search seed and budget. And the entry point's type takes a view, never a state.

import t from 'tap';
import { games } from '../../src/engine/index.js';
import { juliusCaesar } from '../../src/engine/julius-caesar/index.js';
import { decide } from '../../src/search/decide.js';
import { rebuild, Sampler } from '../../src/search/belief.js';
import { jsonEqual } from '../../src/search/json.js';
import type { GameKnowledge } from '../../src/search/game-knowledge.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import type { ComputerInput } from '../../src/search/types.js';
import { GAME_IDS, hiddenDiffers, positions } from './helpers.js';

const BUDGET = { iterations: 12 };

for (const game of GAME_IDS) {
  t.test(`${game}: the decision is the same for any hidden part consistent with the view, for every role`, async (t) => {
    const m = games[game]!;
    const know = knowledge[game] as GameKnowledge<unknown, unknown>;
    const roles = new Map<string, number>();
    const failures: string[] = [];
    let compared = 0;
    for (const p of positions(game, 3, game === 'julius-caesar' ? 23 : 37)) {
      if (m.roles.every((r) => (roles.get(r) ?? 0) >= 5)) break;
      if (p.input.legal.length < 2 || (roles.get(p.role) ?? 0) >= 5) continue;
      const where = `game ${p.g} action ${p.n} ${p.role}`;
      // A different full state the role cannot tell from the real one.
      const r = rebuild(know, p.input);
      if (!r.state || !r.exact) {
        failures.push(`${where}: no exact state: ${r.failure}`);
        continue;
      }
      const other = new Sampler(know, r.state, p.role, p.input.view, p.input.legal).sample(createSearchRng(where));
      if (!hiddenDiffers(game, other, p.state, p.role)) {
        failures.push(`${where}: the resampled state has the same hidden part`);
        continue;
      }
      const resampled = { ...p.input, view: m.view(other, p.role), legal: m.legalActions(other, p.role) } as ComputerInput;
      if (!jsonEqual(resampled.view, p.input.view) || !jsonEqual(resampled.legal, p.input.legal)) {
        failures.push(`${where}: the resampled state shows another view`);
        continue;
      }
      const seed = `${where}`;
      const a = decide(p.input, { ...BUDGET, seed });
      const b = decide(resampled, { ...BUDGET, seed });
      compared++;
      roles.set(p.role, (roles.get(p.role) ?? 0) + 1);
      if (!jsonEqual(a.action, b.action)) failures.push(`${where}: ${JSON.stringify(a.action)} vs ${JSON.stringify(b.action)}`);
      if (a.stats.beliefFailed) failures.push(`${where}: the belief failed`);
    }
    t.same(failures, [], `${compared} decisions compared`);
    for (const role of m.roles) t.ok((roles.get(role) ?? 0) >= 3, `${role}: ${roles.get(role) ?? 0} positions`);
  });
}

t.test('decide() takes a view, never a state', async (t) => {
  const s = juliusCaesar.setup('0'.repeat(64));
  const legal = juliusCaesar.legalActions(s, 'Caesar');
  // The type has no place for a state: this does not compile (npm run typecheck checks it).
  const input: ComputerInput = {
    game: 'julius-caesar',
    role: 'Caesar',
    // @ts-expect-error a game state is not a view
    view: s,
    legal,
    seen: [],
  };
  // And at run time a state passed as a view is refused, as is another role's view.
  t.throws(() => decide(input, { iterations: 1, seed: 1 }), /never a game state/);
  const view = juliusCaesar.view(s, 'Pompey');
  t.throws(() => decide({ game: 'julius-caesar', role: 'Caesar', view, legal, seen: [] }, { iterations: 1, seed: 1 }), /Pompey's, not Caesar's/);
});
