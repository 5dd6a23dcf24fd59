// Live updates. A game page listens to the game's Server-Sent Events (`version` events; the page
// then GETs its own view). EventSource cannot send an Authorization header, so the token goes in
// the query (`access_token`, which the API accepts for event streams only and masks in its logs).
import { useEffect, useRef } from 'preact/hooks';
import { eventsUrl } from './api';

export function useGameEvents(id: string, onVersion: (version: number) => void, onCancelled: () => void): void {
  const handler = useRef(onVersion);
  handler.current = onVersion;
  const cancelled = useRef(onCancelled);
  cancelled.current = onCancelled;
  useEffect(() => {
    const source = new EventSource(eventsUrl(id));
    source.addEventListener('version', (e) => {
      try {
        handler.current(JSON.parse((e as MessageEvent<string>).data).version);
      } catch {
        // a malformed event: the next one, or a reload, catches up
      }
    });
    source.addEventListener('cancelled', () => {
      source.close();
      cancelled.current();
    });
    return () => source.close();
  }, [id]);
}

/** The home page: reload when the page comes back into view, and once a minute. */
export function useMyEvents(onChange: () => void): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    const visible = () => document.visibilityState === 'visible' && handler.current();
    document.addEventListener('visibilitychange', visible);
    const timer = setInterval(visible, 60_000);
    return () => {
      document.removeEventListener('visibilitychange', visible);
      clearInterval(timer);
    };
  }, []);
}
