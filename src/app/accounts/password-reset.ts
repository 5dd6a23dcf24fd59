// Password reset by email. Asking names an email address and always gets the same answer; if an
// account has it, an email goes out (through the outbox) with a link that works for an hour, once,
// whether the address is confirmed or not (email-confirmation.ts): its owner may take back an
// account someone registered with it, and the link, used, confirms it.
// The link's token is signed with a key of its own derived from the service secret and names the
// user and their token generation: setting the new password raises the generation, which spends
// the link and revokes every access token issued before (as a password change does).
import { timingSafeEqual } from 'node:crypto';
import { keyedMac } from '../keyed-mac.js';
import { confirmAddress, findUserByEmail, findUserById } from '../../store/users.js';
import { normaliseEmail, presentUser, revokeTokens, type SignedIn } from './accounts.js';
import type { ServiceContext } from '../context.js';
import { passwordResetEmail } from '../notify/email-templates.js';
import { AppError } from '../errors.js';
import { hashPassword } from './passwords.js';
import { forgiveSignInFailures } from './sign-in-throttle.js';

export const RESET_LINK_MS = 3600_000;
export const RESEND_WINDOW_MS = 5 * 60_000;
const NOBODY = '00000000-0000-0000-0000-000000000000';

const mac = (secret: string, payload: string) => keyedMac(secret, 'alea:password-reset:v1', payload);

export function resetToken(secret: string, userId: string, generation: number, expiresAt: Date): string {
  const payload = `${Buffer.from(userId).toString('base64url')}.${generation}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${mac(secret, payload)}`;
}

interface ResetClaim {
  userId: string;
  generation: number;
}

/** The claim of a well-formed, authentic, unexpired token; null otherwise. */
export function readResetToken(secret: string, token: string, now: Date): ResetClaim | null {
  const m = /^([\w-]{1,100})\.(\d{1,9})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(secret, `${m[1]}.${m[2]}.${m[3]}`));
  const got = Buffer.from(m[4]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (Number(m[3]) * 1000 <= now.getTime()) return null;
  return { userId: Buffer.from(m[1]!, 'base64url').toString(), generation: Number(m[2]) };
}

export function resetPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/v1/auth/password-reset/page?token=${token}`;
}

/** Sends a reset link if an account has this address; says nothing either way. */
export async function requestPasswordReset(ctx: ServiceContext, input: { email: string }): Promise<void> {
  const found = await findUserByEmail(ctx.prisma, normaliseEmail(input.email));
  // The same work either way up to the write (the HTTP layer also answers before any of it).
  const user = found ?? { id: NOBODY, tokenGeneration: 0, displayName: 'nobody', email: '', emailVerifiedAt: null };
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + RESET_LINK_MS);
  const url = resetPageUrl(ctx.config.publicUrl, resetToken(ctx.config.jwtSecret, user.id, user.tokenGeneration, expiresAt));
  const email = passwordResetEmail({ publicUrl: ctx.config.publicUrl, name: user.emailVerifiedAt === null ? null : user.displayName, url, expiresAt });
  if (!found) return;
  // Sent whatever the email preference: the user asked for it. At most one per account in each
  // window of RESEND_WINDOW_MS (the dedupe key), so nobody can flood a mailbox from many
  // addresses; any link sent works until one is used.
  const window = Math.floor(now.getTime() / RESEND_WINDOW_MS);
  await ctx.prisma.outboxEmail.createMany({
    data: [
      {
        kind: 'password-reset',
        dedupeKey: `password-reset:${user.id}:${window}`,
        toAddress: user.email,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        userId: user.id,
        nextAttemptAt: now,
        createdAt: now,
      },
    ],
    skipDuplicates: true,
  });
}

function invalidResetLink(): AppError {
  return new AppError('invalid_token', 'This reset link is not valid, has expired, or was used already: ask for a new one.', {
    errors: [{ in: 'body', path: '/token', message: 'is not valid, expired or used' }],
  });
}

// The claim of a token that would still set a password: authentic, unexpired, not yet spent.
async function usableClaim(ctx: ServiceContext, token: string): Promise<ResetClaim | null> {
  const claim = readResetToken(ctx.config.jwtSecret, token, ctx.clock.now());
  if (!claim) return null;
  const user = await findUserById(ctx.prisma, claim.userId);
  return user !== null && user.tokenGeneration === claim.generation ? claim : null;
}

/** Whether the link would still set a password (for the page: shows the form, uses nothing). */
export async function resetLinkUsable(ctx: ServiceContext, token: string): Promise<boolean> {
  return (await usableClaim(ctx, token)) !== null;
}

/** Sets the new password if the link is good; every earlier access token and link is revoked. */
export async function resetPassword(ctx: ServiceContext, input: { token: string; newPassword: string }): Promise<SignedIn> {
  const claim = await usableClaim(ctx, input.token);
  if (!claim) throw invalidResetLink();
  const passwordHash = await hashPassword(input.newPassword, ctx.security.password);
  const now = ctx.clock.now();
  // Only if the generation is still the link's: of two uses of one link, one wins.
  const updated = await revokeTokens(ctx, claim.userId, { passwordHash, whileGeneration: claim.generation, now });
  if (!updated) throw invalidResetLink();
  // The link proved the mailbox: the address is confirmed (if it was not: its owner takes back an
  // account someone registered with it), and failed sign-ins counted against it stop nobody now.
  await confirmAddress(ctx.prisma, updated.id, updated.email, now);
  await forgiveSignInFailures(ctx, updated.email);
  if (updated.emailVerifiedAt === null) updated.emailVerifiedAt = now;
  return { user: presentUser(updated, now), tokenGeneration: updated.tokenGeneration };
}
