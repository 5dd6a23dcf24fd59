// 5.2.1B Supply Action: the Roman adds twice the card's value (any number of times a year); the
// Barbarian raids, taking away the card's value, once a year and only while Vercingetorix is in play.

import { logPublic } from './log.js';
import type { Role } from './roles.js';
import { addSupply, type State } from './state.js';

export function supplyAction(s: State, role: Role, ap: number): void {
  const before = s.supply;
  if (role === 'Roman') {
    addSupply(s, 2 * ap);
    logPublic(s, `Supply Action: Roman supply ${before} → ${s.supply}.`);
  } else {
    addSupply(s, -ap);
    s.raids++;
    logPublic(s, `Barbarian raid: Roman supply ${before} → ${s.supply}.`);
  }
}
