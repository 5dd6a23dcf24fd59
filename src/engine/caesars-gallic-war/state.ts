// The game state and the small queries every rule uses. Plain JSON only: arrays indexed like
// BLOCKS, records keyed by role, null for "none".

import { about } from './about.js';
import { BLOCKS, CAESAR } from './data/blocks.js';
import { CARDS, type CardData } from './data/cards.js';
import type { AreaId } from './data/map.js';
import type { LogEntry } from './log.js';
import { area, AREA_IDS, isTribal } from './map.js';
import { copyRng, type RngState } from './random.js';
import { deepCopy } from '../kit/copy.js';
import { idTable } from '../kit/table.js';
import type { Role } from './roles.js';

/** Options chosen at game creation; every optional rule is off by default. */
export interface Options {
  /** 10: Yearly Objectives, scored in 7.9 (they replace the starred awards of 9). */
  yearlyObjectives: boolean;
  /** 11: Historical Reinforcements replace 7.7 building. */
  historicalReinforcements: boolean;
  /** 11: only Roman units and blocks with the naval symbol may move, invade or retreat by sea. */
  restrictedNaval: boolean;
  /** Legio I in the force pool (designer's errata of 29 Nov 2025; checklist 12). */
  legionI: boolean;
  /** The older card values (facts.md e, "AP (alt)"). */
  altCardValues: boolean;
}

/** Each optional rule's default, as about.ts declares them. */
export const DEFAULT_OPTIONS = Object.fromEntries(about.options.map((o) => [o.name, o.default])) as unknown as Options;

/** Off-map places of a block. On the map, a block's place is an area id. */
export const ASIDE = 'aside'; // not in play; may enter by a later rule (leaders, V and VI, Nantuates)
export const POOL = 'pool'; // the Roman force pool: may be built (7.7)
export const ELIMINATED = 'eliminated'; // set aside until the End of Turn (6)
export const REMOVED = 'removed'; // out of the game for good

export type ActionType = 'event' | 'supply' | 'activation' | 'political' | 'movement';
export const ACTION_ORDER: readonly ActionType[] = ['event', 'supply', 'activation', 'political', 'movement'];

export type Step =
  | 'massive-option' // 5.1 the Barbarian may take Massive Revolt into his hand
  | 'play' // 5.2 both choose a card face-down
  | 'declare' // 5.2 Roman, then Barbarian, announce an action type
  | 'political' // 5.2.1D choose the target
  | 'baggage' // 13.1 the Barbarian's choice
  | 'revolt' // 13.2-13.5 choose the revolting areas
  | 'leader' // 13.4-13.5 place the leader
  | 'designate' // 5.2.1E designate the groups
  | 'move' // 5.2.1E move them
  | 'battle-choose' // 6 the next battle
  | 'withdraw' // 6C German strategic withdrawal
  | 'fort' // 6B defenders declare who is inside the fort
  | 'battle' // 6 a unit's battle action
  | 'hits' // 6 the owner picks among equally strong units
  | 'assault' // 6B assault or retreat
  | 'sortie' // 6 B2 the besieged choose who sorties to join the relief
  | 'forced-retreat' // 6 attackers retreat after the last round
  | 'regroup' // 6G
  | 'attrition' // 5.2.1E stacking
  | 'vercingetorix-home' // 5.2.1D / 13.5 a new home for Vercingetorix
  | 'winter-legions' // 7.3.2
  | 'winter-barbarian' // 7.3.4-7.3.5
  | 'winter-supply' // 7.4 the Roman picks the unsupplied legions
  | 'replacements' // 7.5
  | 'reinforcements' // 7.7
  | 'bot' // 12 solitaire: the bot resolves its revealed card
  | 'respond' // 12 solitaire: the Roman may send legions to a battle about to start
  | 'idle' // no decision pending: flow proceeds
  | 'over';

/** Work still to do this round or End of Turn, first in line first. flow.ts runs the queue. */
export type Task =
  | { kind: 'action'; side: Role; type: ActionType }
  | { kind: 'battles'; chooser: Role; winter?: boolean }
  | { kind: 'regroup'; area: AreaId; role: Role; winter: boolean } // 6G: the victor of the battle just ended
  | { kind: 'event-move'; side: Role; areas: AreaId[] | null; groups: number }
  | { kind: 'leader'; leader: string; areas: AreaId[] }
  | { kind: 'attrition' }
  | { kind: 'end-round' }
  | { kind: 'bot-card' } // 12 solitaire: the deck's top card is revealed for the bot
  | { kind: 'solo-play' } // 12 solitaire: the Roman plays his next card
  | { kind: 'end-turn'; part: EndTurnPart };

export type EndTurnPart =
  | 'harvest'
  | 'replacements-gallic'
  | 'eliminated-return'
  | 'legions'
  | 'after-legions'
  | 'roman-allies'
  | 'barbarian-allies'
  | 'germans'
  | 'supply'
  | 'roman-replacements'
  | 'production'
  | 'reinforcements'
  | 'score'
  | 'next';

/** A battle caused this round, waiting to be fought. */
export interface Fight {
  attacker: Role;
  /** The main group's origin (6A); null when the attackers were placed (Political Action, revolt). */
  main: AreaId | null;
  /** How the main group arrived: by land, across the Rhine or by sea (6C, 6E). */
  via: 'land' | 'rhine' | 'sea' | 'placed';
  /** Reserve units (6A): attackers from other origins, and all units that moved in to help defend. */
  reserves: string[];
  /** Where the defender's units were neutral just before (solitaire reinforcing rule). */
  wasNeutral: boolean;
  /** Where each attacking unit came from this round (6A: the attacker names the main group). */
  origins?: Record<string, AreaId>;
  /** How the groups from each origin arrived, when not by land. */
  vias?: Record<string, 'sea' | 'rhine'>;
  /** Revision 2: how many origins the attackers had when the main group was last named. */
  named?: number;
}

export interface Battle {
  area: AreaId;
  attacker: Role;
  defender: Role;
  round: number;
  maxRounds: number;
  /**
   * 'field' against units outside the fort, then 'assault' on the fort (6B); 'relief' while the
   * besieged side's reserves fight the besiegers (6 B2), after which the assault resumes.
   */
  phase: 'field' | 'assault' | 'relief';
  /** 6 B2: set when reserves came to relieve the fort (it happens once per battle). */
  relief?: Relief;
  via: Fight['via'];
  reserves: string[];
  /** Units that took their battle action this round. */
  acted: string[];
  /** Hits waiting to be placed by their owner among equally strong units. */
  hits: { role: Role; count: number; double: boolean } | null;
  /** Per role: border counters for retreats this round ("from>to"), sea retreats this battle (6F). */
  retreats: Record<Role, Record<string, number>>;
  seaRetreats: Record<Role, number>;
  /** Units retreated or placed inside the fort by a battle action. */
  /** Borders (origin areas) each role's units used to enter this area this round, in order (6F). */
  entries: { role: Role; from: AreaId }[];
  /** Roman units that sailed into this enemy port to attack it, with their origin port (naval retreat, 6F). */
  sailed: Record<string, AreaId>;
  /** A round was fought (VP awards and objectives). */
  fought: boolean;
  /** Winter battle in Transalpine Gaul (7.3.2): the Roman may retreat or regroup only to Off-Map. */
  winter: boolean;
  /** Who chose the battle order (for the next battle). */
  chooser: Role;
}

/** 6 B2: a relief of the besieged; the siege resumes at `resumeRound` of `resumeMax`. */
export interface Relief {
  /** Units that came out of the fort to join the relief; they may only retreat back inside. */
  sortied: string[];
  resumeRound: number;
  resumeMax: number;
}

export interface Regroup {
  area: AreaId;
  role: Role;
  counts: Record<string, number>;
  /** Sea regroups per destination port (6G: at most 2 each). */
  seaCounts: Record<string, number>;
  winter: boolean;
}

/** The action being resolved from a card. */
export interface Current {
  side: Role;
  type: ActionType;
  card: string;
  ap: number;
  /** Movement: groups designated, and how many more may be. */
  groups: AreaId[];
  offMapGroups: number;
  groupsLeft: number;
  /** Event movement restricted to these areas (Major Revolt), or null. */
  only: AreaId[] | null;
  /** Revolt: the areas chosen so far and how many to choose. */
  revolt: { kind: 'minor' | 'major' | 'massive'; areas: AreaId[]; count: number } | null;
  /** Naval group moves paid this card play: "from>to" (5.2.1E). */
  navalPaid: string[];
  /** Naval moves per designated group this card play (at most 2). */
  naval: Record<string, number>;
  /** A leader to place after a revolt (13.4, 13.5). */
  leader: { leader: string; areas: AreaId[] } | null;
  /** Off-Map legions moved this card play (each is a group of its own). */
  offMapMoved: number;
}

/** The revisions of these rules a game may be set up under; new games: the last. */
export const REVISIONS = ['1', '2'] as const;

export interface State {
  game: 'caesars-gallic-war';
  options: Options;
  /**
   * The revision of this module's rules the game was set up under (setup's `revision` option), when
   * not the first: a game of revision 1 has none, so that its states are exactly those stored before
   * revisions (`npm run verify` compares its snapshots with their replay). 2: a battle's main group
   * is named at most once for each new origin among its attackers (Fight.named), where 1 let it be
   * named again and again.
   */
  revision?: 2;
  rng: RngState;
  /** 1-8 (58-51 BC). */
  turn: number;
  step: Step;
  /** Per block, indexed like BLOCKS. */
  loc: string[];
  str: number[];
  /** Controlling player, or null for a neutral block (or a block off the map). */
  owner: (Role | null)[];
  /** Inside its area's fort (6B). */
  inFort: boolean[];
  /** Half hits (6B, 6D). */
  half: number[];
  /** Moved this card play; the area where it began the card play. */
  moved: boolean[];
  /** Home area of the leaders placed by revolts (Vercingetorix, Dumnorix, Ambiorix). */
  leaderHome: Record<string, AreaId | null>;
  /** Turn in which each eliminated legion died (it returns in 7.7 of the next turn). */
  legionDied: Record<string, number>;
  /** The variable tribes drawn at setup (public). */
  variable: string[];
  deck: string[];
  hand: Record<Role, string[]>;
  discard: Record<Role, string[]>;
  /** Cards used for Neutral Tribe Activation this turn (5.2). */
  activated: Record<Role, string[]>;
  /** Massive Revolt played as a Massive Revolt: out of the game. */
  massiveRevoltPlayed: boolean;
  /** Option B of 5.1 was taken this turn: Massive Revolt must be the Barbarian's first card, as its event. */
  massiveRevoltForced: boolean;
  sealed: Record<Role, string | null>;
  /** Revealed cards of this round and the declared actions. */
  played: Record<Role, string | null>;
  declared: Record<Role, ActionType | null>;
  /** Card plays made this turn (for "first card of the turn" objectives). */
  round: number;
  supply: number;
  vp: number;
  activations: Record<Role, number>;
  raids: number;
  caesarWintered: boolean;
  ariovistusWintered: boolean;
  garrison: number;
  /** The player who moved first this round chooses the order of movement battles (6). */
  firstMover: Role | null;
  current: Current | null;
  tasks: Task[];
  fights: Record<string, Fight>;
  /** Movement border counters this card play, per role: "from>to" -> units (5.2.1E). */
  crossings: Record<Role, Record<string, number>>;
  /** Entries into each area this round, in order: who came from where (retreat rules, 6F). */
  entries: Record<string, { role: Role; from: AreaId }[]>;
  /** Units that arrived by sea this round and their origin port. */
  sailed: Record<string, AreaId>;
  /** Areas where Ariovistus subdued every tribe this round: no battle, but a regroup (8.2). */
  subdued: AreaId[];
  battle: Battle | null;
  regroup: Regroup | null;
  /** End of Turn choices so far: units wintering away, legions replaced or built this phase. */
  wintering: string[];
  /** Stacking losses still to take at the end of the card play (5.2.1E). */
  attrition: { role: Role; area: AreaId; left: number }[];
  /** Once-per-game awards and things the objectives look at. */
  flags: {
    britanniaInvasionVp: boolean;
    germaniaInvasionVp: boolean;
    britanniaTribesVp: number;
    /** This turn: legions crossed into Germania / Britannia and fought a round (and how many). */
    germaniaCrossed: boolean;
    germaniaFought: boolean;
    britanniaFoughtLegions: number;
    killedThisTurn: string[];
    /** Leaders brought in by the Barbarian's first card of this turn. */
    firstCardLeaders: string[];
    /** Tribes eliminated by the Roman this game, by region (turn 8 objective). */
    eliminatedRegions: string[];
  };
  /** This turn's log; earlier turns' logs are in `history`, never changed again (cheap copies). */
  log: LogEntry[];
  history: LogEntry[][];
  result: { winner: Role; reason: string; vp: number } | null;
  /** 12: the solitaire game's own state; null in a two-player game. */
  solo: Solo | null;
}

/** 12 Solitaire: what the rules add to the state when the Barbarian is the bot. */
export interface Solo {
  /** 182: on turn 7 the bot plays first; its first card is the Massive Revolt set aside. */
  botFirst: boolean;
  massiveFirst: boolean;
  /** The bot's moves planned for the card it resolves: each unit and where it goes. */
  plan: { block: string; to: AreaId }[];
  /** 184: where each of the bot's moving units came from this card play. */
  origins: Record<string, AreaId>;
  /** 184: a regroup back to a conquered origin was made in this battle's regroup. */
  regrouped: boolean;
  /** 171: who held each tribe eliminated this turn. */
  killedOwner: Record<string, Role>;
  /** 188: the bot's winter decision for Ariovistus this End of Turn (null: not rolled yet). */
  ariovistusStays: boolean | null;
  /** 185: the Roman's response to the battle about to start: the area, and legions sent so far. */
  respond: { area: AreaId; from: AreaId | null; sent: string[] } | null;
}

// ---- blocks ----

export const BLOCK_COUNT = BLOCKS.length;
/** The blocks by index and by id (kit/table.ts): `data(i)`, `idx(id)`, `blockId(i)`, `hasBlock(x)`. */
export const blocks = idTable(BLOCKS, 'block');
export const { idx, has: hasBlock, at: data, id: blockId } = blocks;

export const CAESAR_I = idx(CAESAR);
export const ARIOVISTUS = idx('ariovistus');
export const VERCINGETORIX = idx('vercingetorix');
export const HELVETII_BLOCK = idx('helvetii');
export const NANTUATES = idx('nantuates');

export function onMap(s: State, i: number): boolean {
  const l = s.loc[i]!;
  return l !== ASIDE && l !== POOL && l !== ELIMINATED && l !== REMOVED;
}

export const isLegion = (i: number): boolean => BLOCKS[i]!.kind === 'legion';
export const isGerman = (i: number): boolean => BLOCKS[i]!.kind === 'german' || BLOCKS[i]!.kind === 'german-leader';
export const isTribe = (i: number): boolean => BLOCKS[i]!.kind === 'tribe';
export const isGallicLeader = (i: number): boolean => BLOCKS[i]!.kind === 'gallic-leader' || BLOCKS[i]!.kind === 'minor-leader';
export const isMinorLeader = (i: number): boolean => BLOCKS[i]!.kind === 'minor-leader';
/** Gallic units: tribes and the Gallic leaders (2.2). */
export const isGallic = (i: number): boolean => isTribe(i) || isGallicLeader(i);

/** A block's home: its printed home, or for the leaders placed by revolts, their marker. */
export function homeOf(s: State, i: number): AreaId | null {
  const d = BLOCKS[i]!;
  return d.home ?? s.leaderHome[d.id] ?? null;
}

export function fullStrength(i: number): number {
  return BLOCKS[i]!.steps[0]!;
}

/** The strength after one step is lost, or 0 when the block is on its last step. */
export function stepDown(i: number, str: number): number {
  const steps = BLOCKS[i]!.steps;
  const k = steps.indexOf(str);
  return k < 0 || k + 1 >= steps.length ? 0 : steps[k + 1]!;
}

/** The strength after one step is gained (never past full). */
export function stepUp(i: number, str: number): number {
  const steps = BLOCKS[i]!.steps;
  const k = steps.indexOf(str);
  return k <= 0 ? steps[0]! : steps[k - 1]!;
}

/** Blocks on the map in `at`, optionally of one owner (null: neutral). */
export function blocksAt(s: State, at: string, owner?: Role | null): number[] {
  const out: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (s.loc[i] !== at) continue;
    if (owner !== undefined && s.owner[i] !== owner) continue;
    out.push(i);
  }
  return out;
}

export function hasUnits(s: State, at: string, owner: Role | null): boolean {
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.loc[i] === at && s.owner[i] === owner) return true;
  return false;
}

/** Any unit at `at` not `role`'s: the enemy's or a neutral tribe (one pass over the blocks). */
export function hasOthers(s: State, at: string, role: Role): boolean {
  for (let i = 0; i < BLOCK_COUNT; i++) if (s.loc[i] === at && s.owner[i] !== role) return true;
  return false;
}

/** A test of an area, remembered per area: for one listing of one state, which nothing changes while it is listed. */
export function perArea(test: (at: string) => boolean): (at: string) => boolean {
  const known = new Map<string, boolean>();
  return (at) => {
    let v = known.get(at);
    if (v === undefined) known.set(at, (v = test(at)));
    return v;
  };
}

/** An area holding units of both players: a battle will be fought there. */
export function contested(s: State, at: string): boolean {
  return hasUnits(s, at, 'Roman') && hasUnits(s, at, 'Barbarian');
}

/**
 * Control of a tribal area (checklist 6): at least one of its tribe blocks is on the map and allied
 * to that player, and none is allied to the opponent.
 */
export function controller(s: State, a: AreaId): Role | null {
  if (!isTribal(a)) return null;
  let r = false;
  let b = false;
  for (const id of area(a).tribes) {
    const i = idx(id);
    if (!onMap(s, i)) continue;
    if (s.owner[i] === 'Roman') r = true;
    else if (s.owner[i] === 'Barbarian') b = true;
  }
  return r && !b ? 'Roman' : b && !r ? 'Barbarian' : null;
}

/**
 * "Friendly or empty" for retreat and regroup (checklist 7): no enemy and no neutral blocks there
 * and no unfought battle.
 */
export function friendlyOrEmpty(s: State, a: string, role: Role): boolean {
  if (s.fights[a]) return false;
  if (s.battle && s.battle.area === a) return false;
  return !hasOthers(s, a, role);
}

// ---- cards ----

const cards = idTable(CARDS, 'card');

/** The card named `id`; throws on an id not in the deck. */
export const card: (id: string) => CardData = cards.get;
/** Whether `id` names a card of the deck (for checking what a player sent). */
export const isCard = cards.has;

/** The card's action value for this player (2.3): Germania is 2 for the Roman, 3 for the Barbarian. */
export function cardAp(s: State, id: string, role: Role): number {
  const c = card(id);
  return (s.options.altCardValues ? c.apAlt : c.ap)[role];
}

// ---- supply and VP ----

export function addSupply(s: State, n: number): void {
  s.supply = Math.max(0, Math.min(19, s.supply + n));
}

/** Roman-controlled tribal areas (7.8): Transalpine Gaul and Off-Map never count. */
export function romanAreas(s: State): AreaId[] {
  return TRIBAL_AREAS.filter((a) => controller(s, a) === 'Roman');
}

export const TRIBAL_AREAS: readonly AreaId[] = AREA_IDS.filter(isTribal);

// ---- copying ----

/**
 * A deep copy for apply(): flat arrays are sliced, the few nested parts copied generically; log
 * entries are immutable and shared.
 */
export function cloneState(s: State): State {
  return copyState(s, true);
}

/**
 * A new state object over the same parts, for a search's playout that owns `s` and changes its
 * parts in place from here on (`s` is not read again): a new object because legal lists are kept
 * per state object (kit/module.ts), and of cloneState's shape, so that the rules reading states
 * meet one object shape.
 */
export function reuseState(s: State): State {
  return copyState(s, false);
}

function copyState(s: State, deep: boolean): State {
  // Every field listed (no spread): a fixed object shape keeps the copy cheap.
  return {
    game: s.game,
    options: s.options,
    revision: s.revision,
    rng: deep ? copyRng(s.rng) : s.rng,
    turn: s.turn,
    step: s.step,
    loc: deep ? s.loc.slice() : s.loc,
    str: deep ? s.str.slice() : s.str,
    owner: deep ? s.owner.slice() : s.owner,
    inFort: deep ? s.inFort.slice() : s.inFort,
    half: deep ? s.half.slice() : s.half,
    moved: deep ? s.moved.slice() : s.moved,
    leaderHome: deep ? { ...s.leaderHome } : s.leaderHome,
    legionDied: deep ? { ...s.legionDied } : s.legionDied,
    variable: s.variable,
    deck: deep ? s.deck.slice() : s.deck,
    hand: deep ? { Roman: s.hand.Roman.slice(), Barbarian: s.hand.Barbarian.slice() } : s.hand,
    discard: deep ? { Roman: s.discard.Roman.slice(), Barbarian: s.discard.Barbarian.slice() } : s.discard,
    activated: deep ? { Roman: s.activated.Roman.slice(), Barbarian: s.activated.Barbarian.slice() } : s.activated,
    massiveRevoltPlayed: s.massiveRevoltPlayed,
    massiveRevoltForced: s.massiveRevoltForced,
    sealed: deep ? { ...s.sealed } : s.sealed,
    played: deep ? { ...s.played } : s.played,
    declared: deep ? { ...s.declared } : s.declared,
    round: s.round,
    supply: s.supply,
    vp: s.vp,
    activations: deep ? { ...s.activations } : s.activations,
    raids: s.raids,
    caesarWintered: s.caesarWintered,
    ariovistusWintered: s.ariovistusWintered,
    garrison: s.garrison,
    firstMover: s.firstMover,
    current: deep ? deepCopy(s.current) as State['current'] : s.current,
    tasks: deep ? deepCopy(s.tasks) as Task[] : s.tasks,
    fights: deep ? deepCopy(s.fights) as State['fights'] : s.fights,
    crossings: deep ? deepCopy(s.crossings) as State['crossings'] : s.crossings,
    entries: deep ? deepCopy(s.entries) as State['entries'] : s.entries,
    sailed: deep ? { ...s.sailed } : s.sailed,
    subdued: deep ? s.subdued.slice() : s.subdued,
    battle: deep ? deepCopy(s.battle) as Battle | null : s.battle,
    regroup: deep ? deepCopy(s.regroup) as Regroup | null : s.regroup,
    wintering: deep ? s.wintering.slice() : s.wintering,
    attrition: deep ? deepCopy(s.attrition) as State['attrition'] : s.attrition,
    flags: deep ? deepCopy(s.flags) as State['flags'] : s.flags,
    log: deep ? s.log.slice() : s.log,
    history: deep ? s.history.slice() : s.history,
    result: deep && s.result ? { ...s.result } : s.result,
    solo: deep ? deepCopy(s.solo) as Solo | null : s.solo,
  };
}
