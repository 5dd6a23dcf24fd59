// The API client: types generated from openapi.yaml (scripts/build/contract.mjs -> generated/api.d.ts),
// requests by openapi-fetch, on the page's own origin. Nothing here is a hand-written API type.
//
// The access token (the API's bearer JWT, 30 days) lives in localStorage: the API takes bearer
// tokens, not cookies, so there is no CSRF to defend against, and the page's strict CSP (no inline
// or foreign scripts) is what keeps other scripts from reading it. Signing out on this device
// revokes it on the server and forgets it here; "sign out everywhere" revokes every token.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/api';

export type Schemas = components['schemas'];
export type Game = Schemas['Game'];
export type GameSummary = Schemas['GameSummary'];
export type Action = Schemas['Action'];
export type Role = Schemas['Role'];
export type GameId = Schemas['GameModuleId'];
export type User = Schemas['User'];
export type Problem = Schemas['Problem'];

const TOKEN_KEY = 'alea.token';

export const auth = {
  token(): string | null {
    try {
      return localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
  },
};

/** Called when the API says the token no longer works (expired, revoked). */
let onUnauthorized: () => void = () => {};
export function whenUnauthorized(f: () => void): void {
  onUnauthorized = f;
}

const bearer: Middleware = {
  onRequest({ request }) {
    const token = auth.token();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response, request }) {
    if (response.status === 401 && request.headers.has('authorization')) {
      auth.clear();
      onUnauthorized();
    }
    return response;
  },
};

export const api = createClient<paths>({ baseUrl: location.origin });
api.use(bearer);

/** A problem's words for a person. */
export function problemText(error: unknown, fallback = 'Something went wrong.'): string {
  const p = error as Partial<Problem> | undefined;
  if (p && typeof p === 'object') {
    if (p.errors?.length) return `${p.detail ?? p.title ?? fallback} (${p.errors.map((e) => `${e.path || e.in}: ${e.message}`).join('; ')})`;
    if (p.detail) return p.detail;
    if (p.title) return p.title;
  }
  return fallback;
}

/** The URL of a game's event stream: EventSource cannot send headers, so the token goes in the query. */
export function eventsUrl(id: string): string {
  return `/v1/games/${encodeURIComponent(id)}/events?access_token=${encodeURIComponent(auth.token() ?? '')}`;
}
