// Correspondence time controls, as pure functions of the time (the worker, changes and vacations
// store their results on the seats; see docs/ratings.md, "Time controls").
//
// - When a role becomes pending, its deadline is now + daysPerMove days, plus the rest of its
//   player's vacation if they are on one. A game without a time limit has no deadline.
// - The reminder is due when 20% of the move's time is left: deadline - 0.2 x daysPerMove days.
// - The opponent is told at the deadline that they may claim the win (or extend).
// - An extension of n days gives n more days from the deadline, or from now if it has passed;
//   its reminder is due when 20% of those n days are left.
// - A move ABANDON_AFTER_DAYS past its deadline is abandoned (time-controls.ts).
import type { SeatClock } from '../../store/games.js';

export const DAY_MS = 24 * 3600 * 1000;
/** Days per move allowed when creating a game (or null: no time limit). */
export const MIN_DAYS_PER_MOVE = 1;
export const MAX_DAYS_PER_MOVE = 14;
/** The reminder goes out when this share of the move's time is left. */
export const REMINDER_SHARE = 0.2;
/** An extension adds 1 to this many days. */
export const MAX_EXTENSION_DAYS = 14;
/**
 * A move this many days past its deadline, with no move, claim or extension meanwhile, is
 * abandoned: the worker ends the game (time-controls.ts). As long as the longest extension.
 */
export const ABANDON_AFTER_DAYS = 14;

export const NO_CLOCK: SeatClock = { deadline: null, remindAt: null, overdueNoticeAt: null };

const at = (ms: number) => new Date(Math.round(ms));

/** The clock of a move that starts now. */
export function moveClock(now: Date, daysPerMove: number | null, vacationEndsAt: Date | null): SeatClock {
  if (daysPerMove === null) return NO_CLOCK;
  const pause = vacationEndsAt && vacationEndsAt > now ? vacationEndsAt.getTime() - now.getTime() : 0;
  const deadline = now.getTime() + daysPerMove * DAY_MS + pause;
  return { deadline: at(deadline), remindAt: at(deadline - REMINDER_SHARE * daysPerMove * DAY_MS), overdueNoticeAt: at(deadline) };
}

/** The clock after the opponent grants `days` more days. */
export function extendedClock(clock: SeatClock, now: Date, days: number): SeatClock {
  const from = Math.max(clock.deadline?.getTime() ?? now.getTime(), now.getTime());
  const deadline = from + days * DAY_MS;
  return { deadline: at(deadline), remindAt: at(deadline - REMINDER_SHARE * days * DAY_MS), overdueNoticeAt: at(deadline) };
}

/** When a late move with this deadline is abandoned. */
export function abandonAt(deadline: Date): Date {
  return new Date(deadline.getTime() + ABANDON_AFTER_DAYS * DAY_MS);
}

/** Has this seat's role abandoned the game: pending, ABANDON_AFTER_DAYS past its deadline? */
export function isAbandoned(seat: { role: string; deadline: Date | null }, pending: readonly string[], now: Date): boolean {
  return pending.includes(seat.role) && seat.deadline !== null && abandonAt(seat.deadline).getTime() <= now.getTime();
}

/** Is this seat's role late: pending, with a deadline that has passed? */
export function isOverdue(seat: { role: string; deadline: Date | null }, pending: readonly string[], now: Date): boolean {
  return pending.includes(seat.role) && seat.deadline !== null && seat.deadline.getTime() <= now.getTime();
}

export function sameClock(a: SeatClock, b: SeatClock): boolean {
  const t = (d: Date | null) => d?.getTime() ?? null;
  return t(a.deadline) === t(b.deadline) && t(a.remindAt) === t(b.remindAt) && t(a.overdueNoticeAt) === t(b.overdueNoticeAt);
}
