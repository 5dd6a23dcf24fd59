// A player's private notepad for a game (wargamers keep there what they have worked out about
// the enemy's hidden blocks): read and written by that player only, never shown to anyone else,
// not even once the game is over. Plain text, at most NOTES_MAX characters.
import { findGameSummary } from '../../store/games.js';
import { findNote, saveNote } from '../../store/messages.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { canSee, roleOf } from '../games/present.js';
import { notFound } from '../games/change/checks.js';

/** The longest notepad, in characters (code points). */
export const NOTES_MAX = 20_000;

export interface Notes {
  text: string;
  /** When the player last saved it; null: never. */
  updatedAt: string | null;
}

async function requirePlayer(ctx: ServiceContext, userId: string, gameId: string): Promise<void> {
  const row = await findGameSummary(ctx.prisma, gameId);
  if (!row || !canSee(row, userId)) throw notFound();
  if (roleOf(row, userId) === null) throw new AppError('forbidden', 'Only the players of a game keep notes in it.');
}

// Control characters but line breaks and tabs; lone surrogates (which PostgreSQL refuses).
const FORBIDDEN = /\p{Cs}|(?![\n\t])\p{Cc}/u;

export async function getNotes(ctx: ServiceContext, userId: string, gameId: string): Promise<Notes> {
  await requirePlayer(ctx, userId, gameId);
  const note = await findNote(ctx.prisma, gameId, userId);
  return { text: note?.body ?? '', updatedAt: note?.updatedAt.toISOString() ?? null };
}

export async function putNotes(ctx: ServiceContext, userId: string, gameId: string, input: { text: string }): Promise<Notes> {
  const text = input.text.replace(/\r\n?/g, '\n');
  const refuse = (message: string) => new AppError('validation_failed', `These notes ${message}.`, { errors: [{ in: 'body', path: '/text', message }] });
  if (FORBIDDEN.test(text)) throw refuse('contain a control character (only line breaks and tabs are allowed)');
  if ([...text].length > NOTES_MAX) throw refuse(`are longer than ${NOTES_MAX} characters`);
  await requirePlayer(ctx, userId, gameId);
  const now = ctx.clock.now();
  await saveNote(ctx.prisma, gameId, userId, text, now);
  return { text, updatedAt: now.toISOString() };
}
