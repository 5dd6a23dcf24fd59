// The emails Alea sends, as text and HTML. Every email is written from what its recipient may
// see: the game's public facts and the summary of the recipient's own view (never the state, never
// the other player's view), so nothing hidden can reach a mailbox. What a position's summary says
// (its date, the task, the prompt) is the game's own (its definition's `summary`).
import type { ViewSummary } from '../../engine/index.js';

export type { ViewSummary };

export interface EmailGame {
  /** Short public number shown as "#42". */
  number: number | string;
  title: string;
}

export interface EmailContext {
  publicUrl: string;
  game: EmailGame;
  gameId: string;
  recipient: { name: string; role: string };
  /** The summary of the recipient's own view (GameDefinition.summary). */
  view: ViewSummary;
  /** Signed one-click unsubscribe link for this recipient. */
  unsubscribeUrl: string;
}

export interface Email {
  subject: string;
  text: string;
  html: string;
  /** The heading and lines alone, without greeting, links or footer: what a webhook says (webhook-events.ts). */
  brief?: string;
}

/** Text made safe in HTML. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function gameLink(ctx: Pick<EmailContext, 'publicUrl' | 'gameId'>): string {
  return `${ctx.publicUrl}/games/${ctx.gameId}`;
}

function gameName(ctx: Pick<EmailContext, 'game'>): string {
  return `${ctx.game.title} #${ctx.game.number}`;
}

/** The prompt without its leading "Role: ", as an instruction to the recipient. */
function instruction(v: ViewSummary): string {
  const p = v.prompt || 'Open the game to see what to do.';
  const i = p.indexOf(': ');
  const text = i > 0 && i < 40 ? p.slice(i + 2) : p;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Quoted text of an email (the players' messages), written as text and as HTML by its caller. */
export interface Quoted {
  text: string[];
  html: string;
}

/**
 * An email about a game: greeting, heading, lines, what is `quoted` (ending with a blank line), a
 * button to `action` on the game's page, the footer (with its `footnote`).
 */
export function render(ctx: Omit<EmailContext, 'view'>, subject: string, heading: string, lines: string[], action: string, o: { quoted?: Quoted; footnote?: string } = {}): Email {
  const link = gameLink(ctx);
  const text = [
    `Hello ${ctx.recipient.name},`,
    '',
    heading,
    ...lines.map((l) => (l ? l : '')),
    ...(o.quoted ? ['', ...o.quoted.text] : ['']),
    `${action}: ${link}`,
    '',
    '-- ', // the signature separator (RFC 3676): mail programs show what follows as a footer
    `You are ${ctx.recipient.role} in ${gameName(ctx)} on Alea.`,
    `${o.footnote ? `${o.footnote} ` : ''}Email settings: ${ctx.publicUrl}/settings`,
    `Stop all emails from Alea: ${ctx.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Georgia, serif; max-width: 36em; margin: auto; color: #222">
<p>Hello ${esc(ctx.recipient.name)},</p>
<p><strong>${esc(heading)}</strong></p>
${lines.filter(Boolean).map((l) => `<p>${esc(l)}</p>`).join('\n')}${o.quoted ? `\n${o.quoted.html}` : ''}
<p><a href="${esc(link)}" style="display: inline-block; padding: .6em 1.2em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">${esc(action)}</a></p>
<p style="font-size: small; color: #666">You are ${esc(ctx.recipient.role)} in ${esc(gameName(ctx))} on Alea.${o.footnote ? ` ${esc(o.footnote)}` : ''}
<a href="${esc(ctx.publicUrl)}/settings">Email settings</a> ·
<a href="${esc(ctx.unsubscribeUrl)}">Stop all emails</a></p>
</body></html>
`;
  return { subject, text, html, brief: [heading, ...lines.filter(Boolean)].join('\n') };
}

/** "Mon, 05 Jan 2026 09:30 UTC": deadlines are shown in UTC (the recipient's zone is unknown). */
export function formatTime(d: Date): string {
  return d.toUTCString().replace(/:\d\d GMT$/, ' UTC');
}

/**
 * It has become the recipient's move. `news` are facts the recipient may know, to lead with
 * (the reveal, who joined); `deadline` is when the move is due (none without a time limit).
 */
export function yourMoveEmail(ctx: EmailContext, news: string[] = [], deadline: Date | null = null): Email {
  const w = ctx.view.when;
  const subject = `Your move: ${gameName(ctx)}${w ? ` — ${w}` : ''}, ${ctx.view.task}`;
  const due = deadline ? [`Your move is due by ${formatTime(deadline)}.`] : [];
  return render(ctx, subject, `It is your move in ${gameName(ctx)}${w ? ` (${w})` : ''}.`, [...news, instruction(ctx.view), ...due], 'Open the game');
}

/** Both sealed cards are in, for the player who does not act next. */
export function revealEmail(ctx: EmailContext, news: string[]): Email {
  const w = ctx.view.when;
  const p1 = ctx.view.p1 ? `: ${ctx.view.p1} is Player 1` : '';
  return render(ctx, `Cards revealed: ${gameName(ctx)}${w ? ` — ${w}` : ''}${p1}`, 'Both cards are in.', news, 'See the game');
}

export function opponentJoinedEmail(ctx: EmailContext, opponent: { name: string; role: string }): Email {
  return render(
    ctx,
    `${opponent.name} joined ${gameName(ctx)}`,
    `${opponent.name} has taken the seat of ${opponent.role}: the game has begun.`,
    [],
    'Open the game',
  );
}

/** A player's rating in a rated game's module before and after the game. */
export interface RatingChange {
  before: number;
  after: number;
}

/** "Your <game> rating: 1500 → 1662 (+162)." (whole points, as the pages show them) */
export function ratingLine(ctx: Pick<EmailContext, 'game'>, r: RatingChange): string {
  const before = Math.round(r.before);
  const after = Math.round(r.after);
  const change = after - before;
  return `Your ${ctx.game.title} rating: ${before} → ${after} (${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)}).`;
}

/**
 * The game is over (`rating`: the recipient's rating before and after, a rated game). With no
 * winner, a draw, unless the game ended without a result (both players abandoned it: `abandoned`)
 * or was aborted (ended before each side had made its first moves: the outcome says `aborted`).
 */
export function gameEndedEmail(
  ctx: EmailContext,
  outcome: { winner: string | null; reason: string; vp: Record<string, number>; aborted?: true },
  rating?: RatingChange | null,
  abandoned = false,
): Email {
  const result = outcome.aborted ? 'aborted, no result' : abandoned ? 'no result' : outcome.winner === null ? 'a draw' : outcome.winner === ctx.recipient.role ? 'you win' : `${outcome.winner} wins`;
  const vp = Object.entries(outcome.vp)
    .map(([r, n]) => `${r} ${n}`)
    .join(', ');
  return render(
    ctx,
    `Game over: ${gameName(ctx)} — ${result}`,
    `${gameName(ctx)} is over: ${result}.`,
    [capital(outcome.reason) + '.', vp ? `Final VP: ${vp}.` : '', rating ? ratingLine(ctx, rating) : ''],
    'See the final position',
  );
}

export function opponentResignedEmail(ctx: EmailContext, opponent: { name: string; role: string }, rating?: RatingChange | null): Email {
  return render(
    ctx,
    `${opponent.name} resigned ${gameName(ctx)}: you win`,
    `${opponent.name} (${opponent.role}) has resigned: you win.`,
    rating ? [ratingLine(ctx, rating)] : [],
    'See the final position',
  );
}

/** 20% of the recipient's move time is left. */
export function reminderEmail(ctx: EmailContext, deadline: Date): Email {
  const w = ctx.view.when;
  return render(
    ctx,
    `Reminder: your move in ${gameName(ctx)}${w ? ` — ${w}` : ''}`,
    `Your move in ${gameName(ctx)} is due by ${formatTime(deadline)}.`,
    [instruction(ctx.view), 'After the deadline your opponent may claim the game.'],
    'Open the game',
  );
}

/**
 * The recipient's opponent has missed the deadline: the recipient may claim the win or extend;
 * at `abandonAt` the game ends as abandoned by the late player (games/time-controls.ts).
 */
export function overdueEmail(ctx: EmailContext, late: { name: string; role: string }, deadline: Date, abandonAt: Date): Email {
  return render(
    ctx,
    `${late.name} ran out of time in ${gameName(ctx)}`,
    `${late.name} (${late.role}) has missed the deadline of ${formatTime(deadline)}.`,
    [
      'You may claim the win now, or give them more time. Until you do, they may still move.',
      `If they have not moved by ${formatTime(abandonAt)}, and you neither claim nor extend, the game ends as abandoned by them: you win.`,
    ],
    'Open the game',
  );
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A password reset link, asked for on the sign-in page (no game, no unsubscribe: it was asked for).
 * `name`: the account's, or null for an address not yet confirmed (which gets no text the account chose).
 */
export function passwordResetEmail(o: { publicUrl: string; name: string | null; url: string; expiresAt: Date }): Email {
  const subject = 'Reset your Alea password';
  const lines = [
    'Someone (we hope you) asked to reset the password of your Alea account.',
    `Choose a new one with this link before ${formatTime(o.expiresAt)}; it works once.`,
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  const hello = o.name === null ? 'Hello,' : `Hello ${o.name},`;
  const text = [hello, '', ...lines, '', `Choose a new password: ${o.url}`, '', '-- ', `Alea, ${o.publicUrl}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Georgia, serif; max-width: 36em; margin: auto; color: #222">
<p>${esc(hello)}</p>
${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}
<p><a href="${esc(o.url)}" style="display: inline-block; padding: .6em 1.2em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">Choose a new password</a></p>
<p style="font-size: small; color: #666">Alea, ${esc(o.publicUrl)}</p>
</body></html>
`;
  return { subject, text, html };
}

/**
 * The one email an address gets before it is confirmed: a link that confirms it. It names nobody:
 * the account's name is text its maker chose, and the address has not said it wants any.
 */
export function confirmationEmail(o: { publicUrl: string; url: string; expiresAt: Date; hours: number; change: boolean }): Email {
  const subject = 'Confirm your email address for Alea';
  const lines = [
    o.change
      ? 'Someone (we hope you) asked to use this address for an Alea account instead of its current one.'
      : 'Someone (we hope you) created an Alea account with this email address.',
    `Confirm it with this link before ${formatTime(o.expiresAt)} (${o.hours} hours); it works once.`,
    o.change
      ? 'Until you do, Alea keeps writing to the old address. If it was not you, ignore this email: nothing changes.'
      : 'Until you do, Alea sends this address no email about games. If you did not create an account on Alea, ignore this email: you will get no other.',
  ];
  const text = ['Hello,', '', ...lines, '', `Confirm this address: ${o.url}`, '', '-- ', `Alea, ${o.publicUrl}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Georgia, serif; max-width: 36em; margin: auto; color: #222">
<p>Hello,</p>
${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}
<p><a href="${esc(o.url)}" style="display: inline-block; padding: .6em 1.2em; background: #7a1f1f; color: #fff; text-decoration: none; border-radius: 4px">Confirm this address</a></p>
<p style="font-size: small; color: #666">Alea, ${esc(o.publicUrl)}</p>
</body></html>
`;
  return { subject, text, html };
}

/** To the old, confirmed address of an account whose address was changed (and the new one confirmed). */
export function emailChangedEmail(o: { publicUrl: string; name: string; newEmail: string }): Email {
  const subject = 'Your Alea email address was changed';
  const lines = [
    `The address of your Alea account is now ${o.newEmail}: Alea writes there from now on, and you sign in with it.`,
    'If you did not ask for this, someone else knows your password (the change needed it): ask whoever runs this Alea for help.',
  ];
  const text = [`Hello ${o.name},`, '', ...lines, '', '-- ', `Alea, ${o.publicUrl}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Georgia, serif; max-width: 36em; margin: auto; color: #222">
<p>Hello ${esc(o.name)},</p>
${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}
<p style="font-size: small; color: #666">Alea, ${esc(o.publicUrl)}</p>
</body></html>
`;
  return { subject, text, html };
}
