// The commitment check of a game record: its seed is the one the server committed to when the
// game was created (SHA-256 of the seed's bytes is `seedCommitment`, kit/dice.ts), and, checked
// online, that commitment is the one Alea shows for that game (GET /v1/games/{id}/commitment), so
// a game made up offline with a seed and commitment of its own is told apart from Alea's.

import { isSeedHex, seedCommitment } from '../kit/dice.js';
import type { GameRecord, NamedCheck } from './format.js';

/** What Alea shows for the record's game when the check is made online: null, no such finished game. */
export interface ServerCommitment {
  number: number;
  seedCommitment: string | null;
}

export const short = (hex: string) => `${hex.slice(0, 12)}…`;

/** `server`: undefined when checked offline (nothing compared with Alea's), else what Alea shows for the game. */
export function checkCommitment(r: Partial<GameRecord>, server: ServerCommitment | null | undefined): NamedCheck {
  const held: string[] = [];
  const check = (status: NamedCheck['status'], reason?: string): NamedCheck => ({ name: 'commitment', status, held, ...(reason !== undefined && { reason }) });
  if (r.seedCommitment === null || r.seedCommitment === undefined) return check('failed', `The game #${r.number} was created before dice commitments: it has no commitment, and its dice cannot be verified.`);
  if (!isSeedHex(r.seedCommitment)) return check('failed', 'The commitment is not 64 lower-case hexadecimal digits.');
  if (r.status !== 'finished' || !r.reader?.complete) return check('not checked', `The game #${r.number} is not over (or this is one reader's share of it): its seed is published, and its record can be checked, when it ends.`);
  if (!isSeedHex(r.seed)) return check('failed', 'The record of a finished game must carry its seed (64 lower-case hexadecimal digits).');
  const sha = seedCommitment(r.seed);
  if (sha !== r.seedCommitment) return check('failed', `The seed does not match the commitment: SHA-256 of the seed is ${short(sha)}, the commitment published at the start is ${short(r.seedCommitment)}.`);
  held.push(`The seed ${short(r.seed)} is the one committed to when the game was created: its SHA-256 is the commitment ${short(r.seedCommitment)}.`);
  if (server === undefined) {
    held.push('Checked offline: the commitment was not compared with the one Alea shows for this game.');
    return check('passed');
  }
  if (server === null) return check('failed', `Alea shows no finished game with the id ${r.id}: this game was not played on it.`);
  if (server.seedCommitment !== r.seedCommitment) {
    return check('failed', `Alea committed to ${server.seedCommitment ? short(server.seedCommitment) : 'no commitment'} for its game ${r.id} (#${server.number}), not to the record's ${short(r.seedCommitment)}: these are not that game's dice.`);
  }
  held.push(`It is the commitment Alea shows for its game #${server.number} (${r.id}).`);
  return check('passed');
}
