// What one player (or an observer) may see: the only place where hidden information is decided
// (2.2, 3, 5.2, 6; checklist 5).
//
// - Own blocks: identity and strength. Neutral blocks: identity and strength (they may be inspected,
//   and which variable tribe was drawn is public). The opponent's blocks: location and side only,
//   except in the battle being fought (reserves from round 2).
// - Hands: own only, the opponent's as a count; a sealed card shows as "played" until the reveal.
//   Discards and the cards in the activation areas are public.
// - Off the map: eliminated, removed and force-pool blocks are public (set aside face-up).
// - The log: each entry's public text, or the fuller text written for this role.
// - The generator state and the deck order are never shown.

import { inKeyOrder } from '../kit/table.js';
import { hiddenEntry } from '../kit/words.js';
import { BLOCKS } from './data/blocks.js';
import { isReserve, nextActors } from './battle.js';
import { pendingRoles } from './flow.js';
import { mayKeepHome } from './leaders.js';
import { ROLES, type Role } from './roles.js';
import { ASIDE, data, ELIMINATED, idx, onMap, POOL, REMOVED, type State } from './state.js';

/** Blocks, as a local constant: this game's hottest loops run over them. */
const NB = BLOCKS.length;

export interface BlockView {
  location: string;
  /** The controlling player, or 'neutral'. */
  side: Role | 'neutral';
  id?: string;
  name?: string;
  kind?: string;
  strength?: number;
  steps?: number[];
  initiative?: string;
  br?: number;
  home?: string | null;
  /** Inside the fort during a battle (6B). */
  inFort?: true;
  halfHit?: true;
  /** An opponent's block shown because the battle being fought reveals it. */
  revealed?: true;
  reserve?: true;
}

export interface CGWView {
  game: 'caesars-gallic-war';
  role: Role | null;
  turn: number;
  yearBC: number;
  step: State['step'];
  prompt: string;
  pending: Role[];
  options: State['options'];
  /** State.revision: the rules' revision the game is played under. */
  rulesRevision: 1 | 2;
  supply: number;
  vp: number;
  garrison: number;
  activations: Record<Role, number>;
  raids: number;
  caesarWintered: boolean;
  ariovistusWintered: boolean;
  variableTribes: string[];
  hand: string[] | null;
  handCount: Record<Role, number>;
  cards: Record<Role, { played: boolean; card: string | null; action: string | null }>;
  discard: Record<Role, string[]>;
  activated: Record<Role, string[]>;
  deckCount: number;
  current: { side: Role; type: string; card: string; groupsLeft: number } | null;
  contested: { area: string; attacker: Role }[];
  battle: {
    area: string;
    round: number;
    maxRounds: number;
    phase: string;
    attacker: Role;
    defender: Role;
    acting: Role | null;
    hits: number | null;
    /**
     * The units that have taken their battle action this round (6), of those this view shows by
     * name: own and neutral units anywhere, the opponent's while in the battle (never a Reserve).
     */
    acted: string[];
  } | null;
  blocks: BlockView[];
  offMap: { eliminated: string[]; removed: string[]; forcePool: string[] };
  leaderHomes: Record<string, string | null>;
  log: string[];
  /** The result as the service's Outcome has it: the Roman's VP, the only score in this game. */
  outcome: { winner: Role; reason: string; vp: { Roman: number } } | null;
  /** Only in the full view (fullView): nothing is hidden. */
  full?: true;
  /** Only in the full view: both hands. */
  hands?: Record<Role, string[]>;
}

export function view(s: State, role: Role | null): CGWView {
  const b = s.battle;
  const blocks: BlockView[] = [];
  for (let i = 0; i < NB; i++) {
    if (!onMap(s, i)) continue;
    const d = data(i);
    const owner = s.owner[i];
    const location = s.loc[i]!;
    const inBattle = b !== null && b.area === location;
    const reserve = inBattle && isReserve(s, i);
    const visible = owner === null || owner === role || (inBattle && !reserve);
    const side = owner ?? 'neutral';
    if (!visible) {
      blocks.push(reserve ? { location, side, reserve: true } : { location, side });
      continue;
    }
    const v: BlockView = {
      location,
      side,
      id: d.id,
      name: d.name,
      kind: d.kind,
      strength: s.str[i]!,
      steps: [...d.steps],
      initiative: d.initiative,
      br: d.br,
      home: d.home ?? s.leaderHome[d.id] ?? null,
    };
    if (s.inFort[i]) v.inFort = true;
    if (s.half[i]) v.halfHit = true;
    if (owner !== null && owner !== role) v.revealed = true;
    if (reserve) v.reserve = true;
    blocks.push(v);
  }
  blocks.sort((x, y) => cmp(x.location, y.location) || cmp(x.side, y.side) || cmp(x.id ?? '~', y.id ?? '~') || Number(x.reserve ?? false) - Number(y.reserve ?? false));

  const offMap = { eliminated: [] as string[], removed: [] as string[], forcePool: [] as string[] };
  for (let i = 0; i < NB; i++) {
    const l = s.loc[i];
    if (l === ELIMINATED) offMap.eliminated.push(BLOCKS[i]!.id);
    else if (l === REMOVED) offMap.removed.push(BLOCKS[i]!.id);
    else if (l === POOL) offMap.forcePool.push(BLOCKS[i]!.id);
    void ASIDE;
  }

  const cards = {} as CGWView['cards'];
  for (const r of ROLES) {
    const revealed = s.played[r];
    cards[r] = revealed
      ? { played: true, card: revealed, action: s.declared[r] }
      : { played: s.sealed[r] !== null, card: r === role ? s.sealed[r] : null, action: null };
  }

  const log: string[] = [];
  for (const part of [...s.history, s.log]) {
    for (const e of part) {
      // An entry written for the other role alone keeps its place, shown as hidden (hiddenEntry).
      const t = role ? (e[role] ?? e.t) : e.t;
      log.push(t ?? hiddenEntry(e.Roman !== undefined ? 'Roman' : 'Barbarian'));
    }
  }
  const pending = pendingRoles(s);
  const acting = b && s.step === 'battle' ? nextActors(s)[0] : undefined;
  return {
    game: 'caesars-gallic-war',
    role,
    turn: s.turn,
    yearBC: 59 - s.turn,
    step: s.step,
    prompt: prompt(s, pending),
    pending,
    options: { ...s.options },
    rulesRevision: s.revision ?? 1,
    supply: s.supply,
    vp: s.vp,
    garrison: s.garrison,
    activations: { ...s.activations },
    raids: s.raids,
    caesarWintered: s.caesarWintered,
    ariovistusWintered: s.ariovistusWintered,
    variableTribes: [...s.variable],
    hand: role ? [...s.hand[role]].sort() : null,
    handCount: { Roman: s.hand.Roman.length, Barbarian: s.hand.Barbarian.length },
    cards,
    discard: { Roman: [...s.discard.Roman], Barbarian: [...s.discard.Barbarian] },
    activated: { Roman: [...s.activated.Roman], Barbarian: [...s.activated.Barbarian] },
    deckCount: s.deck.length,
    current: s.current ? { side: s.current.side, type: s.current.type, card: s.current.card, groupsLeft: s.current.groupsLeft } : null,
    contested: inKeyOrder(s.fights, (area, fight) => ({ area, attacker: fight.attacker })),
    battle: b
      ? {
          area: b.area,
          round: b.round,
          maxRounds: b.maxRounds,
          phase: b.phase,
          attacker: b.attacker,
          defender: b.defender,
          acting: acting !== undefined ? (s.owner[acting] as Role) : b.hits ? b.hits.role : null,
          hits: b.hits ? b.hits.count : null,
          acted: b.acted.filter((id) => {
            const i = idx(id);
            const owner = s.owner[i];
            return owner === null || owner === role || (onMap(s, i) && s.loc[i] === b.area && !isReserve(s, i));
          }),
        }
      : null,
    blocks,
    offMap,
    leaderHomes: { ...s.leaderHome },
    log,
    outcome: s.result ? { winner: s.result.winner, reason: s.result.reason, vp: { Roman: s.result.vp } } : null,
  };
}

/**
 * The whole position, nothing hidden (GameModule.fullView): each side's blocks, hand and card as
 * its own player sees them, the neutral blocks, and each log entry's fuller text where it has one.
 * Only for a game that is over (the service's replay); the role views above stay the only
 * windows onto a running game.
 */
export function fullView(s: State): CGWView {
  const own = { Roman: view(s, 'Roman'), Barbarian: view(s, 'Barbarian') };
  const pub = view(s, null);
  const blocks = [...pub.blocks.filter((b) => b.side === 'neutral'), ...ROLES.flatMap((r) => own[r].blocks.filter((b) => b.side === r))];
  blocks.sort((x, y) => cmp(x.location, y.location) || cmp(x.side, y.side) || cmp(x.id!, y.id!));
  const log: string[] = [];
  for (const part of [...s.history, s.log]) {
    for (const e of part) {
      const t = e.Roman ?? e.Barbarian ?? e.t;
      if (t !== null) log.push(t);
    }
  }
  return {
    ...pub,
    blocks,
    cards: { Roman: own.Roman.cards.Roman, Barbarian: own.Barbarian.cards.Barbarian },
    log,
    full: true,
    hands: { Roman: own.Roman.hand!, Barbarian: own.Barbarian.hand! },
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function prompt(s: State, pending: Role[]): string {
  const who = pending.join(' and ');
  switch (s.step) {
    case 'massive-option':
      return 'Barbarian: take the Massive Revolt card into your hand, or decline.';
    case 'play':
      return s.solo ? 'Roman: play a card.' : `${who}: choose a card face-down.`;
    case 'bot':
      return 'The bot resolves its card.';
    case 'respond':
      return 'Roman: send up to 2 legions from one adjacent area to the battle (1 supply each), or none.';
    case 'declare':
      return `${who}: announce the action for your card.`;
    case 'political':
      return `${who}: choose the target of your Political Action.`;
    case 'baggage':
      return `${who}: add 2 steps in one area, or cut Roman supply by 2.`;
    case 'revolt':
      return `${who}: choose an area to revolt.`;
    case 'leader':
      return `${who}: place the leader.`;
    case 'designate':
      return `${who}: activate groups for movement (${s.current?.groupsLeft ?? 0} left), then go.`;
    case 'move':
      return `${who}: move units of the activated groups, then finish.`;
    case 'battle-choose':
      return `${who}: choose the next battle.`;
    case 'withdraw':
      return `${who}: withdraw Germans from Germania before the battle, or fight.`;
    case 'fort':
      return `${who}: choose the defenders who go inside the fort.`;
    case 'battle':
      return `${who}: fire, retreat or pass with a unit.`;
    case 'hits':
      return `${who}: choose which of your equally strong units takes the hit.`;
    case 'assault':
      return `${who}: assault the fort or retreat.`;
    case 'sortie':
      return `${who}: choose the units that sortie from the fort to join the relief (or none).`;
    case 'forced-retreat':
      return `${who}: retreat your attacking units.`;
    case 'regroup':
      return `${who}: regroup the victorious units, or finish.`;
    case 'attrition':
      return `${who}: choose the units that lose a step to overstacking.`;
    case 'vercingetorix-home':
      return mayKeepHome(s) ? `${who}: choose a new home for Vercingetorix, or keep his home.` : `${who}: choose a new home for Vercingetorix.`;
    case 'winter-legions':
      return `${who}: choose the legions that winter in Gaul; the others go home.`;
    case 'winter-barbarian':
      return `${who}: choose the units that winter with Vercingetorix or Ariovistus; the others go home.`;
    case 'winter-supply':
      return `${who}: choose the legions left without supply (each loses a step).`;
    case 'replacements':
      return `${who}: buy steps for your legions (1 supply each), then finish.`;
    case 'reinforcements':
      return `${who}: build legions in Off-Map, then finish.`;
    case 'idle':
      return '';
    case 'over':
      return s.result?.reason ?? 'The game is over.';
  }
}
