// Who is calling. Access tokens are JWTs (HS256, @fastify/jwt) signed with JWT_SECRET, holding
// the user id (`sub`), the user's token generation (`gen`), an id of their own (`jti`, 128
// random bits) and an expiry, stamped and checked with the injected clock. A token stands while
// its user exists, its generation is the user's current one (changing the password or signing
// out everywhere raises it), and it was not signed out on its own (by its id; a token issued
// before tokens had an id goes by a digest of itself).
//
// A personal API token (`alea_pat_...`, src/app/api-tokens/) is the other kind: looked up by its
// digest, it stands on the same terms (the account's generation, its own revocation) and also
// until its expiry.
//
// Which operations need a token is read from openapi.yaml (the document's `security`, or the
// operation's own): an operation with `security: []` is public; one that lists the
// `accessTokenQuery` scheme also takes the token as `?access_token=` (Server-Sent Events,
// whose browser client cannot send headers). The scopes a requirement lists (`bearerAuth:
// [play]`) are what the token must hold (src/app/api-tokens/scopes.ts): a session token holds
// all of them, a personal token those its owner gave it; one without them gets 403
// `insufficient_scope` naming the missing one. The check runs in onRequest, before the body is
// read: a request without valid credentials gets 401 whatever else is wrong with it.
import { createHash, randomBytes } from 'node:crypto';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tokenStands, type TokenClaims } from '../app/accounts/accounts.js';
import { findPersonalToken, NEVER, PERSONAL_TOKEN_PREFIX, personalTokenId } from '../app/api-tokens/api-tokens.js';
import { isScope, SCOPE_WORDS, SESSION_SCOPES, type Scope } from '../app/api-tokens/scopes.js';
import { AppError } from '../app/errors.js';
import { operationsOf, type OpenApi } from './openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, for operations that require a token. */
    userId: string | null;
    /** What the request's access token says of itself, for operations that require one. */
    token: TokenClaims | null;
  }
  interface FastifyInstance {
    issueToken(userId: string, generation: number): { token: string; expiresAt: string };
  }
}

interface OperationSecurity {
  required: boolean;
  queryToken: boolean;
  /** The scopes the token must hold (none: any token will do). */
  scopes: Scope[];
}

/** User ids are UUIDs, written as the database writes them (lower case). */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Token ids we issue: 128 random bits, base64url. */
const TOKEN_ID = /^[\w-]{22}$/;

function securityByOperation(api: OpenApi): Map<string, OperationSecurity> {
  const doc = api.document;
  const map = new Map<string, OperationSecurity>();
  for (const { op } of operationsOf(doc)) {
    if (!op.operationId) continue;
    const requirements = op.security ?? doc.security ?? [];
    // Any empty requirement ({}) means "no credentials needed".
    const required = requirements.length > 0 && requirements.every((r) => Object.keys(r).length > 0);
    // Either way of sending the token needs the same scopes (an event stream lists both).
    const listed = [...new Set(requirements.flatMap((r) => Object.values(r).flat()))];
    const unknown = listed.find((s) => !isScope(s));
    if (unknown !== undefined) throw new Error(`openapi.yaml: operation ${op.operationId} requires the unknown scope "${unknown}"`);
    map.set(op.operationId, { required, queryToken: requirements.some((r) => 'accessTokenQuery' in r), scopes: listed as Scope[] });
  }
  return map;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

function unauthorized(reply: FastifyReply, message: string): AppError {
  reply.header('www-authenticate', 'Bearer realm="alea"');
  return new AppError('unauthorized', message);
}

/** Sets up tokens and the authentication hook on the root instance (not an encapsulated plugin). */
export async function setupAuthentication(app: FastifyInstance, { api, ttlSeconds }: { api: OpenApi; ttlSeconds: number }): Promise<void> {
  // One verifier for every request, which remembers the tokens it verified for a minute (a
  // request then costs no HMAC). Expiry is checked on every request against the injected clock
  // (the verifier's own check would use the system clock, and a verifier per request cost more
  // than the check itself).
  await app.register(jwt, {
    secret: app.config.jwtSecret,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'], ignoreExpiration: true, cache: 10_000, cacheTTL: 60_000 },
  });
  const security = securityByOperation(api);

  app.decorate('issueToken', (userId: string, generation: number) => {
    const now = app.clock.now().getTime();
    const token = app.jwt.sign({ sub: userId, gen: generation, jti: randomBytes(16).toString('base64url') }, { expiresIn: ttlSeconds, clockTimestamp: now });
    return { token, expiresAt: new Date(Math.floor(now / 1000) * 1000 + ttlSeconds * 1000).toISOString() };
  });

  /** A session token's claims (a JWT of ours), or 401. */
  function sessionClaims(token: string, reply: FastifyReply): TokenClaims {
    let payload: { sub?: unknown; gen?: unknown; exp?: unknown; jti?: unknown };
    try {
      payload = app.jwt.verify<{ sub?: unknown; gen?: unknown; exp?: unknown; jti?: unknown }>(token);
    } catch {
      throw unauthorized(reply, 'The access token is not valid: sign in again.');
    }
    if (typeof payload.exp !== 'number' || app.clock.now().getTime() > payload.exp * 1000) {
      throw unauthorized(reply, typeof payload.exp === 'number' ? 'Your access token has expired: sign in again.' : 'The access token is not valid: sign in again.');
    }
    // Every token we issue has an expiry and a user id: one without is forged or foreign.
    if (typeof payload.sub !== 'string' || !USER_ID.test(payload.sub) || !Number.isSafeInteger(payload.gen) || typeof payload.exp !== 'number') {
      throw unauthorized(reply, 'The access token is not valid: sign in again.');
    }
    if (payload.jti !== undefined && (typeof payload.jti !== 'string' || !TOKEN_ID.test(payload.jti))) {
      throw unauthorized(reply, 'The access token is not valid: sign in again.');
    }
    return {
      userId: payload.sub,
      // Tokens issued before they had an id are known by a digest of themselves (one per token).
      tokenId: payload.jti ?? `sha256:${createHash('sha256').update(token).digest('base64url')}`,
      generation: payload.gen as number,
      expiresAt: new Date(payload.exp * 1000),
      scopes: SESSION_SCOPES,
    };
  }

  /** A personal API token's claims, or 401. */
  async function personalClaims(token: string, reply: FastifyReply): Promise<TokenClaims> {
    const found = await findPersonalToken(app.services, token);
    if (found === 'unknown') throw unauthorized(reply, 'This API token is not valid (revoked, or never made): make a new one in Settings.');
    if (found === 'expired') throw unauthorized(reply, 'This API token has expired: make a new one in Settings.');
    return {
      userId: found.userId,
      tokenId: personalTokenId(found.id),
      generation: found.generation,
      expiresAt: found.expiresAt ?? NEVER,
      scopes: found.scopes,
      personalTokenId: found.id,
    };
  }

  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (request, reply) => {
    const operationId = request.routeOptions.config?.operationId;
    const sec = operationId ? security.get(operationId) : undefined;
    if (!sec?.required) return;
    const fromQuery = sec.queryToken ? (request.query as Record<string, unknown> | undefined)?.access_token : undefined;
    const token = bearer(request) ?? (typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined);
    if (!token) throw unauthorized(reply, 'Sign in first: send your access token as "Authorization: Bearer <token>".');
    const claims = token.startsWith(PERSONAL_TOKEN_PREFIX) ? await personalClaims(token, reply) : sessionClaims(token, reply);
    const stands = await tokenStands(app.services, claims);
    if (stands === 'gone') throw unauthorized(reply, 'This account no longer exists.');
    if (stands === 'revoked') {
      throw unauthorized(reply, `This ${claims.personalTokenId ? 'API' : 'access'} token was revoked (password changed, or signed out everywhere)${claims.personalTokenId ? ': make a new one in Settings.' : ': sign in again.'}`);
    }
    if (stands === 'signed-out') throw unauthorized(reply, claims.personalTokenId ? 'This API token was revoked: make a new one in Settings.' : 'This access token was signed out: sign in again.');
    const missing = sec.scopes.find((s) => !claims.scopes.includes(s));
    if (missing) {
      reply.header('www-authenticate', `Bearer realm="alea", error="insufficient_scope", scope="${missing}"`);
      throw new AppError('insufficient_scope', `This token does not have the "${missing}" scope (${SCOPE_WORDS[missing]}).`, { scope: missing });
    }
    request.userId = claims.userId;
    request.token = claims;
  });
}

/** The caller's access token in a handler of an operation that requires one. */
export function tokenOf(request: FastifyRequest): TokenClaims {
  if (!request.token) throw new Error(`operation ${request.routeOptions.config?.operationId} has no security requirement`);
  return request.token;
}

/** The caller's user id in a handler of an operation that requires a token. */
export function userOf(request: FastifyRequest): string {
  if (!request.userId) throw new Error(`operation ${request.routeOptions.config?.operationId} has no security requirement`);
  return request.userId;
}
