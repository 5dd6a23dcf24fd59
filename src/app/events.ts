// "Game X is now at version N": published after each committed change, consumed by the
// Server-Sent Events routes: a game's stream (by game id) and each user's stream of all their
// games (subscribeAll, filtered by `users`). The message carries nothing hidden: the game id and
// version, and for the users' streams its status, pending roles and players' user ids, all of
// which every player of the game may read in the game itself.
//
// inProcessEvents() reaches the listeners connected to this process only (enough for one
// process, and for tests). sharedEvents() adds a channel that every instance sharing the
// database listens to (Postgres LISTEN/NOTIFY, src/store/notify-channel.ts), so a listener on
// one instance hears of a change made through another.
//
// The same channel carries revocations of access tokens (a sign-out on one device, everywhere,
// a password changed or reset): every instance then refuses the tokens at once and ends their
// event streams (routes/events.ts). They carry a user id, a token id and a generation: nothing
// a token could be made from.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

export interface GameEvent {
  id: string;
  version: number;
  /** The game was cancelled (deleted) before it started: listeners' streams end. */
  cancelled?: true;
  /** The users seated in the game: whose /v1/me/events streams are told. */
  users?: string[];
  status?: EventStatus;
  /** Roles that must act now. */
  pending?: string[];
  /** The role the computer opponent plays in this game (a game against the computer). */
  computer?: string;
  /**
   * The computer has started deciding this role's move at `version` (not a change: the game's
   * stream tells it as a `thinking` event; the move's own event follows when it lands).
   */
  thinking?: string;
  /**
   * Not a change either: the computer's move in this game waits in the computer's queue, with this
   * place (1: the next search; src/app/computer/fair-queue.ts). The game's stream tells it as a
   * `queued` event.
   */
  queued?: number;
  /**
   * Not a change of the game (its version is 0 and means nothing): a message was written, with
   * this number (src/app/messages/), for `users` (its players), or for anyone watching with
   * `everyone` (a public game that is over).
   */
  message?: number;
  /** With `message`: its author's user id (their own stream is not told of it). */
  author?: string;
  /**
   * Not a change of the game either: the one user of `users` has read its messages up to this
   * number (src/app/messages/), told on their own stream only, for their other pages.
   */
  read?: number;
  everyone?: true;
  /** Not a change of the game either: a rematch of it was offered, this game (told to `users`). */
  rematch?: string;
  /**
   * Not a game at all: `id` is a challenge's (src/app/challenges/), and this is what happened to
   * it, told to `users` on their own streams (/v1/me/events), which send the challenge as each
   * sees it.
   */
  challenge?: ChallengeEventKind;
}

export type ChallengeEventKind = 'challenge' | 'challengeCanceled' | 'challengeDeclined';
const CHALLENGE_EVENTS: readonly unknown[] = ['challenge', 'challengeCanceled', 'challengeDeclined'] satisfies ChallengeEventKind[];

export type EventStatus = 'open' | 'active' | 'finished';

/** Access tokens that stop working: one (`tokenId`), or every one of the user's below `generation`. */
export interface Revocation {
  userId: string;
  tokenId?: string;
  /** The user's token generation now: tokens of an older one are revoked. */
  generation?: number;
}
const STATUSES: readonly unknown[] = ['open', 'active', 'finished'] satisfies EventStatus[];

export interface GameEvents {
  /** Tells this process's listeners, and the other instances' unless `announced` already did. */
  publish(event: GameEvent, o?: { announced?: boolean }): void;
  /**
   * With shared events: the NOTIFY that a change's own transaction sends for its event (the
   * other instances hear it at commit, with no transaction of its own); the change then
   * publishes the event with `announced`.
   */
  announcement?(event: GameEvent): { channel: string; payload: string };
  /** Calls listener for every later event of that game; returns the unsubscribe function. */
  subscribe(gameId: string, listener: (event: GameEvent) => void): () => void;
  /** Calls listener for every later event of every game (the per-user streams filter them). */
  subscribeAll(listener: (event: GameEvent) => void): () => void;
  /** Number of listeners (of one game, or all including subscribeAll's), for tests and metrics. */
  listenerCount(gameId?: string): number;
  /** Tells this process's revocation listeners, and the other instances'. */
  publishRevocation(revocation: Revocation): void;
  /** Calls listener for every later revocation; returns the unsubscribe function. */
  subscribeRevocations(listener: (revocation: Revocation) => void): () => void;
}

// Every game's events are also emitted under this name, which no game id can take.
const ALL = Symbol('every game');
const REVOKED = Symbol('revocations');

export function inProcessEvents(): GameEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let total = 0;
  const subscribe = (name: string | symbol, listener: (event: GameEvent) => void) => {
    emitter.on(name, listener);
    total++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      total--;
      emitter.off(name, listener);
    };
  };
  return {
    publish(event) {
      emitter.emit(event.id, event);
      emitter.emit(ALL, event);
    },
    subscribe: (gameId, listener) => subscribe(gameId, listener),
    subscribeAll: (listener) => subscribe(ALL, listener),
    listenerCount: (gameId) => (gameId === undefined ? total : emitter.listenerCount(gameId)),
    publishRevocation(revocation) {
      emitter.emit(REVOKED, revocation);
    },
    subscribeRevocations(listener) {
      emitter.on(REVOKED, listener);
      return () => void emitter.off(REVOKED, listener);
    },
  };
}

/** What this process holds of games (recent-states.ts): forgotten when another instance changes them. */
export interface HeldGames {
  forget(gameId: string, version: number): void;
}

/** A channel every instance receives (its own messages included). */
export interface Channel {
  /** The channel's name, for a NOTIFY sent by a transaction of the application's own. */
  readonly name: string;
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Events shared by every instance through a channel. An event is delivered to this process's
 * listeners at once and sent on the channel for the others (this process skips its own copy).
 * A lost message costs a listener one prompt: its next event, or its own GET, shows the version.
 * A change heard from another instance also makes this process forget what it holds of the game
 * (`states`) if that is older: it is out of date (a lost message only costs the check that finds
 * it so).
 */
export async function sharedEvents(
  connect: (onMessage: (payload: string) => void) => Promise<Channel>,
  onError: (err: unknown) => void,
  states: HeldGames,
): Promise<GameEvents & { close(): Promise<void> }> {
  const local = inProcessEvents();
  const origin = randomUUID();
  // The origin first, so that a payload of this instance's is told by its start.
  const mine = `{"origin":${JSON.stringify(origin)},`;
  const payloadOf = (event: GameEvent) => JSON.stringify({ origin, ...event });
  const channel = await connect((payload) => {
    // This instance's own changes come back too (told already): known by their first member,
    // without parsing them.
    if (payload.startsWith(mine)) return;
    const r = parseRevocation(payload);
    if (r) return void (r.origin !== origin && local.publishRevocation(r.revocation));
    const e = parseEvent(payload);
    if (!e || e.origin === origin) return;
    states.forget(e.event.id, e.event.cancelled ? Number.POSITIVE_INFINITY : e.event.version);
    local.publish(e.event);
  });
  return {
    publish(event, o) {
      local.publish(event);
      if (!o?.announced) channel.notify(payloadOf(event)).catch(onError);
    },
    announcement: (event) => ({ channel: channel.name, payload: payloadOf(event) }),
    subscribe: local.subscribe,
    subscribeAll: local.subscribeAll,
    listenerCount: local.listenerCount,
    publishRevocation(revocation) {
      local.publishRevocation(revocation);
      channel.notify(JSON.stringify({ origin, revocation })).catch(onError);
    },
    subscribeRevocations: local.subscribeRevocations,
    close: () => channel.close(),
  };
}

// A revocation another instance sent, checked: a user id, and a token id or a generation.
function parseRevocation(payload: string): { revocation: Revocation; origin: unknown } | null {
  if (!payload.includes('"revocation"')) return null;
  let m: unknown;
  try {
    m = JSON.parse(payload);
  } catch {
    return null;
  }
  const { revocation, origin } = (m ?? {}) as { revocation?: Record<string, unknown>; origin?: unknown };
  if (typeof revocation !== 'object' || revocation === null || typeof revocation.userId !== 'string') return null;
  const { userId, tokenId, generation } = revocation;
  const hasToken = typeof tokenId === 'string' && tokenId.length <= 128;
  const hasGeneration = Number.isSafeInteger(generation);
  if (!hasToken && !hasGeneration) return null;
  return { revocation: { userId, ...(hasToken && { tokenId: tokenId as string }), ...(hasGeneration && { generation: generation as number }) }, origin };
}

// What another instance sent, checked: only a game id, a version, the cancelled flag, the users,
// status and pending roles, a message's number and author or a reading's, a rematch's id, the
// computer's role and whether it is thinking or its place in its queue (well-formed) pass.
function parseEvent(payload: string): { event: GameEvent; origin: unknown } | null {
  let m: unknown;
  try {
    m = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof m !== 'object' || m === null) return null;
  const { id, version, cancelled, users, status, pending, computer, thinking, queued, origin, message, author, read, everyone, rematch, challenge } = m as Record<string, unknown>;
  if (typeof id !== 'string' || !Number.isSafeInteger(version) || (version as number) < 0) return null;
  return {
    event: {
      id,
      version: version as number,
      ...(cancelled === true && { cancelled: true }),
      ...(Number.isSafeInteger(message) && (message as number) > 0 && { message: message as number }),
      ...(typeof author === 'string' && author.length <= 64 && { author }),
      ...(Number.isSafeInteger(read) && (read as number) > 0 && { read: read as number }),
      ...(everyone === true && { everyone: true }),
      ...(typeof rematch === 'string' && rematch.length <= 64 && { rematch }),
      ...(CHALLENGE_EVENTS.includes(challenge) && { challenge: challenge as ChallengeEventKind }),
      ...(strings(users) && { users }),
      ...(STATUSES.includes(status) && { status: status as EventStatus }),
      ...(strings(pending) && { pending }),
      ...(role(computer) && { computer }),
      ...(role(thinking) && { thinking }),
      ...(Number.isSafeInteger(queued) && (queued as number) > 0 && { queued: queued as number }),
    },
    origin,
  };
}

function role(x: unknown): x is string {
  return typeof x === 'string' && x.length > 0 && x.length <= 64;
}

function strings(x: unknown): x is string[] {
  return Array.isArray(x) && x.length <= 16 && x.every((v) => typeof v === 'string');
}
