// A player's data, as one JSON document they download (GET /v1/me/export): their account and its
// preferences, every game they have a seat at as they may see it, and the emails Alea wrote to
// them. Never more than they may see: their games come through the same doors as the API's
// answers to them (present.ts and the game's record: their role's view while a game runs, so it
// hides what the rules hide and the seed; the whole record once it is over), and the account as
// GET /v1/me shows it (no password hash, no token secret).
import { accountGone } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { presentUser, type UserView } from '../accounts/accounts.js';
import { getGameEmails, getLog, readGameAs } from '../games/games.js';
import type { GameResource } from '../games/present.js';
import { gameRecord } from '../games/record/record.js';
import type { GameRecord } from '../../engine/record.js';
import { findUserById } from '../../store/users.js';
import { emailsOfUser, gameIdsOfPlayer } from '../../store/user-data.js';
import { pageOfMessages } from '../../store/messages.js';
import { listBlocks, type Block } from '../blocks/blocks.js';
import { presentMessage, type GameMessage } from '../messages/messages.js';
import { getNotes, type Notes } from '../messages/notes.js';

export interface GameExport {
  /** The game as GET /v1/games/{id} answers the player. */
  game: GameResource;
  /** Its whole log as GET /v1/games/{id}/log gives it to the player. */
  log: string[];
  /** Its record as GET /v1/games/{id}/record gives it to the player (null: not started). */
  record: GameRecord | null;
  /** Whether the player gets emails about this game (their per-game switch). */
  emails: boolean;
  /** The game's messages as GET /v1/games/{id}/messages shows them to the player, all of them, oldest first. */
  messages: GameMessage[];
  /** The player's private notepad for the game. */
  notes: Notes;
}

export interface DataExport {
  exportedAt: string;
  account: UserView;
  games: GameExport[];
  /** The players I block, as GET /v1/me/blocks lists them. */
  blocks: Block[];
  emails: { kind: string; to: string; subject: string; status: string; gameId: string | null; createdAt: string; sentAt: string | null }[];
}

export async function exportMyData(ctx: ServiceContext, userId: string): Promise<DataExport> {
  const user = await findUserById(ctx.prisma, userId);
  if (!user) throw accountGone();
  const now = ctx.clock.now();
  const games: GameExport[] = [];
  for (const id of await gameIdsOfPlayer(ctx.prisma, userId)) games.push(await gameForExport(ctx, userId, id));
  const emails = (await emailsOfUser(ctx.prisma, userId)).map((e) => ({
    kind: e.kind,
    to: e.toAddress,
    subject: e.subject,
    status: e.status,
    gameId: e.gameId,
    createdAt: e.createdAt.toISOString(),
    sentAt: e.sentAt?.toISOString() ?? null,
  }));
  const { items: blocks } = await listBlocks(ctx, userId);
  return { exportedAt: now.toISOString(), account: presentUser(user, now), games, blocks, emails };
}

/**
 * One game of the export: what the API serves the player about it (the game with their view,
 * their log, the game's record as they may read it: their own side's while it runs, the whole
 * record once it is over).
 */
export async function gameForExport(ctx: ServiceContext, userId: string, gameId: string): Promise<GameExport> {
  const { game } = await readGameAs(ctx, userId, gameId, {});
  const { entries } = await getLog(ctx, userId, gameId);
  const record = game!.status === 'open' ? null : await gameRecord(ctx, userId, gameId);
  // Every message, a page at a time, read as the API reads them to this player (blocked authors left
  // out) but without marking them seen: an export changes nothing.
  const messages: GameMessage[] = [];
  for (let after = 0; ; ) {
    const page = await pageOfMessages(ctx.prisma, { gameId, readerId: userId, after, limit: 200 });
    messages.push(...page.items.map(presentMessage));
    if (!page.later || page.items.length === 0) break;
    after = page.items[page.items.length - 1]!.seq;
  }
  const notes = await getNotes(ctx, userId, gameId);
  return { game: game!, log: entries, record, emails: (await getGameEmails(ctx, userId, gameId)).email, messages, notes };
}
