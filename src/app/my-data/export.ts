// A player's data, as one JSON document they download (GET /v1/me/export): their account and its
// preferences, every game they have a seat at as they may see it, and the emails Alea wrote to
// them. Never more than they may see: their games come through the same doors as the API's
// answers to them (present.ts and the game's record: their role's view while a game runs, so it
// hides what the rules hide and the seed; the whole record once it is over), and the account as
// GET /v1/me shows it (no password hash, no token secret); their API tokens, webhooks and challenges
// as their lists show them (never a token or a webhook's signing secret).
//
// It is streamed a game at a time (issue 38: three exports at once slowed /healthz from 5 ms to
// 730 ms): what can refuse the request (the account gone, its limits: export-limits.ts) and the
// small parts are done first, then each game's part is written as it is read, the event loop free
// between games, and a finished game's record goes in as the JSON text kept for it (stored.ts),
// neither parsed nor written again.
import { accountGone } from '../errors.js';
import type { ServiceContext } from '../context.js';
import { presentUser, type UserView } from '../accounts/accounts.js';
import { getGameEmails, getLog, readGameAs } from '../games/games.js';
import type { GameResource } from '../games/present.js';
import { gameRecordJson } from '../games/record/read.js';
import type { GameRecord } from '../../engine/record.js';
import { findUserById } from '../../store/users.js';
import { emailsOfUser, gameIdsOfPlayer } from '../../store/user-data.js';
import { pageOfMessages } from '../../store/messages.js';
import { listBlocks, type Block } from '../blocks/blocks.js';
import { presentMessage, type GameMessage } from '../messages/messages.js';
import { getNotes, type Notes } from '../messages/notes.js';
import { admitExport } from './export-limits.js';
import { listApiTokens } from '../api-tokens/api-tokens.js';
import { listChallenges } from '../challenges/challenges.js';
import { listWebhooks } from '../webhooks/webhooks.js';
import { deliveriesOf } from '../../store/webhooks.js';

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
  apiTokens: unknown[];
  webhooks: unknown[];
  challenges: unknown[];
}

/** An export under way: its date, and its JSON text (a DataExport) in pieces. */
export interface ExportStream {
  exportedAt: string;
  chunks: AsyncGenerator<string>;
}

/**
 * Starts an export of the user's data: refuses it (429, 401) before anything is sent, else
 * returns its text to stream. The account's admission ends when the text is all read or the
 * reader stops.
 */
export async function exportMyData(ctx: ServiceContext, userId: string): Promise<ExportStream> {
  const release = await admitExport(ctx, userId);
  try {
    const user = await findUserById(ctx.prisma, userId);
    if (!user) throw accountGone();
    const now = ctx.clock.now();
    const ids = await gameIdsOfPlayer(ctx.prisma, userId);
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
    // Issue 42: tokens (never the token), webhooks (never the secret) with what they were told, challenges.
    const { items: apiTokens } = await listApiTokens(ctx, userId);
    const { items: hooks } = await listWebhooks(ctx, userId);
    const deliveries = await deliveriesOf(ctx.prisma, userId);
    const webhooks = hooks.map((webhook) => ({
      webhook,
      deliveries: deliveries
        .filter((d) => d.webhookId === webhook.id)
        .map((d) => ({ eventId: d.eventId, event: d.event, status: d.status, attempts: d.attempts, createdAt: d.createdAt.toISOString(), sentAt: d.sentAt?.toISOString() ?? null, lastError: d.lastError })),
    }));
    const { items: challenges } = await listChallenges(ctx, userId, { limit: 10_000 });
    const exportedAt = now.toISOString();
    const head = `{"exportedAt":${JSON.stringify(exportedAt)},"account":${JSON.stringify(presentUser(user, now))},"games":[`;
    const tail = `],"blocks":${JSON.stringify(blocks)},"emails":${JSON.stringify(emails)},"apiTokens":${JSON.stringify(apiTokens)},"webhooks":${JSON.stringify(webhooks)},"challenges":${JSON.stringify(challenges)}}`;
    async function* chunks(): AsyncGenerator<string> {
      try {
        yield head;
        for (let i = 0; i < ids.length; i++) {
          // Requests that came meanwhile go first.
          await new Promise((resolve) => setImmediate(resolve));
          yield `${i ? ',' : ''}${await gameForExport(ctx, userId, ids[i]!)}`;
        }
        yield tail;
      } finally {
        release();
      }
    }
    return { exportedAt, chunks: chunks() };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * One game of the export, as JSON text (a GameExport): what the API serves the player about it
 * (the game with their view, their log, the game's record as they may read it: their own side's
 * while it runs, the whole record once it is over).
 */
export async function gameForExport(ctx: ServiceContext, userId: string, gameId: string): Promise<string> {
  const { game } = await readGameAs(ctx, userId, gameId, {});
  const { entries } = await getLog(ctx, userId, gameId);
  const record = game!.status === 'open' ? 'null' : (await gameRecordJson(ctx, userId, gameId)).json;
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
  const emails = (await getGameEmails(ctx, userId, gameId)).email;
  return `{"game":${JSON.stringify(game)},"log":${JSON.stringify(entries)},"record":${record},"emails":${JSON.stringify(emails)},"messages":${JSON.stringify(messages)},"notes":${JSON.stringify(notes)}}`;
}
