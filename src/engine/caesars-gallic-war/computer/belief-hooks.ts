// What is hidden in Caesar's Gallic War, for the computer's belief (src/search/belief.ts replays the
// game through the engine and calls these): which of the opponent's units on the map is which, and
// how strong (the Barbarian's Germans, tribes and leaders; the Roman's legions, Caesar among them,
// and his allied tribes), his hand and sealed card, the deck. Everything else is public: neutral
// tribes, everything off the map, discards and activation areas, the tracks.
//
// A unit's *slot* is where it stands (area, side, in the fort, half hits, moved) plus its strength;
// its *identity* is which block it is. Identities are dealt again among the opponent's hidden slots
// within classes that keep every rule's invariant (legions with legions, Germans with Germans,
// tribes and Gallic leaders with one another), which leaves the viewer's view unchanged.
// Internal references to a unit (a battle's reserves, who has fired, where attackers came from)
// follow the slot.

import { defineBelief } from '../../kit/computer/define-belief.js';
import { hiddenCardsOf } from '../../kit/computer/hidden-cards.js';
import { shuffleBy } from '../../kit/random.js';
import type { Action } from '../../types.js';
import { BLOCKS } from '../data/blocks.js';
import { AREAS, type AreaId } from '../data/map.js';
import { AREA_IDS, areaName, GERMANIA, isTribal, neighbours, OFF_MAP, TG } from '../map.js';
import { other, type Role } from '../roles.js';
import { setup } from '../setup.js';
import { ARIOVISTUS, ASIDE, blockId, CAESAR_I, cloneState, reuseState, ELIMINATED, fullStrength, hasBlock, idx, isGerman, isLegion, isTribe, onMap, POOL, REMOVED, stepDown, stepUp, type State } from '../state.js';
import type { CGWView } from '../view.js';

type Rand = (n: number) => number;

const NB = BLOCKS.length;

/** A reserve of the battle being fought, not shown to the enemy. Mirrors battle.ts's isReserve. */
function isReserve(s: State, i: number): boolean {
  const b = s.battle;
  if (!b || b.round !== 1 || !b.reserves.includes(blockId(i))) return false;
  return b.phase === 'field' || (b.phase === 'assault' && !b.relief);
}

/** Does `viewer` see which block i is? Mirrors view.ts. */
export function identityShown(s: State, i: number, viewer: Role): boolean {
  if (!onMap(s, i)) return s.loc[i] !== ASIDE;
  const owner = s.owner[i];
  if (owner === null || owner === viewer) return true;
  const b = s.battle;
  return b !== null && b.area === s.loc[i] && !isReserve(s, i);
}

/** Which identities may be exchanged with one another (null: this block keeps its own). */
function classOf(i: number): string | null {
  switch (BLOCKS[i]!.kind) {
    case 'legion':
      return 'legion';
    case 'german':
    case 'german-leader':
      return 'german';
    // A Gallic leader stands hidden among the Barbarian's tribes (a hidden move of Vercingetorix
    // looks like any other): his identity is dealt with theirs.
    case 'tribe':
    case 'gallic-leader':
    case 'minor-leader':
      return 'gallic';
    default:
      return null;
  }
}

/** The nearest strength a block may have at or below `str` (its printed steps), else its last step. */
function validStrength(i: number, str: number): number {
  const steps = BLOCKS[i]!.steps;
  for (const k of steps) if (k <= str) return k;
  return steps[steps.length - 1]!;
}

/**
 * May block j stand where block i stands? Legions are always the Roman's and Germans the
 * Barbarian's; Germania takes no tribe, Off-Map only legions; the Gallic leaders keep their place.
 */
function fitsSlot(s: State, j: number, i: number): boolean {
  if (classOf(j) === null || classOf(i) === null) return false;
  const kind = BLOCKS[j]!.kind;
  const owner = s.owner[i];
  const l = s.loc[i]!;
  if (!onMap(s, i)) return classOf(j) === classOf(i);
  if (kind === 'legion' && owner !== 'Roman') return false;
  if ((kind === 'german' || kind === 'german-leader') && owner !== 'Barbarian') return false;
  if (l === GERMANIA && classOf(j) === 'gallic') return false;
  if (l === OFF_MAP && kind !== 'legion') return false;
  return true;
}

/**
 * Moves identities between slots: block `to[k]` takes the slot block `from[k]` held, strength
 * brought to one of its own steps; references to the block inside the bookkeeping follow the slot.
 */
function reassign(s: State, from: number[], to: number[]): void {
  if (from.length === 0) return;
  const slot = from.map((i) => ({ loc: s.loc[i]!, owner: s.owner[i]!, str: s.str[i]!, inFort: s.inFort[i]!, half: s.half[i]!, moved: s.moved[i]! }));
  const rename = new Map<string, string>();
  for (let k = 0; k < from.length; k++) {
    const j = to[k]!;
    const x = slot[k]!;
    s.loc[j] = x.loc;
    s.owner[j] = x.owner;
    s.str[j] = x.str > 0 ? validStrength(j, x.str) : 0;
    s.inFort[j] = x.inFort;
    s.half[j] = x.half;
    s.moved[j] = x.moved;
    if (from[k] !== j) rename.set(blockId(from[k]!), blockId(j));
  }
  if (rename.size) renameBlocks(s, rename);
}

function renameList(list: string[], r: Map<string, string>): string[] {
  return list.map((x) => r.get(x) ?? x);
}

function renameKeys<T>(o: Record<string, T>, r: Map<string, string>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k of Object.keys(o)) out[r.get(k) ?? k] = o[k]!;
  return out;
}

/**
 * Block ids in the state's bookkeeping (tribe ids are also area ids, so only the members that
 * hold block ids are renamed): fights' reserves and origins, the battle's reserves, actors, sea
 * arrivals and sortie, sea arrivals of the round, wintering units, dead legions.
 */
function renameBlocks(s: State, r: Map<string, string>): void {
  for (const f of Object.values(s.fights)) {
    f.reserves = renameList(f.reserves, r);
    if (f.origins) f.origins = renameKeys(f.origins, r);
  }
  const b = s.battle;
  if (b) {
    b.reserves = renameList(b.reserves, r);
    b.acted = renameList(b.acted, r);
    b.sailed = renameKeys(b.sailed, r);
    if (b.relief) b.relief.sortied = renameList(b.relief.sortied, r);
  }
  s.sailed = renameKeys(s.sailed, r);
  s.wintering = renameList(s.wintering, r);
  s.legionDied = renameKeys(s.legionDied, r);
}

/**
 * CGW-1: the Roman's units are his legions and his allied tribes, alike to the Barbarian (a unit
 * regrouping home after a battle may be either), and a wrong guess of which one went where may
 * stand unseen for long, past the replay's window, until only a legion could have done what an
 * entry shows (a force march, wintering). The states with one legion exchanged into an area for
 * one of his allied tribes there, each keeping its own strength (a legion's and a tribe's steps
 * differ). Legions alike (place, strength, moved) give one state: later views tell them apart.
 */
function* legionFor(s: State, me: Role, where: (at: string) => boolean): Generator<{ state: State; legion: number }> {
  if (me !== 'Barbarian') return;
  for (let t = 0; t < NB; t++) {
    if (isTribe(t) && hiddenRoman(s, t, me) && where(s.loc[t]!)) yield* withLegions(s, me, t);
  }
}

const hiddenRoman = (s: State, i: number, me: Role) => onMap(s, i) && s.owner[i] === 'Roman' && !identityShown(s, i, me);

/**
 * The states with hidden unit u exchanged with each of the Roman's other hidden legions standing
 * elsewhere (Caesar's block aside), each keeping its own strength; legions alike (place, strength,
 * moved) once: later views tell them apart.
 */
function* withLegions(s: State, me: Role, u: number): Generator<{ state: State; legion: number }> {
  const alike = new Set<string>();
  for (let l = 0; l < NB; l++) {
    if (!isLegion(l) || l === CAESAR_I || l === u || !hiddenRoman(s, l, me) || s.loc[l] === s.loc[u]) continue;
    if (!fitsSlot(s, l, u) || !fitsSlot(s, u, l)) continue;
    const key = `${s.loc[l]}|${s.str[l]}|${s.half[l]}|${s.moved[l]}|${s.inFort[l]}`;
    if (alike.has(key)) continue;
    alike.add(key);
    const c = cloneState(s);
    exchangeKeeping(c, l, u);
    yield { state: c, legion: l };
  }
}

/** Blocks i and j take each other's slot, each keeping its own strength and half hit. */
function exchangeKeeping(s: State, i: number, j: number): void {
  const [si, sj, hi, hj] = [s.str[i]!, s.str[j]!, s.half[i]!, s.half[j]!];
  reassign(s, [i, j], [j, i]);
  [s.str[i], s.str[j], s.half[i], s.half[j]] = [si, sj, hi, hj];
}

// ---- cards ----

function alignCards(s: State, v: CGWView, me: Role, before: boolean): boolean {
  const opp = other(me);
  if (!before && v.hand) {
    const want = new Set<string>(v.hand);
    const mySealed = s.played[me] === null ? v.cards[me].card : s.sealed[me];
    if (mySealed !== null) want.add(mySealed);
    const have = new Set<string>(s.hand[me]);
    if (s.sealed[me] !== null) have.add(s.sealed[me]!);
    if (!hiddenCardsOf(s, opp).exchangeOwn(want, have)) return false;
    s.hand[me] = v.hand.slice();
    s.sealed[me] = mySealed;
  }
  // The opponent's card once shown: in his sealed slot, or in his hand if he has yet to play it.
  const shown = v.cards[opp].played ? v.cards[opp].card : null;
  if (shown !== null && s.played[opp] === null) return hiddenCardsOf(s, opp).placeShown(shown, s.sealed[opp] !== null ? [s.sealed[opp]!] : s.hand[opp]);
  return true;
}

// ---- units ----

interface Want {
  i: number;
  loc: string;
  owner: Role | null | undefined;
  str: number | null;
  inFort: boolean | null;
  half: boolean | null;
  /** In the battle being fought, a reserve or not (a revealed unit is never one): its slot must agree. */
  reserve: boolean | null;
}

function alignBlocks(s: State, v: CGWView, me: Role, before: boolean): boolean {
  const wants: Want[] = [];
  for (const b of v.blocks) {
    if (b.id === undefined) continue;
    const owner = b.side === 'neutral' ? null : b.side;
    if (before && (owner === me || owner === null || !b.revealed)) continue;
    wants.push({
      i: idx(b.id),
      loc: b.location,
      owner,
      str: before ? null : b.strength ?? null,
      inFort: before ? null : b.inFort === true,
      half: before ? null : b.halfHit === true,
      reserve: before ? null : b.reserve === true,
    });
  }
  if (!before) {
    for (const id of v.offMap.eliminated) wants.push({ i: idx(id), loc: ELIMINATED, owner: undefined, str: 0, inFort: null, half: null, reserve: null });
    for (const id of v.offMap.removed) wants.push({ i: idx(id), loc: REMOVED, owner: undefined, str: 0, inFort: null, half: null, reserve: null });
    for (const id of v.offMap.forcePool) wants.push({ i: idx(id), loc: POOL, owner: undefined, str: 0, inFort: null, half: null, reserve: null });
  }
  const required = new Set(wants.map((w) => w.i));
  // A legion entering the winter battle from Off-Map is a hidden reserve among revealed legions in
  // the same area: a revealed one must not keep the reserve's slot.
  const fits = (j: number, w: Want) =>
    s.loc[j] === w.loc &&
    (w.owner === undefined || s.owner[j] === w.owner) &&
    (w.inFort === null || s.inFort[j] === w.inFort) &&
    (w.reserve === null || isReserve(s, j) === w.reserve);
  let ok = true;
  for (const w of wants) {
    if (!fits(w.i, w)) {
      let y = -1;
      for (let j = 0; j < NB && y < 0; j++) {
        if (j === w.i || required.has(j) || !fits(j, w)) continue;
        if (!fitsSlot(s, w.i, j) || !fitsSlot(s, j, w.i)) continue;
        y = j;
      }
      if (y < 0) {
        if (!before) ok = false;
        continue;
      }
      // The block displaced keeps its own strength, not the one its new slot had: the slot's was
      // the guess about the block shown now, and its own may have just been seen (a legion seen
      // at 4 in battle retreats in secret, the replay guessed the allied tribe at 2 beside it did,
      // and the next view shows the tribe still fighting: the legion is not at 2).
      const own = s.str[y]!;
      reassign(s, [w.i, y], [y, w.i]);
      if (own > 0 && s.str[y]! > 0) s.str[y] = own;
    }
    if (w.str !== null && onMap(s, w.i)) s.str[w.i] = w.str;
    if (w.half !== null && onMap(s, w.i)) s.half[w.i] = w.half ? Math.max(1, s.half[w.i]!) : 0;
  }
  return ok;
}

/**
 * CGW-42 (5.2.1D): a Political Action that succeeds places the target's tribes at home for the
 * actor, wherever they stood: the viewer's own action on tribes allied to the opponent, hidden
 * from him. Where they stood shows only in the view after it, as the places that hold fewer of the
 * opponent's hidden units: before the action, each tribe takes a slot there (exchanged with a unit
 * believed there), so the roll's modifier for enemy units in the target and the places left agree.
 * One exchange at a time cannot mend two tribes guessed elsewhere.
 */
function alignPlacedTribes(s: State, v: CGWView, me: Role): void {
  const opp = other(me);
  for (const line of v.log) {
    const m = /^The tribes of (.+) are now (Roman|Barbarian) allies, at home\.$/.exec(line);
    const target = m && m[2] === me ? AREA_BY_NAME.get(m[1]!) : undefined;
    if (!target) continue;
    const tribes = AREAS.find((a) => a.id === target)!.tribes.map(idx).filter((i) => onMap(s, i) && s.owner[i] === opp && !identityShown(s, i, me));
    if (tribes.length === 0) continue;
    // The places that held the tribes: the opponent's hidden units there, less those the view after shows.
    const surplus = new Map<string, number>();
    const units = hidden.placed(s, me);
    for (const i of units) surplus.set(hidden.place(s, i), (surplus.get(hidden.place(s, i)) ?? 0) + 1);
    for (const [k, n] of hidden.wanted(v, me)) surplus.set(k, (surplus.get(k) ?? 0) - n);
    const take = (k: string) => {
      const n = surplus.get(k) ?? 0;
      if (n > 0) surplus.set(k, n - 1);
      return n > 0;
    };
    // Tribes already in such a place stay; the others take the slot of a unit in one.
    const astray = tribes.filter((t) => !take(hidden.place(s, t)));
    for (const t of astray) {
      const j = units.find((u) => !tribes.includes(u) && (surplus.get(hidden.place(s, u)) ?? 0) > 0 && fitsSlot(s, t, u) && fitsSlot(s, u, t));
      if (j === undefined) continue;
      take(hidden.place(s, j));
      // The unit displaced keeps its own strength (see alignBlocks).
      const own = s.str[j]!;
      reassign(s, [t, j], [j, t]);
      if (own > 0) s.str[j] = own;
    }
  }
}

/**
 * CGW-137 (8.2): only Ariovistus subdues, so a hidden move whose lines say he tries to is his,
 * from the area the move line names: before it, he takes the slot of a unit not yet moved
 * there (a German's if there is one). Believed elsewhere (another German's move guessed his), no move of the rebuilt state
 * could write those lines, and mending that with one exchange leaves no room for the other guess
 * the entry may need (which areas were designated to move). Both keep their own strengths.
 */
function alignAriovistus(s: State, v: CGWView, me: Role): void {
  if (me !== 'Roman' || !v.log.some((l) => l.startsWith('Ariovistus tries to subdue '))) return;
  const m = v.log.map((l) => /^The Barbarian moves a unit (.+?) → /.exec(l)).find((x) => x);
  const from = m ? AREA_BY_NAME.get(m[1]!) : undefined;
  const a = ARIOVISTUS;
  if (!from || !onMap(s, a) || s.owner[a] !== 'Barbarian' || identityShown(s, a, me)) return;
  if (s.loc[a] === from && !s.moved[a]) return;
  // A German's slot first; else any hidden unit's there that may stand where he was believed (a
  // Gallic tribe: the Roman cannot tell a German block from a Gallic one).
  let swap = -1;
  for (let j = 0; j < NB; j++) {
    if (j === a || s.loc[j] !== from || s.moved[j] || s.owner[j] !== 'Barbarian' || identityShown(s, j, me)) continue;
    if (isGerman(j)) {
      swap = j;
      break;
    }
    if (swap < 0 && fitsSlot(s, j, a) && fitsSlot(s, a, j)) swap = j;
  }
  if (swap < 0) return;
  const [sa, sj] = [s.str[a]!, s.str[swap]!];
  reassign(s, [a, swap], [swap, a]);
  [s.str[a], s.str[swap]] = [sa, sj];
}

function align(s: State, v: CGWView, role: string, when: 'before' | 'after'): boolean {
  const me = role as Role;
  if (when === 'before') alignPlacedTribes(s, v, me);
  if (when === 'before') alignAriovistus(s, v, me);
  const cards = alignCards(s, v, me, when === 'before');
  const blocks = alignBlocks(s, v, me, when === 'before');
  return cards && blocks;
}

/**
 * Wintering choices tried at most, per entry (as many again with a legion exchanged for a tribe):
 * 400 ran out among the exchanges before the right one in a benchmark game (test/ai/belief-games).
 */
const WINTERING_TRIES = 2000;

/** The line of 7.3.4 (endturn.ts), written after the Roman's allied tribes went home. */
const BARBARIANS_HOME = 'Barbarian units go home for the winter.';

/** Where a legion may winter (legionMayStay in endturn.ts, the garrison limit aside). */
const winterQuarters = (at: string) => at !== TG && at !== OFF_MAP && at !== GERMANIA && isTribal(at);

/**
 * 7.3.2: which legions the Roman chose to winter in Gaul is secret (each choice a silent move)
 * until he sends the others home; the log then says how many stayed. Guessing the silent choices
 * one by one and finding out only at that line cost the replay its whole allowance, so for that
 * entry the rebuilt state's choice is remade: every set of that many of his legions that may
 * winter where they stand (at most a garrison per area besides Caesar, so one more where Caesar's
 * hidden block may be exchanged in), the ones chosen already first, each also with Caesar's hidden
 * block exchanged into it or out of it. The replay applies
 * the move on each and keeps the one that gives the view. Then the same with one legion
 * exchanged for an allied tribe (CGW-1, CGW-121): a legion believed to be the tribe may have
 * stayed where the tribe was believed to stand, and the view after it counts the units there.
 */
function* winteringChoices(s: State, me: Role, lines: readonly string[]): Generator<State> {
  if (me !== 'Barbarian' || s.step !== 'winter-legions') return;
  let n = -1;
  for (const l of lines) {
    const m = /^Legions go home; (\d+) winters? in Gaul\.$/.exec(l);
    if (m) n = Number(m[1]);
  }
  if (n < 0) return;
  yield* wintering(s, me, n, -1, { left: WINTERING_TRIES });
  if (n === 0) return;
  const tries = { left: WINTERING_TRIES };
  for (const { state, legion } of legionFor(s, me, winterQuarters)) yield* wintering(state, me, n, legion, tries);
}

/** The choices of `n` wintering legions in `s` (with legion `must` among them unless -1), while tries are left. */
function* wintering(s: State, me: Role, n: number, must: number, tries: { left: number }): Generator<State> {
  const may: number[] = [];
  for (let i = 0; i < NB; i++) if (isLegion(i) && onMap(s, i) && winterQuarters(s.loc[i]!) && (i !== CAESAR_I || !s.caesarWintered)) may.push(i);
  // The Roman's other hidden legions, that Caesar's block may be exchanged with.
  const legions: number[] = [];
  for (let i = 0; i < NB; i++) if (isLegion(i) && i !== CAESAR_I && onMap(s, i) && !identityShown(s, i, me)) legions.push(i);
  const chosen = new Set(s.wintering);
  may.sort((a, b) => Number(chosen.has(blockId(b))) - Number(chosen.has(blockId(a))) || a - b);
  const pick: number[] = [];
  function* choose(from: number): Generator<State> {
    if (tries.left <= 0) return;
    if (pick.length === n) {
      if (must >= 0 && !pick.includes(must)) return;
      // At most `garrison` legions an area, Caesar aside (legionMayStay in endturn.ts).
      const per = new Map<string, number>();
      for (const i of pick) if (i !== CAESAR_I) per.set(s.loc[i]!, (per.get(s.loc[i]!) ?? 0) + 1);
      // An area over the limit by one may still be right if Caesar is one of the legions there.
      const over = [...per].filter(([, c]) => c > s.garrison);
      const fits = over.length === 0;
      const hidden = onMap(s, CAESAR_I) && !identityShown(s, CAESAR_I, me);
      if (!fits && (!hidden || pick.includes(CAESAR_I) || over.length > 1 || over[0]![1] > s.garrison + 1)) return;
      tries.left--;
      const c = cloneState(s);
      c.wintering = pick.map(blockId);
      if (fits) yield c;
      // Caesar's block is hidden among the legions: the same choice with him as one of them
      // (caesarWintered then shows whether he stayed), or, if he is one of them, with a legion
      // not chosen in his place (he winters free: the winter supply line counts the others).
      if (!hidden) return;
      const out = pick.includes(CAESAR_I);
      // A legion in his place counts against his area's garrison limit, as he does not; he in a
      // legion's place takes it off his new area's count (the only area over the limit, if one is).
      if (out && (per.get(s.loc[CAESAR_I]!) ?? 0) >= s.garrison) return;
      for (const j of out ? legions.filter((j) => !pick.includes(j) && s.loc[j] !== s.loc[CAESAR_I]) : pick) {
        if (!fits && s.loc[j] !== over[0]![0]) continue;
        if (!fitsSlot(s, CAESAR_I, j) || !fitsSlot(s, j, CAESAR_I)) continue;
        const d = cloneState(c);
        reassign(d, [CAESAR_I, j], [j, CAESAR_I]);
        yield d;
      }
      return;
    }
    for (let k = from; k < may.length && may.length - k >= n - pick.length; k++) {
      pick.push(may[k]!);
      yield* choose(k + 1);
      pick.pop();
    }
  }
  yield* choose(0);
}

/**
 * 7.3.3 (CGW-1): once the legions have wintered (and any winter battle in Transalpine Gaul is
 * fought), the Roman's allied tribes go home unseen, and the view after counts his hidden units in
 * each area: the ones left away from the tribes' homes are legions wintering. A legion guessed as
 * one of his tribes (alike to the Barbarian) may stand unseen for long, past the replay's window,
 * and several at once (three legions wintering together where the replay had tribes, in a game of
 * the benchmark: test/ai/belief-games.test.ts), which one exchange at a time cannot mend. The
 * legions are dealt again among his hidden units in wintering areas so that each area keeps as
 * many as the view leaves there, a legion exchanged with a tribe each keeping its own strength;
 * then the same with Caesar's hidden block exchanged with each other legion (he winters free: the
 * winter supply line counts the legions without him).
 */
function* alliesGoneHome(s: State, me: Role, lines: readonly string[], v: CGWView): Generator<State> {
  if (me !== 'Barbarian' || s.step === 'winter-legions' || s.step === 'winter-barbarian') return;
  if (!lines.includes(BARBARIANS_HOME) && v.step !== 'winter-barbarian') return;
  // The legions each wintering area must hold: the hidden units the view counts there, less the
  // Roman tribes whose home it is (a tribe that changed sides at home is shown).
  const need = new Map<string, number>();
  for (const [k, n] of hidden.wanted(v, me)) if (winterQuarters(k)) need.set(k, n);
  // Eliminated tribes returned to the Roman in the same entry (7.3.1) stand at home too.
  for (const l of lines) {
    const m = /^.+ return to (.+) as Roman allies\.$/.exec(l);
    const home = m ? AREA_BY_NAME.get(m[1]!) : undefined;
    if (home) need.set(home, (need.get(home) ?? 0) - 1);
  }
  const legionsAt = new Map<string, number[]>();
  const tribesAt = new Map<string, number[]>();
  for (let i = 0; i < NB; i++) {
    if (!hiddenRoman(s, i, me)) continue;
    if (isTribe(i)) {
      const home = BLOCKS[i]!.home!;
      if (winterQuarters(home) && !v.blocks.some((b) => b.id === blockId(i))) need.set(home, (need.get(home) ?? 0) - 1);
    }
    const at = s.loc[i]!;
    if (!winterQuarters(at)) continue;
    const byArea = isLegion(i) ? legionsAt : isTribe(i) ? tribesAt : null;
    if (byArea) byArea.set(at, [...(byArea.get(at) ?? []), i]);
  }
  // Legions too many where they stand turn tribes, tribes where legions are missing turn legions
  // (Caesar's block, if hidden, stays: his exchanges come after).
  const out: number[] = [];
  const into: number[] = [];
  for (const at of new Set([...need.keys(), ...legionsAt.keys()])) {
    const legions = (legionsAt.get(at) ?? []).sort((a, b) => Number(a === CAESAR_I) - Number(b === CAESAR_I));
    const d = legions.length - Math.max(0, need.get(at) ?? 0);
    if (d > 0) out.push(...legions.slice(0, d));
    if (d < 0) {
      const tribes = tribesAt.get(at) ?? [];
      if (tribes.length < -d) return;
      into.push(...tribes.slice(0, -d));
    }
  }
  if (out.length !== into.length) return;
  const base = cloneState(s);
  for (let k = 0; k < out.length; k++) exchangeKeeping(base, out[k]!, into[k]!);
  if (out.length > 0) yield base;
  if (!hiddenRoman(base, CAESAR_I, me)) return;
  for (const { state } of withLegions(base, me, CAESAR_I)) yield state;
}

// ---- reshuffling what the viewer cannot see ----

function hiddenSlots(s: State, me: Role): number[] {
  const out: number[] = [];
  for (let i = 0; i < NB; i++) if (onMap(s, i) && !identityShown(s, i, me) && classOf(i) !== null) out.push(i);
  return out;
}

function shuffle(s: State, role: string, rand: Rand, identities = true): void {
  const me = role as Role;
  const opp = other(me);
  hiddenCardsOf(s, opp).deal((cards) => shuffleBy(rand, cards));
  if (!identities) return;
  // Within each class, slots that only some identities may take (Germania, Off-Map) are dealt first.
  const slots = hiddenSlots(s, me);
  const from: number[] = [];
  const to: number[] = [];
  for (const cls of ['legion', 'german', 'gallic']) {
    const mine = slots.filter((i) => classOf(i) === cls);
    const ids = shuffleBy(rand, mine.slice());
    const strict = mine.filter((i) => s.loc[i] === GERMANIA || s.loc[i] === OFF_MAP);
    const loose = shuffleBy(rand, mine.filter((i) => !strict.includes(i)));
    for (const i of [...strict, ...loose]) {
      const k = ids.findIndex((j) => classOf(j) === cls && fitsSlot(s, j, i));
      if (k < 0) return; // cannot happen: every identity of a class fits its own slot
      from.push(i);
      to.push(ids[k]!);
      ids.splice(k, 1);
    }
  }
  reassign(s, from, to);
}

const AREA_BY_NAME = new Map<string, AreaId>(AREA_IDS.map((a) => [areaName(a), a]));

/**
 * Which areas the opponent designated as moving groups is secret (only their number is logged):
 * when one of his units moves from an area the rebuilt state did not designate, the designation
 * is guessed again, one group exchanged for the area it must have been (for a force march, any
 * area next to the one it passed through). A force march is a legion's (CGW-55): from an area
 * where the rebuilt state has none left to move, also with a legion exchanged there for one of
 * the Roman's allied tribes (legionFor).
 */
function* regroupedDesignations(s: State, me: Role, text: string): Generator<State> {
  const c = s.current;
  if (s.step !== 'move' || !c || c.side === me) return;
  const m = /moves a unit (.+?) → (.+?)( by sea| \(force march\))?\.(\n|$)/.exec(text);
  if (!m) return;
  const via = AREA_BY_NAME.get(m[1]!);
  if (!via) return;
  const marched = m[3] === ' (force march)';
  const origins = marched ? neighbours(via) : [via];
  // The states with each origin designated, for the force march's legion below.
  const designated: [AreaId, State[]][] = [];
  for (const o of origins) {
    if (o === OFF_MAP) {
      // One of the designated areas was Off-Map (a legion there, a group of its own).
      for (let k = 0; k < c.groups.length; k++) {
        const v = cloneState(s);
        v.current!.groups.splice(k, 1);
        v.current!.offMapGroups++;
        yield v;
      }
      continue;
    }
    if (c.groups.includes(o)) {
      designated.push([o, [s]]);
      continue;
    }
    const out: State[] = [];
    for (let k = 0; k < c.groups.length; k++) {
      const v = cloneState(s);
      v.current!.groups[k] = o;
      out.push(v);
    }
    if (c.offMapGroups > c.offMapMoved) {
      const v = cloneState(s);
      v.current!.offMapGroups--;
      v.current!.groups.push(o);
      out.push(v);
    }
    // Copies: the replay aligns the states it is given in place.
    designated.push([o, out.map(cloneState)]);
    yield* out;
  }
  if (!marched) return;
  const legionToMove = (v: State, o: string) => {
    for (let i = 0; i < NB; i++) if (isLegion(i) && v.loc[i] === o && v.owner[i] === 'Roman' && !v.moved[i]) return true;
    return false;
  };
  for (const [o, states] of designated) {
    for (const v of states) {
      if (legionToMove(v, o)) continue;
      for (const { state, legion } of legionFor(v, me, (at) => at === o)) if (!state.moved[legion]) yield state;
    }
  }
}

/**
 * A revolt's areas are chosen one by one in secret and named together once the last is chosen:
 * the areas chosen before are then the ones the log names.
 */
function regroupedRevolt(s: State, me: Role, lines: readonly string[]): State[] {
  const c = s.current;
  if (s.step !== 'revolt' || !c || c.side === me || !c.revolt) return [];
  const named: AreaId[] = [];
  for (const l of lines) {
    const m = / go home to (.+?) (as|and) /.exec(l);
    const a = m ? AREA_BY_NAME.get(m[1]!) : undefined;
    if (a) named.push(a);
  }
  if (named.length < 2 || named.length - 1 !== c.revolt.areas.length) return [];
  const v = cloneState(s);
  v.current!.revolt!.areas = named.slice(0, -1);
  return [v];
}

/**
 * Which legions the Roman's replacements went to is secret, so their strengths are guessed; when
 * the step ends, every legion left was at full strength: one variant per legion, the others full.
 */
function fullReplacements(s: State, me: Role, slots: number[]): State[] {
  if (s.step !== 'replacements' || me === 'Roman') return [];
  const legions = slots.filter((i) => BLOCKS[i]!.kind === 'legion');
  return legions.map((k) => {
    const c = cloneState(s);
    for (const i of legions) if (i !== k) c.str[i] = BLOCKS[i]!.steps[0]!;
    return c;
  });
}

/**
 * 7.5 (CGW-114, CGW-131): the End of Turn stops for the Roman's replacements, between winter supply
 * and supply production, whenever he has supply and a legion on the map is below full strength.
 * An entry that went on to supply production with supply left, from a state not at that step, so
 * says that every legion was at full strength: the guesses of which legions his losses and
 * replacements touched are set right all at once (the replay's one hidden unit a step up or down
 * at a time cannot mend two of them, nor one two steps off).
 */
function fullLegions(s: State, me: Role, lines: readonly string[]): State | null {
  if (me !== 'Barbarian' || s.step === 'replacements') return null;
  // The supply before production is the supply the replacements step saw (none was spent there).
  let left = 0;
  for (const l of lines) {
    const m = /^Supply production: \+\d+, Roman supply (\d+) → /.exec(l);
    if (m) left = Number(m[1]);
  }
  if (left < 1) return null;
  const weak: number[] = [];
  for (let i = 0; i < NB; i++) if (isLegion(i) && onMap(s, i) && !identityShown(s, i, me) && s.str[i]! < fullStrength(i)) weak.push(i);
  if (weak.length === 0) return null;
  const c = cloneState(s);
  for (const i of weak) c.str[i] = fullStrength(i);
  return c;
}

/** The opponent's hidden units for the replay's generic alternatives and last resort (src/search/hidden-units.ts). */
const RESERVE = '|reserve';
const hidden = {
  slots: (s: State, role: string) => hiddenSlots(s, role as Role),
  named: (s: State, i: number, text: string) => text.includes(areaName(s.loc[i]!)),
  *secrets(s: State, role: string, lines: readonly string[], slots: readonly number[], view: CGWView): Generator<State> {
    const me = role as Role;
    // Legions known to have been at full strength are so in every other guess of the entry too
    // (the wintering choice remade with them, for one).
    const full = fullLegions(s, me, lines);
    if (full) yield full;
    yield* winteringChoices(full ?? s, me, lines);
    yield* regroupedDesignations(s, me, lines.join('\n'));
    yield* regroupedRevolt(s, me, lines);
    yield* alliesGoneHome(s, me, lines, view);
    yield* fullReplacements(s, me, slots.slice());
  },
  otherStrengths: (s: State, i: number) => [stepDown(i, s.str[i]!), stepUp(i, s.str[i]!)].filter((x) => x !== 0 && x !== s.str[i]),
  setStrength: (s: State, i: number, str: number) => void (s.str[i] = str),
  exchangeable: (s: State, i: number, j: number) => s.loc[j] !== s.loc[i] && fitsSlot(s, j, i) && fitsSlot(s, i, j),
  exchange: (s: State, i: number, j: number) => reassign(s, [i, j], [j, i]),
  // Places count the reserves of the battle being fought apart.
  wanted(v: CGWView, role: string): Map<string, number> {
    const opp = other(role as Role);
    const want = new Map<string, number>();
    for (const b of v.blocks) {
      if (b.id !== undefined || b.side !== opp) continue;
      const k = b.location + (b.reserve === true ? RESERVE : '');
      want.set(k, (want.get(k) ?? 0) + 1);
    }
    return want;
  },
  placed(s: State, role: string): number[] {
    const me = role as Role;
    const out: number[] = [];
    for (let i = 0; i < NB; i++) if (onMap(s, i) && s.owner[i] === other(me) && !identityShown(s, i, me)) out.push(i);
    return out;
  },
  place: (s: State, i: number) => s.loc[i]! + (isReserve(s, i) ? RESERVE : ''),
  mayStand(i: number, key: string): boolean {
    const loc = key.replace(RESERVE, '');
    return (loc !== GERMANIA || classOf(i) !== 'gallic') && (loc !== OFF_MAP || BLOCKS[i]!.kind === 'legion');
  },
  put(s: State, i: number, key: string): void {
    const id = blockId(i);
    s.loc[i] = key.replace(RESERVE, '');
    s.inFort[i] = false;
    if (s.battle) {
      s.battle.reserves = s.battle.reserves.filter((x) => x !== id);
      if (key.endsWith(RESERVE)) s.battle.reserves.push(id);
    }
  },
};

// ---- the rest of the hooks ----

/**
 * The game's setup under `key`, with the variable tribes the view shows (public, drawn at setup:
 * set in place rather than searched for among keys, one in 2^8 of which would draw them).
 */
function start(view: CGWView, _role: string, key: string): State {
  const s = setup(key, { ...view.options, revision: String(view.rulesRevision) });
  for (const a of AREAS) {
    if (a.kind !== 'variable') continue;
    const [t0, t1] = a.tribes as [string, string];
    const chosen = view.variableTribes.includes(t0) ? idx(t0) : idx(t1);
    const gone = chosen === idx(t0) ? idx(t1) : idx(t0);
    s.loc[chosen] = a.id;
    s.str[chosen] = BLOCKS[chosen]!.steps[0]!;
    s.owner[chosen] = null;
    s.loc[gone] = REMOVED;
    s.str[gone] = 0;
    s.owner[gone] = null;
  }
  s.variable = view.variableTribes.slice();
  return s;
}

const VERB: Record<string, string> = { fire: 'fires', pass: 'passes', retreat: 'retreats', regroup: 'regroups', sail: 'by sea', withdraw: 'withdraws', attrition: 'Attrition' };

/** Words the opponent's log line would use for this action (areas by their names). */
function hints(s: State, _actor: string, a: Action): string[] {
  const out: string[] = [];
  if (VERB[a.type]) out.push(VERB[a.type]!);
  const block = typeof a.block === 'string' && hasBlock(a.block) ? idx(a.block) : -1;
  if (block >= 0) {
    out.push(areaName(s.loc[block]!));
    out.push(BLOCKS[block]!.name);
  }
  if (Array.isArray(a.path)) {
    const path = a.path as string[];
    for (const p of path) out.push(areaName(p));
    if (path.length === 2) out.push('force march', `${areaName(path[0]!)} → ${areaName(path[1]!)}`);
    else if (block >= 0) out.push(`${areaName(s.loc[block]!)} → ${areaName(path[0]!)}`);
  }
  for (const k of ['to', 'area', 'from'] as const) if (typeof a[k] === 'string') out.push(areaName(a[k] as string));
  if (a.type === 'declare') out.push({ event: 'the event', supply: 'announces supply', activation: 'Neutral Tribe Activation', political: 'Political Action', movement: 'announces movement' }[a.action as string] ?? '');
  if (a.type === 'sail' && block >= 0) out.push(`${areaName(s.loc[block]!)} → ${areaName(a.to as string)} by sea`);
  return out;
}

export const belief = defineBelief({ start, align, shuffle, hidden, clone: cloneState, shallow: reuseState, hints }, (s) => {
  s.history = [];
});
