// The hot path of a change to a game, on node-postgres directly (the pool under the Prisma
// client, src/store/prisma.ts). In one round trip and one statement when the caller holds the
// game as it is (writeChangeAt: the write, on condition that the game is still at the held
// revision); otherwise in two:
//   1. BEGIN, the game's row lock, and the read of the locked game;
//   2. the write and COMMIT.
// The write is a single statement that appends the log entry, writes the snapshot (every few
// changes), the games row, the seats' clocks, the outbox rows, the idempotent answer and the
// NOTIFY to other instances. Each round trip sends its statements together and one Sync (the
// extended protocol, as a pipeline: batch() below); the lock, the read and the write are
// prepared once per connection, and their values bound as parameters. What the statements do
// is decided in src/app/games/change/change.ts.
import pg from 'pg';
import { Prisma } from './generated/prisma/client.js';
import { LOG_PARTS } from './game-log.js';
import { packBody } from './outbox-body.js';
import type { WebhookEventRow } from './webhooks.js';
import { COLUMNS, FROM_GAMES, TAIL, toRow, type Entry, type GameEntryKind, type GameRow, type GameStatus, type RawGame, type SeatClock } from './games.js';

export type GameTx = pg.PoolClient;

/** Could not get a connection in time. */
export class PoolTimeout extends Error {}

/** Could not get a connection, or a game's lock, in time: the service is overloaded. */
export function isBusy(err: unknown): boolean {
  return err instanceof PoolTimeout || (err as { code?: unknown } | null)?.code === '55P03'; // lock_not_available
}

/**
 * Runs fn in a transaction on a connection of the pool (READ COMMITTED, like Prisma's), waiting
 * at most `maxWaitMs` for a connection and `lockTimeoutMs` for any lock (errors isBusy() knows).
 * With `lockGame`, the transaction starts with that game's row lock, in the same round trip as
 * BEGIN, and fn learns whether the game exists; with `thenRead` too, that read (gameQuery) runs
 * in the same round trip after the lock (a statement of its own: it sees what the lock's
 * previous holder committed), and fn gets its result. Commits when fn returns, unless fn ended
 * with writeChange (which commits); rolls back if fn throws.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  o: { maxWaitMs: number; lockTimeoutMs: number; lockGame?: string; thenRead?: Statement },
  fn: (tx: GameTx, gameFound: boolean, read: pg.QueryResult | undefined) => Promise<T>,
): Promise<T> {
  return onConnection(pool, o.maxWaitMs, async (tx) => {
    // The game id is a parameter, but the lock is only tried for a well-formed uuid (anything
    // else would be an error of PostgreSQL's, not "no such game").
    const lock = o.lockGame !== undefined && UUID.test(o.lockGame);
    const read = lock ? o.thenRead : undefined;
    // The lock sets the lock timeout itself (one statement fewer); without it, a SET LOCAL.
    const steps: Step[] = [{ text: 'BEGIN' }];
    if (lock) steps.push({ ...LOCK_GAME, values: [o.lockGame, lockTimeout(o.lockTimeoutMs)], rows: true });
    else steps.push({ text: `SET LOCAL lock_timeout = ${lockTimeout(o.lockTimeoutMs)}` });
    if (read) steps.push({ ...read, rows: true });
    const results = await firstBatch(tx, steps, lock ? [WRITE] : []);
    const result = await fn(tx, lock && results[1]!.rows[0]?.found === true, read && results[2]);
    if (!committed.delete(tx)) await tx.query('COMMIT');
    return result;
  });
}

/**
 * Runs fn on a connection of the pool, waiting at most `maxWaitMs` for one; rolls back whatever
 * fn left open if it throws, and gives the connection back (or drops it, if broken).
 */
async function onConnection<T>(pool: pg.Pool, maxWaitMs: number, fn: (tx: GameTx) => Promise<T>): Promise<T> {
  const tx = await connect(pool, maxWaitMs);
  let broken: unknown;
  // The pool listens for errors of idle connections only: one dropped by the server while this
  // transaction holds it (between two queries) would otherwise be an uncaught 'error' that ends
  // the process. Such a connection is broken: not reused.
  const onError = (err: Error) => void (broken ??= err);
  tx.on('error', onError);
  try {
    return await fn(tx);
  } catch (err) {
    committed.delete(tx);
    await tx.query('ROLLBACK').catch((e: unknown) => (broken = e));
    throw err;
  } finally {
    // A connection that could not even roll back is dropped, not reused.
    tx.off('error', onError);
    tx.release(broken instanceof Error ? broken : undefined);
  }
}

/**
 * A transaction's first round trip (`steps` starts with BEGIN, or is a statement that is its own
 * transaction), by batch(). If the connection's prepared statements are gone (behind a pooler
 * that hands out server connections per transaction, or deallocated): rolled back, and once
 * more, and from now on, unnamed. (Only a first round trip may be run again: nothing of the
 * transaction is lost.)
 */
async function firstBatch(tx: GameTx, steps: Step[], alsoPrepare: { name: string; text: string }[]): Promise<pg.QueryResult[]> {
  try {
    return await batch(tx, steps, alsoPrepare);
  } catch (err) {
    if ((err as { code?: unknown }).code !== NO_SUCH_STATEMENT || unprepared.has(tx)) throw err;
    unprepared.add(tx);
    await tx.query('ROLLBACK');
    return batch(tx, steps, []);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Transactions that writeChange committed (inTransaction must not COMMIT them again). */
const committed = new WeakSet<pg.PoolClient>();

/** A statement with its values, prepared on each connection under its name (an SQL identifier) on first use. */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

// The game's row lock, waiting at most $2 ms for any lock of the transaction.
const LOCK_GAME = { name: 'alea_lock_game', text: 'SELECT alea_lock_game($1::uuid, $2::int) AS found' };

const lockTimeout = (ms: number) => Math.max(1, Math.floor(ms));

/** SQLSTATE invalid_sql_statement_name: a Bind to a statement the session has not prepared. */
const NO_SUCH_STATEMENT = '26000';

/**
 * Connections whose prepared statements went missing (see inTransaction): a pooler such as
 * PgBouncer in transaction mode gives each transaction whichever server connection is free,
 * and session state such as a prepared statement does not follow. On them every statement is
 * parsed unnamed, in the round trip that runs it: planned each time (slower), but correct.
 */
const unprepared = new WeakSet<pg.PoolClient>();

// The statements each connection has prepared (pg-pool hands out the same client objects; a
// broken connection is dropped with its entry). They last as long as the session.
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * A statement of a round trip: a named one (prepared on the connection the first time), or
 * one parsed unnamed on the way (BEGIN, SET, COMMIT: nothing to plan). `rows`: it returns rows.
 */
interface Step {
  text: string;
  name?: string;
  values?: unknown[];
  rows?: boolean;
}

/**
 * Runs statements in one round trip, the extended protocol's messages for each and one Sync at
 * the end (parameters bound, not spliced into SQL); if one fails, PostgreSQL skips the rest.
 * The named statements (and `alsoPrepare`, for a later round trip) that the connection has not
 * prepared are parsed first, in the same round trip, each after a Close (no error if there is
 * no such statement: a batch that failed after its Parse leaves nothing to trip over). One
 * result per statement, in order.
 */
async function batch(tx: GameTx, steps: Step[], alsoPrepare: { name: string; text: string }[]): Promise<pg.QueryResult[]> {
  const inline = unprepared.has(tx);
  let names = preparedOn.get(tx);
  if (!names) preparedOn.set(tx, (names = new Set()));
  const named = [...steps.filter((s): s is Step & { name: string } => s.name !== undefined), ...alsoPrepare];
  const parsing = inline ? [] : named.filter((s) => !names.has(s.name));
  // Values as PostgreSQL reads them as text (every placeholder is cast, so each has its type).
  const bound = steps.map((s) => (s.values ?? []).map(param));
  const results = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
    const q = new pg.Query({ text: steps.map((s) => s.text).join('; ') }, undefined, (err: Error | undefined, r: unknown) =>
      err ? reject(err) : resolve(r as pg.QueryResult | pg.QueryResult[]),
    );
    q.submit = (c: pg.Connection) => {
      c.stream.cork();
      try {
        for (const s of parsing) {
          c.close({ type: 'S', name: s.name }, false);
          c.parse({ name: s.name, text: s.text, types: [] }, false);
        }
        steps.forEach((s, i) => {
          const name = inline || s.name === undefined ? '' : s.name;
          if (name === '') c.parse({ name: '', text: s.text, types: [] }, false);
          c.bind({ statement: name, values: bound[i]! }, false);
          if (s.rows) c.describe({ type: 'P', name: '' }, false);
          c.execute({ portal: '' }, false);
        });
        c.sync();
      } finally {
        c.stream.uncork();
      }
    };
    void tx.query(q);
  });
  for (const s of parsing) names.add(s.name);
  return Array.isArray(results) ? results : [results];
}

/** A value as the text PostgreSQL reads for its parameter's type. */
function param(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Error(`no parameter for a ${typeof v}`);
}

async function connect(pool: pg.Pool, maxWaitMs: number): Promise<GameTx> {
  let timer: NodeJS.Timeout | undefined;
  const pending = pool.connect();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PoolTimeout('no database connection in time')), maxWaitMs);
  });
  try {
    return await Promise.race([pending, timeout]);
  } catch (err) {
    // Give the connection back whenever it comes.
    if (err instanceof PoolTimeout) pending.then((c) => c.release(), () => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** An idempotency key already used by the user, as read with the game. */
export interface StoredKey {
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
}

/** A game as read: its row, whether the state was left out (known already), the key's answer. */
export interface ReadGame {
  row: GameRow;
  stateOmitted: boolean;
  stored: StoredKey | null;
}

/** Reads the game as it is, on the pool (a GET); see gameQuery. */
export async function readGame(pool: pg.Pool, id: string, o: GameQueryOptions & { maxWaitMs?: number }): Promise<ReadGame | null> {
  if (!UUID.test(id)) return null;
  return gameRead(await alone(pool, gameQuery(id, o), o.maxWaitMs));
}

/** How long a read waits for a connection of the pool (then isBusy), as a change does. */
const READ_WAIT_MS = 10_000;

/**
 * One statement, its own transaction, on a connection of the pool. Through firstBatch (not
 * node-postgres's named queries), so that it still runs behind a pooler that loses prepared
 * statements between transactions.
 */
async function alone(pool: pg.Pool, s: Statement, maxWaitMs = READ_WAIT_MS): Promise<pg.QueryResult> {
  return onConnection(pool, maxWaitMs, async (tx) => (await firstBatch(tx, [{ ...s, rows: true }], []))[0]!);
}

export interface GameQueryOptions {
  knownVersion: number | null;
  key?: { userId: string; key: string; expiredBefore: Date };
}

/**
 * The read of a game: run on the pool (readGame), or in a change after the game's lock
 * (inTransaction's thenRead; its result through gameRead). The state is left out when the
 * caller already has this version's (`knownVersion`); with `key`, the stored answer of that
 * idempotency key comes along if the user used it since `expiredBefore`.
 */
export function gameQuery(id: string, o: GameQueryOptions): Statement {
  const k = o.key;
  const sql = Prisma.sql`
    SELECT ${COLUMNS},
      CASE WHEN h.version = ${o.knownVersion ?? -1}::int THEN NULL ELSE s.state END AS state,
      CASE WHEN h.version = ${o.knownVersion ?? -1}::int THEN NULL ELSE ${Prisma.raw(LOG_PARTS)} END AS log_parts,
      CASE WHEN h.version = ${o.knownVersion ?? -1}::int THEN NULL ELSE ${Prisma.raw(TAIL)} END AS tail,
      h.version = ${o.knownVersion ?? -1}::int AS state_omitted,
      (SELECT json_build_object('requestHash', k.request_hash, 'responseStatus', k.response_status, 'responseBody', k.response_body)
         FROM idempotency_keys k
         WHERE k.user_id = ${k?.userId ?? null}::uuid AND k.key = ${k?.key ?? null}::text AND k.created_at >= ${k?.expiredBefore ?? null}::timestamptz) AS stored
    FROM ${Prisma.raw(FROM_GAMES)}
    WHERE g.id = ${id}::uuid`;
  return { name: 'alea_read_game', text: sql.text, values: sql.values };
}

/** The game from gameQuery's result; null if there is no such game. */
export function gameRead(r: pg.QueryResult): ReadGame | null {
  const raw = r.rows[0] as (RawGame & { state_omitted: boolean | null; stored: StoredKey | null }) | undefined;
  if (!raw) return null;
  return { row: toRow(raw), stateOmitted: raw.state_omitted === true, stored: raw.stored };
}

const ENTRY_COLUMNS = 'seq, kind::text AS kind, role, action';

/** The whole log of a game, oldest first (for undo). */
export async function listEntriesTx(tx: GameTx, gameId: string): Promise<Entry[]> {
  const r = await tx.query<Entry>({ name: 'alea-entries', text: `SELECT ${ENTRY_COLUMNS} FROM game_actions WHERE game_id = $1::uuid ORDER BY seq`, values: [gameId] });
  return r.rows;
}

/** Entries after a version (versions are seqs), oldest first. */
export async function entriesAfterTx(tx: GameTx, gameId: string, version: number): Promise<Entry[]> {
  const r = await tx.query<Entry>({
    name: 'alea-entries-after',
    text: `SELECT ${ENTRY_COLUMNS} FROM game_actions WHERE game_id = $1::uuid AND seq > $2 ORDER BY seq`,
    values: [gameId, version],
  });
  return r.rows;
}

/** Takes a seat, with the seed its player adds to the dice (null in a game without a commitment). */
export async function insertSeatTx(tx: GameTx, gameId: string, role: string, userId: string, now: Date, seed: { seed: string; byServer: boolean } | null): Promise<void> {
  await tx.query({
    name: 'alea-insert-seat',
    text: 'INSERT INTO game_players (game_id, role, user_id, joined_at, player_seed, player_seed_by_server) VALUES ($1::uuid, $2, $3::uuid, $4, $5, $6)',
    values: [gameId, role, userId, now, seed?.seed ?? null, seed?.byServer ?? false],
  });
}

/** The user's seat of an open game moves to another role (a creator who would play either side gives theirs to whoever joins). */
export async function swapSeatTx(tx: GameTx, gameId: string, userId: string, role: string): Promise<void> {
  await tx.query({
    name: 'alea-swap-seat',
    text: 'UPDATE game_players SET role = $3 WHERE game_id = $1::uuid AND user_id = $2::uuid',
    values: [gameId, userId, role],
  });
}

export interface Change {
  gameId: string;
  /** The new version: the seq of the appended entry. */
  version: number;
  kind: GameEntryKind;
  role: string;
  /** Who made the change; null for a game's bot (app/games/bot.ts). */
  userId: string | null;
  /** The entry's action, and the engine state after the change (log left out) when the change writes a snapshot (null: it does not), as JSON text. */
  actionJson: string;
  stateJson: string | null;
  /** The part of the engine's log the change rewrote (game-log.ts); null: none. */
  logFrom: number | null;
  logTailJson: string | null;
  status: GameStatus;
  pending: string[];
  /** The role whose undo would be accepted after the change ('' nobody's; null: not known). */
  undoRole: string | null;
  outcome: unknown;
  now: Date;
  startedAt?: Date;
  finishedAt?: Date;
}

/** A seat's new pending time and time control. */
export interface SeatTimes extends SeatClock {
  role: string;
  pendingSince: Date | null;
}

/** An email for the outbox (enqueued once per dedupe key). */
export interface OutboxRow {
  kind: string;
  dedupeKey: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  userId: string;
  gameId: string;
}

/** The answer to keep for an idempotency key. */
export interface KeyToSave {
  userId: string;
  key: string;
  requestHash: string;
  status: number;
  bodyJson: string;
  expiredBefore: Date;
}

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

// One statement (data-modifying CTEs): every part runs exactly once, in the change's transaction,
// and only if the games row is written (the `game` part; the others wait for it, so the game's
// row lock is taken before any seat's, as everywhere). With an expected revision ($26), the
// games row is written only if the game is still at it, checked on the row's latest version
// (an UPDATE that waited for another transaction's lock checks its condition again on what that
// transaction committed): otherwise nothing is written and `revision` is null. Before it may
// wait for the lock, the condition sets the transaction's lock timeout ($27; null: as set).
const WRITE_CHANGE = `
  WITH game AS (
    UPDATE games SET
      status = $10::game_status,
      pending = ARRAY(SELECT json_array_elements_text($11::json)),
      undo_role = $28::text,
      outcome = COALESCE($12::jsonb, outcome),
      updated_at = $7::timestamptz,
      started_at = COALESCE(started_at, $13::timestamptz),
      finished_at = COALESCE(finished_at, $14::timestamptz)
    WHERE id = $1::uuid AND ($26::text IS NULL OR xmin::text = $26::text)
      AND ($27::int IS NULL OR set_config('lock_timeout', $27::text, true) IS NOT NULL)
    RETURNING xmin::text AS revision
  ), entry AS (
    INSERT INTO game_actions (game_id, seq, kind, role, action, user_id, created_at, log_from, log_tail)
    SELECT $1::uuid, $2::int, $3::game_entry_kind, $4::text, $5::jsonb, $6::uuid, $7::timestamptz, $24::int, $25::json
    WHERE EXISTS (SELECT FROM game)
  ), snapshot AS (
    INSERT INTO game_snapshots (game_id, version, state, updated_at)
    SELECT $1::uuid, $2::int, $8::json, $7::timestamptz WHERE $8::json IS NOT NULL AND EXISTS (SELECT FROM game)
    ON CONFLICT (game_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at
  ), seats AS (
    UPDATE game_players p SET pending_since = x.since, deadline = x.deadline, remind_at = x.remind, overdue_notice_at = x.overdue
    FROM json_to_recordset($9::json) AS x(role text, since timestamptz, deadline timestamptz, remind timestamptz, overdue timestamptz)
    WHERE p.game_id = $1::uuid AND p.role = x.role AND EXISTS (SELECT FROM game)
  ), outbox AS (
    INSERT INTO outbox (kind, dedupe_key, to_address, subject, body_z, user_id, game_id, next_attempt_at, created_at)
    SELECT x.kind, x."dedupeKey", x."toAddress", x.subject, decode(x."bodyZ", 'base64'), x."userId", x."gameId", $7::timestamptz, $7::timestamptz
    FROM json_to_recordset($15::json) AS x(kind text, "dedupeKey" text, "toAddress" text, subject text, "bodyZ" text, "userId" uuid, "gameId" uuid)
    WHERE EXISTS (SELECT FROM game)
    ON CONFLICT DO NOTHING
  ), hooks AS (
    INSERT INTO webhook_deliveries (webhook_id, dedupe_key, event, payload, next_attempt_at, created_at)
    SELECT w.id, x."dedupeKey", x.event, x.payload, $7::timestamptz, $7::timestamptz
    FROM json_to_recordset($29::json) AS x("userId" uuid, event text, "dedupeKey" text, payload json)
    JOIN webhooks w ON w.user_id = x."userId" AND x.event = ANY (w.events)
    WHERE EXISTS (SELECT FROM game)
    ON CONFLICT DO NOTHING
  ), saved AS (
    INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
    SELECT $18::uuid, $19::text, $20::text, $21::int, $22::json, $7::timestamptz WHERE $18::uuid IS NOT NULL AND EXISTS (SELECT FROM game)
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
      WHERE idempotency_keys.created_at < $23::timestamptz
    RETURNING 1
  )
  SELECT CASE WHEN $18::uuid IS NOT NULL AND EXISTS (SELECT FROM game) AND NOT EXISTS (SELECT FROM saved) THEN alea_key_held() ELSE 1 END AS saved,
         (SELECT count(*) FROM (SELECT pg_notify($16::text, $17::text) WHERE $16::text IS NOT NULL AND EXISTS (SELECT FROM game)) n)::int AS notified,
         (SELECT revision FROM game) AS revision`;

const WRITE = { name: 'alea_write_change', text: WRITE_CHANGE };

/** SQLSTATE of alea_key_held() (migration 20261126070000). */
const KEY_HELD = 'AL001';

/** What a committed change left: the game's revision (its games row's xmin). */
export interface Written {
  gameRevision: number;
}

/**
 * Writes a change and commits it, in one round trip: log entry, snapshot, games row, changed
 * seats, outbox rows, webhook deliveries, the idempotent answer (if any) and a NOTIFY (if any;
 * delivered at commit).
 * It must be the transaction's last statement (inTransaction does not commit again). Returns
 * null, with nothing written, if the key could not be saved because another request holds it
 * (the caller throws: the transaction is rolled back).
 */
export async function writeChange(tx: GameTx, c: Change, o: ChangeParts): Promise<Written | null> {
  if (!preparedOn.get(tx)?.has(WRITE.name) && !unprepared.has(tx)) throw new Error('writeChange runs in a change: inTransaction with lockGame');
  let results: pg.QueryResult[];
  try {
    results = await batch(tx, [{ ...WRITE, values: writeValues(c, o, null, null), rows: true }, { text: 'COMMIT' }], []);
  } catch (err) {
    if ((err as { code?: unknown }).code === KEY_HELD) return null;
    throw err;
  }
  committed.add(tx);
  const w = written(results[0]!);
  // The game's lock is held: the games row is written.
  if (!w) throw new Error(`the game ${c.gameId} was not written under its lock`);
  return w;
}

/**
 * A whole change in one round trip and one statement (its own transaction), on a connection of
 * the pool: the write, if the game is still at revision `expected` (as the caller holds it: see
 * revisionOf), waiting at most `lockTimeoutMs` for the game's lock. Returns null, with nothing
 * written, if the game is no longer at that revision or the Idempotency-Key was used already:
 * the caller reads the game again, under its lock (inTransaction), and decides again.
 */
export async function writeChangeAt(
  pool: pg.Pool,
  o: { maxWaitMs: number; lockTimeoutMs: number; expected: string },
  c: Change,
  parts: ChangeParts,
): Promise<Written | null> {
  try {
    return written(await alone(pool, { ...WRITE, values: writeValues(c, parts, o.expected, lockTimeout(o.lockTimeoutMs)) }, o.maxWaitMs));
  } catch (err) {
    // Nothing written: the statement's transaction ended with the error.
    if ((err as { code?: unknown }).code === KEY_HELD) return null;
    throw err;
  }
}

/** The game's revision now (its games row's xmin: see revisionOf; null: no such game), on the pool. */
export async function gameRevision(pool: pg.Pool, id: string, maxWaitMs?: number): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const r = await alone(pool, { ...GAME_REVISION, values: [id] }, maxWaitMs);
  return (r.rows[0] as { revision: string } | undefined)?.revision ?? null;
}

const GAME_REVISION = { name: 'alea_read_revision', text: 'SELECT xmin::text AS revision FROM games WHERE id = $1::uuid' };

/** What writeChange and writeChangeAt are given besides the change itself. */
export interface ChangeParts {
  seats: SeatTimes[];
  outbox: OutboxRow[];
  /** Its players' webhook events (issue 42): kept for those with a webhook for them (store/webhooks.ts). */
  hooks?: WebhookEventRow[];
  notify: { channel: string; payload: string } | null;
  key: KeyToSave | null;
}

/** What the write left; null if it wrote nothing (the game was not at the expected revision). */
function written(r: pg.QueryResult): Written | null {
  const row = r.rows[0] as { revision: string | null };
  return row.revision === null ? null : { gameRevision: Number(row.revision) };
}

function writeValues(c: Change, o: ChangeParts, expected: string | null, lockTimeoutMs: number | null): unknown[] {
  const seats = JSON.stringify(
    o.seats.map((x) => ({ role: x.role, since: iso(x.pendingSince), deadline: iso(x.deadline), remind: iso(x.remindAt), overdue: iso(x.overdueNoticeAt) })),
  );
  const k = o.key;
  return [
    c.gameId,
    c.version,
    c.kind,
    c.role,
    c.actionJson,
    c.userId,
    c.now,
    c.stateJson,
    seats,
    c.status,
    JSON.stringify(c.pending),
    c.outcome === null || c.outcome === undefined ? null : JSON.stringify(c.outcome),
    c.startedAt ?? null,
    c.finishedAt ?? null,
    // The bodies compressed together (outbox-body.ts).
    JSON.stringify(o.outbox.map(({ textBody, htmlBody, ...rest }) => ({ ...rest, bodyZ: packBody(textBody, htmlBody) }))),
    o.notify?.channel ?? null,
    o.notify?.payload ?? null,
    k?.userId ?? null,
    k?.key ?? null,
    k?.requestHash ?? null,
    k?.status ?? null,
    k?.bodyJson ?? null,
    k?.expiredBefore ?? null,
    c.logFrom,
    c.logTailJson,
    expected,
    lockTimeoutMs,
    c.undoRole,
    JSON.stringify(o.hooks ?? []),
  ];
}
