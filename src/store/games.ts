// Games in Postgres: the games row (with its seats), the append-only log (game_actions), and the
// snapshot of the engine state. The application layer (src/app/games.ts, src/app/play.ts) runs
// these inside its transactions; nothing here decides rules or visibility.
import type { Prisma, PrismaClient } from './prisma.js';
import type { GameEntryKind, GameStatus, GameVisibility } from './generated/prisma/client.js';

export type { GameEntryKind, GameStatus, GameVisibility };

/** The client itself or the one of an interactive transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;

const seats = { orderBy: { role: 'asc' }, include: { user: { select: { id: true, displayName: true } } } } as const;

const withState = { players: seats, snapshot: true } as const;
const withVersion = { players: seats, snapshot: { select: { version: true } } } as const;

/** A game with its seats (and their users' public names) and its current state. */
export type GameRow = Prisma.GameGetPayload<{ include: typeof withState }>;
/** The same without the state, for lists. */
export type GameSummaryRow = Prisma.GameGetPayload<{ include: typeof withVersion }>;
export type SeatRow = GameRow['players'][number];

export interface NewGame {
  module: string;
  seed: number;
  options: Prisma.InputJsonValue;
  visibility: GameVisibility;
  inviteCode: string | null;
  daysPerMove: number;
  creatorId: string;
  creatorRole: string;
  now: Date;
}

export async function insertGame(db: Db, g: NewGame): Promise<GameRow> {
  return db.game.create({
    data: {
      module: g.module,
      seed: g.seed,
      options: g.options,
      visibility: g.visibility,
      inviteCode: g.inviteCode,
      daysPerMove: g.daysPerMove,
      createdById: g.creatorId,
      createdAt: g.now,
      updatedAt: g.now,
      players: { create: [{ role: g.creatorRole, userId: g.creatorId, joinedAt: g.now }] },
    },
    include: withState,
  });
}

export function findGame(db: Db, id: string): Promise<GameRow | null> {
  return db.game.findUnique({ where: { id }, include: withState });
}

/** The game without its state (enough for who may see it, and its version). */
export function findGameSummary(db: Db, id: string): Promise<GameSummaryRow | null> {
  return db.game.findUnique({ where: { id }, include: withVersion });
}

/**
 * Locks the game row until the transaction ends, then reads it: every change to a game takes
 * this lock first, so changes to one game are serialised (across processes too) and each one
 * sees the result of the previous. Returns null if there is no such game.
 */
export async function lockGame(tx: Prisma.TransactionClient, id: string): Promise<GameRow | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM games WHERE id = ${id}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  return findGame(tx, id);
}

export interface Entry {
  seq: number;
  kind: GameEntryKind;
  role: string;
  action: Prisma.JsonValue;
}

/** The whole log of a game, oldest first (for replay and undo). */
export function listEntries(db: Db, gameId: string): Promise<Entry[]> {
  return db.gameAction.findMany({ where: { gameId }, orderBy: { seq: 'asc' }, select: { seq: true, kind: true, role: true, action: true } });
}

export function lastEntry(db: Db, gameId: string): Promise<Entry | null> {
  return db.gameAction.findFirst({ where: { gameId }, orderBy: { seq: 'desc' }, select: { seq: true, kind: true, role: true, action: true } });
}

/** Entries after a version (versions are seqs), oldest first. */
export function entriesAfter(db: Db, gameId: string, version: number): Promise<Entry[]> {
  return db.gameAction.findMany({
    where: { gameId, seq: { gt: version } },
    orderBy: { seq: 'asc' },
    select: { seq: true, kind: true, role: true, action: true },
  });
}

export interface Change {
  gameId: string;
  /** The new version: the seq of the appended entry. */
  version: number;
  kind: GameEntryKind;
  role: string;
  userId: string;
  action: Prisma.InputJsonValue;
  /** The engine state after the change. */
  state: Prisma.InputJsonValue;
  status: GameStatus;
  pending: string[];
  outcome: Prisma.InputJsonValue | null;
  now: Date;
  startedAt?: Date;
  finishedAt?: Date;
}

/** Appends the log entry, writes the snapshot and the games row, and each seat's pending time. */
export async function recordChange(tx: Prisma.TransactionClient, c: Change, seatsNow: { role: string; pendingSince: Date | null }[]): Promise<void> {
  await tx.gameAction.create({ data: { gameId: c.gameId, seq: c.version, kind: c.kind, role: c.role, action: c.action, userId: c.userId, createdAt: c.now } });
  await tx.gameSnapshot.upsert({
    where: { gameId: c.gameId },
    create: { gameId: c.gameId, version: c.version, state: c.state, updatedAt: c.now },
    update: { version: c.version, state: c.state, updatedAt: c.now },
  });
  await tx.game.update({
    where: { id: c.gameId },
    data: {
      status: c.status,
      pending: c.pending,
      ...(c.outcome !== null && { outcome: c.outcome }),
      updatedAt: c.now,
      ...(c.startedAt && { startedAt: c.startedAt }),
      ...(c.finishedAt && { finishedAt: c.finishedAt }),
    },
  });
  for (const seat of seatsNow) {
    await tx.gamePlayer.update({ where: { gameId_role: { gameId: c.gameId, role: seat.role } }, data: { pendingSince: seat.pendingSince } });
  }
}

export async function insertSeat(tx: Prisma.TransactionClient, gameId: string, role: string, userId: string, now: Date): Promise<void> {
  await tx.gamePlayer.create({ data: { gameId, role, userId, joinedAt: now } });
}

export interface GameFilter {
  /** Only games this user is seated at; otherwise public games only. */
  userId?: string;
  statuses?: GameStatus[];
  /** Only games numbered below this (keyset pagination, newest first). */
  before?: number;
  limit: number;
}

export function listGames(db: Db, f: GameFilter): Promise<GameSummaryRow[]> {
  return db.game.findMany({
    where: {
      ...(f.userId ? { players: { some: { userId: f.userId } } } : { visibility: 'public' }),
      ...(f.statuses && { status: { in: f.statuses } }),
      ...(f.before !== undefined && { number: { lt: f.before } }),
    },
    orderBy: { number: 'desc' },
    take: f.limit,
    include: withVersion,
  });
}

/** Every game that has started, for verification: id, module, seed, options and snapshot. */
export function startedGames(db: Db, afterId: string | undefined, take: number) {
  return db.game.findMany({
    where: { snapshot: { isNot: null }, ...(afterId && { id: { gt: afterId } }) },
    orderBy: { id: 'asc' },
    take,
    select: { id: true, number: true, module: true, seed: true, options: true, status: true, outcome: true, snapshot: true },
  });
}
