// A player deletes their account, proven by their password. Their games in progress are resigned
// (a game against the bot is ended the same way), the open games they created are cancelled, and
// the account's row is anonymised as src/store/user-data.ts says table by table: finished games
// stay whole for their opponents with a "deleted player" in the seat, the address is free to
// register again and never written to again, and every token dies at once, on every instance,
// with the event streams opened with them.
import { accountGone, AppError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { provePassword, rememberRevocation } from '../accounts/accounts.js';
import { resign } from '../games/play.js';
import { findUserById, lockUser } from '../../store/users.js';
import { activeSeatsOfDeletedUsers, eraseAccount } from '../../store/user-data.js';

export async function deleteAccount(ctx: ServiceContext, userId: string, input: { password: string }, address: string): Promise<void> {
  const found = await findUserById(ctx.prisma, userId);
  if (!found) throw accountGone();
  await provePassword(ctx, found, input.password, address, () =>
    new AppError('wrong_password', 'The password is wrong: your account is not deleted.', { errors: [{ in: 'body', path: '/password', message: 'is not your password' }] }),
  );
  const now = ctx.clock.now();
  const { openGames, generation } = await ctx.prisma.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw accountGone();
    return { ...(await eraseAccount(tx, user, now)), generation: user.tokenGeneration + 1 };
  });
  // Every token of the account is refused from now on, here and (announced) on every instance,
  // whose event streams opened with them end; then the account reads as gone.
  const revocation = { userId, generation };
  rememberRevocation(ctx, revocation);
  ctx.events.publishRevocation(revocation);
  ctx.tokenGenerations.remember(userId, null);
  for (const id of openGames) ctx.events.publish({ id, version: 0, cancelled: true, users: [userId] });
  // After the erasure, so that the end-of-game emails name the deleted player, not the person.
  await resignForDeletedPlayers(ctx, (gameId, err) => ctx.log.error({ err, gameId }, 'a deleted player\'s game could not be resigned; the worker retries'), userId);
}

/**
 * Resigns the games in progress of deleted accounts (all of one account's, or a batch of any):
 * the deletion's last step, and the worker's, which finishes what a crash interrupted. Returns
 * the games resigned.
 */
export async function resignForDeletedPlayers(ctx: ServiceContext, onError: (gameId: string, err: unknown) => void, userId?: string, limit = 20): Promise<number> {
  let resigned = 0;
  for (const seat of await activeSeatsOfDeletedUsers(ctx.prisma, userId === undefined ? limit : 10_000, userId)) {
    try {
      await resign(ctx, seat.userId, seat.gameId, {});
      resigned++;
    } catch (err) {
      // Finished meanwhile (the opponent resigned, claimed, or the last move ended it): nothing to do.
      if (err instanceof AppError && err.code === 'conflict') continue;
      onError(seat.gameId, err);
    }
  }
  return resigned;
}
