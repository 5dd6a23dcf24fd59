// Every level starts each of its moves at the root with one ply of the evaluation, worth
// `priorVisits` playouts (src/search/ismcts.ts): a few noisy playouts must agree before they
// overrule that judgement. Tested on the Search itself, at positions of seeded random games of
// both games, with the one-ply scores set by the test: the move they favour is answered when
// its head start outweighs the iterations, whichever move the rules of thumb like; without a head
// start the same scores only order the moves.

import t from 'tap';
import { DEFAULT_SEARCH, Search } from '../../src/search/ismcts.js';
import type { GameKnowledge } from '../../src/search/game-knowledge.js';
import { knowledge } from '../../src/search/game-knowledge.js';
import { decide } from '../../src/search/decide.js';
import { jsonEqual } from '../../src/search/json.js';
import { budgetFor } from '../../src/search/levels.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import { GAME_IDS, positions } from './helpers.js';

for (const game of GAME_IDS) {
  t.test(`${game}: a root move's one-ply head start decides a small search`, async (t) => {
    const know = knowledge[game] as GameKnowledge<unknown, unknown>;
    let checked = 0;
    const failures: string[] = [];
    for (const p of positions(game, 2, 13, 300)) {
      const s = p.state;
      if (know.simultaneous(s).length >= 2) continue;
      const legal = know.module.legalActions(s, p.role);
      if (!know.module.pending(s).includes(p.role) || legal.length < 3) continue;
      const keys = [...new Set(legal.map((a) => know.observedKey(s, p.role, a, p.role)))];
      if (keys.length < 3) continue;
      // The move the rules of thumb like least is the one the scores favour.
      const prior = know.prior(s, p.role, legal);
      let worst = 0;
      for (let i = 1; i < legal.length; i++) if (prior[i]! < prior[worst]!) worst = i;
      const favoured = know.observedKey(s, p.role, legal[worst]!, p.role);
      const values = new Map(keys.map((k) => [k, k === favoured ? 0.9 : -0.9]));
      const rng = createSearchRng(`root ${p.g} ${p.n}`);
      const search = new Search(know, p.role, { ...DEFAULT_SEARCH, iterations: 12, deadline: null, maxNodes: 10_000, rootValues: values, priorVisits: 1000 }, rng);
      search.run(() => know.belief.withRng(s, rng.key(), 0));
      const chosen = search.choose()?.key;
      if (chosen !== favoured) failures.push(`game ${p.g} action ${p.n} ${p.role}: ${chosen} instead of ${favoured}`);
      checked++;
    }
    t.same(failures, [], `${checked} positions`);
    t.ok(checked >= 5, 'enough positions with a choice');
  });
}

t.test('every level gives the one-ply judgement a head start, the same at each (the levels differ in their search)', async (t) => {
  for (const id of ['easy', 'normal', 'hard']) t.equal(budgetFor(id, 1).tuning?.priorVisits, 20, id);
});

t.test("the Gallic War's Roman decides without the head start at any level; the Barbarian with it", async (t) => {
  const failures: string[] = [];
  let roman = 0;
  let changed = 0;
  for (const p of positions('caesars-gallic-war', 1, 23)) {
    if (p.input.legal.length < 3) continue;
    const seed = `head start ${p.g} ${p.n}`;
    const given = decide(p.input, { iterations: 24, seed, tuning: { priorVisits: 20 } });
    const none = decide(p.input, { iterations: 24, seed });
    const same = jsonEqual(given.action, none.action) && given.stats.nodes === none.stats.nodes && jsonEqual(given.votes, none.votes);
    if (p.role === 'Roman') {
      roman++;
      if (!same) failures.push(`action ${p.n}: the Roman's decision changed with the head start`);
    } else if (!same) changed++;
  }
  t.same(failures, [], `${roman} Roman decisions`);
  t.ok(roman >= 5, 'enough Roman decisions');
  t.ok(changed >= 1, "the head start reaches the Barbarian's decisions");
});
