// Vacations: a player may pause their clocks for up to VACATION_DAYS_PER_YEAR days a calendar
// year (UTC; a vacation counts for the year it starts in).
//
// - Starting one (n days, from now) pushes back by n days the deadlines of the player's pending
//   seats that have not passed yet (with their reminders and overdue notices); a move that
//   starts during the vacation gets the rest of the vacation added to its deadline (clocks.ts).
//   A deadline that has already passed stays passed: a vacation does not rescue a late move.
// - Ending it early takes the unused part back from those deadlines and gives back the unused
//   whole days (a day begun counts as taken).
// - One vacation at a time.
import { DAY_MS } from '../games/clocks.js';
import { AppError } from '../errors.js';
import { shiftSeatDeadlines, type User, type UserChanges } from '../../store/users.js';
import type { Prisma } from '../../store/prisma.js';

export const VACATION_DAYS_PER_YEAR = 21;

export interface VacationView {
  startedAt: string;
  endsAt: string;
}

export function currentVacation(u: User, now: Date): VacationView | null {
  if (!u.vacationStartedAt || !u.vacationEndsAt || u.vacationEndsAt.getTime() <= now.getTime()) return null;
  return { startedAt: u.vacationStartedAt.toISOString(), endsAt: u.vacationEndsAt.toISOString() };
}

function usedThisYear(u: User, now: Date): number {
  return u.vacationYear === now.getUTCFullYear() ? u.vacationDaysUsed : 0;
}

export function vacationDaysLeft(u: User, now: Date): number {
  return Math.max(0, VACATION_DAYS_PER_YEAR - usedThisYear(u, now));
}

/** Starts a vacation of `days` days now (under the user's row lock); returns the user's changes. */
export async function startVacation(tx: Prisma.TransactionClient, u: User, days: number, now: Date): Promise<Omit<UserChanges, 'now'>> {
  const current = currentVacation(u, now);
  if (current) throw new AppError('conflict', `You are on vacation until ${current.endsAt}; end it first (vacation: null) to start another.`);
  const left = vacationDaysLeft(u, now);
  if (days > left) {
    throw new AppError('validation_failed', `You have ${left} vacation ${left === 1 ? 'day' : 'days'} left this year (${VACATION_DAYS_PER_YEAR} a year).`, {
      errors: [{ in: 'body', path: '/vacation/days', message: `exceeds the ${left} vacation ${left === 1 ? 'day' : 'days'} left this year` }],
    });
  }
  await shiftSeatDeadlines(tx, u.id, now, days * DAY_MS);
  return {
    vacationStartedAt: now,
    vacationEndsAt: new Date(now.getTime() + days * DAY_MS),
    vacationYear: now.getUTCFullYear(),
    vacationDaysUsed: usedThisYear(u, now) + days,
  };
}

/** Ends the current vacation now, if any (under the user's row lock); returns the user's changes. */
export async function endVacation(tx: Prisma.TransactionClient, u: User, now: Date): Promise<Omit<UserChanges, 'now'>> {
  if (!currentVacation(u, now)) return {};
  const started = u.vacationStartedAt!.getTime();
  const ends = u.vacationEndsAt!.getTime();
  const remaining = ends - now.getTime();
  // The seats it pushed back are those whose deadline is at or after its end.
  await shiftSeatDeadlines(tx, u.id, u.vacationEndsAt!, -remaining);
  const planned = Math.round((ends - started) / DAY_MS);
  const taken = Math.ceil((now.getTime() - started) / DAY_MS);
  const giveBack = Math.max(0, planned - taken);
  return { vacationEndsAt: now, vacationDaysUsed: Math.max(0, u.vacationDaysUsed - giveBack) };
}
