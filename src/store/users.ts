// Accounts in Postgres. Emails arrive here already normalised (trimmed, lower-cased).
import { Prisma } from './generated/prisma/client.js';
import type { User } from './generated/prisma/client.js';
import type { Db } from './games.js';

export type { User };

/** Thrown by createUser when the email is taken (the unique index decides, not a prior read). */
export class EmailTaken extends Error {}

export async function createUser(db: Db, data: { email: string; displayName: string; passwordHash: string; now: Date }): Promise<User> {
  try {
    return await db.user.create({
      data: { email: data.email, displayName: data.displayName, passwordHash: data.passwordHash, createdAt: data.now, updatedAt: data.now },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw new EmailTaken();
    throw err;
  }
}

export function findUserByEmail(db: Db, email: string): Promise<User | null> {
  return db.user.findUnique({ where: { email } });
}

export function findUserById(db: Db, id: string): Promise<User | null> {
  return db.user.findUnique({ where: { id } });
}

export async function updateUser(
  db: Db,
  id: string,
  data: { displayName?: string; emailNotifications?: boolean; now: Date },
): Promise<User | null> {
  const { now, ...changes } = data;
  try {
    return await db.user.update({ where: { id }, data: { ...changes, updatedAt: now } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2025') return null;
    throw err;
  }
}
