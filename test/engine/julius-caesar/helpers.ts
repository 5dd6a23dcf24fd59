// Builds Julius Caesar positions from a compact description, so each rule test is a few lines a
// player could check against the rulebook. Positions are made the way the engine makes them
// (setup, then the real card-play actions), with only the board and hands written in directly.

import { games } from '../../../src/engine/index.js';
import type { Action } from '../../../src/engine/types.js';
import { matchLegal } from '../../../src/engine/kit/actions.js';
import { idx, type State } from '../../../src/engine/julius-caesar/state.js';
import { BLOCKS } from '../../../src/engine/julius-caesar/data/blocks.js';
import type { JCView } from '../../../src/engine/julius-caesar/view.js';
import { testSeed } from '../../helpers/seeds.js';
import { chooser } from '../../helpers/chooser.js';
import { createRng, randomInt, rollD6, type RngState } from '../../../src/engine/kit/random.js';

export const jc = games['julius-caesar']!;
export type Role = 'Caesar' | 'Pompey';
export type { State, JCView, Action };

const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4 };
/** A block's index in the state's arrays. */
export const blockIndex = idx;

export interface Spec {
  year?: number;
  turn?: number;
  /** Blocks per city or sea: 'C-L13' at full strength, or 'C-L13:II' / 'C-L13:2'. CLEO may be listed on either side. */
  Caesar?: Record<string, string[]>;
  Pompey?: Record<string, string[]>;
  /** Blocks face-up in their Levy Pool (eliminated this Year). */
  eliminated?: string[];
  /** Leaders killed (trophies). */
  killed?: string[];
  /** Hands after the Year's discard (default: command cards, enough for the remaining turns). */
  hands?: Partial<Record<Role, string[]>>;
  /** Effective cards of the previous turn this Year (for Apollo). */
  previous?: Partial<Record<Role, string>>;
  seed?: number;
}

const DEFAULT_HANDS: Record<Role, string[]> = {
  Caesar: ['K08', 'K09', 'K14', 'K18', 'K25'],
  Pompey: ['K10', 'K15', 'K19', 'K22', 'K26'],
};

/**
 * A position at the Card Phase of `year`/`turn` (default 706, turn 1): only the listed blocks are
 * on the map; all others are available in their Levy Pools (Cleopatra, if unlisted, in Alexandria
 * with Pompey at IV).
 */
export function position(spec: Spec = {}): State {
  const s = structuredClone(jc.setup(testSeed(spec.seed ?? 1))) as State;
  s.year = spec.year ?? 706;
  s.turn = spec.turn ?? 1;
  s.step = 'cards';
  s.loc = BLOCKS.map(() => 'pool');
  s.str = BLOCKS.map(() => 0);
  s.side = BLOCKS.map((b) => b.side);
  s.moved = BLOCKS.map(() => false);
  let cleoPlaced = false;
  for (const role of ['Caesar', 'Pompey'] as Role[]) {
    for (const [loc, list] of Object.entries(spec[role] ?? {})) {
      for (const item of list) {
        const [id, strength] = item.split(':') as [string, string | undefined];
        const i = blockIndex(id);
        s.loc[i] = loc;
        s.side[i] = role;
        s.str[i] = strength === undefined ? BLOCKS[i]!.max : (ROMAN[strength] ?? Number(strength));
        if (id === 'CLEO') cleoPlaced = true;
      }
    }
  }
  if (!cleoPlaced) {
    const c = blockIndex('CLEO');
    s.loc[c] = 'Alexandria';
    s.side[c] = 'Pompey';
    s.str[c] = 4;
  }
  for (const id of spec.eliminated ?? []) s.loc[blockIndex(id)] = 'eliminated';
  for (const id of spec.killed ?? []) s.loc[blockIndex(id)] = 'killed';
  const turnsLeft = 6 - s.turn;
  s.hand = {
    Caesar: spec.hands?.Caesar ?? DEFAULT_HANDS.Caesar.slice(0, turnsLeft),
    Pompey: spec.hands?.Pompey ?? DEFAULT_HANDS.Pompey.slice(0, turnsLeft),
  };
  s.discard = { Caesar: 'K27', Pompey: 'K24' };
  s.previous = { Caesar: spec.previous?.Caesar ?? null, Pompey: spec.previous?.Pompey ?? null };
  s.log = [];
  return s;
}

/** Both players play these cards (Caesar first); the reveal then runs as in the game. */
export function play(s: State, cards: Record<Role, string>): State {
  for (const role of ['Caesar', 'Pompey'] as Role[]) {
    if (!s.hand[role].includes(cards[role])) s = { ...s, hand: { ...s.hand, [role]: [...s.hand[role], cards[role]] } };
  }
  s = jc.apply(s, 'Caesar', { type: 'play', card: cards.Caesar });
  return jc.apply(s, 'Pompey', { type: 'play', card: cards.Pompey });
}

/** A position at Player 1's Command Phase after playing these cards. */
export function command(spec: Spec & { cards: Record<Role, string> }): State {
  return play(position(spec), spec.cards);
}

/** Applies an action, e.g. act(s, 'Caesar', 'move', { block: 'C-L13', path: ['Rome'] }). */
export function act(s: State, role: Role, type: string, fields: Record<string, unknown> = {}): State {
  return jc.apply(s, role, { type, ...fields } as Action);
}

/** The legal actions of a role, optionally only of one type (and one block). */
export function legal(s: State, role: Role, type?: string, block?: string): Action[] {
  return jc.legalActions(s, role).filter((a) => (type === undefined || a.type === type) && (block === undefined || a.block === block));
}

/** Is this exact action legal? */
export function isLegal(s: State, role: Role, type: string, fields: Record<string, unknown> = {}): boolean {
  // Equal up to key order, as the engine kit matches (no game's own normalisation).
  return matchLegal(jc.legalActions(s, role), { type, ...fields } as Action) !== undefined;
}

/** Destinations of a block's group moves: the final location of every legal path, deduplicated and sorted. */
export function destinations(s: State, role: Role, block: string, type = 'move'): string[] {
  const out = new Set<string>();
  for (const a of legal(s, role, type, block)) {
    const path = a.path as string[];
    out.add(path[path.length - 1]!);
  }
  return [...out].sort();
}

/** Moves a block along a path as a group move ('move') or amphibious move. */
export function move(s: State, role: Role, block: string, ...path: string[]): State {
  return act(s, role, 'move', { block, path });
}

/** Ends the pending player's current step with { type: 'done' }. */
export function done(s: State, role: Role): State {
  return act(s, role, 'done');
}

/** Where a block is, its strength and side. */
export function where(s: State, id: string): { loc: string; str: number; side: string } {
  const i = blockIndex(id);
  return { loc: s.loc[i]!, str: s.str[i]!, side: s.side[i]! };
}

/**
 * Sets the game's generator so that the next dice rolled are `rolls`, by moving its keyed
 * generator to the first point of its keystream that rolls them (fine for up to 5 dice). The
 * engine's own dice code then rolls them.
 */
export function rig(s: State, rolls: number[]): State {
  return rigWhere(s, (r) => rolls.every((want) => rollD6(r) === want), `rolls ${rolls.join(',')}`);
}

/** Sets the generator so that the next uniform draw among n items picks index k (Jupiter). */
export function rigPick(s: State, k: number, n: number): State {
  return rigWhere(s, (r) => randomInt(r, n) === k, `picks ${k} of ${n}`);
}

function rigWhere(s: State, ok: (r: RngState) => boolean, what: string): State {
  const key = typeof s.rng === 'number' ? createRng(testSeed(1)).key : s.rng.key;
  for (let counter = 0; counter < 10_000_000; counter++) {
    if (ok({ v: 'chacha20', key, counter })) return { ...s, rng: { v: 'chacha20', key, counter } };
  }
  throw new Error(`no point of the keystream ${what}`);
}

/** The role-filtered view. */
export function viewOf(s: State, role: Role | null): JCView {
  return jc.view(s, role) as JCView;
}

/** Plays out battle turns: `fire`, `pass` etc. for the pending role, returning the new state. */
export function pending(s: State): string[] {
  return jc.pending(s);
}

// Random play for the seeded-game tests.
/** A chooser whose seeds are spread by Knuth's multiplicative hash, so neighbouring seeds start far apart. */
export const picker = (seed: number) => chooser(seed * 2654435761);

/** An attack (a move into a location holding enemy blocks) or a shot, when there is one. */
export function aggressive(s: State, role: Role, options: Action[], pick: (n: number) => number): Action | null {
  const enemyAt = new Set(s.loc.filter((_, i) => s.side[i] !== role));
  const attacks = options.filter((a) => (a.type === 'move' || a.type === 'amphibious') && enemyAt.has((a.path as string[]).at(-1)!));
  if (attacks.length) return attacks[pick(attacks.length)]!;
  const fire = options.filter((a) => a.type === 'fire');
  if (fire.length && pick(4) > 0) return fire[pick(fire.length)]!;
  return null;
}
