// Personal API tokens: what a bot, an app or a script signs in with (as Lichess gives them). Made
// by the account's owner, signed in, with a name, scopes (scopes.ts) and maybe an expiry; the
// token is shown once, in the answer that makes it, and kept only as its SHA-256. A token is
// `alea_pat_` and 256 random bits (base64url): recognisable in a leaked file or a log, and
// too long to guess, so a plain digest is enough to look it up by.
//
// A token stands while its account exists, while the account's token generation is the one it
// was made in (a password changed or reset, or "sign out everywhere", raises it: the owner's
// tokens die with their sessions), until it expires, and until its owner revokes it (the row goes,
// and the revocation is announced to every instance as a sign-out is, so event streams opened with
// it end). A request's check costs nothing while this process remembers the token (10 s, as
// token generations are remembered) and one statement otherwise; its "last used" is written at
// most once a minute.
import { createHash, randomBytes } from 'node:crypto';
import { apiTokenByHash, deleteApiToken, insertApiToken, liveApiTokens, touchApiToken, type ApiTokenRow } from '../../store/api-tokens.js';
import { findUserById, lockUser, revokeToken } from '../../store/users.js';
import type { ServiceContext } from '../context.js';
import { accountGone, AppError } from '../errors.js';
import type { TokenGenerations } from '../token-generations.js';
import { PERSONAL_SCOPES, type Scope } from './scopes.js';

export const PERSONAL_TOKEN_PREFIX = 'alea_pat_';
const TOKEN_SHAPE = /^alea_pat_[\w-]{43}$/;

/** Personal tokens per account. */
export const MAX_TOKENS = 20;
/** "Last used" is written at most this often per token. */
export const LAST_USED_EVERY_MS = 60_000;
/** The expiry of a token that has none, where a date is needed. */
export const NEVER = new Date('9999-12-31T00:00:00.000Z');
/** A token's id in revocations and the memory of signed-out tokens (a session token's is its jti). */
export const personalTokenId = (id: string) => `pat:${id}`;

/** A token as its owner sees it in the list: never the token itself. */
export interface ApiTokenView {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

function present(r: ApiTokenRow): ApiTokenView {
  return {
    id: r.id,
    name: r.name,
    scopes: r.scopes as Scope[],
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  };
}

export const digestOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const field = (path: string, message: string) => ({ errors: [{ in: 'body', path, message }] });

/** A new token, shown this once (`token`). */
export async function createApiToken(
  ctx: ServiceContext,
  userId: string,
  input: { name: string; scopes: Scope[]; expiresAt?: string | null },
): Promise<ApiTokenView & { token: string }> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name || /[\p{Cc}]/u.test(name)) throw new AppError('validation_failed', 'Give the token a name you will recognise.', field('/name', 'is empty or holds control characters'));
  const scopes = [...new Set(input.scopes)];
  const refused = scopes.find((s) => !PERSONAL_SCOPES.includes(s));
  if (refused) {
    throw new AppError('validation_failed', `A personal token may have the scopes ${PERSONAL_SCOPES.join(', ')}; "${refused}" is for signing in only.`, field('/scopes', `may not include ${refused}`));
  }
  const now = ctx.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new AppError('validation_failed', 'The expiry must be in the future.', field('/expiresAt', 'is not in the future'));
  const token = `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.prisma.$transaction(async (tx) => {
    // Under the account's lock: two creations at once do not both pass the count.
    const user = await lockUser(tx, userId);
    if (!user) throw accountGone();
    const live = await liveApiTokens(tx, userId, now);
    if (live.length >= MAX_TOKENS) throw new AppError('conflict', `You may have at most ${MAX_TOKENS} API tokens: revoke one first.`, { limit: MAX_TOKENS });
    return insertApiToken(tx, { userId, name, scopes, generation: user.tokenGeneration, createdAt: now, expiresAt, tokenHash: digestOf(token) });
  });
  return { ...present(row), token };
}

export async function listApiTokens(ctx: ServiceContext, userId: string): Promise<{ items: ApiTokenView[] }> {
  if (!(await findUserById(ctx.prisma, userId))) throw accountGone();
  return { items: (await liveApiTokens(ctx.prisma, userId, ctx.clock.now())).map(present) };
}

/** Revokes one token of the caller's, at once on every instance (404 if there is none by that id). */
export async function revokeApiToken(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  const now = ctx.clock.now();
  const deleted = await ctx.prisma.$transaction(async (tx) => {
    const row = await deleteApiToken(tx, userId, id);
    // Signed out as a session token is, by its id, until it would have expired: an event stream
    // opened with it checks that (routes/events.ts), and an instance that missed the announcement
    // refuses it at its next check.
    if (row) await revokeToken(tx, { tokenId: personalTokenId(id), userId, expiresAt: row.expiresAt ?? NEVER, now });
    return row;
  });
  if (!deleted) throw new AppError('not_found', 'You have no API token with this id.');
  const revocation = { userId, tokenId: personalTokenId(id) };
  ctx.tokenGenerations.rememberToken(revocation.tokenId, true);
  ctx.events.publishRevocation(revocation);
}

/** What a personal token says of itself, once found. */
export interface PersonalToken {
  id: string;
  userId: string;
  scopes: Scope[];
  generation: number;
  expiresAt: Date | null;
}

interface Memory {
  byDigest: Map<string, { token: PersonalToken | null; until: number }>;
  lastUsed: Map<string, number>;
}
// One memory per service context (a server), beside its memory of token generations.
const memories = new WeakMap<TokenGenerations, Memory>();
function memoryOf(ctx: ServiceContext): Memory {
  let m = memories.get(ctx.tokenGenerations);
  if (!m) memories.set(ctx.tokenGenerations, (m = { byDigest: new Map(), lastUsed: new Map() }));
  return m;
}

/**
 * The personal token this string is, if it is one of ours that still exists and has not expired
 * (whether its generation and its revocation let it stand is tokenStands' question, as for a
 * session token: accounts.ts). Remembered for as long as token generations are.
 */
export async function findPersonalToken(ctx: ServiceContext, token: string): Promise<PersonalToken | 'unknown' | 'expired'> {
  if (!TOKEN_SHAPE.test(token)) return 'unknown';
  const memory = memoryOf(ctx);
  const digest = digestOf(token);
  const t = performance.now();
  let found = memory.byDigest.get(digest);
  if (!found || found.until <= t) {
    const row = await apiTokenByHash(ctx.prisma, digest);
    const value = row ? { id: row.id, userId: row.userId, scopes: row.scopes as Scope[], generation: row.generation, expiresAt: row.expiresAt } : null;
    if (row) ctx.tokenGenerations.remember(row.userId, row.userGeneration);
    found = { token: value, until: t + ctx.security.tokenGenerationCacheMs };
    if (memory.byDigest.size >= 100_000) memory.byDigest.clear();
    if (ctx.security.tokenGenerationCacheMs > 0) memory.byDigest.set(digest, found);
  }
  if (!found.token) return 'unknown';
  const now = ctx.clock.now().getTime();
  if (found.token.expiresAt && found.token.expiresAt.getTime() <= now) return 'expired';
  noteUse(ctx, memory, found.token.id, now);
  return found.token;
}

/** Writes "last used" now if this process has not for a minute (the statement also skips a recent one). */
function noteUse(ctx: ServiceContext, memory: Memory, id: string, now: number): void {
  const last = memory.lastUsed.get(id);
  if (last !== undefined && now - last < LAST_USED_EVERY_MS && now >= last) return;
  if (memory.lastUsed.size >= 100_000) memory.lastUsed.clear();
  memory.lastUsed.set(id, now);
  ctx.background.run(
    () => touchApiToken(ctx.prisma, id, new Date(now), LAST_USED_EVERY_MS),
    (err) => ctx.log.warn({ err, apiTokenId: id }, 'could not note the use of an API token'),
  );
}
