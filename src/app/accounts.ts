// Accounts: register, sign in, read and change my account. Tokens are the HTTP layer's business
// (src/http/auth.ts); this layer proves who someone is and returns the user.
import { AppError } from './errors.js';
import type { ServiceContext } from './context.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { createUser, EmailTaken, findUserByEmail, findUserById, updateUser, type User } from '../store/users.js';

/** The account as its owner sees it (never the password hash). */
export interface UserView {
  id: string;
  email: string;
  name: string;
  notifications: { email: boolean };
  createdAt: string;
}

export function presentUser(u: User): UserView {
  return { id: u.id, email: u.email, name: u.displayName, notifications: { email: u.emailNotifications }, createdAt: u.createdAt.toISOString() };
}

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
const normaliseName = (name: string): string => name.trim().replace(/\s+/g, ' ');

export async function register(ctx: ServiceContext, input: { email: string; password: string; name: string }): Promise<UserView> {
  const passwordHash = await hashPassword(input.password, ctx.security.password);
  try {
    const user = await createUser(ctx.prisma, {
      email: normaliseEmail(input.email),
      displayName: normaliseName(input.name),
      passwordHash,
      now: ctx.clock.now(),
    });
    return presentUser(user);
  } catch (err) {
    if (err instanceof EmailTaken) {
      throw new AppError('email_taken', 'An account with this email address exists already; sign in instead.', {
        errors: [{ in: 'body', path: '/email', message: 'is already registered' }],
      });
    }
    throw err;
  }
}

export async function login(ctx: ServiceContext, input: { email: string; password: string }): Promise<UserView> {
  const user = await findUserByEmail(ctx.prisma, normaliseEmail(input.email));
  // Same work, same answer, whether the account exists or not.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash(ctx.security.password)));
  if (!user || !ok) throw new AppError('invalid_credentials', 'The email address or the password is wrong.');
  return presentUser(user);
}

export async function getMe(ctx: ServiceContext, userId: string): Promise<UserView> {
  const user = await findUserById(ctx.prisma, userId);
  if (!user) throw new AppError('unauthorized', 'This account no longer exists.');
  return presentUser(user);
}

export async function updateMe(
  ctx: ServiceContext,
  userId: string,
  input: { name?: string; notifications?: { email?: boolean } },
): Promise<UserView> {
  const user = await updateUser(ctx.prisma, userId, {
    ...(input.name !== undefined && { displayName: normaliseName(input.name) }),
    ...(input.notifications?.email !== undefined && { emailNotifications: input.notifications.email }),
    now: ctx.clock.now(),
  });
  if (!user) throw new AppError('unauthorized', 'This account no longer exists.');
  return presentUser(user);
}
