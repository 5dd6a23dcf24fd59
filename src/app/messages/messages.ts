// The message thread of a game, between its players: plain text as its author wrote it (trimmed,
// at most MESSAGE_MAX characters, no control characters but newlines), numbered 1, 2, 3... per
// game, read a page at a time with a cursor (the numbers), and told live on the game's event
// stream (a `message` event with the number only, to the players: it does not change the game's
// version). Observers read nothing until the game is over, and then only a public game's.
//
// Nothing of the game's state goes into a message or its event: a message is only what its
// author typed (no system text), and the answer names only its author and their role.
//
// A player may turn the messages of one game off (then nobody writes in it: each side is told
// why), or block the other player (src/app/blocks/: then neither writes to the other, and the
// blocker no longer reads what the other wrote). Each author may send MESSAGES_PER_MINUTE a
// minute across all games (429 with Retry-After past it). Emails: message-emails.ts.
import { nothingVisible } from '../visible-text.js';
import { findGameSummary, type GameRow, type SeatRow } from '../../store/games.js';
import { findReader, findReaders, insertMessage, lastMessageSeq, markSeen, pageOfMessages, recentMessageTimes, setReaderOff, unreadCounts, type MessageRow } from '../../store/messages.js';
import { lockUser } from '../../store/users.js';
import { blocksBetween } from '../../store/blocks.js';
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';
import { botRoleOf, canSee, moduleOf, roleOf } from '../games/present.js';
import { notFound } from '../games/change/checks.js';
import { requireNoBlock } from '../blocks/blocks.js';
import { enqueueMessageEmails, messageWebhookEvents } from './message-emails.js';

/** The longest message, in characters (code points), after trimming. */
export const MESSAGE_MAX = 2_000;
/** Messages one author may send in a minute, across all games. */
export const MESSAGES_PER_MINUTE = 10;
const PAGE_DEFAULT = 50;

export interface GameMessage {
  seq: number;
  author: { id: string; name: string; handle: string };
  role: string;
  text: string;
  createdAt: string;
}

export interface MessagePage {
  items: GameMessage[];
  /** Older messages exist (ask with `before` = the first item's seq). */
  earlier: boolean;
  /** Newer messages exist (ask with `after` = the last item's seq). */
  later: boolean;
  /** Whether the caller may write now, and if not, why (for a person). */
  canSend: boolean;
  reason: string | null;
  /** The other players' messages the caller has still not read (null: a watcher, who has none). */
  unreadMessages: number | null;
}

export interface MessageQueryInput {
  after?: number;
  before?: number;
  limit?: number;
  /** false: read without marking the page read (a page nobody may be looking at). */
  markRead?: boolean;
}

export function presentMessage(m: MessageRow): GameMessage {
  return { seq: m.seq, author: { id: m.authorId, name: m.authorName, handle: m.authorHandle }, role: m.role, text: m.body, createdAt: m.createdAt.toISOString() };
}

const FINISHED = new Set(['finished', 'abandoned']);

/** The game of a thread as the caller may see it (404 otherwise), with the caller's role (null: watching). */
async function gameFor(ctx: ServiceContext, userId: string, gameId: string): Promise<{ row: GameRow; role: string | null }> {
  const row = await findGameSummary(ctx.prisma, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  return { row, role: roleOf(row, userId) };
}

/** The other people seated at the game. */
const othersOf = (row: GameRow, userId: string): SeatRow[] => row.players.filter((p) => p.userId !== userId);

/** Why the caller may not write in this game now (null: they may). */
async function cannotSend(ctx: ServiceContext, row: GameRow, userId: string, role: string | null): Promise<{ code: 'forbidden' | 'conflict' | 'blocked' | 'messages_off'; reason: string } | null> {
  if (role === null) return { code: 'forbidden', reason: 'Only the players of a game write in its messages.' };
  if (botRoleOf(moduleOf(row), row.options) !== null) return { code: 'conflict', reason: 'This game is played against the bot, which reads no messages.' };
  if (row.computer) return { code: 'conflict', reason: 'This game is played against the computer, which reads no messages.' };
  const others = othersOf(row, userId);
  if (others.length === 0) return { code: 'conflict', reason: 'Nobody has joined this game yet: there is no one to write to.' };
  const readers = await findReaders(ctx.prisma, row.id, [userId, ...others.map((o) => o.userId)]);
  if (readers.get(userId)?.off) return { code: 'messages_off', reason: 'You have turned the messages of this game off: turn them on to write.' };
  for (const o of others) {
    if (readers.get(o.userId)?.off) return { code: 'messages_off', reason: `${o.user.displayName} has turned the messages of this game off.` };
    const b = await blocksBetween(ctx.prisma, userId, o.userId);
    if (b.aBlockedB) return { code: 'blocked', reason: 'You have blocked this player: unblock them (Settings) to write to them.' };
    if (b.bBlockedA) return { code: 'blocked', reason: 'This player does not take messages from you.' };
  }
  return null;
}

/** How many of the game's messages the player has not read (only what they may read: see unreadCounts). */
async function unreadOf(ctx: ServiceContext, userId: string, gameId: string): Promise<number> {
  return (await unreadCounts(ctx.prisma, userId, [gameId])).get(gameId) ?? 0;
}

/** Marks the player's reading up to `seq`; if it moved, their own stream tells their other pages (messagesRead). */
async function markRead(ctx: ServiceContext, userId: string, gameId: string, seq: number): Promise<void> {
  if (await markSeen(ctx.prisma, gameId, userId, seq)) ctx.events.publish({ id: gameId, version: 0, read: seq, users: [userId] });
}

/** A page of the game's messages (the newest, unless a cursor says otherwise); a player's read marks them seen unless told not to. */
export async function listMessages(ctx: ServiceContext, userId: string, gameId: string, input: MessageQueryInput): Promise<MessagePage> {
  const { row, role } = await gameFor(ctx, userId, gameId);
  if (role === null && !(row.visibility === 'public' && FINISHED.has(row.status))) {
    throw new AppError('forbidden', 'The messages of a game are for its players; watchers read them once a public game is over.');
  }
  const page = await pageOfMessages(ctx.prisma, {
    gameId,
    readerId: userId,
    ...(input.after !== undefined && { after: input.after }),
    ...(input.before !== undefined && { before: input.before }),
    limit: input.limit ?? PAGE_DEFAULT,
  });
  const last = page.items[page.items.length - 1];
  if (role !== null && last && input.markRead !== false) await markRead(ctx, userId, gameId, last.seq);
  const refusal = await cannotSend(ctx, row, userId, role);
  return {
    items: page.items.map(presentMessage),
    earlier: page.earlier,
    later: page.later,
    canSend: refusal === null,
    reason: refusal?.reason ?? null,
    unreadMessages: role === null ? null : await unreadOf(ctx, userId, gameId),
  };
}

/**
 * A player has seen the game's messages up to `through` (a page shown with markRead=false, then
 * looked at): marked read as a read of them would; what is still unread. Only a player has
 * anything unread; a message that does not exist yet cannot have been seen.
 */
export async function markMessagesRead(ctx: ServiceContext, userId: string, gameId: string, input: { through: number }): Promise<{ unreadMessages: number }> {
  const { role } = await gameFor(ctx, userId, gameId);
  if (role === null) throw new AppError('forbidden', 'You are watching this game, not playing it: nothing in its messages is unread for you.');
  const last = await lastMessageSeq(ctx.prisma, gameId);
  if (input.through > last) {
    const detail = last === 0 ? 'This game has no message yet.' : `This game's last message is number ${last}.`;
    throw new AppError('validation_failed', `${detail} Mark read only messages you have seen.`, { errors: [{ in: 'body', path: '/through', message: `is past the game's last message (${last})` }] });
  }
  await markRead(ctx, userId, gameId, input.through);
  return { unreadMessages: await unreadOf(ctx, userId, gameId) };
}

// Characters a message may not hold: control characters but the newline (escapes, NUL, tabs that
// break the layout), lone surrogates, and bidirectional overrides (text that reads as other text).
const FORBIDDEN = /[\p{Cs}\u202a-\u202e\u2066-\u2069]|(?![\n])\p{Cc}/u;

/** The text as stored: newlines as \n, NFC, trimmed; a 400 naming /text if it cannot be a message (one of only invisible characters is empty). */
export function messageText(raw: string): string {
  const refuse = (message: string) => new AppError('validation_failed', `This message ${message}.`, { errors: [{ in: 'body', path: '/text', message }] });
  const text = raw.replace(/\r\n?/g, '\n').normalize('NFC').trim();
  if (FORBIDDEN.test(text)) throw refuse('contains a control or formatting character (only line breaks are allowed)');
  if (nothingVisible(text)) throw refuse('is empty');
  const length = [...text].length;
  if (length > MESSAGE_MAX) throw refuse(`is longer than ${MESSAGE_MAX} characters (${length})`);
  return text;
}

/** A player writes to the others: checks, then the message, its emails and its event. */
export async function postMessage(ctx: ServiceContext, userId: string, gameId: string, input: { text: string }): Promise<GameMessage> {
  const text = messageText(input.text);
  const { row, role } = await gameFor(ctx, userId, gameId);
  const refusal = await cannotSend(ctx, row, userId, role);
  if (refusal) throw new AppError(refusal.code, refusal.reason);
  const others = othersOf(row, userId);
  const message = await ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    // The author's row lock: their messages queue, so the rate counts every one of them.
    const author = await lockUser(tx, userId);
    if (!author) throw accountGone();
    const times = await recentMessageTimes(tx, userId, new Date(now.getTime() - 60_000), MESSAGES_PER_MINUTE);
    if (times.length >= MESSAGES_PER_MINUTE) {
      const seconds = Math.max(1, Math.ceil((times[times.length - 1]!.getTime() + 60_000 - now.getTime()) / 1000));
      throw new AppError('rate_limited', `You may send at most ${MESSAGES_PER_MINUTE} messages a minute; retry in ${seconds} s.`, { retryAfter: seconds, limit: MESSAGES_PER_MINUTE });
    }
    for (const o of others) await requireNoBlock(tx, userId, o.userId, 'message');
    const seq = await insertMessage(tx, { gameId, authorId: userId, role: role!, body: text, now });
    const message: MessageRow = { seq, authorId: userId, authorName: author.displayName, authorHandle: author.handle ?? '', role: role!, body: text, createdAt: now };
    await enqueueMessageEmails(tx, ctx.config, { row, recipients: others, message, now });
    await messageWebhookEvents(tx, ctx.config, { row, recipients: others, message, now });
    return message;
  });
  ctx.events.publish({
    id: gameId,
    version: 0,
    message: message.seq,
    author: userId,
    users: row.players.map((p) => p.userId),
    ...(row.visibility === 'public' && FINISHED.has(row.status) && { everyone: true as const }),
  });
  return presentMessage(message);
}

/** My switch for this game's messages: off, nobody writes in it (and no message emails come). */
export interface MessageSettings {
  on: boolean;
}

async function seatOf(ctx: ServiceContext, userId: string, gameId: string): Promise<void> {
  const { role } = await gameFor(ctx, userId, gameId);
  if (role === null) throw new AppError('forbidden', 'You are watching this game, not playing it: it has no messages to turn off for you.');
}

export async function getMessageSettings(ctx: ServiceContext, userId: string, gameId: string): Promise<MessageSettings> {
  await seatOf(ctx, userId, gameId);
  return { on: !(await findReader(ctx.prisma, gameId, userId)).off };
}

export async function setMessageSettings(ctx: ServiceContext, userId: string, gameId: string, input: MessageSettings): Promise<MessageSettings> {
  await seatOf(ctx, userId, gameId);
  await setReaderOff(ctx.prisma, gameId, userId, !input.on);
  return { on: input.on };
}
