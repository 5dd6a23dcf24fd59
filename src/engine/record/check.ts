// Checking a game record, the one check the service, `npm run check-record` and the web page's
// verifier run (issue 38: "a record vouches for itself"): three checks, each said apart, each
// passed, failed (and why) or not made (and why):
//  - signature: Alea signed this record, and nothing in it changed since (signature.ts);
//  - commitment: its seed is the one committed to at the game's creation, and online the
//    commitment is the one Alea shows for that game (commitment.ts);
//  - replay: every entry replays from the seeds' key under the rules to the recorded end
//    (replay-check.ts).
// A record holds when all three pass.

import { checkCommitment, type ServerCommitment } from './commitment.js';
import { moduleFor, RECORD_FORMAT, type CheckResult, type GameRecord, type NamedCheck } from './format.js';
import { checkReplay } from './replay-check.js';
import { checkSignature, type PublicRecordKey } from './signature.js';

export interface CheckOptions {
  /** Alea's public keys (GET /v1/record-keys); without them the signature is not checked. */
  keys?: readonly PublicRecordKey[] | null;
  /** Online: what Alea shows for the record's game (null: no such finished game); undefined: checked offline. */
  server?: ServerCommitment | null;
}

const words: Record<NamedCheck['name'], string> = { signature: 'signature', commitment: 'commitment', replay: 'replay' };

export function checkRecord(input: unknown, options: CheckOptions = {}): CheckResult {
  const none = (problem: string): CheckResult => ({ ok: false, checks: [], problem });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return none('This is not a game record (a JSON object).');
  const r = input as Partial<GameRecord>;
  if ((r.format as string | undefined) === 'alea-record/1') return none('This record was saved before Alea signed its records (format alea-record/1): download the game\'s record again from its page, and check that one.');
  if (r.format !== RECORD_FORMAT) return none(`This is not a game record of format ${RECORD_FORMAT} (format: ${JSON.stringify(r.format ?? null)}).`);
  const m = typeof r.game === 'string' ? moduleFor(r.game) : null;
  if (!m) return none(`Unknown game ${JSON.stringify(r.game)}.`);
  const checks = [checkSignature(r, options.keys), checkCommitment(r, options.server), checkReplay(m, r)];
  const first = checks.find((c) => c.status !== 'passed');
  return { ok: !first, checks, ...(first && { problem: `${words[first.name]}: ${first.reason}` }) };
}
