// The worker ends the challenges nobody answered within CHALLENGE_TTL_MS (challenges.ts): each is
// ended as a withdrawal is (its game deleted, in one transaction, under the challenge's lock: of
// the worker and a last-minute answer, one wins), `expired`, and both players' pages are told.
import type { ServiceContext } from '../context.js';
import { dueChallenges } from '../../store/challenges.js';
import { endOpenChallenge } from './challenges.js';

/** Ends the open challenges past their time, a batch at a time; how many. */
export async function expireChallenges(ctx: ServiceContext, batch = 50): Promise<number> {
  let ended = 0;
  for (const id of await dueChallenges(ctx.prisma, ctx.clock.now(), batch)) {
    try {
      if (await endOpenChallenge(ctx, id, { status: 'expired' })) ended++;
    } catch (err) {
      ctx.log.error({ err, challengeId: id }, 'could not end a lapsed challenge; retrying next round');
    }
  }
  return ended;
}
