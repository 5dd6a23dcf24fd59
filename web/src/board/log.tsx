// The game's log, oldest first under turn headings, each entry numbered from the first: the
// latest entries come with the game (its view holds the last 50), the whole log from
// GET /v1/games/{id}/log when the player asks for it or searches. Kept current as the game moves
// (new entries are appended from the view; an undo or a gap reads it again), and kept scrolled to
// the newest entry unless the player has scrolled back.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { api, problemText } from '../api';
import { count } from './words';

export interface LogProps {
  gameId: string;
  /** The view's latest entries, oldest first. */
  lines: readonly string[];
  /** How many entries the whole log has. */
  total: number;
  /** A turn heading's words when the line is one ("705 (49 BC), turn 1"), else null. */
  heading: (line: string) => string | null;
}

export function Log({ gameId, lines, total, heading }: LogProps) {
  const [all, setAll] = useState<string[] | null>(null);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);

  async function loadAll() {
    setLoading(true);
    const { data, error } = await api.GET('/v1/games/{id}/log', { params: { path: { id: gameId } } });
    setLoading(false);
    if (data) {
      setAll(data.entries);
      setError(null);
    } else setError(problemText(error));
  }

  // The whole log follows the game: the view's newest entries are appended when they continue it.
  useEffect(() => {
    if (!all || total === all.length) return;
    const missing = total - all.length;
    const joins = missing > 0 && missing <= lines.length && (lines.length === missing || lines[lines.length - missing - 1] === all[all.length - 1]);
    if (joins) setAll([...all, ...lines.slice(lines.length - missing)]);
    else void loadAll();
  }, [total, lines]);

  const q = query.trim().toLowerCase();
  useEffect(() => {
    if (q && !all && !loading && total > lines.length) void loadAll();
  }, [q]);

  const entries = all ?? lines;
  const first = all ? 0 : total - lines.length;
  // Group the entries under their headings; a search keeps the entries that match and their headings.
  const groups: { title: string | null; items: { n: number; text: string }[] }[] = [{ title: null, items: [] }];
  entries.forEach((line, i) => {
    const h = heading(line);
    if (h !== null) groups.push({ title: h, items: [] });
    else groups[groups.length - 1]!.items.push({ n: first + i + 1, text: line });
  });
  const shown = q ? groups.map((g) => ({ ...g, items: g.items.filter((x) => x.text.toLowerCase().includes(q)) })).filter((g) => g.items.length || (g.title ?? '').toLowerCase().includes(q)) : groups.filter((g) => g.title || g.items.length);
  const matches = q ? shown.reduce((n, g) => n + g.items.length, 0) : 0;

  // Stay at the newest entry unless the player scrolled back.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && atEnd.current && !q) el.scrollTop = el.scrollHeight;
  }, [entries.length, q]);

  return (
    <section class="panel log-panel" aria-labelledby="log-title">
      <h2 id="log-title">Log</h2>
      <div class="log-tools">
        <input type="search" aria-label="Search the whole log" placeholder="Search the log" value={query} onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)} />
        {all ? <span class="muted">{count(total, 'entry', 'entries')}</span> : null}
      </div>
      {q && (
        <p class="muted" role="status">
          {loading ? 'Reading the whole log…' : `${count(matches, 'entry', 'entries')} found`}
        </p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <ol
        class="log"
        ref={list}
        tabIndex={0}
        aria-label="Log, oldest first"
        onScroll={(e) => {
          const el = e.currentTarget as HTMLOListElement;
          atEnd.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
        }}
      >
        {!all && first > 0 && !q && (
          <li class="more">
            <button
              class="link"
              disabled={loading}
              onClick={() => {
                atEnd.current = false; // the player goes back to the start
                void loadAll();
              }}
            >
              {loading ? 'Reading the whole log…' : `Show the ${count(first, 'earlier entry', 'earlier entries')}`}
            </button>
          </li>
        )}
        {shown.map((g) => (
          <>
            {g.title && (
              <li class="turn">
                <h3>{g.title}</h3>
              </li>
            )}
            {g.items.map((x) => (
              <li key={x.n}>
                <span class="n">{x.n}</span> {x.text}
              </li>
            ))}
          </>
        ))}
      </ol>
    </section>
  );
}
