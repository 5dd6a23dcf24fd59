// Live updates. A game page listens to the game's Server-Sent Events (`version` events; the page
// then GETs its own view). EventSource cannot send an Authorization header, so the token goes in
// the query (`access_token`, which the API accepts for event streams only and masks in its logs).
// The same stream tells a game's players of a new message or a rematch offered: `talk` passes
// those on to the panels beside the board (web/src/board/table-talk.tsx), one stream per page, and
// in a game against the computer, its move's place in the computer's queue (computerQueue).
import { useEffect, useRef } from 'preact/hooks';
import { auth, eventsUrl } from './api';
import { signal } from './signal';

/** The last `message` or `rematch` event of the game's stream (`n` counts them, so each one is new). */
export const talk = signal<{ id: string; kind: 'message' | 'rematch'; n: number } | null>(null);
let told = 0;

/**
 * The messages of the game on this page that the player has not read: they came while its tab
 * was hidden (web/src/board/table-talk.tsx); the page's title counts them.
 */
export const unreadHere = signal<{ id: string; count: number } | null>(null);

/**
 * The computer's move in a game waits in the computer's queue: its place (1: the next search) at
 * that version, from the stream's `queued` events; 0 once it is thinking (`thinking`).
 */
export const computerQueue = signal<{ id: string; version: number; position: number } | null>(null);

/**
 * `seat` reopens the stream when the viewer's place in the game changes (an invited visitor who
 * joins: the stream of a private game refuses non-players). A stream the server ends or refuses
 * (EventSource then gives up) is reopened after a pause, and the page reads the game again.
 */
export function useGameEvents(id: string, seat: string, onVersion: (version: number) => void, onCancelled: () => void): void {
  const handler = useRef(onVersion);
  handler.current = onVersion;
  const cancelled = useRef(onCancelled);
  cancelled.current = onCancelled;
  useEffect(() => {
    if (!seat) return; // nothing to listen to (yet)
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const open = () => {
      source = new EventSource(eventsUrl(id));
      source.addEventListener('version', (e) => {
        try {
          handler.current(JSON.parse((e as MessageEvent<string>).data).version);
        } catch {
          // a malformed event: the next one, or a reload, catches up
        }
      });
      for (const kind of ['message', 'rematch'] as const) source.addEventListener(kind, () => talk.set({ id, kind, n: ++told }));
      for (const kind of ['queued', 'thinking'] as const) {
        source.addEventListener(kind, (e) => {
          try {
            const d = JSON.parse((e as MessageEvent<string>).data) as { version: number; position?: number };
            computerQueue.set({ id, version: d.version, position: kind === 'queued' ? (d.position ?? 0) : 0 });
          } catch {
            // a malformed event: the next one tells it again
          }
        });
      }
      source.addEventListener('cancelled', () => {
        over = true;
        source.close();
        cancelled.current();
      });
      source.addEventListener('error', () => {
        if (over || source.readyState !== EventSource.CLOSED) return; // CONNECTING: the browser retries by itself
        retry = setTimeout(() => {
          open();
          handler.current(Number.MAX_SAFE_INTEGER);
        }, 10_000);
      });
    };
    open();
    return () => {
      over = true;
      clearTimeout(retry);
      source.close();
    };
  }, [id, seat]);
}

/**
 * The events of `/v1/me/events` a page may follow: my games, a message written to me in one of
 * them and my own reading of one's messages (for the unread counts), and my challenges both ways.
 */
export type MyEventKind = 'game' | 'message' | 'messagesRead' | 'challenge' | 'challengeCanceled' | 'challengeDeclined';
export const CHALLENGE_EVENTS: readonly MyEventKind[] = ['challenge', 'challengeCanceled', 'challengeDeclined'];
export const MESSAGE_EVENTS: readonly MyEventKind[] = ['message', 'messagesRead'];

/**
 * The home page and the challenges page: one stream for all my games and challenges
 * (`/v1/me/events`). The page reads its lists after `ready` (so no change falls between the two)
 * and again on each event of the `kinds` it follows, a little debounced; `onChange` is told which
 * kinds came meanwhile (`ready` among them at first), so a page reads only what they concern.
 */
export function useMyEvents(onChange: (kinds: ReadonlySet<MyEventKind | 'ready'>) => void, kinds: readonly MyEventKind[] = ['game']): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let came = new Set<MyEventKind | 'ready'>();
    const soon = (kind: MyEventKind | 'ready') => {
      came.add(kind);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const told = came;
        came = new Set();
        handler.current(told);
      }, 150);
    };
    const source = new EventSource(`/v1/me/events?access_token=${encodeURIComponent(auth.token() ?? '')}`);
    source.addEventListener('ready', () => soon('ready'));
    for (const kind of kinds) source.addEventListener(kind, () => soon(kind));
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
}
