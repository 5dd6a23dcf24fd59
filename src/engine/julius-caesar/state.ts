// The game state (checklist Appendix C) and the small queries every rule uses.
// Plain JSON only: arrays indexed like BLOCKS, records keyed by role, null for "none".

import { copyRng, type RngState } from '../kit/random.js';
import { deepCopy } from '../kit/copy.js';
import { idTable } from '../kit/table.js';
import { BLOCKS } from './data/blocks.js';
import { CARDS, type CardData, type GodName } from './data/cards.js';
import type { Role } from './roles.js';
import { cityVp, isCity } from './map.js';

export type Scenario = 'historical' | 'free-deployment';

/** Off-map places of a block. On the map, a block's place is a city or sea name. */
export const POOL = 'pool'; // in its owner's Levy Pool, face-down, available (5.2)
export const ELIMINATED = 'eliminated'; // face-up in the Levy Pool until the Year reset (7.5)
export const KILLED = 'killed'; // a leader killed in battle: a permanent trophy (7.51)

export type Step =
  | 'deploy' // 5.3 free deployment, both players at once
  | 'discard' // 2.1 each player discards 1 of 6, both at once
  | 'cards' // 2.1 sealed card play, both at once
  | 'command' // 6.0 moves then levies (or a God card's group move)
  | 'jupiter' // God card: choose the city
  | 'jupiter-place' // God card: where the defector goes
  | 'vulcan' // God card: choose the city
  | 'surprise' // Mars / Neptune: designate the battle
  | 'battle-choose' // 7.1 P1 picks the next battle
  | 'battle' // 7.2 a block's battle turn
  | 'hits' // 7.4 owner picks among equally strong blocks
  | 'regroup' // 7.7
  | 'winter-navis' // 8.3
  | 'winter-supply' // 8.4
  | 'winter-disband' // 8.5
  | 'over';

export interface Command {
  role: Role;
  /** The effective card (Apollo already resolved). */
  card: string;
  god: GodName | null;
  mp: number;
  lp: number;
  /** Locations activated for group moves this phase (6.1). */
  activated: string[];
  /** Amphibious moves are still allowed: no other move made yet (6.3). */
  amphibious: boolean;
  /** Seas crossed by amphibious moves: one Navis must stay in each (6.3). */
  seasCrossed: string[];
  /** Blocks of this player that crossed each land edge this phase (6.11). */
  roads: Record<string, number>;
  /** Levying has begun: no more moves (2.2). */
  levying: boolean;
  /** God card group moves: land blocks only (Mars, Mercury, Pluto) or Navis only (Neptune). */
  only: 'land' | 'navis' | null;
}

/** A Contested location created during the Command Phase, awaiting its battle. */
export interface Fight {
  attacker: Role;
  /** Where the Main Attack came from: the first road or sea border used (6.12). */
  main: string;
  /** Ids of Reserve blocks (7.3): attackers by another road, and all responders (6.14). */
  reserves: string[];
  /** Locations each player's blocks entered from (7.62, 7.63, 6.13). */
  entries: Record<Role, string[]>;
  /** Where each entering block came from (Navis retreats, 7.82). */
  from: Record<string, string>;
  /** P2 defenders that may still move away (6.13); null until P2's command begins. */
  mayLeave: number | null;
  /** Designated for Mars / Neptune: the attacker's blocks act first in Round 1. */
  surprise: boolean;
}

export interface Battle {
  loc: string;
  attacker: Role;
  defender: Role;
  round: number;
  /** Reserves not yet arrived (Round 1 only). */
  reserves: string[];
  /** Blocks that have had their battle turn this round. */
  acted: string[];
  surprise: boolean;
  /** Each side's main force was wiped out in Round 1 (disruption, 7.31). */
  routed: Role | null;
  /** Retreat road counters per player for this round (7.61). */
  retreatRoads: Record<Role, Record<string, number>>;
  /** Sea retreats per player this round (7.64). */
  seaRetreats: Record<Role, number>;
  /** Position in this round's order of battle turns (7.2). */
  slot: number;
  /** Hits waiting to be assigned by their owner among equally strong blocks (7.4). */
  hits: { role: Role; count: number } | null;
}

export interface Regroup {
  loc: string;
  role: Role;
  roads: Record<string, number>;
}

/** An entry of the game log (log.ts writes them; view() picks the text each role may read). */
export interface LogEntry {
  /** What both players (and observers) see; null if the event is secret altogether. */
  t: string | null;
  /** What Caesar / Pompey sees instead, when it knows more. */
  Caesar?: string;
  Pompey?: string;
  /** Consecutive moves along one route merge into one entry ("moves 3 blocks"). */
  group?: { key: string; names: string[] };
}

export interface State {
  game: 'julius-caesar';
  /** Legacy games only (mulberry32): their 32-bit seed. */
  seed?: number;
  /** The generator: the kit's keyed one, or a legacy game's mulberry32 state. Secret, like a hand. */
  rng: RngState | number;
  scenario: Scenario;
  year: number;
  /** 1-5 during the Year; 0 before turn 1 (deployment, discards); 6 in Winter. */
  turn: number;
  step: Step;
  /** Per block, indexed like BLOCKS: place, current strength (0 off map), current side, moved this turn. */
  loc: string[];
  str: number[];
  side: Role[];
  moved: boolean[];
  deck: string[];
  hand: Record<Role, string[]>;
  discard: Record<Role, string | null>;
  /** Face-down card of this turn, before both are in (2.1). */
  sealed: Record<Role, string | null>;
  /** Cards revealed this turn, and the cards they act as (Apollo). */
  played: Record<Role, string | null>;
  effective: Record<Role, string | null>;
  /** Effective cards of the previous turn of this Year (Apollo copies them). */
  previous: Record<Role, string | null>;
  p1: Role | null;
  deployed: Record<Role, boolean>;
  cmd: Command | null;
  fights: Record<string, Fight>;
  battle: Battle | null;
  regroup: Regroup | null;
  jupiter: { block: string; options: string[] } | null;
  /** Whose winter step it is (8.3-8.5: Caesar first). */
  winter: Role | null;
  log: LogEntry[];
  result: { winner: Role | null; reason: string; vp: Record<Role, number> } | null;
}

// ---- blocks ----

export const BLOCK_COUNT = BLOCKS.length;
/** The blocks by index and by id (kit/table.ts): `data(i)`, `idx(id)`, `blockId(i)`, `hasBlock(x)`. */
export const blocks = idTable(BLOCKS, 'block');
export const { idx, has: hasBlock, at: data, id: blockId } = blocks;

export function onMap(s: State, i: number): boolean {
  const l = s.loc[i]!;
  return l !== POOL && l !== ELIMINATED && l !== KILLED;
}

export function isNavis(i: number): boolean {
  return BLOCKS[i]!.type === 'navis';
}

export function isLeader(i: number): boolean {
  return BLOCKS[i]!.type === 'leader';
}

export const CLEO = idx('CLEO');

/** Strength lost per hit or step: the Elephant's two steps are IV and II (7.41). */
export function stepSize(i: number): number {
  return BLOCKS[i]!.type === 'elephant' ? 2 : 1;
}

/** Strength at which a block enters play when levied (6.4): I, the Elephant II. */
export function levyStrength(i: number): number {
  return stepSize(i);
}

export function blocksAt(s: State, loc: string, role?: Role): number[] {
  const out: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.loc[i] === loc && (role === undefined || s.side[i] === role)) out.push(i);
  return out;
}

// ---- locations (4.21) ----

export type Status = 'friendly' | 'enemy' | 'vacant' | 'contested';

/** Blocks per location and side, computed once per query: [Caesar, Pompey]. */
export type Occupancy = Map<string, [number, number]>;

export function occupancy(s: State): Occupancy {
  const occ: Occupancy = new Map();
  for (let i = 0; i < BLOCK_COUNT; i++) {
    const l = s.loc[i]!;
    if (l === POOL || l === ELIMINATED || l === KILLED) continue;
    let c = occ.get(l);
    if (!c) occ.set(l, (c = [0, 0]));
    c[s.side[i] === 'Caesar' ? 0 : 1]++;
  }
  return occ;
}

export function status(occ: Occupancy, loc: string, role: Role): Status {
  const c = occ.get(loc);
  if (!c) return 'vacant';
  const own = role === 'Caesar' ? c[0] : c[1];
  const enemy = role === 'Caesar' ? c[1] : c[0];
  if (own && enemy) return 'contested';
  if (own) return 'friendly';
  if (enemy) return 'enemy';
  return 'vacant';
}

/** Where a retreat or a regroup may go (7.6, 7.7): a Friendly or Vacant location. */
export function friendlyOrVacant(st: Status): boolean {
  return st === 'friendly' || st === 'vacant';
}

export function count(occ: Occupancy, loc: string, role: Role): number {
  const c = occ.get(loc);
  return c ? c[role === 'Caesar' ? 0 : 1] : 0;
}

export function friendlyCities(s: State, role: Role, occ = occupancy(s)): string[] {
  const out: string[] = [];
  for (const [loc] of occ) if (isCity(loc) && status(occ, loc, role) === 'friendly') out.push(loc);
  return out.sort();
}

// ---- cards ----

const cards = idTable(CARDS, 'card');

/** The card named `id`; throws on an id not in the deck. */
export const card: (id: string) => CardData = cards.get;
/** Whether `id` names a card of the deck (for checking what a player sent). */
export const isCard = cards.has;

export function godOf(id: string | null): GodName | null {
  if (!id) return null;
  const c = card(id);
  return c.kind === 'god' ? c.god : null;
}

export function cardLabel(id: string): string {
  const c = card(id);
  return c.kind === 'god' ? `${c.god} (${c.id})` : `${c.id} (Move ${c.move}, Levy ${c.levy})`;
}

// ---- victory points (1.2) ----

export function leadersKilled(s: State, side: Role): number {
  let n = 0;
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.loc[i] === KILLED && BLOCKS[i]!.side === side) n++;
  return n;
}

/** Friendly cities' values plus 1 per enemy leader killed. */
export function victoryPoints(s: State, role: Role, occ = occupancy(s)): number {
  let vp = 0;
  for (const [loc] of occ) if (status(occ, loc, role) === 'friendly') vp += cityVp(loc);
  return vp + leadersKilled(s, role === 'Caesar' ? 'Pompey' : 'Caesar');
}

// ---- copying ----

/** A deep copy for apply(); log entries are immutable and shared. */
export function cloneState(s: State): State {
  // Each member copied as deep as apply() may change it, the flat arrays and records by a
  // shallow copy (a generic deep copy of the whole state was a tenth of the computer's search),
  // the others deeply; exactly the members the state has, in the order the copy has always had
  // (its own, the log last), so that states serialize byte for byte as they always have. The
  // copy is made by a rest pattern, then its members replaced: an object built member by member
  // from {} ended in V8's slow dictionary mode (past a dozen keyed additions), and every rule
  // read from it paid a hash lookup.
  const { log, ...c } = s as unknown as Record<string, unknown> & { log: LogEntry[] };
  for (const k in c) {
    const v = c[k];
    if (v === null || typeof v !== 'object') continue;
    const copy = COPIERS[k];
    c[k] = copy ? copy(v) : deepCopy(v);
  }
  c.log = log.slice();
  return c as unknown as State;
}

/**
 * A new state object over the same parts, for a search's playout that owns `s` and changes its
 * parts in place from here on (`s` is not read again): a new object because legal lists are kept
 * per state object (kit/module.ts), built as cloneState builds its copy so that it has its shape.
 */
export function reuseState(s: State): State {
  const { log, ...c } = s as unknown as Record<string, unknown> & { log: LogEntry[] };
  c.log = log;
  return c as unknown as State;
}

const flat = (v: unknown) => (v as unknown[]).slice();
const record = (v: unknown) => (v === null || typeof v !== 'object' ? v : { ...(v as object) });
/** How each member whose parts are all primitives is copied (the rest: deepCopy). */
const COPIERS: Record<string, ((v: unknown) => unknown) | undefined> = {
  rng: (v) => copyRng(v as RngState),
  loc: flat,
  str: flat,
  side: flat,
  moved: flat,
  deck: flat,
  discard: record,
  sealed: record,
  played: record,
  effective: record,
  previous: record,
  deployed: record,
  hand: (v) => {
    const h = v as Record<string, string[]>;
    const out: Record<string, string[]> = {};
    for (const k in h) out[k] = h[k]!.slice();
    return out;
  },
};
