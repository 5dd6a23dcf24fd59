// A json webhook's signing secret. It is shown once to its owner and must be kept to sign every
// delivery (a digest would not do), so it is kept encrypted: AES-256-GCM under a key derived from
// the service secret (JWT_SECRET, by HKDF-SHA256 for this purpose alone). A database copy or
// backup without the service's configuration holds no usable secret. Rotating JWT_SECRET makes the
// secrets unreadable: those webhooks' deliveries then fail ("make the webhook again") until their
// owner replaces them.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A new secret: 256 random bits. */
export function newSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

function keyOf(serviceSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serviceSecret, 'alea', 'webhook signing secrets v1', 32));
}

/** The secret sealed for the database: v1.<iv|tag|ciphertext, base64url>. */
export function sealSecret(secret: string, serviceSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serviceSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret again; throws if it was sealed under another service secret, or changed. */
export function openSecret(box: string, serviceSecret: string): string {
  if (!box.startsWith('v1.')) throw new Error('not a sealed webhook secret');
  const raw = Buffer.from(box.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serviceSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
