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

import { roman } from './levies.js';
import { currentSlot, isReserve, letterOf } from './battles.js';
import { pendingRoles } from './flow.js';
import { ROLES, type Role } from './roles.js';
import {
  BLOCK_COUNT,
  CLEO,
  data,
  ELIMINATED,
  KILLED,
  onMap,
  POOL,
  type State,
} from './state.js';
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
  } | null;
  blocks: BlockView[];
  pools: Record<Role, PoolView>;
  log: string[];
  outcome: State['result'];
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

export function view(s: State, role: Role | null): JCView {
  const blocks: BlockView[] = [];
  const b = s.battle;
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (!onMap(s, i)) continue;
    const d = data(i);
    const side = s.side[i]!;
    const location = s.loc[i]!;
    const inBattle = b !== null && location === b.loc;
    const reserve = inBattle && isReserve(s, i);
    const own = side === role;
    const revealed = inBattle && !reserve;
    if (own || revealed) {
      const v: BlockView = {
        side,
        location,
        moved: s.moved[i]!,
        id: d.id,
        name: d.name,
        type: d.type,
        strength: s.str[i]!,
        maxStrength: d.max,
        initiative: b && inBattle ? letterOf(s, i) : d.type === 'ballista' ? 'B/D' : d.initiative,
        firepower: d.firepower,
      };
      if (!own) v.revealed = true;
      if (reserve) v.reserve = true;
      blocks.push(v);
    } else if (i === CLEO && s.step !== 'deploy') {
      // JC-43 makes her identity public, but during Free Deployment where Pompey places her is
      // part of his secret deployment (JC-57): only then is she shown as a plain block.
      blocks.push({ side, location, moved: s.moved[i]!, id: d.id, name: d.name, type: d.type, ...(reserve ? { reserve: true as const } : {}) });
    } else {
      blocks.push(reserve ? { side, location, moved: s.moved[i]!, reserve: true } : { side, location, moved: s.moved[i]! });
    }
  }
  blocks.sort(compareBlocks);

  const pools = {} as Record<Role, PoolView>;
  for (const r of ROLES) {
    const available: PoolView['available'] = [];
    const eliminated: string[] = [];
    const killed: string[] = [];
    let n = 0;
    for (let i = 0; i < BLOCK_COUNT; i++) {
      const d = data(i);
      if (d.side !== r) continue;
      if (s.loc[i] === POOL) {
        n++;
        available.push({ id: d.id, name: d.name, type: d.type, levy: d.levy });
      } else if (s.loc[i] === ELIMINATED) eliminated.push(d.id);
      else if (s.loc[i] === KILLED) killed.push(d.id);
    }
    pools[r] = { available: r === role ? available : null, count: n, eliminated, killed };
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

  const log: string[] = [];
  for (const e of s.log) {
    const t = role ? (e[role] ?? e.t) : e.t;
    if (t !== null) log.push(t);
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
    hand: role ? [...s.hand[role]] : null,
    handCount: { Caesar: s.hand.Caesar.length, Pompey: s.hand.Pompey.length },
    discard: role ? s.discard[role] : null,
    cards,
    command: s.cmd
      ? { role: s.cmd.role, card: s.cmd.card, god: s.cmd.god, mp: s.cmd.mp, lp: s.cmd.lp, activated: [...s.cmd.activated] }
      : null,
    contested: Object.keys(s.fights)
      .sort()
      .map((location) => ({ location, attacker: s.fights[location]!.attacker })),
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
        }
      : null,
    blocks,
    pools,
    log,
    outcome: s.result,
  };
}

function compareBlocks(a: BlockView, b: BlockView): number {
  return (
    cmp(a.location, b.location) ||
    cmp(a.side, b.side) ||
    cmp(a.id ?? '~', b.id ?? '~') ||
    Number(a.moved) - Number(b.moved) ||
    Number(a.reserve ?? false) - Number(b.reserve ?? false)
  );
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
