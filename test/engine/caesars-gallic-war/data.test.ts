// The transcribed game data matches every count of facts.md (f) and the cross-checks of (a)-(h).

import t from 'tap';
import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
import { CARDS } from '../../../src/engine/caesars-gallic-war/data/cards.js';
import { AREAS, BORDERS } from '../../../src/engine/caesars-gallic-war/data/map.js';
import {
  harvest,
  HAND_SIZE,
  RANDOM_AREA,
  randomRegion,
  START_SUPPLY,
  VICTORY,
  vercingetorixHome,
} from '../../../src/engine/caesars-gallic-war/data/tables.js';

const tribal = AREAS.filter((a) => a.kind !== null);
const area = (id: string) => AREAS.find((a) => a.id === id)!;
const block = (id: string) => BLOCKS.find((b) => b.id === id)!;

t.test('map points: 32 = 27 tribal + Germania + Transalpine Gaul + Off-Map + 2 seas', async (t) => {
  t.equal(AREAS.length, 32);
  t.equal(new Set(AREAS.map((a) => a.id)).size, 32);
  t.equal(tribal.length, 27);
  t.same(AREAS.filter((a) => a.kind === null).map((a) => a.id).sort(), [
    'germania', 'mare_cantabricum', 'oceanus_britannicus', 'roman_off_map', 'transalpine_gaul',
  ]);
  t.equal(AREAS.filter((a) => a.region === 'sea').length, 2);
});

t.test('tribal areas by region: Belgica 6 + Celtae 18 + Aquitania 2 + Britannia 1', async (t) => {
  const n = (r: string) => tribal.filter((a) => a.region === r).length;
  t.same([n('belgica'), n('celtae'), n('aquitania'), n('britannia')], [6, 18, 2, 1]);
  t.equal(area('mediomatrici').region, 'belgica', 'the data typo "belgae" is corrected (facts.md g8)');
});

t.test('tribal areas by kind: 10 single + 9 double + 8 variable', async (t) => {
  const n = (k: string) => tribal.filter((a) => a.kind === k).length;
  t.same([n('single'), n('double'), n('variable')], [10, 9, 8]);
  for (const a of tribal) {
    const live = a.tribes.filter((id) => id !== 'nantuates');
    t.equal(live.length, a.kind === 'single' ? 1 : 2, `${a.id}: ${a.kind} area has ${live.length} tribe(s)`);
    for (const id of a.tribes) t.equal(block(id).home, a.id, `${id} lives in ${a.id}`);
  }
});

t.test('borders: 76 = 28 black + 33 blue + 4 Rhine + 1 limited + 10 port-sea, each listed once', async (t) => {
  t.equal(BORDERS.length, 76);
  const n = (k: string) => BORDERS.filter((b) => b[2] === k).length;
  t.same([n('black'), n('blue'), n('rhine'), n('limited'), n('sea')], [28, 33, 4, 1, 10]);
  const keys = BORDERS.map(([a, b]) => [a, b].sort().join('|'));
  t.equal(new Set(keys).size, 76, 'no link listed twice');
  const ids = new Set(AREAS.map((a) => a.id));
  for (const [a, b, k] of BORDERS) {
    t.ok(ids.has(a) && ids.has(b) && a !== b, `${a}-${b} joins two map points`);
    const seas = [a, b].filter((x) => area(x).region === 'sea').length;
    t.equal(seas, k === 'sea' ? 1 : 0, `${a}-${b} (${k}): a sea link has exactly one sea end`);
  }
  // The Rhine joins Germania to exactly Leuci, Mediomatrici, Menapi and Treveri; nothing else touches Germania.
  const rhine = BORDERS.filter((b) => b[2] === 'rhine').map(([a, b]) => (a === 'germania' ? b : a)).sort();
  t.same(rhine, ['leuci', 'mediomatrici', 'menapi', 'treveri']);
  t.notOk(BORDERS.some(([a, b, k]) => (a === 'germania' || b === 'germania') && k !== 'rhine'));
  // Britannia only by sea; Off-Map only to Transalpine Gaul; Helvetii's 4 borders all blue (the Alps).
  t.same(BORDERS.filter(([a, b]) => a === 'britannia' || b === 'britannia').map((b) => b[2]), ['sea']);
  t.same(BORDERS.filter(([a, b]) => a === 'roman_off_map' || b === 'roman_off_map').map((b) => b.slice(0, 3)), [['roman_off_map', 'transalpine_gaul', 'limited']]);
  const helv = BORDERS.filter(([a, b]) => a === 'helvetii' || b === 'helvetii');
  t.equal(helv.length, 4);
  t.ok(helv.every((b) => b[2] === 'blue'));
  // Mandubii has the most neighbours: 10.
  t.equal(BORDERS.filter(([a, b]) => a === 'mandubii' || b === 'mandubii').length, 10);
});

t.test('ports: 9 (6 on Oceanus Britannicus + 4 on Mare Cantabricum, Osismi on both); sea links agree', async (t) => {
  const ports = AREAS.filter((a) => a.seas.length > 0);
  t.equal(ports.length, 9);
  t.same(AREAS.filter((a) => a.seas.includes('oceanus_britannicus')).map((a) => a.id).sort(), [
    'andes', 'atrebates', 'bellovaci', 'britannia', 'esuvii', 'osismi',
  ]);
  t.same(AREAS.filter((a) => a.seas.includes('mare_cantabricum')).map((a) => a.id).sort(), ['osismi', 'pictones', 'santones', 'veneti']);
  t.same(AREAS.filter((a) => a.seas.length === 2).map((a) => a.id), ['osismi']);
  const fromBorders = BORDERS.filter((b) => b[2] === 'sea').map(([a, b]) => (area(a).region === 'sea' ? `${b}>${a}` : `${a}>${b}`)).sort();
  const fromAreas = AREAS.flatMap((a) => a.seas.map((s) => `${a.id}>${s}`)).sort();
  t.same(fromBorders, fromAreas);
});

t.test('forts: 9 (7 with capacity 1, 2 with capacity 2), at most 11 supply a year', async (t) => {
  const forts = AREAS.filter((a) => a.fort);
  t.equal(forts.length, 9);
  t.same(forts.filter((a) => a.fort!.capacity === 2).map((a) => a.id).sort(), ['bituriges', 'transalpine_gaul']);
  t.equal(forts.filter((a) => a.fort!.capacity === 1).length, 7);
  t.equal(forts.reduce((n, a) => n + a.fort!.capacity, 0), 11);
});

t.test('unit blocks: 64 = 12 legions + 4 German + 3 Gallic leaders + 45 tribe blocks', async (t) => {
  t.equal(BLOCKS.length, 64);
  t.equal(new Set(BLOCKS.map((b) => b.id)).size, 64);
  const n = (...kinds: string[]) => BLOCKS.filter((b) => kinds.includes(b.kind)).length;
  t.equal(n('legion'), 12);
  t.equal(n('german', 'german-leader'), 4);
  t.equal(n('gallic-leader', 'minor-leader'), 3);
  t.equal(n('tribe'), 45);
  // 45 = 10 single + 1 Nantuates + 18 (9 doubles x 2) + 16 (8 pairs x 2)
  const homesOf = (kind: string) => BLOCKS.filter((b) => b.kind === 'tribe' && area(b.home!).kind === kind).length;
  t.same([homesOf('single'), homesOf('double'), homesOf('variable')], [11, 18, 16]);
});

t.test('initiative letters A 13, B 15, C 36, D 0; battle ratings 1: 5, 3: 4, 2: 55', async (t) => {
  const ini = (l: string) => BLOCKS.filter((b) => b.initiative === l).length;
  t.same([ini('A'), ini('B'), ini('C'), ini('D')], [13, 15, 36, 0]);
  const br = (v: number) => BLOCKS.filter((b) => b.br === v).map((b) => b.id).sort();
  t.same(br(1), ['caletes', 'helvii', 'osismi', 'venelli', 'volcae']);
  t.same(br(3), ['ariovistus', 'bituriges', 'legio-X', 'vercingetorix']);
  t.equal(br(2).length, 55);
  t.same(block('helvetii').steps, [8, 6, 4, 2]);
  t.same(BLOCKS.filter((b) => b.naval).map((b) => b.id).sort(), [
    'atrebates', 'belgae', 'bellovaci', 'caletes', 'cantiaci', 'esuvii', 'lemovicii', 'luxovii', 'morini', 'osismi', 'pictones', 'santones', 'venelli',
  ], '13 blocks carry the naval symbol; Veneti and Namnetes do not');
  for (const b of BLOCKS) t.ok(b.steps.every((s, i) => i === 0 || s < b.steps[i - 1]!), `${b.id} steps decrease`);
});

t.test('blocks on the map after setup: 46 = 6 legions + 4 German + 36 tribe blocks (33 neutral, 2 R allies, 1 B ally)', async (t) => {
  const placed = BLOCKS.filter((b) => b.start.kind === 'placed');
  const neutral = BLOCKS.filter((b) => b.start.kind === 'neutral');
  const variable = BLOCKS.filter((b) => b.start.kind === 'variable');
  t.equal(variable.length, 16, '8 pairs, one of each drawn');
  t.equal(placed.filter((b) => b.kind === 'legion').length, 6);
  t.equal(placed.filter((b) => b.kind === 'german' || b.kind === 'german-leader').length, 4);
  const tribesOnMap = placed.filter((b) => b.kind === 'tribe').length + neutral.length + variable.length / 2;
  t.equal(tribesOnMap, 36);
  t.equal(neutral.length + variable.length / 2, 33);
  t.same(placed.filter((b) => b.kind === 'tribe').map((b) => `${b.id}:${(b.start as { owner: string }).owner}`).sort(), [
    'allobroges:Roman', 'helvetii:Barbarian', 'volcae:Roman',
  ]);
  t.equal(placed.length + neutral.length + variable.length / 2, 46);
  // Off the map: 8 unchosen variable tribes + Nantuates + 3 leaders + I, XIII, XIV, XV + V, VI = 18.
  const off = BLOCKS.filter((b) => b.start.kind === 'force-pool' || b.start.kind === 'aside').length + variable.length / 2;
  t.equal(off, 18);
  t.same(BLOCKS.filter((b) => b.start.kind === 'force-pool').map((b) => b.id), ['legio-I', 'legio-XIII', 'legio-XIV', 'legio-XV']);
  t.same(BLOCKS.filter((b) => b.start.kind === 'aside').map((b) => b.id).sort(), ['ambiorix', 'dumnorix', 'legio-V', 'legio-VI', 'nantuates', 'vercingetorix']);
});

t.test('starting Roman strength: 4+4+4+4+3+3 = 22 legion steps; supply 15', async (t) => {
  const legions = BLOCKS.filter((b) => b.kind === 'legion' && b.start.kind === 'placed');
  t.equal(legions.reduce((n, b) => n + (b.start as { strength: number }).strength, 0), 22);
  t.equal(START_SUPPLY, 15);
});

t.test('cards: 33 = 28 area + 5 events; AP three 3s, twelve 2s, thirteen 1s; area cards sum to 46 with Germania as 3', async (t) => {
  t.equal(CARDS.length, 33);
  t.equal(new Set(CARDS.map((c) => c.id)).size, 33);
  const areaCards = CARDS.filter((c) => c.kind === 'area');
  t.equal(areaCards.length, 28);
  t.same(CARDS.filter((c) => c.kind === 'event').map((c) => c.name), ['Baggage Train', 'Minor Revolt', 'Minor Revolt', 'Major Revolt', 'Massive Revolt']);
  const b = (v: number) => areaCards.filter((c) => c.ap.Barbarian === v).length;
  t.same([b(3), b(2), b(1)], [3, 12, 13]);
  t.equal(areaCards.reduce((n, c) => n + c.ap.Barbarian, 0), 46);
  const germania = CARDS.find((c) => c.id === 'germania')!;
  t.same(germania.ap, { Roman: 2, Barbarian: 3 });
  // One card per tribal area plus Germania; Transalpine Gaul has none.
  t.same(areaCards.map((c) => (c as { area: string }).area).sort(), [...tribal.map((a) => a.id), 'germania'].sort());
  // The alternative values differ only for the three Belgic variable areas.
  t.same(areaCards.filter((c) => c.ap.Roman !== c.apAlt.Roman).map((c) => c.id).sort(), ['atrebates', 'atuatuci', 'menapi']);
});

t.test('cards dealt: turn 1 4 + 4, turns 2-8 5 + 5; card plays per player per game 39', async (t) => {
  t.equal(HAND_SIZE(1), 4);
  for (let turn = 2; turn <= 8; turn++) t.equal(HAND_SIZE(turn), 5);
  let plays = 0;
  for (let turn = 1; turn <= 8; turn++) plays += HAND_SIZE(turn);
  t.equal(plays, 39);
});

t.test('harvest, victory thresholds', async (t) => {
  t.same([1, 2, 3, 4, 5, 6].map((r) => harvest(r).garrison), [1, 2, 2, 2, 2, 3]);
  t.same([1, 2, 5, 6].map((r) => harvest(r).supply), [-2, 0, 0, 2]);
  t.same(VICTORY.map((v) => v.vp), [110, 100, 90]);
});

t.test('solitaire tables cover all 27 tribal areas exactly once', async (t) => {
  const seen: string[] = [];
  for (const list of Object.values(RANDOM_AREA)) {
    for (const x of new Set(list.map((v) => (typeof v === 'string' ? v : v.join('+'))))) seen.push(...x.split('+'));
  }
  t.same(seen.sort(), tribal.map((a) => a.id).sort());
  t.same([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(randomRegion), [
    'aquitania', 'aquitania', 'celtae-west', 'celtae-west', 'celtae-east', 'celtae-east', 'celtae-central', 'celtae-central', 'belgica', 'belgica', 'belgica',
  ]);
  t.same([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(vercingetorixHome), [
    'carnutes', 'cadurci', 'bellovaci', 'bellovaci', 'arverni', 'arverni', 'mandubii', 'mandubii', 'bituriges', 'bituriges', 'sequani',
  ]);
});
