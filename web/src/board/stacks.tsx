// Blocks on a map, as a wargamer expects them: each side's blocks at a location make one stack,
// drawn as a pile (the top block's face, the others' edges behind it, a count); a pile opens out
// into a row of full-size blocks on hover, on a tap or click, or with Enter, and closes on Escape,
// when the pointer leaves it (if hover opened it), or on a click elsewhere. A lone block is drawn
// as itself. Own blocks that have an action are buttons (Tab, Enter or Space); the selected block
// is ringed and sits on top of its pile. The game says what a block shows (MapBlock); this file
// only draws and opens stacks, so every game's map (and a replay's) uses it.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { keyed } from './keys';
import type { Box } from './placement';
import { count } from './words';

export interface MapBlock {
  /** Unique on the map. */
  key: string;
  /** The block's id when the viewer knows it. */
  id?: string;
  /** Carries data-block (the viewer's own blocks: one element per block on the map). */
  tagged: boolean;
  /** The side (its colour, and its name in words). */
  side: string;
  /** More classes: any of hidden, cleopatra, in-fort, reserve. */
  cls: string;
  hidden: boolean;
  /** The accessible name: side, name, strength, ratings as the viewer may know them. */
  name: string;
  /** On the face: the strength along the top edge, a short name, the ratings in the corner. */
  top?: string;
  short?: string;
  /** The whole name, where there is room for it (beside the map). */
  full?: string;
  corner?: string;
  selectable: boolean;
  selected: boolean;
}

export interface Pile {
  key: string;
  /** The place's id and point (board/piles.tsx joins a pile set away from it by a line). */
  at: string;
  px: number;
  py: number;
  /** The top block's top-left corner, and the pile as drawn (the edges behind it, the count), in map units. */
  x: number;
  y: number;
  box: Box;
  /** The location's name, for the pile's accessible name. */
  place: string;
  blocks: MapBlock[];
}

/** A pile in words: "Tarraco: a stack of 3 blocks (Legio 5; Legio 6; Equitatus 1)", "Utica: 2 of the enemy's blocks, face down" (in the side's name). */
function pileWords(p: Pile): string {
  const n = p.blocks.length;
  const shown = p.blocks.filter((m) => !m.hidden);
  if (!shown.length) {
    const known = p.blocks.filter((m) => m.short).map((m) => m.short);
    return `${p.place}: ${count(n, `${p.blocks[0]!.side} block`)}, face down${known.length ? ` (${known.join(', ')} among them)` : ''}`;
  }
  const names = shown.map((m) => m.name.split(',')[0]);
  return `${p.place}: ${n === 1 ? shown[0]!.name : `a stack of ${count(n, 'block')} (${names.join('; ')}${n > shown.length ? `; ${n - shown.length} face down` : ''})`}`;
}

/** A name short enough for a block's face: "Mediomatrici" → "Mediom.". */
export function shortName(name: string): string {
  return name.length <= 7 ? name : `${name.slice(0, 6)}.`;
}

/**
 * The words a block's face shows, in the order drawn ("III Leg 9 C2"): an accessible name starts
 * with them, so the name holds the visible label (WCAG 2.5.3) and a voice user can say what they see.
 */
export function faceWords(m: MapBlock): string {
  return (m.hidden ? [m.short] : [m.top, m.short, m.corner]).filter((w) => !!w).join(' ');
}

/**
 * An accessible name that begins with the visible words (none: the name as it is). The face's
 * texts each begin with a space (not drawn: SVG drops a text's leading white space), so that the
 * page's text reads "III Leg 9 C2", word by word, as the name does.
 */
const withFace = (face: string, name: string) => (face ? `${face}: ${name}` : name);

/** One block, face up or down, at (x, y) (its top-left corner), `b` map units wide. */
function BlockG({ m, x, y, b, onBlock, inert, focusFirst, at }: { m: MapBlock; x: number; y: number; b: number; onBlock: (id: string) => void; inert?: boolean; focusFirst?: boolean; at?: string }) {
  const can = !inert && m.selectable && !!m.id;
  const ref = useRef<SVGGElement>(null);
  useEffect(() => {
    if (focusFirst) ref.current?.focus();
  }, [focusFirst]);
  const choose = () => onBlock(m.id!);
  const short = m.short ?? '';
  const fit = short.length * b * 0.19 > b - 3; // about 0.55 em a letter at the face's font size
  return (
    <g
      ref={ref}
      class={`block ${m.side} ${m.cls}${can ? ' selectable' : ''}${m.selected ? ' selected' : ''}`}
      {...(m.tagged && m.id && !inert ? { 'data-block': m.id } : {})}
      data-stack={at}
      role={inert ? undefined : can ? 'button' : 'img'}
      tabindex={can ? 0 : undefined}
      aria-label={inert ? undefined : withFace(faceWords(m), m.name + (can ? (m.selected ? ', selected' : ', select') : ''))}
      aria-pressed={can ? m.selected : undefined}
      onClick={
        can
          ? (e) => {
              e.stopPropagation();
              choose();
            }
          : undefined
      }
      onKeyDown={can ? keyed(choose) : undefined}
    >
      {!inert && <title>{m.name}</title>}
      <rect class="face" x={x} y={y} width={b} height={b} rx={2.5} />
      {!m.hidden && (
        <>
          <rect class="edge" x={x} y={y} width={b} height={b * 0.13} />
          <text class="str" x={x + b / 2} y={y + b * 0.44} text-anchor="middle">
            {m.top}
          </text>
          <text class="short" x={x + b / 2} y={y + b * 0.72} text-anchor="middle" {...(fit ? { textLength: b - 3, lengthAdjust: 'spacingAndGlyphs' } : {})}>
            {` ${short}`}
          </text>
          <text class="corner" x={x + b - 2} y={y + b - 2} text-anchor="end">
            {m.corner && ` ${m.corner}`}
          </text>
        </>
      )}
      {m.hidden && m.short && (
        <text class="short" x={x + b / 2} y={y + b * 0.6} text-anchor="middle" {...(fit ? { textLength: b - 3, lengthAdjust: 'spacingAndGlyphs' } : {})}>
          {short}
        </text>
      )}
    </g>
  );
}

/**
 * The piles, then `over` (the map's names: over the stacks, so a neighbour's stack never hides a
 * name), then the stack opened out, over everything.
 */
export function Stacks({ piles, b, onBlock, over }: { piles: Pile[]; b: number; onBlock: (id: string) => void; over?: ComponentChildren }) {
  const [open, setOpen] = useState<{ key: string; pinned: boolean; byKey: boolean } | null>(null);
  const hover = useRef<ReturnType<typeof setTimeout>>();
  const overlay = useRef<SVGGElement>(null);
  const opened = open ? piles.find((p) => p.key === open.key) : undefined;

  // A click or tap outside the opened stack closes it; so does Escape.
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!overlay.current?.contains(e.target as Node)) setOpen(null);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(null);
      (document.querySelector(`[data-pile="${CSS.escape(open.key)}"]`) as SVGGElement | null)?.focus();
    };
    document.addEventListener('pointerdown', away, true);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away, true);
      document.removeEventListener('keydown', esc);
    };
  }, [open?.key]);
  useEffect(() => () => clearTimeout(hover.current), []);
  // A stack whose blocks changed (a new version) closes if it is gone.
  useEffect(() => {
    if (open && !opened) setOpen(null);
  }, [opened, open]);

  const pick = (id: string) => {
    setOpen(null);
    onBlock(id);
  };

  return (
    <g class="stacks">
      {piles.map((p) => {
        const n = p.blocks.length;
        if (n === 0) return null;
        const x = p.x;
        if (n === 1) return <BlockG key={p.key} m={p.blocks[0]!} x={x} y={p.y} b={b} onBlock={onBlock} at={p.at} />;
        const top = p.blocks.find((m) => m.selected) ?? p.blocks.find((m) => m.selectable) ?? p.blocks[0]!;
        const shown = p.blocks.filter((m) => !m.hidden);
        const behind = Math.min(n, 4) - 1;
        const edges = Array.from({ length: behind }, (_, i) => behind - i);
        const faceDown = shown.length === 0;
        const label = pileWords(p) + (faceDown ? '' : ', open it');
        const isOpen = open?.key === p.key;
        const toOpen = (pinned: boolean, byKey = false) => setOpen({ key: p.key, pinned, byKey });
        // The pile as drawn (hidden from assistive technology), and over it the control itself: an
        // unseen area named by the pile's words. A control that holds no text of its own always
        // holds its visible label in its name (WCAG 2.5.3), whichever part of the pile the map's
        // edge cuts off.
        const span = behind * 3;
        return (
          <g key={p.key}>
            <g class={`pile-face${top.selected ? ' has-selected' : ''}`} data-stack={p.at} aria-hidden="true">
              {edges.map((k) => (
                <rect class={`face back ${top.side} ${top.cls}`} x={x + k * 3} y={p.y + k * 3} width={b} height={b} rx={2.5} />
              ))}
              <BlockG m={top} x={x} y={p.y} b={b} onBlock={onBlock} inert />
              <circle class="count-bg" cx={x + b} cy={p.y} r={b * 0.27} />
              <text class="count" x={x + b} y={p.y + b * 0.1} text-anchor="middle">
                {` ${n}`}
              </text>
            </g>
            <g
              data-pile={p.key}
              class={`pile${faceDown ? '' : ' opens'}${top.selected ? ' has-selected' : ''}`}
              {...(faceDown ? {} : { 'data-blocks': p.blocks.flatMap((m) => (m.tagged && m.id ? [m.id] : [])).join(' ') })}
              role={faceDown ? 'img' : 'button'}
              tabindex={faceDown ? undefined : 0}
              aria-label={label}
              aria-expanded={faceDown ? undefined : isOpen}
              onClick={
                faceDown
                  ? undefined
                  : (e) => {
                      e.stopPropagation();
                      toOpen(true);
                    }
              }
              onKeyDown={faceDown ? undefined : keyed(() => toOpen(true, true))}
              onMouseEnter={
                faceDown
                  ? undefined
                  : () => {
                      clearTimeout(hover.current);
                      hover.current = setTimeout(() => setOpen((o) => (o?.pinned ? o : { key: p.key, pinned: false, byKey: false })), 150);
                    }
              }
              onMouseLeave={() => clearTimeout(hover.current)}
            >
              <rect class="hit" x={x} y={p.y - b * 0.27} width={b + span + b * 0.27} height={b + span + b * 0.27} rx={2.5} />
            </g>
          </g>
        );
      })}
      {over}
      {opened && (
        <OpenStack
          pile={opened}
          b={b}
          refG={overlay}
          byKey={open!.byKey}
          onBlock={pick}
          onLeave={() => {
            clearTimeout(hover.current);
            hover.current = setTimeout(() => setOpen((o) => (o && !o.pinned ? null : o)), 200);
          }}
          onEnter={() => clearTimeout(hover.current)}
          onPin={() => setOpen((o) => (o ? { ...o, pinned: true } : o))}
        />
      )}
    </g>
  );
}

function OpenStack({ pile, b, refG, byKey, onBlock, onLeave, onEnter, onPin }: { pile: Pile; b: number; refG: { current: SVGGElement | null }; byKey: boolean; onBlock: (id: string) => void; onLeave: () => void; onEnter: () => void; onPin: () => void }) {
  const n = pile.blocks.length;
  const cols = Math.min(n, 4);
  const rows = Math.ceil(n / cols);
  const cell = b + 4;
  const left = pile.x + b / 2 - (cols * cell) / 2;
  const pad = 4;
  const firstSelectable = pile.blocks.findIndex((m) => m.selectable);
  return (
    <g ref={refG} class="open-stack" role="group" aria-label={`${pile.place}: ${count(n, 'block')}`} onMouseLeave={onLeave} onMouseEnter={onEnter} onClick={onPin}>
      <rect class="backdrop" x={left - pad} y={pile.y - pad} width={cols * cell + 2 * pad - 4} height={rows * cell + 2 * pad - 4} rx={4} />
      {pile.blocks.map((m, i) => (
        <BlockG key={m.key} m={m} x={left + (i % cols) * cell} y={pile.y + Math.floor(i / cols) * cell} b={b} onBlock={onBlock} focusFirst={byKey && i === Math.max(0, firstSelectable)} />
      ))}
    </g>
  );
}
