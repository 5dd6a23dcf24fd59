// A block drawn in HTML, beside the map (an opened location, the battle board, a selection): the
// same face as on the map (board/stacks.tsx's MapBlock), with room for the whole name.
import type { MapBlock } from './stacks';

export function BlockChip({ m }: { m: MapBlock }) {
  return (
    <span class={`wblock ${m.side} ${m.cls}${m.selected ? ' selected' : ''}`} role="img" aria-label={m.name}>
      {m.hidden ? (
        m.short ? <span class="name">{m.short}</span> : null
      ) : (
        <>
          <span class="str">{m.top}</span>
          <span class="name">{m.full ?? m.short}</span>
          <span class="stat">{m.corner}</span>
        </>
      )}
    </span>
  );
}
