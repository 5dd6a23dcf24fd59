// Messages by email. Two rules (issue 29):
//  - a message rides along in the next email its recipient gets about the game anyway (a "your
//    move", a reveal, the end...): the outbox worker asks amendEmail() just before it sends any
//    email about a game, which adds the messages the recipient has neither read nor been emailed;
//  - a message alone emails its recipient only if they have had no email about this game for
//    MESSAGE_QUIET_MS (30 minutes), and never while they are watching the game's page: posting
//    enqueues a `message` email (one pending per recipient and game, however many messages come),
//    due a little later (MESSAGE_EMAIL_DELAY_MS, so that a few lines written in a row go
//    together); when it is due, amendEmail() postpones it while the recipient watches the game,
//    until 30 minutes after their last email about it, or while another email about the game is
//    on its way to them (the messages ride along on that one), and drops it if nothing is left
//    to tell (read on the page, or emailed with another email meanwhile).
// Only to players who want it: a confirmed address, the preference `all` (messages are not moves),
// the game's emails not muted, the game's messages not turned off; an email says only what the
// messages' authors wrote, with their names and roles.
import type { Config } from '../../config/config.js';
import type { GameRow, SeatRow } from '../../store/games.js';
import { markEmailed, unnotifiedMessages, type MessageRow } from '../../store/messages.js';
import type { Prisma, PrismaClient } from '../../store/prisma.js';
import type { Clock } from '../clock.js';
import { esc, formatTime, gameLink, render, type Email, type Quoted } from '../notify/email-templates.js';
import { enqueueWebhookEvents } from '../../store/webhooks.js';
import { unsubscribeUrl } from '../notify/unsubscribe.js';
import { moduleOf } from '../games/present.js';
import { findReaders } from '../../store/messages.js';

/** A message-only email waits this long after the message (a few lines in a row go together). */
export const MESSAGE_EMAIL_DELAY_MS = 2 * 60_000;
/** A message-only email goes only if the recipient had no email about the game for this long. */
export const MESSAGE_QUIET_MS = 30 * 60_000;
/** While the recipient watches the game, a message-only email is asked again this much later. */
export const MESSAGE_WATCHING_RETRY_MS = 2 * 60_000;
/** At most this many messages are quoted in one email (the newest); the others are counted. */
const MESSAGES_PER_EMAIL = 20;

export const MESSAGE_KIND = 'message';

/** Does this player want an email of messages about this game (before their switch for its messages)? */
function wantsMessageEmails(seat: SeatRow): boolean {
  return seat.emailNotifications && seat.user.emailConfirmed && seat.user.emailPreference === 'all';
}

export interface MessagesEmailContext {
  publicUrl: string;
  gameId: string;
  game: { number: number; title: string };
  recipient: { name: string; role: string };
  unsubscribeUrl: string;
}

/** The quoted messages, as text lines and as HTML. */
function quote(messages: MessageRow[], total: number): Quoted {
  const text: string[] = [];
  const html: string[] = [];
  if (total > messages.length) {
    const earlier = `(${total - messages.length} earlier message${total - messages.length === 1 ? '' : 's'} on the game's page)`;
    text.push(earlier, '');
    html.push(`<p style="color: #666">${esc(earlier)}</p>`);
  }
  for (const m of messages) {
    const who = `${m.authorName} (${m.role}), ${formatTime(m.createdAt)}:`;
    text.push(who, ...m.body.split('\n').map((l) => `> ${l}`), '');
    html.push(
      `<p style="margin-bottom: 0"><strong>${esc(m.authorName)}</strong> (${esc(m.role)}), ${esc(formatTime(m.createdAt))}:</p>`,
      `<blockquote style="margin: .2em 0 1em 0; padding-left: .8em; border-left: 3px solid #ccc; white-space: pre-wrap">${esc(m.body)}</blockquote>`,
    );
  }
  return { text, html: html.join('\n') };
}

/** Who wrote: "Gnaeus" (one author) or "Gnaeus and Marcus". */
const authors = (messages: MessageRow[]) => [...new Set(messages.map((m) => m.authorName))].join(' and ');

/** An email of messages alone. */
export function messagesEmail(ctx: MessagesEmailContext, messages: MessageRow[], total: number): Email {
  const name = `${ctx.game.title} #${ctx.game.number}`;
  const count = total === 1 ? 'a message' : `${total} messages`;
  return render(ctx, `${authors(messages)} wrote ${count} in ${name}`, `${authors(messages)} wrote in ${name}:`, [], "Answer on the game's page", {
    quoted: quote(messages, total),
    footnote: "The game's page can turn its messages off.",
  });
}

/**
 * A message for the other players' `message` webhooks (issue 42), in the message's transaction:
 * the message email's words and the message quoted (each recipient may read it). Not for a
 * player who turned the game's messages off; not held back as the emails are (a webhook is
 * meant to be told at once).
 */
export async function messageWebhookEvents(
  tx: Prisma.TransactionClient,
  config: Pick<Config, 'publicUrl'>,
  o: { row: GameRow; recipients: SeatRow[]; message: MessageRow; now: Date },
): Promise<void> {
  if (o.recipients.length === 0) return;
  const readers = await findReaders(tx, o.row.id, o.recipients.map((s) => s.userId));
  const game = { number: o.row.number, title: moduleOf(o.row).title };
  const rows = o.recipients
    .filter((seat) => !readers.get(seat.userId)?.off)
    .map((seat) => {
      const email = messagesEmail({ publicUrl: config.publicUrl, gameId: o.row.id, game, recipient: { name: seat.user.displayName, role: seat.role }, unsubscribeUrl: '' }, [o.message], 1);
      const q = quote([o.message], 1);
      return {
        userId: seat.userId,
        event: 'message',
        dedupeKey: `message:${o.row.id}:${o.message.seq}:${seat.userId}`,
        payload: {
          subject: email.subject,
          text: [email.brief ?? email.subject, ...q.text].join('\n').trim(),
          url: gameLink({ publicUrl: config.publicUrl, gameId: o.row.id }),
          game: { id: o.row.id, number: o.row.number, title: game.title, role: seat.role },
        },
      };
    });
  await enqueueWebhookEvents(tx, rows, o.now);
}

/** Another email about the game with the messages added before its footer. */
export function withMessages(mail: { subject: string; text: string; html: string | null }, messages: MessageRow[], total: number): { subject: string; text: string; html: string | null } {
  const q = quote(messages, total);
  const heading = `${authors(messages)} wrote meanwhile:`;
  const section = ['', heading, '', ...q.text].join('\n');
  // Before the signature separator (RFC 3676) of the text, and the small footer of the HTML.
  const sig = mail.text.lastIndexOf('\n-- \n');
  const text = sig >= 0 ? `${mail.text.slice(0, sig)}\n${section}${mail.text.slice(sig)}` : `${mail.text}\n${section}`;
  let html = mail.html;
  if (html !== null) {
    const block = `<p><strong>${esc(heading)}</strong></p>\n${q.html}\n`;
    const footer = html.lastIndexOf('<p style="font-size: small');
    const end = html.lastIndexOf('</body>');
    const at = footer >= 0 ? footer : end >= 0 ? end : html.length;
    html = html.slice(0, at) + block + html.slice(at);
  }
  return { ...mail, text, html };
}

/**
 * In the transaction that stores a message: a `message` email to each recipient who wants one,
 * unless one is pending already (its key names what they had read or been emailed: one row until
 * an email goes or they read). Its body is written again when it is sent (amendEmail).
 */
export async function enqueueMessageEmails(tx: Prisma.TransactionClient, config: Pick<Config, 'publicUrl' | 'jwtSecret'>, o: { row: GameRow; recipients: SeatRow[]; message: MessageRow; now: Date }): Promise<void> {
  const wanting = o.recipients.filter(wantsMessageEmails);
  if (wanting.length === 0) return;
  const readers = await findReaders(tx, o.row.id, wanting.map((s) => s.userId));
  const game = { number: o.row.number, title: moduleOf(o.row).title };
  const rows = [];
  for (const seat of wanting) {
    const r = readers.get(seat.userId);
    if (r?.off) continue;
    const through = Math.max(r?.seenThrough ?? 0, r?.emailedThrough ?? 0);
    const email = messagesEmail(
      { publicUrl: config.publicUrl, gameId: o.row.id, game, recipient: { name: seat.user.displayName, role: seat.role }, unsubscribeUrl: unsubscribeUrl(config.publicUrl, config.jwtSecret, seat.userId) },
      [o.message],
      1,
    );
    rows.push({
      kind: MESSAGE_KIND,
      dedupeKey: `${MESSAGE_KIND}:${o.row.id}:${seat.userId}:${through}`,
      toAddress: seat.user.email,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      userId: seat.userId,
      gameId: o.row.id,
      nextAttemptAt: new Date(o.now.getTime() + MESSAGE_EMAIL_DELAY_MS),
      createdAt: o.now,
    });
  }
  if (rows.length) await tx.outboxEmail.createMany({ data: rows, skipDuplicates: true });
}

/** An outbox row about to be sent, as the worker has it. */
export interface RowToAmend {
  id: bigint;
  kind: string;
  user_id: string | null;
  game_id: string | null;
}

export interface AmendContext {
  prisma: PrismaClient;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
}

/**
 * Just before an email about a game goes to one of its players: the messages it carries (see
 * the header), as src/mail/mail-worker.ts's Amendment: sent with them, dropped, postponed, or null
 * (sent as it is).
 */
export async function amendEmail(ctx: AmendContext, row: RowToAmend, mail: { subject: string; text: string; html: string | null }) {
  if (!row.game_id || !row.user_id) return null;
  const gameId = row.game_id;
  const userId = row.user_id;
  const alone = row.kind === MESSAGE_KIND;
  const found = await unnotifiedMessages(ctx.prisma, gameId, userId, MESSAGES_PER_EMAIL);
  const messages = found.off || !found.seated ? [] : found.messages;
  if (!alone) {
    if (messages.length === 0) return null;
    return { send: withMessages(mail, messages, found.total), sent: () => markEmailed(ctx.prisma, gameId, userId, messages[messages.length - 1]!.seq) };
  }
  if (messages.length === 0) return { drop: 'the messages were read, emailed with another email, or turned off' };
  const now = ctx.clock.now();
  const [state] = await ctx.prisma.$queryRaw<{ watching: boolean; last_sent: Date | null; other_pending: boolean; number: number; module: string; role: string | null; name: string | null }[]>`
    SELECT EXISTS (SELECT 1 FROM game_presence gp WHERE gp.user_id = ${userId}::uuid AND gp.game_id = ${gameId}::uuid AND gp.expires_at > ${now}) AS watching,
           (SELECT max(o.sent_at) FROM outbox o WHERE o.user_id = ${userId}::uuid AND o.game_id = ${gameId}::uuid AND o.status = 'sent') AS last_sent,
           EXISTS (SELECT 1 FROM outbox o WHERE o.user_id = ${userId}::uuid AND o.game_id = ${gameId}::uuid AND o.status = 'pending'
                     AND o.kind <> ${MESSAGE_KIND} AND o.id <> ${row.id}) AS other_pending,
           g.number, g.module,
           (SELECT p.role FROM game_players p WHERE p.game_id = g.id AND p.user_id = ${userId}::uuid) AS role,
           (SELECT u.display_name FROM users u WHERE u.id = ${userId}::uuid) AS name
      FROM games g WHERE g.id = ${gameId}::uuid`;
  if (!state || state.role === null) return { drop: 'the game or the seat is gone' };
  if (state.watching) return { postponeUntil: new Date(now.getTime() + MESSAGE_WATCHING_RETRY_MS), why: 'the recipient is watching the game' };
  if (state.other_pending) return { postponeUntil: new Date(now.getTime() + MESSAGE_WATCHING_RETRY_MS), why: 'another email about the game is on its way (the messages ride along)' };
  if (state.last_sent && state.last_sent.getTime() + MESSAGE_QUIET_MS > now.getTime()) {
    return { postponeUntil: new Date(state.last_sent.getTime() + MESSAGE_QUIET_MS), why: 'the recipient was emailed about the game less than 30 minutes ago' };
  }
  const email = messagesEmail(
    {
      publicUrl: ctx.config.publicUrl,
      gameId,
      game: { number: Number(state.number), title: moduleOf({ module: state.module }).title },
      recipient: { name: state.name ?? '', role: state.role },
      unsubscribeUrl: unsubscribeUrl(ctx.config.publicUrl, ctx.config.jwtSecret, userId),
    },
    messages,
    found.total,
  );
  return { send: email, sent: () => markEmailed(ctx.prisma, gameId, userId, messages[messages.length - 1]!.seq) };
}
