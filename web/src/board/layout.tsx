// The page of a game, the same for every board: the heading, the status line (with the game's own
// facts), the map and what goes under it, and beside it the sheet of the selection
// (board/selection.ts), the game's own panels (battle, cards...), every legal action, the
// controls, the log and the table talk. A game's board gives the parts that are its own.
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { downloadRecord, downloadTranscript } from '../replay/download';
import type { Game } from '../api';
import type { Act } from './actions';
import { BlockChip } from './chip';
import { Log } from './log';
import { ActionList, Controls, Heading, Status, type Acting } from './play';
import type { Selection } from './selection';
import type { MapBlock } from './stacks';
import { TableTalk } from './table-talk';

export interface BoardLayoutProps {
  game: Game;
  me: string | null;
  opponent: string | null;
  acting: Acting;
  sel: Selection;
  /** What is expected now, and the game's own facts for the status line. */
  prompt: string;
  status: ComponentChildren;
  /** The map, and what goes under it (a list of the places, the levy pools). */
  map: ComponentChildren;
  beneath?: ComponentChildren;
  /** The sheet's words for this game (see MapSheet). */
  sheet: SheetParts;
  /** The game's own panels beside the map, between the sheet and the list of every action. */
  children?: ComponentChildren;
  label: (a: Act) => string;
  lines: string[];
  heading: (line: string) => string | null;
  /** The status panel's links: the replay (absent in a replay), and where the game's rules are published. */
  onReplay?: () => void;
  rules: { url: string; by: string };
}

export function BoardLayout(p: BoardLayoutProps) {
  const { game, me, opponent, acting, sel } = p;
  return (
    <main>
      <Heading game={game} me={me} opponent={opponent} />
      {/* The status above the map on a phone, at the top of the column beside it on a wide screen (alea.css: .game). */}
      <div class="game">
        <Status game={game} me={me} opponent={opponent} prompt={p.prompt} error={acting.error} links={<StatusLinks game={game} onReplay={p.onReplay} rules={p.rules} />}>
          {p.status}
        </Status>
        <div class="board">
          {p.map}
          {p.beneath}
        </div>
        <div class="side">
          {sel.open && <MapSheet sel={sel} busy={acting.busy} label={p.label} {...p.sheet} />}
          {p.children}
          <ActionList actions={game.legalActions as Act[]} busy={acting.busy} onAct={sel.act} label={p.label} foldOver={8} />
          <Controls game={game} me={me} opponent={opponent} acting={acting} />
          <Log gameId={game.id} lines={p.lines} total={game.logLength} heading={p.heading} />
          <TableTalk game={game} me={me} />
        </div>
      </div>
    </main>
  );
}

/** One click from the status panel: the replay, the record, the rules at their publisher's, and the check of a record. */
function StatusLinks({ game, onReplay, rules }: { game: Game; onReplay?: () => void; rules: { url: string; by: string } }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <nav class="status-links" aria-label="Replay, record and rules">
      {onReplay && (
        <button class="link" onClick={onReplay}>
          Replay
        </button>
      )}
      <button class="link" aria-label="Record (JSON)" onClick={async () => setError(await downloadRecord(game.id, game.number))}>
        Record
      </button>
      <button class="link" onClick={async () => setError(await downloadTranscript(game.id, game.number))}>
        Transcript
      </button>
      {/* Short words, one line on a phone (the map comes next); the full name for screen readers and as a tooltip. */}
      <a href={rules.url} target="_blank" rel="noopener noreferrer" aria-label={`Rules of ${game.title} (${rules.by})`} title={`Rules of ${game.title} (${rules.by})`}>
        Rules
      </a>
      <a href="/verify" aria-label="Check a record">Check</a>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </nav>
  );
}

/** What a game's sheet shows beside the map: its blocks and places in its own words. */
export interface SheetParts {
  /** A block's heading, and its face when the game shows one. */
  blockTitle(id: string): string;
  blockChip?(id: string): MapBlock | undefined;
  /** A place's name, the blocks there (faces), and the actions that concern it. */
  placeTitle(id: string): string;
  placeBlocks(id: string): MapBlock[];
  placeActions?(id: string): Act[];
  /** What a confirmation says: its heading, its words, and its yes. */
  confirmation?(a: Act): { title: string; text: JSX.Element; yes: string };
}

/**
 * The sheet beside the map (over the bottom of the screen on a phone): a confirmation, "Which one?",
 * the selected block, or an opened place. The selected block's sheet is one line on a phone (its
 * name and Cancel), so the map above it shows the block and its destinations (board/zoom.ts keep).
 */
export function MapSheet({ sel, busy, label, ...parts }: SheetParts & { sel: Selection; busy: boolean; label: (a: Act) => string }) {
  const button = (a: Act) => (
    <button disabled={busy} onClick={() => sel.act(a)}>
      {label(a)}
    </button>
  );
  let body: JSX.Element | null = null;
  let cls = '';
  if (sel.confirming && parts.confirmation) {
    const c = parts.confirmation(sel.confirming);
    const a = sel.confirming;
    body = (
      <>
        <h2 id="sheet-title">{c.title}</h2>
        <p>{c.text}</p>
        <button disabled={busy} onClick={() => sel.send(a)}>
          {c.yes}
        </button>
        <button class="secondary" onClick={sel.cancelConfirm}>
          Cancel
        </button>
      </>
    );
  } else if (sel.choices) {
    body = (
      <>
        <h2 id="sheet-title">Which one?</h2>
        {sel.choices.map(button)}
        <button class="secondary" onClick={sel.cancelChoices}>
          Cancel
        </button>
      </>
    );
  } else if (sel.selected) {
    const id = sel.selected;
    const chip = parts.blockChip?.(id);
    cls = ' selecting';
    body = (
      <>
        <h2 id="sheet-title">{parts.blockTitle(id)}</h2>
        {chip && <BlockChip m={chip} />}
        {sel.destinations.size > 0 && <p class="muted hint">Its possible destinations are highlighted on the map: click one.</p>}
        {sel.blockActs.filter((a) => !sel.destinationOf(a)).map(button)}
        <button class="secondary" onClick={() => sel.selectBlock(id)}>
          Cancel
        </button>
      </>
    );
  } else if (sel.place) {
    const id = sel.place;
    const blocks = parts.placeBlocks(id);
    body = (
      <>
        <h2 id="sheet-title">{parts.placeTitle(id)}</h2>
        {blocks.length === 0 ? (
          <p class="muted">No block here.</p>
        ) : (
          <div>
            {blocks.map((m) =>
              m.id && sel.selectable.has(m.id) ? (
                <button class="link" key={m.key} onClick={() => sel.selectBlock(m.id!)} aria-label={`Select ${parts.blockTitle(m.id)}`}>
                  <BlockChip m={m} />
                </button>
              ) : (
                <BlockChip key={m.key} m={m} />
              ),
            )}
          </div>
        )}
        {parts.placeActions?.(id).map(button)}
        <button class="secondary" onClick={sel.closePlace}>
          Close
        </button>
      </>
    );
  }
  return (
    body && (
      <section class={`panel actions map-sheet${cls}`} aria-labelledby="sheet-title">
        {body}
      </section>
    )
  );
}
