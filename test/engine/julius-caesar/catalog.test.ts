// The game's public data for clients (catalog.ts, data/geo.ts): positions on a real map, and a
// document that agrees with the rules data it is built from.

import t from 'tap';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import { CARDS } from '../../../src/engine/julius-caesar/data/cards.js';
import { CITY_POSITIONS, SEA_LABELS, type LatLon } from '../../../src/engine/julius-caesar/data/geo.js';
import { CITIES, ROADS, SEA_LINKS, SEAS } from '../../../src/engine/julius-caesar/data/map.js';
import { catalog } from '../../../src/engine/julius-caesar/catalog.js';
import { juliusCaesar } from '../../../src/engine/julius-caesar/index.js';

// The map runs from the Atlantic coast of Iberia to Syria, from Trier to Memphis.
const BOX = { south: 28, north: 51, west: -11, east: 38 };

function km(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

t.test('every city of the map has a position inside the Mediterranean box, and no two share one', async (t) => {
  t.same(Object.keys(CITY_POSITIONS).sort(), CITIES.map((c) => c.name).sort(), 'exactly the 67 cities');
  const seen = new Map<string, string>();
  for (const c of CITIES) {
    const p = CITY_POSITIONS[c.name]!;
    t.ok(p.lat >= BOX.south && p.lat <= BOX.north && p.lon >= BOX.west && p.lon <= BOX.east, `${c.name} (${p.lat}, ${p.lon}) is inside the box`);
    const key = `${p.lat},${p.lon}`;
    t.notOk(seen.has(key), `${c.name} is not at the same point as ${seen.get(key)}`);
    seen.set(key, c.name);
  }
  for (const [a, b] of [['Rome', 'Alexandria'], ['Messana', 'Rhegium']] as const) {
    t.ok(km(CITY_POSITIONS[a]!, CITY_POSITIONS[b]!) > 5, `${a} and ${b} are apart`);
  }
});

t.test('positions agree with the map: roads are short, ports are near their seas (catches a swapped or mistyped position)', async (t) => {
  for (const [a, b, kind] of ROADS) {
    const d = km(CITY_POSITIONS[a]!, CITY_POSITIONS[b]!);
    t.ok(d < 800, `${a}–${b} (${kind}) is ${Math.round(d)} km`);
  }
  t.same(Object.keys(SEA_LABELS).sort(), [...SEAS].sort(), 'a label for each of the 9 seas');
  for (const c of CITIES) {
    for (const s of c.seas) {
      const d = km(CITY_POSITIONS[c.name]!, SEA_LABELS[s]!);
      t.ok(d < 1200, `${c.name} is ${Math.round(d)} km from the label of ${s}`);
    }
  }
});

t.test('the catalog is built from the rules data: cities, seas, roads, blocks and cards', async (t) => {
  const doc = juliusCaesar.catalog!() as any;
  t.same(doc, catalog());
  t.same(JSON.parse(JSON.stringify(doc)), doc, 'plain JSON');
  t.equal(doc.cities.length, 67);
  t.match(doc.cities.find((c: any) => c.id === 'Rome'), { name: 'Rome', vp: 2, port: true, majorPort: false, seas: ['Tyrrhenum'], lat: 41.9, lon: 12.5 });
  t.match(doc.cities.find((c: any) => c.id === 'Alexandria'), { vp: 2, majorPort: true, lat: 31.2, lon: 29.92 });
  t.equal(doc.cities.filter((c: any) => c.port).length, 48);
  t.equal(doc.seas.length, 9);
  const tyrrhenum = doc.seas.find((s: any) => s.id === 'Tyrrhenum');
  t.same([...tyrrhenum.ports].sort(), CITIES.filter((c) => c.seas.includes('Tyrrhenum')).map((c) => c.name).sort());
  t.same([...tyrrhenum.adjacentSeas].sort(), ['Hispanum', 'Internum']);
  t.equal(doc.roads.length, ROADS.length);
  t.same(
    ['major', 'minor', 'strait'].map((k) => doc.roads.filter((r: any) => r.type === k).length),
    [43, 47, 4],
  );
  t.same(doc.roads.filter((r: any) => r.type === 'strait').map((r: any) => r.name).sort(), ['Bosphorus', 'Hellespontus', 'Herculeum', 'Messana']);
  t.equal(doc.seaLinks.length, SEA_LINKS.length);
  t.equal(doc.blocks.length, BLOCKS.length);
  t.match(doc.blocks.find((b: any) => b.id === 'C-L13'), { name: 'Legio 13', side: 'Caesar', type: 'legion', initiative: 'C', firepower: 3, maxStrength: 3, leader: false, navis: false });
  t.match(doc.blocks.find((b: any) => b.id === 'CLEO'), { cleopatra: true, side: 'Pompey' });
  t.equal(doc.blocks.filter((b: any) => b.leader).length, 6);
  t.equal(doc.blocks.filter((b: any) => b.navis).length, 10);
  t.equal(doc.cards.length, CARDS.length);
  const gods = doc.cards.filter((c: any) => c.kind === 'god');
  t.same(gods.map((c: any) => c.name), ['Apollo', 'Jupiter', 'Mars', 'Mercury', 'Neptune', 'Pluto', 'Vulcan']);
  for (const g of gods) t.ok(typeof g.text === 'string' && g.text.length > 20, `${g.name} has its text`);
  t.match(doc.cards.find((c: any) => c.id === 'K08'), { kind: 'command', move: 4, levy: 1, text: null });
});
