// What one player (or an observer) may see: the only place where hidden information is decided
// (Fog-of-War sidebar, 3.0, 5.2, 7.1, 7.3). Everything else in the service shows views, never state.
//
// - Own blocks: identity, strength and data. Enemy blocks: side and location (and whether moved
//   this turn) only, except the blocks revealed in the battle being fought. Cleopatra's identity is
//   public (a blue block, JC-43), her strength is not.
// - Levy Pools: own blocks listed; the enemy's as a count, plus his face-up eliminated blocks and
//   killed leaders (public trophies).
// - Hands and discards: own only; the opponent's hand as a count. A sealed card shows as "played".
// - The log: each entry's public text, or the fuller text written for this role.
// - Listing order never depends on hidden identities (hidden blocks are sorted by what is visible).

import { inKeyOrder } from '../kit/table.js';
import { hiddenEntry } from '../kit/words.js';
import { currentSlot, isReserve, letterOf } from './battle-order.js';
import { BLOCKS } from './data/blocks.js';
import { pendingRoles } from './flow.js';
import { CITY_NAMES, SEA_NAMES } from './map.js';
import { ROLES, type Role } from './roles.js';
import { BLOCK_COUNT, CLEO, ELIMINATED, idx, KILLED, POOL, type State } from './state.js';
import { scores } from './victory.js';

export interface BlockView {
  side: Role;
  location: string;
  moved: boolean;
  id?: string;
  name?: string;
  type?: string;
  strength?: number;
  maxStrength?: number;
  initiative?: string;
  firepower?: number;
  /** An enemy block shown because the battle being fought reveals it. */
  revealed?: true;
  /** A Reserve block in Round 1 of the battle being fought. */
  reserve?: true;
}

export interface PoolView {
  /** Own available blocks (null when the viewer may not see them). */
  available: { id: string; name: string; type: string; levy: string | null }[] | null;
  /** Number of blocks available in the pool (face-down). */
  count: number;
  /** Eliminated this Year, face-up until the Year reset. */
  eliminated: string[];
  /** Leaders killed: trophies for the opponent. */
  killed: string[];
}

export interface CardPlayView {
  /** A card is in this turn (sealed or revealed). */
  played: boolean;
  /** The card, once revealed (or to its own player). */
  card: string | null;
  /** What it acts as (Apollo copies the opponent's previous card). */
  actsAs: string | null;
}

export interface JCView {
  game: 'julius-caesar';
  role: Role | null;
  scenario: string;
  year: number;
  /** 1-5 in the Year, 0 before turn 1, 6 in Winter. */
  turn: number;
  phase: string;
  /** What is expected now, in words. */
  prompt: string;
  pending: Role[];
  p1: Role | null;
  vp: Record<Role, number>;
  hand: string[] | null;
  handCount: Record<Role, number>;
  discard: string | null;
  cards: Record<Role, CardPlayView>;
  command: { role: Role; card: string; god: string | null; mp: number; lp: number; activated: string[] } | null;
  contested: { location: string; attacker: Role }[];
  battle: {
    location: string;
    round: number;
    attacker: Role;
    defender: Role;
    /** Whose battle turn it is and at which initiative letter, or who is assigning hits. */
    acting: { role: Role; initiative: string | null; hits: number | null } | null;
    /** Mars / Neptune surprise battle. */
    surprise: boolean;
    /**
     * The blocks that have had their battle turn this round (7.2), of those this view shows by
     * name in the battle: own blocks, and the enemy's revealed ones (never a Reserve).
     */
    acted: string[];
  } | null;
  blocks: BlockView[];
  pools: Record<Role, PoolView>;
  log: string[];
  outcome: State['result'];
  /** Only in the full view (fullView): nothing is hidden. */
  full?: true;
  /** Only in the full view: both hands. */
  hands?: Record<Role, string[]>;
  /** Only in the full view: both discards of the Year. */
  discards?: Record<Role, string | null>;
}

const STEP_PHASE: Record<State['step'], string> = {
  deploy: 'deployment',
  discard: 'discard',
  cards: 'card',
  command: 'command',
  jupiter: 'command',
  'jupiter-place': 'command',
  vulcan: 'command',
  surprise: 'command',
  'battle-choose': 'battle',
  battle: 'battle',
  hits: 'battle',
  regroup: 'battle',
  'winter-navis': 'winter',
  'winter-supply': 'winter',
  'winter-disband': 'winter',
  over: 'over',
};

// view() runs several times per move on the service's hot path, so it reads the state once, in
// one pass, with the blocks' fixed data prepared below, and orders the blocks by integer keys
// rather than by comparing strings. What it shows is decided exactly as described above.

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What a hidden block sorts by in place of an id: after every id. */
const NO_ID = '~';
/** Every id and NO_ID, in string order: a block's sort key holds the rank of what it shows. */
const ID_ORDER = [...BLOCKS.map((d) => d.id), NO_ID].sort(cmp);
const NO_ID_RANK = ID_ORDER.indexOf(NO_ID);

/** The fixed data of a block as view() shows it (one object shape, read by index). */
interface BlockInfo {
  id: string;
  name: string;
  type: string;
  maxStrength: number;
  firepower: number;
  /** Outside a battle: the Ballista is B4 defending and D4 attacking (3.12, 7.42). */
  initiative: string;
  levy: string | null;
  /** The owner by colour, whose Levy Pool it returns to. */
  owner: Role;
  idRank: number;
}

const INFO: BlockInfo[] = BLOCKS.map((d) => ({
  id: d.id,
  name: d.name,
  type: d.type,
  maxStrength: d.max,
  firepower: d.firepower,
  initiative: d.type === 'ballista' ? 'B/D' : d.initiative,
  levy: d.levy,
  owner: d.side,
  idRank: ID_ORDER.indexOf(d.id),
}));

/**
 * Blocks are listed by location, side, id (NO_ID when hidden), then unmoved before moved and
 * non-Reserve before Reserve. A block's sort key holds these as bits, the first the highest:
 * location rank, side (Caesar first), id rank, moved, Reserve; the lowest bits are its index, so
 * blocks alike in all the rest keep their order, as in a stable sort of the blocks by index.
 */
const bitsFor = (n: number) => Math.max(1, Math.ceil(Math.log2(n)));
const RESERVE_SHIFT = bitsFor(BLOCK_COUNT);
const INDEX_MASK = (1 << RESERVE_SHIFT) - 1;
const MOVED_SHIFT = RESERVE_SHIFT + 1;
const ID_SHIFT = MOVED_SHIFT + 1;
const SIDE_SHIFT = ID_SHIFT + bitsFor(ID_ORDER.length);
const LOC_SHIFT = SIDE_SHIFT + 1;
const BELOW_LOC = (1 << LOC_SHIFT) - 1;

/** Locations in string order: their rank in a sort key. */
function places(names: Iterable<string>): Map<string, number> {
  const sorted = [...new Set(names)].sort(cmp);
  return new Map(sorted.map((name, k) => [name, k]));
}

/** Every city and sea of the map. */
const MAP_PLACES = places([...CITY_NAMES, ...SEA_NAMES]);

export function view(s: State, role: Role | null): JCView {
  const b = s.battle;
  const battleLoc = b === null ? null : b.loc;
  const cleoShown = s.step !== 'deploy';
  const ownAvailable: PoolView['available'] = [];
  const caesarPool: PoolView = { available: role === 'Caesar' ? ownAvailable : null, count: 0, eliminated: [], killed: [] };
  const pompeyPool: PoolView = { available: role === 'Pompey' ? ownAvailable : null, count: 0, eliminated: [], killed: [] };

  // One pass: each block on the map gets its sort key; the others go to their owner's pool.
  const keys: number[] = [];
  let at = MAP_PLACES;
  let elsewhere = false;
  for (let i = 0; i < BLOCK_COUNT; i++) {
    const location = s.loc[i]!;
    if (location === POOL || location === ELIMINATED || location === KILLED) {
      const d = INFO[i]!;
      const pool = d.owner === 'Caesar' ? caesarPool : pompeyPool;
      if (location === POOL) {
        pool.count++;
        if (pool.available) pool.available.push({ id: d.id, name: d.name, type: d.type, levy: d.levy });
      } else if (location === ELIMINATED) pool.eliminated.push(d.id);
      else pool.killed.push(d.id);
      continue;
    }
    const side = s.side[i]!;
    const reserve = location === battleLoc && isReserve(s, i);
    const shown = side === role || (location === battleLoc && !reserve) || (i === CLEO && cleoShown);
    let rank = at.get(location);
    if (rank === undefined) {
      rank = 0;
      elsewhere = true;
    }
    keys.push(
      (rank << LOC_SHIFT) |
        ((side === 'Caesar' ? 0 : 1) << SIDE_SHIFT) |
        ((shown ? INFO[i]!.idRank : NO_ID_RANK) << ID_SHIFT) |
        ((s.moved[i] ? 1 : 0) << MOVED_SHIFT) |
        ((reserve ? 1 : 0) << RESERVE_SHIFT) |
        i,
    );
  }
  if (elsewhere) {
    // A location that is not on the map: rank this state's locations instead.
    at = places(keys.map((key) => s.loc[key & INDEX_MASK]!));
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      keys[k] = (at.get(s.loc[key & INDEX_MASK]!)! << LOC_SHIFT) | (key & BELOW_LOC);
    }
  }
  // Insertion sort: a few dozen numbers, faster here than Array.prototype.sort with a comparator.
  for (let k = 1; k < keys.length; k++) {
    const key = keys[k]!;
    let j = k - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }

  // The blocks in order.
  const blocks: BlockView[] = [];
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const i = key & INDEX_MASK;
    const d = INFO[i]!;
    const side = s.side[i]!;
    const location = s.loc[i]!;
    const reserve = (key >>> RESERVE_SHIFT) & 1;
    const own = side === role;
    const inBattle = location === battleLoc;
    if (own || (inBattle && !reserve)) {
      const v: BlockView = {
        side,
        location,
        moved: s.moved[i]!,
        id: d.id,
        name: d.name,
        type: d.type,
        strength: s.str[i]!,
        maxStrength: d.maxStrength,
        initiative: inBattle ? letterOf(s, i) : d.initiative,
        firepower: d.firepower,
      };
      if (!own) v.revealed = true;
      if (reserve) v.reserve = true;
      blocks.push(v);
    } else if (i === CLEO && cleoShown) {
      // JC-43 makes her identity public, but during Free Deployment where Pompey places her is
      // part of his secret deployment (JC-57): only then is she shown as a plain block.
      const v: BlockView = { side, location, moved: s.moved[i]!, id: d.id, name: d.name, type: d.type };
      if (reserve) v.reserve = true;
      blocks.push(v);
    } else {
      blocks.push(reserve ? { side, location, moved: s.moved[i]!, reserve: true } : { side, location, moved: s.moved[i]! });
    }
  }

  const cards = {} as Record<Role, CardPlayView>;
  // The cards of this game turn only: before turn 1 (discards) and in Winter no card is in play.
  const inTurn = s.turn >= 1 && s.turn <= 5;
  for (const r of ROLES) {
    const revealed = inTurn ? s.played[r] : null;
    const sealed = s.sealed[r];
    cards[r] = revealed
      ? { played: true, card: revealed, actsAs: s.effective[r] !== revealed ? s.effective[r] : null }
      : { played: sealed !== null, card: r === role ? sealed : null, actsAs: null };
  }

  const pending = pendingRoles(s);
  const slot = currentSlot(s);
  return {
    game: 'julius-caesar',
    role,
    scenario: s.scenario,
    year: s.year,
    turn: s.turn,
    phase: STEP_PHASE[s.step],
    prompt: prompt(s, pending),
    pending,
    p1: s.p1,
    vp: scores(s),
    hand: role ? s.hand[role].slice() : null,
    handCount: { Caesar: s.hand.Caesar.length, Pompey: s.hand.Pompey.length },
    discard: role ? s.discard[role] : null,
    cards,
    command: s.cmd
      ? { role: s.cmd.role, card: s.cmd.card, god: s.cmd.god, mp: s.cmd.mp, lp: s.cmd.lp, activated: s.cmd.activated.slice() }
      : null,
    contested: inKeyOrder(s.fights, (location, fight) => ({ location, attacker: fight.attacker })),
    battle: b
      ? {
          location: b.loc,
          round: b.round,
          attacker: b.attacker,
          defender: b.defender,
          acting: b.hits
            ? { role: b.hits.role, initiative: null, hits: b.hits.count }
            : slot && s.step === 'battle'
              ? { role: slot[0], initiative: slot[1], hits: null }
              : null,
          surprise: b.surprise,
          acted: b.acted.filter((id) => {
            const i = idx(id);
            return s.side[i] === role || (s.loc[i] === b.loc && !isReserve(s, i));
          }),
        }
      : null,
    blocks,
    pools: { Caesar: caesarPool, Pompey: pompeyPool },
    log: logFor(s.log, role),
    outcome: s.result,
  };
}

/**
 * The whole position, nothing hidden (GameModule.fullView): each side's blocks, pool, hand, discard
 * and card as its own player sees them, and each log entry's fuller text where it has one. Only
 * for a game that is over (the service's replay); the role views above stay the only windows
 * onto a running game.
 */
export function fullView(s: State): JCView {
  const own = { Caesar: view(s, 'Caesar'), Pompey: view(s, 'Pompey') };
  const blocks = ROLES.flatMap((r) => own[r].blocks.filter((b) => b.side === r));
  blocks.sort((x, y) => cmp(x.location, y.location) || cmp(x.side, y.side) || cmp(x.id!, y.id!));
  return {
    ...view(s, null),
    blocks,
    pools: { Caesar: own.Caesar.pools.Caesar, Pompey: own.Pompey.pools.Pompey },
    cards: { Caesar: own.Caesar.cards.Caesar, Pompey: own.Pompey.cards.Pompey },
    log: fullLog(s.log),
    full: true,
    hands: { Caesar: own.Caesar.hand!, Pompey: own.Pompey.hand! },
    discards: { Caesar: own.Caesar.discard, Pompey: own.Pompey.discard },
  };
}

/** Each entry's fullest text: the one written for a role (an entry has at most one), or the public one. */
function fullLog(entries: State['log']): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const t = e.Caesar ?? e.Pompey ?? e.t;
    if (t !== null) out.push(t);
  }
  return out;
}

/**
 * Each entry's text for this role: the fuller one written for it, or the public one; an entry
 * written for the other role alone shows as hidden (hiddenEntry), so every reader numbers it alike.
 */
function logFor(entries: State['log'], role: Role | null): string[] {
  const n = entries.length;
  const out: string[] = new Array(n);
  for (let j = 0; j < n; j++) {
    const e = entries[j]!;
    const t = (role === 'Caesar' ? e.Caesar : role === 'Pompey' ? e.Pompey : undefined) ?? e.t;
    out[j] = t ?? hiddenEntry(e.Caesar !== undefined ? 'Caesar' : 'Pompey');
  }
  return out;
}

function prompt(s: State, pending: Role[]): string {
  const who = pending.join(' and ');
  switch (s.step) {
    case 'deploy':
      return `${who}: rearrange your blocks among your starting cities, then confirm.`;
    case 'discard':
      return `${who}: discard one card face-down for the Year ${s.year}.`;
    case 'cards':
      return `${who}: play a card face-down for turn ${s.turn}.`;
    case 'command': {
      const c = s.cmd!;
      if (c.god) return `${c.role}: make one group move (${c.god}), then finish.`;
      return `${c.role}: move (${c.mp} MP left), then levy (${c.lp} LP left), then finish.`;
    }
    case 'jupiter':
      return `${who}: choose the city for Jupiter.`;
    case 'jupiter-place':
      return `${who}: choose where the defecting block goes.`;
    case 'vulcan':
      return `${who}: choose the Enemy city Vulcan strikes.`;
    case 'surprise':
      return `${who}: designate the battle where your attackers strike first.`;
    case 'battle-choose':
      return `${who}: choose the next battle.`;
    case 'battle':
      return `${who}: battle in ${s.battle!.loc}, round ${s.battle!.round}: fire, retreat or pass with a block.`;
    case 'hits':
      return `${who}: choose which of your equally strong blocks takes the next hit.`;
    case 'regroup':
      return `${who}: regroup from ${s.regroup!.loc}, or finish.`;
    case 'winter-navis':
      return `${who}: bring your Navis at sea into port.`;
    case 'winter-supply':
      return `${who}: disband blocks over the winter supply limit.`;
    case 'winter-disband':
      return `${who}: disband any blocks you wish, then finish.`;
    case 'over':
      return s.result?.reason ?? 'The game is over.';
  }
}
