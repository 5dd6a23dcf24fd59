// What Alea's signature of a game record covers, and its check (issue 38: a record made up
// offline, or a real one edited, passed for Alea's). The service signs every finished game's
// record with an Ed25519 key of its own (src/app/games/record/keyring.ts) and publishes the public
// keys with key ids (GET /v1/record-keys), so anyone holding a record and the keys can tell it is
// the one Alea wrote, whole.
//
// What is signed: the record's three parts, each by the SHA-256 of its canonical JSON (RFC 8785,
// kit/canonical-json.ts): `details` (the record without `entries`, `result` and `signature`: id,
// number, game, options, who held each seat and their names, seeds, commitment, dates...),
// `entries` (every entry) and `result`. The signature's message is the canonical JSON of
// `{"alea-record-signature":1,"keyId":...,"parts":{"details":...,"entries":...,"result":...}}`, in
// UTF-8; the record carries the parts' digests as signed, so a check that finds the signature
// good can also say which part was changed since. Ed25519 is verified by @noble/curves (audited,
// dependency-free, the same code in Node and in the browser), strictly as RFC 8032 has it.

import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { fromBase64url } from '../kit/base64url.js';
import { canonicalJson } from '../kit/canonical-json.js';
import type { GameRecord, NamedCheck, RecordParts } from './format.js';

/** One of Alea's public keys as GET /v1/record-keys publishes it. */
export interface PublicRecordKey {
  keyId: string;
  algorithm: string;
  /** The raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
}

const digest = (value: unknown) => bytesToHex(sha256(utf8ToBytes(canonicalJson(value ?? null))));

/** The digests of a record's parts, as they are now. */
export function recordParts(r: Partial<GameRecord>): RecordParts {
  const { entries, result, signature: _, ...details } = r;
  return { details: digest(details), entries: digest(entries), result: digest(result) };
}

/** The bytes an Ed25519 signature of a record signs: its parts' digests, under the key's id. */
export function signedMessage(keyId: string, parts: RecordParts): Uint8Array {
  return utf8ToBytes(canonicalJson({ 'alea-record-signature': 1, keyId, parts: { details: parts.details, entries: parts.entries, result: parts.result } }));
}

/** A key's id: the first 16 hex digits of the SHA-256 of its raw public key. */
export function keyIdOf(publicKey: Uint8Array): string {
  return bytesToHex(sha256(publicKey)).slice(0, 16);
}

const PART_WORDS: Record<keyof RecordParts, string> = {
  details: 'its details (the game, its number, who played it and under which names, the seeds, the dates)',
  entries: 'its entries (the moves and what they wrote)',
  result: 'its result',
};

/**
 * The signature check: the record is signed by one of `keys` (Alea's published keys), the
 * signature verifies, and no part of the record changed since. Not checked without keys.
 */
export function checkSignature(r: Partial<GameRecord>, keys: readonly PublicRecordKey[] | null | undefined): NamedCheck {
  const check = (status: NamedCheck['status'], reason?: string, held: string[] = []): NamedCheck => ({ name: 'signature', status, held, ...(reason !== undefined && { reason }) });
  const sig = r.signature as Partial<NonNullable<GameRecord['signature']>> | undefined;
  if (sig === undefined || sig === null) {
    return check('failed', r.status === 'finished' ? 'The record carries no signature: Alea signs the record of every finished game, so this one was not written by Alea, or its signature was taken off.' : 'The record carries no signature: Alea signs a record once its game is over.');
  }
  if (typeof sig !== 'object' || typeof sig.keyId !== 'string' || typeof sig.value !== 'string' || typeof sig.parts !== 'object' || sig.parts === null) return check('failed', 'The record\'s signature is not one Alea writes (keyId, algorithm, parts, value).');
  if (sig.algorithm !== 'Ed25519') return check('failed', `The record is signed with ${JSON.stringify(sig.algorithm)}: Alea signs with Ed25519.`);
  if (!keys) return check('not checked', 'No public keys of Alea were given to check the signature with (the /verify page fetches them; npm run check-record takes --keys FILE or --server URL).');
  const key = keys.find((k) => k.keyId === sig.keyId);
  if (!key) return check('failed', `The record is signed with the key ${sig.keyId}, which is not one of Alea's (${keys.map((k) => k.keyId).join(', ') || 'none given'}): it was not signed by Alea.`);
  const publicKey = key.algorithm === 'Ed25519' ? fromBase64url(key.publicKey) : null;
  if (!publicKey || publicKey.length !== 32 || keyIdOf(publicKey) !== key.keyId) return check('failed', `Alea's key ${key.keyId} as given is not a 32-byte Ed25519 public key whose id is ${key.keyId}.`);
  const value = fromBase64url(sig.value);
  const parts = sig.parts as Partial<RecordParts>;
  const hex = /^[0-9a-f]{64}$/;
  let good = false;
  if (value && value.length === 64 && hex.test(parts.details ?? '') && hex.test(parts.entries ?? '') && hex.test(parts.result ?? '')) {
    try {
      good = ed25519.verify(value, signedMessage(key.keyId, parts as RecordParts), publicKey, { zip215: false });
    } catch {
      good = false;
    }
  }
  if (!good) return check('failed', `The signature does not verify with Alea's key ${key.keyId}: it was not made by Alea (the record was made up, or its signature changed).`);
  const now = recordParts(r);
  const changed = (Object.keys(PART_WORDS) as (keyof RecordParts)[]).filter((p) => now[p] !== parts[p]);
  if (changed.length > 0) return check('failed', `The record was changed after Alea signed it: ${changed.map((p) => PART_WORDS[p]).join('; ')} ${changed.length === 1 ? 'differs' : 'differ'} from what Alea signed.`);
  return check('passed', undefined, [`Alea signed this record with its key ${key.keyId} (Ed25519), and nothing in it changed since: its details (the players' names, the dates, the seeds), its ${Array.isArray(r.entries) ? r.entries.length : 0} entries and its result are as Alea signed them.`]);
}
