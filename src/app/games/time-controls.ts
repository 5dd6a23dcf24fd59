// Correspondence time controls: claiming a win on time, giving a late opponent more time, and
// the worker's job that sends reminders and overdue notices when they are due. The deadlines
// themselves are set by every change (change/seat-clocks.ts, with clocks.ts) and moved by
// vacations (vacation.ts); everything lives in the database, so a restart forgets nothing.
//
// - A claim is allowed to a seated player whose opponent is pending past its deadline, and who
//   is not late themselves; it ends the game (a `timeout` log entry) with the claimant as
//   winner. Until someone claims, the late player may still move.
// - An extension (`extend` log entry) gives a pending opponent 1-14 more days (clocks.ts).
// - The job locks one game at a time with SKIP LOCKED (several workers share the work and never
//   take the same game; a change in progress is skipped until the next round), re-reads it, and
//   in one transaction enqueues the emails and clears the seats' remindAt/overdueNoticeAt, so
//   each is sent once per move. A reminder found only after its deadline (the worker was down)
//   is dropped in favour of the overdue notice. The overdue notice goes to each opponent who
//   could claim (not late themselves).
import type { Config } from '../../config/config.js';
import { findGame, lockGameWithDueClock, postponeDueClocks, updateSeatClocks, type SeatClock } from '../../store/games.js';
import type { Prisma, PrismaClient } from '../../store/prisma.js';
import { changeAsPlayer } from './change/change.js';
import type { Clock } from '../clock.js';
import { extendedClock, isOverdue } from './clocks.js';
import type { ServiceContext } from '../context.js';
import { formatTime, overdueEmail, reminderEmail } from '../notify/email-templates.js';
import { AppError } from '../errors.js';
import type { Answer, IdempotencyKey } from './idempotency.js';
import { outboxRow, wants } from '../notify/notifications.js';
import { moduleOf, publicVp, type GameResource } from './present.js';
import { currentState } from './history.js';

export async function claimTimeout(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: { version?: number },
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  return changeAsPlayer(ctx, { userId, gameId, version: input.version, ...(idempotency && { idempotency }) }, (g, role) => {
    const { players, pending } = g.row;
    const late = players.filter((p) => p.role !== role && isOverdue(p, pending, g.now));
    if (late.length === 0) {
      const waiting = players.filter((p) => p.role !== role && pending.includes(p.role));
      const due = waiting.map((p) => p.deadline).filter((d): d is Date => d !== null);
      const why =
        waiting.length === 0
          ? 'Your opponent is not to move now.'
          : due.length === 0
            ? 'This game has no time limit.'
            : `Your opponent's move is due by ${formatTime(new Date(Math.min(...due.map((d) => d.getTime()))))}; you may claim after that.`;
      throw new AppError('not_overdue', `Your opponent is not overdue. ${why}`);
    }
    const mine = players.find((p) => p.role === role)!;
    if (isOverdue(mine, pending, g.now)) throw new AppError('conflict', 'You are past your own deadline: move first, then you may claim.');
    const lateRole = late[0]!.role;
    const winners = g.module.roles.filter((r) => r !== lateRole);
    return {
      kind: 'timeout',
      role,
      action: { late: lateRole },
      state: g.state,
      outcome: { winner: winners.length === 1 ? winners[0]! : role, reason: `${lateRole} ran out of time`, vp: publicVp(g.module, g.state) },
    };
  });
}

export async function extendTime(
  ctx: ServiceContext,
  userId: string,
  gameId: string,
  input: { days: number; version?: number },
  idempotency?: IdempotencyKey,
): Promise<Answer<GameResource>> {
  return changeAsPlayer(ctx, { userId, gameId, version: input.version, ...(idempotency && { idempotency }) }, (g, role) => {
    if (g.row.daysPerMove === null) throw new AppError('conflict', 'This game has no time limit.');
    const targets = g.row.players.filter((p) => p.role !== role && g.row.pending.includes(p.role) && p.deadline !== null);
    if (targets.length === 0) throw new AppError('conflict', 'Your opponent is not to move now: there is no deadline to extend.');
    const clocks: Record<string, SeatClock> = {};
    for (const t of targets) clocks[t.role] = extendedClock(t, g.now, input.days);
    return {
      kind: 'extend',
      role,
      action: { roles: targets.map((t) => t.role), days: input.days },
      state: g.state,
      clocks,
    };
  });
}

export interface ClockJobDeps {
  prisma: PrismaClient;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
  /** Told about a game that could not be handled (it is retried RETRY_LATER_MS later). */
  onError?: (gameId: string, err: unknown) => void;
}

/** How long a game whose reminders could not be handled waits before the next try. */
export const RETRY_LATER_MS = 15 * 60_000;

/**
 * Enqueues the reminders and overdue notices that are due, one game per transaction, up to
 * `limit` games; returns how many games it handled (0: nothing is due).
 */
export async function runDueClocks(deps: ClockJobDeps, limit = 20): Promise<number> {
  let handled = 0;
  while (handled < limit) {
    let locked: string | null = null;
    try {
      const found = await deps.prisma.$transaction(async (tx) => {
        const now = deps.clock.now();
        locked = await lockGameWithDueClock(tx, now);
        if (!locked) return false;
        await handleGame(tx, deps, locked, now);
        return true;
      });
      if (!found) break;
    } catch (err) {
      if (locked === null) throw err;
      // One game must not hold up the others (it could be picked first every time): its due
      // times move on a little, and the error is reported.
      deps.onError?.(locked, err);
      await postponeDueClocks(deps.prisma, locked, deps.clock.now(), RETRY_LATER_MS);
    }
    handled++;
  }
  return handled;
}

async function handleGame(tx: Prisma.TransactionClient, deps: ClockJobDeps, id: string, now: Date): Promise<void> {
  const row = (await findGame(tx, id))!;
  const module = moduleOf(row);
  const state = currentState(module, row.snapshot);
  const game = { id: row.id, number: row.number, title: module.title };
  const rows: Prisma.OutboxEmailCreateManyInput[] = [];
  const updates: (SeatClock & { role: string })[] = [];
  const due = (d: Date | null) => d !== null && d.getTime() <= now.getTime();

  for (const seat of row.players) {
    if (!due(seat.remindAt) && !due(seat.overdueNoticeAt)) continue;
    const clock: SeatClock = { deadline: seat.deadline, remindAt: seat.remindAt, overdueNoticeAt: seat.overdueNoticeAt };
    if (!row.pending.includes(seat.role) || state === null) {
      // Not pending: nothing to remind (change/seat-clocks.ts clears these; this only tidies up).
      updates.push({ role: seat.role, deadline: null, remindAt: null, overdueNoticeAt: null });
      continue;
    }
    if (due(seat.remindAt)) {
      if (seat.deadline && !due(seat.deadline) && wants(seat, 'reminder')) {
        const deadline = seat.deadline;
        rows.push(
          outboxRow(deps.config, {
            game,
            module,
            state,
            seat,
            kind: 'reminder',
            dedupeKey: `reminder:${game.id}:${seat.role}:${deadline.toISOString()}`,
            now,
            build: (ctx) => reminderEmail(ctx, deadline),
          }),
        );
      }
      clock.remindAt = null;
    }
    if (due(seat.overdueNoticeAt) && seat.deadline) {
      const deadline = seat.deadline;
      for (const other of row.players) {
        if (other.role === seat.role || isOverdue(other, row.pending, now) || !wants(other, 'overdue')) continue;
        const late = { name: seat.user.displayName, role: seat.role };
        rows.push(
          outboxRow(deps.config, {
            game,
            module,
            state,
            seat: other,
            kind: 'overdue',
            dedupeKey: `overdue:${game.id}:${seat.role}:${deadline.toISOString()}:${other.role}`,
            now,
            build: (ctx) => overdueEmail(ctx, late, deadline),
          }),
        );
      }
      clock.remindAt = null;
      clock.overdueNoticeAt = null;
    } else if (due(seat.overdueNoticeAt)) {
      clock.overdueNoticeAt = null;
    }
    updates.push({ role: seat.role, ...clock });
  }
  if (rows.length) await tx.outboxEmail.createMany({ data: rows, skipDuplicates: true });
  await updateSeatClocks(tx, row.id, updates);
}
