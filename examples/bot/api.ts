// The client generated from Alea's openapi.yaml (types by openapi-typescript into ./generated,
// requests by openapi-fetch): every call the bot makes is checked against the contract when it is
// type-checked. Signed in with a personal API token.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/api.js';

export type Api = Client<paths>;
export type Game = components['schemas']['Game'];
export type Challenge = components['schemas']['Challenge'];

export function apiClient(baseUrl: string, token: string): Api {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
}
