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
import type { GameModule } from '../../../engine/index.js';
import type { GameRow } from '../../../store/games.js';
import {
  gameQuery,
  gameRead,
  inTransaction,
  gameRevision,
  readGame,
  listEntriesTx,
  writeChange,
  writeChangeAt,
  type Change,
  type ChangeParts,
  type GameTx,
  type KeyToSave,
  type ReadGame,
} from '../../../store/game-tx.js';
import { revisionOf } from '../../../store/games.js';
import { poolOf } from '../../../store/prisma.js';
import type { ServiceContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { KEY_LIFETIME_MS, type Answer, type IdempotencyKey } from '../idempotency.js';
import { isKeptAnswer, moduleOf, restoreAnswer, roleOf, type GameResource } from '../present.js';
import { currentState, replayGame, standingActions } from '../history.js';
import { nothingDerived, sharedRecentStates, type Derived, type Remembered } from '../recent-states.js';
import { asUnavailable, keyReused, notFound, requireActive, requireSeat, requireVersion } from './checks.js';
import { gameEvent } from './game-event.js';
import type { ChangeRequest, Decision, Locked } from './types.js';
import { recordChange } from './write.js';

// Waiting for a pool connection, and for the game's lock (the service is overloaded beyond them).
const WAITS = { maxWaitMs: 10_000, lockTimeoutMs: 30_000 } as const;

/**
 * The usual change: by a seated player, to an active game, at the version the player last saw
 * (undefined: whatever it is now). `decide` gets the game under its lock and the player's role.
 */
export function changeAsPlayer(
  ctx: ServiceContext,
  req: ChangeRequest & { version: number | undefined },
  decide: (g: Locked, role: string) => Promise<Decision> | Decision,
): Promise<Answer<GameResource>> {
  const { version, ...request } = req;
  return changeGame(ctx, request, (g) => {
    const role = requireSeat(g, req.userId);
    requireActive(g);
    requireVersion(g, version);
    return decide(g, role);
  });
}

export async function changeGame(
  ctx: ServiceContext,
  req: ChangeRequest,
  decide: (g: Locked) => Promise<Decision> | Decision,
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
        if (read.stored) return storedAnswer(read.stored, key!, module, (version) => stateAt(tx, module, row, version, state));
        const before = read.stateOmitted ? known!.derived : nothingDerived();
        const g: Locked = { row, module, state, derived: before, version: row.snapshot?.version ?? 0, role: roleOf(row, req.userId), tx, now };
        const decision = await decide(g);
        const derived = nothingDerived();
        const done = await recordChange(ctx, g, decision, req.userId, saving, derived, (c, parts) => writeChange(tx, c, parts), keyReused);
        return { status: 200, body: done.body, replayed: false, state: decision.state, derived, row: done.row };
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
  decide: (g: Locked) => Promise<Decision> | Decision,
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
  let decision: Decision;
  try {
    decision = await decide(g);
  } catch (err) {
    // What the decision threw (a stale version, an illegal move, the bot with nothing to do)
    // stands if the game is still as held; else it is decided again on the game as it is. With
    // an Idempotency-Key, a request made before (whose answer is replayed) goes first: the lock.
    if (!(err instanceof NeedsLock) && !saving && (await gameRevision(poolOf(ctx.prisma), req.gameId)) === expected) throw err;
    return needsLock || saving ? 'needs-lock' : 'stale';
  }
  try {
    const derived = nothingDerived();
    const done = await recordChange(ctx, g, decision, req.userId, saving, derived, write, () => new NeedsLock());
    return { status: 200, body: done.body, replayed: false, state: decision.state, derived, row: done.row };
  } catch (err) {
    if (err instanceof NeedsLock) return needsLock || saving ? 'needs-lock' : 'stale';
    throw err;
  }
}

/** The answer stored for an Idempotency-Key already used (found with the game, under its lock). */
async function storedAnswer(
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

