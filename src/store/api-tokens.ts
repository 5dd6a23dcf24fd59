// Personal API tokens in Postgres (src/app/api-tokens/): rows keep a digest of the token, never
// the token. A request's token is found by its digest, with what its check needs, in one statement.
import type { Db } from './games.js';

export interface ApiTokenRow {
  id: string;
  userId: string;
  name: string;
  scopes: string[];
  generation: number;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const SELECT = { id: true, userId: true, name: true, scopes: true, generation: true, createdAt: true, expiresAt: true, lastUsedAt: true } as const;

export function insertApiToken(db: Db, data: Omit<ApiTokenRow, 'id' | 'lastUsedAt'> & { tokenHash: string }): Promise<ApiTokenRow> {
  return db.apiToken.create({ data, select: SELECT });
}

/**
 * The user's tokens that still stand (made in the account's current token generation, not
 * expired), newest first. Those that no longer stand are deleted first: they never work again.
 */
export async function liveApiTokens(db: Db, userId: string, now: Date): Promise<ApiTokenRow[]> {
  await db.$executeRaw`
    DELETE FROM api_tokens t USING users u
     WHERE t.user_id = ${userId}::uuid AND u.id = t.user_id AND (t.generation <> u.token_generation OR t.expires_at <= ${now})`;
  return db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, select: SELECT });
}

/** Deletes one token of the user's; null if there is none by that id, else when it would have expired. */
export async function deleteApiToken(db: Db, userId: string, id: string): Promise<{ expiresAt: Date | null } | null> {
  const rows = await db.$queryRaw<{ expires_at: Date | null }[]>`
    DELETE FROM api_tokens WHERE id = ${id}::uuid AND user_id = ${userId}::uuid RETURNING expires_at`;
  return rows[0] ? { expiresAt: rows[0].expires_at } : null;
}

/** The token whose digest this is, with its account's current generation (null: no account, or a deleted one). */
export async function apiTokenByHash(db: Db, tokenHash: string): Promise<(ApiTokenRow & { userGeneration: number | null }) | null> {
  const rows = await db.$queryRaw<(ApiTokenRow & { userGeneration: number | null })[]>`
    SELECT t.id::text, t.user_id::text AS "userId", t.name, t.scopes, t.generation, t.created_at AS "createdAt",
           t.expires_at AS "expiresAt", t.last_used_at AS "lastUsedAt",
           (SELECT u.token_generation FROM users u WHERE u.id = t.user_id AND u.deleted_at IS NULL) AS "userGeneration"
      FROM api_tokens t WHERE t.token_hash = ${tokenHash}`;
  return rows[0] ?? null;
}

/** Notes a use of the token, unless one was noted less than `everyMs` ago (at most a write a minute). */
export async function touchApiToken(db: Db, id: string, now: Date, everyMs: number): Promise<void> {
  await db.$executeRaw`
    UPDATE api_tokens SET last_used_at = ${now}
     WHERE id = ${id}::uuid AND (last_used_at IS NULL OR last_used_at <= ${new Date(now.getTime() - everyMs)})`;
}
