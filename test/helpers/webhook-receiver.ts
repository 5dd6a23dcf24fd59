// A real HTTP receiver of webhooks on this machine, for tests: it records every request (headers
// and body) and answers as the test tells it (a status, an outage, a redirect, silence). The
// test server must allow private addresses (config webhooksAllowPrivate) to reach it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered: a status (200 by default), a redirect, or no answer at all. */
  answer: (r: Received) => { status: number; headers?: Record<string, string>; body?: string } | 'hang';
}

export async function webhookReceiver(t: Test, path = '/hook'): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], answer: () => ({ status: 204 }) };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON
      }
      const r: Received = { path: req.url ?? '', headers: req.headers, body, json };
      receiver.received.push(r);
      const a = receiver.answer(r);
      if (a === 'hang') return;
      res.writeHead(a.status, a.headers);
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())).then(() => void server.closeAllConnections()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/**
 * What a receiver does with a json delivery: the signature must be the HMAC-SHA256 of the
 * timestamp and the body under the secret, and the timestamp within 5 minutes of `now` (a replay
 * of an old delivery is refused). Returns why it is refused, or null.
 */
export function refusal(r: Received, secret: string, now: Date): string | null {
  const ts = Number(r.headers['x-alea-timestamp']);
  const sig = String(r.headers['x-alea-signature'] ?? '');
  if (!Number.isInteger(ts)) return 'no timestamp';
  if (Math.abs(now.getTime() / 1000 - ts) > 300) return 'too old: a replay';
  const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`;
  if (sig.length !== expected.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return 'bad signature';
  return null;
}
