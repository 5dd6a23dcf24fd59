// What is hidden in Julius Caesar, for the computer's belief (src/search/belief.ts replays the game
// through the engine and calls these): which of the opponent's blocks is which, and how strong,
// on the map and in his Levy Pool; his hand, his discard and his sealed card; the deck. A player
// sees every block's side and place, his own blocks in full, the blocks of the battle being fought
// (Reserves excepted), Cleopatra's identity, both pools' eliminated and killed blocks.
//
// A block's *slot* is what the viewer sees of it (place, side, moved this turn) plus its strength
// (a hidden block's strength goes with its place: it is the history of that piece on the board);
// its *identity* is which of the 63 blocks it is. Reassigning identities among the hidden slots,
// within classes that keep every rule's invariant (Navis with Navis; a pool holds its own colour),
// leaves the viewer's view unchanged. Internal references to a block (a battle's Reserves, who has
// fired) follow the slot.

import { defineBelief } from '../../kit/computer/define-belief.js';
import { hiddenCardsOf } from '../../kit/computer/hidden-cards.js';
import { shuffleBy } from '../../kit/random.js';
import type { Action } from '../../types.js';
import { startGame } from '../flow.js';
import { setup } from '../setup.js';
import { other, type Role } from '../roles.js';
import { BLOCKS } from '../data/blocks.js';
import { BLOCK_COUNT, blockId, CLEO, cloneState, reuseState, ELIMINATED, hasBlock, idx, isNavis, KILLED, POOL, type State } from '../state.js';
import type { JCView } from '../view.js';
import { isPort, isSea } from '../map.js';

type Rand = (n: number) => number;

const OFF = new Set([POOL, ELIMINATED, KILLED]);

/** Is block i a Reserve of the battle being fought, in Round 1 (hidden from the enemy)? Mirrors battles.ts. */
function isReserve(s: State, i: number): boolean {
  const b = s.battle;
  return b !== null && b.round === 1 && b.reserves.includes(blockId(i));
}

/** Does `viewer` see which block i is? Mirrors view.ts (the identity only). */
export function identityShown(s: State, i: number, viewer: Role): boolean {
  const l = s.loc[i]!;
  if (l === POOL) return BLOCKS[i]!.side === viewer;
  if (l === ELIMINATED || l === KILLED) return true;
  if (s.side[i] === viewer) return true;
  if (i === CLEO && s.step !== 'deploy') return true;
  const b = s.battle;
  return b !== null && l === b.loc && !isReserve(s, i);
}

/** Strengths a block may have on the map: 1..max, the Elephant IV or II. */
function validStrength(i: number, str: number): number {
  const d = BLOCKS[i]!;
  if (d.type === 'elephant') return str >= 3 ? 4 : 2;
  return Math.max(1, Math.min(d.max, str));
}

/**
 * Moves identities between slots: block `to[k]` takes the slot block `from[k]` held (place, side,
 * moved, strength clamped to what it may have), for a permutation given as the two lists; every
 * internal reference to a block follows its slot.
 */
function reassign(s: State, from: number[], to: number[]): void {
  if (from.length === 0) return;
  const loc = from.map((i) => s.loc[i]!);
  const side = from.map((i) => s.side[i]!);
  const moved = from.map((i) => s.moved[i]!);
  const str = from.map((i) => s.str[i]!);
  const rename = new Map<string, string>();
  for (let k = 0; k < from.length; k++) {
    const j = to[k]!;
    s.loc[j] = loc[k]!;
    s.moved[j] = moved[k]!;
    if (OFF.has(loc[k]!)) {
      s.side[j] = BLOCKS[j]!.side;
      s.str[j] = 0;
    } else {
      s.side[j] = side[k]!;
      s.str[j] = validStrength(j, str[k]!);
    }
    if (from[k] !== j) rename.set(blockId(from[k]!), blockId(j));
  }
  if (rename.size) renameBlocks(s, rename);
}

/**
 * Block ids inside the state's bookkeeping (a battle's Reserves and who has acted, where attackers
 * came from, Jupiter's defector), renamed. Block ids are never a city, sea or card name, so every
 * string and member name outside the per-block arrays and the log is looked at.
 */
function renameBlocks(s: State, rename: Map<string, string>): void {
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return rename.get(x) ?? x;
    if (x === null || typeof x !== 'object') return x;
    if (Array.isArray(x)) {
      for (let k = 0; k < x.length; k++) x[k] = walk(x[k]);
      return x;
    }
    const o = x as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      const v = walk(o[key]);
      const nk = rename.get(key);
      if (nk !== undefined) {
        delete o[key];
        o[nk] = v;
      } else o[key] = v;
    }
    return o;
  };
  // Keys renamed in one pass must not collide: rebuild objects whose keys are block ids.
  s.fights = walk(s.fights) as State['fights'];
  s.battle = walk(s.battle) as State['battle'];
  s.jupiter = walk(s.jupiter) as State['jupiter'];
  s.regroup = walk(s.regroup) as State['regroup'];
}

// ---- cards ----

function alignCards(s: State, v: JCView, me: Role, before: boolean): boolean {
  if (!v.hand) return true;
  const opp = other(me);
  const inTurn = s.turn >= 1 && s.turn <= 5;
  if (before) return alignShownCard(s, v, opp, inTurn && v.turn === s.turn, true);
  const revealedMine = inTurn && s.played[me] !== null;
  const wantSealed = revealedMine ? s.sealed[me] : v.cards[me].card;
  const want = new Set<string>(v.hand);
  if (v.discard !== null) want.add(v.discard);
  if (wantSealed !== null) want.add(wantSealed);
  const have = new Set<string>(s.hand[me]);
  if (s.discard[me] !== null) have.add(s.discard[me]!);
  if (s.sealed[me] !== null) have.add(s.sealed[me]!);
  if (!hiddenCardsOf(s, opp, s.discard).exchangeOwn(want, have)) return false;
  s.hand[me] = v.hand.slice();
  s.discard[me] = v.discard;
  s.sealed[me] = wantSealed;
  return alignShownCard(s, v, opp, inTurn);
}

/** The opponent's card named by a reveal among these log lines ("Cards revealed: Caesar …; Pompey …."). */
function revealedInLog(lines: readonly string[], opp: Role): string | null {
  for (const line of lines) {
    const m = /^Cards revealed: Caesar (.*); Pompey (.*)\.$/.exec(line);
    if (!m) continue;
    const part = opp === 'Caesar' ? m[1]! : m[2]!;
    return /K\d\d/.exec(part)?.[0] ?? null;
  }
  return null;
}

/**
 * The opponent's card, once the view shows it (or the reveal in its new log lines, when two God
 * cards cancelled and the turn is already over): in his sealed slot, or in his hand if he has yet
 * to play it.
 */
function alignShownCard(s: State, v: JCView, opp: Role, inTurn: boolean, before = false): boolean {
  const shown = (inTurn ? v.cards[opp].card : null) ?? (before ? revealedInLog(v.log, opp) : null);
  if (shown === null || s.played[opp] !== null) return true;
  return hiddenCardsOf(s, opp, s.discard).placeShown(shown, s.sealed[opp] !== null ? [s.sealed[opp]!] : s.hand[opp].filter((c) => c !== s.discard[opp]));
}

// ---- blocks ----

interface Want {
  i: number;
  loc: string;
  side: Role;
  moved: boolean | null;
  str: number | null;
  /** Revealed in battle: never a Reserve, so it must not take a Reserve's slot. */
  main: boolean;
}

/**
 * Is block i's slot a Reserve of the battle in `loc`: of the battle being fought there, or, before
 * it starts, of the fight the moves made there (its Reserves chosen by the roads they took)?
 */
function reserveSlot(s: State, i: number, loc: string): boolean {
  if (s.battle?.loc === loc) return isReserve(s, i);
  return s.fights[loc]?.reserves.includes(blockId(i)) ?? false;
}

function alignBlocks(s: State, v: JCView, me: Role, before: boolean): boolean {
  const wants: Want[] = [];
  for (const b of v.blocks) {
    if (b.id === undefined) continue;
    // Before the action, only the opponent's blocks it reveals where they stand.
    if (before && (b.side === me || !b.revealed || s.side[idx(b.id)] === me)) continue;
    wants.push({ i: idx(b.id), loc: b.location, side: b.side, moved: before ? null : b.moved, str: before ? null : b.strength ?? null, main: b.revealed === true });
  }
  for (const r of before ? [] : ([me, other(me)] as Role[])) {
    const p = v.pools[r];
    for (const id of p.eliminated) wants.push({ i: idx(id), loc: ELIMINATED, side: r, moved: null, str: 0, main: false });
    for (const id of p.killed) wants.push({ i: idx(id), loc: KILLED, side: r, moved: null, str: 0, main: false });
    for (const a of p.available ?? []) wants.push({ i: idx(a.id), loc: POOL, side: r, moved: null, str: 0, main: false });
  }
  const required = new Set(wants.map((w) => w.i));
  let ok = true;
  // A block revealed as a battle starts (JC-43) is one of the main force: a guess that put it
  // there in a Reserve's slot (it came by another road) is exchanged, before the action, with a
  // block believed in the main force, or the battle would reveal that block in its place.
  const fits = (j: number, w: Want) =>
    s.loc[j] === w.loc &&
    (OFF.has(w.loc) || s.side[j] === w.side) &&
    (w.moved === null || s.moved[j] === w.moved) &&
    (!w.main || !reserveSlot(s, j, w.loc));
  for (const w of wants) {
    if (!fits(w.i, w)) {
      // Another block holds the wanted slot and is not itself shown: exchange the two identities,
      // if the one leaving may stand where the wanted block was.
      const x = w.i;
      const xLoc = s.loc[x]!;
      let y = -1;
      for (let j = 0; j < BLOCK_COUNT && y < 0; j++) {
        if (j === x || required.has(j) || j === CLEO || !fits(j, w)) continue;
        // Before the action, a block the viewer sees now (one fighting in the battle) is who it
        // is, even if the action kills it and the view after shows it no more.
        if (before && identityShown(s, j, me)) continue;
        if (isSea(xLoc) && !isNavis(j)) continue;
        if (isSea(w.loc) && !isNavis(x)) continue;
        if (OFF.has(xLoc) && BLOCKS[j]!.side !== BLOCKS[x]!.side) continue;
        if (xLoc === KILLED && BLOCKS[j]!.type !== 'leader') continue;
        y = j;
      }
      if (y < 0) {
        if (!before) ok = false;
        continue;
      }
      reassign(s, [x, y], [y, x]);
    }
    if (w.str !== null && !OFF.has(w.loc)) s.str[w.i] = w.str;
  }
  return ok;
}

/**
 * Vulcan (the viewer's): every enemy block in the city loses a step, and only the eliminations are
 * shown. Before it strikes, the blocks the view then shows eliminated stand in the city at their
 * last step, and the others there are strong enough to survive.
 */
function alignVulcan(s: State, v: JCView, me: Role): void {
  const m = v.log.map((l) => /^Vulcan strikes (.+): every/.exec(l)).find((x) => x);
  if (!m) return;
  const city = m[1]!;
  const opp = other(me);
  const dead = new Set<number>();
  for (const id of [...v.pools[opp].eliminated, ...v.pools[opp].killed, ...v.pools[me].eliminated, ...v.pools[me].killed]) {
    const i = idx(id);
    if (s.loc[i] !== ELIMINATED && s.loc[i] !== KILLED) dead.add(i);
  }
  const here = (i: number) => s.loc[i] === city && s.side[i] === opp && !identityShown(s, i, me);
  for (const x of dead) {
    if (!here(x)) {
      const y = [...Array(BLOCK_COUNT).keys()].find((j) => here(j) && !dead.has(j) && j !== CLEO && (!isNavis(j) || isNavis(x)) && (s.loc[x] !== POOL || BLOCKS[j]!.side === BLOCKS[x]!.side));
      if (y === undefined) continue;
      reassign(s, [x, y], [y, x]);
    }
    s.str[x] = BLOCKS[x]!.type === 'elephant' ? 2 : 1;
  }
  for (let j = 0; j < BLOCK_COUNT; j++) {
    if (!here(j) || dead.has(j) || j === CLEO) continue;
    const min = BLOCKS[j]!.type === 'elephant' ? 4 : 2;
    if (s.str[j]! < min) s.str[j] = Math.min(BLOCKS[j]!.max, min);
  }
}

const NUMERAL: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4 };

/**
 * JC-43, JC-123: the enemy's Reserves are revealed as they arrive, and the log names each with its
 * strength then ("Caesar's Reserves arrive: Auxilia 2 (B1, I), …"). If his main force died in
 * Round 1 they are disrupted at once, and those at I are eliminated within the same action: the
 * view after shows them only in his pool, while blocks guessed stronger would survive and the
 * battle go on. Before the action, each named block takes a Reserve slot of the battle (its
 * identity exchanged with a Reserve not named, for several wrong guesses at once) at the strength
 * named.
 */
function alignArrivingReserves(s: State, v: JCView, me: Role): void {
  const b = s.battle;
  const opp = other(me);
  if (!b || b.round !== 1) return;
  const line = v.log.find((l) => l.startsWith(`${opp}'s Reserves arrive: `));
  if (!line) return;
  const arriving = [...line.matchAll(/(?:: |, )([^,(]+?) \([^)]*, ([IV]+)\)/g)].map((m) => ({ i: BLOCKS.findIndex((d) => d.side === opp && d.name === m[1]), str: NUMERAL[m[2]!] ?? 0 }));
  const slots = b.reserves.map(idx).filter((i) => s.loc[i] === b.loc && s.side[i] === opp);
  if (arriving.length !== slots.length || arriving.some((a) => a.i < 0 || a.str === 0)) return;
  const named = new Set(arriving.map((a) => a.i));
  for (const { i: x, str } of arriving) {
    if (!isReserve(s, x)) {
      if (identityShown(s, x, me) || s.side[x] !== opp) continue;
      const y = b.reserves.map(idx).find((j) => isReserve(s, j) && s.side[j] === opp && !named.has(j) && fitsSlot(s, x, j) && fitsSlot(s, j, x));
      if (y === undefined) continue;
      reassign(s, [x, y], [y, x]);
    }
    s.str[x] = validStrength(x, str);
  }
}

function align(s: State, v: JCView, role: string, when: 'before' | 'after'): boolean {
  const me = role as Role;
  if (when === 'before') alignVulcan(s, v, me);
  if (when === 'before') alignArrivingReserves(s, v, me);
  const cards = alignCards(s, v, me, when === 'before');
  const blocks = alignBlocks(s, v, me, when === 'before');
  return cards && blocks;
}

// ---- reshuffling what the viewer cannot see ----

function shuffle(s: State, role: string, rand: Rand, identities = true): void {
  const me = role as Role;
  const opp = other(me);
  // Cards: the opponent's hand, discard and sealed card, and the deck, dealt again from the same cards.
  hiddenCardsOf(s, opp, s.discard).deal((cards) => shuffleBy(rand, cards));
  if (!identities) return;
  // Blocks: the identities of the opponent's hidden blocks (of his own colour), dealt again to
  // their slots: a slot at sea takes a Navis, an inland city a land block, a port or the pool
  // either. Cleopatra, a reserve leader still in the pool and defectors keep theirs.
  const slots: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (identityShown(s, i, me) || i === CLEO) continue;
    const d = BLOCKS[i]!;
    if (d.side !== opp) continue;
    if (d.reserveLeader && s.loc[i] === POOL) continue;
    slots.push(i);
  }
  const navis = shuffleBy(rand, slots.filter(isNavis));
  const land = shuffleBy(rand, slots.filter((i) => !isNavis(i)));
  const sea = slots.filter((i) => isSea(s.loc[i]!));
  const inland = slots.filter((i) => s.loc[i] !== POOL && !isSea(s.loc[i]!) && !isPort(s.loc[i]!));
  const either = shuffleBy(rand, slots.filter((i) => s.loc[i] === POOL || isPort(s.loc[i]!)));
  const from: number[] = [];
  const to: number[] = [];
  for (const i of sea) from.push(i), to.push(navis.pop()!);
  for (const i of inland) from.push(i), to.push(land.pop()!);
  const rest = shuffleBy(rand, [...navis, ...land]);
  for (const i of either) from.push(i), to.push(rest.pop()!);
  reassign(s, from, to);
}

/**
 * The opponent's hidden blocks whose identities may be exchanged: his own colour on the map and in
 * his pool, and the viewer's blocks that defected to him (on the map).
 */
function hiddenSlots(s: State, me: Role): number[] {
  const opp = other(me);
  const out: number[] = [];
  for (let i = 0; i < BLOCK_COUNT; i++) {
    if (identityShown(s, i, me) || i === CLEO) continue;
    const d = BLOCKS[i]!;
    if (s.side[i] !== opp || (d.reserveLeader && s.loc[i] === POOL)) continue;
    out.push(i);
  }
  return out;
}

/** May block j stand in the slot of block i (a Navis at sea or in a port, a land block not at sea, a pool its own colour's)? */
function fitsSlot(s: State, j: number, i: number): boolean {
  const l = s.loc[i]!;
  if (l === POOL) return BLOCKS[j]!.side === BLOCKS[i]!.side;
  return isNavis(j) ? isSea(l) || isPort(l) : !isSea(l);
}

/** The opponent's hidden blocks for the replay's generic alternatives and last resort (src/search/hidden-units.ts). */
const MOVED = '|moved';
/** The strengths `k` steps down and up from block i's, for each k, that it may have (none in the pool). */
function stepsAway(s: State, i: number, ks: readonly number[]): number[] {
  if (s.loc[i] === POOL) return [];
  const step = BLOCKS[i]!.type === 'elephant' ? 2 : 1; // the Elephant is IV or II
  return ks.flatMap((k) => [s.str[i]! - k * step, s.str[i]! + k * step]).filter((x) => x >= 1 && x <= BLOCKS[i]!.max);
}

const hidden = {
  slots: (s: State, role: string) => hiddenSlots(s, role as Role),
  // A block in the pool is pointed at by a levy; one on the map by its place's name.
  named: (s: State, i: number, text: string) => (s.loc[i] === POOL ? text.includes(' levies ') : text.includes(s.loc[i]!)),
  secrets: (): State[] => [],
  otherStrengths: (s: State, i: number) => stepsAway(s, i, [1]),
  // A Reserve that arrives disrupted may show a strength two or three steps from its guess.
  fartherStrengths: (s: State, i: number) => stepsAway(s, i, [2, 3]),
  setStrength: (s: State, i: number, str: number) => void (s.str[i] = str),
  exchangeable: (s: State, i: number, j: number) => s.loc[j] !== s.loc[i] && fitsSlot(s, j, i) && fitsSlot(s, i, j),
  exchange: (s: State, i: number, j: number) => reassign(s, [i, j], [j, i]),
  // Places count the blocks moved this turn apart; the pool by its count.
  wanted(v: JCView, role: string): Map<string, number> {
    const opp = other(role as Role);
    const want = new Map<string, number>();
    for (const b of v.blocks) {
      if (b.id !== undefined || b.side !== opp) continue;
      const k = b.location + (b.moved ? MOVED : '');
      want.set(k, (want.get(k) ?? 0) + 1);
    }
    want.set(POOL, v.pools[opp].count);
    return want;
  },
  placed: (s: State, role: string) => hiddenSlots(s, role as Role),
  place: (s: State, i: number) => s.loc[i]! + (s.loc[i] !== POOL && s.moved[i] ? MOVED : ''),
  mayStand(i: number, key: string): boolean {
    const loc = key.replace(MOVED, '');
    return isSea(loc) ? isNavis(i) : !isNavis(i) || loc === POOL || isPort(loc);
  },
  put(s: State, i: number, key: string, role: string): void {
    const loc = key.replace(MOVED, '');
    s.loc[i] = loc;
    s.moved[i] = key.endsWith(MOVED);
    s.side[i] = loc === POOL ? BLOCKS[i]!.side : other(role as Role);
    s.str[i] = loc === POOL ? 0 : Math.max(s.str[i]!, validStrength(i, 1));
  },
};

// ---- the rest of the hooks ----

function start(view: JCView, _role: string, key: string): State {
  return startGame(setup(key, view.scenario === 'free-deployment' ? 'free-deployment' : 'historical'));
}

const VERB: Record<string, string> = { fire: 'fires', pass: 'passes', retreat: 'retreats', regroup: 'regroups', levy: 'levies', strengthen: 'adds a step', disband: 'disband', amphibious: 'ships', move: 'moves' };

/** Words the opponent's log line would use for this action. */
function hints(s: State, _actor: string, a: Action): string[] {
  const out: string[] = [];
  if (VERB[a.type]) out.push(VERB[a.type]!);
  const block = typeof a.block === 'string' && hasBlock(a.block) ? idx(a.block) : -1;
  if (block >= 0) {
    out.push(s.loc[block]!);
    out.push(`${BLOCKS[block]!.name} `);
  }
  if (Array.isArray(a.path)) {
    const path = a.path as string[];
    out.push(...path);
    if (block >= 0) out.push([s.loc[block]!, ...path].join(' → '));
  }
  for (const k of ['city', 'to', 'sea', 'location'] as const) if (typeof a[k] === 'string') out.push(a[k] as string);
  if (a.type === 'done') out.push('has deployed');
  // A card the log names when it is revealed ("Pluto (K06)", "K16 (Move 2, Levy 3)"): two God
  // cards that cancel leave it in no view, only in the log, and any other God card would fit.
  if (a.type === 'play' && typeof a.card === 'string') out.push(`${a.card} (`, `(${a.card})`);
  return out;
}

export const belief = defineBelief({ start, align, shuffle, hidden, clone: cloneState, shallow: reuseState, hints });
