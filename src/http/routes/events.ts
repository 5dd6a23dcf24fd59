// Server-Sent Events: `event: version` whenever a game's version changes. The data is only
// {id, version}; clients then GET the game for their own view. Listeners are told of changes
// made through any instance sharing the database (src/app/events.ts).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../app/errors.js';
import type { GameEvent } from '../../app/events.js';
import { watchGame } from '../../app/games.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

const PING_MS = 25_000;

export const eventRoutes: FastifyPluginAsync<{ api: OpenApi; pingMs?: number }> = async (app, { api, pingMs = PING_MS }) => {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them when the server closes, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  // Streams open now, per user and per client address: each holds a connection (a file
  // descriptor) for as long as the client likes, so each has a cap (429 past it).
  const byUser = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const { perUser, perAddress } = app.services.security.eventStreams;
  const take = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const give = (m: Map<string, number>, k: string) => {
    const n = (m.get(k) ?? 1) - 1;
    if (n > 0) m.set(k, n);
    else m.delete(k);
  };

  app.route({
    ...operation(api, 'streamGameEvents'),
    handler: async (request, reply) => {
      const userId = userOf(request);
      const { id } = request.params as { id: string };
      const address = request.ip;
      if ((byUser.get(userId) ?? 0) >= perUser || (byAddress.get(address) ?? 0) >= perAddress) {
        reply.header('retry-after', '30');
        throw new AppError('rate_limited', `Too many event streams open at once (at most ${perUser} per account and ${perAddress} per address): close one first.`);
      }
      take(byUser, userId);
      take(byAddress, address);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        give(byUser, userId);
        give(byAddress, address);
      };
      let last = -1;
      const queued: GameEvent[] = [];
      let started = false;
      let end = () => {};
      const send = (e: GameEvent) => {
        if (!started) return void queued.push(e);
        if (reply.raw.writableEnded) return;
        if (e.cancelled) {
          // The game is gone: say so, and end the stream (a reconnection would get 404).
          reply.raw.write(`event: cancelled\ndata: ${JSON.stringify({ id, version: e.version, cancelled: true })}\n\n`);
          return end();
        }
        if (e.version <= last) return;
        last = e.version;
        reply.raw.write(`event: version\nid: ${e.version}\ndata: ${JSON.stringify({ id, version: e.version })}\n\n`);
      };
      // Subscribe before reading the version, so that no change falls between the two.
      const unsubscribe = app.services.events.subscribe(id, send);
      let version: number;
      try {
        version = await watchGame(app.services, userId, id);
      } catch (err) {
        unsubscribe();
        release();
        throw err;
      }
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
      end = () => {
        clearInterval(ping);
        unsubscribe();
        release();
        open.delete(end);
        if (!reply.raw.writableEnded) reply.raw.end();
      };
      open.add(end);
      request.raw.on('close', end);
      reply.raw.on('close', end);
      started = true;
      send({ id, version });
      for (const e of queued) send(e);
    },
  });
};
