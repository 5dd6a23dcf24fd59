// How good a Caesar's Gallic War position is for one side, in [-1, 1], for the computer's search
// and its greedy player. The Roman wins with 90 VP after turn 8 (or loses at once if Caesar dies);
// VP come mostly from the tribal areas he controls at each turn's end. So the Roman's prospect is
// his VP plus what his areas would score in the turns left, against the 90 he needs, then the
// armies (strength weighted by battle rating), Caesar's safety and the supply that keeps legions
// alive. The Barbarian's value is the opposite.

import { BLOCKS } from '../data/blocks.js';
import { TURNS } from '../data/tables.js';
import { CAESAR_I, controller, onMap, TRIBAL_AREAS, type State } from '../state.js';
import { features, forceAt, threat } from './features.js';

const NEED = 90;

export function evaluate(s: State, role: string): number {
  if (s.result) return s.result.winner === role ? 1 : -1;
  const v = romanValue(s);
  return role === 'Roman' ? v : -v;
}

function romanValue(s: State): number {
  const f = features(s);
  let roman = 0;
  let barbarian = 0;
  for (const a of TRIBAL_AREAS) {
    const c = controller(s, a);
    if (c === 'Roman') roman++;
    else if (c === 'Barbarian') barbarian++;
  }
  // Scorings left: this turn's (if not yet scored) and every later one.
  const left = TURNS - s.turn + 1;
  const projected = s.vp + left * roman + 0.3 * left * (roman - barbarian) * 0.5;
  const army = f.total[0] - f.total[1];
  let caesar = 0;
  if (onMap(s, CAESAR_I)) {
    const at = s.loc[CAESAR_I]!;
    const danger = threat(f, at, 1) + forceAt(f, at, 1) - forceAt(f, at, 0);
    caesar = -Math.max(0, danger) * 0.15 + (s.str[CAESAR_I]! - BLOCKS[CAESAR_I]!.steps[0]!) * 0.1;
  }
  const x = (projected - NEED) / 18 + 0.03 * army + caesar + 0.02 * (s.supply - 8);
  return Math.tanh(x);
}
