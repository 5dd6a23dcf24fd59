// Alea's keys for game records (issue 38, "a record vouches for itself"): the Ed25519 key that
// signs every finished game's record (RECORD_SIGNING_KEY, generated into the data folder in
// development), and the public keys it publishes (GET /v1/record-keys) with their ids: the
// current one and those rotated out (RECORD_OLD_KEYS), so records signed before a rotation still
// check. Signing uses node:crypto; what is signed is the engine's (src/engine/record/signature.ts),
// which checks it.
import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { Config } from '../../../config/config.js';
import { keyIdOf, recordParts, signedMessage, type GameRecord } from '../../../engine/record.js';

/** A public key as GET /v1/record-keys publishes it. */
export interface PublishedKey {
  keyId: string;
  algorithm: 'Ed25519';
  /** The raw 32-byte public key, base64url (what the check takes). */
  publicKey: string;
  /** The same key as SPKI PEM, for tools such as OpenSSL. */
  pem: string;
  /** Since when it signs (or signed), if the configuration says. */
  since: string | null;
  /** Whether it signs the records made now. */
  current: boolean;
}

export interface Keyring {
  /** The key that signs now. */
  keyId: string;
  /** The current key first, then the older ones. */
  published: PublishedKey[];
  /** The record, signed with the current key (its `signature` set). */
  sign(record: GameRecord): GameRecord;
}

// DER headers of a bare Ed25519 key (RFC 8410): PKCS #8 for a private key, SPKI for a public one.
const PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI = Buffer.from('302a300506032b6570032100', 'hex');

const rawPublic = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).subarray(SPKI.length);

function published(key: KeyObject, since: string | null, current: boolean): PublishedKey {
  const raw = rawPublic(key);
  return { keyId: keyIdOf(raw), algorithm: 'Ed25519', publicKey: raw.toString('base64url'), pem: String(key.export({ format: 'pem', type: 'spki' })), since, current };
}

const rings = new WeakMap<object, Keyring>();

/** The keyring of a configuration (made once per configuration object). */
export function keyringOf(config: Pick<Config, 'recordSigningKey' | 'recordOldKeys'>): Keyring {
  let ring = rings.get(config);
  if (!ring) rings.set(config, (ring = makeKeyring(config)));
  return ring;
}

function makeKeyring(config: Pick<Config, 'recordSigningKey' | 'recordOldKeys'>): Keyring {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8, Buffer.from(config.recordSigningKey.privateKey, 'base64url')]), format: 'der', type: 'pkcs8' });
  const current = published(createPublicKey(privateKey), config.recordSigningKey.since, true);
  const keys = [current];
  for (const old of config.recordOldKeys) {
    const key = published(createPublicKey({ key: Buffer.concat([SPKI, Buffer.from(old.publicKey, 'base64url')]), format: 'der', type: 'spki' }), old.since, false);
    if (!keys.some((k) => k.keyId === key.keyId)) keys.push(key);
  }
  return {
    keyId: current.keyId,
    published: keys,
    sign(record) {
      const { signature: _, ...unsigned } = record;
      const parts = recordParts(unsigned);
      const value = sign(null, signedMessage(current.keyId, parts), privateKey).toString('base64url');
      return { ...unsigned, signature: { keyId: current.keyId, algorithm: 'Ed25519', parts, value } };
    },
  };
}
