// Who has a game open live: one game_presence row per open event stream, so that the mail worker,
// in any process, can hold a "your move" email for a player who is watching the game (and drop it
// if they move in time; mail/mail-worker.ts). The stream's heartbeat pushes expires_at forward; a
// closed stream deletes its row; an instance that dies leaves rows that expire within PRESENCE_TTL_MS.
// A table rather than LISTEN/NOTIFY: the worker asks "is anyone watching?" at the moment it would
// send, which a notification cannot answer, and expiry makes crashes harmless.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';

/** How long a presence lasts without a heartbeat (several heartbeats: one late one is no absence). */
export const PRESENCE_TTL_MS = 90_000;

export interface Presence {
  /** Pushes the expiry forward (call from the stream's heartbeat). */
  refresh(): Promise<void>;
  /** The stream closed. */
  leave(): Promise<void>;
}

export async function enterPresence(ctx: Pick<AppContext, 'prisma' | 'clock'>, userId: string, gameId: string): Promise<Presence> {
  const streamId = randomUUID();
  const expiry = () => new Date(ctx.clock.now().getTime() + PRESENCE_TTL_MS);
  await ctx.prisma.gamePresence.create({ data: { streamId, userId, gameId, expiresAt: expiry() } });
  // Old rows of dead instances go with every new stream (cheap: the table holds only open streams).
  await ctx.prisma.gamePresence.deleteMany({ where: { expiresAt: { lt: ctx.clock.now() } } });
  return {
    async refresh() {
      await ctx.prisma.gamePresence.updateMany({ where: { streamId }, data: { expiresAt: expiry() } });
    },
    async leave() {
      await ctx.prisma.gamePresence.deleteMany({ where: { streamId } });
    },
  };
}
