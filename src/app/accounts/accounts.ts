// Accounts: register, sign in, read and change my account (name, email preference, vacation,
// address), change my password, sign out on this device or everywhere. Tokens are the HTTP layer's business
// (src/http/auth.ts); this layer proves who someone is and returns the user with the generation
// a new token must carry (raising it revokes every earlier token), and decides whether a token
// still stands (its generation, and whether it was signed out on its own).
import { accountGone, AppError } from '../errors.js';
import type { ServiceContext } from '../context.js';
import type { Revocation } from '../events.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { nothingVisible } from '../visible-text.js';
import { sendConfirmationLink } from './email-confirmation.js';
import { admitSignIn } from './sign-in-throttle.js';
import { currentVacation, endVacation, startVacation, vacationDaysLeft, type VacationView } from './vacation.js';
import {
  createUser,
  EmailTaken,
  findUserByEmail,
  findUserById,
  lockUser,
  renewCredentials,
  revokeToken,
  tokenStatus,
  updateUser,
  type EmailPreference,
  type User,
  type UserChanges,
} from '../../store/users.js';

/** The account as its owner sees it (never the password hash). */
export interface UserView {
  id: string;
  email: string;
  /** Whether its owner confirmed `email` (until then Alea sends it no email about games). */
  emailConfirmed: boolean;
  /** An address asked for, waiting for its confirmation to replace `email`. */
  pendingEmail: string | null;
  name: string;
  /** My name in links (/players/<handle>). */
  handle: string;
  notifications: { email: EmailPreference };
  vacation: VacationView | null;
  vacationDaysLeft: number;
  createdAt: string;
  /** A bot account (src/app/bot-accounts/). */
  bot: boolean;
}

export function presentUser(u: User, now: Date): UserView {
  return {
    id: u.id,
    email: u.email,
    emailConfirmed: u.emailVerifiedAt !== null,
    pendingEmail: u.pendingEmail,
    name: u.displayName,
    handle: u.handle ?? u.displayName,
    notifications: { email: u.emailPreference },
    vacation: currentVacation(u, now),
    vacationDaysLeft: vacationDaysLeft(u, now),
    createdAt: u.createdAt.toISOString(),
    bot: u.botSince !== null,
  };
}

/** A proven identity: the account, and the generation of the tokens it may be given now. */
export interface SignedIn {
  user: UserView;
  tokenGeneration: number;
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

// Display names are shown to other players, in emails and logs: no control characters (NUL
// broke the database; escapes and newlines forge log lines and email text), no lone surrogates,
// no bidirectional overrides (text that displays as another name), and something visible.
const FORBIDDEN_IN_NAME = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;
const NAME_MAX = 50;

/** The name as stored (NFC, spaces collapsed); a 400 naming /name if it cannot be a name. */
export function normaliseName(name: string): string {
  const refuse = (message: string) => new AppError('validation_failed', `This display name ${message}.`, { errors: [{ in: 'body', path: '/name', message }] });
  if (FORBIDDEN_IN_NAME.test(name)) throw refuse('contains a control or formatting character');
  const n = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (nothingVisible(n)) throw refuse('has no visible character');
  if ([...n].length > NAME_MAX) throw refuse(`is longer than ${NAME_MAX} characters`);
  return n;
}

function emailTaken(): AppError {
  return new AppError('email_taken', 'An account with this email address exists already; sign in instead.', {
    errors: [{ in: 'body', path: '/email', message: 'is already registered' }],
  });
}

/** A new account, signed in; its address gets a confirmation link (email-confirmation.ts) and nothing else until confirmed. */
export async function register(ctx: ServiceContext, input: { email: string; password: string; name: string }): Promise<SignedIn> {
  const displayName = normaliseName(input.name);
  const passwordHash = await hashPassword(input.password, ctx.security.password);
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const now = ctx.clock.now();
      const user = await createUser(tx, { email: normaliseEmail(input.email), displayName, passwordHash, now });
      await sendConfirmationLink(tx, ctx, user, user.email, { limited: false, change: false });
      return { user: presentUser(user, now), tokenGeneration: user.tokenGeneration };
    });
  } catch (err) {
    if (err instanceof EmailTaken) throw emailTaken();
    throw err;
  }
}

/** Signs in; `address` is the client's (failed sign-ins are throttled per account and address: sign-in-throttle.ts). */
export async function login(ctx: ServiceContext, input: { email: string; password: string }, address: string): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const now = ctx.clock.now();
  // In the database: a guesser on many client addresses or many instances still waits.
  const attempt = await admitSignIn(ctx, { email, address }, now);
  const user = await findUserByEmail(ctx.prisma, email);
  // Same work, same answer, whether the account exists or not.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash(ctx.security.password)));
  if (!user || !ok) {
    await attempt.failed();
    throw new AppError('invalid_credentials', 'The email address or the password is wrong.');
  }
  await attempt.succeeded();
  return { user: presentUser(user, now), tokenGeneration: user.tokenGeneration };
}

function wrongPassword(): AppError {
  return new AppError('wrong_password', 'The current password is wrong.', { errors: [{ in: 'body', path: '/currentPassword', message: 'is not your password' }] });
}

/**
 * Proves a signed-in user's password for a change that asks for it (the password, the address,
 * the account's deletion), throttled as sign-ins are (sign-in-throttle.ts: per account and client
 * address, in the database): a stolen token is not a way to guess the password either (issue: 30
 * wrong passwords from 3 addresses, then the right one, changed it). A wrong one counts as a
 * failed sign-in; `wrong` is its error.
 */
export async function provePassword(ctx: ServiceContext, user: Pick<User, 'email' | 'passwordHash'>, password: string, address: string, wrong: () => AppError = wrongPassword): Promise<void> {
  const attempt = await admitSignIn(ctx, { email: user.email, address }, ctx.clock.now());
  if (!(await verifyPassword(password, user.passwordHash))) {
    await attempt.failed();
    throw wrong();
  }
  await attempt.succeeded();
}

/** What a request's access token says of itself (src/http/auth.ts). */
export interface TokenClaims {
  userId: string;
  /** The token's id: its jti, or a digest of a token issued without one. */
  tokenId: string;
  generation: number;
  expiresAt: Date;
  /** What it may do (src/app/api-tokens/scopes.ts): every scope for a session token, the chosen ones for a personal token. */
  scopes: readonly string[];
  /** A personal API token's id (src/app/api-tokens/); absent for a session token. */
  personalTokenId?: string;
}

/**
 * Whether this token still stands: the account exists, has not revoked its tokens since (its
 * generation), and this token was not signed out on its own. Read from the database in one
 * statement, or remembered for a few seconds (token-generations.ts).
 */
export async function tokenStands(ctx: ServiceContext, token: Pick<TokenClaims, 'userId' | 'tokenId' | 'generation'>): Promise<'ok' | 'gone' | 'revoked' | 'signed-out'> {
  const memory = ctx.tokenGenerations;
  let current = memory.get(token.userId);
  let revoked = memory.tokenRevoked(token.tokenId);
  if (current === undefined || revoked === undefined) {
    const read = await tokenStatus(ctx.prisma, token.userId, token.tokenId);
    memory.remember(token.userId, read.generation);
    memory.rememberToken(token.tokenId, read.revoked);
    // A revocation may have landed meanwhile.
    current = memory.get(token.userId) ?? read.generation;
    revoked = memory.tokenRevoked(token.tokenId) ?? read.revoked;
  }
  if (current === null) return 'gone';
  if (current !== token.generation) return 'revoked';
  return revoked ? 'signed-out' : 'ok';
}

/** This process's memory takes in a revocation (made here, or announced by another instance). */
export function rememberRevocation(ctx: ServiceContext, r: Revocation): void {
  if (r.generation !== undefined) ctx.tokenGenerations.remember(r.userId, r.generation);
  if (r.tokenId !== undefined) ctx.tokenGenerations.rememberToken(r.tokenId, true);
}

/**
 * Renews the user's credentials (store's renewCredentials: every token issued so far revoked),
 * tells this process's memory at once, so no revoked token passes here, and announces it, so
 * every instance refuses them and ends their event streams.
 */
export async function revokeTokens(ctx: ServiceContext, userId: string, data: Parameters<typeof renewCredentials>[2]): Promise<User | null> {
  const updated = await renewCredentials(ctx.prisma, userId, data);
  if (updated) {
    const revocation = { userId, generation: updated.tokenGeneration };
    rememberRevocation(ctx, revocation);
    ctx.events.publishRevocation(revocation);
  }
  return updated;
}

/** Signs out this token only ("sign out on this device"), on every instance; the user's other tokens stand. */
export async function signOut(ctx: ServiceContext, token: TokenClaims): Promise<void> {
  await revokeToken(ctx.prisma, { tokenId: token.tokenId, userId: token.userId, expiresAt: token.expiresAt, now: ctx.clock.now() });
  const revocation = { userId: token.userId, tokenId: token.tokenId };
  rememberRevocation(ctx, revocation);
  ctx.events.publishRevocation(revocation);
}

/** A new password, proven by the current one; every token issued before is revoked. */
export async function changePassword(ctx: ServiceContext, userId: string, input: { currentPassword: string; newPassword: string }, address: string): Promise<SignedIn> {
  const user = await findUserById(ctx.prisma, userId);
  if (!user) throw accountGone();
  await provePassword(ctx, user, input.currentPassword, address);
  const passwordHash = await hashPassword(input.newPassword, ctx.security.password);
  const now = ctx.clock.now();
  const updated = await revokeTokens(ctx, userId, { passwordHash, now });
  if (!updated) throw accountGone();
  return { user: presentUser(updated, now), tokenGeneration: updated.tokenGeneration };
}

/** Revokes every access token of the user, the one used for this request included. */
export async function signOutEverywhere(ctx: ServiceContext, userId: string): Promise<void> {
  if (!(await revokeTokens(ctx, userId, { now: ctx.clock.now() }))) throw accountGone();
}

/**
 * Asks to change the account's address, proven by the password: the new address gets a link, and
 * replaces the old one when it is confirmed; until then Alea keeps writing to the old one.
 */
export async function changeEmail(ctx: ServiceContext, userId: string, input: { email: string; currentPassword: string }, address: string): Promise<UserView> {
  const email = normaliseEmail(input.email);
  const found = await findUserById(ctx.prisma, userId);
  if (!found) throw accountGone();
  await provePassword(ctx, found, input.currentPassword, address);
  if (email === found.email) throw new AppError('conflict', 'This is your address already.', { errors: [{ in: 'body', path: '/email', message: 'is your address already' }] });
  if (await findUserByEmail(ctx.prisma, email)) throw emailTaken();
  return ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    const user = await lockUser(tx, userId);
    if (!user) throw accountGone();
    await sendConfirmationLink(tx, ctx, user, email, { limited: true, change: true });
    return presentUser((await updateUser(tx, userId, { pendingEmail: email, now }))!, now);
  });
}

export async function getMe(ctx: ServiceContext, userId: string): Promise<UserView> {
  const user = await findUserById(ctx.prisma, userId);
  if (!user) throw accountGone();
  return presentUser(user, ctx.clock.now());
}

export interface UpdateMeInput {
  name?: string;
  notifications?: { email?: EmailPreference };
  /** Start a vacation of `days` days now, or (null) end the current one. */
  vacation?: { days: number } | null;
}

export async function updateMe(ctx: ServiceContext, userId: string, input: UpdateMeInput): Promise<UserView> {
  const displayName = input.name === undefined ? undefined : normaliseName(input.name);
  return ctx.prisma.$transaction(async (tx) => {
    const now = ctx.clock.now();
    const user = await lockUser(tx, userId);
    if (!user) throw accountGone();
    let vacation: Omit<UserChanges, 'now'> = {};
    if (input.vacation === null) vacation = await endVacation(tx, user, now);
    else if (input.vacation !== undefined) vacation = await startVacation(tx, user, input.vacation.days, now);
    const updated = await updateUser(tx, userId, {
      ...(displayName !== undefined && { displayName }),
      ...(input.notifications?.email !== undefined && { emailPreference: input.notifications.email }),
      ...vacation,
      now,
    });
    if (!updated) throw accountGone();
    return presentUser(updated, now);
  });
}

/** The one-click unsubscribe (RFC 8058): this user gets no more email. */
export async function unsubscribeUser(ctx: ServiceContext, userId: string): Promise<boolean> {
  const user = await updateUser(ctx.prisma, userId, { emailPreference: 'none', now: ctx.clock.now() });
  return user !== null;
}
