// 7.0-7.5 The Battle Phase: Player 1 picks each Contested location in turn; a battle is up to four
// rounds of battle turns in initiative order (Defender first on ties); Reserves arrive in Round 2;
// a main force lost in Round 1 disrupts its Reserves (7.31); hits go to the strongest block (7.4).
// A battle reports its victor when it ends; flow.ts then begins his regroup and the next battle.
//
// Actions:
//   { type: 'battle', location }            P1 picks the next battle
//   { type: 'fire', block } / { type: 'pass', block }
//   { type: 'retreat', block, to [, sea] }  from Round 2 (Round 4: attackers must)
//   { type: 'hit', block }                  the owner picks among equally strong blocks

import type { Action } from '../types.js';
import { logPublic, roman } from './log.js';
import { cleopatraChangesSides, eliminate, hitsLost, loseStep, takeHit } from './losses.js';
import { applyRetreat, retreatOptions } from './retreats.js';
import { other, type Role } from './roles.js';
import { rollD6 } from './rng.js';
import { blockId, CLEO, data, idx, occupancy, status, type Battle, type State } from './state.js';
import type { Initiative } from './data/blocks.js';
import { currentSlot, inBattle, isReserve, letterOf, slotOrder } from './battle-order.js';

/** A battle just ended: where, and who won (he may regroup, 7.7). */
export interface BattleWon {
  loc: string;
  victor: Role;
}

/** The Battle Phase begins: the command is over, and only locations still Contested hold a battle. */
export function beginBattles(s: State): void {
  s.cmd = null;
  // A Contested location can empty before the Battle Phase (a Jupiter defection as P2, JC-169).
  const occ = occupancy(s);
  for (const loc of Object.keys(s.fights)) if (status(occ, loc, 'Caesar') !== 'contested') delete s.fights[loc];
}

/** 7.1: the battles still to fight, of which P1 chooses the next one. */
export function battlesLeft(s: State): string[] {
  return Object.keys(s.fights).sort();
}

export function chooseActions(s: State): Action[] {
  return battlesLeft(s).map((loc) => ({ type: 'battle', location: loc }));
}

/** Starts P1's chosen battle; returns its result if it ends before anyone must decide. */
export function applyChoose(s: State, _role: Role, a: Action): BattleWon | null {
  return startBattle(s, a.location as string);
}

/** Starts the battle in `loc`; returns its result if it ends before anyone must decide. */
export function startBattle(s: State, loc: string): BattleWon | null {
  const f = s.fights[loc]!;
  const reserves = f.reserves.filter((id) => s.loc[idx(id)] === loc);
  const b: Battle = {
    loc,
    attacker: f.attacker,
    defender: other(f.attacker),
    round: 1,
    reserves,
    acted: [],
    surprise: f.surprise,
    routed: null,
    retreatRoads: { Caesar: {}, Pompey: {} },
    seaRetreats: { Caesar: 0, Pompey: 0 },
    slot: 0,
    hits: null,
  };
  s.battle = b;
  s.step = 'battle';
  logPublic(s, `Battle in ${loc}: ${b.attacker} attacks, ${b.defender} defends.`);
  for (const r of [b.attacker, b.defender]) {
    const main = inBattle(s, r).filter((i) => !reserves.includes(blockId(i)));
    const res = inBattle(s, r).length - main.length;
    logPublic(s, `${r}: ${main.map((i) => describe(s, i)).join(', ')}${res ? `; ${res} in reserve` : ''}.`);
  }
  logPublic(s, 'Round 1.');
  return settle(s);
}

/** A revealed block as both players see it in battle: "Legio 13 (C3, III)". */
export function describe(s: State, i: number): string {
  return `${data(i).name} (${rating(i)}, ${roman(s.str[i]!)})`;
}

function rating(i: number): string {
  const d = data(i);
  return d.type === 'ballista' ? 'B4/D4' : `${d.initiative}${d.firepower}`;
}

function eligible(s: State, role: Role, letter: Initiative): number[] {
  const b = s.battle!;
  return inBattle(s, role).filter((i) => !b.acted.includes(blockId(i)) && !isReserve(s, i) && letterOf(s, i) === letter);
}

function over(s: State): boolean {
  return inBattle(s, 'Caesar').length === 0 || inBattle(s, 'Pompey').length === 0;
}

/** Proceeds through the battle until some player must decide (null) or the battle ends (its result). */
function settle(s: State): BattleWon | null {
  const b = s.battle!;
  for (;;) {
    if (over(s)) return endBattle(s);
    if (b.round === 1 && b.routed === null) {
      // 7.31: a main force wiped out in Round 1 ends the round; its Reserves are disrupted.
      const routed = [b.attacker, b.defender].find((r) => inBattle(s, r).every((i) => isReserve(s, i)));
      if (routed) {
        b.routed = routed;
        nextRound(s);
        continue;
      }
    }
    const order = slotOrder(b);
    let waiting = false;
    while (b.slot < order.length) {
      const [role, letter] = order[b.slot]!;
      let blocks = eligible(s, role, letter);
      if (b.round === 4 && role === b.attacker) {
        // JC-117, JC-149: an attacker that must retreat and cannot is eliminated.
        for (const i of blocks) if (retreatOptions(s, i).length === 0) failRetreat(s, i);
        if (over(s)) break;
        blocks = eligible(s, role, letter);
      }
      if (blocks.length) {
        waiting = true;
        break;
      }
      b.slot++;
    }
    if (waiting) {
      s.step = 'battle';
      return null;
    }
    if (over(s)) continue;
    nextRound(s);
  }
}

function failRetreat(s: State, i: number): void {
  const b = s.battle!;
  b.acted.push(blockId(i));
  logPublic(s, `${s.side[i]}'s ${data(i).name} cannot retreat.`);
  if (i === CLEO) cleopatraChangesSides(s); // JC-140: she joins the Defender at strength I
  else eliminate(s, i);
}

function nextRound(s: State): void {
  const b = s.battle!;
  if (b.round === 4) {
    // Attackers must all be gone after Round 4 (7.2); one that never had its turn (Cleopatra
    // changing sides late in the round) is treated as unable to retreat.
    for (const i of inBattle(s, b.attacker)) failRetreat(s, i);
    return;
  }
  b.round++;
  b.acted = [];
  b.slot = 0;
  b.retreatRoads = { Caesar: {}, Pompey: {} };
  b.seaRetreats = { Caesar: 0, Pompey: 0 };
  logPublic(s, `Round ${b.round}.`);
  if (b.round !== 2) return;
  const arriving = b.reserves.filter((id) => s.loc[idx(id)] === b.loc).map(idx);
  b.reserves = [];
  for (const r of [b.attacker, b.defender]) {
    const mine = arriving.filter((i) => s.side[i] === r);
    if (mine.length) logPublic(s, `${r}'s Reserves arrive: ${mine.map((i) => describe(s, i)).join(', ')}.`);
  }
  if (b.routed) disrupt(s, b.routed);
}

/** 7.31: each block of the side whose main force died in Round 1 loses a step; a disrupted Defender becomes the Attacker. */
function disrupt(s: State, routed: Role): void {
  const b = s.battle!;
  logPublic(s, `${routed}'s main force was destroyed in Round 1: his Reserves are disrupted and each loses a step.`);
  for (const i of inBattle(s, routed)) loseStep(s, i);
  if (routed === b.defender) {
    b.defender = b.attacker;
    b.attacker = routed;
    logPublic(s, `${b.defender} is now the Defender and ${b.attacker} the Attacker.`);
  }
}

export function battleActions(s: State, role: Role): Action[] {
  const b = s.battle!;
  if (b.hits) {
    if (b.hits.role !== role) return [];
    return hitCandidates(s, role).map((i) => ({ type: 'hit', block: blockId(i) }));
  }
  const slot = currentSlot(s);
  if (!slot || slot[0] !== role) return [];
  const out: Action[] = [];
  for (const i of eligible(s, role, slot[1])) {
    const id = blockId(i);
    const mustRetreat = b.round === 4 && role === b.attacker;
    if (!mustRetreat) out.push({ type: 'fire', block: id }, { type: 'pass', block: id });
    if (b.round >= 2) {
      for (const o of retreatOptions(s, i)) out.push(o.sea ? { type: 'retreat', block: id, to: o.to, sea: o.sea } : { type: 'retreat', block: id, to: o.to });
    }
  }
  return out;
}

/** A battle turn or a hit; returns the battle's result if it ends before anyone must decide again. */
export function applyBattle(s: State, role: Role, a: Action): BattleWon | null {
  const i = idx(a.block as string);
  const b = s.battle!;
  if (a.type === 'hit') {
    const n = b.hits!.count;
    b.hits = null;
    takeHit(s, i);
    return assignHits(s, role, n - 1);
  }
  if (a.type === 'retreat') {
    applyRetreat(s, i, a.to as string, (a.sea as string | undefined) ?? null);
    b.acted.push(blockId(i));
    return settle(s);
  }
  b.acted.push(blockId(i));
  if (a.type === 'pass') {
    logPublic(s, `${role}'s ${data(i).name} passes.`);
    return settle(s);
  }
  return fire(s, i);
}

/** 7.4: one die per strength point; each die at or under the firepower scores a hit. */
function fire(s: State, i: number): BattleWon | null {
  const d = data(i);
  const rolls: number[] = [];
  for (let k = 0; k < s.str[i]!; k++) rolls.push(rollD6(s));
  const hits = rolls.filter((r) => r <= d.firepower).length;
  logPublic(s, `${s.side[i]}'s ${describe(s, i)} fires: ${rolls.join(', ')} — ${hits === 1 ? '1 hit' : `${hits} hits`}.`);
  return assignHits(s, other(s.side[i]!), hits);
}

/** Enemy blocks a hit may land on now: the strongest, never Reserves in Round 1 (7.3, 7.4). */
function hitCandidates(s: State, target: Role): number[] {
  const blocks = inBattle(s, target).filter((i) => !isReserve(s, i));
  const top = Math.max(0, ...blocks.map((i) => s.str[i]!));
  return blocks.filter((i) => s.str[i] === top);
}

/** Applies hits one at a time; the owner chooses among equally strong blocks (JC-129); excess hits are lost (JC-121). */
function assignHits(s: State, target: Role, n: number): BattleWon | null {
  const b = s.battle!;
  while (n > 0) {
    const cands = hitCandidates(s, target);
    if (cands.length === 0) {
      logPublic(s, hitsLost(n));
      break;
    }
    if (cands.length > 1) {
      b.hits = { role: target, count: n };
      s.step = 'hits';
      return null;
    }
    takeHit(s, cands[0]!);
    n--;
  }
  return settle(s);
}

function endBattle(s: State): BattleWon {
  const b = s.battle!;
  const victor: Role = inBattle(s, 'Caesar').length ? 'Caesar' : 'Pompey';
  logPublic(s, `${victor} wins the battle in ${b.loc}.`);
  delete s.fights[b.loc];
  s.battle = null;
  return { loc: b.loc, victor };
}
