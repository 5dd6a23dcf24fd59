// The worker: everything the service does on its own time, driven from the database so that a
// restart forgets nothing and any number of workers can share one database.
//
// Two jobs, each in its own loop so that neither waits for the other (a hanging SMTP server must
// not hold up reminders): (a) enqueue the reminders and overdue notices that are due
// (app/games/time-controls.ts: one game at a time under its row lock, SKIP LOCKED), and (b) send due
// outbox rows (mail/mail-worker.ts: SKIP LOCKED claims with a lease, backoff while useful, a bounded
// pool, a circuit breaker, a stable Message-ID per row). The first loop also plays the bot in games
// against it that a crash or restart left waiting on the bot (app/games/bot.ts), ends the games
// whose late moves were abandoned (app/games/time-controls.ts), and starts the computer opponent's
// decisions in games waiting on it (app/computer/runner.ts; the searches run on their own
// threads, app/computer/search-pool.ts, and the runner also hears of new ones at once). A round
// that did something is followed at once by another; otherwise the next comes after pollMs. Every
// hour (pruneEveryMs) it also deletes what is no longer needed: done emails past their retention
// (mail/prune.ts) and idempotency keys past their lifetime. A third loop sends outgoing webhooks
// (app/webhooks/deliveries.ts), and the first also ends unanswered challenges
// (app/challenges/expiry.ts). It runs inside `npm start` (unless
// WORKER=off) and alone as `npm run worker`, both through createServiceWorker, which wires its jobs.
import type { Clock } from './app/clock.js';
import { runDigests } from './app/games/digest.js';
import { purgeExpiredKeys } from './app/games/idempotency.js';
import { runDueClocks } from './app/games/time-controls.js';
import { webhookJob, type WebhookJobOptions } from './app/webhooks/deliveries.js';
import { pruneDeliveries } from './store/webhooks.js';
import type { ComputerRunner } from './app/computer/runner.js';
import { startComputer } from './app/computer/start.js';
import type { ServiceContext } from './app/context.js';
import { runDueBots } from './app/games/bot.js';
import { runAbandonments } from './app/games/time-controls.js';
import { resignForDeletedPlayers } from './app/my-data/deletion.js';
import { expireChallenges } from './app/challenges/expiry.js';
import { unsubscribeUrl } from './app/notify/unsubscribe.js';
import { amendEmail } from './app/messages/message-emails.js';
import type { Config } from './config/config.js';
import type { Logger } from './logger.js';
import type { MailTransport } from './mail/transport.js';
import { OUTBOX_RETENTION_MS, pruneOutbox } from './mail/prune.js';
import { createMailWorker, type MailWorkerDeps, type MailWorkerOptions } from './mail/mail-worker.js';
import type { PrismaClient } from './store/prisma.js';

export interface WorkerOptions extends MailWorkerOptions {
  /** Games handled per round by the time-control job. */
  clockBatchSize?: number;
  /** Pause between rounds when there was nothing to do. */
  pollMs?: number;
  /** How often done emails and spent idempotency keys are deleted (default: hourly, and at start). */
  pruneEveryMs?: number;
  /** How long a done email is kept (default OUTBOX_RETENTION_MS, 30 days); done webhook deliveries too. */
  outboxRetentionMs?: number;
  /** The webhook job's (app/webhooks/deliveries.ts). */
  webhooks?: WebhookJobOptions;
}

export interface WorkerDeps {
  prisma: PrismaClient;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'mailFrom' | 'webhooksAllowPrivate'>;
  transport: MailTransport;
  logger: Logger;
  options?: WorkerOptions;
  /**
   * Plays the bot in games against it where it is still pending (app/games/bot.ts runDueBots; needs the
   * service's context, so the process that serves the API passes it); returns the games handled.
   */
  bots?: () => Promise<number>;
  /** The computer opponent's queue (app/computer/runner.ts): filled each round, started and stopped with the worker. */
  computer?: Pick<ComputerRunner, 'fill' | 'start' | 'stop'>;
  /**
   * Ends the games whose late moves were abandoned (app/games/time-controls.ts runAbandonments;
   * needs the service's context, as `bots` does); returns the games ended.
   */
  abandonments?: () => Promise<number>;
  /**
   * Ends the challenges that nobody answered in time (app/challenges/expiry.ts; needs the
   * service's context, to tell the players' event streams); returns how many.
   */
  challenges?: () => Promise<number>;
  /** Test instrumentation, passed to the mail worker. */
  hooks?: MailWorkerDeps['hooks'];
}

export interface RoundResult {
  /** Games whose reminders or overdue notices were handled. */
  clocks: number;
  /** Outbox rows claimed (sent, or failed and rescheduled). */
  emails: number;
  /** Webhook deliveries claimed (sent, or failed and rescheduled or given up). */
  webhooks: number;
}

export interface PruneResult {
  /** Done emails deleted. */
  emails: number;
  /** Idempotency keys deleted. */
  keys: number;
}

export interface Worker {
  runOnce(): Promise<RoundResult>;
  /** Deletes done emails past their retention and idempotency keys past their lifetime. */
  prune(): Promise<PruneResult>;
  /** Rounds until one finds nothing to do (tests). */
  drain(): Promise<RoundResult>;
  start(): void;
  /** Finishes the round in progress, then stops. */
  stop(): Promise<void>;
}

/** Emails sent whatever the preference, with no unsubscribe link. */
const ASKED_FOR = new Set(['password-reset', 'email-confirmation', 'email-changed']);

/** RFC 8058 one-click unsubscribe headers for an email to this user. */
export function unsubscribeHeaders(config: Pick<Config, 'publicUrl' | 'jwtSecret'>, userId: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config.publicUrl, config.jwtSecret, userId)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function createWorker(deps: WorkerDeps): Worker {
  const { prisma, clock, config, logger } = deps;
  const pollMs = deps.options?.pollMs ?? 2_000;
  const mail = createMailWorker({
    prisma,
    transport: deps.transport,
    clock,
    logger,
    mailFrom: config.mailFrom,
    // The host name only: a Message-ID's right side may not hold a port.
    messageIdHost: new URL(config.publicUrl).hostname,
    // A reset or confirmation link was asked for, and an address change is told once: not
    // mailings one unsubscribes from.
    headersFor: (row) => (row.user_id && !ASKED_FOR.has(row.kind) ? unsubscribeHeaders(config, row.user_id) : {}),
    // The messages of a game ride along with the next email about it, or go alone if quiet.
    amend: (row, mail) => amendEmail({ prisma, clock, config }, row, mail),
    ...(deps.hooks && { hooks: deps.hooks }),
    ...(deps.options && { options: deps.options }),
  });
  let running = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  const onError = (gameId: string, err: unknown) => logger.error({ err, gameId }, 'could not handle the reminders of a game; retrying in 15 minutes');

  async function clocksRound(): Promise<number> {
    try {
      const clocks = await runDueClocks({ prisma, clock, config, onError }, deps.options?.clockBatchSize);
      const bots = deps.bots ? await deps.bots() : 0;
      const abandoned = deps.abandonments ? await deps.abandonments() : 0;
      // Decisions started, not made: they run on their own threads and land on their own.
      const computer = deps.computer ? await deps.computer.fill() : 0;
      const challenges = deps.challenges ? await deps.challenges() : 0;
      return clocks + bots + abandoned + computer + challenges + (await runDigests({ prisma, clock, config }));
    } catch (err) {
      logger.error({ err }, 'worker: reminders and overdue notices failed this round');
      return 0;
    }
  }

  async function mailRound(): Promise<number> {
    try {
      return await mail.runOnce();
    } catch (err) {
      logger.error({ err }, 'worker: sending emails failed this round');
      return 0;
    }
  }

  const hooks = webhookJob({ prisma, clock, config, log: logger, ...(deps.options?.webhooks && { options: deps.options.webhooks }) });
  async function hooksRound(): Promise<number> {
    try {
      return await hooks.runOnce();
    } catch (err) {
      logger.error({ err }, 'worker: sending webhooks failed this round');
      return 0;
    }
  }

  async function prune(): Promise<PruneResult> {
    const retention = deps.options?.outboxRetentionMs ?? OUTBOX_RETENTION_MS;
    await pruneDeliveries(prisma, new Date(clock.now().getTime() - retention));
    const emails = await pruneOutbox(prisma, clock.now(), retention);
    const keys = await purgeExpiredKeys({ prisma, clock });
    if (emails + keys) logger.info({ emails, keys }, 'pruned done emails and spent idempotency keys');
    return { emails, keys };
  }

  function prunes(delay: number): void {
    if (!running) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const round = prune().catch((err) => logger.warn({ err }, 'worker: could not prune emails and idempotency keys; trying again later'));
      inFlight.add(round);
      void round.then(() => {
        inFlight.delete(round);
        prunes(deps.options?.pruneEveryMs ?? 3600_000);
      });
    }, delay);
    timers.add(timer);
  }

  // The two jobs fail apart: a database hiccup in one must not stop the other.
  async function runOnce(): Promise<RoundResult> {
    const [clocks, emails, webhooks] = await Promise.all([clocksRound(), mailRound(), hooksRound()]);
    return { clocks, emails, webhooks };
  }

  /** One job's loop: again at once after a round that did something, else after pollMs. */
  function loop(job: () => Promise<number>, delay: number): void {
    if (!running) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const round = job();
      inFlight.add(round);
      void round.then((n) => {
        inFlight.delete(round);
        loop(job, n > 0 ? 0 : pollMs);
      });
    }, delay);
    timers.add(timer);
    // Not unref'd: a running worker is a reason for its process to live (`npm run worker` has
    // nothing else that surely does, and would exit before its first round); stop() ends it.
  }

  return {
    runOnce,
    prune,
    async drain() {
      const total = { clocks: 0, emails: 0, webhooks: 0 };
      for (;;) {
        const r = await runOnce();
        total.clocks += r.clocks;
        total.emails += r.emails;
        total.webhooks += r.webhooks;
        if (r.clocks + r.emails + r.webhooks === 0) return total;
      }
    },
    start() {
      if (running) return;
      running = true;
      loop(clocksRound, 0);
      loop(mailRound, 0);
      loop(hooksRound, 0);
      prunes(0);
      deps.computer?.start();
    },
    async stop() {
      running = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // The computer's decisions under way are dropped (their games stay pending for the next start).
      await Promise.all([...inFlight, deps.computer?.stop()]);
    },
  };
}

/**
 * The worker as the service runs it, its jobs wired here once for both processes that run one
 * (`npm start` unless WORKER=off, src/main.ts; `npm run worker`, src/cli/worker.ts): besides
 * reminders, overdue notices, digests and emails, the rulebook bot's moves a crash or a restart
 * left waiting, games ended by abandonment, games a deletion left in progress, and the computer's
 * moves on `config.computerThreads` search threads (none when 0: another process makes them).
 * Needs the service's context (the bot's and the computer's moves are changes like a person's).
 */
export function createServiceWorker(services: ServiceContext, transport: MailTransport, logger: Logger, options?: WorkerOptions): Worker {
  const bots = () => runDueBots(services, (gameId, err) => logger.error({ err, gameId }, 'the bot could not move; retrying next round'));
  const abandonments = () => runAbandonments(services, (gameId, err) => logger.error({ err, gameId }, 'could not end an abandoned game; retrying next round'));
  // Games a deletion left in progress (a crash between the erasure and its resignations).
  const deletions = () => resignForDeletedPlayers(services, (gameId, err) => logger.error({ err, gameId }, 'a deleted player\'s game could not be resigned; retrying next round'));
  const { config } = services;
  const computer = startComputer(services, { threads: config.computerThreads, memoryMb: config.computerThreadMemoryMb }) ?? undefined;
  logger.info({ threads: computer?.pool.size ?? 0 }, computer ? 'the computer opponent thinks on this process\'s search threads' : 'COMPUTER_THREADS=0: this process makes no computer moves');
  return createWorker({
    prisma: services.prisma,
    clock: services.clock,
    config,
    transport,
    logger,
    bots: async () => (await bots()) + (await deletions()),
    abandonments,
    challenges: () => expireChallenges(services),
    ...(computer && { computer }),
    ...(options && { options }),
  });
}
