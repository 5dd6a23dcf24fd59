// The notifications seam: every change to a game (start, action, card play, undo, resignation)
// calls enqueueNotifications() inside the change's own transaction, so an email is enqueued if
// and only if the change commits (transactional outbox; src/mail/worker.ts sends the rows).
//
// What it does now: one "your move" row per role that has just become pending (not the one who
// caused the change: they are looking at the game), unless its player turned emails off
// (for all games, or for this seat). Each row's dedupe key is
// your-turn:<game>:<version>:<role>, so enqueueing the same change twice is a no-op.
// Emails are written from the recipient's own view only (email-templates.ts).
//
// `change` carries everything a richer policy needs (who acted, pending before and after,
// start, end, resignation, outcome): reveal, joined, game over and resigned emails belong here.
import type { GameModule, Outcome } from '../engine/index.js';
import type { Config } from '../config/config.js';
import type { Prisma } from '../store/prisma.js';
import type { SeatRow } from '../store/games.js';
import { yourMoveEmail, type ViewSummary } from './email-templates.js';
import { unsubscribeUrl } from './unsubscribe.js';

export type ChangeKind = 'start' | 'action' | 'undo' | 'resign';

export interface GameChange {
  game: { id: string; number: number; title: string };
  module: GameModule;
  /** The version the change produced. */
  version: number;
  kind: ChangeKind;
  /** Who caused it (for a start: who joined). */
  actor: { role: string; userId: string };
  pendingBefore: string[];
  pendingAfter: string[];
  /** The game started with this change (the second seat was taken). */
  started: boolean;
  /** The game ended with this change (by the rules or a resignation). */
  finished: boolean;
  outcome: Outcome | null;
  /** The engine state after the change: only ever passed to module.view(state, recipient). */
  state: unknown;
  /** The seats after the change, with their players' addresses and email preferences. */
  seats: SeatRow[];
  now: Date;
}

/** Roles that must act now and did not have to before, other than the one who acted. */
export function newlyPending(change: Pick<GameChange, 'pendingBefore' | 'pendingAfter' | 'actor'>): string[] {
  return change.pendingAfter.filter((r) => !change.pendingBefore.includes(r) && r !== change.actor.role);
}

/** Enqueues the emails a change causes; returns how many rows were added. */
export async function enqueueNotifications(
  tx: Prisma.TransactionClient,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  change: GameChange,
): Promise<number> {
  const roles = newlyPending(change);
  if (roles.length === 0) return 0;
  const seats = change.seats.filter((s) => roles.includes(s.role));
  const rows: Prisma.OutboxEmailCreateManyInput[] = [];
  for (const seat of seats) {
    if (!seat.emailNotifications || !seat.user.emailNotifications) continue;
    const view = change.module.view(change.state, seat.role) as ViewSummary;
    const email = yourMoveEmail({
      publicUrl: config.publicUrl,
      game: { number: change.game.number, title: change.game.title },
      gameId: change.game.id,
      recipient: { name: seat.user.displayName, role: seat.role },
      view,
      unsubscribeUrl: unsubscribeUrl(config.publicUrl, config.jwtSecret, seat.user.id),
    });
    rows.push({
      kind: 'your-turn',
      dedupeKey: `your-turn:${change.game.id}:${change.version}:${seat.role}`,
      toAddress: seat.user.email,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      userId: seat.user.id,
      gameId: change.game.id,
      nextAttemptAt: change.now,
      createdAt: change.now,
    });
  }
  if (rows.length === 0) return 0;
  const { count } = await tx.outboxEmail.createMany({ data: rows, skipDuplicates: true });
  return count;
}
