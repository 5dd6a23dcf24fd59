// The computer's moves: its queue and one move at a time. The computer's seat (seat.ts) names the
// role it plays in a game created against it; like the rulebook bot (src/app/games/bot.ts) it holds
// no seat row, so it gets no emails, reminders or deadlines, and its moves are ordinary log entries
// with no user, made through the same change path as anyone's: replay and `npm run verify` cover
// them.
//
// Never on a request: a person's change that leaves the computer pending answers at once. The
// worker (src/worker.ts) runs a ComputerRunner (start.ts starts it with its search threads): its
// queue is the database (active games whose pending roles include the computer's,
// store/computer-games.ts), so a pending move survives a restart; it starts at most `slots`
// decisions at once (one per search thread, search-pool.ts), one move each, served in turn per
// account and charged what their level costs (fair-queue.ts), and hears of new ones on the games'
// event channel (any instance's changes) besides its polling round.
//
// One decision: read the game (no lock), tell the game's stream the computer is thinking, let a
// search thread rebuild what the computer's role has seen and choose (think()), then apply the
// choice under the game's lock through changeGame, only if the game is still at the version the
// decision was made on and the action is one of the role's legal actions there (the legal list is
// the computer's only door, as it is a person's). If the game moved on meanwhile (the person's
// sealed card, an undo, a resignation), the decision is dropped and made again on the game as it is.
import { isDeepStrictEqual } from 'node:util';
import type { Action } from '../../engine/index.js';
import { findGameSummary, listEntries, type GameRow } from '../../store/games.js';
import { gamesAwaitingComputer } from '../../store/computer-games.js';
import type { PrismaClient } from '../../store/prisma.js';
import type { ServiceContext } from '../context.js';
import type { GameEvent } from '../events.js';
import { changeGame } from '../games/change/change.js';
import { standingActions, type GameSeed, type StandingAction } from '../games/history.js';
import { FairQueue } from './fair-queue.js';

/** What a search thread is given to decide one move: the stored game (trusted side) and the computer's role. */
export interface ComputerJob {
  gameId: string;
  module: string;
  /** Seed, generator and options: the thread replays the game to build the computer's input (search-input.ts). */
  game: GameSeed;
  actions: StandingAction[];
  role: string;
  level: string;
  /** Seeds the search (the game and the version decided on: a decision is reproducible). */
  seed: string;
  /** Set by the search pool on a root-parallel level's jobs: this search is part `index` of `of`. */
  part?: { index: number; of: number };
}

/** The job of deciding `role`'s move in the stored game `row` whose standing actions are `actions`. */
export function computerJob(row: GameRow, actions: StandingAction[], role: string, seed: string): ComputerJob {
  return {
    gameId: row.id,
    module: row.module,
    // What keys the generator: the server's seed, its commitment and the seats' seeds (history.ts generatorKey).
    game: { seed: row.seed, rng: row.rng, seedCommitment: row.seedCommitment, players: row.players.map((p) => ({ role: p.role, playerSeed: p.playerSeed })), computer: row.computer, options: row.options },
    actions,
    role,
    level: row.computer?.level ?? 'normal',
    seed,
  };
}

/** Chooses the computer's action for a job (a search thread's answer). */
export type Think = (job: ComputerJob) => Promise<Action>;

/** The decision was made on a version the game has left: drop it. */
class MovedOn extends Error {}

type MoveResult = 'moved' | 'nothing' | 'moved-on';

/**
 * Decides and makes one move of the computer in this game, if it is to act; 'moved-on' when the
 * game changed while it thought (the decision is dropped).
 */
export async function makeComputerMove(ctx: ServiceContext, gameId: string, think: Think): Promise<MoveResult> {
  const row = await findGameSummary(ctx.prisma, gameId);
  const role = row?.computer?.role;
  if (!row || !role || row.status !== 'active' || !row.pending.includes(role)) return 'nothing';
  const version = row.snapshot?.version ?? 0;
  const actions = standingActions(await listEntries(ctx.prisma, gameId));
  ctx.events.publish(thinkingEvent(row, version, role));
  const action = await think(computerJob(row, actions, role, `${gameId}:${version}`));
  try {
    await changeGame(ctx, { userId: row.createdById, gameId }, (g) => {
      if (g.version !== version || g.row.status !== 'active' || !g.module.pending(g.state).includes(role)) throw new MovedOn();
      // The legal list is the computer's only door, as it is a person's.
      if (!g.module.legalActions(g.state, role).some((a) => isDeepStrictEqual(a, action))) {
        throw new Error(`game ${gameId}: the computer chose an action that is not among ${role}'s legal actions at version ${version}: ${JSON.stringify(action)}`);
      }
      return { kind: 'action', role, action, state: g.module.apply(g.state, role, action), madeBy: 'computer' };
    });
  } catch (err) {
    if (err instanceof MovedOn) return 'moved-on';
    throw err;
  }
  return 'moved';
}

function thinkingEvent(row: GameRow, version: number, role: string): GameEvent {
  return { id: row.id, version, thinking: role, computer: role };
}

export interface ComputerRunnerOptions {
  /** Decisions at once (the search threads). */
  slots: number;
  think: Think;
  /** A game whose decision failed is left alone this long (then tried again). */
  retryAfterMs?: number;
  onError?: (gameId: string, err: unknown) => void;
  /** Ends the thinking under way (the search pool's close), first thing when the runner stops. */
  close?: () => Promise<void>;
}

export interface ComputerRunner {
  /** Starts decisions for the games waiting longest, up to the free slots; resolves with how many started. */
  fill(): Promise<number>;
  /** Decisions under way now. */
  busy(): number;
  /** Listens for games that leave the computer pending (any instance's changes) and fills at once. */
  start(): void;
  /** Stops starting decisions; waits for those under way (their thinking is ended by the pool's close). */
  stop(): Promise<void>;
  /** Tests: until no decision is under way and none is due. */
  settle(): Promise<void>;
}

/** Games read from the database per round: the queue's places are counted among these. */
const QUEUE_READ = 1000;
/** A waiting game's place is told again this often even when unchanged (a page opened meanwhile). */
const RETELL_MS = 10_000;

/**
 * The computer's queue in one process: derived from the database, at most `slots` decisions at
 * once, one move per decision (a game whose computer is still to move waits its turn again), the
 * next one for the account charged least (fair-queue.ts). Each waiting game's place in the
 * queue is told on its event stream (`queued`) whenever it changes.
 */
export function createComputerRunner(ctx: ServiceContext, o: ComputerRunnerOptions): ComputerRunner {
  const inFlight = new Map<string, Promise<void>>();
  const failedUntil = new Map<string, number>();
  const retryAfterMs = o.retryAfterMs ?? 30_000;
  const fair = new FairQueue();
  /** The place last told per waiting game: its version, place, and when. */
  const told = new Map<string, { version: number; place: number; at: number }>();
  let stopped = false;
  let unsubscribe: (() => void) | undefined;
  let filling: Promise<number> | null = null;
  let again = false;

  function run(gameId: string): void {
    const p = (async () => {
      // One move; a decision dropped because the game moved on meanwhile is made again at once.
      for (let i = 0; i < 20 && !stopped; i++) {
        const r = await makeComputerMove(ctx, gameId, o.think);
        if (r !== 'moved-on') return;
      }
    })()
      .catch((err) => {
        if (stopped) return;
        failedUntil.set(gameId, Date.now() + retryAfterMs);
        (o.onError ?? ((id, e) => ctx.log.error({ err: e, gameId: id }, 'the computer could not move; trying again later')))(gameId, err);
      })
      .finally(() => {
        inFlight.delete(gameId);
        if (!stopped) kick();
      });
    inFlight.set(gameId, p);
  }

  async function fillOnce(): Promise<number> {
    if (stopped) return 0;
    const now = Date.now();
    for (const [id, until] of failedUntil) if (until <= now) failedUntil.delete(id);
    const due = await gamesAwaitingComputer(ctx.prisma as PrismaClient, QUEUE_READ, [...inFlight.keys(), ...failedUntil.keys()]);
    const order = fair.order(due.filter((g) => !inFlight.has(g.id)).map((g) => ({ id: g.id, account: g.createdById, level: g.level ?? 'normal' })));
    const rows = new Map(due.map((g) => [g.id, g]));
    let started = 0;
    let place = 0;
    for (const w of order) {
      if (stopped) break;
      if (inFlight.size < o.slots && !inFlight.has(w.id)) {
        fair.take(w);
        told.delete(w.id);
        run(w.id);
        started++;
        continue;
      }
      // Still waiting: its place (1: the next search) told on its stream when it changes.
      place++;
      const g = rows.get(w.id)!;
      const last = told.get(w.id);
      if (!last || last.version !== g.version || last.place !== place || now - last.at >= RETELL_MS) {
        told.set(w.id, { version: g.version, place, at: now });
        ctx.events.publish({ id: w.id, version: g.version, computer: g.role, queued: place });
      }
    }
    // Forget the places of games no longer waiting (moved, finished, or being decided).
    const waiting = new Set(order.map((w) => w.id));
    for (const id of told.keys()) if (!waiting.has(id)) told.delete(id);
    return started;
  }

  /** One fill at a time; a kick during one makes another follow it. */
  function fill(): Promise<number> {
    if (filling) {
      again = true;
      return filling;
    }
    filling = fillOnce().finally(() => {
      filling = null;
      if (again && !stopped) {
        again = false;
        kick();
      }
    });
    return filling;
  }

  function kick(): void {
    fill().catch((err) => ctx.log.warn({ err }, 'could not look for games waiting on the computer; the next round will'));
  }

  return {
    fill,
    busy: () => inFlight.size,
    start() {
      if (unsubscribe || stopped) return;
      unsubscribe = ctx.events.subscribeAll((e) => {
        if (e.computer && e.thinking === undefined && e.status === 'active' && e.pending?.includes(e.computer)) kick();
      });
      kick();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      await o.close?.();
      await filling?.catch(() => 0);
      await Promise.all(inFlight.values());
    },
    async settle() {
      for (;;) {
        await filling?.catch(() => 0);
        if (inFlight.size === 0) {
          if ((await fill()) === 0 && inFlight.size === 0) return;
        }
        await Promise.race([...inFlight.values(), new Promise((r) => setTimeout(r, 50))]);
      }
    },
  };
}
