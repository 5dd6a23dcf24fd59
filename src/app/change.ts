// One transaction per change to a game (join/start, action, card play, undo, resignation,
// time-out claim, extension):
//   lock the game row -> decide with the engine -> append the log entry -> write the snapshot
//   and the games row -> enqueue notifications -> store the idempotent answer -> commit
// and only after the commit, publish the new version to event listeners. Because every change
// takes the game's row lock first and checks the version under it, of several submissions for
// the same step exactly one wins; the others see the new version and get stale_version.
import type { GameModule, Outcome } from '../engine/index.js';
import { Prisma } from '../store/generated/prisma/client.js';
import { insertSeat, lockGame, recordChange, type EmailPreference, type GameEntryKind, type GameRow, type SeatClock } from '../store/games.js';
import { moveClock, NO_CLOCK, sameClock } from './clocks.js';
import type { ServiceContext } from './context.js';
import { AppError } from './errors.js';
import { idempotent, type Answer, type IdempotencyKey } from './idempotency.js';
import { enqueueNotifications } from './notifications.js';
import type { GameEvent } from './events.js';
import { canSee, moduleOf, presentGame, roleOf, type GameResource, type GameSummary } from './present.js';

// Waiting for a pool connection, and for the whole transaction (row lock queue included).
const TX_OPTIONS = { maxWait: 10_000, timeout: 30_000 } as const;

export interface ChangeRequest {
  userId: string;
  gameId: string;
  idempotency?: IdempotencyKey;
}

/** The game as the change finds it, under its row lock. */
export interface Locked {
  row: GameRow;
  module: GameModule;
  /** The engine state; null while the game is open. */
  state: unknown;
  version: number;
  /** The caller's role, or null if the caller is not seated. */
  role: string | null;
  tx: Prisma.TransactionClient;
  now: Date;
}

/** What a change does. */
export interface Step {
  kind: GameEntryKind;
  /** The role acting (for a start: the role just taken). */
  role: string;
  action: Prisma.InputJsonValue;
  /** The engine state after the change. */
  state: unknown;
  /** Ends the game with this outcome whatever the rules say (a resignation, a time-out). */
  outcome?: Outcome;
  /** A seat the change takes (joining). */
  joined?: { userId: string; name: string; email: string; emailPreference: EmailPreference; vacationEndsAt: Date | null };
  /** New time controls for roles that stay pending (an extension). */
  clocks?: Record<string, SeatClock>;
}

// ---- checks shared by the changes ----

/** The caller's seat, or 403 (a watcher of a public game) / 404 (someone who may not see it). */
export function requireSeat(g: Locked, userId: string): string {
  if (g.role !== null) return g.role;
  if (canSee(g.row, userId)) throw new AppError('forbidden', 'You are watching this game, not playing it.');
  throw notFound();
}

export function requireActive(g: Locked): void {
  if (g.row.status === 'open') throw new AppError('conflict', 'The game has not started yet: it is waiting for a second player.');
  if (g.row.status !== 'active') throw new AppError('conflict', 'The game is over.');
}

export function staleVersion(current: number): AppError {
  return new AppError('stale_version', `The game has moved on to version ${current}; read it again and retry.`, { currentVersion: current });
}

export function requireVersion(g: Locked, version: number | undefined): void {
  if (version !== undefined && version !== g.version) throw staleVersion(g.version);
}

export function notFound(): AppError {
  return new AppError('not_found', 'There is no such game, or you may not see it.');
}

/**
 * The usual change: by a seated player, to an active game, at the version the player last saw
 * (undefined: whatever it is now). `decide` gets the game under its lock and the player's role.
 */
export function changeAsPlayer(
  ctx: ServiceContext,
  req: ChangeRequest & { version: number | undefined },
  decide: (g: Locked, role: string) => Promise<Step> | Step,
): Promise<Answer<GameResource>> {
  const { version, ...request } = req;
  return changeGame(ctx, request, (g) => {
    const role = requireSeat(g, req.userId);
    requireActive(g);
    requireVersion(g, version);
    return decide(g, role);
  });
}

// ---- the transaction ----

export async function changeGame(
  ctx: ServiceContext,
  req: ChangeRequest,
  decide: (g: Locked) => Promise<Step> | Step,
): Promise<Answer<GameResource>> {
  let answer: Answer<GameResource>;
  try {
    answer = await ctx.prisma.$transaction(async (tx) => {
      const now = ctx.clock.now();
      return idempotent(tx, req.userId, now, req.idempotency, async () => {
        const row = await lockGame(tx, req.gameId);
        if (!row) throw notFound();
        const module = moduleOf(row);
        const g: Locked = {
          row,
          module,
          state: row.snapshot?.state ?? null,
          version: row.snapshot?.version ?? 0,
          role: roleOf(row, req.userId),
          tx,
          now,
        };
        const step = await decide(g);
        const updated = await apply(ctx, tx, g, step, req.userId);
        return { status: 200, body: presentGame(updated, req.userId, step.state, ctx.config) };
      });
    }, TX_OPTIONS);
  } catch (err) {
    // P2028: no connection or transaction slot in time (the service is overloaded).
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2028') {
      throw new AppError('service_unavailable', 'The service is busy; retry in a moment.');
    }
    throw err;
  }
  if (!answer.replayed) ctx.events.publish(gameEvent(answer.body));
  return answer;
}

/** What listeners are told of a game that changed: nothing hidden (see events.ts). */
export function gameEvent(game: GameSummary): GameEvent {
  return { id: game.id, version: game.version, status: game.status, pending: [...game.pending], users: game.players.map((p) => p.user.id) };
}

/** Records the step; returns the game row as it now is (without reading it back). */
async function apply(ctx: ServiceContext, tx: Prisma.TransactionClient, g: Locked, step: Step, userId: string): Promise<GameRow> {
  const { row, module, now } = g;
  const version = g.version + 1;
  const outcome = step.outcome ?? module.outcome(step.state);
  const finished = outcome !== null;
  const started = step.kind === 'start';
  const pendingBefore = row.status === 'active' ? row.pending : [];
  const pendingAfter = finished ? [] : module.pending(step.state);

  const players = [...row.players];
  if (step.joined) {
    await insertSeat(tx, row.id, step.role, step.joined.userId, now);
    const { userId, name, email, emailPreference, vacationEndsAt } = step.joined;
    players.push({
      role: step.role,
      userId,
      emailNotifications: true,
      joinedAt: now,
      pendingSince: null,
      ...NO_CLOCK,
      user: { id: userId, displayName: name, email, emailPreference, vacationEndsAt },
    });
    players.sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
  }
  // A role's move time runs from when it became pending, and keeps running while it stays
  // pending (several moves of one command count as one move). It starts again when the role
  // acts and must act again in a new situation (who must act changed: e.g. its discard is in
  // and now both must play a card). A move that starts gets a new deadline, reminder and
  // overdue notice (clocks.ts); a role that need not act has none.
  const sameSituation = pendingBefore.length === pendingAfter.length && pendingBefore.every((r) => pendingAfter.includes(r));
  const restarted: string[] = [];
  const seats = players.map((p) => {
    const pending = pendingAfter.includes(p.role);
    const continues = pendingBefore.includes(p.role) && p.pendingSince !== null && (p.role !== step.role || sameSituation);
    if (pending && !continues) restarted.push(p.role);
    const pendingSince = pending ? (continues ? p.pendingSince : now) : null;
    let clock: SeatClock = !pending
      ? NO_CLOCK
      : continues
        ? { deadline: p.deadline, remindAt: p.remindAt, overdueNoticeAt: p.overdueNoticeAt }
        : moveClock(now, row.daysPerMove, p.user.vacationEndsAt);
    if (pending && step.clocks?.[p.role]) clock = step.clocks[p.role]!;
    return { ...p, pendingSince, ...clock };
  });
  const changedSeats = seats.filter((s, i) => {
    const before = players[i]!;
    return s.pendingSince?.getTime() !== before.pendingSince?.getTime() || !sameClock(s, before);
  });

  const status = finished ? 'finished' : 'active';
  await recordChange(
    tx,
    {
      gameId: row.id,
      version,
      kind: step.kind,
      role: step.role,
      userId,
      action: step.action,
      state: step.state as Prisma.InputJsonValue,
      status,
      pending: pendingAfter,
      outcome: outcome as Prisma.InputJsonValue | null,
      now,
      ...(started && { startedAt: now }),
      ...(finished && { finishedAt: now }),
    },
    changedSeats,
  );
  await enqueueNotifications(tx, ctx.config, {
    game: { id: row.id, number: row.number, title: module.title },
    module,
    version,
    kind: step.kind,
    action: step.action,
    actor: { role: step.role, userId },
    pendingBefore,
    pendingAfter,
    restarted,
    started,
    finished,
    outcome,
    stateBefore: g.state,
    state: step.state,
    seats,
    now,
  });
  return {
    ...row,
    status,
    pending: pendingAfter,
    outcome: (outcome ?? row.outcome) as GameRow['outcome'],
    updatedAt: now,
    startedAt: started ? now : row.startedAt,
    finishedAt: finished ? now : row.finishedAt,
    players: seats,
    snapshot: { version, state: step.state as Prisma.JsonValue },
  };
}
