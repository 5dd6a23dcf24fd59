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

/** Forgets the token here (the server refused it, or it was revoked). */
export function signOut(): void {
  auth.clear();
  me.set(null);
}

/** "Sign out on this device": the server revokes this token (no other), then it is forgotten here. */
export async function signOutHere(): Promise<void> {
  try {
    await api.POST('/v1/auth/logout');
  } finally {
    signOut();
  }
}
