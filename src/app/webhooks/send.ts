// Sends one webhook delivery over HTTP(S): to the address checked for the URL's host
// (addresses.ts; the name is not looked up again), with a short timeout for the whole exchange,
// no redirect followed (a 3xx is a failure: following it could lead anywhere), and only the
// receiver's status read (a short piece of its answer kept as the error). Never logs the URL (a
// Discord or Slack URL is itself a secret) or the body.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { AddressRefused, checkedAddress, type Resolver } from './addresses.js';
import { deliveryRequest, type WebhookEvent } from './formats.js';
import type { WebhookFormat } from '../../store/webhooks.js';

/** How long one delivery may take, connection included. */
export const DELIVERY_TIMEOUT_MS = 5_000;

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
  /** Unix seconds, for the signature's timestamp. */
  now: Date;
  userAgent: string;
}

export interface SendResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
  ms: number;
}

/** The printable start of a receiver's answer, for the error its owner reads. */
const gist = (s: string) => s.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);

export async function sendDelivery(hook: { url: string; format: WebhookFormat; secret: string | null }, event: WebhookEvent, o: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'ms'>): SendResult => ({ ...r, ms: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(hook.url);
  } catch {
    return done({ delivered: false, status: null, error: 'the URL is not valid' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return done({ delivered: false, status: null, error: 'only http and https URLs are delivered to' });
  let target;
  try {
    target = await checkedAddress(url.hostname, { allowPrivate: o.allowPrivate, ...(o.resolve && { resolve: o.resolve }) });
  } catch (err) {
    return done({ delivered: false, status: null, error: err instanceof AddressRefused ? err.message : 'the host could not be checked' });
  }
  const { body, headers } = deliveryRequest(hook.format, event, { secret: hook.secret, timestamp: Math.floor(o.now.getTime() / 1000) });
  // The connection goes to the checked address, whatever the name would resolve to now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const timeoutMs = o.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        ...(url.protocol === 'https:' && { servername: url.hostname.replace(/^\[|\]$/g, '') }),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': o.userAgent },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 1024) chunks.push(c);
          size += c.length;
        });
        res.on('error', () => finish({ delivered: false, status, error: 'the answer was cut off' }));
        res.on('end', () => {
          if (status >= 200 && status < 300) return finish({ delivered: true, status, error: null });
          const said = gist(Buffer.concat(chunks).toString('utf8'));
          const why = status >= 300 && status < 400 ? `a redirect (HTTP ${status}), which Alea does not follow` : `HTTP ${status}${said ? `: ${said}` : ''}`;
          finish({ delivered: false, status, error: why });
        });
      },
    );
    const timer = setTimeout(() => {
      finish({ delivered: false, status: null, error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ delivered: false, status: null, error: `could not deliver (${err.code ?? err.message})` }));
    req.end(body);
  });
}
