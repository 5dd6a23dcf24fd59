// What a webhook delivery says, in each of the three formats: Alea's own JSON, signed
// (HMAC-SHA256 over the timestamp and the body, so a receiver can check who sent it and refuse a
// replay), or a Discord or Slack incoming webhook's message. The event's content comes from the
// same code that writes the emails (src/app/notify/webhook-events.ts), from its recipient's view.
import { createHmac } from 'node:crypto';
import type { WebhookFormat } from '../../store/webhooks.js';

/** What every event tells (WebhookEventData in openapi.yaml). */
export interface WebhookEventData {
  subject: string;
  text: string;
  url: string;
  game?: { id: string; number: number; title: string; role: string };
  challenge?: string;
}

/** One event as delivered: its id is the same on every retry. */
export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  data: WebhookEventData;
}

/** `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`): what X-Alea-Signature carries. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

// Discord allows 2,000 characters of content; Slack about 40,000 (a few lines are plenty).
const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

/** Slack's mrkdwn needs &, < and > escaped (its links are <url|text>). */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The request body and headers of one delivery (`timestamp` in Unix seconds). */
export function deliveryRequest(format: WebhookFormat, event: WebhookEvent, o: { secret: string | null; timestamp: number }): { body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-alea-event': event.type, 'x-alea-event-id': event.id };
  if (format === 'discord') {
    const content = clip(`**${event.data.subject}**\n${event.data.text}\n${event.data.url}`, 2000);
    // No pings: a name in a game or a message never mentions anyone in the channel.
    return { body: JSON.stringify({ username: 'Alea', content, allowed_mentions: { parse: [] } }), headers };
  }
  if (format === 'slack') {
    const text = clip(`*${slackEscape(event.data.subject)}*\n${slackEscape(event.data.text)}\n<${event.data.url}|Open on Alea>`, 3000);
    return { body: JSON.stringify({ text }), headers };
  }
  const body = JSON.stringify(event);
  headers['x-alea-timestamp'] = String(o.timestamp);
  if (o.secret) headers['x-alea-signature'] = signature(o.secret, o.timestamp, body);
  return { body, headers };
}
