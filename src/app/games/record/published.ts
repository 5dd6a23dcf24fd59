// What anyone may ask, without an account, to check a game's record online (issue 38): Alea's
// public record keys (GET /v1/record-keys), and the commitment Alea shows for a finished game
// (GET /v1/games/{id}/commitment), so a record whose game was made up offline, with a seed and a
// commitment of its own, is told apart. Only finished games answer: a record can be checked only
// then, and a game in progress (a private one above all) says nothing to a stranger.
import { findGameSummary } from '../../../store/games.js';
import type { ServiceContext } from '../../context.js';
import { notFound } from '../change/checks.js';
import { apiStatus } from '../present.js';
import { keyringOf, type PublishedKey } from './keyring.js';

/** GET /v1/record-keys */
export function recordKeys(ctx: Pick<ServiceContext, 'config'>): { keys: PublishedKey[] } {
  return { keys: keyringOf(ctx.config).published };
}

export interface GameCommitment {
  id: string;
  number: number;
  game: string;
  seedCommitment: string | null;
}

/** GET /v1/games/{id}/commitment: a finished game's commitment, for anyone; not_found otherwise. */
export async function gameCommitment(ctx: Pick<ServiceContext, 'prisma'>, gameId: string): Promise<GameCommitment> {
  const row = await findGameSummary(ctx.prisma, gameId);
  if (!row || apiStatus(row.status) !== 'finished') throw notFound();
  return { id: row.id, number: row.number, game: row.module, seedCommitment: row.seedCommitment };
}
