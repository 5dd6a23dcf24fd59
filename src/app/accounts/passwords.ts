// Password hashing with scrypt (node:crypto), a memory-hard KDF. The stored string carries its
// parameters, so the cost can be raised later without invalidating existing hashes:
//   scrypt$<logN>$<r>$<p>$<salt, base64url>$<hash, base64url>
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashing } from '../security.js';

const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, o: PasswordHashing): Promise<Buffer> {
  const N = 2 ** o.logN;
  const options: ScryptOptions = { N, r: o.r, p: o.p, maxmem: 256 * N * o.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, o: PasswordHashing): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, o);
  return ['scrypt', o.logN, o.r, o.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { logN: Number(logN), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of nothing in particular, made once per cost: signing in with an unknown email checks
 * the password against it, so that answer takes as long as a wrong password for a real account.
 */
const dummies = new Map<string, Promise<string>>();
export function dummyHash(o: PasswordHashing): Promise<string> {
  const k = `${o.logN}/${o.r}/${o.p}`;
  let h = dummies.get(k);
  if (!h) dummies.set(k, (h = hashPassword(randomBytes(16).toString('hex'), o)));
  return h;
}
