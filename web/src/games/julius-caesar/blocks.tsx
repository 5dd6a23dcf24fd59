// Blocks as the physical game's wooden blocks: own ones face up (name, the current strength on
// the top edge, initiative and firepower), the enemy's face down (colour only) unless revealed.
import type { ViewBlock } from './types';

export type { ViewBlock };

const ROMAN = ['', 'I', 'II', 'III', 'IV'];
export const roman = (n: number | undefined) => (n === undefined ? '' : (ROMAN[n] ?? String(n)));

/** The accessible name of a block as its viewer may know it. */
export function blockName(b: ViewBlock): string {
  if (!b.name) return `${b.type === 'cleopatra' ? 'Cleopatra' : `a ${b.side} block`}, face down`;
  const stats = b.strength !== undefined ? `, strength ${b.strength}${b.maxStrength ? ` of ${b.maxStrength}` : ''}` : '';
  const fire = b.initiative ? `, ${b.initiative}${b.firepower ?? ''}` : '';
  return `${b.side} ${b.name}${stats}${fire}${b.revealed ? ' (revealed in battle)' : ''}${b.reserve ? ' (reserve)' : ''}`;
}

/** `tagged`: carry data-block (one element per block on the page: the map's or the list's). */
export function BlockFace({ b, selected, tagged }: { b: ViewBlock; selected?: boolean; tagged?: boolean }) {
  const hidden = !b.name;
  return (
    <span
      class={`wblock ${b.side}${hidden ? ' hidden' : ''}${b.type === 'cleopatra' ? ' cleopatra' : ''}${selected ? ' selected' : ''}`}
      role="img"
      aria-label={blockName(b)}
      {...(tagged && b.id && !hidden && !b.revealed ? { 'data-block': b.id } : {})}
    >
      {hidden ? (
        b.type === 'cleopatra' ? <span class="name">Cleopatra</span> : null
      ) : (
        <>
          <span class="str">{roman(b.strength)}</span>
          <span class="name">{b.name}</span>
          <span class="stat">
            {b.initiative}
            {b.firepower}
          </span>
        </>
      )}
    </span>
  );
}
