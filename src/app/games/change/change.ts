// One transaction per change to a game (join/start, action, card play, undo, resignation,
// time-out claim, extension), on the hot path of src/store/game-tx.ts.
//
// Usually in one round trip: this process holds the game as it last read or wrote it (its row
// and engine state at a version, recent-states.ts), decides the change on that, and sends the
// write as one statement that writes nothing unless the game is still at the held revision
// (its games row's xmin, checked after waiting for the row's lock): changeAsHeld. If it held
// nothing of the game, or the game had moved on, it reads the game (no lock) and does the same
// on that: two round trips. If the game moved on again, or the change needs what only the lock
// gives (a read of the log, a seat to take, an Idempotency-Key used before), nothing is
// written and the change is done again, in two round trips:
//   BEGIN, lock the game row and read it (with the stored answer of the Idempotency-Key, if
//   any) -> decide with the engine -> one statement: append the log entry, write the snapshot,
//   the games row and the seats, enqueue notifications, store the idempotent answer, NOTIFY the
//   other instances; and COMMIT
// and only after the commit, publish the new version to this process's event listeners.
// Because every change takes the game's row lock first and checks the game under it (its
// revision, or the version it read under the lock), of several submissions for the same step
// exactly one wins; the others see the new version and get stale_version. Requests with the same Idempotency-Key
// for the same game queue on the same lock, so the second one finds the first one's answer and
// replays it.
import type { GameModule, Outcome } from '../../../engine/index.js';
import type { GameEntryKind, EmailPreference, GameRow, SeatClock } from '../../../store/games.js';
import type { Prisma } from '../../../store/prisma.js';
import {
  gameQuery,
  gameRead,
  inTransaction,
  gameRevision,
  insertSeatTx,
  readGame,
  isBusy,
  listEntriesTx,
  writeChange,
  writeChangeAt,
  type Change,
  type ChangeParts,
  type GameTx,
  type KeyToSave,
  type OutboxRow,
  type ReadGame,
  type Written,
} from '../../../store/game-tx.js';
import { revisionOf } from '../../../store/games.js';
import { splitLog } from '../../../store/game-log.js';
import { poolOf } from '../../../store/prisma.js';
import { moveClock, NO_CLOCK, sameClock } from '../clocks.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { KEY_LIFETIME_MS, type Answer, type IdempotencyKey } from '../idempotency.js';
import { notificationRows } from '../../notify/notifications.js';
import type { GameEvent } from '../../events.js';
import { canSee, isKeptAnswer, keptAnswer, moduleOf, presentGame, presentSummary, restoreAnswer, roleOf, type GameResource, type GameSummary } from '../present.js';
import { currentState, replay as replayGame, standingActions } from '../history.js';
import { nothingDerived, presentMemo, sharedRecentStates, type Derived, type Remembered } from '../recent-states.js';

/**
 * A game's state is stored every this many changes (issue 11: writing it each move was a third
 * of a move's WAL and the largest write of its transaction); a read applies at most this many
 * minus one log rows to it, about 50 µs each, and usually finds the state in memory anyway
 * (recent-states.ts).
 */
export const SNAPSHOT_EVERY = 10;

// Waiting for a pool connection, and for the game's lock (the service is overloaded beyond them).
const WAITS = { maxWaitMs: 10_000, lockTimeoutMs: 30_000 } as const;

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
  /** What was worked out of that state already (its views: e.g. the mover's, by the GET before the move). */
  derived: Derived;
  version: number;
  /** The caller's role, or null if the caller is not seated. */
  role: string | null;
  tx: GameTx;
  now: Date;
}

/** What a change does. */
export interface Step {
  kind: GameEntryKind;
  /** The role acting (for a start: the role just taken). */
  role: string;
  action: unknown;
  /** The engine state after the change. */
  state: unknown;
  /** Ends the game with this outcome whatever the rules say (a resignation, a time-out). */
  outcome?: Outcome;
  /** A seat the change takes (joining). */
  joined?: { userId: string; name: string; email: string; emailConfirmed: boolean; emailPreference: EmailPreference; vacationEndsAt: Date | null };
  /** New time controls for roles that stay pending (an extension). */
  clocks?: Record<string, SeatClock>;
  /** Made by the game's bot (bot.ts): its log entry has no user. */
  byBot?: boolean;
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
  const states = sharedRecentStates;
  const key = req.idempotency;
  let answer: Answer<GameResource> & { state?: unknown; derived?: Derived; row?: GameRow };
  try {
    const known = states.get(req.gameId);
    const expiredBefore = new Date(ctx.clock.now().getTime() - KEY_LIFETIME_MS);
    const saving = key && { userId: req.userId, key: key.key, requestHash: key.fingerprint, expiredBefore };
    // This process holds the game as it last read or wrote it: decide on that, and make the
    // change in one round trip if the game is still as held. If it holds nothing of the game,
    // or held it out of date, read the game without its lock and do the same (the connection
    // is not kept while the change is decided: on several instances, a move often reaches one
    // that did not see the last). Else, or if the game moved on again, read it under its lock.
    let fast: HeldResult = known?.row && revisionOf(known.row) !== null ? await changeAsHeld(ctx, req, known as Held, decide, saving) : 'stale';
    if (fast === 'stale') {
      const held = await readHeld(ctx, req.gameId, known);
      fast = held ? await changeAsHeld(ctx, req, held, decide, saving) : 'needs-lock';
    }
    if (typeof fast === 'object') {
      answer = fast;
    } else {
      // Read with the lock, in its round trip: the state is left out if this process has it.
      const thenRead = gameQuery(req.gameId, {
        knownVersion: known?.version ?? null,
        ...(key && { key: { userId: req.userId, key: key.key, expiredBefore } }),
      });
      answer = await inTransaction(poolOf(ctx.prisma), { ...WAITS, lockGame: req.gameId, thenRead }, async (tx, found, result) => {
        const now = ctx.clock.now();
        const read = found && result ? gameRead(result) : null;
        if (!read) throw notFound();
        const { row } = read;
        const module = moduleOf(row);
        const state = read.stateOmitted ? known!.state : currentState(module, row.snapshot);
        if (read.stored) return replay(read.stored, key!, module, (version) => stateAt(tx, module, row, version, state));
        const before = read.stateOmitted ? known!.derived : nothingDerived();
        const g: Locked = { row, module, state, derived: before, version: row.snapshot?.version ?? 0, role: roleOf(row, req.userId), tx, now };
        const step = await decide(g);
        const derived = nothingDerived();
        const done = await apply(ctx, g, step, req.userId, saving, derived, (c, parts) => writeChange(tx, c, parts), keyReused);
        return { status: 200, body: done.body, replayed: false, state: step.state, derived, row: done.row };
      });
    }
  } catch (err) {
    throw asUnavailable(err);
  }
  if (!answer.replayed) {
    const event = gameEvent(answer.body);
    states.set(event.id, event.version, answer.state, answer.derived, answer.row);
    ctx.events.publish(event, { announced: ctx.events.announcement !== undefined });
  }
  return { status: answer.status, body: answer.body, replayed: answer.replayed };
}

/** A game as this process holds it (recent-states.ts), with the row it last read or wrote. */
type Held = Remembered & { row: GameRow };

/** Thrown where a change made on the game as held needs what only its lock gives: decide again under it. */
class NeedsLock extends Error {}

/**
 * A change made on the game as held (changeAsHeld): done, or not written because the game was
 * not as held ('stale': worth deciding again on the game as read), or because the change needs
 * the game's lock (a read of its log, a seat to take, an Idempotency-Key used before).
 */
type HeldResult = (Answer<GameResource> & { state: unknown; derived: Derived; row: GameRow }) | 'stale' | 'needs-lock';

/**
 * The game as it is, read without its lock, and remembered as held; null if there is no such
 * game, or it has not started (a seat to take: under the lock).
 */
async function readHeld(ctx: ServiceContext, gameId: string, known: Remembered | undefined): Promise<Held | null> {
  const read = await readGame(poolOf(ctx.prisma), gameId, { knownVersion: known?.version ?? null });
  return read && holdRead(gameId, read, known);
}

/**
 * A game as read (`known`'s state, as remembered, if the read left it out), remembered as held
 * with the read's row; null if it has not started (no state).
 */
export function holdRead(gameId: string, read: Pick<ReadGame, 'row' | 'stateOmitted'>, known: Remembered | undefined): Held | null {
  const { row } = read;
  const state = read.stateOmitted ? known!.state : currentState(moduleOf(row), row.snapshot);
  if (state === null) return null;
  const version = row.snapshot?.version ?? 0;
  const derived = read.stateOmitted ? known!.derived : nothingDerived();
  sharedRecentStates.set(gameId, version, state, derived, row);
  return { version, state, derived, row };
}

/** A database too busy to answer in time (isBusy: no connection, a lock held too long) as a 503; any other error as it is. */
export function asUnavailable(err: unknown): unknown {
  return isBusy(err) ? new AppError('service_unavailable', 'The service is busy; retry in a moment.') : err;
}

/**
 * The change decided on the game as this process holds it, and written in one round trip
 * (writeChangeAt) on condition that the game is still at the held revision. 'stale' if it is
 * not; 'needs-lock' if the change needs more than the held game: a read of its log (undo), a
 * seat to take, or (with an Idempotency-Key, which may have been used before: its answer to
 * replay) anything but a clean write. An error of the decision only stands if the game is
 * still as held (a stale version, an illegal action: the game may have moved on since) and
 * there is no key. The caller does it all again on the game as read, or under the lock, so
 * whatever is answered, or refused, is decided on the game as it is.
 */
async function changeAsHeld(
  ctx: ServiceContext,
  req: ChangeRequest,
  held: Held,
  decide: (g: Locked) => Promise<Step> | Step,
  saving: Omit<KeyToSave, 'status' | 'bodyJson'> | undefined,
): Promise<HeldResult> {
  const { row } = held;
  const expected = revisionOf(row)!;
  const module = moduleOf(row);
  let needsLock = false;
  const g: Locked = {
    row,
    module,
    state: held.state,
    derived: held.derived,
    version: held.version,
    role: roleOf(row, req.userId),
    get tx(): GameTx {
      needsLock = true;
      throw new NeedsLock();
    },
    now: ctx.clock.now(),
  };
  const write = (c: Change, parts: ChangeParts) => writeChangeAt(poolOf(ctx.prisma), { ...WAITS, expected }, c, parts);
  let step: Step;
  try {
    step = await decide(g);
  } catch (err) {
    // What the decision threw (a stale version, an illegal move, the bot with nothing to do)
    // stands if the game is still as held; else it is decided again on the game as it is. With
    // an Idempotency-Key, a request made before (whose answer is replayed) goes first: the lock.
    if (!(err instanceof NeedsLock) && !saving && (await gameRevision(poolOf(ctx.prisma), req.gameId)) === expected) throw err;
    return needsLock || saving ? 'needs-lock' : 'stale';
  }
  try {
    const derived = nothingDerived();
    const done = await apply(ctx, g, step, req.userId, saving, derived, write, () => new NeedsLock());
    return { status: 200, body: done.body, replayed: false, state: step.state, derived, row: done.row };
  } catch (err) {
    if (err instanceof NeedsLock) return needsLock || saving ? 'needs-lock' : 'stale';
    throw err;
  }
}

/** What listeners are told of a game that changed: nothing hidden (see events.ts). */
export function gameEvent(game: GameSummary): GameEvent {
  return { id: game.id, version: game.version, status: game.status, pending: [...game.pending], users: game.players.map((p) => p.user.id) };
}

/** The answer stored for an Idempotency-Key already used (found with the game, under its lock). */
async function replay(
  stored: { requestHash: string; responseStatus: number | null; responseBody: unknown },
  key: IdempotencyKey,
  module: GameModule,
  stateAt: (version: number) => Promise<unknown>,
): Promise<Answer<GameResource>> {
  if (stored.requestHash !== key.fingerprint) throw keyReused();
  if (stored.responseStatus === null) throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry in a moment.');
  const body = stored.responseBody;
  const game = isKeptAnswer(body) ? restoreAnswer(body, module, await stateAt(body.version)) : (body as GameResource);
  return { status: stored.responseStatus, body: game, replayed: true };
}

/**
 * The engine state at `version` of the locked game whose current state is `current`: that
 * state, or (a retry after later changes) the log replayed up to that version.
 */
async function stateAt(tx: GameTx, module: GameModule, row: GameRow, version: number, current: unknown): Promise<unknown> {
  if (version === (row.snapshot?.version ?? 0)) return current;
  const entries = (await listEntriesTx(tx, row.id)).filter((e) => e.seq <= version);
  return replayGame(module, row, standingActions(entries));
}

function keyReused(): AppError {
  return new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key for a new request.');
}

/**
 * Records the step with `write` (its null: `notWritten`'s error) and answers with the game as it
 * now is (without reading it back), and the game's row as written.
 */
async function apply(
  ctx: ServiceContext,
  g: Locked,
  step: Step,
  userId: string,
  saving: Omit<KeyToSave, 'status' | 'bodyJson'> | undefined,
  derived: Derived,
  write: (c: Change, parts: ChangeParts) => Promise<Written | null>,
  notWritten: () => Error,
): Promise<{ body: GameResource; row: GameRow }> {
  const { row, module, now } = g;
  const version = g.version + 1;
  const outcome = step.outcome ?? module.outcome(step.state);
  const finished = outcome !== null;
  const started = step.kind === 'start';
  const pendingBefore = row.status === 'active' ? row.pending : [];
  const pendingAfter = finished ? [] : module.pending(step.state);

  const players = [...row.players];
  if (step.joined) {
    await insertSeatTx(g.tx, row.id, step.role, step.joined.userId, now);
    const { userId, name, email, emailConfirmed, emailPreference, vacationEndsAt } = step.joined;
    players.push({
      role: step.role,
      userId,
      emailNotifications: true,
      joinedAt: now,
      pendingSince: null,
      ...NO_CLOCK,
      user: { id: userId, displayName: name, email, emailConfirmed, emailPreference, vacationEndsAt },
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

  // The state is written every SNAPSHOT_EVERY changes, and by any change that is not an action
  // (a start, an undo: the entries after a snapshot must apply forwards) or that ends the game;
  // in between, the log row is the change, and a read applies the rows after the snapshot.
  const snapshotNow = step.kind !== 'action' || finished || version - (row.snapshot?.stateVersion ?? 0) >= SNAPSHOT_EVERY;
  const status = finished ? 'finished' : 'active';
  const updated: GameRow = {
    ...row,
    status,
    pending: pendingAfter,
    outcome: (outcome ?? row.outcome) as GameRow['outcome'],
    updatedAt: now,
    startedAt: started ? now : row.startedAt,
    finishedAt: finished ? now : row.finishedAt,
    players: seats,
    snapshot: { version, stateVersion: snapshotNow ? version : (row.snapshot?.stateVersion ?? 0), state: step.state as Prisma.JsonValue, tail: [] },
  };
  // Each view of the change is computed once: for the answer, the emails and the reveal check.
  const memo = presentMemo(module, step.state, derived, [[g.state, g.derived.views]]);
  const view = memo.view;
  const emails = notificationRows(ctx.config, {
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
    view,
  });
  const log = splitLog(g.state, step.state, snapshotNow);
  const written = write(
    {
      gameId: row.id,
      version,
      kind: step.kind,
      role: step.role,
      userId: step.byBot ? null : userId,
      actionJson: JSON.stringify(step.action),
      stateJson: log.stateJson,
      logFrom: log.logFrom,
      logTailJson: log.logFrom === null ? null : JSON.stringify(log.logTail),
      status,
      pending: pendingAfter,
      outcome,
      now,
      ...(started && { startedAt: now }),
      ...(finished && { finishedAt: now }),
    },
    {
      seats: changedSeats,
      outbox: emails.map((e) => ({
        kind: e.kind,
        dedupeKey: e.dedupeKey!,
        toAddress: e.toAddress,
        subject: e.subject,
        textBody: e.textBody,
        htmlBody: e.htmlBody ?? null,
        userId: e.userId!,
        gameId: e.gameId!,
      })) satisfies OutboxRow[],
      notify: ctx.events.announcement?.(gameEvent(presentSummary(updated, userId))) ?? null,
      // A key keeps the answer without its view and legal actions (restoreAnswer).
      key: saving ? { ...saving, status: 200, bodyJson: JSON.stringify(keptAnswer(updated, userId, step.state, ctx.config, memo)) } : null,
    },
  );
  // The write and its COMMIT are on their way (writeChange sent them before its first await):
  // the answer is made meanwhile, on this process's core while PostgreSQL works on another.
  let body: GameResource;
  try {
    body = presentGame(updated, userId, step.state, ctx.config, memo);
  } finally {
    // Whatever happens here, the transaction ends only once PostgreSQL has answered.
    await written.catch(() => false);
  }
  const w = await written;
  // Not written: under the lock, the key was taken meanwhile by another request of this user
  // (for another game); in one round trip, the game was no longer as held, or the key was used.
  if (!w) throw notWritten();
  return { body, row: withRevision(updated, step, w) };
}

/**
 * The row as written, at the revision the write reported (the change holds the game's lock:
 * nobody else wrote the game since it was read or checked). Not after a seat was taken: the
 * new player was read before the lock (a change to their name meanwhile would not have written
 * this game, whose seat was not theirs yet), so the row is not held as the game's.
 */
function withRevision(updated: GameRow, step: Step, w: Written): GameRow {
  return step.joined ? { ...updated, revision: undefined } : { ...updated, revision: w.gameRevision };
}
