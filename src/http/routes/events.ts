// Server-Sent Events. A game's stream: `event: version` whenever the game's version changes,
// with only {id, version}; clients then GET the game for their own view. Its players also hear
// `event: message` {id, seq} when a message is written (src/app/messages/; watchers too once a
// public game is over) and `event: rematch` {id, rematch} when a rematch is offered, accepted,
// declined or withdrawn; in a game against the computer, `event: thinking` {id, version, role}
// when the computer starts deciding a move, and `event: queued` {id, version, role, position}
// while its move waits in the computer's queue (position 1: the next search). None changes the game's version, so none carries an
// SSE id. A user's stream
// (/v1/me/events): `event: game` whenever any of their games changes, with its id, version,
// status and pending roles, for a home page; `message` {id, seq} when another player writes in
// one of them and `messagesRead` {id, seq} when the user read one's messages (for the unread
// counts of their pages); and `challenge`, `challengeCanceled`,
// `challengeDeclined` with the challenge as the user sees it (src/app/challenges/), for a bot. Listeners are told of changes made through any
// instance sharing the database (src/app/events.ts).
//
// A stream lasts no longer than the token it was opened with: it ends when the token expires (a
// timer to its `exp`), and when it is revoked (signed out on this device or everywhere, a
// password changed or reset) through any instance: at once when the revocation is announced on
// the shared channel, and at the latest at the next keep-alive ping, which checks the token
// again as a request would (a lost announcement, a deleted account).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../app/errors.js';
import { tokenStands, type TokenClaims } from '../../app/accounts/accounts.js';
import type { GameEvent, Revocation } from '../../app/events.js';
import { watchGame } from '../../app/games/games.js';
import { getChallenge } from '../../app/challenges/challenges.js';
import { enterPresence, type Presence } from '../../app/notify/presence.js';
import { tokenOf, userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

const PING_MS = 25_000;
// setTimeout's longest delay (about 24.8 days; a token lives 30): longer waits are chained.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Does this revocation revoke this token? */
const revokes = (r: Revocation, token: TokenClaims) =>
  r.userId === token.userId && (r.tokenId === token.tokenId || (r.generation !== undefined && token.generation < r.generation));

interface Stream {
  write(event: string, data: object, id?: number): void;
  end(): void;
}

export const eventRoutes: FastifyPluginAsync<{ api: OpenApi; pingMs?: number }> = async (app, { api, pingMs = PING_MS }) => {
  // Each open stream's end, with the token it was opened with.
  const open = new Map<() => void, TokenClaims>();
  // Streams never end by themselves: end them when the server closes, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open.keys()]) end();
  });
  // A revoked token's streams end at once (revocations made through any instance).
  const stopHearing = app.services.events.subscribeRevocations((r) => {
    for (const [end, token] of [...open]) if (revokes(r, token)) end();
  });
  app.addHook('onClose', async () => stopHearing());

  // Streams open now, per user and per client address: each holds a connection (a file
  // descriptor) for as long as the client likes, so each has a cap (429 past it), counted over
  // both kinds of stream.
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const { perUser, perAddress } = app.services.security.eventStreams;
  const take = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const give = (m: Map<string, number>, k: string) => {
    const n = (m.get(k) ?? 1) - 1;
    if (n > 0) m.set(k, n);
    else m.delete(k);
  };

  /** Counts a stream against its user's and address's caps; returns its release (idempotent). */
  function admit(request: FastifyRequest, reply: FastifyReply, userId: string): () => void {
    const address = request.ip;
    if ((byUser.get(userId) ?? 0) >= perUser || (byAddress.get(address) ?? 0) >= perAddress) {
      reply.header('retry-after', '30');
      throw new AppError('rate_limited', `Too many event streams open at once (at most ${perUser} per account and ${perAddress} per address): close one first.`);
    }
    take(byUser, userId);
    take(byAddress, address);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      give(byUser, userId);
      give(byAddress, address);
    };
  }

  /**
   * Takes over the response as an event stream; `unsubscribe` runs when it ends, whoever ends it,
   * and `onPing` with each keep-alive ping. It ends when its token expires or is revoked.
   */
  function startStream(request: FastifyRequest, reply: FastifyReply, unsubscribe: () => void, onPing?: () => void): Stream {
    const token = tokenOf(request);
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders), // those set by hooks (CORS)
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    reply.raw.write('retry: 5000\n\n');
    let expiry: NodeJS.Timeout | undefined;
    const expireIn = (ms: number) => {
      expiry = setTimeout(() => (ms > MAX_TIMER_MS ? expireIn(ms - MAX_TIMER_MS) : end()), Math.min(ms, MAX_TIMER_MS));
      expiry.unref();
    };
    const ping = setInterval(() => {
      reply.raw.write(': ping\n\n');
      onPing?.();
      // A revocation whose announcement this instance missed: the token is checked as a request's is.
      tokenStands(app.services, token).then(
        (stands) => stands !== 'ok' && end(),
        (err) => request.log.warn({ err }, 'could not check the token of an event stream'),
      );
    }, pingMs);
    ping.unref();
    const end = () => {
      clearInterval(ping);
      clearTimeout(expiry);
      unsubscribe();
      open.delete(end);
      if (!reply.raw.writableEnded) reply.raw.end();
    };
    open.set(end, token);
    expireIn(token.expiresAt.getTime() - app.clock.now().getTime());
    request.raw.on('close', end);
    reply.raw.on('close', end);
    return {
      write(event, data, id) {
        if (reply.raw.writableEnded) return;
        reply.raw.write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`);
      },
      end,
    };
  }

  app.route({
    ...operation(api, 'streamGameEvents'),
    handler: async (request, reply) => {
      const userId = userOf(request);
      const { id } = request.params as { id: string };
      const release = admit(request, reply, userId);
      let last = -1;
      const queued: GameEvent[] = [];
      let stream: Stream | undefined;
      const send = (e: GameEvent) => {
        if (!stream) return void queued.push(e);
        // A message, or a rematch offered: not a change of the game, and for its players only
        // (a message also for watchers of a public game that is over).
        if (e.message !== undefined) {
          if (e.everyone || e.users?.includes(userId)) stream.write('message', { id, seq: e.message });
          return;
        }
        if (e.rematch !== undefined) {
          if (e.users?.includes(userId)) stream.write('rematch', { id, rematch: e.rematch });
          return;
        }
        // A player's reading of the messages: for their own stream only.
        if (e.read !== undefined) return;
        if (e.cancelled) {
          // The game is gone: say so, and end the stream (a reconnection would get 404).
          stream.write('cancelled', { id, version: e.version, cancelled: true });
          return stream.end();
        }
        if (e.queued !== undefined) {
          // The computer's move waits in its queue at this place (1: next); not a change either.
          if (e.version >= last) stream.write('queued', { id, version: e.version, role: e.computer, position: e.queued });
          return;
        }
        if (e.thinking !== undefined) {
          // The computer started deciding at this version (not a change: the move's own event follows).
          if (e.version >= last) stream.write('thinking', { id, version: e.version, role: e.thinking });
          return;
        }
        if (e.version <= last) return;
        last = e.version;
        stream.write('version', { id, version: e.version }, e.version);
      };
      // Subscribe before reading the version, so that no change falls between the two.
      const unsubscribe = app.services.events.subscribe(id, send);
      const stop = () => {
        unsubscribe();
        release();
      };
      let version: number;
      try {
        version = await watchGame(app.services, userId, id);
      } catch (err) {
        stop();
        throw err;
      }
      // The player is watching: the mail worker holds their "your move" emails a few minutes.
      let presence: Presence | undefined;
      try {
        presence = await enterPresence(app.services, userId, id);
      } catch (err) {
        request.log.warn({ err }, 'could not record presence; emails are not held');
      }
      const presenceFailed = (err: unknown) => request.log.warn({ err }, 'could not update presence');
      stream = startStream(
        request,
        reply,
        () => {
          presence?.leave().catch(presenceFailed);
          presence = undefined;
          stop();
        },
        () => presence?.refresh().catch(presenceFailed),
      );
      send({ id, version });
      for (const e of queued) send(e);
    },
  });

  app.route({
    ...operation(api, 'streamMyEvents'),
    handler: async (request, reply) => {
      const userId = userOf(request);
      const release = admit(request, reply, userId);
      // Versions already told, per game, so an event that arrives late never steps a game back.
      const told = new Map<string, number>();
      let stream: Stream | undefined = undefined;
      const unsubscribe = app.services.events.subscribeAll((e) => {
        if (!stream || !e.users?.includes(userId)) return;
        if (e.challenge) {
          // Sent as the user sees it now (read once per stream that is told).
          const s = stream;
          getChallenge(app.services, userId, e.id).then(
            (c) => s.write(e.challenge!, c),
            (err) => request.log.warn({ err, challengeId: e.id }, 'could not read a challenge for an event stream'),
          );
          return;
        }
        // A message, for the players but its author; the user's own reading, for their other pages.
        if (e.message !== undefined) {
          if (e.author !== userId) stream.write('message', { id: e.id, seq: e.message });
          return;
        }
        if (e.read !== undefined) return stream.write('messagesRead', { id: e.id, seq: e.read });
        if (e.cancelled) {
          told.delete(e.id);
          return stream.write('game', { id: e.id, version: e.version, status: 'cancelled', pending: [] });
        }
        if (e.version <= (told.get(e.id) ?? -1) || !e.status) return;
        told.set(e.id, e.version);
        stream.write('game', { id: e.id, version: e.version, status: e.status, pending: e.pending ?? [] });
      });
      stream = startStream(request, reply, () => {
        unsubscribe();
        release();
      });
      // From here on every change of my games is sent: a client reads its games after this.
      stream.write('ready', {});
    },
  });
};
