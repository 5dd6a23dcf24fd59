// Signed one-click unsubscribe links (RFC 8058): the token names a user and is signed with a key
// derived from the service secret, so a link works without logging in and cannot be forged.

import { timingSafeEqual } from 'node:crypto';
import { keyedMac } from '../keyed-mac.js';

// A key of its own, so an unsubscribe token can never double as a JWT or anything else.
const mac = (secret: string, userId: string) => keyedMac(secret, 'alea:unsubscribe:v1', userId);

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId)}`;
}

/** The user id the token was made for, or null if it is malformed or forged. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [id64, sig] = token.split('.');
  if (!id64 || !sig) return null;
  const userId = Buffer.from(id64, 'base64url').toString();
  const want = Buffer.from(mac(secret, userId));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? userId : null;
}

export function unsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}/v1/unsubscribe?token=${unsubscribeToken(secret, userId)}`;
}
