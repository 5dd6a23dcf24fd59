// Blocks between users in Postgres (user_blocks): who blocked whom, and since when. What a
// block forbids is decided in src/app/blocks/blocks.ts; lists and matches that must leave
// blocked pairs out test the table in their own SQL (src/store/games.ts, src/store/lobby.ts).
import type { GameTx } from './game-tx.js';
import type { Db } from './games.js';

export interface BlockRow {
  userId: string;
  name: string;
  since: Date;
}

/** Blocks `blockedId` for `blockerId` (again: nothing changes); the block as it stands. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, now: Date): Promise<Date> {
  const rows = await db.$queryRaw<{ created_at: Date }[]>`
    INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (${blockerId}::uuid, ${blockedId}::uuid, ${now})
    ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET created_at = user_blocks.created_at
    RETURNING created_at`;
  return rows[0]!.created_at;
}

/** Lifts a block; whether there was one. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  return (await db.$executeRaw`DELETE FROM user_blocks WHERE blocker_id = ${blockerId}::uuid AND blocked_id = ${blockedId}::uuid`) > 0;
}

/** The users this one blocked, with their names, most recent first. */
export function listBlocks(db: Db, blockerId: string): Promise<BlockRow[]> {
  return db.$queryRaw<BlockRow[]>`
    SELECT b.blocked_id::text AS "userId", u.display_name AS name, b.created_at AS since
      FROM user_blocks b JOIN users u ON u.id = b.blocked_id
     WHERE b.blocker_id = ${blockerId}::uuid
     ORDER BY b.created_at DESC, b.blocked_id`;
}

export interface BlocksBetween {
  aBlockedB: boolean;
  bBlockedA: boolean;
}

const between = (rows: { blocker_id: string }[], a: string, b: string): BlocksBetween => ({
  aBlockedB: rows.some((r) => r.blocker_id === a),
  bBlockedA: rows.some((r) => r.blocker_id === b),
});

/** Whether `a` blocked `b` and whether `b` blocked `a`. */
export async function blocksBetween(db: Db, a: string, b: string): Promise<BlocksBetween> {
  const rows = await db.$queryRaw<{ blocker_id: string }[]>`
    SELECT blocker_id::text FROM user_blocks
     WHERE (blocker_id = ${a}::uuid AND blocked_id = ${b}::uuid) OR (blocker_id = ${b}::uuid AND blocked_id = ${a}::uuid)`;
  return between(rows, a, b);
}

/**
 * The same inside a change's transaction (src/store/game-tx.ts), on its own connection: a check
 * made while the game's lock is held must not wait for a second connection from the pool, which
 * the changes queued behind that lock may all be holding.
 */
export async function blocksBetweenTx(tx: GameTx, a: string, b: string): Promise<BlocksBetween> {
  const { rows } = await tx.query<{ blocker_id: string }>({
    name: 'alea-blocks-between',
    text: `SELECT blocker_id::text AS blocker_id FROM user_blocks
            WHERE (blocker_id = $1::uuid AND blocked_id = $2::uuid) OR (blocker_id = $2::uuid AND blocked_id = $1::uuid)`,
    values: [a, b],
  });
  return between(rows, a, b);
}
