// A role may lean on its rules of thumb at the root (src/search/ismcts.ts policyBias, progressive
// bias): each of its own moves gets the rules of thumb's preference for it in its UCB1 value,
// fading with the move's visits. Tested on the Search at positions of seeded random games of both
// games: with a heavy bias and a few iterations the rules of thumb's favourite is answered; and on
// decide(): the Gallic War's Roman searches with the bias his game's knowledge gives him, the
// Barbarian without.

import t from 'tap';
import { DEFAULT_SEARCH, Search } from '../../src/search/ismcts.js';
import type { GameKnowledge } from '../../src/search/game-knowledge.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { decide } from '../../src/search/decide.js';
import { jsonEqual } from '../../src/search/json.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import { GAME_IDS, positions } from './helpers.js';

for (const game of GAME_IDS) {
  t.test(`${game}: a heavy bias towards the rules of thumb answers their favourite in a small search; without it the search may not`, async (t) => {
    const know = knowledge[game] as GameKnowledge<unknown, unknown>;
    let checked = 0;
    let differs = 0;
    const failures: string[] = [];
    for (const p of positions(game, 2, 13, 500)) {
      const s = p.state;
      if (know.simultaneous(s).length >= 2 || !know.module.pending(s).includes(p.role)) continue;
      const legal = know.module.legalActions(s, p.role);
      const keys = [...new Set(legal.map((a) => know.observedKey(s, p.role, a, p.role)))];
      if (keys.length < 3) continue;
      // The rules of thumb's favourites (ties included), by key.
      const prior = know.prior(s, p.role, legal);
      const top = Math.max(...prior);
      const favourites = new Set(legal.filter((_, i) => prior[i] === top).map((a) => know.observedKey(s, p.role, a, p.role)));
      const chosen = (policyBias: number) => {
        const rng = createSearchRng(`bias ${p.g} ${p.n}`);
        const search = new Search(know, p.role, { ...DEFAULT_SEARCH, iterations: 16, deadline: null, maxNodes: 10_000, policyBias }, rng);
        search.run(() => know.belief.withRng(s, rng.key(), 0));
        return search.choose()?.key;
      };
      const biased = chosen(1000);
      if (!favourites.has(biased!)) failures.push(`game ${p.g} action ${p.n} ${p.role}: ${biased}, not a favourite of the rules of thumb`);
      if (!favourites.has(chosen(0)!)) differs++;
      checked++;
    }
    t.same(failures, [], `${checked} positions`);
    t.ok(checked >= 5, 'enough positions with a choice');
    t.ok(differs >= 1, `without the bias the search chose otherwise at ${differs} of them`);
  });
}

t.test("the Gallic War's Roman decides with his rules of thumb's bias; the Barbarian without it", async (t) => {
  const know = knowledge['caesars-gallic-war']!;
  t.ok((know.policyBias?.Roman ?? 0) > 0, 'the Roman has a bias');
  t.equal(know.policyBias?.Barbarian, undefined, 'the Barbarian has none');
  let roman = 0;
  let changed = 0;
  const failures: string[] = [];
  for (const p of positions('caesars-gallic-war', 1, 23)) {
    if (p.input.legal.length < 3) continue;
    const seed = `bias ${p.g} ${p.n}`;
    const given = decide(p.input, { iterations: 24, seed });
    const none = decide(p.input, { iterations: 24, seed, tuning: { policyBias: 0 } });
    const same = jsonEqual(given.action, none.action) && given.stats.nodes === none.stats.nodes && jsonEqual(given.votes, none.votes);
    if (p.role === 'Barbarian') {
      if (!same) failures.push(`action ${p.n}: the Barbarian's decision changed with the bias off`);
    } else {
      roman++;
      if (!same) changed++;
    }
  }
  t.same(failures, []);
  t.ok(roman >= 5, `${roman} Roman decisions`);
  t.ok(changed >= 1, `the bias reaches the Roman's decisions (${changed} of ${roman} changed without it)`);
});
