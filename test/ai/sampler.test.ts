// The sampler checks only some of a decision's samples (the first eight, then one in eight: 5% of
// the search's time saved), and every one from its first rejection on: a game
// whose shuffle changed what the computer sees is caught at once, and the search then works only
// on the rebuilt state itself. Here the shuffle is broken on purpose (it changes a block of the
// computer's own, which its view shows), once from the first sample and once only from the
// twentieth; belief-games.test.ts checks every sample of the real shuffles.

import t from 'tap';
import { rebuild, Sampler } from '../../src/search/belief.js';
import { knowledge, type GameKnowledge } from '../../src/search/game-knowledge.js';
import { jsonEqual } from '../../src/search/json.js';
import { createSearchRng } from '../../src/search/search-rng.js';
import type { State } from '../../src/engine/caesars-gallic-war/state.js';
import { positions, type Position } from './helpers.js';

const real = knowledge['caesars-gallic-war'] as GameKnowledge<State, unknown>;

/** The Gallic War's knowledge with a shuffle that, from its `from`-th call, also moves one of the role's own blocks. */
function broken(from: number): GameKnowledge<State, unknown> {
  let calls = 0;
  return {
    ...real,
    belief: {
      ...real.belief,
      shuffle(s, role, int) {
        real.belief.shuffle(s, role, int);
        if (++calls < from) return;
        const mine = s.owner.findIndex((o, i) => o === role && s.str[i]! > 1);
        s.str[mine] = s.str[mine]! - 1;
      },
    },
  };
}

// A position of a seeded random game, its belief rebuilt at once (the observer's history grows with the game).
let p!: Position;
let rebuilt!: ReturnType<typeof rebuild>;
for (const x of positions('caesars-gallic-war', 1, 40)) {
  if (x.n < 100 || x.input.legal.length < 2) continue;
  p = x;
  rebuilt = rebuild(real, p.input);
  break;
}

t.test('a shuffle that changes the view is caught at the first sample; every later sample is checked and is the rebuilt state', async (t) => {
  t.ok(rebuilt.exact, 'the belief is exact');
  const know = broken(1);
  const sampler = new Sampler(know, rebuilt.state as State, p.role, p.input.view, p.input.legal);
  const rng = createSearchRng('sampler');
  for (let k = 0; k < 40; k++) {
    const s = sampler.sample(rng);
    t.ok(jsonEqual(real.module.view(s, p.role), p.input.view, new Set(['log'])), `sample ${k + 1}: the view the computer has`);
  }
  t.equal(sampler.rejected.count, 40, 'every sample was checked (and the broken ones rejected)');
});

t.test('a shuffle that goes wrong later is caught at the next checked sample, then every one is checked', async (t) => {
  const know = broken(20);
  const sampler = new Sampler(know, rebuilt.state as State, p.role, p.input.view, p.input.legal);
  const rng = createSearchRng('sampler');
  for (let k = 0; k < 40; k++) sampler.sample(rng);
  // Samples 20-23 pass unchecked (after the first 8, one in 8: the 24th is checked); 24-40 are rejected.
  t.equal(sampler.rejected.count, 17, 'caught at the 24th sample, and every one checked from there');
});

t.test('checkEvery: every sample is checked from the first', async (t) => {
  const sampler = new Sampler(broken(20), rebuilt.state as State, p.role, p.input.view, p.input.legal, { checkEvery: true });
  const rng = createSearchRng('sampler');
  for (let k = 0; k < 40; k++) sampler.sample(rng);
  t.equal(sampler.rejected.count, 21, 'the 20th to the 40th rejected');
});

t.test('the real shuffle: no sample rejected, every one checked', async (t) => {
  const sampler = new Sampler(real, rebuilt.state as State, p.role, p.input.view, p.input.legal, { checkEvery: true });
  const rng = createSearchRng('sampler');
  for (let k = 0; k < 40; k++) sampler.sample(rng);
  t.equal(sampler.rejected.count, 0);
});

// SearchConfig.sampleExchanges: the samples keep the rebuilt state's identities but for that many
// random exchanges (0: none, the cards alone dealt again), and every one keeps the computer's view.
t.test('with sampleExchanges the samples stray from the rebuilt identities by at most that many exchanges', async (t) => {
  const base = rebuilt.state as State;
  const hidden = real.belief.hidden.slots(base, p.role);
  t.ok(hidden.length > 4, `hidden units to exchange (${hidden.length})`);
  const moved = (s: State) => hidden.filter((i) => s.loc[i] !== base.loc[i]).length;
  for (const exchanges of [0, 2]) {
    const sampler = new Sampler(real, base, p.role, p.input.view, p.input.legal, { checkEvery: true, exchanges });
    const rng = createSearchRng(`exchanges ${exchanges}`);
    let strayed = 0;
    for (let k = 0; k < 60; k++) {
      const s = sampler.sample(rng);
      t.ok(moved(s) <= 2 * exchanges, `sample ${k + 1}: at most ${2 * exchanges} hidden units in other places (${moved(s)})`);
      if (moved(s) > 0) strayed++;
    }
    t.equal(sampler.rejected.count, 0, `exchanges ${exchanges}: every sample checked and kept the view`);
    if (exchanges === 0) t.equal(strayed, 0, 'none strays with no exchange');
    else t.ok(strayed > 10, `some stray with ${exchanges} (${strayed} of 60)`);
  }
  // The default deals the identities again in full: far more of them stray.
  const full = new Sampler(real, base, p.role, p.input.view, p.input.legal);
  const rng = createSearchRng('full');
  let most = 0;
  for (let k = 0; k < 20; k++) most = Math.max(most, moved(full.sample(rng)));
  t.ok(most > 4, `dealt again in full, more than 4 units stray (${most})`);
});
