// `npm run record-key`: a new Ed25519 key to sign game records with (RECORD_SIGNING_KEY), and
// its public part and key id, as GET /v1/record-keys will publish them. `-- --public` prints the
// public part of the RECORD_SIGNING_KEY set now instead: what to add to RECORD_OLD_KEYS when
// rotating it out. Nothing is written anywhere; the private key is printed once, for the
// operator to keep in the production environment's secrets.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { keyringOf } from '../app/games/record/keyring.js';
import { parseRecordKey } from '../config/config.js';

const today = new Date().toISOString().slice(0, 10);
if (process.argv[2] === '--public') {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const given = process.env.RECORD_SIGNING_KEY ? parseRecordKey(process.env.RECORD_SIGNING_KEY) : null;
  if (!given) {
    console.error('record-key: RECORD_SIGNING_KEY is not set, or not 32 bytes of base64url');
    process.exit(2);
  }
  const key = keyringOf({ recordSigningKey: { privateKey: given.key, since: given.since }, recordOldKeys: [] }).published[0]!;
  console.log(`# the key ${key.keyId}: add this to RECORD_OLD_KEYS (comma-separated) when a new RECORD_SIGNING_KEY replaces it`);
  console.log(`${given.since ? `${given.since.slice(0, 10)}@` : ''}${key.publicKey}`);
} else if (process.argv.length === 2) {
  const privateKey = randomBytes(32).toString('base64url');
  const key = keyringOf({ recordSigningKey: { privateKey, since: null }, recordOldKeys: [] }).published[0]!;
  console.log(`# a new record signing key, id ${key.keyId}; keep it secret, and keep it: records it signs check only while its public part is published`);
  console.log(`RECORD_SIGNING_KEY=${today}@${privateKey}`);
  console.log(`# its public part (GET /v1/record-keys publishes it): ${key.publicKey}`);
} else {
  console.error('usage: npm run record-key [-- --public]');
  process.exit(2);
}
