// Builds Caesar's Gallic War positions from a compact description, so each rule test is a few lines
// a player could check against the rulebook. Positions start from the real setup (seeded), with only
// the board, hands and counters written in; dice are set through the game's own generator.

import { caesarsGallicWar as cgw } from '../../../src/engine/caesars-gallic-war/index.js';
import type { Action } from '../../../src/engine/types.js';
import { matchLegal } from '../../../src/engine/kit/actions.js';
import { idx, type State, type Options } from '../../../src/engine/caesars-gallic-war/state.js';
import type { CGWView } from '../../../src/engine/caesars-gallic-war/view.js';
import { BLOCKS } from '../../../src/engine/caesars-gallic-war/data/blocks.js';
import { cloneRng, rollD6 } from '../../../src/engine/kit/random.js';
import { testSeed } from '../../helpers/seeds.js';

export { cgw };
export type Role = 'Roman' | 'Barbarian';
export type { State, CGWView, Action };

/** A block's index in the state's arrays. */
export const bi = idx;

export interface Spec {
  seed?: number;
  options?: Partial<Options>;
  /** Start from an empty map (every block set aside) instead of the setup position. */
  clear?: boolean;
  turn?: number;
  supply?: number;
  vp?: number;
  /** Blocks per area: 'legio-VII' at full strength, or 'legio-VII:2'. */
  Roman?: Record<string, string[]>;
  Barbarian?: Record<string, string[]>;
  neutral?: Record<string, string[]>;
  /** Blocks taken off the map ('aside'), or put in 'eliminated' / 'removed' / 'pool'. */
  off?: Record<string, string[]>;
  hands?: Partial<Record<Role, string[]>>;
}

/** A position at the card play of `turn` (default 1). */
export function position(spec: Spec = {}): State {
  const s = structuredClone(cgw.setup(testSeed(spec.seed ?? 1), spec.options)) as State;
  s.turn = spec.turn ?? 1;
  if (spec.clear) {
    s.loc = s.loc.map(() => 'aside');
    s.str = s.str.map(() => 0);
    s.owner = s.owner.map(() => null);
  }
  for (const [role, owner] of [['Roman', 'Roman'], ['Barbarian', 'Barbarian'], ['neutral', null]] as const) {
    for (const [at, list] of Object.entries(spec[role] ?? {})) {
      for (const item of list) {
        const [id, strength] = item.split(':') as [string, string | undefined];
        const i = bi(id);
        s.loc[i] = at;
        s.owner[i] = owner;
        s.str[i] = strength === undefined ? BLOCKS[i]!.steps[0]! : Number(strength);
      }
    }
  }
  for (const [where, list] of Object.entries(spec.off ?? {})) {
    for (const id of list) {
      const i = bi(id);
      s.loc[i] = where;
      s.str[i] = 0;
      if (where !== 'pool') s.owner[i] = BLOCKS[i]!.kind === 'legion' ? 'Roman' : null;
    }
  }
  if (spec.supply !== undefined) s.supply = spec.supply;
  if (spec.vp !== undefined) s.vp = spec.vp;
  if (spec.hands) {
    for (const r of ['Roman', 'Barbarian'] as Role[]) if (spec.hands[r]) s.hand[r] = [...spec.hands[r]!];
  }
  s.step = 'play';
  s.log = [];
  s.history = [];
  return s;
}

/** Both players play these cards (the Roman first); the reveal runs as in the game. */
export function play(s: State, cards: Record<Role, string>): State {
  s = structuredClone(s);
  for (const r of ['Roman', 'Barbarian'] as Role[]) if (!s.hand[r].includes(cards[r])) s.hand[r].push(cards[r]);
  s = cgw.apply(s, 'Roman', { type: 'play', card: cards.Roman });
  return cgw.apply(s, 'Barbarian', { type: 'play', card: cards.Barbarian });
}

/** The Roman, then the Barbarian, announce their action types. */
export function declare(s: State, roman: string, barbarian: string): State {
  s = cgw.apply(s, 'Roman', { type: 'declare', action: roman });
  return cgw.apply(s, 'Barbarian', { type: 'declare', action: barbarian });
}

/** Plays and announces in one go. */
export function round(spec: Spec, cards: Record<Role, string>, actions: Record<Role, string>): State {
  return declare(play(position(spec), cards), actions.Roman, actions.Barbarian);
}

export function act(s: State, role: Role, type: string, fields: Record<string, unknown> = {}): State {
  return cgw.apply(s, role, { type, ...fields } as Action);
}

export function legal(s: State, role: Role, type?: string): Action[] {
  return cgw.legalActions(s, role).filter((a) => type === undefined || a.type === type);
}

export function isLegal(s: State, role: Role, type: string, fields: Record<string, unknown> = {}): boolean {
  // Equal up to key order, as the engine kit matches (no game's own normalisation).
  return matchLegal(cgw.legalActions(s, role), { type, ...fields } as Action) !== undefined;
}

/** Where a block is, its strength and owner. */
export function where(s: State, id: string): { loc: string; str: number; owner: string | null } {
  const i = bi(id);
  return { loc: s.loc[i]!, str: s.str[i]!, owner: s.owner[i]! };
}

/**
 * Moves the game's generator to a point where the next d6 rolls are `rolls` (searching positions of
 * the keystream; fine for up to 6 dice). The engine's own dice code then rolls them.
 */
export function rig(s: State, rolls: number[]): State {
  return rigWhere(s, rolls.length, (r) => r.every((x, k) => x === rolls[k]));
}

/** As rig, with a test on the next n rolls. */
export function rigWhere(s: State, n: number, ok: (rolls: number[]) => boolean): State {
  for (let c = s.rng.counter; c < s.rng.counter + 2_000_000; c++) {
    const g = cloneRng({ ...s.rng, counter: c });
    const r: number[] = [];
    for (let k = 0; k < n; k++) r.push(rollD6(g));
    if (ok(r)) return { ...s, rng: { ...s.rng, counter: c } };
  }
  throw new Error('no generator position gives those rolls');
}

export function viewOf(s: State, role: Role | null): CGWView {
  return cgw.view(s, role) as CGWView;
}

/**
 * The last card play of the turn (both players move nothing) with empty hands, so the End of Turn
 * follows; `harvest` is the harvest die (and any dice after it). Stops at the first decision.
 */
export function endOfTurn(spec: Spec, harvest: number | number[] = 3, prep: (s: State) => void = () => {}): State {
  let s = position({ ...spec, hands: { Roman: [], Barbarian: [] } });
  prep(s);
  s = play(s, { Roman: 'aedui', Barbarian: 'leuci' });
  s = act(s, 'Roman', 'declare', { action: 'movement' });
  s = act(s, 'Barbarian', 'declare', { action: 'movement' });
  s = act(s, 'Roman', 'go');
  return act(rig(s, typeof harvest === 'number' ? [harvest] : harvest), 'Barbarian', 'go');
}

/** Public log texts added since the log had `from` entries. */
export function logSince(s: State, from = 0): string[] {
  return s.log.slice(from).map((e) => e.t ?? '');
}
