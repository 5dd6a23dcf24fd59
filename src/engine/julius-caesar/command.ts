// 2.2 / 6.0 The Command Phase: Player 1 moves then levies (or executes his God card), then
// Player 2 does the same. This module sets up and ends one player's command; the rules for
// moves, levies and God cards live in movement.ts, levies.ts and gods.ts, and flow.ts decides
// who commands next and when the Battle Phase begins.

import type { Action } from '../types.js';
import { applyLevy, levyActions } from './levies.js';
import { logPublic } from './log.js';
import { applyMove, moveActions } from './movement.js';
import type { Role } from './roles.js';
import { blockId, blocksAt, card, cardLabel, godOf, type State } from './state.js';

/** A player's command with his effective card: its MP and LP, P2's pinned defenders (6.13). */
export function beginCommand(s: State, role: Role): void {
  const id = s.effective[role]!;
  const c = card(id);
  const god = godOf(id);
  s.cmd = {
    role,
    card: id,
    god,
    mp: c.kind === 'command' ? c.move : god === 'Jupiter' || god === 'Vulcan' ? 0 : 1,
    lp: c.kind === 'command' ? c.levy : 0, // JC-23: God cards grant no Levy Points
    activated: [],
    amphibious: c.kind === 'command', // JC-98: no amphibious move with a God card
    seasCrossed: [],
    roads: {},
    levying: false,
    only: god === 'Neptune' ? 'navis' : god ? 'land' : null,
  };
  if (role !== s.p1) pinDefenders(s, role);
  logPublic(s, `${role} commands with ${cardLabel(id)}.`);
}

/** 6.13: in each location Player 1 attacked, P2 may move away only (his blocks − P1's main force). */
function pinDefenders(s: State, p2: Role): void {
  for (const [loc, f] of Object.entries(s.fights)) {
    if (f.attacker === p2) continue;
    const defenders = blocksAt(s, loc, p2).length;
    const main = blocksAt(s, loc, f.attacker).filter((i) => !f.reserves.includes(blockId(i))).length;
    f.mayLeave = Math.max(0, defenders - main);
  }
}

export function commandActions(s: State, role: Role): Action[] {
  const out = [...moveActions(s, role), ...levyActions(s, role)];
  out.push({ type: 'done' });
  return out;
}

/** Returns true when the player is done: his command is over. */
export function applyCommand(s: State, role: Role, a: Action): boolean {
  if (a.type === 'done') return true;
  if (a.type === 'levy' || a.type === 'strengthen') applyLevy(s, role, a);
  else applyMove(s, role, a);
  return false;
}

/**
 * End of a player's command: Mars / Neptune designate their surprise battle (JC-173), at once when
 * only one qualifies. Returns false when the player must choose it (the surprise step).
 */
export function endCommand(s: State): boolean {
  const cmd = s.cmd!;
  if (cmd.god === 'Mars' || cmd.god === 'Neptune') {
    const options = surpriseOptions(s, cmd.role);
    if (options.length === 1) designate(s, cmd.role, options[0]!);
    else if (options.length > 1) {
      s.step = 'surprise';
      return false;
    }
  }
  return true;
}

/** JC-171, JC-174: only a battle the card's player is attacking. */
export function surpriseOptions(s: State, role: Role): string[] {
  return Object.keys(s.fights)
    .filter((loc) => s.fights[loc]!.attacker === role)
    .sort();
}

export function surpriseActions(s: State, role: Role): Action[] {
  return surpriseOptions(s, role).map((loc) => ({ type: 'surprise', location: loc }));
}

export function applySurprise(s: State, role: Role, a: Action): void {
  designate(s, role, a.location as string);
}

function designate(s: State, role: Role, loc: string): void {
  s.fights[loc]!.surprise = true;
  logPublic(s, `${role} (${s.cmd!.god}) designates the battle in ${loc}: his attackers strike first in Round 1.`);
}
