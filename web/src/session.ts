// Who is signed in: the token in localStorage and the account it belongs to (GET /v1/me).
import { signal } from './signal';
import { api, auth, type User } from './api';

export const me = signal<User | null | undefined>(undefined); // undefined: not known yet

export async function loadMe(): Promise<void> {
  if (!auth.token()) return void me.set(null);
  const { data } = await api.GET('/v1/me');
  me.set(data ?? null);
}

export function signedIn(token: string, user: User): void {
  auth.set(token);
  me.set(user);
}

export function signOut(): void {
  auth.clear();
  me.set(null);
}
