// The computer's belief for Caesar's Gallic War: states rebuilt from what a role has seen, and
// states sampled from them, are legal and give back exactly the role's view and legal actions.

import t from 'tap';
import { checkBelief } from '../../ai/belief-check.js';

t.test('rebuilt and sampled states are legal and give back the role\'s view and legal actions, along seeded games', async (t) => {
  await checkBelief(t, 'caesars-gallic-war', 2, 13);
});

// CGW-5 (a controlled block is visible only to its owner): a Gallic leader on the map is hidden from the Roman
// as a tribe is, and his moves look like theirs. The belief once kept his identity fixed, so a
// hidden move of his, guessed as a tribe's, left him where the replay could not fetch him when a
// battle revealed him (a bench game's belief failed from there on, 90 decisions of 155).
t.test("the Roman's belief deals a hidden Vercingetorix among the Barbarian's hidden tribes", async (t) => {
  const { caesarsGallicWar } = await import('../../../src/engine/caesars-gallic-war/index.js');
  const { idx } = await import('../../../src/engine/caesars-gallic-war/state.js');
  const { knowledge } = await import('../../../src/search/game-knowledge.js');
  const { createSearchRng } = await import('../../../src/search/search-rng.js');
  const { jsonEqual } = await import('../../../src/search/json.js');
  const know = knowledge['caesars-gallic-war']!;
  const s = caesarsGallicWar.setup('ab'.repeat(32), {});
  const v = idx('vercingetorix');
  s.loc[v] = 'arverni' as typeof s.loc[number];
  s.owner[v] = 'Barbarian';
  s.str[v] = 4;
  const helvetii = idx('helvetii');
  t.equal(s.loc[helvetii], 'helvetii', 'the Helvetii start on the map, the Barbarian\'s');
  const view = caesarsGallicWar.view(s, 'Roman');
  const places = new Set<string>();
  for (let k = 0; k < 40; k++) {
    const copy = know.belief.clone(s) as typeof s;
    know.belief.shuffle(copy, 'Roman', createSearchRng(`deal ${k}`).int);
    places.add(copy.loc[v]!);
    if (!jsonEqual(caesarsGallicWar.view(copy, 'Roman'), view)) t.fail(`deal ${k} changed the Roman's view`);
  }
  t.ok(places.has('helvetii'), `Vercingetorix dealt to the Helvetii's place (${[...places].join(', ')})`);
  t.ok(places.has('arverni'), 'and left where he was in other deals');
  t.notOk(places.has('germania'), 'never into Germania, which no Gaul may enter');
});
