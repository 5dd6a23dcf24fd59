// Blocking another player: one person tells Alea they want nothing more from another. A block
// works both ways for what it forbids, whoever made it: no messages between the two in any game
// (src/app/messages/), no rematch offered either way, neither joins the other's open game, and
// "play anyone" never pairs them (src/app/lobby/); the lobby leaves out the open games of either
// for the other. What the blocked player is told is only that this person takes nothing from
// them (never who blocked whom when they did it themselves).
import { blocksBetween, deleteBlock, insertBlock, listBlocks as listBlockRows, type BlocksBetween } from '../../store/blocks.js';
import type { Db } from '../../store/games.js';
import { findUserById } from '../../store/users.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';

export interface Block {
  user: { id: string; name: string; handle: string };
  since: string;
}

const noUser = () => new AppError('not_found', 'There is no such player.');

/** Blocks another user (again: the block stands as it was). */
export async function blockUser(ctx: AppContext, userId: string, otherId: string): Promise<Block> {
  if (otherId === userId) {
    throw new AppError('validation_failed', 'You cannot block yourself.', { errors: [{ in: 'path', path: '/userId', message: 'is your own id' }] });
  }
  const other = await findUserById(ctx.prisma, otherId);
  if (!other) throw noUser();
  const since = await insertBlock(ctx.prisma, userId, otherId, ctx.clock.now());
  return { user: { id: other.id, name: other.displayName, handle: other.handle ?? '' }, since: since.toISOString() };
}

/** Lifts a block of mine (none: nothing to do). */
export async function unblockUser(ctx: AppContext, userId: string, otherId: string): Promise<void> {
  await deleteBlock(ctx.prisma, userId, otherId);
}

export async function listBlocks(ctx: AppContext, userId: string): Promise<{ items: Block[] }> {
  const rows = await listBlockRows(ctx.prisma, userId);
  return { items: rows.map((r) => ({ user: { id: r.userId, name: r.name, handle: r.handle }, since: r.since.toISOString() })) };
}

/** What the caller was about to do with the other person, in the refusal's words. */
export type Between = 'message' | 'join' | 'rematch' | 'challenge';

const WORDS: Record<Between, { mine: string; theirs: string }> = {
  message: { mine: 'You have blocked this player: unblock them (Settings) to write to them.', theirs: 'This player does not take messages from you.' },
  join: { mine: 'You have blocked the player who made this game: unblock them (Settings) to join it.', theirs: 'The player who made this game does not take invitations from you.' },
  rematch: { mine: 'You have blocked this player: unblock them (Settings) to offer a rematch.', theirs: 'This player does not take invitations from you.' },
  challenge: { mine: 'You have blocked this player: unblock them (Settings) to challenge them.', theirs: 'This player does not take challenges from you.' },
};

/** Refuses (403 `blocked`) if either of the two blocked the other (`b` as blocksBetween gives it, the caller first). */
export function refuseIfBlocked(b: BlocksBetween, what: Between): void {
  if (b.aBlockedB) throw new AppError('blocked', WORDS[what].mine);
  if (b.bBlockedA) throw new AppError('blocked', WORDS[what].theirs);
}

/** Refuses (403 `blocked`) if either of the two blocked the other. */
export async function requireNoBlock(db: Db, userId: string, otherId: string, what: Between): Promise<void> {
  refuseIfBlocked(await blocksBetween(db, userId, otherId), what);
}
