// 5.2.1C Neutral Tribe Activation: the neutral tribes whose home is the card's area join the player
// at full strength. The Barbarian may do it twice a year, the Roman once, and never in Britannia or
// Germania. Tribes held by the opponent never change this way (checklist 33, 36).

import { ACTIVATIONS_PER_YEAR } from './data/tables.js';
import { logPublic } from './log.js';
import { area, BRITANNIA, GERMANIA } from './map.js';
import type { Role } from './roles.js';
import { card, data, fullStrength, idx, onMap, type State } from './state.js';

/** The neutral blocks this card would activate; empty when activation is not allowed (checklist 33). */
export function activationTargets(s: State, role: Role, cardId: string): number[] {
  const c = card(cardId);
  if (c.kind !== 'area') return [];
  if (s.activations[role] >= ACTIVATIONS_PER_YEAR[role]) return [];
  if (role === 'Roman' && (c.area === BRITANNIA || c.area === GERMANIA)) return [];
  return area(c.area)
    .tribes.map(idx)
    .filter((i) => onMap(s, i) && s.owner[i] === null);
}

export function activationAction(s: State, role: Role, cardId: string): void {
  const targets = activationTargets(s, role, cardId);
  if (targets.length === 0) {
    logPublic(s, `The ${role}'s activation has no neutral tribe left to take.`);
    return;
  }
  s.activations[role]++;
  for (const i of targets) {
    s.owner[i] = role;
    s.str[i] = fullStrength(i);
  }
  logPublic(s, `The ${role} activates ${targets.map((i) => data(i).name).join(' and ')}.`);
}
