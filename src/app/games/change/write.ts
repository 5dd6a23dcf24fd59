// The write of a change decided on a game: the log entry, the snapshot every SNAPSHOT_EVERY
// changes, the games row and the seats whose clocks changed, the emails it enqueues, the stored
// answer of its Idempotency-Key and the NOTIFY to the other instances, sent as one statement
// (src/store/game-tx.ts); the answer is made while PostgreSQL works.
import type { Prisma } from '../../../store/prisma.js';
import type { GameRow, SeatRating } from '../../../store/games.js';
import { insertSeatTx, type Change, type ChangeParts, type KeyToSave, type OutboxRow, type Written } from '../../../store/game-tx.js';
import { splitLog } from '../../../store/game-log.js';
import type { ServiceContext } from '../../context.js';
import { notificationRows } from '../../notify/notifications.js';
import { webhookEventRows } from '../../notify/webhook-events.js';
import { rateGameEnd } from '../../ratings/rate-game.js';
import { NO_CLOCK } from '../clocks.js';
import { gameOf, keptAnswer, presentGame, presentSummary, type GameResource } from '../present.js';
import { presentMemo, type Derived } from '../recent-states.js';
import { gameEvent } from './game-event.js';
import { seatClocks } from './seat-clocks.js';
import type { Decision, Locked } from './types.js';

/**
 * A game's state is stored every this many changes (issue 11: writing it each move was a third
 * of a move's WAL and the largest write of its transaction); a read applies at most this many
 * minus one log rows to it, about 50 µs each, and usually finds the state in memory anyway
 * (recent-states.ts).
 */
export const SNAPSHOT_EVERY = 10;

/**
 * Records the decision with `write` (its null: `notWritten`'s error) and answers with the game as it
 * now is (without reading it back), and the game's row as written.
 */
export async function recordChange(
  ctx: ServiceContext,
  g: Locked,
  decision: Decision,
  userId: string,
  saving: Omit<KeyToSave, 'status' | 'bodyJson'> | undefined,
  derived: Derived,
  write: (c: Change, parts: ChangeParts) => Promise<Written | null>,
  notWritten: () => Error,
): Promise<{ body: GameResource; row: GameRow }> {
  const { row, module, now } = g;
  const version = g.version + 1;
  const outcome = decision.outcome ?? module.outcome(decision.state);
  const finished = outcome !== null;
  const started = decision.kind === 'start';
  const status = finished ? (decision.abandoned ? 'abandoned' : 'finished') : 'active';
  // A rated game's end changes both players' ratings, in this transaction: so such a change is
  // always made under the game's lock (g.tx: in one round trip, it has none, and is made again
  // under it). A game abandoned by both has no result and changes nothing.
  const ratings: Record<string, SeatRating> | null =
    status === 'finished' && row.rated
      ? await rateGameEnd(g.tx, { gameId: row.id, game: module.id, seats: row.players.map((p) => ({ role: p.role, userId: p.userId })), winner: outcome!.winner, now })
      : null;
  const pendingBefore = row.status === 'active' ? row.pending : [];
  const pendingAfter = finished ? [] : module.pending(decision.state);

  const players = [...row.players];
  if (decision.joined) {
    await insertSeatTx(g.tx, row.id, decision.role, decision.joined.userId, now, decision.joined.seed);
    const { userId, name, handle, bot, email, emailConfirmed, emailPreference, vacationEndsAt, seed } = decision.joined;
    players.push({
      role: decision.role,
      userId,
      emailNotifications: true,
      joinedAt: now,
      pendingSince: null,
      playerSeed: seed?.seed ?? null,
      playerSeedByServer: seed?.byServer ?? false,
      ...NO_CLOCK,
      user: { id: userId, displayName: name, handle, ...(bot && { bot }), email, emailConfirmed, emailPreference, vacationEndsAt },
    });
    players.sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
  }
  const clocks = seatClocks(players, decision, pendingBefore, pendingAfter, row.daysPerMove, now);
  const { changedSeats, restarted } = clocks;
  const seats = ratings ? clocks.seats.map((s) => (ratings[s.role] ? { ...s, rating: ratings[s.role] } : s)) : clocks.seats;
  const undoRole = undoRoleAfter(g, decision, finished);

  // The state is written every SNAPSHOT_EVERY changes, and by any change that is not an action
  // (a start, an undo: the entries after a snapshot must apply forwards) or that ends the game;
  // in between, the log row is the change, and a read applies the rows after the snapshot.
  const snapshotNow = decision.kind !== 'action' || finished || version - (row.snapshot?.stateVersion ?? 0) >= SNAPSHOT_EVERY;
  const updated: GameRow = {
    ...row,
    status,
    pending: pendingAfter,
    undoRole,
    outcome: (outcome ?? row.outcome) as GameRow['outcome'],
    updatedAt: now,
    startedAt: started ? now : row.startedAt,
    finishedAt: finished ? now : row.finishedAt,
    players: seats,
    snapshot: { version, stateVersion: snapshotNow ? version : (row.snapshot?.stateVersion ?? 0), state: decision.state as Prisma.JsonValue, tail: [] },
  };
  // Each view of the change is computed once: for the answer, the emails and the reveal check.
  const memo = presentMemo(module, decision.state, derived, [[g.state, g.derived.views]]);
  const view = memo.view;
  const change = {
    game: { id: row.id, number: row.number, title: module.title },
    definition: gameOf(row),
    version,
    kind: decision.kind,
    action: decision.action,
    actor: { role: decision.role, userId },
    computer: row.computer?.role ?? null,
    pendingBefore,
    pendingAfter,
    restarted,
    started,
    finished,
    outcome,
    ratings,
    stateBefore: g.state,
    state: decision.state,
    seats,
    now,
    view,
  };
  const emails = notificationRows(ctx.config, change);
  // Its players' webhooks, from the same plan and views (issue 42).
  const hooks = webhookEventRows(ctx.config, change);
  const log = splitLog(g.state, decision.state, snapshotNow);
  const written = write(
    {
      gameId: row.id,
      version,
      kind: decision.kind,
      role: decision.role,
      userId: decision.madeBy ? null : userId,
      actionJson: JSON.stringify(decision.action),
      stateJson: log.stateJson,
      logFrom: log.logFrom,
      logTailJson: log.logFrom === null ? null : JSON.stringify(log.logTail),
      status,
      pending: pendingAfter,
      undoRole,
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
      hooks,
      notify: ctx.events.announcement?.(gameEvent(presentSummary(updated, userId))) ?? null,
      // A key keeps the answer without its view and legal actions (restoreAnswer).
      key: saving ? { ...saving, status: 200, bodyJson: JSON.stringify(keptAnswer(updated, userId, decision.state, ctx.config, memo)) } : null,
    },
  );
  // The write and its COMMIT are on their way (writeChange sent them before its first await):
  // the answer is made meanwhile, on this process's core while PostgreSQL works on another.
  let body: GameResource;
  try {
    body = presentGame(updated, userId, decision.state, ctx.config, memo);
  } finally {
    // Whatever happens here, the transaction ends only once PostgreSQL has answered.
    await written.catch(() => false);
  }
  const w = await written;
  // Not written: under the lock, the key was taken meanwhile by another request of this user
  // (for another game); in one round trip, the game was no longer as held, or the key was used.
  if (!w) throw notWritten();
  return { body, row: withRevision(updated, decision, w) };
}

/**
 * Whose undo would be accepted after the change (the games row's undo_role; '' nobody's), by
 * the check of play.ts's undo: the latest standing action is that role's, and the engine's
 * undoable(before, after, role) allows it. An action: its own role, if the engine allows; an
 * undo: as play.ts found while replaying; a start or an end: nobody; what leaves the actions as
 * they were (an extension) leaves it as it was.
 */
function undoRoleAfter(g: Locked, decision: Decision, finished: boolean): string | null {
  if (finished || decision.kind === 'start') return '';
  if (decision.kind === 'action') return g.module.undoable?.(g.state, decision.state, decision.role) ? decision.role : '';
  if (decision.kind === 'undo') return decision.undoRole ?? '';
  return g.row.undoRole;
}

/**
 * The row as written, at the revision the write reported (the change holds the game's lock:
 * nobody else wrote the game since it was read or checked). Not after a seat was taken: the
 * new player was read before the lock (a change to their name meanwhile would not have written
 * this game, whose seat was not theirs yet), so the row is not held as the game's.
 */
function withRevision(updated: GameRow, decision: Decision, w: Written): GameRow {
  return decision.joined ? { ...updated, revision: undefined } : { ...updated, revision: w.gameRevision };
}
