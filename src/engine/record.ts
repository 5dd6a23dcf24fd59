// A game's record (GET /v1/games/{id}/record) and its check, in one place for whoever reads or
// checks records: the service (src/app/games/record/), `npm run check-record` and the web page's
// verifier, so that the three cannot disagree. The parts live in record/: the format and its
// replay (format.ts), Alea's signature (signature.ts), the commitment (commitment.ts), the replay
// check (replay-check.ts) and the check that runs all three (check.ts). Pure: it runs in Node and
// in a browser.
export * from './record/format.js';
export { checkRecord, type CheckOptions } from './record/check.js';
export { checkSignature, keyIdOf, recordParts, signedMessage, type PublicRecordKey } from './record/signature.js';
export { checkCommitment, type ServerCommitment } from './record/commitment.js';
export { checkReplay, replayCheck } from './record/replay-check.js';
