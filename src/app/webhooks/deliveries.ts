// The worker's webhook job: sends the deliveries that changes enqueued (store/webhooks.ts), as the
// mail worker sends emails. Claims are one statement (FOR UPDATE SKIP LOCKED, a lease), so any
// number of workers share the table and each delivery is sent by one of them; a worker that dies
// mid-send leaves it to be claimed again when the lease ends (the event keeps its id, so the
// receiver can drop the duplicate). A failure is retried with backoff (30 s, doubling, at most 10
// minutes between tries) for a day from when it was enqueued; then the delivery is given up and
// its webhook keeps the error, which Settings shows. A bounded pool sends the claimed ones, each
// within send.ts's timeout. Log lines name the webhook and the delivery, never the URL or body.
import type { Clock } from '../clock.js';
import type { Config } from '../../config/config.js';
import type { PrismaClient } from '../../store/prisma.js';
import { claimDeliveries, giveUpDelivery, markDeliverySent, retryDelivery, type ClaimedDelivery } from '../../store/webhooks.js';
import type { ServiceLog } from '../context.js';
import type { WebhookEvent, WebhookEventData } from './formats.js';
import type { Resolver } from './addresses.js';
import { openSecret } from './secrets.js';
import { sendDelivery, type SendResult } from './send.js';

export interface WebhookJobOptions {
  batchSize?: number;
  concurrency?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claim lasts before another worker may take the delivery again. */
  leaseMs?: number;
  /** Retries stop this long after the event (a day). */
  giveUpAfterMs?: number;
  /** Per delivery. */
  timeoutMs?: number;
  /** Host name resolution (tests). */
  resolve?: Resolver;
}

export const WEBHOOK_DEFAULTS = {
  batchSize: 20,
  concurrency: 4,
  baseDelayMs: 30_000,
  maxDelayMs: 10 * 60_000,
  leaseMs: 2 * 60_000,
  giveUpAfterMs: 24 * 3600_000,
  timeoutMs: 5_000,
};

export interface WebhookJobDeps {
  prisma: PrismaClient;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'publicUrl' | 'webhooksAllowPrivate'>;
  log: ServiceLog;
  options?: WebhookJobOptions;
  /** Test instrumentation: called after each send, before its result is written. */
  afterSend?: (d: ClaimedDelivery, r: SendResult) => void | Promise<void>;
}

export function userAgent(publicUrl: string): string {
  return `Alea-Webhooks/1 (+${publicUrl})`;
}

/** The event a delivery carries, as sent. */
export function eventOf(d: Pick<ClaimedDelivery, 'eventId' | 'event' | 'payload' | 'createdAt'>): WebhookEvent {
  return { id: d.eventId, type: d.event, createdAt: d.createdAt.toISOString(), data: d.payload as unknown as WebhookEventData };
}

export function webhookJob(deps: WebhookJobDeps): { runOnce(): Promise<number> } {
  const o = { ...WEBHOOK_DEFAULTS, ...deps.options };
  const { prisma, clock, log } = deps;

  async function deliver(d: ClaimedDelivery): Promise<void> {
    const fields = { webhookId: d.webhookId, deliveryId: String(d.id), event: d.event, attempts: d.attempts };
    let secret: string | null = null;
    try {
      secret = d.secretBox ? openSecret(d.secretBox, deps.config.jwtSecret) : null;
    } catch {
      // Sealed under another service secret: no retry can sign it.
      await giveUpDelivery(prisma, d, 'the signing secret cannot be read (the service secret changed): delete the webhook and add it again', clock.now());
      log.error(fields, 'webhook delivery given up: its signing secret cannot be read');
      return;
    }
    const now = clock.now();
    const result = await sendDelivery({ url: d.url, format: d.format, secret }, eventOf(d), {
      allowPrivate: deps.config.webhooksAllowPrivate === true,
      timeoutMs: o.timeoutMs,
      now,
      userAgent: userAgent(deps.config.publicUrl),
      ...(o.resolve && { resolve: o.resolve }),
    });
    await deps.afterSend?.(d, result);
    const after = clock.now();
    if (result.delivered) {
      await markDeliverySent(prisma, d, after);
      log.info({ ...fields, status: result.status, ms: result.ms }, 'webhook delivered');
      return;
    }
    const error = result.error ?? 'not delivered';
    if (after.getTime() - d.createdAt.getTime() >= o.giveUpAfterMs) {
      await giveUpDelivery(prisma, d, error, after);
      log.error({ ...fields, error }, 'webhook delivery given up after a day of retries; Settings shows the error');
      return;
    }
    const delay = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** Math.min(30, Math.max(0, d.attempts - 1)));
    const next = new Date(Math.min(after.getTime() + delay, d.createdAt.getTime() + o.giveUpAfterMs));
    await retryDelivery(prisma, d.id, next, error);
    log.warn({ ...fields, error, next }, 'webhook delivery failed; will retry');
  }

  return {
    async runOnce() {
      const now = clock.now();
      const rows = await claimDeliveries(prisma, now, new Date(now.getTime() + o.leaseMs), o.batchSize);
      let next = 0;
      const lane = async () => {
        while (next < rows.length) {
          const d = rows[next++]!;
          try {
            await deliver(d);
          } catch (err) {
            log.error({ err, webhookId: d.webhookId, deliveryId: String(d.id) }, 'webhook delivery could not be recorded; it is claimed again when its lease ends');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(o.concurrency, rows.length) }, lane));
      return rows.length;
    },
  };
}
