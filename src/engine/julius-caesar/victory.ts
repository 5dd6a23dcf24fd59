// 1.2 Victory: checked only at step 8.2 of each Winter Turn (flow.ts calls it there). 10 VP wins at
// once; after the Winter of 709 the higher total wins, ties go to the holder of Rome, else a draw.

import { LAST_YEAR } from './calendar.js';
import { logPublic } from './log.js';
import type { Role } from './roles.js';
import { occupancy, status, victoryPoints, type State } from './state.js';

export const VICTORY_VP = 10;

export function scores(s: State): Record<Role, number> {
  const occ = occupancy(s);
  return { Caesar: victoryPoints(s, 'Caesar', occ), Pompey: victoryPoints(s, 'Pompey', occ) };
}

/** 8.2, under its heading in the Winter's log (JC-183). Returns true when the game is over. */
export function checkVictory(s: State): boolean {
  logPublic(s, '8.2 Victory.');
  const vp = scores(s);
  logPublic(s, `Victory check: Caesar ${vp.Caesar} VP, Pompey ${vp.Pompey} VP.`);
  // JC-4: both cannot reach 10 at once; Caesar is tested first only to keep the code deterministic.
  if (vp.Caesar >= VICTORY_VP) return finish(s, 'Caesar', `Caesar has ${vp.Caesar} VP at the Winter of ${s.year}`, vp);
  if (vp.Pompey >= VICTORY_VP) return finish(s, 'Pompey', `Pompey has ${vp.Pompey} VP at the Winter of ${s.year}`, vp);
  if (s.year < LAST_YEAR) return false;
  if (vp.Caesar !== vp.Pompey) {
    const w: Role = vp.Caesar > vp.Pompey ? 'Caesar' : 'Pompey';
    return finish(s, w, `${w} has more VP after the fifth Year (${vp.Caesar}–${vp.Pompey})`, vp);
  }
  const rome = status(occupancy(s), 'Rome', 'Caesar');
  if (rome === 'friendly') return finish(s, 'Caesar', `VP tied ${vp.Caesar}–${vp.Pompey}; Caesar holds Rome`, vp);
  if (rome === 'enemy') return finish(s, 'Pompey', `VP tied ${vp.Caesar}–${vp.Pompey}; Pompey holds Rome`, vp);
  return finish(s, null, `VP tied ${vp.Caesar}–${vp.Pompey} and Rome is vacant: a draw`, vp);
}

function finish(s: State, winner: Role | null, reason: string, vp: Record<Role, number>): true {
  s.result = { winner, reason, vp };
  s.step = 'over';
  s.winter = null;
  logPublic(s, winner ? `${winner} wins: ${reason}.` : `The game is drawn: ${reason}.`);
  return true;
}
