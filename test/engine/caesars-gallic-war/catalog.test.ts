// The game's public data for clients (catalog.ts, data/geo.ts): positions on a real map of Gaul, and
// a document that agrees with the rules data it is built from.

import t from 'tap';
import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
import { CARDS } from '../../../src/engine/caesars-gallic-war/data/cards.js';
import { AREA_POSITIONS } from '../../../src/engine/caesars-gallic-war/data/geo.js';
import { AREAS, BORDERS } from '../../../src/engine/caesars-gallic-war/data/map.js';
import { catalog } from '../../../src/engine/caesars-gallic-war/catalog.js';
import { caesarsGallicWar } from '../../../src/engine/caesars-gallic-war/index.js';

// Gaul with Britannia's south, the Rhine's east bank and Cisalpine Gaul.
const BOX = { south: 42.5, north: 52, west: -5.5, east: 10 };
type LatLon = { lat: number; lon: number };

function km(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

t.test('every map point has a position in Gaul, none shared', async (t) => {
  t.same(Object.keys(AREA_POSITIONS).sort(), AREAS.map((a) => a.id).sort(), 'exactly the 32 map points');
  const seen = new Set<string>();
  for (const a of AREAS) {
    const p = AREA_POSITIONS[a.id];
    t.ok(p.lat >= BOX.south && p.lat <= BOX.north && p.lon >= BOX.west && p.lon <= BOX.east, `${a.name} (${p.lat}, ${p.lon}) is inside the box`);
    t.notOk(seen.has(`${p.lat},${p.lon}`), `${a.name} has its own point`);
    seen.add(`${p.lat},${p.lon}`);
  }
});

t.test('positions agree with the map: neighbours are near, a sea touches its ports (catches a swapped or mistyped position)', async (t) => {
  for (const [a, b, type] of BORDERS) {
    const d = km(AREA_POSITIONS[a], AREA_POSITIONS[b]);
    // Areas are whole tribal lands (Helvetii to the Province crosses the Alps); the Off-Map box
    // stands for Italy beyond them; the sea zones are wide.
    const limit = type === 'limited' ? 600 : type === 'sea' ? 450 : 420;
    t.ok(d < limit, `${a}–${b} (${type}) is ${Math.round(d)} km`);
  }
  // The west faces the Atlantic, the east the Rhine: a few orientations a swap would break.
  const p = AREA_POSITIONS;
  t.ok(p.osismi.lon < p.veneti.lon && p.veneti.lon < p.pictones.lon, 'Armorica runs west to east');
  t.ok(p.germania.lon > p.treveri.lon && p.treveri.lon > p.atuatuci.lon, 'Germania lies beyond the Treveri');
  t.ok(p.britannia.lat > p.atrebates.lat, 'Britannia is north of the Channel coast');
  t.ok(p.transalpine_gaul.lat < p.allobroges.lat && p.volcae.lat < p.arverni.lat, 'the Province is in the south');
});

t.test('the catalog is the rules data: every area, border, block and card, and nothing of any one game', async (t) => {
  const c = catalog() as any;
  t.equal(caesarsGallicWar.catalog, catalog, 'the module serves it');
  t.equal(c.game, 'caesars-gallic-war');
  t.same(c.roles, ['Roman', 'Barbarian']);
  t.same(c.areas.map((a: any) => a.id), AREAS.map((a) => a.id));
  t.equal(c.borders.length, BORDERS.length);
  t.same(c.blocks.map((b: any) => b.id), BLOCKS.map((b) => b.id));
  t.same(c.cards.map((x: any) => x.id), CARDS.map((x) => x.id));
  t.same(c.areas.find((a: any) => a.id === 'mandubii').fort, { name: 'Alesia', capacity: 1 });
  t.same(c.cards.find((x: any) => x.id === 'germania').value, { Roman: 2, Barbarian: 3 }, 'Germania is worth 2 to the Roman, 3 to the Barbarian');
  const text = JSON.stringify(c);
  for (const secret of ['seed', 'rng', 'hand', 'deck', 'owner']) t.notOk(text.includes(`"${secret}"`), `no ${secret}`);
});

t.test('CGW-155 CGW-159 CGW-160 CGW-161 CGW-164 CGW-165 each event card says what its event does for each side; an area card has no event text', async (t) => {
  const c = catalog() as any;
  const events = c.cards.filter((x: any) => x.kind === 'event');
  t.same(events.map((x: any) => x.event), ['baggage-train', 'minor-revolt', 'minor-revolt', 'major-revolt', 'massive-revolt'], 'the five event cards');
  for (const e of events) {
    t.type(e.text, 'string', `${e.name} has a text`);
    t.ok(e.text.length > 40 && e.text.length < 300, `${e.name}: a short text (${e.text.length} characters)`);
    t.match(e.text, /Roman/, `${e.name} says what it does for the Roman`);
    t.match(e.text, /Barbarian/, `${e.name} says what it does for the Barbarian`);
  }
  t.equal(events[1].text, events[2].text, 'both Minor Revolts read the same');
  t.match(events.find((x: any) => x.event === 'baggage-train').text, /5 more supply/, 'Baggage Train: the Roman gains 5 supply');
  t.match(events.find((x: any) => x.event === 'major-revolt').text, /Roman: as a Minor Revolt/);
  t.match(events.find((x: any) => x.event === 'massive-revolt').text, /Vercingetorix/);
  t.match(events.find((x: any) => x.event === 'massive-revolt').text, /leaves the game/, 'played as the Massive Revolt, the card is gone');
  for (const a of c.cards.filter((x: any) => x.kind === 'area')) t.equal(a.text, null, `${a.name}: no event`);
});
