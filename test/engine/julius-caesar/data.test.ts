// The transcribed game data matches the counts and cross-checks of facts.md.

import t from 'tap';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import { CITIES, ROADS, SEA_LINKS, SEAS, STRAITS } from '../../../src/engine/julius-caesar/data/map.js';

t.test('map: 67 cities, 48 ports (11 major), 9 seas, 94 land edges, 60 port-sea adjacencies', async (t) => {
  t.equal(CITIES.length, 67);
  t.equal(new Set(CITIES.map((c) => c.name)).size, 67);
  t.equal(CITIES.filter((c) => c.seas.length).length, 48);
  t.same(CITIES.filter((c) => c.major).map((c) => c.name).sort(), [
    'Alexandria', 'Athena', 'Carthago Nova', 'Creta', 'Ephesus', 'Massilia', 'Neapolis', 'Ravenna', 'Salamis', 'Syracuse', 'Utica',
  ]);
  t.equal(SEAS.length, 9);
  t.equal(ROADS.length, 94);
  t.same(
    ['major', 'minor', 'strait'].map((k) => ROADS.filter((r) => r[2] === k).length),
    [43, 47, 4],
  );
  t.equal(SEA_LINKS.length, 9);
  t.equal(CITIES.reduce((n, c) => n + c.seas.length, 0), 60);
  const names = new Set(CITIES.map((c) => c.name));
  for (const [a, b] of ROADS) t.ok(names.has(a) && names.has(b), `${a}–${b} joins two cities`);
  for (const [name, [a, b]] of Object.entries(STRAITS)) {
    t.ok(ROADS.some((r) => r[2] === 'strait' && ((r[0] === a && r[1] === b) || (r[0] === b && r[1] === a))), `${name} strait`);
  }
  t.same(CITIES.filter((c) => c.seas.length === 3).map((c) => c.name).sort(), ['Creta', 'Utica']);
  for (const island of ['Aleria', 'Caralis', 'Creta', 'Salamis']) {
    t.notOk(ROADS.some((r) => r[0] === island || r[1] === island), `${island} has no land edge (4.41)`);
  }
});

t.test('victory cities: 11 cities worth 13 VP', async (t) => {
  const vp = CITIES.filter((c) => c.vp > 0);
  t.equal(vp.length, 11);
  t.equal(vp.reduce((n, c) => n + c.vp, 0), 13);
  t.same(vp.filter((c) => c.vp === 2).map((c) => c.name).sort(), ['Alexandria', 'Rome']);
});

t.test('blocks: 31 + 31 + Cleopatra, with the types and ratings of facts.md (d)', async (t) => {
  t.equal(BLOCKS.length, 63);
  t.equal(new Set(BLOCKS.map((b) => b.id)).size, 63);
  const of = (side: string, type?: string) => BLOCKS.filter((b) => b.side === side && b.id !== 'CLEO' && (!type || b.type === type)).length;
  t.equal(of('Caesar'), 31);
  t.equal(of('Pompey'), 31);
  t.same(['leader', 'legion', 'equitatus', 'elephant', 'auxilia', 'ballista', 'navis'].map((k) => of('Caesar', k)), [3, 14, 4, 0, 4, 1, 5]);
  t.same(['leader', 'legion', 'equitatus', 'elephant', 'auxilia', 'ballista', 'navis'].map((k) => of('Pompey', k)), [3, 14, 3, 1, 4, 1, 5]);
  const b = (id: string) => BLOCKS.find((x) => x.id === id)!;
  t.match(b('C-Caesar'), { initiative: 'A', firepower: 3, max: 3 });
  t.match(b('P-Pompey'), { initiative: 'B', firepower: 3, max: 3 });
  t.match(b('C-L13'), { initiative: 'C', firepower: 3, max: 3, levy: 'Ravenna' });
  t.match(b('C-L10'), { firepower: 4 });
  t.match(b('P-ELE'), { type: 'elephant', initiative: 'B', firepower: 3, max: 4, levy: 'Utica' });
  t.match(b('CLEO'), { initiative: 'C', firepower: 1, max: 4, levy: null, start: 'Alexandria' });
  t.match(b('C-BAL'), { firepower: 4, max: 2, levy: 'any' });
  t.match(b('P-NAV1'), { initiative: 'D', firepower: 3, levy: 'major-port' });
  t.same(BLOCKS.filter((x) => x.reserveLeader).map((x) => x.id), ['C-Octavian', 'P-Brutus']);
  t.equal(BLOCKS.filter((x) => x.side === 'Caesar' && x.start).length, 14);
  t.equal(BLOCKS.filter((x) => x.side === 'Pompey' && x.start && x.id !== 'CLEO').length, 15);
});

t.test('cards: 20 command cards (44 MP, 38 LP) and 7 God cards', async (t) => {
  t.equal(CARDS.length, 27);
  const cmd = CARDS.filter((c) => c.kind === 'command') as { move: number; levy: number }[];
  t.equal(cmd.length, 20);
  t.equal(cmd.reduce((n, c) => n + c.move, 0), 44);
  t.equal(cmd.reduce((n, c) => n + c.levy, 0), 38);
  t.same(
    CARDS.filter((c) => c.kind === 'god').map((c) => (c as { god: string }).god),
    ['Apollo', 'Jupiter', 'Mars', 'Mercury', 'Neptune', 'Pluto', 'Vulcan'],
  );
});
