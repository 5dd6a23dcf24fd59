// An account's outgoing webhooks (issue 42, as Rally the Troops has them): a URL told of the
// events its owner chose (yourMove, message, gameOver, challenge) in Alea's signed JSON, or as a
// Discord or Slack message. Made, listed, deleted and tested by their owner, signed in (the
// `account` scope). The address checks (addresses.ts) run when one is made, so that its owner
// hears at once that a URL will never be delivered to, and again at every delivery.
//
// What a webhook is told comes from the code that writes the emails (notify/webhook-events.ts for
// games, messages/ for messages, challenges/ for challenges), from its owner's side only; the
// deliveries themselves are the worker's (deliveries.ts).
import { randomUUID } from 'node:crypto';
import { countWebhooks, deleteWebhook, findWebhook, insertWebhook, noteDelivered, webhooksOf, type WebhookFormat, type WebhookRow } from '../../store/webhooks.js';
import { lockUser } from '../../store/users.js';
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';
import { AddressRefused, checkedAddress, type Resolver } from './addresses.js';
import { userAgent } from './deliveries.js';
import { newSecret, openSecret, sealSecret } from './secrets.js';
import { sendDelivery, type SendResult } from './send.js';

export const WEBHOOK_EVENTS = ['yourMove', 'message', 'gameOver', 'challenge'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Webhooks per account. */
export const MAX_WEBHOOKS = 5;
/** A webhook's test, at most once this often (per process). */
export const TEST_EVERY_MS = 60_000;

export interface WebhookView {
  id: string;
  url: string;
  format: WebhookFormat;
  events: WebhookEventType[];
  createdAt: string;
  lastDeliveryAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  pending: number;
}

function present(h: WebhookRow, pending: number): WebhookView {
  return {
    id: h.id,
    url: h.url,
    format: h.format,
    events: h.events as WebhookEventType[],
    createdAt: h.createdAt.toISOString(),
    lastDeliveryAt: h.lastDeliveryAt?.toISOString() ?? null,
    lastError: h.lastError,
    lastErrorAt: h.lastErrorAt?.toISOString() ?? null,
    pending,
  };
}

const badUrl = (message: string, detail: string) => new AppError('validation_failed', detail, { errors: [{ in: 'body', path: '/url', message }] });

/** The URL as kept, or a 400 naming /url: http(s), no credentials, a host that resolves to public addresses only. */
async function checkedUrl(ctx: ServiceContext, raw: string, resolve?: Resolver): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badUrl('is not a URL', 'The URL is not valid.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badUrl('is not http or https', 'Webhooks are delivered over http or https only.');
  if (url.username || url.password) throw badUrl('holds credentials', 'Put no user name or password in the URL (a receiver that needs a secret can check the signature).');
  if (url.hash) throw badUrl('holds a fragment', 'A URL with a #fragment is not delivered to.');
  try {
    await checkedAddress(url.hostname, { allowPrivate: ctx.config.webhooksAllowPrivate === true, ...(resolve && { resolve }) });
  } catch (err) {
    if (err instanceof AddressRefused) throw badUrl('is not a public address', `Alea does not deliver there: ${err.message}.`);
    throw err;
  }
  return url.href;
}

/** A new webhook; a json one's secret is in the answer, this once. */
export async function createWebhook(
  ctx: ServiceContext,
  userId: string,
  input: { url: string; format: WebhookFormat; events: WebhookEventType[] },
  o: { resolve?: Resolver } = {},
): Promise<WebhookView & { secret: string | null }> {
  const url = await checkedUrl(ctx, input.url, o.resolve);
  const secret = input.format === 'json' ? newSecret() : null;
  const row = await ctx.prisma.$transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw accountGone();
    if ((await countWebhooks(tx, userId)) >= MAX_WEBHOOKS) throw new AppError('conflict', `You may have at most ${MAX_WEBHOOKS} webhooks: delete one first.`, { limit: MAX_WEBHOOKS });
    return insertWebhook(tx, {
      userId,
      url,
      format: input.format,
      events: [...new Set(input.events)],
      secretBox: secret && sealSecret(secret, ctx.config.jwtSecret),
      createdAt: ctx.clock.now(),
    });
  });
  return { ...present(row, 0), secret };
}

export async function listWebhooks(ctx: ServiceContext, userId: string): Promise<{ items: WebhookView[] }> {
  return { items: (await webhooksOf(ctx.prisma, userId)).map((h) => present(h, h.pending)) };
}

export async function removeWebhook(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  if (!(await deleteWebhook(ctx.prisma, userId, id))) throw new AppError('not_found', 'You have no webhook with this id.');
}

// When each webhook was last tested, in this process.
const lastTests = new Map<string, number>();

/** Sends a `test` event now, as a delivery is sent, and answers how it went. */
export async function testWebhook(ctx: ServiceContext, userId: string, id: string, o: { resolve?: Resolver } = {}): Promise<SendResult> {
  const hook = await findWebhook(ctx.prisma, userId, id);
  if (!hook) throw new AppError('not_found', 'You have no webhook with this id.');
  const t = performance.now();
  const last = lastTests.get(id);
  if (last !== undefined && t - last < TEST_EVERY_MS) {
    const seconds = Math.ceil((TEST_EVERY_MS - (t - last)) / 1000);
    throw new AppError('rate_limited', `A webhook may be tested once a minute: retry in ${seconds} s.`, { retryAfter: seconds });
  }
  if (lastTests.size > 10_000) lastTests.clear();
  lastTests.set(id, t);
  let secret: string | null = null;
  try {
    secret = hook.secretBox ? openSecret(hook.secretBox, ctx.config.jwtSecret) : null;
  } catch {
    return { delivered: false, status: null, error: 'the signing secret cannot be read (the service secret changed): delete the webhook and add it again', ms: 0 };
  }
  const now = ctx.clock.now();
  const event = {
    id: randomUUID(),
    type: 'test',
    createdAt: now.toISOString(),
    data: { subject: 'A test from Alea', text: 'This webhook works: Alea will tell it of the events you chose.', url: `${ctx.config.publicUrl}/settings` },
  };
  const result = await sendDelivery({ url: hook.url, format: hook.format, secret }, event, {
    allowPrivate: ctx.config.webhooksAllowPrivate === true,
    now,
    userAgent: userAgent(ctx.config.publicUrl),
    ...(o.resolve && { resolve: o.resolve }),
  });
  if (result.delivered) await noteDelivered(ctx.prisma, id, ctx.clock.now());
  return result;
}
