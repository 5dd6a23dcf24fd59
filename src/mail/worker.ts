// The outbox worker: sends the emails that transactions enqueued in the `outbox` table.
//
// - Claiming is one statement (`FOR UPDATE SKIP LOCKED` inside an UPDATE ... RETURNING), so any
//   number of workers, in any number of processes, can share one database: each row is claimed by
//   one of them. A claim pushes the row's next attempt one lease into the future and counts the
//   attempt; nothing is held open while the SMTP conversation runs.
// - A worker that dies after claiming (before or after sending) leaves the row pending: it is
//   claimed again when the lease runs out. Each row has one stable Message-ID, so a resend after
//   a crash between "sent" and "marked" carries the same id and receivers can drop it.
// - Failures retry with exponential backoff; after maxAttempts the row is kept as `failed` with
//   its last error.

import type { Clock } from '../app/clock.js';
import type { Logger } from '../logger.js';
import type { PrismaClient } from '../store/prisma.js';
import type { MailTransport, OutgoingMail } from './transport.js';

export interface OutboxRow {
  id: bigint;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  user_id: string | null;
  attempts: number;
}

export interface MailWorkerOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** Attempts before a row is marked failed. */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claim lasts before another worker may take the row again. */
  leaseMs?: number;
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
  /** Test instrumentation: called after the claim commits, and after the send returns. */
  hooks?: { afterClaim?: (rows: OutboxRow[]) => void | Promise<void>; afterSend?: (row: OutboxRow) => void | Promise<void> };
  options?: MailWorkerOptions;
}

/** The process-level worker (src/worker.ts) decides when rounds run. */
export interface MailWorker {
  /** One round: claim due rows, send them, record the results. Returns how many were claimed. */
  runOnce(): Promise<number>;
}

const DEFAULTS: Required<MailWorkerOptions> = {
  batchSize: 20,
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 3600_000,
  leaseMs: 5 * 60_000,
};

export function messageIdFor(id: bigint | number | string, host: string): string {
  return `<alea.outbox.${id}@${host}>`;
}

export function retryDelayMs(attempts: number, o: Required<MailWorkerOptions>): number {
  return Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export function createMailWorker(deps: MailWorkerDeps): MailWorker {
  const o = { ...DEFAULTS, ...deps.options };
  const { prisma, clock, logger } = deps;

  async function claim(): Promise<OutboxRow[]> {
    const now = clock.now();
    const until = new Date(now.getTime() + o.leaseMs);
    return prisma.$queryRaw<OutboxRow[]>`
      UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ${until}
      WHERE id IN (
        SELECT id FROM outbox
        WHERE status = 'pending' AND next_attempt_at <= ${now}
        ORDER BY next_attempt_at, id
        LIMIT ${o.batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, to_address, subject, text_body, html_body, user_id, attempts`;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const mail: OutgoingMail = {
      messageId: messageIdFor(row.id, deps.messageIdHost),
      from: deps.mailFrom,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
      headers: deps.headersFor?.(row) ?? {},
    };
    try {
      await deps.transport.send(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= o.maxAttempts;
      const next = new Date(clock.now().getTime() + retryDelayMs(row.attempts, o));
      await prisma.$executeRaw`
        UPDATE outbox SET status = ${failed ? 'failed' : 'pending'}::outbox_status, last_error = ${message.slice(0, 2000)},
          next_attempt_at = ${next}
        WHERE id = ${row.id} AND status = 'pending'`;
      logger.warn({ outboxId: String(row.id), kind: row.kind, attempts: row.attempts, failed, err: message }, failed ? 'email failed for good' : 'email failed; will retry');
      return;
    }
    await deps.hooks?.afterSend?.(row);
    await prisma.$executeRaw`
      UPDATE outbox SET status = 'sent'::outbox_status, sent_at = ${clock.now()}, last_error = NULL
      WHERE id = ${row.id} AND status = 'pending'`;
    logger.info({ outboxId: String(row.id), kind: row.kind }, 'email sent');
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    if (rows.length === 0) return 0;
    await deps.hooks?.afterClaim?.(rows);
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  return { runOnce };
}
