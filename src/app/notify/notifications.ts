// Who gets which email. Every change to a game (start, action, card play, undo, resignation,
// time-out claim, extension) calls enqueueNotifications() inside the change's own transaction,
// so an email is enqueued if and only if the change commits (transactional outbox;
// src/worker.ts sends the rows, and enqueues the reminders and overdue notices of
// time-controls.ts the same way).
//
// The rules (plan() below), for a change made by the actor:
//  - the game started: the creator gets "X joined", folded into "your move" if they must act;
//  - the game ended by the rules: every player gets the result (reason, final VP);
//  - a resignation: the opponent gets "X resigned"; a time-out claim: the late player gets
//    the result ("... ran out of time");
//  - the change ended a sealed card play (the cards were revealed): every pending role, the
//    actor included, gets "your move" with the reveal and Player 1 as news; every other role
//    gets the reveal;
//  - otherwise: each role whose move has just started (change/seat-clocks.ts decides, by the same rule as
//    move times) gets "your move": the actor too, when their own action starts a new move of
//    theirs (e.g. finishing a regroup, so a card is now due), but not after their undo.
// Then each player's preference filters (wants()): an address its owner has not confirmed
// (email-confirmation.ts), `none` and a muted seat get nothing, `moves` only the emails that ask
// them to act. Every row's dedupe key is <kind>:<game>:<version>:<role>,
// one per kind, change and recipient, so enqueueing a change twice adds nothing, and "your
// move" is only ever enqueued by the change that starts that move: never twice for one move.
//
// Every email is written from the summary of its recipient's own view (the game definition's
// summary of module.view(state, role)), so nothing hidden from them can reach their mailbox.
import type { GameDefinition, Outcome } from '../../engine/index.js';
import type { Config } from '../../config/config.js';
import type { Prisma } from '../../store/prisma.js';
import type { EmailPreference, GameEntryKind, SeatRow } from '../../store/games.js';
import {
  gameEndedEmail,
  opponentJoinedEmail,
  opponentResignedEmail,
  revealEmail,
  yourMoveEmail,
  type Email,
  type EmailContext,
  type RatingChange,
  type ViewSummary,
} from './email-templates.js';
import { unsubscribeUrl } from './unsubscribe.js';

export type EmailKind = 'your-turn' | 'reveal' | 'joined' | 'game-over' | 'resigned' | 'timeout' | 'reminder' | 'overdue';

/** The emails that ask their recipient to act: all that the `moves` preference keeps. */
export const ACTION_KINDS: ReadonlySet<EmailKind> = new Set<EmailKind>(['your-turn', 'reminder', 'overdue']);

/**
 * Does this seat's player want this kind of email about this game? Never to an address its owner
 * has not confirmed: anyone may register with anyone's address, and every game would mail it.
 */
export function wants(seat: Pick<SeatRow, 'emailNotifications'> & { user: { emailPreference: EmailPreference; emailConfirmed: boolean } }, kind: EmailKind): boolean {
  if (!seat.emailNotifications || !seat.user.emailConfirmed) return false;
  const pref = seat.user.emailPreference;
  // `digest`: nothing as it happens; src/app/games/digest.ts sends one email a day.
  return pref === 'all' || (pref === 'moves' && ACTION_KINDS.has(kind));
}

export interface GameRef {
  id: string;
  number: number;
  title: string;
}

export interface GameChange {
  game: GameRef;
  /** The game's definition: its rules (`module`) and what an email says of a view (`summary`). */
  definition: GameDefinition;
  /** The version the change produced. */
  version: number;
  kind: GameEntryKind;
  /** The log entry's action (a time-out: { late }). */
  action: unknown;
  /** Who caused it (for a start: who joined). */
  actor: { role: string; userId: string };
  /** The computer's role, in a game against the computer (it has no seat, as the bot has none). */
  computer?: string | null;
  pendingBefore: string[];
  pendingAfter: string[];
  /** Roles whose move started with this change (their deadline was set). */
  restarted: string[];
  /** The game started with this change (the second seat was taken). */
  started: boolean;
  /** The game ended with this change (by the rules, a resignation or a time-out). */
  finished: boolean;
  outcome: Outcome | null;
  /** A rated game's end: each role's rating before and after it (src/app/ratings/). */
  ratings?: Record<string, RatingChange> | null;
  /** The engine states before (null for a start) and after the change: only ever passed to module.view(state, recipient). */
  stateBefore: unknown;
  state: unknown;
  /** The seats after the change, with their players' addresses, preferences and deadlines. */
  seats: SeatRow[];
  now: Date;
  /** module.view, remembered for the change (change/write.ts passes one, so no view is computed twice). */
  view?: (state: unknown, role: string) => unknown;
}

/** One email a change causes, before preferences filter it. */
export interface PlannedEmail {
  role: string;
  kind: EmailKind;
  build: (ctx: EmailContext) => Email;
}

/** What the emails may say of `role`'s view of `state`: its game's summary of that view. */
export function summaryOf(d: GameDefinition, view: ((state: unknown, role: string) => unknown) | undefined, state: unknown, role: string): ViewSummary {
  return d.summary(view ? view(state, role) : d.module.view(state, role));
}

/** Log lines the recipient's view gained with the change (what they may read of it). */
function newLines(before: ViewSummary, after: ViewSummary, max = 10): string[] {
  return after.log.slice(before.log.length).slice(-max);
}

/** Did the change end a sealed card play (the cards are revealed)? Read from summaries of views. */
export function endsCardPlay(before: ViewSummary, after: ViewSummary): boolean {
  return before.sealed && !(after.sealed && after.cardPlay === before.cardPlay);
}

/** Who gets what for a change, before preferences (see the header). */
export function plan(c: GameChange): PlannedEmail[] {
  const out: PlannedEmail[] = [];
  const actor = c.seats.find((s) => s.role === c.actor.role);
  const actorRef = { name: actor?.user.displayName ?? c.actor.role, role: c.actor.role };
  const others = c.seats.filter((s) => s.role !== c.actor.role);
  const deadlineOf = (role: string) => c.seats.find((s) => s.role === role)?.deadline ?? null;

  if (c.finished && c.outcome) {
    const outcome = c.outcome;
    const rating = (role: string) => c.ratings?.[role] ?? null;
    const ending = c.action as { late?: string; abandoned?: boolean } | null;
    if (outcome.aborted) {
      // Before each side had made its first moves: no result, and no "you win" (ending.ts). Told:
      // whoever did not end it (the resigner's or claimer's opponent; everyone, after an abandonment).
      const told = c.kind === 'timeout' && ending?.abandoned ? c.seats : c.kind === 'timeout' ? c.seats.filter((x) => x.role === ending?.late) : others;
      for (const s of told) out.push({ role: s.role, kind: c.kind === 'resign' ? 'resigned' : 'timeout', build: (ctx) => gameEndedEmail(ctx, outcome, null) });
    } else if (c.kind === 'resign') {
      for (const s of others) out.push({ role: s.role, kind: 'resigned', build: (ctx) => opponentResignedEmail(ctx, actorRef, rating(s.role)) });
    } else if (c.kind === 'timeout' && ending?.abandoned) {
      // Made by the worker, not a player: everyone is told (time-controls.ts, abandonment).
      const noResult = ending.late === undefined;
      for (const s of c.seats) out.push({ role: s.role, kind: 'timeout', build: (ctx) => gameEndedEmail(ctx, outcome, rating(s.role), noResult) });
    } else if (c.kind === 'timeout') {
      for (const s of c.seats.filter((x) => x.role === ending?.late)) out.push({ role: s.role, kind: 'timeout', build: (ctx) => gameEndedEmail(ctx, outcome, rating(s.role)) });
    } else {
      for (const s of c.seats) out.push({ role: s.role, kind: 'game-over', build: (ctx) => gameEndedEmail(ctx, outcome, rating(s.role)) });
    }
    return out;
  }

  if (c.started) {
    // A game against the bot or the computer starts with its creator alone: that role has no seat.
    const alone = c.computer === actorRef.role ? 'The computer' : 'The bot';
    const news = actor ? `${actorRef.name} has joined as ${actorRef.role}: the game has begun.` : `${alone} plays ${actorRef.role}: the game has begun.`;
    for (const s of others) {
      out.push(
        c.pendingAfter.includes(s.role)
          ? { role: s.role, kind: 'your-turn', build: (ctx) => yourMoveEmail(ctx, [news], deadlineOf(s.role)) }
          : { role: s.role, kind: 'joined', build: (ctx) => opponentJoinedEmail(ctx, actorRef) },
      );
    }
    return out;
  }

  // Whether the cards were revealed is public (phase, turn, year): one role's views tell; the
  // others' views before the change are only needed for their news of the reveal.
  const who = c.actor.role;
  const summary = (state: unknown, role: string) => summaryOf(c.definition, c.view, state, role);
  const revealed = endsCardPlay(summary(c.stateBefore, who), summary(c.state, who));
  for (const s of c.seats) {
    if (revealed) {
      const news = newLines(summary(c.stateBefore, s.role), summary(c.state, s.role));
      out.push(
        c.pendingAfter.includes(s.role)
          ? { role: s.role, kind: 'your-turn', build: (ctx) => yourMoveEmail(ctx, news, deadlineOf(s.role)) }
          : { role: s.role, kind: 'reveal', build: (ctx) => revealEmail(ctx, news) },
      );
    } else if (c.restarted.includes(s.role) && (s.role !== c.actor.role || c.kind === 'action')) {
      // The actor too, when their own action starts a new move of theirs (finishing a regroup,
      // so a card is now due): nothing else tells them before the reminder. One who watches the
      // game live has it held, and dropped once they act (src/mail/mail-worker.ts).
      out.push({ role: s.role, kind: 'your-turn', build: (ctx) => yourMoveEmail(ctx, [], deadlineOf(s.role)) });
    }
  }
  return out;
}

/** An outbox row of an email, with its text (which the outbox may keep compressed: change/write.ts). */
export type EmailRow = Prisma.OutboxEmailCreateManyInput & { textBody: string };

/** An outbox row for one email to the player of `seat`, written from that role's view of `state`. */
export function outboxRow(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  o: {
    game: GameRef;
    definition: GameDefinition;
    state: unknown;
    seat: SeatRow;
    kind: EmailKind;
    dedupeKey: string;
    now: Date;
    build: (ctx: EmailContext) => Email;
    view?: (state: unknown, role: string) => unknown;
  },
): EmailRow {
  const view = summaryOf(o.definition, o.view, o.state, o.seat.role);
  const email = o.build({
    publicUrl: config.publicUrl,
    game: { number: o.game.number, title: o.game.title },
    gameId: o.game.id,
    recipient: { name: o.seat.user.displayName, role: o.seat.role },
    view,
    unsubscribeUrl: unsubscribeUrl(config.publicUrl, config.jwtSecret, o.seat.user.id),
  });
  return {
    kind: o.kind,
    dedupeKey: o.dedupeKey,
    toAddress: o.seat.user.email,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    userId: o.seat.user.id,
    gameId: o.game.id,
    nextAttemptAt: o.now,
    createdAt: o.now,
  };
}

/** Enqueues the emails a change causes; returns how many rows were added. */
export async function enqueueNotifications(
  tx: Prisma.TransactionClient,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  change: GameChange,
): Promise<number> {
  const rows = notificationRows(config, change);
  if (rows.length === 0) return 0;
  const { count } = await tx.outboxEmail.createMany({ data: rows, skipDuplicates: true });
  return count;
}

/** The outbox rows for the emails a change causes (change/write.ts writes them with the change). */
export function notificationRows(config: Pick<Config, 'publicUrl' | 'jwtSecret'>, change: GameChange): EmailRow[] {
  const rows: EmailRow[] = [];
  for (const p of plan(change)) {
    const seat = change.seats.find((s) => s.role === p.role);
    if (!seat || !wants(seat, p.kind)) continue;
    rows.push(
      outboxRow(config, {
        game: change.game,
        definition: change.definition,
        state: change.state,
        seat,
        kind: p.kind,
        dedupeKey: `${p.kind}:${change.game.id}:${change.version}:${p.role}`,
        now: change.now,
        build: p.build,
        ...(change.view && { view: change.view }),
      }),
    );
  }
  return rows;
}
