// The seats' move times after a change (see docs/ratings.md, "Time controls"): which roles' moves start,
// continue or end, and so which seats get a new deadline, reminder and overdue notice (clocks.ts).
import type { SeatClock, SeatRow } from '../../../store/games.js';
import { moveClock, NO_CLOCK, sameClock } from '../clocks.js';
import type { Decision } from './types.js';

/**
 * The seats after `decision` (the players' seats before it, the joining one included), the seats
 * whose clock or pending time changed, and the roles whose move starts now.
 */
export function seatClocks(
  players: SeatRow[],
  decision: Pick<Decision, 'role' | 'clocks'>,
  pendingBefore: readonly string[],
  pendingAfter: readonly string[],
  daysPerMove: number | null,
  now: Date,
): { seats: SeatRow[]; changedSeats: SeatRow[]; restarted: string[] } {
  // A role's move time runs from when it became pending, and keeps running while it stays
  // pending (several moves of one command count as one move). It starts again when the role
  // acts and must act again in a new situation (who must act changed: e.g. its discard is in
  // and now both must play a card). A move that starts gets a new deadline, reminder and
  // overdue notice (clocks.ts); a role that need not act has none.
  const sameSituation = pendingBefore.length === pendingAfter.length && pendingBefore.every((r) => pendingAfter.includes(r));
  const restarted: string[] = [];
  const seats = players.map((p) => {
    const pending = pendingAfter.includes(p.role);
    const continues = pendingBefore.includes(p.role) && p.pendingSince !== null && (p.role !== decision.role || sameSituation);
    if (pending && !continues) restarted.push(p.role);
    const pendingSince = pending ? (continues ? p.pendingSince : now) : null;
    let clock: SeatClock = !pending
      ? NO_CLOCK
      : continues
        ? { deadline: p.deadline, remindAt: p.remindAt, overdueNoticeAt: p.overdueNoticeAt }
        : moveClock(now, daysPerMove, p.user.vacationEndsAt);
    if (pending && decision.clocks?.[p.role]) clock = decision.clocks[p.role]!;
    return { ...p, pendingSince, ...clock };
  });
  const changedSeats = seats.filter((s, i) => {
    const before = players[i]!;
    return s.pendingSince?.getTime() !== before.pendingSince?.getTime() || !sameClock(s, before);
  });
  return { seats, changedSeats, restarted };
}
