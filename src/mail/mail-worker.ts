// The outbox worker: sends the emails that transactions enqueued in the `outbox` table.
//
// - Claiming is one statement (`FOR UPDATE SKIP LOCKED` inside an UPDATE ... RETURNING), so any
//   number of workers, in any number of processes, can share one database: each row is claimed by
//   one of them. A claim pushes the row's next attempt one lease into the future and counts the
//   attempt; nothing is held open while the SMTP conversation runs.
// - A worker that dies after claiming (before or after sending) leaves the row pending: it is
//   claimed again when the lease runs out. Each row has one stable Message-ID, so a resend after
//   a crash between "sent" and "marked" carries the same id and receivers can drop it.
// - An email is retried, with exponential backoff capped at maxDelayMs, for as long as it is
//   useful (usefulUntil below), never for a fixed number of attempts: an SMTP outage of any
//   length loses nothing that still matters. When it stops being useful it becomes `expired`
//   (logged at error level; `npm run outbox` lists and re-queues) or, if it was never tried,
//   `dropped` (the player made the move before we sent it: nothing was lost).
// - The claimed rows are sent by a bounded pool (concurrency); the transport's timeouts bound each
//   conversation. A circuit breaker stops claiming after `breakerThreshold` failures in a row and
//   probes with one email every breakerOpenMs, so a dead server costs one attempt per interval
//   instead of one per email (attempts do not pile up while it is open).
// - Just before sending, `amend` may add to an email (the messages of its game that ride along),
//   drop it, or postpone it (src/app/messages/message-emails.ts; wired by src/worker.ts).
// - A "your move" to a player who has that game open live (game_presence, written by their
//   event stream in whichever API instance holds it) is held for holdMs after the move began; if
//   they move meanwhile it is dropped.

import type { Clock } from '../app/clock.js';
import type { Logger } from '../logger.js';
import type { PrismaClient } from '../store/prisma.js';
import { bodiesOf } from '../store/outbox-body.js';
import type { MailTransport, OutgoingMail } from './transport.js';

export interface OutboxRow {
  id: bigint;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string | null;
  body_z: Uint8Array | null;
  html_body: string | null;
  user_id: string | null;
  game_id: string | null;
  attempts: number;
}

/**
 * What becomes of an email just before it is sent (MailWorkerDeps.amend): sent with other words
 * (then `sent` runs once it is), dropped unsent, or postponed (the attempt does not count); null:
 * sent as it is.
 */
export type Amendment =
  | { send: { subject: string; text: string; html: string | null }; sent: () => Promise<void> }
  | { drop: string }
  | { postponeUntil: Date; why: string }
  | null;

export interface MailWorkerOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** Parallel SMTP conversations per worker. */
  concurrency?: number;
  /** First retry delay; doubles each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  /** The cap: once SMTP is back, every email goes out within this long. */
  maxDelayMs?: number;
  /** How long a claim lasts before another worker may take the row again. */
  leaseMs?: number;
  /** Failed sends in a row that open the circuit breaker. */
  breakerThreshold?: number;
  /** How long the breaker stays open before one probe email is tried. */
  breakerOpenMs?: number;
  /** How long a "your move" waits for a player who is watching the game live. */
  holdMs?: number;
}

export interface MailWorkerDeps {
  prisma: PrismaClient;
  transport: MailTransport;
  clock: Clock;
  logger: Logger;
  mailFrom: string;
  /** Host part of Message-IDs (the PUBLIC_URL's host). */
  messageIdHost: string;
  /** Extra headers for one row (List-Unsubscribe for the user it goes to). */
  headersFor?: (row: OutboxRow) => Record<string, string>;
  /**
   * Asked just before each email is sent (the messages of a game ride along: src/app/messages/
   * message-emails.ts). A failure counts as a failed send.
   */
  amend?: (row: OutboxRow, mail: { subject: string; text: string; html: string | null }) => Promise<Amendment>;
  /** Test instrumentation: called after the claim commits, and after the send returns. */
  hooks?: { afterClaim?: (rows: OutboxRow[]) => void | Promise<void>; afterSend?: (row: OutboxRow) => void | Promise<void> };
  options?: MailWorkerOptions;
}

/** The process-level worker (src/worker.ts) decides when rounds run. */
export interface MailWorker {
  /** One round: settle useless rows, claim due rows, send them, record the results. Returns how many were claimed. */
  runOnce(): Promise<number>;
  /** Is the circuit breaker open (sending paused after repeated failures)? */
  breakerOpen(): boolean;
}

export const MAIL_DEFAULTS: Required<MailWorkerOptions> = {
  batchSize: 20,
  concurrency: 4,
  baseDelayMs: 30_000,
  maxDelayMs: 10 * 60_000,
  leaseMs: 5 * 60_000,
  breakerThreshold: 5,
  breakerOpenMs: 60_000,
  holdMs: 3 * 60_000,
};

const HOUR = 3600_000;

/**
 * How long each kind of email is worth retrying, from when it was enqueued (a row's expires_at,
 * set by a re-queue, overrides it). "your-turn" and "reminder" also stop when the move they
 * announce is made (their seat is no longer pending since before the email), and a reminder at
 * its deadline, when the overdue machinery takes over.
 */
export const USEFUL_FOR_MS: Record<string, number> = {
  'your-turn': 48 * HOUR,
  reminder: 48 * HOUR,
  overdue: 48 * HOUR,
  'password-reset': 1 * HOUR,
  'email-confirmation': 48 * HOUR,
  digest: 24 * HOUR,
};
/** Game news (reveal, joined, game-over, resigned, timeout): a week, after which the game page says it better. */
export const DEFAULT_USEFUL_FOR_MS = 7 * 24 * HOUR;

export function usefulForMs(kind: string): number {
  return USEFUL_FOR_MS[kind] ?? DEFAULT_USEFUL_FOR_MS;
}

export function messageIdFor(id: bigint | number | string, host: string): string {
  return `<alea.outbox.${id}@${host}>`;
}

export function retryDelayMs(attempts: number, o: Pick<Required<MailWorkerOptions>, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

/** SQL for "when this row stops being useful" (by kind, unless a re-queue set expires_at). */
function usefulUntilSql(): string {
  const cases = Object.entries(USEFUL_FOR_MS)
    .map(([kind, ms]) => `WHEN '${kind}' THEN o.created_at + interval '${ms / 1000} seconds'`)
    .join(' ');
  return `COALESCE(o.expires_at, CASE o.kind ${cases} ELSE o.created_at + interval '${DEFAULT_USEFUL_FOR_MS / 1000} seconds' END)`;
}

// A "your move" or reminder is moot once its recipient's seat is no longer in the move that was
// pending when it was enqueued (src/app/games/change/seat-clocks.ts keeps pending_since for as
// long as the move lasts).
const MOVE_MADE_SQL = `o.kind IN ('your-turn', 'reminder') AND o.game_id IS NOT NULL AND o.user_id IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM game_players p JOIN games g ON g.id = p.game_id
  WHERE p.game_id = o.game_id AND p.user_id = o.user_id AND g.status = 'active'
    AND p.pending_since IS NOT NULL AND p.pending_since <= o.created_at
    AND (o.kind <> 'reminder' OR p.deadline IS NULL OR p.deadline > $1))`;

// A "your move" never tried is moot once a newer one asks the same player about the same game
// (a reveal during a move that continues enqueues one with the news): the player gets the
// latest, not two. Held rows too: they would otherwise both go out when their hold ends.
const SUPERSEDED_SQL = `o.kind = 'your-turn' AND o.attempts = 0 AND o.game_id IS NOT NULL AND o.user_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM outbox n WHERE n.game_id = o.game_id AND n.user_id = o.user_id AND n.kind = 'your-turn' AND n.id > o.id)`;

// A confirmation link never tried is moot once the address it confirms is the user's, confirmed
// (a newer link was used, or the password reset's).
const CONFIRMED_SQL = `o.kind = 'email-confirmation' AND o.attempts = 0 AND o.user_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM users u WHERE u.id = o.user_id AND u.email = o.to_address AND u.email_verified_at IS NOT NULL)`;

interface SettledRow {
  id: bigint;
  kind: string;
  attempts: number;
  status: string;
  last_error: string | null;
}

export function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const o = { ...MAIL_DEFAULTS, ...deps.options };
  const { prisma, clock, logger } = deps;
  let failuresInARow = 0;
  let openUntil = 0;

  /** Rows that are no longer worth sending: `expired` if we had tried, `dropped` if not. */
  async function settle(now: Date): Promise<void> {
    const rows = await prisma.$queryRawUnsafe<SettledRow[]>(
      `UPDATE outbox o SET status = (CASE WHEN o.attempts > 0 OR ${usefulUntilSql()} <= $1 THEN 'expired' ELSE 'dropped' END)::outbox_status
       WHERE o.id IN (SELECT o.id FROM outbox o WHERE o.status = 'pending'
                      AND ((o.next_attempt_at <= $1 AND (${usefulUntilSql()} <= $1 OR (${MOVE_MADE_SQL}))) OR (${SUPERSEDED_SQL}) OR (${CONFIRMED_SQL}))
                      FOR UPDATE SKIP LOCKED)
       RETURNING o.id, o.kind, o.attempts, o.status::text AS status, o.last_error`,
      now,
    );
    for (const r of rows) {
      const fields = { outboxId: String(r.id), kind: r.kind, attempts: r.attempts, lastError: r.last_error };
      if (r.status === 'expired') logger.error(fields, 'email expired unsent (no longer useful); `npm run outbox` lists it');
      else logger.info(fields, 'email dropped: no longer needed (the move was made, a newer "your move" replaces it, or the address is confirmed)');
    }
  }

  /** Postpones "your move" rows whose recipient is watching that game live, until the hold ends. */
  async function hold(now: Date): Promise<void> {
    await prisma.$executeRawUnsafe(
      `UPDATE outbox o SET next_attempt_at = o.created_at + ($2::bigint * interval '1 millisecond')
       WHERE o.status = 'pending' AND o.kind = 'your-turn' AND o.attempts = 0 AND o.next_attempt_at <= $1
         AND o.created_at + ($2::bigint * interval '1 millisecond') > $1
         AND EXISTS (SELECT 1 FROM game_presence gp WHERE gp.user_id = o.user_id AND gp.game_id = o.game_id AND gp.expires_at > $1)`,
      now,
      o.holdMs,
    );
  }

  async function claim(now: Date, limit: number): Promise<OutboxRow[]> {
    const until = new Date(now.getTime() + o.leaseMs);
    return prisma.$queryRaw<OutboxRow[]>`
      UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ${until}
      WHERE id IN (
        SELECT id FROM outbox
        WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, to_address, subject, text_body, html_body, body_z, user_id, game_id::text AS game_id, attempts`;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const body = bodiesOf({ textBody: row.text_body, htmlBody: row.html_body, bodyZ: row.body_z });
    let content = { subject: row.subject, text: body.text, html: body.html ?? null };
    let amended: Amendment = null;
    try {
      amended = deps.amend ? await deps.amend(row, content) : null;
      if (amended && 'drop' in amended) {
        await prisma.$executeRaw`UPDATE outbox SET status = 'dropped'::outbox_status, attempts = attempts - 1 WHERE id = ${row.id} AND status = 'pending'`;
        logger.info({ outboxId: String(row.id), kind: row.kind, why: amended.drop }, 'email dropped: nothing left to tell');
        return;
      }
      if (amended && 'postponeUntil' in amended) {
        await prisma.$executeRaw`UPDATE outbox SET next_attempt_at = ${amended.postponeUntil}, attempts = attempts - 1 WHERE id = ${row.id} AND status = 'pending'`;
        logger.info({ outboxId: String(row.id), kind: row.kind, why: amended.why, until: amended.postponeUntil }, 'email postponed');
        return;
      }
      if (amended) content = amended.send;
    } catch (err) {
      // Not SMTP's fault: retried like a failed send, without counting towards the breaker.
      const next = new Date(clock.now().getTime() + retryDelayMs(row.attempts, o));
      await prisma.$executeRaw`UPDATE outbox SET last_error = ${String(err).slice(0, 2000)}, next_attempt_at = ${next} WHERE id = ${row.id} AND status = 'pending'`;
      logger.warn({ outboxId: String(row.id), kind: row.kind, err, next }, 'email not sent: could not add what rides along; will retry');
      return;
    }
    const mail: OutgoingMail = {
      messageId: messageIdFor(row.id, deps.messageIdHost),
      from: deps.mailFrom,
      to: row.to_address,
      subject: content.subject,
      text: content.text,
      ...(content.html ? { html: content.html } : {}),
      headers: deps.headersFor?.(row) ?? {},
    };
    try {
      await deps.transport.send(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      failuresInARow++;
      if (failuresInARow >= o.breakerThreshold && openUntil <= clock.now().getTime()) {
        openUntil = clock.now().getTime() + o.breakerOpenMs;
        logger.error({ failuresInARow, err: message, retryInMs: o.breakerOpenMs }, 'SMTP keeps failing: pausing sends (circuit breaker open)');
      }
      const next = new Date(clock.now().getTime() + retryDelayMs(row.attempts, o));
      await prisma.$executeRaw`
        UPDATE outbox SET last_error = ${message.slice(0, 2000)}, next_attempt_at = ${next}
        WHERE id = ${row.id} AND status = 'pending'`;
      logger.warn({ outboxId: String(row.id), kind: row.kind, attempts: row.attempts, err: message, next }, 'email failed; will retry while it is useful');
      return;
    }
    if (failuresInARow >= o.breakerThreshold) logger.info('SMTP answers again: circuit breaker closed');
    failuresInARow = 0;
    openUntil = 0;
    await deps.hooks?.afterSend?.(row);
    await prisma.$executeRaw`
      UPDATE outbox SET status = 'sent'::outbox_status, sent_at = ${clock.now()}, last_error = NULL
      WHERE id = ${row.id} AND status = 'pending'`;
    if (amended && 'sent' in amended) await amended.sent();
    logger.info({ outboxId: String(row.id), kind: row.kind }, 'email sent');
  }

  /** A bounded pool: at most `concurrency` conversations at once. */
  async function sendAll(rows: OutboxRow[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        // A breaker that opened mid-batch: give the rest back at once (not counted as attempts).
        if (breakerIsOpen()) {
          await prisma.$executeRaw`UPDATE outbox SET attempts = attempts - 1, next_attempt_at = ${new Date(openUntil)} WHERE id = ${row.id} AND status = 'pending'`;
          continue;
        }
        await deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.concurrency, rows.length) }, lane));
  }

  const breakerIsOpen = () => failuresInARow >= o.breakerThreshold && clock.now().getTime() < openUntil;

  async function runOnce(): Promise<number> {
    const now = clock.now();
    await settle(now);
    await hold(now);
    if (breakerIsOpen()) return 0;
    // Half open (the breaker's time is up, the server has not answered yet): one probe.
    const halfOpen = failuresInARow >= o.breakerThreshold;
    const rows = await claim(now, halfOpen ? 1 : o.batchSize);
    if (rows.length === 0) return 0;
    await deps.hooks?.afterClaim?.(rows);
    await sendAll(rows);
    return rows.length;
  }

  return { runOnce, breakerOpen: breakerIsOpen };
}
