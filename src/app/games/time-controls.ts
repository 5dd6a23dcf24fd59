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
// - Abandonment: a move ABANDON_AFTER_DAYS (14) past its deadline, with no move, claim or
//   extension meanwhile, ends the game (runAbandonments, another job of the worker's round,
//   through the change path like any ending: a `timeout` entry `{late, abandoned: true}` made by
//   no user): the late player loses, as on a claim. If the opponent is late too, the game waits
//   until both are that late, then ends without a result (status abandoned, never rated: both
//   abandoned it). The seat's overdue_notice_at, once the notice is sent, is when the worker
//   looks again: the abandonment's time.
import type { Config } from '../../config/config.js';
import { findGame, gamesAbandoned, lockGameWithDueClock, postponeDueClocks, postponeLateSeat, updateSeatClocks, type SeatClock } from '../../store/games.js';
import type { Prisma, PrismaClient } from '../../store/prisma.js';
import { changeAsPlayer, changeGame } from './change/change.js';
import { ending } from './change/ending.js';
import type { Clock } from '../clock.js';
import { abandonAt, ABANDON_AFTER_DAYS, DAY_MS, extendedClock, isAbandoned, isOverdue } from './clocks.js';
import type { ServiceContext } from '../context.js';
import { formatTime, overdueEmail, reminderEmail } from '../notify/email-templates.js';
import { AppError } from '../errors.js';
import type { Answer, IdempotencyKey } from './idempotency.js';
import { outboxRow, wants } from '../notify/notifications.js';
import { gameOf, publicVp, type GameResource } from './present.js';
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
      ...ending(g.module, g.state, { winner: winners.length === 1 ? winners[0]! : role, reason: `${lateRole} ran out of time`, vp: publicVp(g.module, g.state) }),
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
        locked = await lockGameWithDueClock(tx, now, new Date(now.getTime() - ABANDON_AFTER_DAYS * DAY_MS));
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
  const definition = gameOf(row);
  const module = definition.module;
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
    if (isAbandoned(seat, row.pending, now)) {
      // The abandonment job's (runAbandonments); a reminder left is long stale.
      if (seat.remindAt !== null) updates.push({ role: seat.role, ...clock, remindAt: null });
      continue;
    }
    if (due(seat.remindAt)) {
      if (seat.deadline && !due(seat.deadline) && wants(seat, 'reminder')) {
        const deadline = seat.deadline;
        rows.push(
          outboxRow(deps.config, {
            game,
            definition,
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
            definition,
            state,
            seat: other,
            kind: 'overdue',
            dedupeKey: `overdue:${game.id}:${seat.role}:${deadline.toISOString()}:${other.role}`,
            now,
            build: (ctx) => overdueEmail(ctx, late, deadline, abandonAt(deadline)),
          }),
        );
      }
      clock.remindAt = null;
      // The next look at this late move: its abandonment.
      clock.overdueNoticeAt = abandonAt(deadline);
    } else if (due(seat.overdueNoticeAt)) {
      clock.overdueNoticeAt = null;
    }
    updates.push({ role: seat.role, ...clock });
  }
  if (rows.length) await tx.outboxEmail.createMany({ data: rows, skipDuplicates: true });
  await updateSeatClocks(tx, row.id, updates);
}

/** Thrown inside an abandonment's change to leave it without writing anything. */
class NotAbandoned extends Error {
  constructor(readonly until: { role: string; at: Date } | null) {
    super('not abandoned');
  }
}

/**
 * The worker's job: ends the games where a move has been ABANDON_AFTER_DAYS past its deadline
 * (see the header), one change each, decided under the game's lock on the game as it is then
 * (a move, claim or extension that came first wins). Returns the games ended.
 */
export async function runAbandonments(ctx: ServiceContext, onError: (gameId: string, err: unknown) => void, limit = 20): Promise<number> {
  const now = ctx.clock.now();
  const due = await gamesAbandoned(ctx.prisma, now, new Date(now.getTime() - ABANDON_AFTER_DAYS * DAY_MS), limit);
  let ended = 0;
  for (const gameId of due) {
    const row = await findGame(ctx.prisma, gameId);
    if (!row) continue;
    try {
      await changeGame(ctx, { userId: row.createdById, gameId }, (g) => {
        const { players, pending } = g.row;
        if (g.row.status !== 'active') throw new NotAbandoned(null);
        const gone = players.filter((p) => isAbandoned(p, pending, g.now));
        if (gone.length === 0) throw new NotAbandoned(null);
        // An opponent late too, but not yet that late: wait for them (then both abandoned it).
        const lateToo = players.filter((p) => !gone.includes(p) && isOverdue(p, pending, g.now));
        if (lateToo.length > 0) {
          const at = new Date(Math.max(...lateToo.map((p) => abandonAt(p.deadline!).getTime())));
          throw new NotAbandoned({ role: gone[0]!.role, at });
        }
        const vp = publicVp(g.module, g.state);
        const winners = g.module.roles.filter((r) => !gone.some((p) => p.role === r));
        if (winners.length === 0) {
          const roles = gone.map((p) => p.role);
          return {
            kind: 'timeout',
            role: roles[0]!,
            action: { abandoned: true, roles },
            state: g.state,
            ...ending(g.module, g.state, { winner: null, reason: `${roles.join(' and ')} abandoned the game`, vp }),
            abandoned: true,
            madeBy: 'service',
          };
        }
        const late = gone[0]!.role;
        return {
          kind: 'timeout',
          role: winners[0]!,
          action: { late, abandoned: true },
          state: g.state,
          ...ending(g.module, g.state, { winner: winners.length === 1 ? winners[0]! : null, reason: `${late} abandoned the game`, vp }),
          madeBy: 'service',
        };
      });
      ended++;
    } catch (err) {
      if (err instanceof NotAbandoned) {
        if (err.until) await postponeLateSeat(ctx.prisma, gameId, err.until.role, err.until.at);
        continue;
      }
      onError(gameId, err);
    }
  }
  return ended;
}
