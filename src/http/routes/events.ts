// Server-Sent Events: `event: version` whenever a game's version changes. The data is only
// {id, version}; clients then GET the game for their own view. Listeners are told of changes
// made through any instance sharing the database (src/app/events.ts).
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { GameEvent } from '../../app/events.js';
import { watchGame } from '../../app/games.js';
import { enterPresence, type Presence } from '../../app/presence.js';
import { userOf } from '../auth.js';
import { operation, type OpenApi } from '../openapi.js';

const PING_MS = 25_000;

export const eventRoutes: FastifyPluginAsync<{ api: OpenApi; pingMs?: number }> = async (app, { api, pingMs = PING_MS }) => {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them when the server closes, or it would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.route({
    ...operation(api, 'streamGameEvents'),
    handler: async (request, reply) => {
      const userId = userOf(request);
      const { id } = request.params as { id: string };
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
      const ping = setInterval(() => {
        reply.raw.write(': ping\n\n');
        presence?.refresh().catch(presenceFailed);
      }, pingMs);
      ping.unref();
      end = () => {
        clearInterval(ping);
        presence?.leave().catch(presenceFailed);
        presence = undefined;
        unsubscribe();
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
