// Idempotency-Key support for the state-changing POSTs: the first answer to (user, key) is
// stored in the same transaction as the change, so a retry (after a timeout, a lost connection)
// gets that answer again instead of acting twice. Concurrent requests with the same key queue
// on the key: one acts, the others replay its answer.
import { createHash } from 'node:crypto';
import type { Prisma } from '../../store/prisma.js';
import { claimKey, purgeKeys, saveResponse } from '../../store/idempotency.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';

export const KEY_LIFETIME_MS = 24 * 3600 * 1000;

export interface IdempotencyKey {
  key: string;
  /** What the request was: the same key with another request is refused. */
  fingerprint: string;
}

export interface Answer<T> {
  status: number;
  body: T;
  /** True when this is the stored answer of an earlier request. */
  replayed: boolean;
}

function stable(x: unknown): string {
  if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? 'null';
  if (Array.isArray(x)) return `[${x.map(stable).join(',')}]`;
  const o = x as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .filter((k) => o[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
    .join(',')}}`;
}

/** A fingerprint of an operation on a target with a body (key order does not matter). */
export function fingerprint(operation: string, target: string, body: unknown): string {
  return createHash('sha256').update(`${operation}\n${target}\n${stable(body ?? null)}`).digest('base64url');
}

/** Runs work() once per (user, key) within the transaction `tx`; without a key, just runs it. */
export async function idempotent<T>(
  tx: Prisma.TransactionClient,
  userId: string,
  now: Date,
  key: IdempotencyKey | undefined,
  work: () => Promise<{ status: number; body: T }>,
): Promise<Answer<T>> {
  if (!key) return { ...(await work()), replayed: false };
  const claim = await claimKey(tx, { userId, key: key.key, requestHash: key.fingerprint, now, expiredBefore: new Date(now.getTime() - KEY_LIFETIME_MS) });
  if (!claim.claimed) {
    if (claim.requestHash !== key.fingerprint) {
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request; use a new key for a new request.');
    }
    if (claim.responseStatus === null) throw new AppError('conflict', 'A request with this Idempotency-Key is still being processed; retry in a moment.');
    return { status: claim.responseStatus, body: claim.responseBody as T, replayed: true };
  }
  const answer = await work();
  await saveResponse(tx, { userId, key: key.key, status: answer.status, body: answer.body as Prisma.InputJsonValue });
  return { ...answer, replayed: false };
}

/** Deletes the keys older than their lifetime (main.ts runs this every hour). */
export function purgeExpiredKeys(ctx: Pick<AppContext, 'prisma' | 'clock'>): Promise<number> {
  return purgeKeys(ctx.prisma, new Date(ctx.clock.now().getTime() - KEY_LIFETIME_MS));
}
