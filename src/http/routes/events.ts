// Server-Sent Events. A game's stream: `event: version` whenever the game's version changes,
// with only {id, version}; clients then GET the game for their own view. A user's stream
// (/v1/me/events): `event: game` whenever any of their games changes, with its id, version,
// status and pending roles, for a home page. Listeners are told of changes made through any
// instance sharing the database (src/app/events.ts).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { GameEvent } from '../../app/events.js';
import { watchGame } from '../../app/games.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

const PING_MS = 25_000;

interface Stream {
  write(event: string, data: object, id?: number): void;
  end(): void;
}

export const eventRoutes: FastifyPluginAsync<{ api: OpenApi; pingMs?: number }> = async (app, { api, pingMs = PING_MS }) => {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them when the server closes, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  /** Takes over the response as an event stream; `unsubscribe` runs when it ends, whoever ends it. */
  function startStream(request: FastifyRequest, reply: FastifyReply, unsubscribe: () => void): Stream {
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
    const ping = setInterval(() => reply.raw.write(': ping\n\n'), pingMs);
    ping.unref();
    const end = () => {
      clearInterval(ping);
      unsubscribe();
      open.delete(end);
      if (!reply.raw.writableEnded) reply.raw.end();
    };
    open.add(end);
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
      let last = -1;
      const queued: GameEvent[] = [];
      let stream: Stream | undefined;
      const send = (e: GameEvent) => {
        if (!stream) return void queued.push(e);
        if (e.cancelled) {
          // The game is gone: say so, and end the stream (a reconnection would get 404).
          stream.write('cancelled', { id, version: e.version, cancelled: true });
          return stream.end();
        }
        if (e.version <= last) return;
        last = e.version;
        stream.write('version', { id, version: e.version }, e.version);
      };
      // Subscribe before reading the version, so that no change falls between the two.
      const unsubscribe = app.services.events.subscribe(id, send);
      let version: number;
      try {
        version = await watchGame(app.services, userId, id);
      } catch (err) {
        unsubscribe();
        throw err;
      }
      stream = startStream(request, reply, unsubscribe);
      send({ id, version });
      for (const e of queued) send(e);
    },
  });

  app.route({
    ...operation(api, 'streamMyEvents'),
    handler: async (request, reply) => {
      const userId = userOf(request);
      // Versions already told, per game, so an event that arrives late never steps a game back.
      const told = new Map<string, number>();
      let stream: Stream | undefined = undefined;
      const unsubscribe = app.services.events.subscribeAll((e) => {
        if (!stream || !e.users?.includes(userId)) return;
        if (e.cancelled) {
          told.delete(e.id);
          return stream.write('game', { id: e.id, version: e.version, status: 'cancelled', pending: [] });
        }
        if (e.version <= (told.get(e.id) ?? -1) || !e.status) return;
        told.set(e.id, e.version);
        stream.write('game', { id: e.id, version: e.version, status: e.status, pending: e.pending ?? [] });
      });
      stream = startStream(request, reply, unsubscribe);
      // From here on every change of my games is sent: a client reads its games after this.
      stream.write('ready', {});
    },
  });
};
