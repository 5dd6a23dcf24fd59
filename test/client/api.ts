// A client for Alea generated from openapi.yaml, as a third party would make one: types from
// openapi-typescript (scripts/build/contract.mjs -> ./generated/api.d.ts), requests by
// openapi-fetch. Used by the end-to-end test and the API benchmark; nothing here is written by
// hand but the sign-in convenience.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/api.js';

export type { components, paths };
export type Game = components['schemas']['Game'];
export type Action = components['schemas']['Action'];
export type AleaClient = Client<paths>;

export function aleaClient(baseUrl: string, token?: string): AleaClient {
  return createClient<paths>({ baseUrl, ...(token && { headers: { authorization: `Bearer ${token}` } }) });
}

/** Registers an account and returns a client signed in as it. */
export async function registered(baseUrl: string, name: string, email: string): Promise<{ client: AleaClient; user: components['schemas']['User'] }> {
  const { data, error, response } = await aleaClient(baseUrl).POST('/v1/auth/register', {
    body: { email, password: 'correct horse battery', name },
  });
  if (!data) throw new Error(`register ${email}: ${response.status} ${JSON.stringify(error)}`);
  return { client: aleaClient(baseUrl, data.token), user: data.user };
}
