// Verified addresses (issue: registering with someone else's address and creating 600 games
// against the bot put 600 "your move" emails to it in the outbox). An account's address, and an
// address it asks to change to, is confirmed by a link emailed to it: until then Alea sends that
// address nothing but the confirmation itself and a password reset asked for (notifications.ts
// and digest.ts ask `emailConfirmed`), while the account plays as usual.
//
// A link's token is 256 random bits; only its SHA-256 is stored. It works once (every link of the
// account to that address is spent with it), for linkTtlMs (48 h). Sending links is rate limited
// per account (registration's counts): one every resendAfterMs (5 min) to one address, perDay a
// day (5) in all, 429 with Retry-After past them. And per address, whatever account asks (issue:
// nine fresh accounts mailed one stranger nine times in ten seconds): perAddressPerDay a day (3),
// and none while another account's link to it still works; registration's link past these is
// not sent (the account is made; its owner asks for the link again later). The email carries no
// text the asking account chose (no display name): its recipient has confirmed nothing yet.
// A changed address replaces the old one only once confirmed, and the old one, if it was
// confirmed, is told. A password reset to an unconfirmed address is sent (its owner takes back
// an account someone registered with their address) and, used, confirms it (password-reset.ts).
import { createHash, randomBytes } from 'node:crypto';
import { keyedMac } from '../keyed-mac.js';
import type { Prisma } from '../../store/prisma.js';
import { countSend, insertLink, linksSentSince, linksToAddress, lockLink, lockRecipient, spendLinks } from '../../store/email-confirmations.js';
import { EmailTaken, lockUser, updateUser, type User } from '../../store/users.js';
import type { ServiceContext } from '../context.js';
import { confirmationEmail, emailChangedEmail } from '../notify/email-templates.js';
import { accountGone, AppError } from '../errors.js';

const DAY_MS = 24 * 3600_000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function confirmationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${token}`;
}

function wait(until: number, now: Date, message: string): AppError {
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  return new AppError('rate_limited', `${message}; retry in ${seconds} s.`, { retryAfter: seconds });
}

/** "5 minutes", "1 minute", "30 seconds" */
function duration(ms: number): string {
  const [n, unit] = ms % 60_000 === 0 ? [ms / 60_000, 'minute'] : [Math.ceil(ms / 1000), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The address as confirmation_sends knows it: a keyed digest, never the address. */
const recipientKey = (secret: string, email: string) => keyedMac(secret, 'alea:confirmation-recipient:v1', email);

/**
 * Why no link may go to `email` now (whatever account asks), or null: the address's daily
 * links, and another account's link to it that still works. Holds the address's lock until the
 * transaction ends, so two accounts asking at once are counted one after the other.
 */
async function addressRefusal(tx: Prisma.TransactionClient, ctx: ServiceContext, userId: string, email: string, key: string, now: Date): Promise<AppError | null> {
  const { perAddressPerDay } = ctx.security.emailConfirmation;
  await lockRecipient(tx, key);
  const sent = await linksToAddress(tx, { recipientKey: key, email, userId, since: new Date(now.getTime() - DAY_MS), now });
  if (sent.othersWaitUntil) {
    return wait(sent.othersWaitUntil.getTime(), now, 'A confirmation link sent to this address for another account still works; no other is sent until it is used or expires');
  }
  if (sent.count >= perAddressPerDay && sent.first) return wait(sent.first.getTime() + DAY_MS, now, `At most ${perAddressPerDay} confirmation links a day are sent to one address`);
  return null;
}

/**
 * Emails a confirmation link for `email` to that address (in the transaction `tx`, which holds the
 * user's row lock). `limited`: refused (429) past the account's rate or the address's; without
 * it (registration), the link is not refused by the account's rate but counts, and past the
 * address's it is not sent. Returns whether it was sent.
 */
export async function sendConfirmationLink(tx: Prisma.TransactionClient, ctx: ServiceContext, user: Pick<User, 'id'>, email: string, o: { limited: boolean; change: boolean }): Promise<boolean> {
  const now = ctx.clock.now();
  const { linkTtlMs, resendAfterMs, perDay } = ctx.security.emailConfirmation;
  if (o.limited) {
    const sent = await linksSentSince(tx, user.id, new Date(now.getTime() - DAY_MS), email);
    if (sent.lastTo && now.getTime() - sent.lastTo.getTime() < resendAfterMs) {
      throw wait(sent.lastTo.getTime() + resendAfterMs, now, `A link was sent to this address less than ${duration(resendAfterMs)} ago: look for it (and in the spam folder)`);
    }
    if (sent.count >= perDay && sent.first) throw wait(sent.first.getTime() + DAY_MS, now, `At most ${perDay} links a day are sent to an account`);
  }
  const key = recipientKey(ctx.config.jwtSecret, email);
  const refusal = await addressRefusal(tx, ctx, user.id, email, key, now);
  if (refusal) {
    if (o.limited) throw refusal;
    return false;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + linkTtlMs);
  await insertLink(tx, { userId: user.id, email, tokenHash: digest(token), now, expiresAt, forgetBefore: new Date(now.getTime() - DAY_MS) });
  await countSend(tx, key, now, new Date(now.getTime() - DAY_MS));
  const url = confirmationUrl(ctx.config.publicUrl, token);
  const mail = confirmationEmail({ publicUrl: ctx.config.publicUrl, url, expiresAt, hours: Math.round(linkTtlMs / 3600_000), change: o.change });
  // Sent whatever the email preference (it was asked for), with no unsubscribe link (src/worker.ts).
  await tx.outboxEmail.create({
    data: { kind: 'email-confirmation', toAddress: email, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, userId: user.id, nextAttemptAt: now, createdAt: now },
  });
  return true;
}

/** Sends the link again: to the address waiting to replace the account's, or to the account's own. */
export async function resendConfirmation(ctx: ServiceContext, userId: string): Promise<void> {
  await ctx.prisma.$transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw accountGone();
    const email = user.pendingEmail ?? (user.emailVerifiedAt === null ? user.email : null);
    if (email === null) throw new AppError('conflict', 'Your address is confirmed already: there is nothing to confirm.');
    await sendConfirmationLink(tx, ctx, user, email, { limited: true, change: user.pendingEmail !== null });
  });
}

function invalidLink(ctx: ServiceContext): AppError {
  const hours = Math.round(ctx.security.emailConfirmation.linkTtlMs / 3600_000);
  return new AppError('invalid_token', `This confirmation link is not valid, has expired (a link works for ${hours} hours) or was used already: ask for a new one from your Alea home page.`, {
    errors: [{ in: 'body', path: '/token', message: 'is not valid, expired or used' }],
  });
}

/**
 * The link's token confirms its address: the account's own, or the one waiting to replace it
 * (which then does, and the old address, if confirmed, is told). Needs no sign-in: the link proves
 * the mailbox. Returns the address confirmed.
 */
export async function confirmEmail(ctx: ServiceContext, token: string): Promise<{ email: string }> {
  if (!/^[\w-]{43}$/.test(token)) throw invalidLink(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    const link = await lockLink(tx, digest(token));
    if (!link || link.usedAt !== null || link.expiresAt.getTime() <= now.getTime()) throw invalidLink(ctx);
    const user = await lockUser(tx, link.userId);
    if (!user) throw invalidLink(ctx);
    if (user.email === link.email) {
      if (user.emailVerifiedAt === null) await updateUser(tx, user.id, { emailVerifiedAt: now, now });
    } else if (user.pendingEmail === link.email) {
      try {
        await updateUser(tx, user.id, { email: link.email, emailVerifiedAt: now, pendingEmail: null, now });
      } catch (err) {
        if (err instanceof EmailTaken) throw new AppError('email_taken', 'Another account has taken this address meanwhile.', { errors: [{ in: 'body', path: '/token', message: 'confirms an address another account has' }] });
        throw err;
      }
      if (user.emailVerifiedAt !== null) {
        const mail = emailChangedEmail({ publicUrl: ctx.config.publicUrl, name: user.displayName, newEmail: link.email });
        await tx.outboxEmail.create({
          data: { kind: 'email-changed', toAddress: user.email, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, userId: user.id, nextAttemptAt: now, createdAt: now },
        });
      }
    } else {
      // The address is neither the account's nor waiting to be: it changed since the link was sent.
      throw invalidLink(ctx);
    }
    await spendLinks(tx, user.id, link.email, now);
    return { email: link.email };
  });
}
