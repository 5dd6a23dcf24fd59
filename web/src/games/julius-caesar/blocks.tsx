// Julius Caesar's blocks in words: the strength as the block shows it (a Roman numeral on its top
// edge) and the accessible name of a block as its viewer may know it.
import type { ViewBlock } from './types';

export type { ViewBlock };

const ROMAN = ['', 'I', 'II', 'III', 'IV'];
export const roman = (n: number | undefined) => (n === undefined ? '' : (ROMAN[n] ?? String(n)));

export function blockName(b: ViewBlock): string {
  if (!b.name) return `${b.type === 'cleopatra' ? 'Cleopatra' : `a ${b.side} block`}, face down${b.reserve ? ', in reserve' : ''}`;
  const stats = b.strength !== undefined ? `, strength ${b.strength}${b.maxStrength ? ` of ${b.maxStrength}` : ''}` : '';
  const fire = b.initiative ? `, ${b.initiative}${b.firepower ?? ''}` : '';
  return `${b.side} ${b.name}${stats}${fire}${b.revealed ? ' (revealed in battle)' : ''}${b.reserve ? ' (reserve)' : ''}`;
}
