// A tiny router over the History API: the server serves index.html for each page (src/http/routes/web.ts).
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  path: string;
  query: URLSearchParams;
}

const listeners = new Set<() => void>();
const current = (): Route => ({ path: location.pathname, query: new URLSearchParams(location.search) });

export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  listeners.forEach((l) => l());
}

addEventListener('popstate', () => listeners.forEach((l) => l()));

// Same-origin links to the client's pages navigate without a reload.
addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a');
  if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
  if (!/^\/($|signin$|settings$|challenges$|verify$|games\/|players\/|leaderboards\/)/.test(a.pathname)) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
});

export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const l = () => setRoute(current());
    listeners.add(l);
    l(); // a child's effect may have navigated before this (parent) effect subscribed
    return () => void listeners.delete(l);
  }, []);
  return route;
}

/** The current URL, to come back to after signing in. */
export const here = () => location.pathname + location.search;
