// HMAC-SHA256 under a key of its own for each purpose, derived from the service secret: an
// unsubscribe token, a password reset link, a sign-in source or a confirmation's recipient can
// never be taken for one another, nor for a JWT. Derived keys are kept per secret (a process has
// one; tests build servers with a few): every email a move enqueues carries a signed link, and
// deriving the key again doubled the HMACs of each.
import { createHmac } from 'node:crypto';

const keys = new Map<string, Buffer>();

/** base64url HMAC-SHA256 of `value` under the key that `purpose` (e.g. 'alea:unsubscribe:v1') derives from `secret`. */
export function keyedMac(secret: string, purpose: string, value: string): string {
  const id = `${purpose}\0${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = createHmac('sha256', secret).update(purpose).digest();
    if (keys.size >= 64) keys.clear();
    keys.set(id, key);
  }
  return createHmac('sha256', key).update(value).digest('base64url');
}
