// 9 Victory conditions and the Roman VP awarded at once; 7.8 scoring; 10 Yearly Objectives (optional).

import { BLOCKS } from './data/blocks.js';
import { AREAS, type AreaId } from './data/map.js';
import { VICTORY, VP } from './data/tables.js';
import { logPublic } from './log.js';
import { BRITANNIA, HELVETII, isObPort, TG, OFF_MAP } from './map.js';
import {
  controller,
  data,
  HELVETII_BLOCK,
  isGerman,
  isLegion,
  isTribe,
  onMap,
  romanAreas,
  ASIDE,
  TRIBAL_AREAS,
  VERCINGETORIX,
  type State,
} from './state.js';
import { plural } from '../kit/words.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

export function addVp(s: State, n: number, why: string): void {
  if (n === 0) return;
  const before = s.vp;
  s.vp += n;
  // Once, as the supply is: what changed it, and the VP before and after ("Legio VII eliminated: Roman VP 0 → −5.").
  logPublic(s, `${why.charAt(0).toUpperCase()}${why.slice(1)}: Roman VP ${signedVp(before)} → ${signedVp(s.vp)}.`);
}

/** A VP total as the log writes it: a true minus sign below zero. */
const signedVp = (n: number) => (n < 0 ? `−${-n}` : String(n));

/** 9.0: Caesar killed ends the game at once with a Barbarian victory. */
export function caesarKilled(s: State): void {
  s.result = { winner: 'Barbarian', reason: 'Caesar (Legio X) was killed: the Barbarian wins at once.', vp: s.vp };
  logPublic(s, s.result.reason);
}

/** 9.0 at the end of turn 8. */
export function finalResult(s: State): void {
  const level = VICTORY.find((v) => s.vp >= v.vp);
  s.result = level
    ? { winner: 'Roman', reason: `${level.level} with ${s.vp} VP.`, vp: s.vp }
    : { winner: 'Barbarian', reason: `Barbarian victory: the Roman has ${s.vp} VP, fewer than 90.`, vp: s.vp };
  logPublic(s, `Game over. ${s.result.reason}`);
}

/** 7.8: 1 VP per Roman-controlled tribal area. */
export function scoreAreas(s: State): void {
  const n = romanAreas(s).length;
  addVp(s, n * VP.perControlledArea, `${n} ${plural(n, 'tribal area')} controlled`);
}

const OB_PORTS = AREAS.filter((a) => a.kind !== null && isObPort(a.id)).map((a) => a.id);
const ctl = (s: State, a: AreaId) => controller(s, a);
const count = (s: State, areas: readonly AreaId[], role: 'Roman' | 'Barbarian') => areas.filter((a) => ctl(s, a) === role).length;
const regionAreas = (r: string) => TRIBAL_AREAS.filter((a) => AREAS.find((x) => x.id === a)!.region === r);

/** Allied tribe blocks on the map, Britannia's excluded (checklist 151, 152). */
export function alliedTribes(s: State, role: 'Roman' | 'Barbarian'): number {
  let n = 0;
  for (let i = 0; i < NB; i++) if (isTribe(i) && onMap(s, i) && s.owner[i] === role && data(i).home !== BRITANNIA) n++;
  return n;
}

/** Areas (outside Transalpine Gaul and Off-Map) where legions winter. */
function legionAreas(s: State): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < NB; i++) if (isLegion(i) && onMap(s, i) && s.loc[i] !== TG && s.loc[i] !== OFF_MAP) out.add(s.loc[i]!);
  return out;
}

/** 10: this turn's objectives as [gain or loss, reason]; gains are applied before losses. */
export function objectives(s: State): [number, string][] {
  const f = s.flags;
  const out: [number, string][] = [];
  const add = (cond: boolean, n: number, why: string) => {
    if (cond) out.push([n, why]);
  };
  const killed = (id: string) => f.killedThisTurn.includes(id);
  const firstCard = (id: string) => f.firstCardLeaders.includes(id);
  switch (s.turn) {
    case 1:
      add(['sequani', 'allobroges', HELVETII].every((a) => ctl(s, a as AreaId) === 'Roman'), 1, 'Rome controls Sequani, Allobroges and Helvetii');
      add(ctl(s, 'sequani') === 'Barbarian', -1, 'the Barbarian controls Sequani');
      add(onMap(s, HELVETII_BLOCK), -1, 'the Helvetii were not destroyed');
      break;
    case 2:
      add(count(s, OB_PORTS, 'Roman') >= 3, 1, 'Rome controls 3 areas on Oceanus Britannicus');
      add(ctl(s, 'atuatuci') === 'Roman', 1, 'Rome controls Remi/Atuatuci');
      add(count(s, OB_PORTS, 'Barbarian') >= 3, -1, 'the Barbarian controls 3 areas on Oceanus Britannicus');
      break;
    case 3: {
      const legionInHelvetii = Array.from({ length: NB }, (_, i) => i).some((i) => isLegion(i) && s.loc[i] === HELVETII);
      add(ctl(s, HELVETII) === 'Roman' && legionInHelvetii, 1, 'Rome holds Helvetii with a legion');
      add(ctl(s, 'osismi') === 'Roman' && ctl(s, 'veneti') === 'Roman', 1, 'Rome controls Osismi and Veneti');
      add(count(s, regionAreas('aquitania'), 'Roman') >= 1, 1, 'Rome controls a tribe in Aquitania');
      add(ctl(s, HELVETII) === 'Barbarian', -1, 'the Barbarian controls Helvetii');
      add(count(s, regionAreas('aquitania'), 'Barbarian') >= 1, -1, 'the Barbarian controls a tribe in Aquitania');
      add(ctl(s, 'osismi') === 'Barbarian', -1, 'the Barbarian controls Osismi');
      add(ctl(s, 'veneti') === 'Barbarian', -1, 'the Barbarian controls Veneti');
      break;
    }
    case 4: {
      const germanIn = (a: string) => Array.from({ length: NB }, (_, i) => i).some((i) => isGerman(i) && s.loc[i] === a);
      add(['menapi', 'atrebates'].some((a) => ctl(s, a as AreaId) === 'Barbarian' && germanIn(a)), -2, 'Germans winter in a Barbarian Menapi or Atrebates');
      add(f.germaniaFought, 1, 'a legion fought in Germania');
      add(f.britanniaFoughtLegions >= 1, 1, 'a legion fought in Britannia');
      add(ctl(s, BRITANNIA) === 'Roman', 1, 'Rome controls Britannia');
      break;
    }
    case 5:
      add(f.britanniaFoughtLegions >= 2, 1, 'two legions fought in Britannia');
      add(killed('dumnorix'), 2, 'Dumnorix was killed');
      add(legionAreas(s).size >= 4, 1, 'legions winter in four areas');
      add(ctl(s, BRITANNIA) === 'Barbarian', -1, 'the Barbarian controls Britannia');
      add(s.loc[BLOCK('dumnorix')] !== ASIDE && onMap(s, BLOCK('dumnorix')) && firstCard('dumnorix'), -2, 'Dumnorix is in play');
      break;
    case 6: {
      const three: AreaId[] = ['treveri', 'atuatuci', 'menapi'];
      add(count(s, three, 'Roman') > 0, count(s, three, 'Roman'), 'Rome controls Belgic areas');
      add(killed('ambiorix'), 2, 'Ambiorix was killed');
      add(f.germaniaCrossed, 1, 'a legion crossed into Germania');
      add(count(s, three, 'Barbarian') > 0, -count(s, three, 'Barbarian'), 'the Barbarian controls Belgic areas');
      add(onMap(s, BLOCK('ambiorix')) && firstCard('ambiorix'), -2, 'Ambiorix is in play');
      break;
    }
    case 7:
      add(killed('vercingetorix'), 3, 'Vercingetorix was killed');
      add(onMap(s, VERCINGETORIX) && alliedTribes(s, 'Barbarian') >= 4 && firstCard('vercingetorix'), -3, 'Vercingetorix leads four tribes');
      add(s.loc[VERCINGETORIX] === ASIDE, 1, 'Vercingetorix never came into play');
      break;
    case 8: {
      const everywhere = ['belgica', 'aquitania', 'celtae'].every((r) => count(s, regionAreas(r), 'Roman') > 0 || f.eliminatedRegions.includes(r));
      add(everywhere, 2, 'Rome has a tribe in every region');
      add(alliedTribes(s, 'Barbarian') > alliedTribes(s, 'Roman'), -2, 'the Barbarian controls more tribes');
      break;
    }
  }
  return [...out.filter((o) => o[0] > 0), ...out.filter((o) => o[0] < 0)];
}

function BLOCK(id: string): number {
  for (let i = 0; i < NB; i++) if (data(i).id === id) return i;
  throw new Error(id);
}

/** 7.9: the Yearly Objectives, if in use. */
export function scoreObjectives(s: State): void {
  if (!s.options.yearlyObjectives) return;
  for (const [n, why] of objectives(s)) addVp(s, n, `objective: ${why}`);
}
