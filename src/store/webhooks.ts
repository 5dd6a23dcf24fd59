// Outgoing webhooks and their deliveries in Postgres (src/app/webhooks/). A delivery is an outbox
// row of its own: written in the transaction of the change that caused it (joined against the
// webhooks that want its event, so an account without one costs nothing but the join), claimed by
// the worker with FOR UPDATE SKIP LOCKED and a lease, retried with backoff, given up after a day.
import type { Db } from './games.js';
import type { Prisma } from './prisma.js';

export type WebhookFormat = 'json' | 'discord' | 'slack';

/** One event for one user, before the join picks the webhooks that want it. */
export interface WebhookEventRow {
  userId: string;
  event: string;
  /** One per event and recipient (`<kind>:<game>:<version>:<role>`, `challenge:<id>`, ...). */
  dedupeKey: string;
  payload: object;
}

/** The INSERT of deliveries for events, as one statement (game-tx.ts has the same in its write). */
export async function enqueueWebhookEvents(db: Db, rows: WebhookEventRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  return db.$executeRaw`
    INSERT INTO webhook_deliveries (webhook_id, dedupe_key, event, payload, next_attempt_at, created_at)
    SELECT w.id, x."dedupeKey", x.event, x.payload, ${now}, ${now}
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x("userId" uuid, event text, "dedupeKey" text, payload json)
      JOIN webhooks w ON w.user_id = x."userId" AND x.event = ANY (w.events)
    ON CONFLICT DO NOTHING`;
}

export interface WebhookRow {
  id: string;
  userId: string;
  url: string;
  format: WebhookFormat;
  events: string[];
  secretBox: string | null;
  createdAt: Date;
  lastDeliveryAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

const SELECT = { id: true, userId: true, url: true, format: true, events: true, secretBox: true, createdAt: true, lastDeliveryAt: true, lastError: true, lastErrorAt: true } as const;

export function insertWebhook(db: Db, data: Omit<WebhookRow, 'id' | 'lastDeliveryAt' | 'lastError' | 'lastErrorAt'>): Promise<WebhookRow> {
  return db.webhook.create({ data, select: SELECT }) as Promise<WebhookRow>;
}

export function countWebhooks(db: Db, userId: string): Promise<number> {
  return db.webhook.count({ where: { userId } });
}

/** The user's webhooks, oldest first, each with its deliveries waiting. */
export async function webhooksOf(db: Db, userId: string): Promise<(WebhookRow & { pending: number })[]> {
  const hooks = (await db.webhook.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: SELECT })) as WebhookRow[];
  if (hooks.length === 0) return [];
  const counts = await db.webhookDelivery.groupBy({ by: ['webhookId'], where: { webhookId: { in: hooks.map((h) => h.id) }, status: 'pending' }, _count: true });
  const pending = new Map(counts.map((c) => [c.webhookId, c._count]));
  return hooks.map((h) => ({ ...h, pending: pending.get(h.id) ?? 0 }));
}

export async function findWebhook(db: Db, userId: string, id: string): Promise<WebhookRow | null> {
  return (await db.webhook.findFirst({ where: { id, userId }, select: SELECT })) as WebhookRow | null;
}

/** Deletes one webhook of the user's and its deliveries; false if there is none. */
export async function deleteWebhook(db: Db, userId: string, id: string): Promise<boolean> {
  const { count } = await db.webhook.deleteMany({ where: { id, userId } });
  return count > 0;
}

export async function noteDelivered(db: Db, webhookId: string, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE webhooks SET last_delivery_at = ${now} WHERE id = ${webhookId}::uuid`;
}

/** A delivery claimed, with what sending it needs. */
export interface ClaimedDelivery {
  id: bigint;
  webhookId: string;
  eventId: string;
  event: string;
  payload: Prisma.JsonValue;
  attempts: number;
  createdAt: Date;
  url: string;
  format: WebhookFormat;
  secretBox: string | null;
}

/** Claims due deliveries (one statement; SKIP LOCKED): each is pushed a lease ahead and its attempt counted. */
export async function claimDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ${leaseUntil}
       WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${now}
                     ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, webhook_id, event_id, event, payload, attempts, created_at)
    SELECT c.id, c.webhook_id::text AS "webhookId", c.event_id::text AS "eventId", c.event, c.payload, c.attempts,
           c.created_at AS "createdAt", w.url, w.format::text AS format, w.secret_box AS "secretBox"
      FROM claimed c JOIN webhooks w ON w.id = c.webhook_id
     ORDER BY c.id`;
}

export async function markDeliverySent(db: Db, d: { id: bigint; webhookId: string }, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE webhook_deliveries SET status = 'sent', sent_at = ${now}, last_error = NULL WHERE id = ${d.id} AND status = 'pending'`;
  await noteDelivered(db, d.webhookId, now);
}

export async function retryDelivery(db: Db, id: bigint, next: Date, error: string): Promise<void> {
  await db.$executeRaw`UPDATE webhook_deliveries SET next_attempt_at = ${next}, last_error = ${error} WHERE id = ${id} AND status = 'pending'`;
}

/** Gives a delivery up: it failed for too long. Its webhook keeps the error, for Settings to show. */
export async function giveUpDelivery(db: Db, d: { id: bigint; webhookId: string }, error: string, now: Date): Promise<void> {
  await db.$executeRaw`UPDATE webhook_deliveries SET status = 'failed', last_error = ${error} WHERE id = ${d.id} AND status = 'pending'`;
  await db.$executeRaw`UPDATE webhooks SET last_error = ${error}, last_error_at = ${now} WHERE id = ${d.webhookId}::uuid`;
}

/** Deletes deliveries done (sent or given up) before `before`, a batch at a time; how many. */
export async function pruneDeliveries(db: Db, before: Date, batch = 1000): Promise<number> {
  return db.$executeRaw`
    DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ${before} LIMIT ${batch})`;
}

/** The user's deliveries (for the export): what was told, not the webhook's secret. */
export function deliveriesOf(db: Db, userId: string) {
  return db.webhookDelivery.findMany({
    where: { webhook: { userId } },
    orderBy: { id: 'asc' },
    select: { webhookId: true, eventId: true, event: true, status: true, attempts: true, createdAt: true, sentAt: true, lastError: true },
  });
}
