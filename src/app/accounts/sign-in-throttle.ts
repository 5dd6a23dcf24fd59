// Failed sign-ins, so that guessing a password is slow and an attacker cannot lock the owner out
// (issue: six failures from anywhere used to make the right password wait up to 15 minutes).
// Failures count per (account, client source) with a small budget and a doubling wait, and per
// account with a much higher ceiling; the ceiling stops only sources the owner has not signed in
// from lately, so the owner at home or on their phone's network is never stopped by failures from
// elsewhere. A password reset (its link proves the mailbox) clears every count of the account, and
// the reset itself is never throttled by failed sign-ins. Unknown addresses are counted alike.
//
// The source is a keyed digest (under JWT_SECRET) of the client address, IPv6 by its /64 (what
// one subscriber usually holds): no address is stored in the clear.
import { keyedMac } from '../keyed-mac.js';
import { isIPv4, isIPv6 } from 'node:net';
import { clearLoginFailures, loginThrottle, recordLoginFailure, recordLoginSuccess } from '../../store/login-throttle.js';
import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';

/** The address as a source: IPv4 as it is (also when mapped into IPv6), IPv6 by its first 64 bits. */
export function sourceOf(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const [head, tail] = plain.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function sourceKey(secret: string, address: string): string {
  return keyedMac(secret, 'alea:sign-in-source:v1', sourceOf(address)).slice(0, 22);
}

function tooManyFailures(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('rate_limited', `Too many failed sign-ins to this account; retry in ${seconds} s, or reset your password.`, { retryAfter: seconds });
}

export interface SignInAttempt {
  email: string;
  /** The client's address, as the server sees it (request.ip). */
  address: string;
}

/** Refuses (429) an attempt whose source must wait; otherwise returns how to record its outcome. */
export async function admitSignIn(ctx: ServiceContext, attempt: SignInAttempt, now: Date): Promise<{ failed(): Promise<void>; succeeded(): Promise<void> }> {
  const { email } = attempt;
  const source = sourceKey(ctx.config.jwtSecret, attempt.address);
  const s = ctx.security;
  const state = await loginThrottle(ctx.prisma, email, source, now);
  if (state.sourceBlockedUntil) throw tooManyFailures(state.sourceBlockedUntil, now);
  const trusted = state.signedInAt !== null && state.signedInAt.getTime() > now.getTime() - s.loginTrustMs;
  if (state.accountBlockedUntil && !trusted) throw tooManyFailures(state.accountBlockedUntil, now);
  return {
    failed: () => recordLoginFailure(ctx.prisma, email, source, now, { perSource: s.loginBackoff, perAccount: s.loginCeiling, trustMs: s.loginTrustMs }),
    succeeded: () => recordLoginSuccess(ctx.prisma, email, source, now),
  };
}

/** A password reset proved the owner: every failure counted against the address is forgotten. */
export function forgiveSignInFailures(ctx: ServiceContext, email: string): Promise<void> {
  return clearLoginFailures(ctx.prisma, email);
}
